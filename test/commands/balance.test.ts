// `svc balance`: its options and its run, called directly against the strict recording server (exact requests,
// paging, each item once, errors; bad input sends nothing).
import { describe, expect, it } from 'vitest';
import { parseBalanceOptions, run } from '../../src/commands/balance.js';
import type { BalanceFlags } from '../../src/commands/balance.js';
import { UsageError } from '../../src/errors.js';
import { freshConfigDir, runInProcess } from '../helpers/cli.js';
import { call } from '../helpers/emulator-helpers.js';
import { withTestContext } from '../helpers/test-context.js';
import type { TestContextOptions } from '../helpers/test-context.js';
import { errorAnswer, json, useRecordingServer } from '../helpers/test-server.js';
import {
  COLLECTION,
  erc1155Balance,
  erc20Balance,
  erc721Token,
  HOLDER,
  nativeBalance,
  numbered,
  paged,
  USDC,
  WAVAX,
} from '../helpers/holdings-fixtures.js';
import { useEmulator } from './fixture.js';

const ZERO = '0x0000000000000000000000000000000000000000';

const server = useRecordingServer();
/** The flags as the handler gets them, --contract's empty list left out. */
type Flags = Omit<BalanceFlags, 'contract'> & { contract?: string[] };
const withContracts = (flags: Flags): BalanceFlags => ({ ...flags, contract: flags.contract ?? [] });
const BASE = `/v1/chains/43113/addresses/${HOLDER}`;

async function balance(flags: Flags, context: TestContextOptions = {}, address = HOLDER) {
  return withTestContext({ baseUrl: server.url, ...context }, async ({ context: commandContext, io }) => {
    await run(await parseBalanceOptions(address, withContracts(flags)), commandContext);
    return { stdout: io.stdout(), stderr: io.stderr() };
  });
}

const TERMINAL = { io: { stdoutTTY: true, columns: 120 } };

describe('balance: options', () => {
  it('the native balance by default; a name is its chain id; --contract is kept once per address', async () => {
    expect(await parseBalanceOptions(HOLDER, { chainId: 'fuji', contract: [] })).toEqual({
      where: { chainId: '43113', address: HOLDER },
      kind: 'native',
      contracts: [],
      paging: { followPages: false },
    });
    const erc20 = await parseBalanceOptions(HOLDER, {
      chainId: '43114',
      erc20: true,
      contract: [`${USDC},${WAVAX}`, USDC.toLowerCase()],
    });
    expect(erc20).toMatchObject({ kind: 'erc20', contracts: [USDC, WAVAX] });
  });

  it.each([
    [{ chainId: 'fuj' }, /^--chain-id "fuj": must be a decimal chain id .*fuji \(43113\)/],
    [{ chainId: 'fuji', erc20: true, erc721: true }, /^--erc20 and --erc721: use one or the other/],
    [{ chainId: 'fuji', erc1155: true, collectibles: true }, /^--erc1155 and --collectibles: use one or the other/],
    [{ chainId: 'fuji', contract: [USDC] }, /^--contract: cannot be used without one of --erc20, --erc721, --erc1155, --collectibles/],
    [{ chainId: 'fuji', erc721: true, contract: [`${USDC},${WAVAX}`] }, /^--contract: --erc721 takes one contract/],
    [{ chainId: 'fuji', erc20: true, contract: ['0x1234'] }, /^--contract "0x1234": must be an address/],
    [{ chainId: 'fuji', erc20: true, contract: [USDC.replace('B97', 'b97')] }, /^--contract ".*": its mixed case is an EIP-55 checksum/],
    [{ chainId: 'fuji', limit: '5' }, /^--limit: cannot be used without one of --erc20/],
    [{ chainId: 'fuji', all: true }, /^--all: cannot be used without one of --erc20/],
    [{ chainId: 'fuji', erc20: true, pageSize: '101' }, /^--page-size "101": must be an integer from 1 to 100/],
  ] as Array<[Flags, RegExp]>)('%j: a usage error naming the flag and the rule', async (flags, message) => {
    const parsing = parseBalanceOptions(HOLDER, withContracts(flags));
    await expect(parsing).rejects.toThrow(UsageError);
    await expect(parsing).rejects.toThrow(message);
  });

  it.each([
    ['0x71C7656EC7ab88b098defB751B7401B5f6d8976', /^address ".*": must be an address: 0x followed by 40 hex digits \(20 bytes\)$/],
    ['71C7656EC7ab88b098defB751B7401B5f6d8976F', /must be an address/],
    ['0x71C7656EC7ab88b098defB751B7401B5f6d8976f', /^address ".*": its mixed case is an EIP-55 checksum, and it does not match/],
    ['../webhooks', /must be an address/],
  ])('address %j: refused before any request', async (address, message) => {
    await expect(parseBalanceOptions(address, { chainId: 'fuji', contract: [] })).rejects.toThrow(message);
    // All lower case and all upper case carry no checksum: taken as given.
    await expect(parseBalanceOptions(HOLDER.toLowerCase(), { chainId: 'fuji', contract: [] })).resolves.toBeDefined();
  });
});

