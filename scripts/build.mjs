// The build: esbuild transpiles src/ file by file into dist/ (modules others import: the emulator for the benchmarks,
// completion/generate), then bundles the CLI into one CommonJS script, dist/svc.js, which bin/svc.js compiles with
// V8's code cache. Type-checking is npm run lint's (tsc over src and test, with isolatedModules so that what a file-by-
// file transpiler cannot do is refused there), which .ci/run runs: the build, run by every npm test, no longer spends
// ~9 s (15 CPU-s here) checking types a second time. About the bundle:
// - one file: no module resolution at start-up (Node 20's ES module loader spent ~15% of `svc tx list` resolving,
//   reading and linking the ~20 chunks of a split build);
// - a script compiled by bin/svc.js through vm.Script: the only way to reuse compiled code on Node 20, which has no
//   compile cache for modules (module.enableCompileCache came in 22.1). The file is one function expression taking
//   what a CommonJS module gets (exports, require, module, __filename, __dirname) and its own file URL, so the
//   launcher compiles the file's text as read, without copying half a megabyte into a wrapper;
// - still lazy: what a command imports with import() is bundled as a function that runs on first use, so start-up
//   runs commander and our small modules only (test/unit/bundle.test.ts);
// - big third-party packages no common command runs at start (conf with ajv, ora, cli-table3, proper-lockfile, and
//   jq-web, jq built to WebAssembly, for --jq) stay out of it, each in dist/svc-vendor-<name>.cjs, required when used:
//   the less source, the less to read and cache.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { resolve as resolvePath } from 'node:path';

const require = createRequire(import.meta.url);
process.chdir(fileURLToPath(new URL('..', import.meta.url)));
const dist = new URL('../dist/', import.meta.url);
// From an empty dist/: a file an older build made and this one no longer does (a part, a parser) must not linger there.
rmSync('dist', { recursive: true, force: true });

const INSPECTOR_PAGE = 'src/emulator/inspector/page';

// src/ as ES modules under dist/, one file each, as tsc would emit them (the imports already name .js files); the
// inspector page's modules are the browser's, bundled below.
const sources = readdirSync('src', { recursive: true })
  .map(String)
  .map((name) => `src/${name}`)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts') && !name.startsWith(`${INSPECTOR_PAGE}/`));
await build({
  entryPoints: sources,
  outdir: 'dist',
  outbase: 'src',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
  // src/render/columns.ts calls require() only where there is one (the bundle, a CommonJS script).
  logOverride: { 'unsupported-require-call': 'silent' },
});
// The inspector's page files as served (its TypeScript bundled into app.js, by src/emulator/inspector/page-files.ts,
// just transpiled), beside its modules, where they read them from.
const { readPage } = await import('../dist/emulator/inspector/page-files.js');
const inspectorPageFiles = readPage(pathToFileURL(`${INSPECTOR_PAGE}/`));
mkdirSync('dist/emulator/inspector/page', { recursive: true });
for (const [name, body] of inspectorPageFiles) writeFileSync(`dist/emulator/inspector/page/${name}`, body);

/** What the bundle's function takes: a CommonJS module's parameters, and the bundle's file URL (import.meta.url). */
const BUNDLE_PARAMETERS = 'exports, require, module, __filename, __dirname, __svcModuleUrl';

/** Packages bundled on their own (see above); the CLI requires dist/svc-vendor-<name>.cjs instead. */
const VENDORED = ['conf', 'ora', 'cli-table3', 'proper-lockfile', 'jq-web'];
const vendorFile = (name) => `svc-vendor-${name}.cjs`;

/**
 * The redirection below (the inspector's page files) counts what it redirected: the build fails when
 * one redirected nothing (a module moved), instead of shipping a bundle that quietly carries, or misses, what it meant to.
 */
const redirected = new Map();
function counted(name, resolve) {
  redirected.set(name, 0);
  return (args) => {
    const result = resolve(args);
    if (result !== undefined) redirected.set(name, redirected.get(name) + 1);
    return result;
  };
}

/**
 * Parts of svc that only some commands run, each bundled on its own as dist/svc-part-<name>.cjs and required on first
 * use: the main bundle (read and compiled at every start) holds commander, the command tree and the hot paths, so it
 * grows with what `tx list` needs, not with the number of commands. The lint rules keep these parts to schema, evm and
 * signature (never errors, api or commands), so the copies of those small modules a part carries are safe: no class
 * crosses between a part and the CLI.
 */
