// `svc chain get`: its run, called directly against the emulator.
import { describe, expect, it } from 'vitest';
import { parseChainGetOptions, run } from '../../../src/commands/chain/get.js';
import { withTestContext } from '../../helpers/test-context.js';
import { useEmulator } from '../fixture.js';

const emulator = useEmulator();

describe('chain get: run', () => {
  it('a name is its id; prints the chain as chain list does', async () => {
    expect(parseChainGetOptions('dfk-testnet')).toEqual({ chainId: '335' });
    await withTestContext({ baseUrl: emulator.url }, async ({ context, io }) => {
      await run(parseChainGetOptions('dfk-testnet'), context);
      expect(io.stdout()).toBe('335\tdfk-testnet\tDFK Chain Testnet\ttestnet\tJEWEL\tOK\n');
    });
  });

  it('a chain the service does not support: not found (exit 3)', async () => {
    await withTestContext({ baseUrl: emulator.url }, async ({ context }) => {
      await expect(run(parseChainGetOptions('1'), context)).rejects.toMatchObject({ exitCode: 3 });
    });
  });

  it('neither an id nor a name svc knows: a usage error listing the names', () => {
    expect(() => parseChainGetOptions('dfk-test')).toThrow(/chain "dfk-test": .*dfk-testnet \(335\)/);
    expect(() => parseChainGetOptions('../webhooks')).toThrow(/must be a decimal chain id/);
  });
});
