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

const { metafile } = await build({
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