const PARTS = {
  emulator: 'src/emulator/index.ts',
  receiver: 'src/receiver/index.ts',
  completion: 'src/completion/index.ts',
};
const partFile = (name) => `svc-part-${name}.cjs`;

const parts = {
  name: 'parts',
  setup(build) {
    build.onResolve({ filter: /\/index\.js$/ }, (args) => {
      for (const [name, entry] of Object.entries(PARTS)) {
        const folder = entry.slice(0, entry.lastIndexOf('/') + 1);
        const target = resolvePath(args.resolveDir, args.path).replace(/\.js$/, '.ts');
        if (target.endsWith(entry) && !args.importer.includes(folder)) return { path: `./${partFile(name)}`, external: true };
      }
      return undefined;
    });
  },
};

/**
 * The inspector's page files, held in the emulator's part: its module that reads them from page/ beside itself
 * (src/emulator/inspector/page-files.ts) becomes one that has them, so an installed svc looks for no file of the page.
 */
const resolveInspectorPage = counted('inspector page files', (args) =>
  args.importer.endsWith('src/emulator/inspector/routes.ts')
    ? { path: resolvePath(INSPECTOR_PAGE), namespace: 'inspector-page' }
    : undefined,
);
const inspectorPage = {
  name: 'inspector-page',
  setup(build) {
    build.onResolve({ filter: /^\.\/page-files\.js$/ }, resolveInspectorPage);
    build.onLoad({ filter: /.*/, namespace: 'inspector-page' }, () => {
      const files = [...inspectorPageFiles].map(([name, body]) => [name, body.toString('utf8')]);
      return {
        contents: `const files = new Map(${JSON.stringify(files)}.map(([name, text]) => [name, Buffer.from(text)]));\nexport function pageFiles() { return files; }`,
        loader: 'js',
      };
    });
  },
};

/** The CLI's imports of vendored packages, pointed at their own files (kept as require() calls). */
const vendored = {
  name: 'vendored',
  setup(build) {
    const names = new RegExp(`^(${VENDORED.join('|')})$`);
    build.onResolve({ filter: names }, (args) =>
      args.importer.includes('node_modules/') ? undefined : { path: `./${vendorFile(args.path)}`, external: true },
    );
  },
};

const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // import() becomes a require() run on first use (esbuild's lazy module wrappers): a script compiled by vm.Script
  // has no module loader for import(), and a bundled module needs none.
  supported: { 'dynamic-import': false },
  legalComments: 'none',
  // Without comments and blanks the bundle is ~30% smaller: less to read and keep at each start. Names stay, for
  // stack traces (--verbose).
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  metafile: true,
  write: false,
};

const [cli, ...others] = await Promise.all([
  build({
    ...common,
    plugins: [vendored, parts],
    entryPoints: { svc: 'src/cli.ts' },
    outdir: 'dist',
    // bin/svc.js passes the bundle's file URL: import.meta of an ES module has no meaning in a script.
    define: { 'import.meta.url': '__svcModuleUrl' },
  }),
  ...VENDORED.map((name) =>
    build({
      ...common,
      // The package's default export as module.exports: the CLI's `import x from 'name'` reads that, as Node does.
      stdin: {
        contents: `const m = require(${JSON.stringify(name)}); module.exports = m && m.__esModule ? m.default : m;`,
        resolveDir: '.',
        sourcefile: `vendor-${name}.cjs`,
      },
      outfile: `dist/${vendorFile(name)}`,
      // ESM-only packages (conf, ora) use import.meta.url for nothing the CLI runs (their own file paths).
      define: { 'import.meta.url': 'undefined' },
    }),
  ),
  ...Object.entries(PARTS).map(([name, entry]) =>
    build({
      ...common,
      entryPoints: [entry],
      outfile: `dist/${partFile(name)}`,
      plugins: name === 'emulator' ? [inspectorPage] : [],
      // A part is run by require(): import.meta means nothing there, and nothing in a part reads it at run time.
      define: { 'import.meta.url': 'undefined' },
    }),
  ),
]);
const vendors = others;
const unmatched = [...redirected].filter(([, count]) => count === 0).map(([name]) => name);
if (unmatched.length > 0) {
  throw new Error(
    `the build redirects modules it no longer finds (${unmatched.join(', ')}): a dependency moved them; update scripts/build.mjs for its version`,
  );
}

