#!/usr/bin/env node
// Tiny launcher: answers `--version` by itself (without loading the CLI), then runs the bundle (dist/svc.js, one script:
// see scripts/build.mjs) with the code cache the build made for it.
// A CommonJS script (bin/package.json says so): node starts one without its ES module loader, ~5 ms sooner.
'use strict';
const { readFileSync, writeSync } = process.getBuiltinModule('node:fs');
const { dirname, join } = process.getBuiltinModule('node:path');
const { pathToFileURL } = process.getBuiltinModule('node:url');

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  // What commander would print, without loading it (or creating process.stdout).
  const { version } = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8'));
  try {
    writeSync(1, `${version}\n`);
  } catch (error) {
    // The reader left (`svc --version | true`): nothing to say. Any other failure (a full disk) is one, as in the CLI.
    if (error.code !== 'EPIPE') {
      try {
        writeSync(2, `svc: cannot write to stdout: ${error.message.replace(/^(\w+): (.*?)(, \w+)?$/, '$2 ($1)')}\n`);
      } catch {
        // stderr is gone too: the exit code still tells.
      }
      process.exitCode = 1;
    }
  }
} else {
  runBundle().then((exitCode) => {
    process.exitCode = exitCode;
  });
}

async function runBundle() {
  const nodeModule = process.getBuiltinModule('node:module');
  const { Script } = process.getBuiltinModule('node:vm');
  // Node 22.1+: keep compiled code of the vendored packages between runs (the bundle has its own cache, below); not in
  // CI, where nothing is kept between runs.
  if (process.env.CI !== 'true' && typeof nodeModule.enableCompileCache === 'function') {
    try {
      nodeModule.enableCompileCache();
    } catch {
      // A read-only cache directory only costs speed.
    }
  }

  const bundleFile = join(__dirname, '..', 'dist', 'svc.js');
  // Pure ASCII (esbuild escapes the rest), so latin1 reads it exactly, and faster than UTF-8 decoding.
  const source = readFileSync(bundleFile, 'latin1');
  // The bundle's code cache, made by the build (scripts/code-cache.cjs): the whole bundle compiled once, as Node's single
  // executables do (useCodeCache), which spares every run parsing the bundle and compiling what it runs (npm run bench:
  // a cold `svc tx list` ~11% less CPU). Named after the build's content hash, on the bundle's first line: V8 checks
  // only a cached script's length against its source. It refuses a cache from another Node (compiled from source then).
  const build = /^\/\/ svc build ([0-9a-f]+)/.exec(source)?.[1];
  let cachedData;
  try {
    if (build) cachedData = readFileSync(join(dirname(bundleFile), `svc-${build}.code-cache`));
  } catch {
    // A build without one (or an unreadable file): compiled from source.
  }
  // The file is one function expression (exports, require, module, __filename, __dirname, its file URL).
  const script = new Script(source, { filename: bundleFile, cachedData });
  const bundle = { exports: {} };
  script
    .runInThisContext()
    .call(
      bundle.exports,
      bundle.exports,
      nodeModule.createRequire(bundleFile),
      bundle,
      bundleFile,
      dirname(bundleFile),
      pathToFileURL(bundleFile).href,
    );
  return bundle.exports.main(process.argv);
}
