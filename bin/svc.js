#!/usr/bin/env node
// Tiny launcher: answers `--version` by itself, tunes the process for a short-lived CLI, then runs the bundle.
import { readFileSync, writeSync } from 'node:fs';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  // What commander would print, without loading it (or creating process.stdout).
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  try {
    writeSync(1, `${version}\n`);
  } catch {
    // stdout closed (`svc --version | true`): nothing to say.
  }
} else {
  const { default: nodeModule } = await import('node:module');
  // Node 22.1+: keep compiled code between runs (off in CI, where every run starts cold anyway).
  if (typeof nodeModule.enableCompileCache === 'function' && process.env.CI !== 'true') {
    try {
      nodeModule.enableCompileCache();
    } catch {
      // A read-only cache directory only costs speed.
    }
  }
  // V8 tuned for a short-lived client (both flags are read when used, so setting them now takes effect):
  // - the only WebAssembly the CLI runs is undici's HTTP parser; tiering its large parse function up to TurboFan
  //   cost more CPU than the whole request and ~30 MB; the baseline compiler is enough;
  // - the young generation stays at its first size instead of doubling as a long listing goes on: peak memory
  //   of a 1,000,000-address listing is then that of a 100,000-address one.
  // An unknown flag would print an error on stderr, so only the V8 these were checked on gets them (Node 20).
  if (process.versions.v8.startsWith('11.')) {
    (await import('node:v8')).setFlagsFromString('--liftoff-only --semi-space-growth-factor=1');
  }
  const { main } = await import('../dist/svc.js');
  process.exitCode = await main(process.argv);
}
