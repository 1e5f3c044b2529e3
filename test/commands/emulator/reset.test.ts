// `svc emulator reset`: its run, called directly against an in-process emulator: it forgets the webhooks and messages,
// and refuses without --yes where it cannot ask.
import { describe, expect, it } from 'vitest';
import { parseEmulatorResetOptions, run } from '../../../src/commands/emulator/reset.js';
import { NetworkError, UsageError } from '../../../src/errors.js';
import { API_KEY, call } from '../../helpers/emulator-helpers.js';
import { withTestContext } from '../../helpers/test-context.js';
import { createWebhook, useEmulator } from '../fixture.js';

const emulator = useEmulator();

const webhookCount = async () => (await call(emulator.url, 'GET', '/_emulator/status')).body.webhooks as number;

describe('emulator reset: run', () => {
  it('with --yes: the emulator forgets its webhooks; stderr says so, stdout stays empty (--json: the answer)', async () => {
    await createWebhook(emulator.url);
    expect(await webhookCount()).toBe(1);
    await withTestContext({ baseUrl: emulator.url }, async ({ context, io }) => {
      await run(parseEmulatorResetOptions({ yes: true }, context.io), context);
      expect(io.stdout()).toBe('');
      expect(io.stderr()).toBe(`Reset the emulator at ${emulator.url}: no webhooks, messages or injected transactions remain\n`);
    });
    expect(await webhookCount()).toBe(0);
    expect((await call(emulator.url, 'GET', '/v1/webhooks', { key: API_KEY })).body.webhooks).toEqual([]);
    await withTestContext({ baseUrl: emulator.url, globals: { json: true } }, async ({ context, io }) => {
      await run({ confirmed: true }, context);
      expect(io.stdout()).toBe('{"reset":true}\n');
    });
  });

  it('without --yes and without a terminal: a usage error naming --yes, nothing reset', async () => {
    await createWebhook(emulator.url);
    await withTestContext({ baseUrl: emulator.url }, async ({ context }) => {
      expect(() => parseEmulatorResetOptions({}, context.io)).toThrow(
        new UsageError('refusing to reset the emulator without confirmation: pass --yes'),
      );
    });
    expect(await webhookCount()).toBe(1);
  });

  it('no emulator at the base URL: a network error saying none of yours runs', async () => {
    await withTestContext({ baseUrl: 'http://127.0.0.1:9' }, async ({ context }) => {
      const error = await run({ confirmed: true }, context).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(NetworkError);
      expect((error as NetworkError).hint).toMatch(/no emulator of yours is running/);
    });
  });
});
