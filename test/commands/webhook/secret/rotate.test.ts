// `svc webhook secret rotate`: its run, called directly against the emulator.
import { describe, expect, it } from 'vitest';
import { parseWebhookSecretRotateOptions, run } from '../../../../src/commands/webhook/secret/rotate.js';
import { call } from '../../../helpers/emulator-helpers.js';
import { withTestContext } from '../../../helpers/test-context.js';
import { API_KEY, useEmulator } from '../../fixture.js';

const emulator = useEmulator();

describe('webhook secret rotate: run', () => {
  it('with --yes: prints the new secret, which the service then shows', async () => {
    const before = (await call(emulator.url, 'GET', '/v1/webhooks:getSharedSecret', { key: API_KEY })).body.secret as string;
    await withTestContext({ baseUrl: emulator.url, apiKey: API_KEY }, async ({ context, io }) => {
      await run(parseWebhookSecretRotateOptions({ yes: true }, context.io), context);
      const rotated = io.stdout().trim();
      expect(rotated).toMatch(/^[0-9a-f]{64}$/);
      expect(rotated).not.toBe(before);
      expect((await call(emulator.url, 'GET', '/v1/webhooks:getSharedSecret', { key: API_KEY })).body.secret).toBe(rotated);
    });
  });
});
