// `svc contract deployments`: its options and its run, called directly against the strict recording server (exact
// requests, pages followed, each contract printed once).
import { describe, expect, it } from 'vitest';
import { parseContractDeploymentsOptions, run } from '../../../src/commands/contract/deployments.js';
import type { ContractDeploymentsFlags } from '../../../src/commands/contract/deployments.js';
import { withTestContext } from '../../helpers/test-context.js';
import type { TestContextOptions } from '../../helpers/test-context.js';
import { errorAnswer, json, useRecordingServer } from '../../helpers/test-server.js';
import { erc20Contract, HOLDER, numbered, paged, TX_HASH, USDC } from '../../helpers/holdings-fixtures.js';

const server = useRecordingServer();
const PATH = `/v1/chains/43114/contracts/${HOLDER}/deployments`;

async function deployments(flags: ContractDeploymentsFlags, context: TestContextOptions = {}) {
  return withTestContext({ baseUrl: server.url, ...context }, async ({ context: commandContext, io }) => {
    await run(await parseContractDeploymentsOptions(HOLDER, flags), commandContext);
    return { stdout: io.stdout(), stderr: io.stderr() };
  });
}

describe('contract deployments: options', () => {
  it('the deployer and the chain, with the paging flags, checked before any request', async () => {
    expect(await parseContractDeploymentsOptions(HOLDER, { chainId: 'c-chain', limit: '30' })).toEqual({
      where: { chainId: '43114', address: HOLDER },
      paging: { limit: 30, followPages: true },
    });
    expect((await parseContractDeploymentsOptions(HOLDER, {})).where).toEqual({ chainId: undefined, address: HOLDER });
    await expect(parseContractDeploymentsOptions('0xzz', { chainId: 'c-chain' })).rejects.toThrow(/^deployer "0xzz": must be an address/);
    await expect(parseContractDeploymentsOptions(HOLDER, { chainId: 'c-chain', limit: '3', all: true })).rejects.toThrow(
      /^--limit and --all: use one or the other/,
    );
  });
});

describe('contract deployments: run', () => {
  it('one page: GET .../deployments; piped, the contract columns', async () => {
    server.respond([json({ contracts: [erc20Contract()] })]);
    const { stdout } = await deployments({ chainId: '43114' });
    expect(stdout).toBe(`${USDC}\tERC-20\tUSD Coin\tUSDC\t6\t${HOLDER}\t${TX_HASH}\n`);
    expect(server.requests.map((request) => request.rawUrl)).toEqual([PATH]);
  });

  it('--all: follows every page with the largest size, each contract printed once though the pages shift', async () => {
    const contracts = Array.from({ length: 205 }, (_, i) => erc20Contract({ address: numbered(i + 1), name: `C${i}` }));
    const shifted = [...contracts.slice(0, 100), contracts[99]!, ...contracts.slice(100)];
    server.respond(paged('contracts', shifted));
    const { stdout } = await deployments({ chainId: '43114', all: true });
    expect(
      stdout
        .trimEnd()
        .split('\n')
        .map((row) => row.split('\t')[2]),
    ).toEqual(contracts.map((contract) => contract.name));
    expect(server.requests.map((request) => request.query.pageToken ?? '')).toEqual(['', 'p100', 'p200']);
  });

  it('at a terminal: a table, and the command for the next page', async () => {
    server.respond([json({ contracts: [erc20Contract()], nextPageToken: 'tok' })]);
    const { stdout } = await deployments({ chainId: '43114', pageSize: '1' }, { io: { stdoutTTY: true, columns: 200 } });
    const lines = stdout.split('\n');
    expect(lines[0]).toMatch(/^ADDRESS +TYPE +NAME +SYMBOL +DECIMALS +DEPLOYER +DEPLOYMENT TX$/);
    expect(lines[1]).toContain(`${USDC}  ERC-20  USD Coin  USDC`);
    expect(stdout).toContain(`Next page: svc contract deployments ${HOLDER} --chain-id 43114 --page-size 1 --page-token tok\n`);
  });

  it('none: nothing on stdout, "No contracts found." at a terminal', async () => {
    server.respond([json({ contracts: [] })]);
    expect(await deployments({ chainId: '43114' }, { io: { stdoutTTY: true } })).toEqual({ stdout: '', stderr: 'No contracts found.\n' });
  });

  it('the service 404s: exit 3; a page with no list: exit 1', async () => {
    server.respond([errorAnswer(404), json({ items: [] })]);
    await expect(deployments({ chainId: '43114' })).rejects.toMatchObject({ exitCode: 3 });
    await expect(deployments({ chainId: '43114' })).rejects.toMatchObject({ exitCode: 1, message: /"contracts" is not an array/ });
  });
});
