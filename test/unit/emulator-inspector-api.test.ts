// The control API the inspector page works through (issue 41), in-process against a real emulator on loopback: the
// listing's search, time range, total and paging to the oldest; what a message was about, its scheduled attempts and
// the receiver's answer headers; recover; the webhook summary; every change of state on the stream (given up by each
// path, webhooks switched on and off, a reset), and what survives a restart.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { DeliveryQueue } from '../../src/emulator/deliveries/queue.js';
import type { DeliveryTuning } from '../../src/emulator/deliveries/queue.js';
import { startEmulatorServer } from '../../src/emulator/server.js';
import {
  API_KEY,
  call,
  eventually,
  FAST_DELIVERY,
  startReceiver,
  SHORT_HISTORY,
  startTestEmulator,
  testOptions,
  webhookBody,
} from '../helpers/emulator-helpers.js';
import type { Receiver } from '../helpers/emulator-helpers.js';

const WATCHED = '0x71c7656ec7ab88b098defb751b7401b5f6d8976f';
const MIXED_CASE = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const OTHER = '0x8ba1f109551bd432803012645ac136ddd64dba72';
/**
 * Retries 10 ms apart: a message to a receiver that fails is given up, and its webhook switched off, at once; 5 s
 * for an answer, so a loaded machine does not turn an answer into a timeout.
 */
const QUICK_RETRIES: DeliveryTuning = { ...FAST_DELIVERY, attemptTimeoutMs: 5_000, retryDelayMs: () => 10 };

interface StreamEvent {
  event: string;
  id: string | undefined;
  data: any;
}

/** A stream of the control API read as it comes: every event, and what else it wrote (retry, comments). */
interface OpenStream {
  events: StreamEvent[];
  raw: string;
  until(check: (events: StreamEvent[]) => boolean, what: string, timeoutMs?: number): Promise<StreamEvent[]>;
  close(): void;
}

function openStream(url: string, path = '/_emulator/deliveries/stream'): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url + path, { agent: false }, (answer) => {
      const listeners = new Set<() => void>();
      let pending = '';
      const stream: OpenStream = {
        events: [],
        raw: '',
        until(check, what, timeoutMs = 5_000) {
          return new Promise((done, fail) => {
            const test = () => {
              if (!check(stream.events)) return;
              listeners.delete(test);
              clearTimeout(timer);
              done(stream.events);
            };
            const timer = setTimeout(() => {
              listeners.delete(test);
              fail(new Error(`the stream did not bring ${what}: ${stream.events.map((each) => each.event).join(' ')}`));
            }, timeoutMs);
            listeners.add(test);
            test();
          });
        },
        close: () => request.destroy(),
      };
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => {
        stream.raw += chunk;
        pending += chunk;
        let end: number;
        while ((end = pending.indexOf('\n\n')) >= 0) {
          const block = pending.slice(0, end);
          pending = pending.slice(end + 2);
          const fields = new Map(
            block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
          );
          if (!fields.has('event')) continue;
          stream.events.push({ event: fields.get('event')!, id: fields.get('id'), data: JSON.parse(fields.get('data') ?? 'null') });
        }
        for (const listener of [...listeners]) listener();
      });
      answer.on('error', () => {});
      resolve(stream);
    });
    request.on('error', reject);
  });
}

/**
 * A receiver answering every request with `status` and the headers `headers()` gives, once `held` (when given) has
 * resolved; the message ids it got, in order.
 */
