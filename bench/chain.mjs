// The emulated chain's figures, each in a process of its own with the emulator from dist/; prints one JSON line.
//   node bench/chain.mjs pair <slices> <sliceMs>: two emulators at once, each a process of its own (`serve`), one in
//     memory and one keeping a data directory, unseeded at the default block time; 4 clients read GET
//     /v1/transactions (pages 1 to 3) from one, then the other, in <slices> alternated slices of <sliceMs>, so a
//     change in the machine's load falls on both alike; per slice, the answers per second, and each emulator's CPU
//     time (from /proc) per answer over all its slices.
//   node bench/chain.mjs serve <memory|disk>: one such emulator; prints its URL and pid, runs until stdin closes.
//   node --expose-gc bench/chain.mjs hour <blockMs>: unseeded, a data directory, blocks every <blockMs> (an hour of
//     the default's 1,800 ticks, sooner); RSS and the folder's size after 150 ticks (five minutes) and 1,800 (an
//     hour), then the restart to the first answer of GET /v1/transactions on the folder.
//   node --expose-gc bench/chain.mjs index <transactions>: a seeded history of <transactions> (all kept in the
//     window); per request, an address's history page beside a latest-transactions page of its chain, and the RSS.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator } from '../dist/emulator/index.js';

const [mode, first, second] = process.argv.slice(2);
const scratch = mkdtempSync(join(tmpdir(), 'svc-bench-chain-'));
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

