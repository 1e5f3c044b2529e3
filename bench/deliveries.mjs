#!/usr/bin/env node
// Delivery figures of the offline webhook loop, end to end through real processes: `svc emulator start` delivers
// notifications to `svc webhook listen --json`; transactions are injected straight into the control API with
// fetch, and a message counts as received when listen has printed its line. Prints throughput and latency.
// Not a test: figures depend on the machine. Run after `npm run build`:
//   node bench/deliveries.mjs [--messages=2000] [--concurrency=32] [--probes=200]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'bin', 'svc.js');
const flag = (name, fallback) => Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const MESSAGES = flag('messages', 2000);
const CONCURRENCY = flag('concurrency', 32);
const PROBES = flag('probes', 200);
const CHAIN_ID = '43113';
const WATCHED = '0x71c7656ec7ab88b098defb751b7401b5f6d8976f';

const scratch = mkdtempSync(join(tmpdir(), 'svc-bench-deliveries-'));
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('SVC_'))),
  NO_COLOR: '1',
  SVC_CONFIG_DIR: scratch,
};
const children = [];

/** Starts `svc <args>`; calls onLine for every stdout/stderr line; resolves with the first line `ready` accepts. */
function start(args, ready, onStdoutLine = () => {}) {
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`svc ${args.join(' ')} did not get ready`)), 20_000);
    for (const [name, stream] of [
      ['stdout', child.stdout],
      ['stderr', child.stderr],
    ]) {
      let partial = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        partial += chunk;
        for (let newline = partial.indexOf('\n'); newline >= 0; newline = partial.indexOf('\n')) {
          const line = partial.slice(0, newline);
          partial = partial.slice(newline + 1);
          if (name === 'stdout') onStdoutLine(line);
          const found = ready(name, line);
          if (found !== undefined) {
            clearTimeout(timer);
            resolve(found);
          }
        }
      });
    }
    child.once('exit', (code) => reject(new Error(`svc ${args.join(' ')} ended early (${code})`)));
  });
}

/** messageId → performance.now() at receipt; waiters for a count of messages received. */
const receivedAt = new Map();
let countWaiter;
function onListenLine(line) {
  const match = /"messageId":"([^"]+)"/.exec(line);
  if (!match) return;
  receivedAt.set(match[1], performance.now());
  if (countWaiter && receivedAt.size >= countWaiter.count) countWaiter.resolve();
}
const receivedCount = (count, timeoutMs) =>
  new Promise((resolve, reject) => {
    if (receivedAt.size >= count) return resolve();
    const timer = setTimeout(() => reject(new Error(`only ${receivedAt.size} of ${count} messages arrived`)), timeoutMs);
    countWaiter = {
      count,
      resolve: () => {
        clearTimeout(timer);
        resolve();
      },
    };
  });

let injected = 0;
async function inject(baseUrl) {
  injected++;
  const sentAt = performance.now();
  const response = await fetch(`${baseUrl}/_emulator/transactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ chainId: CHAIN_ID, from: WATCHED }),
  });
  const body = await response.json();
  if (response.status !== 201 || body.messageIds.length !== 1) throw new Error(`inject: ${response.status} ${JSON.stringify(body)}`);
  return { messageId: body.messageIds[0], sentAt };
}

/** CPU seconds a child has used so far (Linux /proc; undefined elsewhere). */
function cpuSeconds(child) {
  try {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
};
const ms = (value) => `${value.toFixed(1)} ms`;

async function main() {
  const [emulatorUrl, listenUrl] = await Promise.all([
    start(['emulator', 'start', '--port', '0', '--seed', '1', '--block-time', '0', '--rate-limit', '0'], (stream, line) =>
      stream === 'stdout' && /^http:\/\//.test(line) ? line : undefined,
    ),
    start(
      ['webhook', 'listen', '--port', '0', '--json'],
      (_stream, line) => /^Ready: notifications to (\S+)/.exec(line)?.[1],
      onListenLine,
    ),
  ]);
  const created = await fetch(`${emulatorUrl}/v1/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-api-key': 'bench-key' },
    body: JSON.stringify({ url: listenUrl, chainId: CHAIN_ID, eventType: 'address_activity', metadata: { addresses: [WATCHED] } }),
  });
  if (created.status !== 201) throw new Error(`webhook create answered ${created.status}`);

  // Warm-up: connections, JIT.
  for (let i = 0; i < 20; i++) await inject(emulatorUrl);
  await receivedCount(20, 10_000);

  // 1. Latency, one message at a time: trigger sent → line printed by listen.
  const probeLatencies = [];
  for (let i = 0; i < PROBES; i++) {
    const target = receivedAt.size + 1;
    const { messageId, sentAt } = await inject(emulatorUrl);
    await receivedCount(target, 10_000);
    probeLatencies.push(receivedAt.get(messageId) - sentAt);
  }

  const cpuBefore = children.map(cpuSeconds);
  const benchCpuBefore = process.cpuUsage();
  // 2. Throughput: MESSAGES triggers, CONCURRENCY at a time, until listen has printed them all.
  const before = receivedAt.size;
  const sent = [];
  const startedAt = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < MESSAGES) {
        next++;
        sent.push(await inject(emulatorUrl));
      }
    }),
  );
  const triggeredAt = performance.now();
  await receivedCount(before + MESSAGES, 60_000);
  const cpu = children.map((child, index) => cpuSeconds(child) - cpuBefore[index]);
  const benchCpu = process.cpuUsage(benchCpuBefore);
  const lastAt = Math.max(...sent.map(({ messageId }) => receivedAt.get(messageId)));
  const loadLatencies = sent.map(({ messageId, sentAt }) => receivedAt.get(messageId) - sentAt);

  const deliveries = (await (await fetch(`${emulatorUrl}/_emulator/deliveries`)).json()).deliveries;
  const notDelivered = deliveries.filter((record) => record.state !== 'delivered' || record.attempts !== 1).length;

  console.log(`svc delivery figures (emulator → webhook listen --json), ${cpus().length} CPUs, node ${process.version}`);
  console.log(
    `one at a time (${PROBES} messages): latency median ${ms(percentile(probeLatencies, 0.5))}, p95 ${ms(percentile(probeLatencies, 0.95))}, max ${ms(Math.max(...probeLatencies))}`,
  );
  console.log(
    `under load (${MESSAGES} messages, ${CONCURRENCY} triggers in flight): ${Math.round(MESSAGES / ((lastAt - startedAt) / 1000))} messages/s ` +
      `(triggers accepted at ${Math.round(MESSAGES / ((triggeredAt - startedAt) / 1000))}/s), ` +
      `latency median ${ms(percentile(loadLatencies, 0.5))}, p95 ${ms(percentile(loadLatencies, 0.95))}`,
  );
  if (!cpu.some(Number.isNaN)) {
    const perMessage = (seconds) => `${((seconds * 1000) / MESSAGES).toFixed(2)} ms`;
    console.log(
      `CPU per message under load: emulator ${perMessage(cpu[0])}, listen ${perMessage(cpu[1])}, ` +
        `this script (fetch client) ${perMessage((benchCpu.user + benchCpu.system) / 1e6)}`,
    );
  }
  console.log(
    `messages printed by listen: ${receivedAt.size} of ${injected} triggered; deliveries not delivered in one attempt: ${notDelivered}`,
  );
}

try {
  await main();
} finally {
  for (const child of children) child.kill('SIGINT');
  rmSync(scratch, { recursive: true, force: true });
}
