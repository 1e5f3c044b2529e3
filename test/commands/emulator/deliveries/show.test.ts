// `svc emulator deliveries show`: its run, called directly against an in-process emulator; and how an attempt's
// answer is shown on a terminal.
import { describe, expect, it } from 'vitest';
import * as show from '../../../../src/commands/emulator/deliveries/show.js';
import { ApiError } from '../../../../src/errors.js';
import { ATTEMPT_TSV_COLUMNS, attemptDetails, attemptLine, deliveryDetails } from '../../../../src/render/deliveries.js';
import { verifyBody } from '../../../../src/signature/index.js';
import { API_KEY, call, eventually } from '../../../helpers/emulator-helpers.js';
import { withTestContext } from '../../../helpers/test-context.js';
import { WATCHED, createWebhook } from '../../fixture.js';
import { useDeliveredMessages } from './fixture.js';

const delivered = useDeliveredMessages();

describe('emulator deliveries show: run', () => {
  it('on a terminal: the message, then each attempt in order with the headers sent and the answer made safe', async () => {
    await withTestContext({ baseUrl: delivered.emulator.url, io: { stdoutTTY: true, columns: 120 } }, async ({ context, io }) => {
      await show.run({ messageId: delivered.messageIds[0]!, body: false }, context);
      const text = io.stdout();
      expect(text).toContain(delivered.messageIds[0]!);
      expect(text).toContain(`${delivered.webhookId} (payments)`);
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
    const secret = (await call(delivered.emulator.url, 'GET', '/v1/webhooks:getSharedSecret', { key: API_KEY })).body.secret;
    await withTestContext({ baseUrl: delivered.emulator.url }, async ({ context, io }) => {
      await show.run({ messageId: delivered.messageIds[1]!, body: true }, context);
      const sent = delivered.receiver.requests.find((request) => request.body.messageId === delivered.messageIds[1])!;
      expect(io.stdout()).toBe(sent.rawBody);
      expect(verifyBody(secret, io.stdout(), sent.signature)).toEqual({ valid: true });
    });
    await withTestContext({ baseUrl: delivered.emulator.url, globals: { json: true } }, async ({ context, io }) => {
      await show.run({ messageId: delivered.messageIds[1]!, body: false }, context);
      const detail = JSON.parse(io.stdout());
      expect(detail.attempts.map((attempt: { status: number }) => attempt.status)).toEqual([500, 200]);
    });
  });

  it('piped: one row per attempt in the README columns', async () => {
    await withTestContext({ baseUrl: delivered.emulator.url }, async ({ context, io }) => {
      await show.run({ messageId: delivered.messageIds[2]!, body: false }, context);
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
    await withTestContext({ baseUrl: delivered.emulator.url }, async ({ context }) => {
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

describe('why a failed message was given up, wherever its state shows', () => {
  const record = {
    messageId: 'm-2',
    webhookId: 'w-1',
    webhookName: null,
    url: 'http://127.0.0.1:3000/hooks',
    createdAt: '2026-11-25T12:00:00.000Z',
    attempts: 2,
    lastStatus: 500,
    state: 'failed' as const,
    givenUpReason: 'webhook_switched_off' as const,
    switchedOffBy: 'm-1',
  };
  const style = { width: 120, color: false, pages: {} };

  it('show: the state with its reason, and a line naming the message that switched the webhook off', () => {
    const text = deliveryDetails({ delivery: record, attempts: [], body: '{}' }, style);
    expect(text).toMatch(/STATE +failed \(webhook switched off\)/);
    expect(text).toMatch(/GIVEN UP +message m-1 of its webhook failed for good and switched the webhook off/);
  });

  it('--follow on a terminal: a given-up line with why; an attempt line says the state with its reason', () => {
    const line = attemptLine({ delivery: record, givenUpAt: '2026-11-25T12:00:05.000Z' }, false);
    expect(line).toBe(
      '2026-11-25 12:00:05  m-2  w-1  given up  http://127.0.0.1:3000/hooks  2 attempts  message m-1 of its webhook failed for good and switched the webhook off\n',
    );
    const attempt = { number: 2, startedAt: '2026-11-25T12:00:00.000Z', durationMs: 5, url: record.url, requestHeaders: {}, status: 500 };
    const exhausted = { ...record, givenUpReason: 'attempts_exhausted' as const, switchedOffBy: undefined };
    expect(attemptLine({ attempt, delivery: exhausted }, false)).toContain('  500  5 ms  failed (attempts used up)\n');
  });

  it('a message kept by an older emulator, with no reason: failed, and no GIVEN UP line', () => {
    const text = deliveryDetails(
      { delivery: { ...record, givenUpReason: undefined, switchedOffBy: undefined }, attempts: [], body: '{}' },
      style,
    );
    expect(text).toMatch(/STATE +failed\n/);
    expect(text).not.toContain('GIVEN UP');
  });
});

describe('emulator deliveries show: why an attempt had no answer', () => {
  it.each([
    ['a host name that does not resolve', 'http://nowhere.invalid/hook', 'dns'],
    ['a port nothing listens on', 'http://127.0.0.1:9/hook', 'refused'],
  ])('%s: piped, the status column names the cause (%s)', async (_what, url, cause) => {
    const { emulator } = delivered;
    const webhookId = await createWebhook(emulator.url, { url });
    await call(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId: '43113', from: WATCHED } });
    // This webhook's message (the file's own webhook watches the address too), once its first attempt is over.
    const messageId = await eventually(async () => {
      const { body } = await call(emulator.url, 'GET', `/_emulator/deliveries?webhookId=${webhookId}`);
      return body.deliveries[0]?.attempts > 0 ? (body.deliveries[0].messageId as string) : undefined;
    });
    await withTestContext({ baseUrl: emulator.url }, async ({ context, io }) => {
      await show.run({ messageId, body: false }, context);
      const [first] = io.stdout().trimEnd().split('\n');
      expect(first!.split('\t')[ATTEMPT_TSV_COLUMNS.indexOf('status')]).toBe(cause);
    });
    await call(emulator.url, 'DELETE', `/v1/webhooks/${webhookId}`, { key: API_KEY });
  });
});
