// `svc emulator trigger`: its run, called directly against the emulator.
import { describe, expect, it } from 'vitest';
import { parseEmulatorTriggerOptions, run } from '../../../src/commands/emulator/trigger.js';
import { withTestContext } from '../../helpers/test-context.js';
import { WATCHED, createWebhook, useEmulator } from '../fixture.js';

const emulator = useEmulator();

describe('emulator trigger: run', () => {
  it('injects a transaction and prints its hash and the message made for the watching webhook', async () => {
    await createWebhook(emulator.url);
    await withTestContext({ baseUrl: emulator.url }, async ({ context, io }) => {
      await run(await parseEmulatorTriggerOptions({ chainId: '43113', from: WATCHED, erc20: [], log: [] }), context);
      const [txHash, messageId, ...rest] = io.stdout().trimEnd().split('\t');
      expect(txHash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(messageId).toMatch(/^[0-9a-f-]{36}$/);
      expect(rest).toEqual([]);
    });
  });
});
