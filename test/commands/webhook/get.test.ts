// `svc webhook get`: its run, called directly against the emulator.
import { describe, expect, it } from 'vitest';
import { parseWebhookGetOptions, run } from '../../../src/commands/webhook/get.js';
import { withTestContext } from '../../helpers/test-context.js';
import { API_KEY, createWebhook, useEmulator } from '../fixture.js';

const emulator = useEmulator();

describe('webhook get: run', () => {
  it('prints the webhook as create does; --json prints the body as returned', async () => {
    const id = await createWebhook(emulator.url);
    await withTestContext({ baseUrl: emulator.url, apiKey: API_KEY }, async ({ context, io }) => {
      await run(parseWebhookGetOptions(id), context);
      expect(io.stdout().split('\t').slice(0, 4)).toEqual([id, 'payments', '43113', 'active']);
    });
    await withTestContext({ baseUrl: emulator.url, apiKey: API_KEY, globals: { json: true } }, async ({ context, io }) => {
      await run(parseWebhookGetOptions(id), context);
      expect(JSON.parse(io.stdout())).toMatchObject({ id, status: 'active', name: 'payments' });
    });
  });

  it("another key's webhook: not found (exit 3)", async () => {
    const id = await createWebhook(emulator.url);
    await withTestContext({ baseUrl: emulator.url, apiKey: 'another-key' }, async ({ context }) => {
      await expect(run(parseWebhookGetOptions(id), context)).rejects.toMatchObject({ exitCode: 3 });
    });
  });
});
