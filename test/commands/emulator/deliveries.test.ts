// `svc emulator deliveries` and `deliveries show`: their run, called directly against an in-process emulator whose
// receiver answers 500 to the first attempt of each message and 200 after; and how an attempt's answer is shown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as list from '../../../src/commands/emulator/deliveries/list.js';
import * as show from '../../../src/commands/emulator/deliveries/show.js';
import { ApiError, UsageError } from '../../../src/errors.js';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { ATTEMPT_TSV_COLUMNS, DELIVERY_TSV_COLUMNS, attemptDetails } from '../../../src/render/deliveries.js';
import { verifyBody } from '../../../src/signature/index.js';
import { API_KEY, call, eventually, startReceiver, PATIENT_DELIVERY, startTestEmulator } from '../../helpers/emulator-helpers.js';
import type { Receiver } from '../../helpers/emulator-helpers.js';
import { withTestContext } from '../../helpers/test-context.js';
import { WATCHED, createWebhook } from '../fixture.js';

let emulator: RunningEmulator;
let receiver: Receiver;
let webhookId: string;
const messageIds: string[] = [];

beforeAll(async () => {
  emulator = await startTestEmulator({}, PATIENT_DELIVERY);
  receiver = await startReceiver();
  // Each message's first request gets 500, its second 200.
  const seen = new Set<string>();
  receiver.respond = (index) => {
    const messageId = receiver.requests[index]!.body.messageId;
    if (seen.has(messageId)) return 200;
    seen.add(messageId);
    return 500;
  };
  webhookId = await createWebhook(emulator.url, { url: receiver.url });
  for (let i = 0; i < 3; i++) {
    const injected = await call(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId: '43113', from: WATCHED } });
    messageIds.push(injected.body.messageIds[0]);
  }
  await receiver.waitFor(3);
  await eventually(async () => {
    const { body } = await call(emulator.url, 'GET', '/_emulator/deliveries?state=delivered');
    return body.deliveries.length === 3 ? true : undefined;
  });
});
afterAll(async () => {
  await receiver.close();
  await emulator.close();
});

const flags = (extra: Partial<list.EmulatorDeliveriesFlags> = {}): list.EmulatorDeliveriesFlags => ({ ...extra });

describe('emulator deliveries: run', () => {
  it('piped: one TSV row per message, newest first, in the README columns', async () => {
    await withTestContext({ baseUrl: emulator.url }, async ({ context, io }) => {
      await list.run(list.parseEmulatorDeliveriesOptions(flags()), context);
      const rows = io
        .stdout()
        .slice(0, -1)
        .split('\n')
        .map((row) => row.split('\t'));
      expect(rows.map((row) => row[1])).toEqual([...messageIds].reverse());
      const column = (name: (typeof DELIVERY_TSV_COLUMNS)[number]) => DELIVERY_TSV_COLUMNS.indexOf(name);
      for (const row of rows) {
        expect(row).toHaveLength(DELIVERY_TSV_COLUMNS.length);
        expect(row[column('created')]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
        expect(row[column('webhook id')]).toBe(webhookId);
        expect(row[column('webhook name')]).toBe('payments');
        expect(row[column('url')]).toBe(receiver.url);
        expect(row[column('state')]).toBe('delivered');
        expect(row[column('attempts')]).toBe('2');
        expect(row[column('last status')]).toBe('200');
        expect(row[column('next attempt')]).toBe('');
      }
    });
  });

  it('--limit follows pages; a single page of --page-size 2 says how to get the next one', async () => {
    await withTestContext({ baseUrl: emulator.url }, async ({ context, io }) => {
      await list.run(list.parseEmulatorDeliveriesOptions(flags({ limit: '2', pageSize: '1' })), context);
      expect(
        io
          .stdout()
          .trimEnd()
          .split('\n')
          .map((row) => row.split('\t')[1]),
      ).toEqual([messageIds[2], messageIds[1]]);
    });
    await withTestContext({ baseUrl: emulator.url, io: { stdoutTTY: true, columns: 200 } }, async ({ context, io }) => {
      await list.run(list.parseEmulatorDeliveriesOptions(flags({ pageSize: '2', state: 'delivered' })), context);
      expect(io.stdout()).toContain('MESSAGE ID');
      expect(io.stdout()).toContain(messageIds[2]!);
      expect(io.stdout()).not.toContain(messageIds[0]!);
      const nextPage = /Next page: (svc emulator deliveries --state delivered --page-size 2 --page-token \S+)/.exec(io.stdout());
      expect(nextPage).not.toBeNull();
    });
  });

  it('--json: the control API bodies; --webhook and --state filter', async () => {
    await withTestContext({ baseUrl: emulator.url, globals: { json: true } }, async ({ context, io }) => {
      await list.run(list.parseEmulatorDeliveriesOptions(flags({ all: true, webhook: webhookId })), context);
      const pages = io
        .stdout()
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(pages.flatMap((page) => page.deliveries.map((record: { messageId: string }) => record.messageId))).toEqual(
        [...messageIds].reverse(),
      );
      expect(pages[0].dropped).toBe(0);
    });
    await withTestContext({ baseUrl: emulator.url, globals: { json: true } }, async ({ context, io }) => {
      await list.run(list.parseEmulatorDeliveriesOptions(flags({ state: 'failed' })), context);
      expect(JSON.parse(io.stdout()).deliveries).toEqual([]);
    });
  });

  it('--since: a duration or an ISO time; anything else is a usage error with an example', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(list.parseSince('10m', now)).toBe('2026-11-25T11:50:00.000Z');
    expect(list.parseSince('2h', now)).toBe('2026-11-25T10:00:00.000Z');
    expect(list.parseSince('2026-11-25T08:00:00+01:00', now)).toBe('2026-11-25T07:00:00.000Z');
    for (const bad of ['yesterday', '10 minutes', '2026-13-45', '-5m']) {
      expect(() => list.parseSince(bad, now)).toThrow(UsageError);
      expect(() => list.parseSince(bad, now)).toThrow(/e\.g\. --since 10m/);
    }
  });
});

