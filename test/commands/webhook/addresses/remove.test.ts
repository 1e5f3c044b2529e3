// `svc webhook addresses remove`: its run, called directly against the emulator.
import { describe, expect, it } from 'vitest';
import { parseAddressChangeOptions, runAddressChange } from '../../../../src/commands/shared/address-change.js';
import { withTestContext } from '../../../helpers/test-context.js';
import { API_KEY, WATCHED, createWebhook, useEmulator } from '../../fixture.js';

const emulator = useEmulator();
const OTHER = '0xab5801a7d398351b8be11c439e05c5b3259aec9b';

describe('webhook addresses remove: run', () => {
  it('changes the watch list in batches and prints the count after the change', async () => {
    const id = await createWebhook(emulator.url, { metadata: { addresses: [WATCHED, OTHER] } });
    await withTestContext({ baseUrl: emulator.url, apiKey: API_KEY }, async ({ context, io }) => {
      const options = await parseAddressChangeOptions('remove', id, { address: [OTHER], batchSize: '2' }, context.io);
      await runAddressChange(options, context);
      expect(io.stdout()).toBe('1 address\n');
    });
  });
});
