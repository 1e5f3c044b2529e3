// `svc config list`: its run, called directly with a config directory of the test's own.
import { describe, expect, it } from 'vitest';
import { run as list } from '../../../src/commands/config/list.js';
import { parseConfigSetOptions, run as set } from '../../../src/commands/config/set.js';
import { freshConfigDir } from '../../helpers/cli.js';
import { withTestContext } from '../../helpers/test-context.js';

describe('config list: run', () => {
  it('every setting with its source: a value set from the profile, the rest their defaults', async () => {
    const configDir = freshConfigDir();
    await withTestContext({ configDir }, ({ context }) => set(parseConfigSetOptions('base-url', 'https://example.com/api'), context));
    await withTestContext({ configDir }, async ({ context, io }) => {
      await list(context);
      expect(io.stdout()).toMatch(/^base-url\thttps:\/\/example\.com\/api\tprofile$/m);
      expect(io.stdout()).toMatch(/^api-key-header\tx-service-api-key\tdefault$/m);
    });
  });
});
