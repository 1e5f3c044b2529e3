// `svc webhook secret show`: its run, called directly against the emulator.
import { describe, expect, it } from 'vitest';
import { run } from '../../../../src/commands/webhook/secret/show.js';
import { withTestContext } from '../../../helpers/test-context.js';
import { API_KEY, useEmulator } from '../../fixture.js';

const emulator = useEmulator();

describe('webhook secret show: run', () => {
  it("prints the key's shared secret, the same each time", async () => {
    const show = () =>
      withTestContext({ baseUrl: emulator.url, apiKey: API_KEY }, async ({ context, io }) => {
        await run(context);
        return io.stdout();
      });
    const first = await show();
    expect(first).toMatch(/^[0-9a-f]{64}\n$/);
    expect(await show()).toBe(first);
  });
});
