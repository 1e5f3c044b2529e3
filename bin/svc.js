#!/usr/bin/env node
// Tiny launcher: answers `--version` by itself, tunes the process for a short-lived CLI, then runs the bundle.
import { readFileSync, writeSync } from 'node:fs';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  // What commander would print, without loading it (or creating process.stdout).
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
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
  const { default: nodeModule } = await import('node:module');
  // Node 22.1+: keep compiled code between runs (off in CI, where every run starts cold anyway).
  if (typeof nodeModule.enableCompileCache === 'function' && process.env.CI !== 'true') {
    try {
      nodeModule.enableCompileCache();
    } catch {
      // A read-only cache directory only costs speed.
    }
  }
  // V8 tuned for a short-lived client, per V8 major as measured (both flags are read when used, so setting them now
  // takes effect):
  // - --liftoff-only: the only WebAssembly the CLI runs is undici's HTTP parser; V8 11 (Node 20) tiers its large
  //   parse function up to TurboFan at a cost of more CPU than the whole request and ~30 MB (tx list 280 -> 165 ms,
  //   100k-address listing 96 -> 62 MB); on V8 12 it still saves ~10 MB there; from V8 13 on it only costs time;
  // - --semi-space-growth-factor=1: the young generation stays at its first size instead of doubling as a long
  //   listing goes on, so a 1,000,000-address listing peaks near a 100,000-address one (V8 12: 97 -> 72 MB);
  //   from V8 13 on the default already stays within 5%.
  // Both flags exist on these two majors; an unknown flag would print an error on stderr, so no other V8 gets any.
  const v8Major = Number.parseInt(process.versions.v8, 10);
  if (v8Major === 11 || v8Major === 12) {
    (await import('node:v8')).setFlagsFromString('--liftoff-only --semi-space-growth-factor=1');
  }
  const { main } = await import('../dist/svc.js');
  process.exitCode = await main(process.argv);
}