function get(base, path) {
  return new Promise((resolve, reject) => {
    const req = http.request(base + path, { agent }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${path}: ${res.statusCode}`));
        else resolve(JSON.parse(Buffer.concat(chunks).toString()));
      });
    });
    req.once('error', reject);
    req.end();
  });
}

function options(extra) {
  return {
    port: 0,
    host: '127.0.0.1',
    blockTimeMs: 2_000,
    apiKeys: [],
    readOnlyKeys: [],
    rateLimit: 0,
    faultRate: 0,
    latencyMs: 0,
    ...extra,
  };
}

/** Resident set in bytes after a full collection (the process runs with --expose-gc). */
function settledRss() {
  globalThis.gc?.();
  globalThis.gc?.();
  return process.memoryUsage().rss;
}

function folderBytes(dir) {
  return readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The C-Chain's newest block number: it gains one block a tick. */
async function head(base) {
  return Number((await get(base, '/v1/chains/43114/blocks?pageSize=1')).blocks[0].blockNumber);
}

/** CPU seconds (user and system) a process has used, from Linux's /proc; NaN without it. */
function cpuSecondsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** `chain.mjs serve <kind>` as a child process: resolves with its URL and pid once it listens. */
function serving(kind) {
  const child = spawn(process.execPath, [join(dirname(fileURLToPath(import.meta.url)), 'chain.mjs'), 'serve', kind], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      if (text.includes('\n')) resolve({ child, ...JSON.parse(text.slice(0, text.indexOf('\n'))) });
    });
    child.once('exit', (code) => reject(new Error(`chain.mjs serve ${kind} exited ${code}`)));
  });
}

/** 4 clients reading the newest transactions, pages 1 to 3, for `ms`: how many answers they got. */
async function readFor(base, ms) {
  let answered = 0;
  const endAt = performance.now() + ms;
  const client = async () => {
    while (performance.now() < endAt) {
      let page = await get(base, '/v1/transactions?pageSize=25');
      answered++;
      for (let more = 0; more < 2 && page.nextPageToken; more++) {
        page = await get(base, `/v1/transactions?pageSize=25&pageToken=${page.nextPageToken}`);
        answered++;
      }
    }
  };
  await Promise.all([client(), client(), client(), client()]);
  return answered;
}

if (mode === 'serve') {
  const emulator = await startEmulator(options(first === 'disk' ? { dataDir: join(scratch, 'data') } : {}));
  console.log(JSON.stringify({ url: emulator.url, pid: process.pid }));
  process.stdin.resume();
  await new Promise((resolve) => process.stdin.once('end', resolve));
  await emulator.close();
} else if (mode === 'pair') {
  const slices = Number(first ?? 20);
  const sliceMs = Number(second ?? 500);
  const servers = { disk: await serving('disk'), memory: await serving('memory') };
  const runs = { disk: [], memory: [] };
  const cpu = { disk: 0, memory: 0 };
  const answers = { disk: 0, memory: 0 };
  // Warm-up: the first read makes the history; one slice each, untimed.
  for (const server of Object.values(servers)) await readFor(server.url, sliceMs);
  for (let slice = 0; slice < slices; slice++) {
    // Which goes first alternates too: neither always follows the other's slice.
    for (const kind of slice % 2 === 0 ? ['disk', 'memory'] : ['memory', 'disk']) {
      const cpuBefore = cpuSecondsOf(servers[kind].pid);
      const startedAt = performance.now();
      const answered = await readFor(servers[kind].url, sliceMs);
      runs[kind].push(answered / ((performance.now() - startedAt) / 1000));
      cpu[kind] += cpuSecondsOf(servers[kind].pid) - cpuBefore;
      answers[kind] += answered;
    }
  }
  for (const server of Object.values(servers)) server.child.stdin.end();
  console.log(
    JSON.stringify({
      disk: runs.disk,
      memory: runs.memory,
      cpuMsPerAnswer: { disk: (cpu.disk * 1000) / answers.disk, memory: (cpu.memory * 1000) / answers.memory },
    }),
  );
} else if (mode === 'hour') {
  const blockMs = Number(first ?? 20);
  const dataDir = join(scratch, 'data');
  let emulator = await startEmulator(options({ dataDir, blockTimeMs: blockMs }));
  const start = await head(emulator.url);
  const at = {};
  for (const [name, ticks] of [
    ['fiveMinutes', 150],
    ['hour', 1_800],
  ]) {
    while ((await head(emulator.url)) - start < ticks) await sleep(blockMs * 5);
    const rss = settledRss();
    at[name] = { rss, heapUsed: process.memoryUsage().heapUsed, folder: folderBytes(dataDir) };
  }
  const ticks = (await head(emulator.url)) - start;
  await emulator.close();
  const startedAt = performance.now();
  const cpuBefore = process.cpuUsage();
  emulator = await startEmulator(options({ dataDir, blockTimeMs: 0 }));
  const listeningMs = performance.now() - startedAt;
  await get(emulator.url, '/v1/transactions?pageSize=10');
  const restartMs = performance.now() - startedAt;
  const cpu = process.cpuUsage(cpuBefore);
  // The CPU the restart took, beside its wall time: on a machine other work keeps busy, the wall time is mostly waiting.
  console.log(JSON.stringify({ ticks, ...at, listeningMs, restartMs, restartCpuMs: (cpu.user + cpu.system) / 1000 }));
  await emulator.close();
} else if (mode === 'index') {
  const transactions = Number(first);
  const emulator = await startEmulator(
    options({ seed: 11, blockTimeMs: 0, historyTransactions: transactions, retainedTransactions: transactions }),
  );
  const latest = '/v1/chains/43114/transactions?pageSize=25';
  const listed = (await get(emulator.url, '/v1/chains/43114/transactions?pageSize=100')).transactions;
  // An account of the chain's busiest kind (the generator's accounts are drawn skewed): a sender of the newest ones.
  const counts = new Map();
  for (const tx of listed) counts.set(tx.from.address, (counts.get(tx.from.address) ?? 0) + 1);
  const busy = [...counts].sort((a, b) => b[1] - a[1])[0][0];
  const history = `/v1/chains/43114/addresses/${busy}/transactions?pageSize=25`;
  const historyMs = [];
  const latestMs = [];
  const timed = async (path, into) => {
    const startedAt = performance.now();
    await get(emulator.url, path);
    into.push(performance.now() - startedAt);
  };
  for (let round = 0; round < 20; round++) {
    await timed(history, []);
    await timed(latest, []);
  }
  for (let round = 0; round < 200; round++) {
    await timed(history, historyMs);
    await timed(latest, latestMs);
  }
  const median = (values) => values.sort((a, b) => a - b)[values.length >> 1];
  const historyItems = (await get(emulator.url, history)).transactions.length;
  console.log(
    JSON.stringify({
      historyMs: median(historyMs),
      latestMs: median(latestMs),
      historyItems,
      rss: settledRss(),
      memory: process.memoryUsage(),
    }),
  );
  await emulator.close();
}
agent.destroy();
rmSync(scratch, { recursive: true, force: true });
