// The kept state's figures, each in a process of its own with the emulator (from dist/) keeping a data directory;
// prints one JSON line.
//   node bench/kept-state.mjs attempts <kept> <attempts>: <kept> messages kept (delivered), then <attempts>
//     redeliveries one after another; the CPU per recorded attempt, and the event loop's longest stall meanwhile.
//   node bench/kept-state.mjs growth <seconds>: 60 messages retrying against a receiver that refuses, for <seconds>;
//     how much the log grew, and the bytes of the attempts' own records (each as a line of its own).
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startEmulator } from '../dist/emulator/index.js';
import { encodeEntries } from '../dist/emulator/kept/record-file.js';

const KEY = 'bench-key';
const FROM = '0x' + '1'.repeat(40);

const [mode, first, second] = process.argv.slice(2);
const dataDir = join(mkdtempSync(join(tmpdir(), 'svc-bench-kept-')), 'data');

function request(base, method, path, body) {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const headers = {
      'x-service-api-key': KEY,
      ...(text ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } : {}),
    };
    const req = http.request(base + path, { method, headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(Buffer.concat(chunks).toString() || 'null') }));
    });
    req.once('error', reject);
    req.end(text);
  });
}

async function startReceiver(status) {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(status).end());
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/hook`, close: (done) => server.close(done) };
}

function logBytes() {
  return readdirSync(dataDir)
    .filter((name) => /^(log|snapshot)-\d+\.jsonl$/.test(name))
    .reduce((sum, name) => sum + statSync(join(dataDir, name)).size, 0);
}

async function start(keepMessages) {
  return startEmulator({
    port: 0,
    host: '127.0.0.1',
    seed: 7,
    blockTimeMs: 0,
    apiKeys: [],
    readOnlyKeys: [],
    rateLimit: 0,
    faultRate: 0,
    latencyMs: 0,
    dataDir,
    keepMessages,
  });
}

async function webhook(base, url) {
  const created = await request(base, 'POST', '/v1/webhooks', {
    url,
    chainId: '43114',
    eventType: 'address_activity',
    metadata: { addresses: [FROM] },
  });
  if (created.status !== 201) throw new Error(`create answered ${created.status}`);
}

async function inject(base, count, concurrency = 16) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next++;
        const answer = await request(base, 'POST', '/_emulator/transactions', { chainId: '43114', from: FROM, to: '0x' + '2'.repeat(40) });
        if (answer.status !== 201) throw new Error(`inject answered ${answer.status}`);
      }
    }),
  );
}

if (mode === 'attempts') {
  const kept = Number(first);
  const attempts = Number(second);
  const receiver = await startReceiver(200);
  const emulator = await start(kept);
  const base = emulator.url;
  await webhook(base, receiver.url);
  await inject(base, kept);
  // Every message delivered (its attempt kept) before the figure starts.
  for (;;) {
    const status = (await request(base, 'GET', '/_emulator/status')).body;
    if (status.pendingMessages === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const ids = (await request(base, 'GET', '/_emulator/deliveries?pageSize=1000')).body.deliveries.map((record) => record.messageId);
  const stalls = monitorEventLoopDelay({ resolution: 5 });
  stalls.enable();
  const cpu = process.cpuUsage();
  for (let i = 0; i < attempts; i++) {
    const answer = await request(base, 'POST', `/_emulator/deliveries/${ids[i % ids.length]}/redeliver`);
    if (answer.status !== 200) throw new Error(`redeliver answered ${answer.status}`);
  }
  const used = process.cpuUsage(cpu);
  stalls.disable();
  await emulator.close();
  receiver.close();
  console.log(JSON.stringify({ cpuMsPerAttempt: (used.user + used.system) / 1000 / attempts, longestStallMs: stalls.max / 1e6 }));
} else if (mode === 'growth') {
  const seconds = Number(first);
  // A port nothing listens on: every attempt refused at once.
  const dead = await startReceiver(200);
  const deadUrl = dead.url;
  await new Promise((resolve) => dead.close(resolve));
  const emulator = await start(undefined);
  const base = emulator.url;
  await webhook(base, deadUrl);
  await inject(base, 60);
  // From here on: what the attempts that end from now write (the first ones may have been kept already).
  const before = logBytes();
  const beforeMs = Date.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const after = logBytes();
  // Each attempt by the two lines it writes by design (docs/kept-state.md, "Every delivery attempt is recorded"): as
  // it starts, `<bytes> <checksum> [["started","<id>/<n>",{…}]]`, kept before anything is sent; as it ends, the
  // attempt with the started record's deletion, `[["attempt","<id>/<n>",{…}],["started","<id>/<n>",null]]`.
  // `attemptBytes` is the attempt's line as it was before the started record (the figure's first denominator).
  // The bytes of a line as the data directory writes it.
  const line = (entries) => encodeEntries(entries).length;
  let attemptBytes = 0;
  let recordBytes = 0;
  let attempts = 0;
  for (const record of (await request(base, 'GET', '/_emulator/deliveries')).body.deliveries) {
    const detail = (await request(base, 'GET', `/_emulator/deliveries/${record.messageId}`)).body;
    for (const attempt of detail.attempts) {
      if (Date.parse(attempt.startedAt) + attempt.durationMs < beforeMs) continue;
      const key = `${record.messageId}/${attempt.number}`;
      const started = {
        number: attempt.number,
        startedAt: attempt.startedAt,
        url: attempt.url,
        requestHeaders: attempt.requestHeaders,
        ...(attempt.redelivery ? { redelivery: true } : {}),
      };
      attemptBytes += line([['attempt', key, attempt]]);
      recordBytes +=
        line([['started', key, started]]) +
        line([
          ['attempt', key, attempt],
          ['started', key, null],
        ]);
      attempts++;
    }
  }
  await emulator.close();
  console.log(JSON.stringify({ growth: after - before, attemptBytes, recordBytes, attempts, seconds }));
} else {
  throw new Error('usage: node bench/kept-state.mjs attempts <kept> <attempts> | growth <seconds>');
}
