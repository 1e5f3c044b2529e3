// `svc webhook verify`: its run, called directly (offline: no server).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseWebhookVerifyOptions, run } from '../../../src/commands/webhook/verify.js';
import { signBody } from '../../../src/signature/index.js';
import { withTestContext } from '../../helpers/test-context.js';

const SECRET = 'ab'.repeat(32);
const BODY = '{"webhookId":"w","messageId":"m","event":{"transaction":{"txHash":"0x1"}}}';

describe('webhook verify: run', () => {
  const secretFile = join(mkdtempSync(join(tmpdir(), 'svc-verify-')), 'secret');
  writeFileSync(secretFile, `${SECRET}\n`);

  it('prints "valid" for the signature of the body under the secret', async () => {
    await withTestContext({ io: { input: BODY } }, async ({ context, io }) => {
      await run(parseWebhookVerifyOptions({ signature: signBody(SECRET, JSON.parse(BODY)), secretFile }, context.io), context);
      expect(io.stdout()).toBe('valid\n');
    });
  });

  it('a changed byte: invalid, exit 1', async () => {
    await withTestContext({ io: { input: BODY.replace('0x1', '0x2') } }, async ({ context }) => {
      const options = parseWebhookVerifyOptions({ signature: signBody(SECRET, JSON.parse(BODY)), secretFile }, context.io);
      await expect(run(options, context)).rejects.toMatchObject({ exitCode: 1 });
    });
  });
});
