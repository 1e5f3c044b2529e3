// `svc webhook create`: its run, called directly against the emulator.
import { describe, expect, it } from 'vitest';
import { parseWebhookCreateOptions, run } from '../../../src/commands/webhook/create.js';
import { withTestContext } from '../../helpers/test-context.js';
import { API_KEY, WATCHED, useEmulator } from '../fixture.js';

const emulator = useEmulator();
const flags = { url: 'https://example.com/hook', chainId: '43113', address: [WATCHED], eventSignature: [], event: [], name: 'payments' };

describe('webhook create: run', () => {
  it('creates the webhook and prints it as a TSV row, the columns of webhook list', async () => {
    await withTestContext({ baseUrl: emulator.url, apiKey: API_KEY }, async ({ context, io }) => {
      await run(await parseWebhookCreateOptions(flags, context.io), context);
      const [id, ...rest] = io.stdout().trimEnd().split('\t');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(rest).toEqual([
        'payments',
        '43113',
        'active',
        '1',
        'https://example.com/hook',
        expect.stringMatching(/Z$/),
        'address_activity',
      ]);
    });
  });

  it('without a key: an AuthError before any request', async () => {
    await withTestContext({ baseUrl: emulator.url }, async ({ context }) => {
      await expect(run(await parseWebhookCreateOptions(flags, context.io), context)).rejects.toMatchObject({ exitCode: 4 });
    });
  });
});
