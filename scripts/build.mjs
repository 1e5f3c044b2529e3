// The build: tsc type-checks and emits dist/ (modules others import: the emulator, completion/generate), then
// esbuild bundles the CLI into dist/svc.js with code splitting, which bin/svc.js loads: one file to read and
// compile at start-up instead of ~100, and each command's own code (emulator, tables, spinner, conf) in a chunk
// loaded only when that command runs.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
process.chdir(fileURLToPath(new URL('..', import.meta.url)));
const dist = new URL('../dist/', import.meta.url);

const tsc = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.json'], { stdio: 'inherit' });
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

/**
 * Modules the CLI never runs but its dependencies load at start-up, replaced by stubs that fail loudly if ever used:
 * - undici's HTTP/2 client (svc speaks HTTP/1.1; allowH2 is off), which loads node:http2 and node:tls;
 * - node:child_process in commander (only for executable subcommands, which svc has none of);
 * - undici's fetch body helpers (with WebIDL and FormData), which its HTTP/1.1 client needs only for FormData or Blob
 *   request bodies; svc sends strings.
 */
const unusedAtRuntime = {
  name: 'unused-at-runtime',
  setup(build) {
    const stub = (name, contents) => {
      build.onLoad({ filter: new RegExp(`^${name}$`), namespace: 'unused' }, () => ({ contents, loader: 'js' }));
      return { path: name, namespace: 'unused' };
    };
    const h2 = stub('undici-client-h2', "module.exports = function connectH2() { throw new Error('svc does not use HTTP/2'); };");
    const childProcess = stub(
      'commander-child-process',
      "module.exports = new Proxy({}, { get() { throw new Error('svc runs no executable subcommands'); } });",
    );
    const fetchBody = stub(
      'undici-fetch-body',
      "module.exports = { extractBody() { throw new Error('svc sends no FormData or Blob bodies'); } };",
    );
    build.onResolve({ filter: /^\.\/client-h2\.js$/ }, (args) => (args.importer.includes('undici') ? h2 : undefined));
    build.onResolve({ filter: /^\.\.\/web\/fetch\/body\.js$/ }, (args) =>
      args.importer.endsWith('undici/lib/dispatcher/client-h1.js') ? fetchBody : undefined,
    );
    build.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      args.importer.includes('node_modules/commander/') ? childProcess : undefined,
    );
  },
};

const { metafile } = await build({
  plugins: [unusedAtRuntime],
  entryPoints: { svc: 'src/cli.ts' },
  outdir: 'dist',
  // Chunks sit beside dist/svc.js (not in a subfolder), so `new URL('../package.json', import.meta.url)` holds in any of them.
  chunkNames: 'svc-[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Dependencies written as CommonJS (undici, cli-table3) call require(); an ES module has none of its own.
  banner: { js: "import { createRequire as __svcCreateRequire } from 'node:module'; const require = __svcCreateRequire(import.meta.url);" },
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
});

// Chunks of earlier builds go once they are a few minutes old (a build running beside this one may still use
// its own); dist/ itself is never emptied, so a CLI started meanwhile still finds dist/svc.js.
const written = new Set(Object.keys(metafile.outputs).map((path) => path.replace(/^dist\//, '')));
for (const name of readdirSync(dist)) {
  const file = new URL(name, dist);
  if (/^svc-.*\.js$/.test(name) && !written.has(name) && Date.now() - statSync(file).mtimeMs > 10 * 60_000) rmSync(file, { force: true });
}

// What each output holds, for the test that keeps start-up lean (the entry chunk must not carry keccak or the schemas).
writeFileSync(new URL('meta.json', dist), JSON.stringify(metafile));
