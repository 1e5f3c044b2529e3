#!/usr/bin/env node
// Tiny launcher: answers `--version` by itself, then runs the bundle
// (dist/svc.js, one script: see scripts/build.mjs) compiled with V8's code cache.
// A CommonJS script (bin/package.json says so): node starts one without its ES module loader, ~5 ms sooner.
'use strict';
const { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, writeSync } =
  process.getBuiltinModule('node:fs');
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
  // Node 22.1+: keep compiled code of the vendored packages between runs (the bundle has its own cache, below).
  const caching = process.env.CI !== 'true';
  if (caching && typeof nodeModule.enableCompileCache === 'function') {
    try {
      nodeModule.enableCompileCache();
    } catch {
      // A read-only cache directory only costs speed.
    }
  }

  const bundleFile = join(__dirname, '..', 'dist', 'svc.js');
  // Pure ASCII (esbuild escapes the rest), so latin1 reads it exactly, and faster than UTF-8 decoding.
  const source = readFileSync(bundleFile, 'latin1');
  // The build's content hash, on the bundle's first line: V8 checks only a cached script's length against its source,
  // so every cache is named after the very bundle it was made from.
  const build = /^\/\/ svc build ([0-9a-f]+)/.exec(source)?.[1];
  const cacheFile = caching && build ? codeCacheFile(bundleFile, build, args) : undefined;
  let cachedData;
  try {
    if (cacheFile) cachedData = readFileSync(cacheFile);
  } catch {
    // None yet (or unreadable): compiled from source, and cached once the command is done.
  }
  // In CI, where no cache is kept, the build's (scripts/code-cache.cjs): the whole bundle compiled once at build time, as
  // Node's single executables do (useCodeCache). It spares every run parsing the bundle and compiling what it runs
  // (~40 ms of `svc tx list`). Elsewhere a command's own cache, made by its first run, holds only what it runs and loads
  // faster (`svc config path`: ~12 ms less CPU than with the whole bundle's). V8 refuses a cache from another Node.
  if (cachedData === undefined && build && !cacheFile) {
    try {
      cachedData = readFileSync(join(dirname(bundleFile), `svc-${build}.code-cache`));
    } catch {
      // A build without one (or an unreadable file): compiled from source.
    }
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
  const exitCode = await bundle.exports.main(process.argv);
  // After the command, so the cache holds every function it compiled (its own code, node's HTTP client, ...), not just the top level.
  if (cacheFile && (cachedData === undefined || script.cachedDataRejected)) {
    saveCodeCache(cacheFile, script.createCachedData());
  }
  return exitCode;
}

/**
 * Where the compiled bundle is kept for this command: the user's cache directory (never a shared temporary one, whose
 * files another user could plant), one file per build, Node and command. V8 refuses a cache made by another V8 or
 * other flags, but checks only the source's length against it: the build's content hash (first line of the bundle)
 * and the file's mtime make sure a cache is only ever used for the very bundle it came from. Per command, because
 * a cache holds what its command compiled: `svc config path`'s would leave `svc tx list` compiling its transport each time.
 */
function codeCacheFile(bundleFile, build, args) {
  const home = process.env.HOME ?? process.env.USERPROFILE;
  const base =
    process.env.XDG_CACHE_HOME ||
    (process.platform === 'win32'
      ? process.env.LOCALAPPDATA
      : home && join(home, process.platform === 'darwin' ? 'Library/Caches' : '.cache'));
  if (!base) return undefined;
  const mtime = Math.trunc(statSync(bundleFile).mtimeMs);
  return join(base, 'svc', 'code-cache', `${build}-${mtime}-${process.versions.v8}-${process.arch}-${commandWords(args)}.bin`);
}

/** The command's name, as its first two words (`tx-list`), skipping the global options and their values. */
function commandWords(args) {
  const words = [];
  for (let i = 0; i < args.length && words.length < 2; i++) {
    const arg = args[i];
    // The program's options that take a value, as src/cli.ts declares them (this launcher loads none of the CLI to
    // read them; test/unit/command-loading.test.ts keeps the two the same).
    if (/^--(base-url|profile|timeout|retries)$/.test(arg)) i++;
    else if (arg.startsWith('-')) continue;
    else if (/^[a-z][a-z-]{0,30}$/.test(arg)) words.push(arg);
    else break;
  }
  return words.join('-') || 'none';
}

/** Writes the cache whole (another svc may be reading it) and drops those of other builds. Failures only cost speed. */
function saveCodeCache(cacheFile, data) {
  try {
    const directory = dirname(cacheFile);
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(temporary, data, { mode: 0o600 });
    renameSync(temporary, cacheFile);
    const build = cacheFile.slice(directory.length + 1).split('-', 1)[0];
    for (const name of readdirSync(directory)) {
      const file = join(directory, name);
      if (!name.startsWith(`${build}-`) && Date.now() - statSync(file).mtimeMs > 60_000) {
        rmSync(file, { force: true });
      }
    }
  } catch {
    // A read-only or full cache directory: the next run compiles from source again.
  }
}
