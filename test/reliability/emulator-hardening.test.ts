// The emulator under a receiver that is down (issue 15, classes 5 and 10): synthetic activity bounded per tick,
// unfinished deliveries bounded (the oldest given up and recorded as failed), every message given up within
// 2 minutes on the default schedule, and a listen address printed as a URL a client can use.
// The long run (1,000 webhooks for 40 s, RSS of the process) is `node bench/emulator-memory.mjs`; here short ones, with
// 48 and 64 watched chains: several times the 16 a tick may serve, which is what the bounds are about.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DELIVERY_TUNING, DeliveryQueue } from '../../src/emulator/deliveries/queue.js';
import type { DeliveryTuning } from '../../src/emulator/deliveries/queue.js';
import { startEmulator } from '../../src/emulator/index.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { localUrl, networkUrls } from '../../src/emulator/listen-urls.js';
import { startEmulatorServer } from '../../src/emulator/server.js';
import { EmulatorState } from '../../src/emulator/state.js';
import { API_KEY, call, startReceiver, testOptions } from '../helpers/emulator-helpers.js';
import { runInProcess, startInProcess } from '../helpers/cli.js';

/** The seed the tests' emulators start from (testOptions'): a seed this process has made before starts at once. */
const TEST_SEED = testOptions().seed!;

