// The emulator's record of every message and its attempts (issue 20): listing pages and filters, one message with
// its attempts, redelivery, the attempt stream, and the bound on what it keeps.
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { verifyBody } from '../../src/signature/index.js';
import {
  API_KEY,
  call,
  eventually,
  startReceiver,
  PATIENT_DELIVERY,
  SHORT_HISTORY,
  startTestEmulator,
  webhookBody,
} from '../helpers/emulator-helpers.js';
import type { Receiver } from '../helpers/emulator-helpers.js';

const WATCHED = '0x71c7656ec7ab88b098defb751b7401b5f6d8976f';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const closable of open.splice(0).reverse()) await closable.close();
});

async function setUp(
  overrides: Parameters<typeof startTestEmulator>[0] = {},
): Promise<{ emulator: RunningEmulator; receiver: Receiver; webhookId: string }> {
  const emulator = await startTestEmulator({ ...SHORT_HISTORY, ...overrides }, PATIENT_DELIVERY);
  open.push(emulator);
  const receiver = await startReceiver();
  open.push(receiver);
  const created = await call(emulator.url, 'POST', '/v1/webhooks', {
    key: API_KEY,
    body: webhookBody({ url: receiver.url, name: 'payments', metadata: { addresses: [WATCHED] } }),
  });
  expect(created.status).toBe(201);
  return { emulator, receiver, webhookId: created.body.id };
}

async function inject(url: string): Promise<string> {
  const injected = await call(url, 'POST', '/_emulator/transactions', { body: { chainId: '43114', from: WATCHED } });
  expect(injected.status).toBe(201);
  return injected.body.messageIds[0];
}

async function secretOf(url: string): Promise<string> {
  return (await call(url, 'GET', '/v1/webhooks:getSharedSecret', { key: API_KEY })).body.secret;
}

describe('GET /_emulator/deliveries/{messageId}', () => {
  it('a receiver answering 500 then 200: both attempts, with the signed headers sent and the answers', async () => {
    const { emulator, receiver, webhookId } = await setUp();
    receiver.respond = (index) => (index === 0 ? 500 : 200);
    const messageId = await inject(emulator.url);
    await receiver.waitFor(1);
    const detail = await eventually(async () => {
      const { body } = await call(emulator.url, 'GET', `/_emulator/deliveries/${messageId}`);
      return body.delivery.state === 'delivered' ? body : undefined;
    });
    expect(detail.delivery).toMatchObject({
      messageId,
      webhookId,
      webhookName: 'payments',
      url: receiver.url,
      attempts: 2,
      lastStatus: 200,
    });
    expect(detail.attempts.map((attempt: { number: number; status: number }) => [attempt.number, attempt.status])).toEqual([
      [1, 500],
      [2, 200],
    ]);
    expect(detail.attempts[0]).toMatchObject({ url: receiver.url, responseBody: 'ok', responseBodyCut: false });
    expect(detail.body).toBe(receiver.requests[0]!.rawBody);
    const secret = await secretOf(emulator.url);
    for (const attempt of detail.attempts) {
      expect(attempt.requestHeaders['content-type']).toBe('application/json');
      expect(verifyBody(secret, detail.body, attempt.requestHeaders['x-signature'])).toEqual({ valid: true });
    }
  });

  it('keeps the first 4 KB of a long answer and says it was cut; a refused connection is named', async () => {
    const long = http.createServer((_req, res) => res.end('x'.repeat(10_000)));
    await new Promise<void>((resolve) => long.listen(0, '127.0.0.1', resolve));
    open.push({ close: () => new Promise<void>((resolve) => long.close(() => resolve())) });
    const { emulator } = await setUp();
    const address = long.address() as { port: number };
    const longHook = await call(emulator.url, 'POST', '/v1/webhooks', {
      key: API_KEY,
      body: webhookBody({ url: `http://127.0.0.1:${address.port}/`, chainId: '43113', metadata: { addresses: [WATCHED] } }),
    });
    const refusedHook = await call(emulator.url, 'POST', '/v1/webhooks', {
      key: API_KEY,
      body: webhookBody({ url: 'http://127.0.0.1:9/hook', chainId: '43113', metadata: { addresses: [WATCHED] } }),
    });
    const { messageIds } = (await call(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId: '43113', from: WATCHED } }))
      .body;
    expect(messageIds).toHaveLength(2);
    const byWebhook = await eventually(async () => {
      const attempted = await Promise.all(
        messageIds.map(async (id: string) => (await call(emulator.url, 'GET', `/_emulator/deliveries/${id}`)).body),
      );
      return attempted.every((detail) => detail.attempts.length > 0) ? attempted : undefined;
    });
    const longDetail = byWebhook.find((detail) => detail.delivery.webhookId === longHook.body.id)!;
    expect(longDetail.attempts[0].responseBody).toBe('x'.repeat(4096));
    expect(longDetail.attempts[0].responseBodyCut).toBe(true);
    const refusedDetail = byWebhook.find((detail) => detail.delivery.webhookId === refusedHook.body.id)!;
    expect(refusedDetail.attempts[0]).toMatchObject({ status: null, error: 'refused' });
    expect(refusedDetail.attempts[0].responseBody).toBeUndefined();
  });

  it('answers 404 for an unknown message', async () => {
    const { emulator } = await setUp();
    const answer = await call(emulator.url, 'GET', '/_emulator/deliveries/no-such-message');
    expect(answer.status).toBe(404);
    expect(answer.body.message).toContain('no-such-message');
  });
});

