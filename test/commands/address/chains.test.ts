// `svc address chains`: its options and run against the recording server (the request, the layouts, bad input).
import { describe, expect, it } from 'vitest';
import { parseAddressChainsOptions, run } from '../../../src/commands/address/chains.js';
import { runInProcess } from '../../helpers/cli.js';
import { SENDER } from '../../helpers/evm-fixtures.js';
import { call } from '../../helpers/emulator-helpers.js';
import { withTestContext } from '../../helpers/test-context.js';
import { json, useRecordingServer } from '../../helpers/test-server.js';
import { useEmulator } from '../fixture.js';

const FUJI = {
  chainId: '43113',
  status: 'OK',
  chainName: 'Avalanche (Fuji C-Chain)',
  description: 'The test network',
  vmName: 'EVM',
  rpcUrl: 'https://rpc.example/43113',
  isTestnet: true,
  networkToken: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 },
};
const ANSWER = { indexedChains: [FUJI], unindexedChains: ['7777777'] };
const server = useRecordingServer(() => [json(ANSWER)]);

describe('address chains: run', () => {
  it('piped: the indexed chains with the columns of chain list, then the others by id, each saying which it is', async () => {
    await withTestContext({ baseUrl: server.url }, async ({ context, io }) => {
      await run(parseAddressChainsOptions(SENDER), context);
      expect(io.stdout()).toBe('43113\tfuji\tAvalanche (Fuji C-Chain)\ttestnet\tAVAX\ttrue\n7777777\t\t\t\t\tfalse\n');
    });
    expect(server.requests.map((request) => request.rawUrl)).toEqual([`/v1/address/${SENDER}/chains`]);
  });

  it('at a terminal: a table; none at all: said on stderr', async () => {
    await withTestContext({ baseUrl: server.url, io: { stdoutTTY: true, columns: 100 } }, async ({ context, io }) => {
      await run(parseAddressChainsOptions(SENDER), context);
      expect(io.stdout().split('\n')[0]).toMatch(/^CHAIN ID +NAME +CHAIN NAME +NETWORK +TOKEN +INDEXED$/);
      expect(io.stdout()).toMatch(/^7777777 +no$/m);
    });
    server.respond([json({ indexedChains: [], unindexedChains: [] })]);
    await withTestContext({ baseUrl: server.url, io: { stdoutTTY: true } }, async ({ context, io }) => {
      await run(parseAddressChainsOptions(SENDER), context);
      expect(io.stdout()).toBe('');
      expect(io.stderr()).toContain('No chains found');
    });
  });
});

describe('svc address chains: the command line', () => {
  it('not an address, or a wrong EIP-55 checksum: exit 2 naming it, nothing sent', async () => {
    server.respond([]);
    for (const bad of ['0x1234', SENDER.toLowerCase().replace('0x71c', '0x71C')]) {
      const result = await runInProcess(['address', 'chains', bad], { baseUrl: server.url });
      expect(result.exitCode, bad).toBe(2);
      expect(result.stderr).toMatch(/^svc: address "0x/);
    }
    expect(server.requests).toEqual([]);
  });

  it('lower case (no checksum) is taken; --jq filters the body', async () => {
    const result = await runInProcess(['address', 'chains', SENDER.toLowerCase(), '--jq', '.indexedChains[].chainId'], {
      baseUrl: server.url,
    });
    expect(result).toEqual({ exitCode: 0, stdout: '43113\n', stderr: '' });
  });
});

describe('address chains against the emulator', () => {
  const emulator = useEmulator();

  it('an address that sent a transaction on Fuji lists Fuji as indexed', async () => {
    const latest = await call<{ transactions: Array<{ from: { address: string } }> }>(
      emulator.url,
      'GET',
      '/v1/chains/43113/transactions?pageSize=1',
    );
    const sender = latest.body.transactions[0]!.from.address;
    await withTestContext({ baseUrl: emulator.url }, async ({ context, io }) => {
      await run(parseAddressChainsOptions(sender), context);
      expect(io.stdout()).toMatch(/^43113\tfuji\t.*\ttrue$/m);
    });
  });
});