describe('emulator deliveries show: run', () => {
  it('on a terminal: the message, then each attempt in order with the headers sent and the answer made safe', async () => {
    await withTestContext({ baseUrl: emulator.url, io: { stdoutTTY: true, columns: 120 } }, async ({ context, io }) => {
      await show.run({ messageId: messageIds[0]!, body: false }, context);
      const text = io.stdout();
      expect(text).toContain(messageIds[0]!);
      expect(text).toContain(`${webhookId} (payments)`);
      const first = text.indexOf('Attempt 1:');
      const second = text.indexOf('Attempt 2:');
      expect(first).toBeGreaterThan(0);
      expect(second).toBeGreaterThan(first);
      expect(text).toMatch(/x-signature: [A-Za-z0-9+/=]{20,}/);
      expect(text).toContain('Status: 500');
      expect(text).toContain('Status: 200');
      expect(text).not.toContain('\u001b');
    });
  });

  it('--body: the exact bytes sent, whose signature verifies; --json the body of the control API', async () => {
    const secret = (await call(emulator.url, 'GET', '/v1/webhooks:getSharedSecret', { key: API_KEY })).body.secret;
    await withTestContext({ baseUrl: emulator.url }, async ({ context, io }) => {
      await show.run({ messageId: messageIds[1]!, body: true }, context);
      const sent = receiver.requests.find((request) => request.body.messageId === messageIds[1])!;
      expect(io.stdout()).toBe(sent.rawBody);
      expect(verifyBody(secret, io.stdout(), sent.signature)).toEqual({ valid: true });
    });
    await withTestContext({ baseUrl: emulator.url, globals: { json: true } }, async ({ context, io }) => {
      await show.run({ messageId: messageIds[1]!, body: false }, context);
      const detail = JSON.parse(io.stdout());
      expect(detail.attempts.map((attempt: { status: number }) => attempt.status)).toEqual([500, 200]);
    });
  });

  it('piped: one row per attempt in the README columns', async () => {
    await withTestContext({ baseUrl: emulator.url }, async ({ context, io }) => {
      await show.run({ messageId: messageIds[2]!, body: false }, context);
      const rows = io
        .stdout()
        .trimEnd()
        .split('\n')
        .map((row) => row.split('\t'));
      expect(rows.map((row) => [row[ATTEMPT_TSV_COLUMNS.indexOf('attempt')], row[ATTEMPT_TSV_COLUMNS.indexOf('status')]])).toEqual([
        ['1', '500'],
        ['2', '200'],
      ]);
    });
  });

  it('an unknown message: exit 3 naming it', async () => {
    await withTestContext({ baseUrl: emulator.url }, async ({ context }) => {
      const error = await show
        .run({ messageId: 'f0f0f0f0-0000-4000-8000-000000000000', body: false }, context)
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).exitCode).toBe(3);
      expect((error as ApiError).message).toContain('f0f0f0f0-0000-4000-8000-000000000000');
    });
  });
});

describe('an attempt as shown on a terminal', () => {
  const attempt = {
    number: 3,
    startedAt: '2026-11-25T12:00:00.000Z',
    durationMs: 12,
    url: 'http://127.0.0.1:3000/hooks',
    requestHeaders: { 'x-signature': 'c2lnbmF0dXJl' },
  };

  it('an answer with escape sequences and bidi characters: made safe line by line, the cut said', () => {
    const text = attemptDetails({
      ...attempt,
      status: 500,
      responseBody: 'TypeError: \u001b[31mboom\u001b[0m\nat handler \u202eevil',
      responseBodyCut: true,
    });
    expect(text).not.toMatch(/[\u001b\u202e]/);
    expect(text).toContain('    TypeError: boom\n    at handler  evil');
    expect(text).toContain('only its first 4 KB are kept');
  });

  it('no answer: the network error and its words', () => {
    const text = attemptDetails({ ...attempt, status: null, error: 'refused', errorMessage: 'connect ECONNREFUSED 127.0.0.1:3000' });
    expect(text).toContain('No answer: refused (connect ECONNREFUSED 127.0.0.1:3000)');
    expect(text).not.toContain('Status:');
  });
});
