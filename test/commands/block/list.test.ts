// `svc block list`: its options and run against the recording server answering blocks as the operator's description
// shapes them (exact requests, pages, the layouts; bad input sends nothing).
import { describe, expect, it } from 'vitest';
import { parseBlockListOptions, run } from '../../../src/commands/block/list.js';
import type { BlockListFlags } from '../../../src/commands/block/list.js';
import { runInProcess } from '../../helpers/cli.js';
import { block, BLOCK_HASH, PARENT_HASH } from '../../helpers/evm-fixtures.js';
import { withTestContext } from '../../helpers/test-context.js';
import type { TestContextOptions } from '../../helpers/test-context.js';
import { errorBody, json, useRecordingServer } from '../../helpers/test-server.js';
import { useEmulator } from '../fixture.js';

const server = useRecordingServer();
const page = (blocks: unknown[], nextPageToken?: string) => json({ blocks, ...(nextPageToken ? { nextPageToken } : {}) });
const listed = (flags: BlockListFlags, options: TestContextOptions = {}) =>
  withTestContext({ baseUrl: server.url, ...options }, async ({ context, io }) => {
    await run(parseBlockListOptions(flags), context);
    return io.stdout();
  });
const numbered = (n: number) => block({ blockNumber: String(n), blockHash: `0x${n.toString(16).padStart(64, '0')}` });

describe('block list: run', () => {
  it('every chain (listLatestBlocksAllChains): a TSV row per block, raw integers and whole hashes', async () => {
    server.respond([page([block()])]);
    expect(await listed({})).toBe(
      `2022-03-30T20:34:46Z\t43113\t339\t${BLOCK_HASH}\t2\t102746\t15000000\t25000000000\t2568650000000000\t${PARENT_HASH}\n`,
    );
    expect(server.requests.map((request) => request.rawUrl)).toEqual(['/v1/blocks']);
  });

  it('--chain-id: that chain (getLatestBlocks); --network narrows every chain; pages followed to --limit, a block once', async () => {
    server.respond([page([numbered(5), numbered(4)], 'p1'), page([numbered(4), numbered(3)], 'p2'), page([])]);
    const rows = (await listed({ chainId: 'fuji', limit: '3' })).trimEnd().split('\n');
    expect(rows.map((row) => row.split('\t')[2])).toEqual(['5', '4', '3']);
    await listed({ network: 'mainnet', pageSize: '7' });
    expect(server.requests.map((request) => request.rawUrl)).toEqual([
      '/v1/chains/43113/blocks?pageSize=3',
      '/v1/chains/43113/blocks?pageToken=p1&pageSize=1',
      '/v1/blocks?pageSize=7&network=mainnet',
    ]);
  });

  it('at a terminal: a table, fees in the coin and the base fee in gwei; the next page command', async () => {
    server.respond([page([block()], 'tok')]);
    const text = await listed({ chainId: '43113' }, { io: { stdoutTTY: true, columns: 200 } });
    const [header, row] = text.split('\n');
    expect(header).toMatch(/^TIME \(UTC\) +CHAIN +BLOCK +HASH +TXS +GAS USED +BASE FEE +FEES$/);
    expect(row).toMatch(/^2022-03-30 20:34:46 +fuji +339 +0x17533aeb.* +2 +102746 +25 gwei +0\.00256865$/);
    expect(text).toContain('Next page: svc block list --chain-id 43113 --page-token tok\n');
  });

  it('--json: each page as returned', async () => {
    const body = `{"blocks":[${JSON.stringify(block())}],"extra":12345678901234567890123}`;
    server.respond([{ status: 200, body }]);
    expect(await listed({}, { globals: { json: true } })).toBe(`${body}\n`);
  });
});

describe('svc block list: the command line', () => {
  it('--chain-id with --network, or a bad value: exit 2 naming the flags, nothing sent', async () => {
    server.respond([]);
    const both = await runInProcess(['block', 'list', '--chain-id', 'fuji', '--network', 'fuji'], { baseUrl: server.url });
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toMatch(/^svc: --chain-id and --network: use one or the other/);
    const bad = await runInProcess(['block', 'list', '--page-size', '101'], { baseUrl: server.url });
    expect(bad.exitCode).toBe(2);
    expect(server.requests).toEqual([]);
  });

  it("an unknown chain is the service's 404: exit 3", async () => {
    server.respond([errorBody(404, 'chain 999 not found')]);
    const result = await runInProcess(['block', 'list', '--chain-id', '999'], { baseUrl: server.url });
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toContain('svc chain list shows the ones it supports');
  });

  it('a page without its blocks list is malformed: exit 1, nothing on stdout', async () => {
    server.respond([json({ items: [] })]);
    const result = await runInProcess(['block', 'list'], { baseUrl: server.url });
    expect(result).toMatchObject({ exitCode: 1, stdout: '' });
  });
});

describe('block list against the emulator', () => {
  const emulator = useEmulator();

  it('newest first, a block once, each of the chain asked for; --all over a few pages ends', async () => {
    const rows = await withTestContext({ baseUrl: emulator.url }, async ({ context, io }) => {
      await run(parseBlockListOptions({ chainId: 'fuji', limit: '25', pageSize: '10' }), context);
      return io
        .stdout()
        .trimEnd()
        .split('\n')
        .map((row) => row.split('\t'));
    });
    expect(rows).toHaveLength(25);
    const numbers = rows.map((row) => Number(row[2]));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(new Set(numbers).size).toBe(25);
    for (const row of rows) expect(row[1]).toBe('43113');
  });
});
