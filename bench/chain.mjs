// The emulated chain's figures, each in a process of its own with the emulator from dist/; prints one JSON line.
//   node --expose-gc bench/chain.mjs throughput <memory|disk> <seconds>: unseeded, the default block time (2 s),
//     in memory or keeping a data directory; GET /v1/transactions answered per second by 4 clients, pages 1 to 3.
//   node --expose-gc bench/chain.mjs hour <blockMs>: unseeded, a data directory, blocks every <blockMs> (an hour of
//     the default's 1,800 ticks, sooner); RSS and the folder's size after 150 ticks (five minutes) and 1,800 (an
//     hour), then the restart to the first answer of GET /v1/transactions on the folder.
//   node --expose-gc bench/chain.mjs index <transactions>: a seeded history of <transactions> (all kept in the
//     window); per request, an address's history page beside a latest-transactions page of its chain, and the RSS.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

if (mode === 'throughput') {
  const seconds = Number(second ?? 5);
  const emulator = await startEmulator(options(first === 'disk' ? { dataDir: join(scratch, 'data') } : {}));
  await get(emulator.url, '/v1/transactions?pageSize=25');
  let answered = 0;
  const endAt = performance.now() + seconds * 1_000;
  const client = async () => {
    while (performance.now() < endAt) {
      let page = await get(emulator.url, '/v1/transactions?pageSize=25');
      answered++;
      for (let more = 0; more < 2 && page.nextPageToken; more++) {
        page = await get(emulator.url, `/v1/transactions?pageSize=25&pageToken=${page.nextPageToken}`);
        answered++;
      }
    }
  };
  await Promise.all([client(), client(), client(), client()]);
  console.log(JSON.stringify({ perSecond: answered / seconds }));
  await emulator.close();
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
