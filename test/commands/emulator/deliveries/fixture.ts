// The emulator the tests of `svc emulator deliveries` and `deliveries show` read: three messages, each delivered at its
// second attempt (the receiver answers 500 to a message's first request, 200 after).
import { afterAll, beforeAll } from 'vitest';
import type { RunningEmulator } from '../../../../src/emulator/index.js';
import { call, eventually, startReceiver, PATIENT_DELIVERY, startTestEmulator } from '../../../helpers/emulator-helpers.js';
import type { Receiver } from '../../../helpers/emulator-helpers.js';
import { WATCHED, createWebhook } from '../../fixture.js';

export interface DeliveredMessages {
  readonly emulator: RunningEmulator;
  readonly receiver: Receiver;
  readonly webhookId: string;
  /** Oldest first. */
  readonly messageIds: string[];
}

/** Started before the file's tests, closed after them. */
export function useDeliveredMessages(): DeliveredMessages {
  const state: { emulator?: RunningEmulator; receiver?: Receiver; webhookId?: string; messageIds: string[] } = { messageIds: [] };
  beforeAll(async () => {
    const emulator = (state.emulator = await startTestEmulator({}, PATIENT_DELIVERY));
    const receiver = (state.receiver = await startReceiver());
    const seen = new Set<string>();
    receiver.respond = (index) => {
      const messageId = receiver.requests[index]!.body.messageId;
      if (seen.has(messageId)) return 200;
      seen.add(messageId);
      return 500;
    };
    state.webhookId = await createWebhook(emulator.url, { url: receiver.url });
    for (let i = 0; i < 3; i++) {
      const injected = await call(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId: '43113', from: WATCHED } });
      state.messageIds.push(injected.body.messageIds[0]);
    }
    await receiver.waitFor(3);
    await eventually(async () => {
      const { body } = await call(emulator.url, 'GET', '/_emulator/deliveries?state=delivered');
      return body.deliveries.length === 3 ? true : undefined;
    });
  });
  afterAll(async () => {
    await state.receiver?.close();
    await state.emulator?.close();
  });
  return {
    get emulator() {
      return state.emulator!;
    },
    get receiver() {
      return state.receiver!;
    },
    get webhookId() {
      return state.webhookId!;
    },
    messageIds: state.messageIds,
  };
}
