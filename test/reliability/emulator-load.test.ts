// The emulator under load: concurrent clients over the rate limit get 429 with Retry-After and nothing else;
// a stalled or dead webhook receiver does not slow the transaction listing; the delivery queue's memory stays
// flat over 6k deliveries. Timing checks are deliberately loose: these machines are shared and noisy. Sizes are the
// least that still shows each fault (each says why); throughput and memory goals are `npm run bench`'s.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { execa } from 'execa';
import type { ResultPromise } from 'execa';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { DEFAULT_EMULATOR_OPTIONS, startEmulator } from '../../src/emulator/index.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { DeliveryQueue, DEFAULT_DELIVERY_TUNING } from '../../src/emulator/deliveries/queue.js';
import { testOptions } from '../helpers/emulator-helpers.js';
import { useFigures } from './figures.js';

const figures = useFigures(import.meta.url);
/** The seed the tests' emulators start from (testOptions'): a seed this process has made before starts at once. */
const TEST_SEED = testOptions().seed!;
const WATCHED = '0x1111111111111111111111111111111111111111';

let emulator: RunningEmulator | undefined;
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  vi.useRealTimers();
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
/** The fake clock's step between rounds: a quarter of a second refills half a request at LIMIT 2/s. */
const STEP_MS = 250;
/** Rounds: the burst at 0 s, then 2 s of the fake clock in STEP_MS steps. */
const ROUNDS = 9;

describe('rate limiting under concurrency', () => {
  // 12 clients, three per key, each sending one request a round, all at once: requests of one key overlap. Between
  // rounds only the clock the limiter reads (Date) moves, by STEP_MS, so what is admitted does not depend on how fast
  // a busy machine answers: 3 requests per key per round are offered over 2 s, where the limit admits a burst of 2
  // and 2 a second, i.e. exactly 6 per key. A limiter refilling at twice the rate admits 10, none at all 27.
  it('12 concurrent clients over a limit of 2/s: only 200 or 429, every 429 with Retry-After, and the limit holds', async () => {
    emulator = await startEmulator({ ...DEFAULT_EMULATOR_OPTIONS, port: 0, seed: TEST_SEED, blockTimeMs: 0, rateLimit: LIMIT });
    const url = emulator.url;
    const keys = ['load-a', 'load-b', 'load-c', 'load-d'];
    const statuses = new Map<number, number>();
    const okPerKey = new Map<string, number>(keys.map((key) => [key, 0]));
    const problems: string[] = [];
    const request = async (client: number): Promise<void> => {
      const key = keys[client % keys.length]!;
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
    };
    // Only Date is faked: sockets and timers run as ever, and the emulator in this process reads the test's clock.
    vi.useFakeTimers({ toFake: ['Date'] });
    for (let round = 0; round < ROUNDS; round++) {
      await Promise.all(Array.from({ length: 12 }, (_, client) => request(client)));
      vi.setSystemTime(Date.now() + STEP_MS);
    }
    vi.useRealTimers();
    const elapsedS = ((ROUNDS - 1) * STEP_MS) / 1000;
    figures.cases++;
    expect(problems.slice(0, 5)).toEqual([]);
    expect([...statuses.keys()].sort()).toEqual([200, 429]);
    expect(statuses.get(429)!).toBeGreaterThan(statuses.get(200)!);
    // A burst of LIMIT, then LIMIT per second of the clock, for every key alike.
    expect(Object.fromEntries(okPerKey)).toEqual(Object.fromEntries(keys.map((key) => [key, LIMIT + LIMIT * elapsedS])));
  });
});

/** Transactions injected for the stalled test: 40 stalled deliveries are more than the 32 slots, all of which they hold. */
const INJECTED = 40;

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
    await timeListing(3); // warm up
    const before = median(await timeListing(11));

    // INJECTED transactions for the watched address: twice as many deliveries, the stalled ones more than the 32
    // delivery slots and so holding every one of them (a listing that waited on a delivery, or for a free slot, would
    // wait for the 5 s attempt timeout, whatever the count).
    await Promise.all(
      Array.from({ length: INJECTED }, async () => {
        const response = await fetch(`${url}/_emulator/transactions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ chainId: '43113', from: WATCHED }),
        });
        expect(response.status).toBe(201);
        await response.arrayBuffer();
      }),
    );
    // Every slot held by a stalled receiver before the listing is timed.
    const deadline = performance.now() + 10_000;
    while (stalledConnections < DEFAULT_DELIVERY_TUNING.concurrency && performance.now() < deadline) await sleep(10);
    expect(stalledConnections).toBe(DEFAULT_DELIVERY_TUNING.concurrency);
    const during = median(await timeListing(11));
    const deliveries = (await (await fetch(`${url}/_emulator/deliveries`)).json()) as { deliveries: Array<{ state: string }> };
    figures.cases++;
    console.log(`listing median: ${before.toFixed(1)} ms idle, ${during.toFixed(1)} ms with ${stalledConnections} deliveries stalled`);
    // None delivered, none given up yet: all are still waiting on the two receivers.
    expect(deliveries.deliveries.map((d) => d.state)).toEqual(Array.from({ length: 2 * INJECTED }, () => 'retrying'));
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
 * and any further growth is a leak. Node 22 settles later than the others: from 2k to 4k its heap still grew by
 * 0.35-0.46 MB (three runs), then by 0.1-0.2 MB over the next 2k or 4k; Node 20, 24 and 26 stay within the bound
 * from 2k.
 */
const WARM_UP = 4_000;
/**
 * Deliveries in all: 2k after the warm-up. The heap after GC moved by -0.1 to 0.1 MB over them (Node 20, 22 and 26,
 * two tries each); a leak of a 300-byte string per delivery (a kept body is twice that) added 0.7-0.8 MB and failed
 * the bound below on Node 20 and 22. Throughput and the long run are `npm run bench`'s.
 */
const TOTAL = 6_000;
/** The bound on growth per delivery: 0.3 MB over the 2k, three times what was seen, under half what a 300-byte leak added. */
const LEAK_BYTES_PER_DELIVERY = 150;

describe('the delivery queue over 6k deliveries', () => {
  it('keeps memory flat: heap after GC at 6k is within slack of the heap at 4k, and nothing is lost', async () => {
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
    // Flat: 2k more deliveries may not cost more than 0.3 MB (a leak of 300 bytes each is 0.6 MB).
    expect(heapAtTotal - heapAtWarmUp).toBeLessThan((TOTAL - WARM_UP) * LEAK_BYTES_PER_DELIVERY);
  }, 60_000);
});
