// `svc webhook apply`: its run, called directly against the emulator.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseWebhookApplyOptions, run } from '../../../src/commands/webhook/apply.js';
import { withTestContext } from '../../helpers/test-context.js';
import { WATCHED, useEmulator } from '../fixture.js';

const emulator = useEmulator();

describe('webhook apply: run', () => {
  it('creates what the file names, then finds nothing to change', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'svc-apply-')), 'webhooks.json');
    writeFileSync(
      file,
      JSON.stringify({ webhooks: [{ name: 'treasury', url: 'https://example.com/t', chainId: '43113', addresses: [WATCHED] }] }),
    );
    const apply = () =>
      withTestContext({ baseUrl: emulator.url, apiKey: 'apply-key-0001' }, async ({ context, io }) => {
        await run(await parseWebhookApplyOptions({ file }, context.io), context);
        return { stdout: io.stdout(), stderr: io.stderr() };
      });
    expect((await apply()).stdout).toMatch(/^\+ create treasury$/m);
    // Nothing to change: nothing on stdout (it holds the changes alone), the summary on stderr with the others.
    expect(await apply()).toEqual({ stdout: '', stderr: 'no changes\n' });
  });
});
