// Cold start-up of `svc --version`, `svc tx list` and `svc api /v1/transactions` (one page from a local emulator) next
// to `node -e 0`:
// medians of alternated runs. Run after `npm run build`: node bench/cold-start.mjs [--runs=11]
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from '../dist/emulator/index.js';

const runs = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice(7) ?? 11);
const emulator = await startEmulator({
  port: 0,
  host: '127.0.0.1',
  seed: 3,
  blockTimeMs: 0,
  apiKeys: [],
  readOnlyKeys: [],
  rateLimit: 0,
  faultRate: 0,
  latencyMs: 0,
});
const bin = new URL('../bin/svc.js', import.meta.url).pathname;
const env = { ...process.env, SVC_BASE_URL: emulator.url, SVC_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'svc-cold-')) };
delete env.SVC_API_KEY;
const cases = {
  'node -e 0': ['-e', '0'],
  'svc --version': [bin, '--version'],
  'svc tx list (piped)': [bin, 'tx', 'list'],
  'svc tx list --json': [bin, 'tx', 'list', '--json'],
  'svc api /v1/transactions': [bin, 'api', '/v1/transactions'],
};
const times = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
for (let round = 0; round < runs; round++) {
  for (const [name, args] of Object.entries(cases)) {
    const startedAt = performance.now();
    // Asynchronous: the emulator answers from this very process, so its event loop must keep running.
    const status = await new Promise((resolve) => {
      spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] }).on('exit', resolve);
    });
    if (status !== 0) throw new Error(`${name} exited ${status}`);
    times[name].push(performance.now() - startedAt);
  }
}
await emulator.close();
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const floor = median(times['node -e 0']);
console.log(`cold start, medians of ${runs} alternated runs (node ${process.version})`);
for (const [name, list] of Object.entries(times)) {
  console.log(`${name.padEnd(26)} ${median(list).toFixed(1).padStart(7)} ms  ${(median(list) / floor).toFixed(2)}x node -e 0`);
}
