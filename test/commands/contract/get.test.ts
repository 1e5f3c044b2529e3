// `svc contract get`: its options and its run, called directly against the strict recording server: the contract and
// the deployment it names, shown as a person or a pipe reads them; --json the contract as returned.
import { describe, expect, it } from 'vitest';
import { parseContractGetOptions, run } from '../../../src/commands/contract/get.js';
import type { ContractGetFlags } from '../../../src/commands/contract/get.js';
import { withTestContext } from '../../helpers/test-context.js';
import type { TestContextOptions } from '../../helpers/test-context.js';
import { errorAnswer, json, useRecordingServer } from '../../helpers/test-server.js';
import type { Handler } from '../../helpers/test-server.js';
import { deploymentTransaction, erc20Contract, HOLDER, TX_HASH, USDC } from '../../helpers/holdings-fixtures.js';
import { useEmulator } from '../fixture.js';

const server = useRecordingServer();
const METADATA = `/v1/chains/43113/addresses/${USDC}`;
const DEPLOYMENT = `/v1/chains/43113/contracts/${USDC}/transactions:getDeployment`;

async function contractGet(flags: ContractGetFlags, context: TestContextOptions = {}) {
  return withTestContext({ baseUrl: server.url, ...context }, async ({ context: commandContext, io }) => {
    await run(await parseContractGetOptions(USDC, flags), commandContext);
    return io.stdout();
  });
}

/** Answers each of the two operations by its path. */
function byPath(metadata: ReturnType<typeof json>, deployment: ReturnType<typeof json>): Handler {
  return (request) => (request.path === METADATA ? metadata : request.path === DEPLOYMENT ? deployment : errorAnswer(404));
}

const requested = () => server.requests.map((request) => request.rawUrl);

describe('contract get: options', () => {
  it('an address and a chain, checked before any request', async () => {
    expect(await parseContractGetOptions(USDC, { chainId: 'fuji' })).toEqual({ where: { chainId: '43113', address: USDC } });
    expect(await parseContractGetOptions(USDC, {})).toEqual({ where: { chainId: undefined, address: USDC } });
    await expect(parseContractGetOptions('0xabc', { chainId: 'fuji' })).rejects.toThrow(/^address "0xabc": must be an address/);
    await expect(parseContractGetOptions(USDC.replace('EF9Ef', 'EF9EF'), { chainId: 'fuji' })).rejects.toThrow(/EIP-55 checksum/);
  });
});

describe('contract get: run', () => {
  it('piped: one request, one row (address, type, name, symbol, decimals, deployer, deployment tx), without a key', async () => {
    server.respond(byPath(json(erc20Contract()), json(deploymentTransaction())));
    expect(await contractGet({ chainId: 'fuji' })).toBe(`${USDC}\tERC-20\tUSD Coin\tUSDC\t6\t${HOLDER}\t${TX_HASH}\n`);
    expect(requested()).toEqual([METADATA]);
    expect(server.requests[0]!.headers['x-service-api-key']).toBeUndefined();
  });

  it('at a terminal: the contract, then the deployment it names as a section (hash, deployer, block, time, status)', async () => {
    server.respond(byPath(json(erc20Contract()), json(deploymentTransaction())));
    const stdout = await contractGet({ chainId: 'fuji' }, { io: { stdoutTTY: true, columns: 120 } });
    expect(requested()).toEqual([METADATA, DEPLOYMENT]);
    expect(stdout).toBe(
      [
        `ADDRESS      ${USDC}`,
        'TYPE         ERC-20',
        'NAME         USD Coin',
        'SYMBOL       USDC',
        'DECIMALS     6',
        'DESCRIPTION  A dollar on chain',
        'SITE         https://www.circle.com',
        'TAGS         stablecoin',
        '',
        'Deployment',
        `TX HASH   ${TX_HASH}`,
        `DEPLOYER  ${HOLDER}`,
        'BLOCK     339',
        'TIME      2022-03-30 20:34:46 UTC',
        'STATUS    success',
        '',
      ].join('\n'),
    );
  });

  it('a contract that names no deployment (made at genesis): one request, no section; the row takes what the contract says', async () => {
    const bare = erc20Contract({ deploymentDetails: undefined, name: 'Genesis\u001b]0;title\u0007 Token' });
    server.respond(byPath(json(bare), errorAnswer(500)));
    const atTerminal = await contractGet({ chainId: 'fuji' }, { io: { stdoutTTY: true, columns: 120 } });
    expect(atTerminal).not.toContain('Deployment');
    expect(atTerminal).toContain('NAME         Genesis Token\n');
    expect(requested()).toEqual([METADATA]);
    expect(await contractGet({ chainId: 'fuji' })).toBe(`${USDC}\tERC-20\tGenesis Token\tUSDC\t6\t\t\n`);
  });

  it('a deployment it names that the service then does not know (404): the section shows what the contract says', async () => {
    server.respond(byPath(json(erc20Contract()), errorAnswer(404)));
    const atTerminal = await contractGet({ chainId: 'fuji' }, { io: { stdoutTTY: true, columns: 120 } });
    expect(atTerminal.split('Deployment\n')[1]).toBe(`TX HASH   ${TX_HASH}\nDEPLOYER  ${HOLDER}\n`);
  });

  it('--json: the contract as returned, one request (its deploymentDetails name the transaction)', async () => {
    const body = `{"address":"${USDC}","ercType":"ERC-20","decimals":6,"unknownField":[1,2]}`;
    server.respond([{ status: 200, body }]);
    expect(await contractGet({ chainId: 'fuji' }, { globals: { json: true } })).toBe(`${body}\n`);
    expect(requested()).toEqual([METADATA]);
  });

  it('no contract there: the service 404, exit 3; a deployment that fails otherwise fails the command', async () => {
    server.respond(byPath(errorAnswer(404, 'contract not found'), errorAnswer(404)));
    await expect(contractGet({ chainId: 'fuji' })).rejects.toMatchObject({ exitCode: 3, statusCode: 404 });
    server.respond(byPath(json(erc20Contract()), errorAnswer(400, 'bad address')));
    await expect(contractGet({ chainId: 'fuji' }, { io: { stdoutTTY: true } })).rejects.toMatchObject({ exitCode: 2, statusCode: 400 });
  });

  it('a contract answer that is not an object: exit 1, nothing on stdout', async () => {
    server.respond(byPath(json([erc20Contract()]), json(deploymentTransaction())));
    await expect(contractGet({ chainId: 'fuji' })).rejects.toMatchObject({
      exitCode: 1,
      message: /not a JSON object|must be a JSON object/,
    });
  });
});

describe('contract get against the emulator', () => {
  const emulator = useEmulator();
  const FUJI_USDC = '0x5425890298aed601595a70AB815c96711a31Bc65';

  it('a token contract of the chain from genesis: its row, no deployment asked for; an address that is none: 404, exit 3', async () => {
    await withTestContext({ baseUrl: emulator.url }, async ({ context, io }) => {
      await run(await parseContractGetOptions(FUJI_USDC, { chainId: 'fuji' }), context);
      expect(io.stdout()).toBe(`${FUJI_USDC}\tERC-20\tUSD Coin\tUSDC\t6\t\t\n`);
      await expect(run(await parseContractGetOptions(HOLDER, { chainId: 'fuji' }), context)).rejects.toMatchObject({ exitCode: 3 });
    });
  });
});
