// `svc token transfers`: its options and run against the recording server (exact requests, pages, layouts, errors).
import { describe, expect, it } from 'vitest';
import { parseTokenTransfersOptions, run } from '../../../src/commands/token/transfers.js';
import type { TokenTransfersFlags } from '../../../src/commands/token/transfers.js';
import { runInProcess } from '../../helpers/cli.js';
import { erc20Transfer, erc721Transfer, RECEIVER, SENDER, TOKEN, TX_HASH } from '../../helpers/evm-fixtures.js';
import { call } from '../../helpers/emulator-helpers.js';
import { withTestContext } from '../../helpers/test-context.js';
import type { TestContextOptions } from '../../helpers/test-context.js';
import { errorBody, json, useRecordingServer } from '../../helpers/test-server.js';
import { useEmulator } from '../fixture.js';

const server = useRecordingServer();
const page = (transfers: unknown[], nextPageToken?: string) => json({ transfers, ...(nextPageToken ? { nextPageToken } : {}) });
const listed = (flags: TokenTransfersFlags, options: TestContextOptions = {}) =>
  withTestContext({ baseUrl: server.url, ...options }, async ({ context, io }) => {
    await run(parseTokenTransfersOptions(TOKEN, flags), context);
    return io.stdout();
  });
const PATH = `/v1/chains/43113/tokens/${TOKEN}/transfers`;

describe('token transfers: run', () => {
  it('a TSV row per transfer (the columns of tx list --kind erc20), the block range sent', async () => {
    server.respond([page([erc20Transfer(), erc721Transfer()])]);
    expect(await listed({ chainId: 'fuji', startBlock: '10', endBlock: '20' })).toBe(
      [
        `2022-03-30T20:34:46Z\t339\t${TX_HASH}\t${SENDER}\t${RECEIVER}\tERC-20\t${TOKEN}\t\t1500000000000000000`,
        `2022-03-30T20:34:46Z\t339\t${TX_HASH}\t${SENDER}\t${RECEIVER}\tERC-721\t0x5425890298aed601595a70AB815c96711a31Bc65\t42\t`,
        '',
      ].join('\n'),
    );
    expect(server.requests.map((request) => request.rawUrl)).toEqual([`${PATH}?startBlock=10&endBlock=20`]);
  });

  it('--all: follows every page, a transfer (its transaction and log) once', async () => {
    const at = (logIndex: number) => erc20Transfer({ logIndex });
    server.respond([page([at(0), at(1)], 'p1'), page([at(1), at(2)], 'p2'), page([at(3)])]);
    const rows = (await listed({ chainId: 'fuji', all: true })).trimEnd().split('\n');
    expect(rows).toHaveLength(4);
    expect(server.requests.map((request) => request.rawUrl)).toEqual([
      `${PATH}?pageSize=100`,
      `${PATH}?pageToken=p1&pageSize=100`,
      `${PATH}?pageToken=p2&pageSize=100`,
    ]);
  });

  it('at a terminal: the token by its symbol, the value in its units; the next page command', async () => {
    server.respond([page([erc20Transfer()], 'n/1')]);
    const text = await listed({ chainId: 'fuji', pageSize: '1' }, { io: { stdoutTTY: true, columns: 250 } });
    expect(text).toMatch(/ERC-20 +WAVAX +1\.5$/m);
    expect(text).toContain(`Next page: svc token transfers ${TOKEN} --chain-id 43113 --page-size 1 --page-token n/1\n`);
  });
});

describe('token transfers: what the service may send otherwise', () => {
  it('a field of another type is shown empty, the rest as usual: decimals not a number leave the value raw; extra fields pass', async () => {
    const odd = erc20Transfer({
      erc20Token: { address: TOKEN, symbol: 'ODD', decimals: '18' },
      from: 'not an object',
      extra: { nested: true },
    });
    server.respond([page([odd]), page([odd])]);
    const text = await listed({ chainId: 'fuji' }, { io: { stdoutTTY: true, columns: 250 } });
    expect(text).toMatch(/ERC-20 +ODD +1500000000000000000$/m);
    expect((await listed({ chainId: 'fuji' })).split('\t')[3]).toBe('');
  });
});

describe('svc token transfers: the command line', () => {
  it('bad input, or no chain: exit 2 naming it, nothing sent', async () => {
    server.respond([]);
    const cases: Array<[string[], RegExp]> = [
      [['token', 'transfers', '0xabc', '--chain-id', 'fuji'], /^svc: contract "0xabc": must be an address/],
      [
        ['token', 'transfers', TOKEN.replace('B31f', 'b31f'), '--chain-id', 'fuji'],
        /^svc: contract ".*": its mixed case is an EIP-55 checksum/,
      ],
      [
        ['token', 'transfers', TOKEN, '--chain-id', 'fuji', '--start-block', '5', '--end-block', '2'],
        /^svc: --start-block 5 and --end-block 2: /,
      ],
      [['token', 'transfers', TOKEN], /^svc: --chain-id: required/],
    ];
    for (const [args, message] of cases) {
      const result = await runInProcess(args, { baseUrl: server.url });
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
    }
    expect(server.requests).toEqual([]);
  });

  it('a 400 from the service is exit 2 with its message; a malformed page exit 1', async () => {
    server.respond([errorBody(400, ['startBlock must be a number']), json({ transactions: [] })]);
    const refused = await runInProcess(['token', 'transfers', TOKEN, '--chain-id', 'fuji'], { baseUrl: server.url });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('startBlock must be a number');
    expect((await runInProcess(['token', 'transfers', TOKEN, '--chain-id', 'fuji'], { baseUrl: server.url })).exitCode).toBe(1);
  });
});

describe('token transfers against the emulator', () => {
  const emulator = useEmulator();

  it("a token seen in an address's ERC-20 transfers lists transfers of that contract only, each once", async () => {
    const latest = await call<{ transactions: Array<{ txHash: string }> }>(
      emulator.url,
      'GET',
      '/v1/chains/43113/transactions?pageSize=100',
    );
    let contract: string | undefined;
    for (const { txHash } of latest.body.transactions) {
      const detail = await call<{ erc20Transfers?: Array<{ erc20Token: { address: string } }> }>(
        emulator.url,
        'GET',
        `/v1/chains/43113/transactions/${txHash}`,
      );
      contract = detail.body.erc20Transfers?.[0]?.erc20Token.address;
      if (contract) break;
    }
    expect(contract, 'an ERC-20 transfer among the latest 100 transactions').toBeDefined();
    const rows = await withTestContext({ baseUrl: emulator.url }, async ({ context, io }) => {
      await run(parseTokenTransfersOptions(contract!, { chainId: 'fuji', limit: '40', pageSize: '15' }), context);
      return io
        .stdout()
        .trimEnd()
        .split('\n')
        .map((row) => row.split('\t'));
    });
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect([row[5], row[6]]).toEqual(['ERC-20', contract]);
  });
});
