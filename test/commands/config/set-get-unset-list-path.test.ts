// `svc config set|get|unset|list|path`: their runs, called directly with a config directory of the test's own.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { run as get } from '../../../src/commands/config/get.js';
import { run as list } from '../../../src/commands/config/list.js';
import { run as path } from '../../../src/commands/config/path.js';
import { parseConfigSetOptions, run as set } from '../../../src/commands/config/set.js';
import { run as unset } from '../../../src/commands/config/unset.js';
import { freshConfigDir } from '../../helpers/cli.js';
import { withTestContext } from '../../helpers/test-context.js';

describe('config set, get, unset, list and path: run', () => {
  it('a value set is read back, listed with its source, and gone after unset', async () => {
    const configDir = freshConfigDir();
    const inDir = <T>(body: Parameters<typeof withTestContext<T>>[1]) => withTestContext({ configDir }, body);
    const file = await inDir(async ({ context, io }) => {
      await path(context);
      return io.stdout().trim();
    });
    await inDir(({ context }) => set(parseConfigSetOptions('base-url', 'https://example.com/api'), context));
    expect(JSON.parse(readFileSync(file, 'utf8')).profiles.default['base-url']).toBe('https://example.com/api');
    expect(
      await inDir(async ({ context, io }) => {
        await get('base-url', context);
        return io.stdout();
      }),
    ).toBe('https://example.com/api\n');
    expect(
      await inDir(async ({ context, io }) => {
        await list(context);
        return io.stdout();
      }),
    ).toMatch(/^base-url\thttps:\/\/example\.com\/api\tprofile$/m);
    await inDir(({ context }) => unset('base-url', context));
    expect(JSON.parse(readFileSync(file, 'utf8')).profiles.default ?? {}).toEqual({});
  });

  it('an API key is stored whole and never printed whole', async () => {
    const configDir = freshConfigDir();
    await withTestContext({ configDir }, ({ context }) => set(parseConfigSetOptions('api-key', 'sk_test_abcdef123456'), context));
    await withTestContext({ configDir }, async ({ context, io }) => {
      await get('api-key', context);
      expect(io.stdout()).toBe('****3456\n');
    });
  });
});
