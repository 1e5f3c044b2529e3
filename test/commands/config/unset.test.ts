// `svc config unset`: its run, called directly with a config directory of the test's own.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { run as path } from '../../../src/commands/config/path.js';
import { parseConfigSetOptions, run as set } from '../../../src/commands/config/set.js';
import { run as unset } from '../../../src/commands/config/unset.js';
import { freshConfigDir } from '../../helpers/cli.js';
import { withTestContext } from '../../helpers/test-context.js';

describe('config unset: run', () => {
  it('a value set is gone from the profile after unset', async () => {
    const configDir = freshConfigDir();
    const file = await withTestContext({ configDir }, async ({ context, io }) => {
      await path(context);
      return io.stdout().trim();
    });
    await withTestContext({ configDir }, ({ context }) => set(parseConfigSetOptions('base-url', 'https://example.com/api'), context));
    await withTestContext({ configDir }, ({ context }) => unset('base-url', context));
    expect(JSON.parse(readFileSync(file, 'utf8')).profiles.default ?? {}).toEqual({});
  });
});
