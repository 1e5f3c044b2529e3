// The built CLI as a process, once per command of the chain's holdings (balance, contract get|deployments, nft
// list|get|reindex) and per output and exit-code rule: TSV piped, 3 for the service's 404 with the error as a JSON
// line, 4 for a write without a key. A command's further runs go in this process (the same parsing, command and
// error reporting) where the rule has a process run elsewhere: --json as returned (cli-evm-reads' block get), 2 for
// bad input with nothing sent (process-contract).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { runCli, runInProcess } from '../helpers/cli.js';
import { call, startTestEmulator } from '../helpers/emulator-helpers.js';
import { erc20Contract, HOLDER, TX_HASH, USDC } from '../helpers/holdings-fixtures.js';
import { json, useRecordingServer } from '../helpers/test-server.js';

const FUJI_USDC = '0x5425890298aed601595a70AB815c96711a31Bc65';
const FUJI_AVATARS = '0x9047787E3e4F025b967e064a9e9603cFB414024c';
const ZERO = '0x0000000000000000000000000000000000000000';
const OWNER = '0x00000000000000000000000000000000000e2e01';
const KEY = 'sk_test_holdings_e2e';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ blockTimeMs: 0 });
  // What the commands show: USDC and an NFT minted to an address of the test's own.
  const minted = await call(emulator.url, 'POST', '/_emulator/transactions', {
    body: {
      chainId: '43113',
      erc20Transfers: [{ from: ZERO, to: OWNER, value: '1234500', token: { address: FUJI_USDC } }],
      erc721Transfers: [{ from: ZERO, to: OWNER, tokenId: '4000001', token: { address: FUJI_AVATARS } }],
    },
  });
  expect(minted.status, JSON.stringify(minted.body)).toBe(201);
});
afterAll(() => emulator?.close());

const svc = (args: string[], options: Parameters<typeof runCli>[1] = {}) => runCli(args, { baseUrl: emulator.url, ...options });
/** The same command line in this process: a command's further runs. */
const here = (args: string[], options: Parameters<typeof runCli>[1] = {}) => runInProcess(args, { baseUrl: emulator.url, ...options });

describe('svc balance', () => {
  it('native piped: one TSV row, the amount raw, exit 0; --erc20 --json: the page as returned', async () => {
    expect(await svc(['balance', OWNER, '--chain-id', 'fuji'])).toEqual({
      exitCode: 0,
      stdout: '\tAVAX\tAvalanche\t1000000000000000000000000\t18\n',
      stderr: '',
    });
    const erc20 = await here(['balance', OWNER, '--chain-id', '43113', '--erc20', '--json']);
    expect(erc20.exitCode, erc20.stderr).toBe(0);
    const page = JSON.parse(erc20.stdout) as { erc20TokenBalances: Array<{ address: string; balance: string }> };
    expect(page.erc20TokenBalances.map((token) => [token.address, token.balance])).toEqual([[FUJI_USDC, '1234500']]);
  });

  it('two kinds at once: exit 2, one line naming both flags, nothing on stdout', async () => {
    expect(await here(['balance', OWNER, '--chain-id', 'fuji', '--erc20', '--collectibles'])).toEqual({
      exitCode: 2,
      stdout: '',
      stderr:
        'svc: --erc20 and --collectibles: use one or the other (each lists one kind of token; --collectibles lists NFTs of both kinds)\n',
    });
  });
});

describe('svc contract', () => {
  const server = useRecordingServer();

  it('get: the contract row from the emulator; an address that is no contract: exit 3, the error as JSON on stderr', async () => {
    expect(await svc(['contract', 'get', FUJI_USDC, '--chain-id', 'fuji'])).toEqual({
      exitCode: 0,
      stdout: `${FUJI_USDC}\tERC-20\tUSD Coin\tUSDC\t6\t\t\n`,
      stderr: '',
    });
    const missing = await svc(['contract', 'get', OWNER, '--chain-id', 'fuji', '--json']);
    expect(missing.exitCode).toBe(3);
    expect(missing.stdout).toBe('');
    expect(JSON.parse(missing.stderr.trimEnd().split('\n').at(-1)!)).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('deployments: GET .../deployments with the page asked for; piped, the contract columns', async () => {
    server.respond([json({ contracts: [erc20Contract()] })]);
    const result = await runCli(['contract', 'deployments', HOLDER, '--chain-id', 'c-chain', '--page-size', '5'], { baseUrl: server.url });
    expect(result).toEqual({ exitCode: 0, stdout: `${USDC}\tERC-20\tUSD Coin\tUSDC\t6\t${HOLDER}\t${TX_HASH}\n`, stderr: '' });
    expect(server.requests.map((request) => request.rawUrl)).toEqual([`/v1/chains/43114/contracts/${HOLDER}/deployments?pageSize=5`]);
  });

  it('without --chain-id: the chain of SVC_CHAIN_ID; with no default at all, exit 2 naming the flag, nothing sent', async () => {
    server.respond([json({ contracts: [erc20Contract()] })]);
    const defaulted = await runInProcess(['contract', 'deployments', HOLDER], { baseUrl: server.url, env: { SVC_CHAIN_ID: 'fuji' } });
    expect(defaulted.exitCode, defaulted.stderr).toBe(0);
    const none = await runInProcess(['contract', 'deployments', HOLDER], { baseUrl: server.url });
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toMatch(/^svc: --chain-id: required/);
    expect(server.requests.map((request) => request.rawUrl)).toEqual([`/v1/chains/43113/contracts/${HOLDER}/deployments`]);
  });
});

describe('svc nft', () => {
  it('list: a row per token of the collection; get: the minted token and its owner', async () => {
    const list = await svc(['nft', 'list', FUJI_AVATARS, '--chain-id', 'fuji', '--all']);
    expect(list.exitCode, list.stderr).toBe(0);
    expect(list.stdout.split('\n').filter((row) => row.split('\t')[1] === '4000001')).toHaveLength(1);
    const get = await svc(['nft', 'get', FUJI_AVATARS, '4000001', '--chain-id', 'fuji']);
    expect(get.exitCode, get.stderr).toBe(0);
    expect(get.stdout.split('\t')[7]!.toLowerCase()).toBe(OWNER);
  });

  it('get with a token id that is no decimal: exit 2 naming it; one never minted: exit 3', async () => {
    expect(await here(['nft', 'get', FUJI_AVATARS, '0x2a', '--chain-id', 'fuji'])).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: 'svc: token id "0x2a": must be a decimal integer from 0 to 2^256-1, e.g. 42\n',
    });
    expect((await here(['nft', 'get', FUJI_AVATARS, '4000002', '--chain-id', 'fuji'])).exitCode).toBe(3);
  });

  it('reindex: without a key exit 4 before any request; with one, exit 0 and nothing on stdout', async () => {
    const keyless = await svc(['nft', 'reindex', FUJI_AVATARS, '4000001', '--chain-id', 'fuji']);
    expect(keyless.exitCode).toBe(4);
    expect(await here(['nft', 'reindex', FUJI_AVATARS, '4000001', '--chain-id', 'fuji'], { apiKey: KEY })).toEqual({
      exitCode: 0,
      stdout: '',
      stderr: '',
    });
  });
});
