// `svc webhook addresses list` (and the older `svc webhook addresses <id>`): its run, called directly.
import { describe, expect, it } from 'vitest';
import { parseWebhookAddressesOptions, run } from '../../../../src/commands/webhook/addresses/list.js';
import { withTestContext } from '../../../helpers/test-context.js';
import { API_KEY, WATCHED, createWebhook, useEmulator } from '../../fixture.js';

const emulator = useEmulator();

describe('webhook addresses list: run', () => {
  it('prints each watched address on a line, across pages with --all', async () => {
    const second = '0xab5801a7d398351b8be11c439e05c5b3259aec9b';
    const id = await createWebhook(emulator.url, { metadata: { addresses: [WATCHED, second] } });
    await withTestContext({ baseUrl: emulator.url, apiKey: API_KEY }, async ({ context, io }) => {
      await run(parseWebhookAddressesOptions(id, { all: true, pageSize: '1' }, 'svc webhook addresses list'), context);
      expect(
        io
          .stdout()
          .trimEnd()
          .split('\n')
          .map((line) => line.toLowerCase()),
      ).toEqual([WATCHED.toLowerCase(), second]);
    });
  });

  it('a terminal footer counts in the singular when the webhook watches one address', async () => {
    const id = await createWebhook(emulator.url);
    await withTestContext({ baseUrl: emulator.url, apiKey: API_KEY, io: { stdoutTTY: true, columns: 120 } }, async ({ context, io }) => {
      await run(parseWebhookAddressesOptions(id, {}, 'svc webhook addresses list'), context);
      expect(io.stdout()).toContain('\nShowing 1 of 1 address.\n');
    });
  });
});
