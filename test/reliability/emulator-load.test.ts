// The emulator under load: concurrent clients over the rate limit get 429 with Retry-After and nothing else;
// a stalled or dead webhook receiver does not slow the transaction listing; the delivery queue's memory stays
// flat over 6k deliveries. Timing checks are deliberately loose: these machines are shared and noisy. Sizes are the
// least that still shows each fault (each says why); throughput and memory goals are `npm run bench`'s.
import { afterEach, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import type { ResultPromise } from 'execa';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { DEFAULT_EMULATOR_OPTIONS, startEmulator } from '../../src/emulator/index.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { DeliveryQueue, DEFAULT_DELIVERY_TUNING } from '../../src/emulator/delivery.js';
import { testOptions } from '../helpers/emulator-helpers.js';
import { useFigures } from './figures.js';

const figures = useFigures(import.meta.url);
/** The seed the tests' emulators start from (testOptions'): a seed this process has made before starts at once. */
const TEST_SEED = testOptions().seed!;
const WATCHED = '0x1111111111111111111111111111111111111111';

let emulator: RunningEmulator | undefined;
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const LIMIT = 2;

describe('rate limiting under concurrency', () => {
  // 12 clients, three per key, each sending a request every 50 ms or so, for 2 s: requests of one key overlap, and even
  // on a saturated machine (100 ms a request) five times the limit is offered. A limit of 2/s keeps the
  // 200s few, and a limiter refilling at twice the rate (2 + 8 per key) would pass the bound below (2 + 6) as surely
  // as no limiter at all would.
  it('12 concurrent clients over a limit of 2/s: only 200 or 429, every 429 with Retry-After, and the limit holds', async () => {
    emulator = await startEmulator({ ...DEFAULT_EMULATOR_OPTIONS, port: 0, seed: TEST_SEED, blockTimeMs: 0, rateLimit: LIMIT });
    const url = emulator.url;
    const durationMs = 2_000;
    const keys = ['load-a', 'load-b', 'load-c', 'load-d'];
    const statuses = new Map<number, number>();
    const okPerKey = new Map<string, number>(keys.map((key) => [key, 0]));
    const problems: string[] = [];
    const started = performance.now();
    const loop = async (client: number): Promise<void> => {
      const key = keys[client % keys.length]!;
      while (performance.now() - started < durationMs) {
        try {
          const response = await fetch(`${url}/v1/transactions?pageSize=5`, { headers: { 'x-service-api-key': key } });
          const body = (await response.json()) as { statusCode?: number; transactions?: unknown[] };
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.status === 200) {
            okPerKey.set(key, okPerKey.get(key)! + 1);
            if (!Array.isArray(body.transactions)) problems.push('200 without a transactions array');
          } else if (response.status === 429) {
            const retryAfter = response.headers.get('retry-after');
            if (!retryAfter || !/^\d+$/.test(retryAfter) || Number(retryAfter) < 1) problems.push(`429 with Retry-After ${retryAfter}`);
            if (body.statusCode !== 429) problems.push('429 body without statusCode 429');
          } else {
            problems.push(`status ${response.status}`);
          }
        } catch (error) {
          problems.push(`request failed: ${(error as Error).message}`);
        }
        await sleep(50);
      }
    };
    await Promise.all(Array.from({ length: 12 }, (_, client) => loop(client)));
    const elapsedS = (performance.now() - started) / 1000;
    figures.cases++;
    expect(problems.slice(0, 5)).toEqual([]);
    expect([...statuses.keys()].sort()).toEqual([200, 429]);
    expect(statuses.get(429)!).toBeGreaterThan(statuses.get(200)!);
    for (const [key, ok] of okPerKey) {
      // A burst of LIMIT, then LIMIT per second; one extra second of slack for timer jitter.
      expect(ok, key).toBeLessThanOrEqual(LIMIT + Math.ceil(LIMIT * (elapsedS + 1)));
      expect(ok, key).toBeGreaterThanOrEqual(LIMIT);
    }
  }, 20_000);
});