describe('GET /_emulator/deliveries: pages and filters', () => {
  it('newest first, page by page, the cursor unmoved by newer messages; filters by webhook and state', async () => {
    const { emulator, receiver, webhookId } = await setUp();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await inject(emulator.url));
    await receiver.waitFor(5);
    const first = (await call(emulator.url, 'GET', '/_emulator/deliveries?pageSize=2')).body;
    expect(first.deliveries.map((record: { messageId: string }) => record.messageId)).toEqual([ids[4], ids[3]]);
    expect(first.dropped).toBe(0);
    // A newer message does not shift what the next page holds.
    await inject(emulator.url);
    const seen = [...first.deliveries];
    let token: string | undefined = first.nextPageToken;
    while (token) {
      const page = (await call(emulator.url, 'GET', `/_emulator/deliveries?pageSize=2&pageToken=${token}`)).body;
      seen.push(...page.deliveries);
      token = page.nextPageToken;
    }
    expect(seen.map((record: { messageId: string }) => record.messageId)).toEqual([...ids].reverse());
    const filtered = (await call(emulator.url, 'GET', `/_emulator/deliveries?webhookId=${webhookId}&state=failed`)).body;
    expect(filtered.deliveries).toEqual([]);
    const other = (await call(emulator.url, 'GET', `/_emulator/deliveries?webhookId=other&pageSize=10`)).body;
    expect(other).toEqual({ deliveries: [], total: 0, dropped: 0 });
    const future = (await call(emulator.url, 'GET', `/_emulator/deliveries?since=2999-01-01T00:00:00Z`)).body;
    expect(future.deliveries).toEqual([]);
    const past = (await call(emulator.url, 'GET', `/_emulator/deliveries?since=2000-01-01T00:00:00Z`)).body;
    expect(past.deliveries).toHaveLength(6);
  });

  it('refuses a bad state, since, page size or a token of other filters with 400', async () => {
    const { emulator } = await setUp();
    await inject(emulator.url);
    await inject(emulator.url);
    for (const query of ['state=lost', 'since=yesterday', 'pageSize=0', 'pageToken=nonsense']) {
      expect((await call(emulator.url, 'GET', `/_emulator/deliveries?${query}`)).status).toBe(400);
    }
    const page = (await call(emulator.url, 'GET', '/_emulator/deliveries?pageSize=1')).body;
    const other = await call(emulator.url, 'GET', `/_emulator/deliveries?pageSize=1&state=failed&pageToken=${page.nextPageToken}`);
    expect(other.status).toBe(400);
    expect(other.body.message).toContain('other filters');
  });

  it('keeps the last N messages (emulator start --keep-messages) and counts the ones it dropped', async () => {
    const { emulator, receiver } = await setUp({ keepMessages: 3 });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await inject(emulator.url));
    await receiver.waitFor(5);
    const answer = await eventually(async () => {
      const { body } = await call(emulator.url, 'GET', '/_emulator/deliveries');
      return body.dropped === 2 ? body : undefined;
    });
    expect(answer.deliveries.map((record: { messageId: string }) => record.messageId)).toEqual([ids[4], ids[3], ids[2]]);
    expect((await call(emulator.url, 'GET', `/_emulator/deliveries/${ids[0]}`)).status).toBe(404);
  });
});