describe('balance: the native balance', () => {
  it('GETs balances:getNative (the ":" as is), without a key; piped: one row, the amount as the raw integer', async () => {
    server.respond([json(nativeBalance('1000000500000000000000000'))]);
    const { stdout } = await balance({ chainId: 'fuji' });
    expect(stdout).toBe('\tAVAX\tAvalanche\t1000000500000000000000000\t18\n');
    expect(server.requests.map((request) => [request.method, request.rawUrl, request.headers['x-service-api-key']])).toEqual([
      ['GET', `${BASE}/balances:getNative`, undefined],
    ]);
  });

  it('at a terminal: a table, the amount in whole AVAX with its decimals', async () => {
    server.respond([json(nativeBalance('1000000500000000000000000'))]);
    const { stdout } = await balance({ chainId: 'fuji' }, TERMINAL);
    expect(stdout).toBe(['CONTRACT  SYMBOL  NAME         BALANCE', 'native    AVAX    Avalanche  1000000.5', ''].join('\n'));
  });

  it('--json: the body as returned, byte for byte (a balance past 2^53 keeps its digits)', async () => {
    const body = '{"nativeTokenBalance": {"symbol":"AVAX","decimals":18,"balance":123456789012345678901234567890,"x":1}}';
    server.respond([{ status: 200, body }]);
    const { stdout } = await balance({ chainId: 'fuji' }, { globals: { json: true } });
    expect(stdout).toBe(`${body}\n`);
  });

  it('names and symbols from the service lose escape sequences and control characters at a terminal', async () => {
    server.respond([json(nativeBalance('1', { symbol: 'AV\u001b[31mAX', name: 'Ava\nlanche' }))]);
    const { stdout } = await balance({ chainId: 'fuji' }, TERMINAL);
    expect(stdout).not.toContain('\u001b');
    expect(stdout.split('\n')[1]).toBe('native    AVAX    Ava lanche  0.000000000000000001');
  });

  it("without --chain-id: SVC_CHAIN_ID, else the profile's chain-id; the flag wins over both", async () => {
    const configDir = freshConfigDir();
    expect((await runInProcess(['config', 'set', 'chain-id', 'dfk'], { configDir })).exitCode).toBe(0);
    server.respond(() => json(nativeBalance()));
    await balance({}, { configDir });
    await balance({}, { configDir, env: { SVC_CHAIN_ID: 'c-chain' } });
    await balance({ chainId: '335' }, { configDir, env: { SVC_CHAIN_ID: 'c-chain' } });
    expect(server.requests.map((request) => request.path.split('/')[3])).toEqual(['53935', '43114', '335']);
  });

  it('no --chain-id and no default: a usage error naming the flag and how to set a default, nothing sent', async () => {
    server.respond([]);
    const refused = balance({});
    await expect(refused).rejects.toThrow(UsageError);
    await expect(refused).rejects.toMatchObject({
      message: expect.stringMatching(/^--chain-id: required/),
      hint: expect.stringContaining('svc config set chain-id fuji'),
    });
    expect(server.requests).toEqual([]);
  });

  it('a chain the service does not serve: its 404, exit 3, with the hint', async () => {
    server.respond([errorAnswer(404, 'chain not found')]);
    await expect(balance({ chainId: '7777777' })).rejects.toMatchObject({ exitCode: 3, statusCode: 404 });
  });

  it('an answer without the balance object: exit 1, nothing on stdout', async () => {
    server.respond([json({ balance: '1' })]);
    await expect(balance({ chainId: 'fuji' })).rejects.toMatchObject({
      exitCode: 1,
      message: expect.stringMatching(/^unexpected response: "nativeTokenBalance"/),
    });
  });
});

