// `svc chain list`: its run, called directly against the emulator.
import { describe, expect, it } from 'vitest';
import { parseChainListOptions, run } from '../../../src/commands/chain/list.js';
import { withTestContext } from '../../helpers/test-context.js';
import { useEmulator } from '../fixture.js';

const emulator = useEmulator();

describe('chain list: run', () => {
  it('prints a TSV row per chain of the network and feature asked for, each with its name', async () => {
    await withTestContext({ baseUrl: emulator.url }, async ({ context, io }) => {
      await run(parseChainListOptions({ network: 'mainnet', feature: 'nftIndexing' }), context);
      expect(io.stdout()).toBe('43114\tc-chain\tAvalanche C-Chain\tmainnet\tAVAX\tOK\n');
    });
  });

  it('--json prints the body as returned', async () => {
    await withTestContext({ baseUrl: emulator.url, globals: { json: true } }, async ({ context, io }) => {
      await run(parseChainListOptions({}), context);
      expect((JSON.parse(io.stdout()) as { chains: unknown[] }).chains).toHaveLength(6);
    });
  });

  it('a network or feature the service does not take: a usage error before any request', () => {
    expect(() => parseChainListOptions({ network: 'devnet' })).toThrow(/--network "devnet": must be one of/);
    expect(() => parseChainListOptions({ feature: 'Webhooks' })).toThrow(/--feature "Webhooks": must be one of/);
  });
});
