// Signed notifications in the emulator, over real HTTP: the shared-secret operations, x-signature on every attempt
// under the secret current at send time, webhooks switched off after a message failed for good, the retry schedules,
// and the options that set them.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DeliveryTuning } from '../../src/emulator/deliveries/queue.js';
import { DEFAULT_DELIVERY_TUNING, REAL_DELIVERY_TUNING, tuningFor } from '../../src/emulator/deliveries/queue.js';
import type { EmulatorOptions, RunningEmulator } from '../../src/emulator/index.js';
import { startEmulator } from '../../src/emulator/index.js';
import { signBody, verifyBody } from '../../src/signature/index.js';
import { runInProcess, startInProcess } from '../helpers/cli.js';
import type { Receiver } from '../helpers/emulator-helpers.js';
import {
  API_KEY,
  call,
  FAST_DELIVERY,
  SHORT_HISTORY,
  startReceiver,
  startTestEmulator,
  testOptions,
  webhookBody,
} from '../helpers/emulator-helpers.js';

const WATCHED = '0xa11ce00000000000000000000000000000000001';
const STRANGER = '0xb0b0000000000000000000000000000000000002';
const FIXED_SECRET = '0123456789abcdef'.repeat(4);
const HEX64 = /^[0-9a-f]{64}$/;
/** The real clock's timer, kept before any test fakes setTimeout. */
const realSetTimeout = globalThis.setTimeout;

