// `svc webhook update`: its run, called directly against the emulator.
import { describe, expect, it } from 'vitest';
import { parseWebhookUpdateOptions, run } from '../../../src/commands/webhook/update.js';
import { call } from '../../helpers/emulator-helpers.js';
import { withTestContext } from '../../helpers/test-context.js';
import { API_KEY, createWebhook, useEmulator } from '../fixture.js';

const emulator = useEmulator();

describe('webhook update: run', () => {
  it('changes only the fields given and prints the webhook after the change', async () => {
    const id = await createWebhook(emulator.url, { description: 'kept' });
    await withTestContext({ baseUrl: emulator.url, apiKey: API_KEY }, async ({ context, io }) => {
      await run(parseWebhookUpdateOptions(id, { name: 'renamed', url: 'https://example.com/new' }), context);
      expect(io.stdout().split('\t').slice(0, 6)).toEqual([id, 'renamed', '43113', 'active', '1', 'https://example.com/new']);
    });
    const after = await call(emulator.url, 'GET', `/v1/webhooks/${id}`, { key: API_KEY });
    expect(after.body).toMatchObject({ name: 'renamed', url: 'https://example.com/new', description: 'kept' });
  });
});