async function startAnswering(
  status: number,
  headers: () => Record<string, string> = () => ({}),
  held?: Promise<void>,
): Promise<{ url: string; received: string[]; close(): Promise<void> }> {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')).messageId);
      void Promise.resolve(held).then(() => {
        res.writeHead(status, headers());
        res.end('answered');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

async function createWebhook(emulatorUrl: string, url: string, addresses: string[] = [WATCHED]): Promise<string> {
  const created = await call(emulatorUrl, 'POST', '/v1/webhooks', { key: API_KEY, body: webhookBody({ url, metadata: { addresses } }) });
  expect(created.status).toBe(201);
  return created.body.id;
}

async function inject(
  emulatorUrl: string,
  body: Record<string, unknown> = { from: WATCHED },
): Promise<{ txHash: string; messageIds: string[] }> {
  const injected = await call(emulatorUrl, 'POST', '/_emulator/transactions', { body: { chainId: '43114', ...body } });
  expect(injected.status).toBe(201);
  return injected.body;
}

const listing = async (url: string, query: string) => (await call(url, 'GET', `/_emulator/deliveries?${query}`)).body;
const ids = (answer: { deliveries: { messageId: string }[] }) => answer.deliveries.map((each) => each.messageId);

describe('the listing: search, a time range, the total, paging to the oldest', () => {
  let emulator: RunningEmulator;
  let receiver: Receiver;
  const made: { txHash: string; messageId: string }[] = [];
  let webhookId = '';
  beforeAll(async () => {
    emulator = await startTestEmulator();
    receiver = await startReceiver();
    webhookId = await createWebhook(emulator.url, receiver.url, [MIXED_CASE, OTHER]);
    for (let index = 0; index < 5; index++) {
      const body = index === 4 ? { from: OTHER, to: WATCHED } : { from: index % 2 === 0 ? WATCHED : OTHER };
      const injected = await inject(emulator.url, body);
      made.push({ txHash: injected.txHash, messageId: injected.messageIds[0]! });
    }
    await receiver.waitFor(5);
  });
  afterAll(async () => {
    await emulator.close();
    await receiver.close();
  });

  it('says what each message was about: its chain, transaction and the watched addresses that made it', async () => {
    const answer = await listing(emulator.url, '');
    expect(answer.total).toBe(5);
    const newest = answer.deliveries[0];
    expect(newest.about).toEqual({
      chainId: '43114',
      transactionHash: made[4]!.txHash,
      addresses: expect.arrayContaining([OTHER, WATCHED]),
    });
    expect(newest.about.addresses).toHaveLength(2);
    expect(answer.deliveries[4].about).toEqual({ chainId: '43114', transactionHash: made[0]!.txHash, addresses: [WATCHED] });
  });

  it('finds messages by an address in any case, a transaction hash, a message id or its first 8 characters; the total counts every match', async () => {
    expect(ids(await listing(emulator.url, `q=${MIXED_CASE}`))).toEqual([4, 2, 0].map((index) => made[index]!.messageId));
    expect((await listing(emulator.url, `q=${MIXED_CASE}`)).total).toBe(3);
    expect(ids(await listing(emulator.url, `q=${made[1]!.txHash.toUpperCase().replace('0X', '0x')}`))).toEqual([made[1]!.messageId]);
    expect(ids(await listing(emulator.url, `q=${made[3]!.messageId}`))).toEqual([made[3]!.messageId]);
    expect(ids(await listing(emulator.url, `q=${made[3]!.messageId.slice(0, 8).toUpperCase()}`))).toEqual([made[3]!.messageId]);
    expect(await listing(emulator.url, `q=${made[3]!.messageId.slice(0, 7)}`)).toMatchObject({ deliveries: [], total: 0 });
    expect(await listing(emulator.url, `q=0x${'9'.repeat(40)}`)).toMatchObject({ deliveries: [], total: 0 });
    // With the other filters: nothing of another webhook, nothing in another state.
    expect((await listing(emulator.url, `q=${WATCHED}&webhookId=${webhookId}&state=delivered`)).total).toBe(3);
    expect((await listing(emulator.url, `q=${WATCHED}&state=failed`)).total).toBe(0);
    // The webhook and the state alone are counted as kept, not scanned: the same answers.
    expect((await listing(emulator.url, `webhookId=${webhookId}`)).total).toBe(5);
    expect((await listing(emulator.url, `webhookId=${webhookId}&state=delivered&pageSize=1`)).total).toBe(5);
    expect((await listing(emulator.url, 'state=delivered')).total).toBe(5);
    expect((await listing(emulator.url, 'state=retrying')).total).toBe(0);
    expect(await listing(emulator.url, 'webhookId=another')).toMatchObject({ deliveries: [], total: 0 });
  });

  it('pages a search and the whole listing to the oldest message, the total the same on every page', async () => {
    for (const filter of ['', `q=${OTHER}&`]) {
      const expected = filter === '' ? made.map((each) => each.messageId).reverse() : [4, 3, 1].map((index) => made[index]!.messageId);
      const seen: string[] = [];
      let token = '';
      do {
        const page = await listing(emulator.url, `${filter}pageSize=2${token ? `&pageToken=${token}` : ''}`);
        expect(page.total).toBe(expected.length);
        seen.push(...ids(page));
        token = page.nextPageToken ?? '';
      } while (token);
      expect(seen).toEqual(expected);
    }
    const first = await listing(emulator.url, `q=${OTHER}&pageSize=1`);
    const refused = await call(emulator.url, 'GET', `/_emulator/deliveries?q=${WATCHED}&pageSize=1&pageToken=${first.nextPageToken}`);
    expect([refused.status, refused.body.message]).toEqual([
      400,
      'pageToken was issued for other filters; repeat them, or drop pageToken to start over',
    ]);
  });

  it('takes a time range of createdAt, since inclusive and until exclusive', async () => {
    const all = (await listing(emulator.url, '')).deliveries as { messageId: string; createdAt: string }[];
    const oldest = all[4]!.createdAt;
    const newest = all[0]!.createdAt;
    const before = (await listing(emulator.url, `until=${encodeURIComponent(newest)}`)).deliveries as { createdAt: string }[];
    expect(before.every((each) => each.createdAt < newest)).toBe(true);
    expect((await listing(emulator.url, `until=${encodeURIComponent(newest)}`)).total).toBe(before.length);
    expect((await listing(emulator.url, `since=${encodeURIComponent(oldest)}&until=${encodeURIComponent(oldest)}`)).total).toBe(0);
    const inclusive = await listing(emulator.url, `since=${encodeURIComponent(newest)}`);
    expect(ids(inclusive)).toContain(made[4]!.messageId);
    const after = new Date(Date.parse(newest) + 1).toISOString();
    expect((await listing(emulator.url, `until=${encodeURIComponent(after)}`)).total).toBe(5);
  });

  it('refuses a bad until or an empty q with 400 naming it', async () => {
    for (const [query, message] of [
      ['until=yesterday', 'until must be an ISO 8601 time, e.g. 2026-01-31T12:00:00Z'],
      ['q=%20', 'q must be a message id, a transaction hash or an address; it is empty'],
    ]) {
      const refused = await call(emulator.url, 'GET', `/_emulator/deliveries?${query}`);
      expect([refused.status, refused.body.message]).toEqual([400, message]);
    }
  });
});

describe('attempts: the answer headers kept, the scheduled attempts counted', () => {
  it("keeps the receiver's headers in lower case, at most 50; redeliveries are not scheduled attempts", async () => {
    const emulator = await startTestEmulator(SHORT_HISTORY, QUICK_RETRIES);
    const many = () =>
      Object.fromEntries(Array.from({ length: 60 }, (_, index) => [`X-Header-${String(index).padStart(2, '0')}`, `v${index}`]));
    const answering = await startAnswering(200, many);
    try {
      await createWebhook(emulator.url, answering.url);
      const [messageId] = (await inject(emulator.url)).messageIds;
      const detail = await eventually(async () => {
        const { body } = await call(emulator.url, 'GET', `/_emulator/deliveries/${messageId}`);
        return body.delivery.state === 'delivered' ? body : undefined;
      });
      const headers = detail.attempts[0].responseHeaders as Record<string, string>;
      expect(Object.keys(headers)).toHaveLength(50);
      expect(headers['x-header-00']).toBe('v0');
      expect(Object.keys(headers).every((name) => name === name.toLowerCase())).toBe(true);
      expect(detail.delivery.scheduledAttempts).toBe(1);
      const redelivered = await call(emulator.url, 'POST', `/_emulator/deliveries/${messageId}/redeliver`);
      expect(redelivered.body.delivery).toMatchObject({ attempts: 2, scheduledAttempts: 1 });
    } finally {
      await emulator.close();
      await answering.close();
    }
  });
});

describe('recover and the webhook summary', () => {
  it("sends a webhook's failed messages since a time again, oldest first, once; sums up failures, the last success and why it is off", async () => {
    const emulator = await startTestEmulator(SHORT_HISTORY, QUICK_RETRIES);
    const failing = await startAnswering(500);
    let release = () => {};
    // Holds its answers until released: a recovery is under way meanwhile.
    const receiver = await startAnswering(200, () => ({}), new Promise<void>((resolve) => (release = resolve)));
    const stream = await openStream(emulator.url);
    try {
      const webhookId = await createWebhook(emulator.url, failing.url);
      const [first] = (await inject(emulator.url)).messageIds;
      await stream.until(
        (events) => events.some((each) => each.event === 'webhook' && each.data.webhookId === webhookId),
        'the webhook switched off',
      );
      const summary = await call(emulator.url, 'GET', `/_emulator/webhooks/summary?webhookId=${webhookId}`);
      expect(summary.body).toEqual({
        webhooks: [
          {
            webhookId,
            status: 'inactive',
            failedMessages: 1,
            lastSuccessAt: null,
            switchedOff: { at: expect.any(String), reason: 'webhook_switched_off', byMessageId: first },
          },
        ],
      });
      const refused = await call(emulator.url, 'POST', `/_emulator/webhooks/${webhookId}/recover`, {
        body: { since: '2020-01-01T00:00:00Z' },
      });
      expect([refused.status, refused.body.message]).toEqual([
        409,
        `webhook ${webhookId} is inactive: activate it to redeliver its messages`,
      ]);
      await call(emulator.url, 'PATCH', `/v1/webhooks/${webhookId}`, { key: API_KEY, body: { status: 'active', url: receiver.url } });
      // A second failed message, made while the first one's receiver still fails.
      await call(emulator.url, 'PATCH', `/v1/webhooks/${webhookId}`, { key: API_KEY, body: { url: failing.url } });
      const [second] = (await inject(emulator.url)).messageIds;
      await eventually(async () =>
        (await call(emulator.url, 'GET', `/_emulator/deliveries/${second}`)).body.delivery.state === 'failed' ? true : undefined,
      );
      await call(emulator.url, 'PATCH', `/v1/webhooks/${webhookId}`, { key: API_KEY, body: { status: 'active', url: receiver.url } });
      const firstMade = (await call(emulator.url, 'GET', `/_emulator/deliveries/${first}`)).body.delivery.createdAt;
      const recovered = await call(emulator.url, 'POST', `/_emulator/webhooks/${webhookId}/recover`, { body: { since: firstMade } });
      expect(recovered.body).toEqual({ recovered: 2, messageIds: [first, second] });
      // While it runs, a second recovery takes none of them again.
      const meanwhile = await call(emulator.url, 'POST', `/_emulator/webhooks/${webhookId}/recover`, { body: { since: firstMade } });
      expect(meanwhile.body).toEqual({ recovered: 0, messageIds: [] });
      release();
      const redeliveries = await stream.until(
        (events) => events.filter((each) => each.event === 'attempt' && each.data.attempt.redelivery).length === 2,
        'two redeliveries',
      );
      expect(
        redeliveries.filter((each) => each.event === 'attempt' && each.data.attempt.redelivery).map((each) => each.data.delivery.state),
      ).toEqual(['delivered', 'delivered']);
      expect(receiver.received).toEqual([first, second]);
      const again = await call(emulator.url, 'POST', `/_emulator/webhooks/${webhookId}/recover`, { body: { since: firstMade } });
      expect(again.body).toEqual({ recovered: 0, messageIds: [] });
      const after = (await call(emulator.url, 'GET', '/_emulator/webhooks/summary')).body.webhooks;
      expect(after).toEqual([{ webhookId, status: 'active', failedMessages: 0, lastSuccessAt: expect.any(String) }]);
      for (const [path, body, status, message] of [
        ['/_emulator/webhooks/nope/recover', { since: firstMade }, 404, 'no webhook nope exists'],
        [
          `/_emulator/webhooks/${webhookId}/recover`,
          { since: 'last week' },
          400,
          'since must be an ISO 8601 time, e.g. 2026-01-31T12:00:00Z',
        ],
        [`/_emulator/webhooks/${webhookId}/recover`, {}, 400, 'since must be an ISO 8601 time, e.g. 2026-01-31T12:00:00Z'],
      ] as const) {
        const answer = await call(emulator.url, 'POST', path, { body });
        expect([answer.status, answer.body.message]).toEqual([status, message]);
      }
    } finally {
      stream.close();
      await emulator.close();
      await failing.close();
      await receiver.close();
    }
  });
});

describe('the stream: every change of state, as it happens', () => {
  let emulator: RunningEmulator;
  let stream: OpenStream;
  beforeAll(async () => {
    emulator = await startTestEmulator();
    stream = await openStream(emulator.url);
  });
  afterAll(async () => {
    stream.close();
    await emulator.close();
  });

  it('answers retry: 1000, and an id on every event', async () => {
    await stream.until((events) => events.length > 0, 'ready');
    expect(stream.raw.startsWith('retry: 1000\n\n')).toBe(true);
    expect(stream.events.every((each) => each.id !== undefined)).toBe(true);
  });

  it('a message made, its next attempt set, each attempt; switched off by another message: given up at once, and so listed', async () => {
    const failing = await startAnswering(500);
    try {
      const webhookId = await createWebhook(emulator.url, failing.url);
      const [first] = (await inject(emulator.url)).messageIds;
      await stream.until(
        (events) =>
          events.some((each) => each.event === 'attempt' && each.data.delivery.messageId === first && each.data.attempt.number === 2),
        'two attempts',
      );
      const [second] = (await inject(emulator.url)).messageIds;
      const events = await stream.until(
        (all) => all.some((each) => each.event === 'given-up' && each.data.delivery.messageId === second),
        'the second message given up',
      );
      const givenUp = events.find((each) => each.event === 'given-up' && each.data.delivery.messageId === second)!;
      // What the listing says at that moment: no attempt pending.
      const listed = (await listing(emulator.url, `q=${second}`)).deliveries[0];
      expect(listed).toMatchObject({ state: 'failed', givenUpReason: 'webhook_switched_off', switchedOffBy: first });
      expect(listed.nextAttemptAt).toBeUndefined();
      expect(givenUp.data.delivery).toMatchObject({ state: 'failed', givenUpReason: 'webhook_switched_off', switchedOffBy: first });
      const shown = (await call(emulator.url, 'GET', `/_emulator/deliveries/${second}`)).body.delivery;
      expect(shown).toMatchObject({ givenUpReason: 'webhook_switched_off', switchedOffBy: first });
      const ofFirst = events.filter((each) => each.data?.delivery?.messageId === first).map((each) => each.event);
      expect(ofFirst.slice(0, 4)).toEqual(['message', 'attempt', 'scheduled', 'attempt']);
      const scheduled = events.find((each) => each.event === 'scheduled' && each.data.delivery.messageId === first)!;
      expect(scheduled.data.delivery.nextAttemptAt).toEqual(expect.any(String));
      const message = events.find((each) => each.event === 'message' && each.data.delivery.messageId === first)!;
      expect(message.data.delivery).toMatchObject({ state: 'retrying', attempts: 0, about: { addresses: [WATCHED] } });
      const switched = events.find((each) => each.event === 'webhook' && each.data.webhookId === webhookId)!;
      expect(switched.data).toEqual({
        webhookId,
        status: 'inactive',
        changedAt: expect.any(String),
        reason: 'webhook_switched_off',
        byMessageId: first,
      });
    } finally {
      await failing.close();
    }
  });

  it('deactivated through /v1: its waiting message given up with why, the webhook event; activated again: told', async () => {
    const hanging = await startReceiver();
    hanging.respond = () => 'hang';
    try {
      const webhookId = await createWebhook(emulator.url, hanging.url);
      const [messageId] = (await inject(emulator.url)).messageIds;
      await stream.until(
        (events) => events.some((each) => each.event === 'message' && each.data.delivery.messageId === messageId),
        'the message',
      );
      expect((await call(emulator.url, 'DELETE', `/v1/webhooks/${webhookId}`, { key: API_KEY })).status).toBeLessThan(300);
      const events = await stream.until(
        (all) => all.some((each) => each.event === 'webhook' && each.data.webhookId === webhookId),
        'the webhook deactivated',
      );
      expect(events.find((each) => each.event === 'given-up' && each.data.delivery.messageId === messageId)!.data.delivery).toMatchObject({
        state: 'failed',
        givenUpReason: 'webhook_deactivated',
      });
      expect(events.find((each) => each.event === 'webhook' && each.data.webhookId === webhookId)!.data).toEqual({
        webhookId,
        status: 'inactive',
        changedAt: expect.any(String),
        reason: 'webhook_deactivated',
      });
      const summary = (await call(emulator.url, 'GET', `/_emulator/webhooks/summary?webhookId=${webhookId}`)).body.webhooks[0];
      expect(summary.switchedOff).toEqual({ at: expect.any(String), reason: 'webhook_deactivated' });
      await call(emulator.url, 'PATCH', `/v1/webhooks/${webhookId}`, { key: API_KEY, body: { status: 'active' } });
      const activated = await stream.until(
        (all) => all.some((each) => each.event === 'webhook' && each.data.webhookId === webhookId && each.data.status === 'active'),
        'the webhook activated',
      );
      expect(activated.at(-1)!.data).toEqual({ webhookId, status: 'active', changedAt: expect.any(String), reason: 'activated' });
    } finally {
      await hanging.close();
    }
  });

  it('a reset: told as one event, to a stream of one webhook too; nothing is listed after it', async () => {
    const ofOne = await openStream(emulator.url, '/_emulator/deliveries/stream?webhookId=none');
    try {
      expect((await call(emulator.url, 'POST', '/_emulator/reset')).status).toBe(200);
      await stream.until((events) => events.some((each) => each.event === 'reset'), 'the reset');
      await ofOne.until((events) => events.some((each) => each.event === 'reset'), 'the reset');
      expect(await listing(emulator.url, '')).toMatchObject({ deliveries: [], total: 0 });
    } finally {
      ofOne.close();
    }
  });
  // A proxy or a load balancer closes a connection silent for a minute or so: an idle stream is sent a comment (which
  // EventSource ignores) every 15 s. Its interval is the only timer a stream starts, so with setInterval faked from
  // just before the stream opens, the fake clock drives it alone; it must end with the connection.
  it('an idle stream is sent a comment every 15 s, and its timer ends when the client leaves', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const timersBefore = vi.getTimerCount();
      const idle = await openStream(emulator.url);
      const pings = () => idle.raw.split(': ping\n\n').length - 1;
      const until = async (check: () => boolean, what: string) => {
        for (const started = Date.now(); !check();) {
          if (Date.now() - started > 5_000) throw new Error(`not seen within 5 s: ${what}`);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      };
      await until(() => vi.getTimerCount() === timersBefore + 1, "the stream's interval");
      vi.advanceTimersByTime(14_999);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(pings()).toBe(0);
      vi.advanceTimersByTime(1);
      await until(() => pings() === 1, 'the first comment');
      vi.advanceTimersByTime(15_000);
      await until(() => pings() === 2, 'the second comment');
      idle.close();
      await until(() => vi.getTimerCount() === timersBefore, "the stream's interval cleared once it closed");
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the stream: messages the queue gives up itself', () => {
  it('out of room (queue_full) and out of time (expired): each told at once, and so listed', async () => {
    const tuning: DeliveryTuning = { ...FAST_DELIVERY, attemptTimeoutMs: 5_000, concurrency: 1, maxPending: 1, giveUpAfterMs: 400 };
    const emulator = await startTestEmulator(SHORT_HISTORY, tuning);
    const hanging = await startReceiver();
    hanging.respond = () => 'hang';
    const stream = await openStream(emulator.url);
    try {
      await createWebhook(emulator.url, hanging.url);
      const [older] = (await inject(emulator.url)).messageIds;
      const [newer] = (await inject(emulator.url)).messageIds;
      const events = await stream.until((all) => all.filter((each) => each.event === 'given-up').length === 2, 'both messages given up');
      const reasons = events
        .filter((each) => each.event === 'given-up')
        .map((each) => [each.data.delivery.messageId, each.data.delivery.givenUpReason]);
      expect(reasons).toEqual([
        [older, 'queue_full'],
        [newer, 'expired'],
      ]);
      expect((await listing(emulator.url, 'state=failed')).total).toBe(2);
    } finally {
      stream.close();
      await emulator.close();
      await hanging.close();
    }
  });
});

describe('malformed paths and the headers of JSON answers', () => {
  let emulator: RunningEmulator;
  const logged: string[] = [];
  beforeAll(async () => {
    emulator = await startTestEmulator({ log: (line) => logged.push(line) });
  });
  afterAll(() => emulator.close());

  it('answers a malformed percent-encoding with 400 and logs no stack', async () => {
    for (const path of ['/_emulator/deliveries/%ZZ', '/_emulator/deliveries/%E0%A4%A/redeliver', '/_inspector/%ZZ']) {
      const method = path.endsWith('redeliver') ? 'POST' : 'GET';
      const answer = await call(emulator.url, method, path);
      expect([path, answer.status, answer.body.message]).toEqual([
        path,
        400,
        'the path must be percent-encoded correctly (a % followed by two hex digits)',
      ]);
    }
    expect(logged.filter((line) => line.includes('emulator error'))).toEqual([]);
  });

  it('sends nosniff, DENY and a CSP of none with every JSON answer of the control API and the inspector', async () => {
    for (const path of [
      '/_emulator/status',
      '/_emulator/deliveries',
      '/_emulator/nothing',
      '/_emulator/webhooks/summary',
      '/_inspector/chains',
      '/_inspector/transactions',
    ]) {
      const { headers } = await call(emulator.url, 'GET', path);
      expect([path, headers.get('x-content-type-options'), headers.get('x-frame-options'), headers.get('content-security-policy')]).toEqual(
        [path, 'nosniff', 'DENY', "default-src 'none'; frame-ancestors 'none'"],
      );
    }
  });
});

describe('what survives a restart', () => {
  it("a message's about and scheduled attempts, an attempt's answer headers, why a webhook was switched off", async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'svc-inspector-')), 'data');
    const failing = await startAnswering(500, () => ({ 'x-reason': 'down' }));
    let emulator = await startEmulatorServer(testOptions({ dataDir, ...SHORT_HISTORY }), QUICK_RETRIES);
    try {
      const webhookId = await createWebhook(emulator.url, failing.url);
      const [messageId] = (await inject(emulator.url)).messageIds;
      const before = await eventually(async () => {
        const { body } = await call(emulator.url, 'GET', `/_emulator/webhooks/summary?webhookId=${webhookId}`);
        return body.webhooks[0]?.status === 'inactive' ? body : undefined;
      });
      // A later change of another field keeps why it is off.
      await call(emulator.url, 'PATCH', `/v1/webhooks/${webhookId}`, { key: API_KEY, body: { description: 'down for now' } });
      const detail = (await call(emulator.url, 'GET', `/_emulator/deliveries/${messageId}`)).body;
      expect(detail.delivery.scheduledAttempts).toBe(QUICK_RETRIES.maxAttempts);
      expect(detail.attempts[0].responseHeaders['x-reason']).toBe('down');
      await emulator.close();
      emulator = await startEmulatorServer(testOptions({ dataDir, ...SHORT_HISTORY }), QUICK_RETRIES);
      expect((await call(emulator.url, 'GET', `/_emulator/deliveries/${messageId}`)).body).toEqual(detail);
      expect((await call(emulator.url, 'GET', `/_emulator/webhooks/summary?webhookId=${webhookId}`)).body).toEqual(before);
      expect((await listing(emulator.url, `q=${WATCHED}`)).total).toBe(1);
    } finally {
      await emulator.close();
      await failing.close();
    }
  });
});

describe('records kept before the fields', () => {
  it('load: a message without about is found by its id, its scheduled attempts counted from its attempts', () => {
    const queue = new DeliveryQueue(FAST_DELIVERY);
    const createdAt = '2026-01-01T00:00:00.000Z';
    const message = { sequence: 1, webhookId: 'w', webhookName: null, url: 'http://127.0.0.1:9/', createdAt, ownerKey: '', body: '{}' };
    const attempt = { number: 1, startedAt: createdAt, durationMs: 1, url: message.url, requestHeaders: {}, status: 200, responseBody: '' };
    try {
      queue.restore(
        new Map<string, Map<string, unknown>>([
          ['message', new Map([['m-old-1', message]])],
          ['attempt', new Map([['m-old-1/1', attempt]])],
          ['outcome', new Map([['m-old-1', { state: 'delivered' }]])],
        ]),
      );
      const page = queue.query({ q: 'M-OLD-1' });
      expect(page.total).toBe(1);
      expect(page.records[0]).toEqual({
        messageId: 'm-old-1',
        webhookId: 'w',
        webhookName: null,
        url: message.url,
        createdAt,
        attempts: 1,
        scheduledAttempts: 1,
        lastStatus: 200,
        state: 'delivered',
      });
      expect(queue.webhookSummaries().get('w')).toEqual({
        messages: 1,
        byState: { retrying: 0, delivered: 1, failed: 0 },
        lastSuccessAt: createdAt,
      });
    } finally {
      queue.close();
    }
  });
});