describe('balance --erc20', () => {
  it('--contract filters go as one contractAddresses list; piped: a row per token, amounts raw', async () => {
    server.respond([json({ nativeTokenBalance: nativeBalance().nativeTokenBalance, erc20TokenBalances: [erc20Balance()] })]);
    const { stdout } = await balance({ chainId: '43113', erc20: true, contract: [USDC, WAVAX] });
    expect(stdout).toBe(`${USDC}\tUSDC\tUSD Coin\t2500000\t6\n`);
    expect(server.requests.map((request) => request.rawUrl)).toEqual([
      `${BASE}/balances:listErc20?contractAddresses=${encodeURIComponent(`${USDC},${WAVAX}`)}`,
    ]);
  });

  it('--limit: pages of just what is left (min(100, left)), each token printed once though a page repeats one', async () => {
    const tokens = Array.from({ length: 150 }, (_, i) => erc20Balance({ address: numbered(i + 1), symbol: `T${i}` }));
    // The service's pages shift by one between requests: the second page starts with the first's last token.
    const shifted: typeof tokens = [...tokens.slice(0, 100), tokens[99]!, ...tokens.slice(100)];
    server.respond(paged('erc20TokenBalances', shifted, nativeBalance()));
    const { stdout } = await balance({ chainId: 'fuji', erc20: true, limit: '120' });
    const symbols = stdout
      .trimEnd()
      .split('\n')
      .map((row) => row.split('\t')[1]);
    // The repeat is dropped, and the one token it leaves owed is asked for on its own.
    expect(symbols).toEqual(tokens.slice(0, 120).map((token) => token.symbol));
    expect(server.requests.map((request) => request.query)).toEqual([
      { pageSize: '100' },
      { pageSize: '20', pageToken: 'p100' },
      { pageSize: '1', pageToken: 'p120' },
    ]);
  });

  it("at a terminal: each amount with its token's decimals, and the command for the next page", async () => {
    server.respond([
      json({
        erc20TokenBalances: [
          erc20Balance(),
          erc20Balance({ address: WAVAX, symbol: 'WAVAX', name: 'Wrapped AVAX', decimals: 18, balance: '1500000000000000000' }),
        ],
        nextPageToken: 'next page/1',
      }),
    ]);
    const { stdout } = await balance({ chainId: 'fuji', erc20: true }, TERMINAL);
    expect(stdout).toBe(
      [
        'CONTRACT                                    SYMBOL  NAME          BALANCE',
        `${USDC}  USDC    USD Coin          2.5`,
        `${WAVAX}  WAVAX   Wrapped AVAX      1.5`,
        '',
        `Next page: svc balance ${HOLDER} --chain-id 43113 --erc20 --page-token 'next page/1'`,
        '',
      ].join('\n'),
    );
  });

  it('--json --all: each page as returned, one a line', async () => {
    const tokens = Array.from({ length: 3 }, (_, i) => erc20Balance({ address: numbered(i + 1) }));
    server.respond(paged('erc20TokenBalances', tokens));
    const { stdout } = await balance({ chainId: 'fuji', erc20: true, all: true, pageSize: '2' }, { globals: { json: true } });
    expect(
      stdout
        .trimEnd()
        .split('\n')
        .map((line) => (JSON.parse(line) as { erc20TokenBalances: unknown[] }).erc20TokenBalances.length),
    ).toEqual([2, 1]);
  });
});