describe('a stalled or dead webhook receiver', () => {
  it('does not slow GET /v1/transactions', async () => {
    emulator = await startEmulator({ ...DEFAULT_EMULATOR_OPTIONS, port: 0, seed: TEST_SEED, blockTimeMs: 0, rateLimit: 0 });
    const url = emulator.url;
    // A receiver that accepts connections and never answers, and one that is not there at all.
    const held: Array<{ destroy(): void }> = [];
    let stalledConnections = 0;
    const stall: Server = createServer((_req, res) => {
      stalledConnections++;
      held.push(res);
    });
    await new Promise<void>((resolve) => stall.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          for (const res of held) res.destroy();
          stall.closeAllConnections();
          stall.close(() => resolve());
        }),
    );
    const stallUrl = `http://127.0.0.1:${(stall.address() as AddressInfo).port}/hook`;
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}/hook`;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    for (const hookUrl of [stallUrl, deadUrl]) {
      const created = await fetch(`${url}/v1/webhooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-api-key': 'load-key' },
        body: JSON.stringify({ url: hookUrl, chainId: '43113', eventType: 'address_activity', metadata: { addresses: [WATCHED] } }),
      });
      expect(created.status).toBe(201);
    }

    const timeListing = async (count: number): Promise<number[]> => {
      const times: number[] = [];
      for (let i = 0; i < count; i++) {
        const started = performance.now();
        const response = await fetch(`${url}/v1/transactions?pageSize=50&network=${i % 2 ? 'fuji' : 'mainnet'}`);
        await response.arrayBuffer();
        expect(response.status).toBe(200);
        times.push(performance.now() - started);
      }
      return times;
    };
    await timeListing(5); // warm up
    const before = median(await timeListing(20));

    // 100 transactions for the watched address: 200 deliveries, the 100 stalled ones holding every one of the 32
    // delivery slots (a listing that waited on a delivery would wait for the 5 s attempt timeout, whatever the count).
    for (let i = 0; i < 100; i += 20) {
      await Promise.all(
        Array.from({ length: 20 }, async () => {
          const response = await fetch(`${url}/_emulator/transactions`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ chainId: '43113', from: WATCHED }),
          });
          expect(response.status).toBe(201);
          await response.arrayBuffer();
        }),
      );
    }
    await sleep(200);
    const during = median(await timeListing(20));
    const deliveries = (await (await fetch(`${url}/_emulator/deliveries`)).json()) as { deliveries: Array<{ state: string }> };
    figures.cases++;
    console.log(`listing median: ${before.toFixed(1)} ms idle, ${during.toFixed(1)} ms with ${stalledConnections} deliveries stalled`);
    expect(stalledConnections).toBeGreaterThan(0);
    expect(deliveries.deliveries.filter((d) => d.state === 'retrying').length).toBeGreaterThan(150);
    // Loose on purpose: the listing must not wait on deliveries, not be as fast as on an idle machine.
    expect(during).toBeLessThan(Math.max(100, before * 10));
  }, 45_000);
});

/** A receiver in its own process (its own core), answering 204 and counting distinct message ids. */
async function startReceiverProcess(): Promise<{
  url: string;
  count(): Promise<{ requests: number; distinct: number }>;
  child: ResultPromise;
}> {
  const source = `
    const http = require('node:http');
    const seen = new Set(); let requests = 0;
    const server = http.createServer((req, res) => {
      if (req.method === 'GET') { res.end(JSON.stringify({ requests, distinct: seen.size })); return; }
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        requests++;
        try { seen.add(JSON.parse(Buffer.concat(chunks).toString()).messageId); } catch {}
        res.writeHead(204); res.end();
      });
    });
    server.keepAliveTimeout = 30000;
    server.listen(0, '127.0.0.1', () => console.log(server.address().port));
  `;
  const child = execa('node', ['-e', source], { reject: false, buffer: false });
  const port = await new Promise<string>((resolve) => child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));
  const url = `http://127.0.0.1:${port}`;
  return {
    url: `${url}/hook`,
    child,
    count: async () => (await (await fetch(url)).json()) as { requests: number; distinct: number },
  };
}

function exposeGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** Records the queue keeps here: a twentieth of the default, so the steady state comes twenty times sooner. */
const RETAINED = 500;
/**
 * Deliveries before the first heap reading: by then the queue is in its steady state (records capped at RETAINED
 * since 500 deliveries; the lists of finished and created ids compacted every ~1k from then on, a few KB either way),
 * and any further growth is a leak.
 */
const WARM_UP = 2_000;
/**
 * Deliveries in all: 4k after the warm-up. The heap after GC moved by 0.1 MB over them; a leak of 300 bytes per
 * delivery (a kept body is twice that) added 1.4 MB and failed the bound below in both tries, as it would have at the 18k
 * this test used to run. Throughput and the long run are `npm run bench`'s.
 */
const TOTAL = 6_000;
/** The bound on growth per delivery: 25 MB per 80k deliveries, as when this test ran to 100k (about 330 bytes). */
const LEAK_BYTES_PER_DELIVERY = (25 * 1024 * 1024) / 80_000;

describe('the delivery queue over 6k deliveries', () => {
  it('keeps memory flat: heap after GC at 6k is within generous slack of the heap at 2k, and nothing is lost', async () => {
    const receiver = await startReceiverProcess();
    cleanups.push(() => {
      receiver.child.kill();
    });
    const tuning = { ...DEFAULT_DELIVERY_TUNING, retainedRecords: RETAINED };
    const queue = new DeliveryQueue(tuning);
    cleanups.push(() => queue.close());
    const gc = exposeGc();
    const message = (n: number) => ({
      webhookId: 'w-1',
      eventType: 'address_activity',
      messageId: `m-${n}`,
      event: { transaction: { txHash: '0x' + n.toString(16).padStart(64, '0'), input: '0x' + 'ab'.repeat(300) }, logs: [] },
    });
    const pending = () => queue.pending().messages;
    let enqueued = 0;
    const deliverUpTo = async (total: number) => {
      while (enqueued < total) {
        const batch = Math.min(2_000, total - enqueued);
        for (let i = 0; i < batch; i++) {
          enqueued++;
          queue.enqueue('w-1', receiver.url, `m-${enqueued}`, message(enqueued));
        }
        while (pending() > 500) await sleep(20);
      }
      while (pending() > 0) await sleep(20);
    };
    const heapAfterGc = async () => {
      await sleep(50);
      gc();
      gc();
      return process.memoryUsage().heapUsed;
    };

    const started = performance.now();
    await deliverUpTo(WARM_UP);
    const heapAtWarmUp = await heapAfterGc();
    await deliverUpTo(TOTAL);
    const heapAtTotal = await heapAfterGc();
    const seconds = (performance.now() - started) / 1000;
    const records = queue.list();
    const { requests, distinct } = await receiver.count();
    figures.cases++;
    figures.lost += Math.max(0, TOTAL - distinct);
    console.log(
      `delivery queue: ${TOTAL / 1000}k deliveries in ${seconds.toFixed(1)} s; heap after GC ${(heapAtWarmUp / 1e6).toFixed(1)} MB at ${WARM_UP / 1000}k, ` +
        `${(heapAtTotal / 1e6).toFixed(1)} MB at ${TOTAL / 1000}k; ${records.length} records kept; receiver saw ${requests} requests, ${distinct} distinct`,
    );
    expect(distinct).toBe(TOTAL);
    expect(records.length).toBeLessThanOrEqual(RETAINED);
    expect(records.every((record) => record.state === 'delivered')).toBe(true);
    // Flat: 4k more deliveries may not cost more than 1.25 MB (a leak of 330 bytes each would be 1.3 MB).
    expect(heapAtTotal - heapAtWarmUp).toBeLessThan((TOTAL - WARM_UP) * LEAK_BYTES_PER_DELIVERY);
  }, 60_000);
});
