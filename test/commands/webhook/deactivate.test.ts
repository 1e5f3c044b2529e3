// `svc webhook deactivate`: its run, called directly against the emulator.
import { describe, expect, it } from 'vitest';
import { parseWebhookDeactivateOptions, run } from '../../../src/commands/webhook/deactivate.js';
import { withTestContext } from '../../helpers/test-context.js';
import { API_KEY, createWebhook, useEmulator } from '../fixture.js';

const emulator = useEmulator();

describe('webhook deactivate: run', () => {
  it('with --yes: deactivates and prints the webhook as returned', async () => {
    const id = await createWebhook(emulator.url);
    await withTestContext({ baseUrl: emulator.url, apiKey: API_KEY }, async ({ context, io }) => {
      await run(parseWebhookDeactivateOptions(id, { yes: true }, context.io), context);
      expect(io.stdout().split('\t').slice(0, 4)).toEqual([id, 'payments', '43113', 'inactive']);
    });
  });

  it('without --yes and without a terminal: a usage error (exit 2) naming --yes', async () => {
    await withTestContext({ baseUrl: emulator.url, apiKey: API_KEY }, async ({ context }) => {
      expect(() => parseWebhookDeactivateOptions('any-id', {}, context.io)).toThrow(/--yes/);
    });
  });
});
