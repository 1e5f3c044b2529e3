// `svc webhook activate`: its run, called directly against the emulator.
import { describe, expect, it } from 'vitest';
import { parseWebhookActivateOptions, run } from '../../../src/commands/webhook/activate.js';
import { call } from '../../helpers/emulator-helpers.js';
import { withTestContext } from '../../helpers/test-context.js';
import { API_KEY, createWebhook, useEmulator } from '../fixture.js';

const emulator = useEmulator();

describe('webhook activate: run', () => {
  it('switches an inactive webhook on again and prints it', async () => {
    const id = await createWebhook(emulator.url);
    await call(emulator.url, 'DELETE', `/v1/webhooks/${id}`, { key: API_KEY });
    await withTestContext({ baseUrl: emulator.url, apiKey: API_KEY }, async ({ context, io }) => {
      await run(parseWebhookActivateOptions(id), context);
      expect(io.stdout().split('\t').slice(0, 4)).toEqual([id, 'payments', '43113', 'active']);
    });
  });
});
