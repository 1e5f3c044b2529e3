// `svc emulator redeliver`: its run, called directly against an in-process emulator and a receiver whose handler is
// broken (500) until the test "fixes" it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReceiverRefusedError, parseEmulatorRedeliverOptions, run } from '../../../src/commands/emulator/redeliver.js';
import { ApiError, UsageError } from '../../../src/errors.js';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { ATTEMPT_TSV_COLUMNS } from '../../../src/render/deliveries.js';
import { verifyBody } from '../../../src/signature/index.js';
import { API_KEY, call, eventually, startReceiver, PATIENT_DELIVERY, startTestEmulator } from '../../helpers/emulator-helpers.js';
import type { Receiver } from '../../helpers/emulator-helpers.js';
import { withTestContext } from '../../helpers/test-context.js';
import { errorBody, startTestServer } from '../../helpers/test-server.js';
import { WATCHED, createWebhook } from '../fixture.js';

let emulator: RunningEmulator;
let receiver: Receiver;
let handlerFixed = false;

beforeAll(async () => {
  // The tests' delivery timing: a message of the broken handler fails for good within a second.
  emulator = await startTestEmulator({}, PATIENT_DELIVERY);
  receiver = await startReceiver();
  receiver.respond = () => (handlerFixed ? 200 : 500);
});
afterAll(async () => {
  await receiver.close();
  await emulator.close();
});

async function failedMessage(webhookUrl = receiver.url): Promise<{ messageId: string; webhookId: string }> {
  handlerFixed = false;
  const webhookId = await createWebhook(emulator.url, { url: webhookUrl });
  // Earlier tests' webhooks, switched back on, watch the same address: this webhook's message is found by its id.
  expect((await call(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId: '43113', from: WATCHED } })).status).toBe(201);
  const mine = await eventually(async () => {
    const { body } = await call(emulator.url, 'GET', `/_emulator/deliveries?webhookId=${webhookId}`);
    return body.deliveries[0]?.state === 'failed' ? body.deliveries[0] : undefined;
  });
  return { messageId: mine.messageId, webhookId };
}

