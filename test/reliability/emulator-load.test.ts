// The emulator under load: concurrent clients over the rate limit get 429 with Retry-After and nothing else;
// a stalled or dead webhook receiver does not slow the transaction listing. (That the delivery queue's memory stays
// flat over thousands of deliveries is test/deep/delivery-queue-memory.test.ts's: slow by nature.) Timing checks are
// deliberately loose: these machines are shared and noisy. Throughput and memory goals are `npm run bench`'s.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_EMULATOR_OPTIONS, startEmulator } from '../../src/emulator/index.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { DEFAULT_DELIVERY_TUNING } from '../../src/emulator/deliveries/queue.js';
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