describe('emulator shared secrets and signed deliveries', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function emulatorWith(overrides: Partial<EmulatorOptions> = {}, tuning: DeliveryTuning = FAST_DELIVERY): Promise<RunningEmulator> {
    const running = await startTestEmulator({ ...SHORT_HISTORY, ...overrides }, tuning);
    cleanups.push(() => running.close());
    return running;
  }

  async function receiverFor(url: string, key = API_KEY): Promise<{ receiver: Receiver; id: string }> {
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const created = await call(url, 'POST', '/v1/webhooks', {
      key,
      body: webhookBody({ url: receiver.url, metadata: { addresses: [WATCHED] } }),
    });
    expect(created.status).toBe(201);
    return { receiver, id: created.body.id };
  }

  async function inject(url: string, body: Record<string, unknown> = {}): Promise<string[]> {
    const response = await call(url, 'POST', '/_emulator/transactions', { body: { chainId: '43114', from: WATCHED, ...body } });
    expect(response.status).toBe(201);
    return response.body.messageIds;
  }

  const secretOf = async (url: string, key = API_KEY): Promise<string> => {
    const response = await call(url, 'GET', '/v1/webhooks:getSharedSecret', { key });
    expect(response.status).toBe(200);
    return response.body.secret;
  };

  describe('the two secret operations', () => {
    let emulator: RunningEmulator;
    beforeAll(async () => {
      emulator = await startTestEmulator({ readOnlyKeys: ['viewer'] });
    });
    afterAll(() => emulator.close());

    it('gets one secret per key, made on first use and kept; rotation answers 201 with a new one that get then gives', async () => {
      const first = await call(emulator.url, 'GET', '/v1/webhooks:getSharedSecret', { key: API_KEY });
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toMatch(/^application\/json/);
      expect(first.body).toEqual({ secret: expect.stringMatching(HEX64) });
      expect(await secretOf(emulator.url)).toBe(first.body.secret);
      expect(await secretOf(emulator.url, 'another-key')).not.toBe(first.body.secret);
      const rotated = await call(emulator.url, 'POST', '/v1/webhooks:generateOrRotateSharedSecret', { key: API_KEY });
      expect(rotated.status).toBe(201);
      expect(rotated.body).toEqual({ secret: expect.stringMatching(HEX64) });
      expect(rotated.body.secret).not.toBe(first.body.secret);
      expect(await secretOf(emulator.url)).toBe(rotated.body.secret);
      // A body is not part of the operation; one sent anyway changes nothing.
      const withBody = await call(emulator.url, 'POST', '/v1/webhooks:generateOrRotateSharedSecret', {
        key: API_KEY,
        body: { secret: 'ab' },
      });
      expect(withBody.status).toBe(201);
      expect(withBody.body.secret).toMatch(HEX64);
    });

    it('needs a key (401); a read-only key may get the secret but not rotate it (403)', async () => {
      for (const [method, path] of [
        ['GET', '/v1/webhooks:getSharedSecret'],
        ['POST', '/v1/webhooks:generateOrRotateSharedSecret'],
      ] as const) {
        const keyless = await call(emulator.url, method, path);
        expect(keyless.status).toBe(401);
        expect(keyless.body).toEqual({ message: expect.stringContaining('x-service-api-key'), statusCode: 401, error: 'Unauthorized' });
      }
      expect((await secretOf(emulator.url, 'viewer')).length).toBe(64);
      const forbidden = await call(emulator.url, 'POST', '/v1/webhooks:generateOrRotateSharedSecret', { key: 'viewer' });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toEqual({
        message: expect.stringMatching(/read-only.*rotate the shared secret/),
        statusCode: 403,
        error: 'Forbidden',
      });
    });

    it('is rate-limited and faulted like every /v1 operation', async () => {
      const limited = await emulatorWith({ rateLimit: 2 });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await call(limited.url, 'GET', '/v1/webhooks:getSharedSecret', { key: API_KEY })).status);
      expect(statuses).toContain(429);
      const faulty = await emulatorWith({ faultRate: 1 });
      for (let i = 0; i < 5; i++) {
        const outcome = await call(faulty.url, 'POST', '/v1/webhooks:generateOrRotateSharedSecret', { key: API_KEY }).then(
          (response) => response.status,
          () => 'dropped',
        );
        expect([500, 502, 503, 429, 'dropped']).toContain(outcome);
      }
    });
  });

  describe('signing', () => {
    // One emulator for the tests that need one as started with the defaults: each takes it reset, which forgets
    // webhooks, deliveries and the secrets made, as a fresh one has none (a start costs a quarter of a CPU second).
    let shared: RunningEmulator;
    beforeAll(async () => {
      shared = await startTestEmulator();
    });
    afterAll(() => shared.close());
    async function resetShared(): Promise<RunningEmulator> {
      expect((await call(shared.url, 'POST', '/_emulator/reset')).status).toBe(200);
      return shared;
    }

    it('signs every delivery with the key’s secret: verifyBody accepts it, another secret or a changed byte does not', async () => {
      const emulator = await resetShared();
      const { receiver } = await receiverFor(emulator.url);
      await inject(emulator.url);
      await inject(emulator.url, {
        from: STRANGER,
        erc20Transfers: [
          {
            // A mint: a sender must hold what it sends.
            from: '0x0000000000000000000000000000000000000000',
            to: WATCHED,
            value: '1234500',
            token: { address: '0x70c0000000000000000000000000000000000003', name: 'Ünïcødé “Tøken” 🚀', symbol: 'ÜT', decimals: 4 },
          },
        ],
      });
      await receiver.waitFor(2);
      const secret = await secretOf(emulator.url);
      for (const request of receiver.requests) {
        expect(request.signature).toMatch(/^[A-Za-z0-9+/]{43}=$/);
        expect(verifyBody(secret, request.rawBody, request.signature)).toEqual({ valid: true });
        expect(request.signature).toBe(signBody(secret, JSON.parse(request.rawBody)));
        expect(verifyBody('ab'.repeat(32), request.rawBody, request.signature).valid).toBe(false);
        expect(verifyBody(secret, request.rawBody.replace(WATCHED.slice(-6), 'ffffff'), request.signature).valid).toBe(false);
      }
      expect(receiver.requests[1]!.rawBody).toContain('Ünïcødé “Tøken” 🚀');
    });

    it('makes the secret on the first delivery for a key that never asked, and get then gives that one', async () => {
      const emulator = await resetShared();
      const { receiver } = await receiverFor(emulator.url, 'quiet-key');
      await inject(emulator.url);
      const [request] = await receiver.until(() => (receiver.requests.length > 0 ? receiver.requests : undefined));
      expect(verifyBody(await secretOf(emulator.url, 'quiet-key'), request!.rawBody, request!.signature)).toEqual({ valid: true });
    });

    it('after a rotation, new attempts carry the new secret’s signature only, a retry of an older message too', async () => {
      const emulator = await emulatorWith({}, { ...FAST_DELIVERY, retryDelayMs: () => 150 });
      const { receiver } = await receiverFor(emulator.url);
      receiver.respond = (index) => (index === 0 ? 503 : undefined);
      const oldSecret = await secretOf(emulator.url);
      const [messageId] = await inject(emulator.url);
      await receiver.until(() => (receiver.requests.length === 1 ? true : undefined));
      const rotated = await call(emulator.url, 'POST', '/v1/webhooks:generateOrRotateSharedSecret', { key: API_KEY });
      const newSecret = rotated.body.secret as string;
      const [retried] = await receiver.waitFor(1);
      expect(retried!.messageId).toBe(messageId);
      await inject(emulator.url);
      await receiver.waitFor(2);
      const [first, retry, fresh] = receiver.requests;
      expect(verifyBody(oldSecret, first!.rawBody, first!.signature).valid).toBe(true);
      expect(verifyBody(newSecret, first!.rawBody, first!.signature).valid).toBe(false);
      for (const request of [retry!, fresh!]) {
        expect(verifyBody(newSecret, request.rawBody, request.signature).valid).toBe(true);
        expect(verifyBody(oldSecret, request.rawBody, request.signature).valid).toBe(false);
      }
      expect(retry!.rawBody).toBe(first!.rawBody);
    });

    it('with a starting secret, signs with it, rotates away from it, and a reset returns to it', async () => {
      const emulator = await emulatorWith({ webhookSecret: FIXED_SECRET });
      expect(await secretOf(emulator.url)).toBe(FIXED_SECRET);
      expect(await secretOf(emulator.url, 'another-key')).toBe(FIXED_SECRET);
      const { receiver } = await receiverFor(emulator.url);
      await inject(emulator.url);
      const [request] = await receiver.until(() => (receiver.requests.length > 0 ? receiver.requests : undefined));
      expect(verifyBody(FIXED_SECRET, request!.rawBody, request!.signature)).toEqual({ valid: true });
      const rotated = (await call(emulator.url, 'POST', '/v1/webhooks:generateOrRotateSharedSecret', { key: API_KEY })).body.secret;
      expect(rotated).not.toBe(FIXED_SECRET);
      expect(await secretOf(emulator.url, 'another-key')).toBe(FIXED_SECRET);
      expect((await call(emulator.url, 'POST', '/_emulator/reset')).status).toBe(200);
      expect(await secretOf(emulator.url)).toBe(FIXED_SECRET);
    });

    it('without a starting secret, a reset forgets the secrets made: the next get makes a new one', async () => {
      const emulator = await resetShared();
      const before = await secretOf(emulator.url);
      await call(emulator.url, 'POST', '/_emulator/reset');
      const after = await secretOf(emulator.url);
      expect(after).toMatch(HEX64);
      expect(after).not.toBe(before);
    });

    it('never writes a secret into its log lines', async () => {
      const lines: string[] = [];
      const emulator = await emulatorWith({ webhookSecret: FIXED_SECRET, log: (line) => lines.push(line) });
      const { receiver } = await receiverFor(emulator.url);
      await secretOf(emulator.url);
      const rotated = (await call(emulator.url, 'POST', '/v1/webhooks:generateOrRotateSharedSecret', { key: API_KEY })).body.secret;
      await inject(emulator.url);
      await receiver.waitFor(1);
      expect(lines.length).toBeGreaterThanOrEqual(3);
      expect(lines.join('\n')).toContain('GET /v1/webhooks:getSharedSecret 200');
      for (const secret of [FIXED_SECRET, rotated]) expect(lines.join('\n')).not.toContain(secret);
    });
  });

  describe('a message that failed for good switches its webhook off', () => {
    it('after the last attempt: the webhook is inactive in GET, the delivery says so, its other messages stop, nothing more is sent', async () => {
      const emulator = await emulatorWith({}, { ...FAST_DELIVERY, maxAttempts: 3, retryDelayMs: () => 30 });
      const { receiver, id } = await receiverFor(emulator.url);
      receiver.respond = () => 503;
      const [doomed] = await inject(emulator.url);
      const records = await waitForRecords(emulator.url, (list) => list[0]?.state === 'failed');
      expect(records).toEqual([
        expect.objectContaining({
          messageId: doomed,
          webhookId: id,
          url: receiver.url,
          attempts: 3,
          lastStatus: 503,
          state: 'failed',
          webhookDeactivated: true,
          givenUpReason: 'attempts_exhausted',
        }),
      ]);
      expect(records[0]!.switchedOffBy).toBeUndefined();
      expect((await call(emulator.url, 'GET', `/v1/webhooks/${id}`, { key: API_KEY })).body.status).toBe('inactive');
      // Inactive, it gets no new message, and nothing of it is pending.
      expect(await inject(emulator.url)).toEqual([]);
      expect((await call(emulator.url, 'GET', '/_emulator/status')).body.pendingMessages).toBe(0);
      // Switched on again, it is delivered to as before.
      receiver.respond = () => 200;
      await call(emulator.url, 'PATCH', `/v1/webhooks/${id}`, { key: API_KEY, body: { status: 'active' } });
      const [next] = await inject(emulator.url);
      expect((await receiver.waitFor(1))[0]!.messageId).toBe(next);
    });

    it('cancels the webhook’s other messages, each saying which message switched the webhook off; other webhooks are left alone', async () => {
      // Two attempts each; the first message fails while the second still waits its turn to retry.
      const emulator = await emulatorWith({}, { ...FAST_DELIVERY, maxAttempts: 2, retryDelayMs: () => 40 });
      const { receiver, id } = await receiverFor(emulator.url);
      receiver.respond = () => 500;
      const healthy = await receiverFor(emulator.url);
      const [first] = await inject(emulator.url, { to: STRANGER });
      await receiver.until(() => (receiver.requests.length >= 1 ? true : undefined));
      const second = await inject(emulator.url, { to: STRANGER });
      expect(second).toHaveLength(2);
      await healthy.receiver.waitFor(2);
      const records = await waitForRecords(emulator.url, (list) =>
        list.filter((one) => one.webhookId === id).every((one) => one.state === 'failed'),
      );
      const mine = records.filter((one) => one.webhookId === id);
      expect(mine.find((one) => one.messageId === first)).toMatchObject({ state: 'failed', webhookDeactivated: true });
      expect(mine.filter((one) => one.webhookDeactivated)).toHaveLength(1);
      expect(mine.find((one) => one.messageId === first)!.givenUpReason).toBe('attempts_exhausted');
      const others = mine.filter((one) => one.messageId !== first);
      expect(others.length).toBeGreaterThan(0);
      for (const other of others) expect(other).toMatchObject({ givenUpReason: 'webhook_switched_off', switchedOffBy: first });
      expect((await call(emulator.url, 'GET', `/v1/webhooks/${healthy.id}`, { key: API_KEY })).body.status).toBe('active');
      expect((await call(emulator.url, 'GET', `/v1/webhooks/${id}`, { key: API_KEY })).body.status).toBe('inactive');
    });

    it('a message out of time (the give-up limit) switches its webhook off too', async () => {
      const emulator = await emulatorWith({}, { ...FAST_DELIVERY, retryDelayMs: () => 60_000, giveUpAfterMs: 1_000 });
      const { receiver, id } = await receiverFor(emulator.url);
      receiver.respond = () => 502;
      await inject(emulator.url);
      const records = await waitForRecords(emulator.url, (list) => list.length === 1 && list[0]!.state === 'failed');
      expect(records[0]).toMatchObject({
        attempts: 1,
        lastStatus: 502,
        state: 'failed',
        webhookDeactivated: true,
        givenUpReason: 'expired',
      });
      expect((await call(emulator.url, 'GET', `/v1/webhooks/${id}`, { key: API_KEY })).body.status).toBe('inactive');
    });

    it('deactivation by hand marks no message as the switch, and says the webhook was deactivated', async () => {
      const emulator = await emulatorWith({}, { ...FAST_DELIVERY, retryDelayMs: () => 60_000 });
      const { receiver, id } = await receiverFor(emulator.url);
      receiver.respond = () => 500;
      await inject(emulator.url);
      await receiver.until(() => (receiver.requests.length >= 1 ? true : undefined));
      await call(emulator.url, 'DELETE', `/v1/webhooks/${id}`, { key: API_KEY });
      const records = await waitForRecords(emulator.url, (list) => list[0]?.state === 'failed');
      expect(records[0]!.webhookDeactivated).toBeUndefined();
      expect(records[0]!.givenUpReason).toBe('webhook_deactivated');
    });
  });

  describe('retry schedules', () => {
    it('fast is the default; real is the service’s: 10 attempts after 10 s, 1, 5, 10, 30 min, 2, 6, 12, 24 h', () => {
      expect(tuningFor()).toBe(DEFAULT_DELIVERY_TUNING);
      expect(tuningFor('fast')).toBe(DEFAULT_DELIVERY_TUNING);
      expect(tuningFor('real')).toBe(REAL_DELIVERY_TUNING);
      expect(REAL_DELIVERY_TUNING.maxAttempts).toBe(10);
      expect(Array.from({ length: 9 }, (_, i) => REAL_DELIVERY_TUNING.retryDelayMs(i + 1) / 1000)).toEqual([
        10, 60, 300, 600, 1_800, 7_200, 21_600, 43_200, 86_400,
      ]);
      const schedule = Array.from({ length: 9 }, (_, i) => REAL_DELIVERY_TUNING.retryDelayMs(i + 1)).reduce((sum, delay) => sum + delay, 0);
      expect(REAL_DELIVERY_TUNING.giveUpAfterMs).toBeGreaterThan(schedule + 10 * REAL_DELIVERY_TUNING.attemptTimeoutMs);
      // The fast schedule gives a dead receiver up, and so switches its webhook off, within 2 minutes.
      const fastWorst =
        DEFAULT_DELIVERY_TUNING.maxAttempts * DEFAULT_DELIVERY_TUNING.attemptTimeoutMs +
        Array.from({ length: DEFAULT_DELIVERY_TUNING.maxAttempts - 1 }, (_, i) => DEFAULT_DELIVERY_TUNING.retryDelayMs(i + 1)).reduce(
          (a, b) => a + b,
          0,
        );
      expect(Math.min(fastWorst, DEFAULT_DELIVERY_TUNING.giveUpAfterMs)).toBeLessThanOrEqual(120_000);
    });

    it('the public entry with retrySchedule real waits 10 s before the second attempt', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      const emulator = await startEmulator(testOptions({ retrySchedule: 'real' }));
      const receiver = await startReceiver();
      receiver.respond = (index) => (index === 0 ? 503 : undefined);
      try {
        const created = await call(emulator.url, 'POST', '/v1/webhooks', {
          key: API_KEY,
          body: webhookBody({ url: receiver.url, metadata: { addresses: [WATCHED] } }),
        });
        expect(created.status).toBe(201);
        await inject(emulator.url);
        // Once the first attempt's 503 is in, the wait before the next starts.
        await waitForRecords(emulator.url, (list) => list[0]?.lastStatus === 503);
        await vi.advanceTimersByTimeAsync(9_000);
        await sleepReal(50);
        expect(receiver.requests).toHaveLength(1);
        await vi.advanceTimersByTimeAsync(1_000);
        await receiver.waitFor(1);
        expect(receiver.requests).toHaveLength(2);
      } finally {
        await receiver.close();
        await emulator.close();
        vi.useRealTimers();
      }
    });
  });

  describe('svc emulator start options', () => {
    it.each([
      [['--webhook-secret', 'not-hex-at-all'], /^svc: --webhook-secret: must be hex digits, an even number of them/, 'not-hex-at-all'],
      [['--webhook-secret', 'abc'], /^svc: --webhook-secret: must be hex digits/, 'abc'],
      [['--webhook-secret', ''], /^svc: --webhook-secret: must be hex digits/, undefined],
      [['--retry-schedule', 'slow'], /^svc: --retry-schedule "slow": must be one of fast, real/, undefined],
      [['--max-addresses', '0'], /^svc: --max-addresses "0": must be an integer from 1 to/, undefined],
      [['--max-addresses', 'many'], /^svc: --max-addresses "many": must be an integer/, undefined],
    ])('%j: exit 2 naming the flag, before listening', async (args, message, hidden) => {
      const result = await runInProcess(['emulator', 'start', '--port', '0', ...args]);
      expect(result.exitCode).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(message);
      // A rejected secret is not echoed either: it may be a real one, mistyped.
      if (hidden) expect(result.stderr).not.toContain(hidden);
    });

    it('starts with a fixed secret, the real schedule and an address cap, and keeps the secret out of --verbose', async () => {
      const running = await startInProcess([
        'emulator',
        'start',
        '--port',
        '0',
        '--block-time',
        '0',
        '--verbose',
        '--webhook-secret',
        FIXED_SECRET.toUpperCase(),
        '--retry-schedule',
        'real',
        '--max-addresses',
        '1',
      ]);
      cleanups.push(() => running.stop());
      const url = running.stdout().split('\n')[0]!;
      expect(await secretOf(url)).toBe(FIXED_SECRET.toUpperCase());
      const created = await call(url, 'POST', '/v1/webhooks', {
        key: API_KEY,
        body: webhookBody({ metadata: { addresses: [WATCHED, STRANGER] } }),
      });
      expect(created.status).toBe(400);
      expect(created.body.message).toContain('--max-addresses');
      await call(url, 'POST', '/v1/webhooks:generateOrRotateSharedSecret', { key: API_KEY });
      expect(running.stderr()).toContain('GET /v1/webhooks:getSharedSecret 200');
      expect(running.stderr().toLowerCase()).not.toContain(FIXED_SECRET);
    });
  });
});

type DeliveryRow = {
  messageId: string;
  webhookId: string;
  state: string;
  attempts: number;
  lastStatus: number | null;
  webhookDeactivated?: boolean;
  givenUpReason?: string;
  switchedOffBy?: string;
};

/** Polls the control API until `done` holds for the delivery records (real time, at most 5 s). */
async function waitForRecords(url: string, done: (records: DeliveryRow[]) => boolean): Promise<DeliveryRow[]> {
  for (let i = 0; ; i++) {
    const records = (await call(url, 'GET', '/_emulator/deliveries')).body.deliveries as DeliveryRow[];
    if (done(records)) return records;
    if (i > 250) throw new Error(`delivery records not as expected: ${JSON.stringify(records)}`);
    await sleepReal(20);
  }
}

/** A pause on the real clock, also while a test fakes setTimeout. */
function sleepReal(ms: number): Promise<void> {
  return new Promise((resolve) => realSetTimeout(resolve, ms));
}
