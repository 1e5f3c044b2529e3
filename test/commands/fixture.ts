// For the tests of a command's `run` (test/commands/<noun>/<verb>.test.ts): one emulator per file, and a webhook in it.
import { afterAll, beforeAll } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { API_KEY, call, startTestEmulator, webhookBody } from '../helpers/emulator-helpers.js';

export { API_KEY };
export const WATCHED = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';

/** The emulator of this test file, started before its tests and closed after them. */
export function useEmulator(): { readonly url: string } {
  let emulator: RunningEmulator | undefined;
  beforeAll(async () => {
    emulator = await startTestEmulator();
  });
  afterAll(() => emulator?.close());
  return {
    get url() {
      if (!emulator) throw new Error('the emulator is started in beforeAll');
      return emulator.url;
    },
  };
}

/** Creates a webhook watching WATCHED on chain 43113 with a key (the test key unless given); returns its id. */
export async function createWebhook(baseUrl: string, overrides: Record<string, unknown> = {}, key = API_KEY): Promise<string> {
  const created = await call(baseUrl, 'POST', '/v1/webhooks', {
    key,
    body: webhookBody({ chainId: '43113', name: 'payments', metadata: { addresses: [WATCHED] }, ...overrides }),
  });
  if (created.status !== 201) throw new Error(`create answered ${created.status}`);
  return (created.body as { id: string }).id;
}
