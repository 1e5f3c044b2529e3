#!/usr/bin/env node
// The emulator under the load of issue 15: `svc emulator start` (default block time and delivery schedule) with
// 1,000 webhooks on distinct chain ids whose receiver is down. Samples the emulator's RSS and CPU and the latency
// of its API every second; prints the peaks and exits 1 when RSS passed the bound or the API was slow to answer.
// --receiver=stalled: a receiver that accepts and never answers (every attempt times out) instead of a closed port;
// --block-time=100 runs the default's 2 s of activity 20 times as fast, to reach the steady state sooner.
// Not a test: it runs for tens of seconds. Run after `npm run build`:
//   node bench/emulator-memory.mjs [--webhooks=1000] [--seconds=40] [--block-time=2000] [--receiver=down|stalled]
//     [--rss-limit-mb=400] [--latency-limit-ms=250]
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'bin', 'svc.js');
const flag = (name, fallback) => Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const WEBHOOKS = flag('webhooks', 1000);
const SECONDS = flag('seconds', 40);
const RSS_LIMIT_MB = flag('rss-limit-mb', 400);
const LATENCY_LIMIT_MS = flag('latency-limit-ms', 250);
const BLOCK_TIME = flag('block-time', 2000);
const STALLED = process.argv.includes('--receiver=stalled');
const KEY = 'bench-memory';

const scratch = mkdtempSync(join(tmpdir(), 'svc-bench-memory-'));
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('SVC_') && name !== 'NODE_OPTIONS')),
  NO_COLOR: '1',
  SVC_CONFIG_DIR: scratch,
};

/** A port nothing listens on: bound once, then released, so connections to it are refused. */
async function deadPort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resident set (MB) and CPU time (s) of a process: /proc on Linux, ps elsewhere. */
function usage(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const ticksPerSecond = 100;
    return {
      rssMb: Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024,
      cpuS: (Number(stat[11]) + Number(stat[12])) / ticksPerSecond,
    };
  } catch {
    const [rss, time] = execFileSync('ps', ['-o', 'rss=,time=', '-p', String(pid)], { encoding: 'utf8' })
      .trim()
      .split(/\s+/);
    const cpuS = time.split(':').reduce((total, part) => total * 60 + Number(part), 0);
    return { rssMb: Number(rss) / 1024, cpuS };
  }
}

async function timed(url) {
  const started = performance.now();
  const response = await fetch(url);
  const text = await response.text();
  return { ms: performance.now() - started, status: response.status, text };
}

/** Accepts connections and reads requests but never answers, so each attempt runs to its timeout. */
async function stalledReceiverPort() {
  const server = createServer((socket) => socket.resume());
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  return server.address().port;
}

// Webhooks on chains of their own (900000 on), which the service and a default emulator refuse.
const emulatorArgs = [
  'emulator',
  'start',
  '--port',
  '0',
  '--seed',
  '15',
  '--rate-limit',
  '0',
  '--block-time',
  String(BLOCK_TIME),
  '--unlisted-chains',
];
const child = spawn(process.execPath, [BIN, ...emulatorArgs], {
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const stop = () => {
  if (child.exitCode === null) child.kill('SIGTERM');
  rmSync(scratch, { recursive: true, force: true });
};
process.on('exit', stop);
const baseUrl = await new Promise((resolve, reject) => {
  let text = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    text += chunk;
    const newline = text.indexOf('\n');
    if (newline >= 0) resolve(text.slice(0, newline));
  });
  child.once('exit', (code) => reject(new Error(`svc emulator start ended early (${code})`)));
});

const hookUrl = `http://127.0.0.1:${STALLED ? await stalledReceiverPort() : await deadPort()}/hook`;
const createStarted = performance.now();
for (let i = 0; i < WEBHOOKS; i += 50) {
  await Promise.all(
    Array.from({ length: Math.min(50, WEBHOOKS - i) }, async (_, j) => {
      const response = await fetch(`${baseUrl}/v1/webhooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-api-key': KEY },
        body: JSON.stringify({
          url: hookUrl,
          chainId: String(900_000 + i + j),
          eventType: 'address_activity',
          metadata: { addresses: [`0x${(i + j + 1).toString(16).padStart(40, '0')}`] },
        }),
      });
      if (response.status !== 201) throw new Error(`creating a webhook: ${response.status} ${await response.text()}`);
    }),
  );
}
console.log(
  `${WEBHOOKS} webhooks on distinct chain ids created in ${((performance.now() - createStarted) / 1000).toFixed(1)} s, receiver ${hookUrl} ${STALLED ? 'stalled' : 'down'}, block time ${BLOCK_TIME} ms`,
);

let peakRss = 0;
let worstListing = 0;
let worstDeliveries = 0;
const startCpu = usage(child.pid).cpuS;
const started = performance.now();
let lastCpu = startCpu;
let lastAt = started;
for (let second = 1; second <= SECONDS; second++) {
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + second * 1000 - performance.now())));
  const listing = await timed(`${baseUrl}/v1/transactions?pageSize=10`);
  const deliveries = await timed(`${baseUrl}/_emulator/deliveries`);
  const { rssMb, cpuS } = usage(child.pid);
  const now = performance.now();
  const cpuShare = (cpuS - lastCpu) / ((now - lastAt) / 1000);
  lastCpu = cpuS;
  lastAt = now;
  peakRss = Math.max(peakRss, rssMb);
  worstListing = Math.max(worstListing, listing.ms);
  worstDeliveries = Math.max(worstDeliveries, deliveries.ms);
  const states = { retrying: 0, failed: 0, delivered: 0 };
  for (const record of JSON.parse(deliveries.text).deliveries) states[record.state]++;
  if (second % 5 === 0 || second === 1) {
    console.log(
      `${String(second).padStart(3)} s  rss ${rssMb.toFixed(0).padStart(5)} MB  cpu ${(cpuShare * 100).toFixed(0).padStart(3)}%  ` +
        `GET /v1/transactions ${listing.ms.toFixed(0).padStart(5)} ms  GET /_emulator/deliveries ${deliveries.ms.toFixed(0).padStart(5)} ms ` +
        `(${states.retrying} retrying, ${states.failed} failed, ${deliveries.text.length} bytes)`,
    );
  }
}
const cpuShare = (usage(child.pid).cpuS - startCpu) / ((performance.now() - started) / 1000);
const passed = peakRss < RSS_LIMIT_MB && worstListing < LATENCY_LIMIT_MS;
console.log(
  `peak RSS ${peakRss.toFixed(0)} MB (bound ${RSS_LIMIT_MB}), mean CPU ${(cpuShare * 100).toFixed(0)}% of a core, ` +
    `slowest GET /v1/transactions ${worstListing.toFixed(0)} ms (bound ${LATENCY_LIMIT_MS}), slowest GET /_emulator/deliveries ${worstDeliveries.toFixed(0)} ms: ${passed ? 'PASS' : 'MISS'}`,
);
stop();
process.exit(passed ? 0 : 1);
