// `svc config path`: its run, called directly with a config directory of the test's own.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run as path } from '../../../src/commands/config/path.js';
import { freshConfigDir } from '../../helpers/cli.js';
import { withTestContext } from '../../helpers/test-context.js';

describe('config path: run', () => {
  it('prints the config file in SVC_CONFIG_DIR', async () => {
    const configDir = freshConfigDir();
    await withTestContext({ configDir }, async ({ context, io }) => {
      await path(context);
      expect(io.stdout()).toBe(join(configDir, 'config.json') + '\n');
    });
  });
});