describe('balance --erc721, --erc1155, --collectibles', () => {
  it('--erc721 --contract: one contractAddress; a row per token with the NFT columns', async () => {
    server.respond([json({ erc721TokenBalances: [erc721Token('7', { chainId: '43113' })] })]);
    const { stdout } = await balance({ chainId: 'fuji', erc721: true, contract: [COLLECTION] });
    expect(stdout).toBe(`${COLLECTION}\t7\tERC-721\tPunks\tPNK\tPunk #7\t\t${HOLDER}\tINDEXED\n`);
    expect(server.requests[0]!.rawUrl).toBe(`${BASE}/balances:listErc721?contractAddress=${COLLECTION}`);
  });

  it("--erc1155: the amount raw when piped, in the token's units (its metadata's decimals) at a terminal", async () => {
    server.respond([
      json({ erc1155TokenBalances: [erc1155Balance('3', '250')] }),
      json({ erc1155TokenBalances: [erc1155Balance('3', '250')] }),
    ]);
    const piped = await balance({ chainId: 'fuji', erc1155: true });
    expect(piped.stdout.split('\t')[6]).toBe('250');
    const atTerminal = await balance({ chainId: 'fuji', erc1155: true }, { io: { stdoutTTY: true, columns: 200 } });
    expect(atTerminal.stdout.split('\n')[1]).toMatch(/ 2\.5 /);
    expect(server.requests.map((request) => request.rawUrl)).toEqual([`${BASE}/balances:listErc1155`, `${BASE}/balances:listErc1155`]);
  });

  it('--collectibles: ERC-721 and ERC-1155 in one listing', async () => {
    server.respond([json({ collectibleBalances: [erc721Token('1'), erc1155Balance('2', '5')] })]);
    const { stdout } = await balance({ chainId: 'fuji', collectibles: true });
    expect(
      stdout
        .trimEnd()
        .split('\n')
        .map((row) => row.split('\t').slice(1, 3)),
    ).toEqual([
      ['1', 'ERC-721'],
      ['2', 'ERC-1155'],
    ]);
    expect(server.requests[0]!.rawUrl).toBe(`${BASE}/balances:listCollectibles`);
  });

  it('a page whose list is not an array: exit 1, nothing printed', async () => {
    server.respond([json({ collectibleBalances: { one: erc721Token('1') } })]);
    await expect(balance({ chainId: 'fuji', collectibles: true })).rejects.toMatchObject({ exitCode: 1 });
  });
});

describe('balance against the emulator', () => {
  const emulator = useEmulator();
  const holder = numbered(0xba1a0c3);
  const FUJI_USDC = '0x5425890298aed601595a70AB815c96711a31Bc65';
  const FUJI_AVATARS = '0x9047787E3e4F025b967e064a9e9603cFB414024c';

  async function atEmulator(flags: Flags, io: TestContextOptions['io'] = {}): Promise<string> {
    return withTestContext({ baseUrl: emulator.url, io }, async ({ context, io: testIO }) => {
      await run(await parseBalanceOptions(holder, withContracts(flags)), context);
      return testIO.stdout();
    });
  }

  it('a fresh address: its genesis allocation; a mint of USDC and of an NFT to it: its ERC-20 and collectibles', async () => {
    expect(await atEmulator({ chainId: 'fuji' })).toBe('\tAVAX\tAvalanche\t1000000000000000000000000\t18\n');
    const minted = await call(emulator.url, 'POST', '/_emulator/transactions', {
      body: {
        chainId: '43113',
        erc20Transfers: [{ from: ZERO, to: holder, value: '2500000', token: { address: FUJI_USDC } }],
        erc721Transfers: [{ from: ZERO, to: holder, tokenId: '1000042', token: { address: FUJI_AVATARS } }],
      },
    });
    expect(minted.status, JSON.stringify(minted.body)).toBe(201);
    expect(await atEmulator({ chainId: 'fuji', erc20: true })).toBe(`${FUJI_USDC}\tUSDC\tUSD Coin\t2500000\t6\n`);
    expect(await atEmulator({ chainId: 'fuji', erc20: true }, { stdoutTTY: true, columns: 120 })).toMatch(/USDC +USD Coin +2\.5\n$/);
    // A filter on another token: none of it.
    expect(await atEmulator({ chainId: 'fuji', erc20: true, contract: [WAVAX.toLowerCase()] })).toBe('');
    const collectibles = await atEmulator({ chainId: '43113', collectibles: true });
    expect(collectibles.split('\t').slice(0, 3)).toEqual([FUJI_AVATARS, '1000042', 'ERC-721']);
    expect(await atEmulator({ chainId: '43113', erc721: true, contract: [FUJI_AVATARS] })).toBe(collectibles);
    expect(await atEmulator({ chainId: '43113', erc1155: true })).toBe('');
  });

  it('a chain the emulator does not serve: its 404, exit 3', async () => {
    await expect(atEmulator({ chainId: '7777777' })).rejects.toMatchObject({ exitCode: 3, statusCode: 404 });
  });
});
