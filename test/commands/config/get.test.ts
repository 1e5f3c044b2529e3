// `svc config get`: its run, called directly with a config directory of the test's own.
import { describe, expect, it } from 'vitest';
import { run as get } from '../../../src/commands/config/get.js';
import { parseConfigSetOptions, run as set } from '../../../src/commands/config/set.js';
import { freshConfigDir } from '../../helpers/cli.js';
import { withTestContext } from '../../helpers/test-context.js';

describe('config get: run', () => {
  it('prints a value set', async () => {
    const configDir = freshConfigDir();
    await withTestContext({ configDir }, ({ context }) => set(parseConfigSetOptions('base-url', 'https://example.com/api'), context));
    await withTestContext({ configDir }, async ({ context, io }) => {
      await get('base-url', context);
      expect(io.stdout()).toBe('https://example.com/api\n');
    });
  });

  it('never prints an API key whole: its last 4 characters only', async () => {
    const configDir = freshConfigDir();
    await withTestContext({ configDir }, ({ context }) => set(parseConfigSetOptions('api-key', 'sk_test_abcdef123456'), context));
    await withTestContext({ configDir }, async ({ context, io }) => {
      await get('api-key', context);
      expect(io.stdout()).toBe('****3456\n');
    });
  });
});