const WATCHED = '0x1111111111111111111111111111111111111111';
const STRANGER = '0x2222222222222222222222222222222222222222';
/** The real timer, for waits that must pass in real time while a test fakes setTimeout. */
const realSetTimeout = globalThis.setTimeout;
const realSetInterval = globalThis.setInterval;

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A URL on a port nothing listens on: each attempt is refused at once. */
async function deadUrl(): Promise<string> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}/hook`;
}

function webhookRequest(chainId: string, address: string, url: string) {
  return { url, chainId, eventType: 'address_activity' as const, metadata: { addresses: [address] } };
}

function addressNumber(n: number): string {
  return `0x${n.toString(16).padStart(40, '0')}`;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

function exposeGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/**
 * Watched chains for the tick test: three ticks' worth at 16 a tick. A tick serving every watched chain, or the same 16
 * each time, fails at any count past 16 (both tried at this count); 1,000 (the issue's) and 160 only made the test
 * longer, as each chain's first block generates its accounts.
 */
const WATCHED_CHAINS = 48;

describe(`synthetic activity with ${WATCHED_CHAINS} watched chains`, () => {
  it('makes a block on each catalogue chain and on at most 16 others per tick, every watched chain in its turn', async () => {
    // Retries a minute apart: this test is about what a tick makes, not about delivering it.
    const state = new EmulatorState(TEST_SEED, true, { ...DEFAULT_DELIVERY_TUNING, retryDelayMs: () => 60_000 });
    cleanups.push(() => state.close());
    await state.begin();
    const watched = new Set<string>();
    for (let i = 0; i < WATCHED_CHAINS; i++) {
      const chainId = String(900_000 + i);
      watched.add(chainId);
      await state.createWebhook(webhookRequest(chainId, addressNumber(i + 1), 'http://127.0.0.1:9/hook'), API_KEY);
    }
    const served = new Set<string>();
    const tickMs: number[] = [];
    let now = 1_800_000_000_000;
    const ticks = Math.ceil(WATCHED_CHAINS / 16);
    for (let tick = 0; tick < ticks; tick++) {
      now += 2_000;
      // The tick's own CPU time (nothing else runs meanwhile): other processes on a shared machine do not add to it.
      const started = process.cpuUsage();
      await state.syntheticTick(now);
      const used = process.cpuUsage(started);
      tickMs.push((used.user + used.system) / 1_000);
      const newest = state.store.page({ network: null, txStatus: null }, null, 1_000).items.filter((tx) => tx.ms === now);
      const chains = new Set(newest.map((tx) => tx.item.chainId));
      const extra = [...chains].filter((chainId) => watched.has(chainId));
      expect(extra.length).toBeLessThanOrEqual(16);
      for (const chainId of extra) served.add(chainId);
      // At most 4 background transactions and 3 for watched addresses per block.
      expect(newest.length).toBeLessThanOrEqual(chains.size * 7);
    }
    expect(served.size).toBe(WATCHED_CHAINS);
    // Each webhook's own block brings it one message, so a tick queues at most (catalogue + 16) × 3 deliveries.
    expect(state.deliveries.pending().messages).toBeLessThanOrEqual(ticks * (9 + 16) * 3);
    // Before the bound a tick with 1,000 watched chains made about 3,500 transactions and took ~650 ms (with 160, a tick
    // serving every chain fails the count above); loose, as these machines are shared.
    console.log(
      `synthetic tick with ${WATCHED_CHAINS} watched chains: median ${percentile(tickMs, 0.5).toFixed(1)} ms of CPU, max ${Math.max(...tickMs).toFixed(1)} ms`,
    );
    expect(percentile(tickMs, 0.5)).toBeLessThan(100);
  });
});

describe('unfinished deliveries are bounded', () => {
  /** Long retries and time limit: what is given up here is given up by the bounds alone. */
  const patient: DeliveryTuning = { ...DEFAULT_DELIVERY_TUNING, retryDelayMs: () => 600_000, giveUpAfterMs: 600_000 };

  it('gives up the oldest beyond maxPending, records them as failed, and keeps the newest', async () => {
    const url = await deadUrl();
    const queue = new DeliveryQueue({ ...patient, maxPending: 100 });
    cleanups.push(() => queue.close());
    for (let i = 0; i < 250; i++) {
      await queue.enqueue('w', url, `m${i}`, { messageId: `m${i}` });
      expect(queue.pending().messages).toBeLessThanOrEqual(100);
    }
    const records = queue.list();
    const states = new Map(records.map((record) => [record.messageId, record.state]));
    expect(records.filter((record) => record.state === 'failed').map((record) => record.messageId)).toEqual(
      Array.from({ length: 150 }, (_, i) => `m${i}`),
    );
    for (let i = 150; i < 250; i++) expect(states.get(`m${i}`)).toBe('retrying');
  });

  it('gives up the oldest beyond maxPendingBytes, never the newest even when it alone is larger', async () => {
    const url = await deadUrl();
    const queue = new DeliveryQueue({ ...patient, maxPendingBytes: 1_000_000 });
    cleanups.push(() => queue.close());
    const message = (id: string, bytes: number) => ({ messageId: id, padding: 'x'.repeat(bytes) });
    for (let i = 0; i < 30; i++) {
      await queue.enqueue('w', url, `m${i}`, message(`m${i}`, 100_000));
      expect(queue.pending().bytes).toBeLessThanOrEqual(1_000_000);
    }
    expect(queue.pending().messages).toBe(9);
    expect(
      queue
        .list()
        .filter((record) => record.state === 'retrying')
        .map((record) => record.messageId),
    ).toEqual(Array.from({ length: 9 }, (_, i) => `m${21 + i}`));
    await queue.enqueue('w', url, 'huge', message('huge', 2_000_000));
    expect(queue.pending().messages).toBe(1);
    expect(queue.list().find((record) => record.messageId === 'huge')?.state).toBe('retrying');
  });

  // Ten times the records kept: a queue that kept every record would hold 5,000, eight times the bound.
  it('holds at most retainedRecords finished records beside the unfinished ones, over 5,000 messages', async () => {
    const url = await deadUrl();
    const queue = new DeliveryQueue({ ...patient, maxPending: 100, retainedRecords: 500 });
    cleanups.push(() => queue.close());
    for (let i = 0; i < 5_000; i++) await queue.enqueue('w', url, `m${i}`, { messageId: `m${i}` });
    expect(queue.pending().messages).toBe(100);
    expect(queue.list().length).toBeLessThanOrEqual(600);
    expect(queue.list().at(-1)).toMatchObject({ messageId: 'm4999', state: 'retrying' });
  });
});

describe('the default schedule gives up on a receiver that is down within 2 minutes', () => {
  const TWO_MINUTES = 120_000;
  const { attemptTimeoutMs, maxAttempts, retryDelayMs, giveUpAfterMs } = DEFAULT_DELIVERY_TUNING;

  it('fits in 2 minutes even when every attempt times out, and its time limit does too', () => {
    let worstMs = maxAttempts * attemptTimeoutMs;
    for (let failed = 1; failed < maxAttempts; failed++) worstMs += retryDelayMs(failed);
    expect(worstMs).toBeLessThanOrEqual(giveUpAfterMs);
    expect(giveUpAfterMs).toBeLessThan(TWO_MINUTES);
    expect(maxAttempts).toBeGreaterThanOrEqual(5);
  });

  /** Moves the fake clock on in steps, letting real sockets answer between them, until `done()` or `limitMs`. */
  async function advanceUntil(done: () => boolean, limitMs: number, stepMs = 1_000): Promise<number> {
    let advanced = 0;
    while (!done() && advanced < limitMs) {
      await vi.advanceTimersByTimeAsync(stepMs);
      advanced += stepMs;
      await new Promise((resolve) => realSetTimeout(resolve, 2));
    }
    return advanced;
  }

  it('gives up a refused and a silent receiver, on the fake clock, with every attempt made', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const emulator = await startEmulator(testOptions());
    cleanups.push(() => emulator.close());
    const silent = await startReceiver();
    cleanups.push(() => silent.close());
    silent.respond = () => 'hang';
    const refused = await deadUrl();
    for (const url of [refused, silent.url]) {
      const created = await call(emulator.url, 'POST', '/v1/webhooks', { key: API_KEY, body: webhookRequest('43114', WATCHED, url) });
      expect(created.status).toBe(201);
    }
    const injected = await call(emulator.url, 'POST', '/_emulator/transactions', {
      body: { chainId: '43114', from: WATCHED, to: STRANGER },
    });
    expect(injected.body.messageIds).toHaveLength(2);
    const deliveries = async (): Promise<Array<{ state: string; attempts: number }>> =>
      (await call(emulator.url, 'GET', '/_emulator/deliveries')).body.deliveries;
    let elapsed = 0;
    let records = await deliveries();
    while (records.some((record) => record.state !== 'failed') && elapsed < TWO_MINUTES) {
      elapsed += await advanceUntil(() => false, 1_000);
      records = await deliveries();
    }
    expect(records.map((record) => record.state)).toEqual(['failed', 'failed']);
    expect(records.map((record) => record.attempts)).toEqual([maxAttempts, maxAttempts]);
    expect(silent.requests).toHaveLength(maxAttempts);
    console.log(`default schedule: a refused and a silent receiver both given up after ${elapsed / 1000} s`);
    expect(elapsed).toBeLessThanOrEqual(TWO_MINUTES);
  }, 30_000);

  it('gives up messages that waited for a slot behind silent receivers, when their time is up', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const silent = await startReceiver();
    cleanups.push(() => silent.close());
    silent.respond = () => 'hang';
    // Two slots for 20 messages of 5 s attempts: the schedule alone would take ten minutes.
    const queue = new DeliveryQueue({ ...DEFAULT_DELIVERY_TUNING, concurrency: 2 });
    cleanups.push(() => queue.close());
    for (let i = 0; i < 20; i++) await queue.enqueue('w', silent.url, `m${i}`, { messageId: `m${i}` });
    const unfinished = () => queue.list().filter((record) => record.state !== 'failed').length;
    await advanceUntil(() => false, giveUpAfterMs - 1_000);
    expect(unfinished()).toBeGreaterThan(0);
    await advanceUntil(() => unfinished() === 0, 2_000);
    expect(unfinished()).toBe(0);
    const attempts = queue.list().map((record) => record.attempts);
    expect(Math.min(...attempts)).toBeLessThan(maxAttempts);
  }, 30_000);
});

/**
 * Webhooks on distinct chain ids for the run below, and the bound on unfinished deliveries: four ticks' worth of
 * chains, so the bound is reached within a few blocks (the run used 200 of both, to the same end, at three times the
 * cost of creating them and of their first blocks). A queue without the bound fails it at this count (tried).
 */
const HOOKED_CHAINS = 64;
/**
 * The block time of the run: 10 blocks a second. Each block (about 40 ms of CPU) costs for as long as the run lasts,
 * and at 25 or 50 ms a busy machine spent the whole run making blocks back to back, the API waiting behind them; the
 * bound is reached within a few blocks either way.
 */
const BLOCK_MS = 100;

describe(`the emulator with ${HOOKED_CHAINS} webhooks on distinct chain ids and their receiver down`, () => {
  it('keeps its heap bounded and answers the API at once, in a short run at 20 times the block rate', async () => {
    const gc = exposeGc();
    // Blocks every BLOCK_MS instead of 2 s; retries far apart, so messages stay unfinished and reach the bound.
    // Given-up records kept: a few hundred, not the default 10,000 (that bound is the 5,000-message test's), so that
    // GET /_emulator/deliveries, read after every listing, does not grow with the run on a machine slow to finish it.
    const tuning: DeliveryTuning = {
      ...DEFAULT_DELIVERY_TUNING,
      retryDelayMs: () => 60_000,
      maxPending: HOOKED_CHAINS,
      retainedRecords: 4 * HOOKED_CHAINS,
    };
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    // The emulator's block timer held until the webhooks are there (created while blocks come every BLOCK_MS, they cost
    // twice the run itself); from then on the blocks come in real time, every BLOCK_MS, from the emulator's own timer.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    // Chains the catalogue does not serve: taken only when asked for (the service, and so the emulator by default, refuses them).
    const emulator: RunningEmulator = await startEmulatorServer(testOptions({ blockTimeMs: BLOCK_MS, unlistedChains: true }), tuning);
    cleanups.push(() => emulator.close());
    const url = await deadUrl();
    for (let i = 0; i < HOOKED_CHAINS; i += 32) {
      await Promise.all(
        Array.from({ length: 32 }, async (_, j) => {
          const created = await call(emulator.url, 'POST', '/v1/webhooks', {
            key: API_KEY,
            body: webhookRequest(String(900_000 + i + j), addressNumber(i + j + 1), url),
          });
          expect(created.status).toBe(201);
        }),
      );
    }
    // Each watched chain's first block (which generates its accounts, the costly part) before the timed run, as the
    // long creation under running blocks used to leave it: what is timed is the emulator as it runs on.
    for (let tick = 0; tick < Math.ceil(HOOKED_CHAINS / 16); tick++) vi.advanceTimersByTime(BLOCK_MS);
    // On a busy machine those blocks can hold the event loop past the server's 5 s keep-alive: its idle timeouts are
    // then due, and a request sent now on a pooled connection reaches a socket the server closes first (ECONNRESET).
    // A timer turn lets those timeouts fire, and a turn past the poll phase lets the client see the closes.
    await new Promise((resolve) => realSetTimeout(resolve, 0));
    await new Promise((resolve) => setImmediate(resolve));
    const blocks = realSetInterval(() => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(BLOCK_MS);
    }, BLOCK_MS);
    cleanups.push(() => clearInterval(blocks));
    const listingMs: number[] = [];
    const deliveriesMs: number[] = [];
    let most = { pending: 0, failed: 0, records: 0 };
    const started = performance.now();
    // 1 s, and on until the bound was reached and the oldest given up and there are 10 timings at least (a median of one
    // or two is a single stall of a busy machine), for 20 s at most. The first timings, beside the first deliveries
    // refused, are the slowest: the second of steady running keeps the median to what the API answers as it runs on.
    const running = () =>
      performance.now() - started < 1_000 || ((most.failed === 0 || listingMs.length < 10) && performance.now() - started < 20_000);
    while (running()) {
      let at = performance.now();
      const listing = await fetch(`${emulator.url}/v1/transactions?pageSize=10`);
      await listing.arrayBuffer();
      listingMs.push(performance.now() - at);
      at = performance.now();
      const { deliveries } = (await (await fetch(`${emulator.url}/_emulator/deliveries`)).json()) as {
        deliveries: Array<{ state: string }>;
      };
      deliveriesMs.push(performance.now() - at);
      const pending = deliveries.filter((record) => record.state === 'retrying').length;
      most = {
        pending: Math.max(most.pending, pending),
        failed: deliveries.length - pending,
        records: Math.max(most.records, deliveries.length),
      };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    gc();
    const heapGrowthMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
    console.log(
      `${HOOKED_CHAINS} watched chains, receiver down, ${((performance.now() - started) / 1000).toFixed(1)} s: heap +${heapGrowthMb.toFixed(0)} MB after GC; ` +
        `GET /v1/transactions median ` +
        `${percentile(listingMs, 0.5).toFixed(1)} ms, p95 ${percentile(listingMs, 0.95).toFixed(1)} ms; GET /_emulator/deliveries p95 ` +
        `${percentile(deliveriesMs, 0.95).toFixed(1)} ms; at most ${most.pending} unfinished, ${most.failed} given up`,
    );
    expect(most.pending).toBeLessThanOrEqual(HOOKED_CHAINS);
    expect(most.failed).toBeGreaterThan(0);
    // Before the bounds, with 1,000 chains the heap grew ~150 MB within five ticks and each tick blocked the API for
    // ~650 ms (a tick serving every chain is caught at any count by the tick test above). Now the transaction store
    // (at most 22,000), the chains' generated accounts (~17 KB each) and the queue (HOOKED_CHAINS messages) are all that
    // grows. Loose bounds, as these machines are shared (the whole suite runs beside it): the median alone, under the
    // ~650 ms a tick used to block for. Alone it is 2-8 ms here; a CI run on a saturated 2-core machine once saw 222 ms.
    expect(heapGrowthMb).toBeLessThan(150);
    expect(percentile(listingMs, 0.5)).toBeLessThan(400);
  }, 30_000);
});

describe('listen addresses are printed as URLs a client can use', () => {
  const at = (address: string, port = 4010): AddressInfo => ({ address, port, family: address.includes(':') ? 'IPv6' : 'IPv4' });

  it('prints loopback for a wildcard address and the bound address otherwise', () => {
    expect(localUrl(at('0.0.0.0'))).toBe('http://127.0.0.1:4010');
    expect(localUrl(at('::'))).toBe('http://127.0.0.1:4010');
    expect(localUrl(at('127.0.0.1', 0))).toBe('http://127.0.0.1:0');
    expect(localUrl(at('::1'))).toBe('http://[::1]:4010');
    expect(localUrl(at('192.168.1.5'))).toBe('http://192.168.1.5:4010');
    expect(localUrl(at('fd00::5'))).toBe('http://[fd00::5]:4010');
  });

  it('lists the external addresses as network URLs for a wildcard only, IPv6 ones for :: outside link-local scope', () => {
    const interfaces = {
      lo: [
        { address: '127.0.0.1', netmask: '255.0.0.0', family: 'IPv4', mac: '00:00:00:00:00:00', internal: true, cidr: '127.0.0.1/8' },
        {
          address: '::1',
          netmask: 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
          family: 'IPv6',
          mac: '00:00:00:00:00:00',
          internal: true,
          cidr: '::1/128',
          scopeid: 0,
        },
      ],
      eth0: [
        {
          address: '192.168.1.5',
          netmask: '255.255.255.0',
          family: 'IPv4',
          mac: '02:42:ac:11:00:02',
          internal: false,
          cidr: '192.168.1.5/24',
        },
        {
          address: 'fe80::42:acff:fe11:2',
          netmask: 'ffff:ffff:ffff:ffff::',
          family: 'IPv6',
          mac: '02:42:ac:11:00:02',
          internal: false,
          cidr: 'fe80::42:acff:fe11:2/64',
          scopeid: 2,
        },
        {
          address: '2001:db8::5',
          netmask: 'ffff:ffff:ffff:ffff::',
          family: 'IPv6',
          mac: '02:42:ac:11:00:02',
          internal: false,
          cidr: '2001:db8::5/64',
          scopeid: 0,
        },
      ],
    } as NodeJS.Dict<ReturnType<typeof networkInterfaces>[string] & object>;
    expect(networkUrls(at('0.0.0.0'), interfaces)).toEqual(['http://192.168.1.5:4010']);
    expect(networkUrls(at('::'), interfaces)).toEqual(['http://192.168.1.5:4010', 'http://[2001:db8::5]:4010']);
    expect(networkUrls(at('127.0.0.1'), interfaces)).toEqual([]);
    expect(networkUrls(at('192.168.1.5'), interfaces)).toEqual([]);
  });

  /**
   * `svc emulator start --port 0 --block-time 0 ...extra` in this process, until its URL is printed. Seeded as the
   * other tests' emulators are: the address is what is tested, and a seed this process has made before starts at once.
   */
  async function startCommand(extra: string[]): Promise<{ stdout: string; stderr: () => string; stop: () => Promise<number> }> {
    const running = await startInProcess(['emulator', 'start', '--port', '0', '--block-time', '0', '--seed', String(TEST_SEED), ...extra]);
    cleanups.push(async () => {
      await running.stop();
    });
    return { stdout: running.stdout(), stderr: running.stderr, stop: running.stop };
  }

  function hasIPv6(): boolean {
    return Object.values(networkInterfaces()).some((entries) => entries?.some((entry) => entry.family === 'IPv6' && entry.internal));
  }

  it.each([
    ['0.0.0.0', /^http:\/\/127\.0\.0\.1:\d+$/, true],
    ['::', /^http:\/\/127\.0\.0\.1:\d+$/, true],
    ['[::]', /^http:\/\/127\.0\.0\.1:\d+$/, true],
    ['127.0.0.1', /^http:\/\/127\.0\.0\.1:\d+$/, false],
    ['::1', /^http:\/\/\[::1\]:\d+$/, false],
    ['localhost', /^http:\/\/(127\.0\.0\.1|\[::1\]):\d+$/, false],
  ])('--host %s: the first line and the export line give a URL svc can use', async (host, firstLine, wildcard) => {
    if (host.includes(':') && !hasIPv6()) return;
    const started = await startCommand(['--host', host]);
    const [url, exported, rest] = started.stdout.split('\n');
    expect(url).toMatch(firstLine);
    expect(exported).toBe(`export SVC_BASE_URL=${url}`);
    expect(rest).toBe('');
    const stderr = started.stderr();
    if (wildcard) {
      expect(stderr).toContain(`Emulator listening on every address`);
      expect(stderr).toContain(`  Local:   ${url}\n`);
      for (const line of stderr.split('\n').filter((text) => text.includes('Network:'))) {
        expect(line).toMatch(/^ {2}Network: http:\/\/(\d+\.\d+\.\d+\.\d+|\[[0-9a-f:]+\]):\d+$/);
      }
    } else {
      expect(stderr).toContain(`Emulator listening on ${url} (Ctrl-C to stop)`);
    }
    expect(stderr).not.toMatch(/0\.0\.0\.0:\d|\[::\]:\d/);
    const listed = await runInProcess(['tx', 'list', '--page-size', '2', '--json'], { env: { SVC_BASE_URL: url! } });
    expect(listed.stderr).toBe('');
    expect(listed.exitCode).toBe(0);
    expect(JSON.parse(listed.stdout).transactions).toHaveLength(2);
  });
});
