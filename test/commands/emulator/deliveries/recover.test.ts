// `svc emulator deliveries recover`: its run, called directly against an in-process emulator whose receiver fails
// (500) until the test "fixes" it: the failed messages sent again, oldest first; refusals before any request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEmulatorDeliveriesRecoverOptions, run } from '../../../../src/commands/emulator/deliveries/recover.js';
import { ApiError, UsageError } from '../../../../src/errors.js';
import type { RunningEmulator } from '../../../../src/emulator/index.js';
import { API_KEY, call, eventually, startReceiver, PATIENT_DELIVERY, startTestEmulator } from '../../../helpers/emulator-helpers.js';
import type { Receiver } from '../../../helpers/emulator-helpers.js';
import { withTestContext } from '../../../helpers/test-context.js';
import { WATCHED, createWebhook } from '../../fixture.js';

let emulator: RunningEmulator;
let receiver: Receiver;
let handlerFixed = false;

beforeAll(async () => {
  emulator = await startTestEmulator({}, PATIENT_DELIVERY);
  receiver = await startReceiver();
  receiver.respond = () => (handlerFixed ? 200 : 500);
});
afterAll(async () => {
  await receiver.close();
  await emulator.close();
});

describe('emulator deliveries recover: run', () => {
  it("sends the webhook's failed messages again, oldest first: their ids on stdout, what happened on stderr", async () => {
    const webhookId = await createWebhook(emulator.url, { url: receiver.url });
    const made = (await call(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId: '43113', from: WATCHED } })).body;
    const [messageId] = made.messageIds as string[];
    await eventually(async () => {
      const { body } = await call(emulator.url, 'GET', `/_emulator/deliveries/${messageId}`);
      return body.delivery.state === 'failed' ? true : undefined;
    });
    await withTestContext({ baseUrl: emulator.url }, async ({ context }) => {
      const error = await run(parseEmulatorDeliveriesRecoverOptions(webhookId, { since: '1h' }), context).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(UsageError);
      expect((error as UsageError).message).toMatch(
        new RegExp(
          `^cannot recover the messages of webhook ${webhookId}: webhook ${webhookId} .*is inactive: activate it to redeliver its messages$`,
        ),
      );
      expect((error as UsageError).hint).toBe(`svc webhook activate ${webhookId}, then recover`);
    });
    await call(emulator.url, 'PATCH', `/v1/webhooks/${webhookId}`, { key: API_KEY, body: { status: 'active' } });
    handlerFixed = true;
    const before = receiver.messages.length;
    await withTestContext({ baseUrl: emulator.url }, async ({ context, io }) => {
      await run(parseEmulatorDeliveriesRecoverOptions(webhookId, { since: '1h' }), context);
      expect(io.stdout()).toBe(`${messageId}\n`);
      expect(io.stderr()).toBe(
        `Sending 1 failed message of webhook ${webhookId} again, oldest first; their attempts: svc emulator deliveries --follow --webhook ${webhookId}\n`,
      );
    });
    await receiver.waitFor(before + 1);
    expect(receiver.messages.at(-1)!.messageId).toBe(messageId);
    await withTestContext({ baseUrl: emulator.url, globals: { json: true } }, async ({ context, io }) => {
      await run(parseEmulatorDeliveriesRecoverOptions(webhookId, { since: '1h' }), context);
      expect(JSON.parse(io.stdout())).toEqual({ recovered: 0, messageIds: [] });
    });
  });

  it('an unknown webhook: 404 from the emulator', async () => {
    await withTestContext({ baseUrl: emulator.url }, async ({ context }) => {
      const error = await run(parseEmulatorDeliveriesRecoverOptions('no-such-webhook', { since: '1h' }), context).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(404);
    });
  });

  it('without --since, with a bad one or an unsafe webhook id: a usage error naming it, before any request', () => {
    expect(() => parseEmulatorDeliveriesRecoverOptions('w1', {})).toThrow(
      new UsageError('--since: required, e.g. --since 1h or --since 2026-01-31T12:00:00Z'),
    );
    expect(() => parseEmulatorDeliveriesRecoverOptions('w1', { since: 'yesterday' })).toThrow(/--since "yesterday": must be a duration/);
    expect(() => parseEmulatorDeliveriesRecoverOptions('../w1', { since: '1h' })).toThrow(/webhook id "\.\.\/w1"/);
  });
});