describe('emulator redeliver: run', () => {
  it('after the handler is fixed: the same message again, signed with the current secret, a further attempt', async () => {
    const { messageId, webhookId } = await failedMessage();
    // The failure switched the webhook off, as the service does: switch it back on, as the developer would.
    const activated = await call(emulator.url, 'PATCH', `/v1/webhooks/${webhookId}`, { key: API_KEY, body: { status: 'active' } });
    expect(activated.status).toBe(200);
    const attemptsBefore = (await call(emulator.url, 'GET', `/_emulator/deliveries/${messageId}`)).body.attempts.length;
    const rotated = (await call(emulator.url, 'POST', '/v1/webhooks:generateOrRotateSharedSecret', { key: API_KEY })).body.secret;
    handlerFixed = true;
    const requestsBefore = receiver.requests.length;
    await withTestContext({ baseUrl: emulator.url }, async ({ context, io }) => {
      await run(parseEmulatorRedeliverOptions(messageId, {}), context);
      const row = io.stdout().trimEnd().split('\t');
      expect(row[ATTEMPT_TSV_COLUMNS.indexOf('message id')]).toBe(messageId);
      expect(row[ATTEMPT_TSV_COLUMNS.indexOf('attempt')]).toBe(String(attemptsBefore + 1));
      expect(row[ATTEMPT_TSV_COLUMNS.indexOf('status')]).toBe('200');
      expect(row[ATTEMPT_TSV_COLUMNS.indexOf('state')]).toBe('delivered');
    });
    const sent = receiver.requests.slice(requestsBefore);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.messageId).toBe(messageId);
    expect(verifyBody(rotated, sent[0]!.rawBody, sent[0]!.signature)).toEqual({ valid: true });
    const detail = (await call(emulator.url, 'GET', `/_emulator/deliveries/${messageId}`)).body;
    expect(detail.attempts).toHaveLength(attemptsBefore + 1);
    expect(detail.attempts.at(-1)).toMatchObject({ status: 200, redelivery: true });
    expect(detail.delivery.state).toBe('delivered');
  });

  it('a receiver still failing: the outcome printed, then exit 1', async () => {
    const { messageId, webhookId } = await failedMessage();
    await call(emulator.url, 'PATCH', `/v1/webhooks/${webhookId}`, { key: API_KEY, body: { status: 'active' } });
    await withTestContext({ baseUrl: emulator.url, io: { stdoutTTY: true } }, async ({ context, io }) => {
      const error = await run(parseEmulatorRedeliverOptions(messageId, {}), context).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ReceiverRefusedError);
      expect((error as ReceiverRefusedError).exitCode).toBe(1);
      expect(io.stdout()).toContain('Status: 500');
    });
  });

  it('--to: this one attempt goes to another url, and leaves the message as it was', async () => {
    const { messageId, webhookId } = await failedMessage();
    await call(emulator.url, 'PATCH', `/v1/webhooks/${webhookId}`, { key: API_KEY, body: { status: 'active' } });
    const local = await startReceiver();
    try {
      await withTestContext({ baseUrl: emulator.url, globals: { json: true } }, async ({ context, io }) => {
        await run(parseEmulatorRedeliverOptions(messageId, { to: local.url }), context);
        expect(JSON.parse(io.stdout()).attempt).toMatchObject({ url: local.url, status: 200, redelivery: true });
      });
      expect(local.requests.map((request) => request.body.messageId)).toEqual([messageId]);
      // Answered 200 elsewhere: the message's own receiver has still not had it.
      expect((await call(emulator.url, 'GET', `/_emulator/deliveries/${messageId}`)).body.delivery.state).toBe('failed');
      // Piped, the row says it was a redelivery.
      await withTestContext({ baseUrl: emulator.url }, async ({ context, io }) => {
        await run(parseEmulatorRedeliverOptions(messageId, { to: local.url }), context);
        const row = io.stdout().trimEnd().split('\t');
        expect(row[ATTEMPT_TSV_COLUMNS.indexOf('kind')]).toBe('redelivery');
        expect(row[ATTEMPT_TSV_COLUMNS.indexOf('state')]).toBe('failed');
      });
    } finally {
      await local.close();
    }
  });

  it('a message of an inactive webhook: exit 2 naming the webhook and svc webhook activate', async () => {
    const { messageId, webhookId } = await failedMessage();
    expect((await call(emulator.url, 'GET', `/v1/webhooks/${webhookId}`, { key: API_KEY })).body.status).toBe('inactive');
    await withTestContext({ baseUrl: emulator.url }, async ({ context }) => {
      const error = await run(parseEmulatorRedeliverOptions(messageId, {}), context).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UsageError);
      expect((error as UsageError).message).toContain(webhookId);
      expect((error as UsageError).hint).toBe(`svc webhook activate ${webhookId}, then redeliver`);
    });
  });

  it('an unknown message: exit 3 naming it; a bad --to: exit 2 before any request', async () => {
    await withTestContext({ baseUrl: emulator.url }, async ({ context }) => {
      const error = await run(parseEmulatorRedeliverOptions('0badc0de-0000-4000-8000-000000000000', {}), context).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).exitCode).toBe(3);
      expect((error as ApiError).message).toContain('0badc0de-0000-4000-8000-000000000000');
    });
    expect(() => parseEmulatorRedeliverOptions('x', { to: 'ftp://example.com/' })).toThrow(UsageError);
  });

  it('a 5xx from the emulator: the outcome is unknown, and the hint names the command that shows the attempts', async () => {
    const broken = await startTestServer([errorBody(500, 'boom')]);
    try {
      await withTestContext({ baseUrl: broken.url }, async ({ context }) => {
        const error = (await run(parseEmulatorRedeliverOptions('m-1', {}), context).catch((caught: unknown) => caught)) as ApiError;
        expect(error.outcomeUnknown).toBe(true);
        expect(error.hint).toMatch(/; check the message's attempts before sending it again: svc emulator deliveries show m-1$/);
        expect(broken.requests).toHaveLength(1);
      });
    } finally {
      await broken.close();
    }
  });
});