/**
 * Writes each output whole under a temporary name, then renames it: a CLI starting while the build runs reads the
 * old file or the new one, never half of one. The bundle's first line names a hash of its content, which bin/svc.js
 * keys its code cache with (V8 itself only checks a cached script's length), and the bundle is wrapped in its function.
 */
const written = new Set();
for (const result of [cli, ...vendors]) {
  for (const { path, contents } of result.outputFiles) {
    let bytes = contents;
    if (path.endsWith('/svc.js')) {
      // bin/svc.js reads the bundle as latin1, which is exact only for ASCII. esbuild escapes non-ASCII in strings but
      // not everywhere (a regular expression's character class keeps it): such a character would be read as mojibake.
      const at = contents.findIndex((byte) => byte > 0x7f);
      if (at !== -1) {
        const around = Buffer.from(contents.subarray(Math.max(0, at - 60), at + 20)).toString('utf8');
        throw new Error(`the bundle must be ASCII (bin/svc.js reads it as latin1); write \\u escapes instead, near: ${around}`);
      }
      const hash = createHash('sha256').update(contents).digest('hex').slice(0, 16);
      bytes = Buffer.concat([
        Buffer.from(`// svc build ${hash}: run by bin/svc.js, not a module\n(function (${BUNDLE_PARAMETERS}) {\n`),
        contents,
        Buffer.from('\n})\n'),
      ]);
    }
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, bytes);
    renameSync(temporary, path);
    written.add(path.replace(/.*\//, ''));
  }
}

/**
 * The bundle's code cache, made here once (dist/svc-<hash>.code-cache; scripts/code-cache.cjs), as Node's single
 * executables make theirs (useCodeCache), with every function of the bundle compiled. Without one, a run parses the
 * whole bundle and compiles every function it runs (~40 ms of a 200 ms `svc tx list` here). bin/svc.js uses it for a
 * command's first run and for every run in CI, where it writes no cache of its own; V8 refuses it under another Node
 * or other V8 flags, and the CLI then compiles from source as before.
 */
{
  const bundleFile = fileURLToPath(new URL('svc.js', dist));
  const hash = /^\/\/ svc build ([0-9a-f]+)/.exec(readFileSync(bundleFile, 'latin1'))[1];
  const name = `svc-${hash}.code-cache`;
  const temporary = fileURLToPath(new URL(`${name}.${process.pid}.tmp`, dist));
  // A node of its own, with no NODE_OPTIONS: the V8 flags a plain `svc` starts with (a cache made under other flags is
  // refused).
  const { NODE_OPTIONS: _flags, ...env } = process.env;
  execFileSync(process.execPath, ['scripts/code-cache.cjs', bundleFile, temporary], { stdio: 'inherit', env });
  renameSync(temporary, fileURLToPath(new URL(name, dist)));
  written.add(name);
}

// jq-web's glue reads jq.wasm from its own folder: dist/, where it is bundled as dist/svc-vendor-jq-web.cjs.
writeFileSync(new URL('jq.wasm', dist), readFileSync(require.resolve('jq-web/jq.wasm')));

// Outputs of earlier builds go once they are a few minutes old (a CLI started before this build may still be reading
// them): the chunks of the former split ES module build and undici's parser among them. Their code caches go at once: a CLI reads its
// cache as it starts, and one removed under it only costs it the compile; kept, they would be packed with the new.
for (const name of readdirSync(dist)) {
  const file = new URL(name, dist);
  if (!/^(svc(-.*)?\.(c?js|code-cache|tmp)|llhttp(-simd)?\.wasm)$/.test(name) || written.has(name)) continue;
  if (name.endsWith('.code-cache') || Date.now() - statSync(file).mtimeMs > 10 * 60_000) rmSync(file, { force: true });
}

// What each output holds and which module imports which how, for the test that keeps start-up lean.
writeFileSync(new URL('meta.json', dist), JSON.stringify(cli.metafile));
