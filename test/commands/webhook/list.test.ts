// `svc webhook list`: its run, called directly against the emulator.
import { describe, expect, it } from 'vitest';
import { parseWebhookListOptions, run } from '../../../src/commands/webhook/list.js';
import { call } from '../../helpers/emulator-helpers.js';
import { withTestContext } from '../../helpers/test-context.js';
import { createWebhook, useEmulator } from '../fixture.js';

const emulator = useEmulator();
const KEY = 'list-key-0001';

describe('webhook list: run', () => {
  it("the key's webhooks newest first across pages (--all), and by status", async () => {
    const ids: string[] = [];
    for (const name of ['first', 'second', 'third']) ids.push(await createWebhook(emulator.url, { name }, KEY));
    await call(emulator.url, 'DELETE', `/v1/webhooks/${ids[1]}`, { key: KEY });
    const listed = async (flags: Parameters<typeof parseWebhookListOptions>[0]) =>
      withTestContext({ baseUrl: emulator.url, apiKey: KEY }, async ({ context, io }) => {
        await run(parseWebhookListOptions(flags), context);
        return io
          .stdout()
          .trimEnd()
          .split('\n')
          .map((row) => row.split('\t').slice(0, 4));
      });
    expect(await listed({ all: true, pageSize: '2' })).toEqual([
      [ids[2], 'third', '43113', 'active'],
      [ids[1], 'second', '43113', 'inactive'],
      [ids[0], 'first', '43113', 'active'],
    ]);
    expect(await listed({ status: 'inactive' })).toEqual([[ids[1], 'second', '43113', 'inactive']]);
  });

  it('on a terminal: the table, then the footer with the next page; --quiet leaves that hint out', async () => {
    const key = 'list-key-quiet';
    for (const name of ['one', 'two']) await createWebhook(emulator.url, { name }, key);
    const atTerminal = (quiet: boolean) =>
      withTestContext({ baseUrl: emulator.url, apiKey: key, io: { stdoutTTY: true, columns: 160, quiet } }, async ({ context, io }) => {
        await run(parseWebhookListOptions({ pageSize: '1' }), context);
        return io.stdout();
      });
    const told = await atTerminal(false);
    expect(told).toContain('Next page:');
    const quiet = await atTerminal(true);
    expect(quiet).toContain('NAME');
    expect(quiet).not.toMatch(/Next page|Showing/);
  });
});