describe('POST /_emulator/deliveries/{messageId}/redeliver', () => {
  it('sends the same message again, signed with the current secret, recorded as a further attempt', async () => {
    const { emulator, receiver } = await setUp();
    const messageId = await inject(emulator.url);
    await receiver.waitFor(1);
    await eventually(async () =>
      (await call(emulator.url, 'GET', `/_emulator/deliveries/${messageId}`)).body.delivery.state === 'delivered' ? true : undefined,
    );
    const rotated = (await call(emulator.url, 'POST', '/v1/webhooks:generateOrRotateSharedSecret', { key: API_KEY })).body.secret;
    const answer = await call(emulator.url, 'POST', `/_emulator/deliveries/${messageId}/redeliver`);
    expect(answer.status).toBe(200);
    expect(answer.body.attempt).toMatchObject({ number: 2, status: 200, redelivery: true, url: receiver.url });
    expect(answer.body.delivery).toMatchObject({ messageId, attempts: 2, state: 'delivered' });
    expect(receiver.requests).toHaveLength(2);
    const [original, again] = receiver.requests;
    expect(again!.body.messageId).toBe(messageId);
    expect(again!.rawBody).toBe(original!.rawBody);
    expect(verifyBody(rotated, again!.rawBody, again!.signature)).toEqual({ valid: true });
    const detail = (await call(emulator.url, 'GET', `/_emulator/deliveries/${messageId}`)).body;
    expect(detail.attempts).toHaveLength(2);
  });

  it('with a url: this one attempt goes there; the webhook keeps its own', async () => {
    const { emulator, receiver } = await setUp();
    const elsewhere = await startReceiver();
    open.push(elsewhere);
    const messageId = await inject(emulator.url);
    await receiver.waitFor(1);
    const answer = await call(emulator.url, 'POST', `/_emulator/deliveries/${messageId}/redeliver`, { body: { url: elsewhere.url } });
    expect(answer.body.attempt).toMatchObject({ url: elsewhere.url, status: 200 });
    expect(elsewhere.requests.map((request) => request.body.messageId)).toEqual([messageId]);
    expect(answer.body.delivery.url).toBe(receiver.url);
  });

  it('a failed attempt answers 200 with the outcome; unknown id 404; an inactive webhook 409 naming it', async () => {
    const { emulator, receiver, webhookId } = await setUp();
    const messageId = await inject(emulator.url);
    await receiver.waitFor(1);
    receiver.respond = () => 503;
    const failing = await call(emulator.url, 'POST', `/_emulator/deliveries/${messageId}/redeliver`);
    expect(failing.status).toBe(200);
    expect(failing.body.attempt.status).toBe(503);
    expect((await call(emulator.url, 'POST', '/_emulator/deliveries/nope/redeliver')).status).toBe(404);
    expect((await call(emulator.url, 'DELETE', `/v1/webhooks/${webhookId}`, { key: API_KEY })).status).toBe(200);
    const inactive = await call(emulator.url, 'POST', `/_emulator/deliveries/${messageId}/redeliver`);
    expect(inactive.status).toBe(409);
    expect(inactive.body.message).toContain(webhookId);
    expect(inactive.body.message).toContain('inactive');
  });
});

describe('GET /_emulator/deliveries/stream', () => {
  /** Reads server-sent events until `count` attempt events came; the last id with them. */
  async function readEvents(
    url: string,
    count: number,
    options: { lastEventId?: string; whenOpen?: () => Promise<unknown> } = {},
  ): Promise<{ events: { id: string; data: any }[]; missed: number }> {
    const controller = new AbortController();
    const response = await fetch(`${url}/_emulator/deliveries/stream`, {
      signal: controller.signal,
      headers: options.lastEventId ? { 'last-event-id': options.lastEventId } : {},
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    // The emulator subscribes the stream before it answers: what happens from here on is pushed.
    await options.whenOpen?.();
    const events: { id: string; data: any }[] = [];
    let missed = 0;
    let text = '';
    const decoder = new TextDecoder();
    for await (const chunk of response.body!) {
      text += decoder.decode(chunk as Uint8Array, { stream: true });
      let end: number;
      while ((end = text.indexOf('\n\n')) >= 0) {
        const block = text.slice(0, end);
        text = text.slice(end + 2);
        const fields = Object.fromEntries(
          block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
        );
        if (fields['event'] === 'attempt') events.push({ id: fields['id']!, data: JSON.parse(fields['data']!) });
        if (fields['event'] === 'missed') missed = JSON.parse(fields['data']!).missed;
      }
      if (events.length >= count) break;
    }
    controller.abort();
    return { events, missed };
  }

  it('pushes each attempt as it ends, and replays what a client missed after its Last-Event-ID', async () => {
    const { emulator, receiver } = await setUp();
    receiver.respond = (index) => (index === 0 ? 500 : 200);
    let messageId = '';
    const { events } = await readEvents(emulator.url, 2, { whenOpen: async () => (messageId = await inject(emulator.url)) });
    expect(events.map((event) => [event.data.delivery.messageId, event.data.attempt.status])).toEqual([
      [messageId, 500],
      [messageId, 200],
    ]);
    const second = await inject(emulator.url);
    await receiver.waitFor(2);
    const resumed = await readEvents(emulator.url, 1, { lastEventId: events[1]!.id });
    expect(resumed.missed).toBe(0);
    expect(resumed.events.map((event) => event.data.delivery.messageId)).toEqual([second]);
  });
});
