// `svc nft list`: its options and its run, called directly against the strict recording server (exact requests,
// pages followed, each token printed once).
import { describe, expect, it } from 'vitest';
import { parseNftListOptions, run } from '../../../src/commands/nft/list.js';
import type { NftListFlags } from '../../../src/commands/nft/list.js';
import { withTestContext } from '../../helpers/test-context.js';
import type { TestContextOptions } from '../../helpers/test-context.js';
import { errorAnswer, json, useRecordingServer } from '../../helpers/test-server.js';
import { COLLECTION, erc1155Balance, erc721Token, HOLDER, paged } from '../../helpers/holdings-fixtures.js';

const server = useRecordingServer();
const PATH = `/v1/chains/43113/nfts/collections/${COLLECTION}/tokens`;

async function nftList(flags: NftListFlags, context: TestContextOptions = {}) {
  return withTestContext({ baseUrl: server.url, ...context }, async ({ context: commandContext, io }) => {
    await run(await parseNftListOptions(COLLECTION, flags), commandContext);
    return { stdout: io.stdout(), stderr: io.stderr() };
  });
}

describe('nft list: options', () => {
  it('the collection and the chain, with the paging flags, checked before any request', async () => {
    expect(await parseNftListOptions(COLLECTION, { chainId: 'fuji', pageSize: '5', pageToken: 'abc' })).toEqual({
      where: { chainId: '43113', address: COLLECTION },
      paging: { pageSize: 5, pageToken: 'abc', followPages: false },
    });
    expect((await parseNftListOptions(COLLECTION, {})).where).toEqual({ chainId: undefined, address: COLLECTION });
    await expect(parseNftListOptions('punks', { chainId: 'fuji' })).rejects.toThrow(/^collection "punks": must be an address/);
    await expect(parseNftListOptions(COLLECTION, { chainId: 'fuji', pageToken: '' })).rejects.toThrow(/^--page-token "": is empty/);
  });
});

describe('nft list: run', () => {
  it('one page: GET .../tokens; piped, the NFT columns (an ERC-1155 token has no collection name or owner)', async () => {
    server.respond([json({ tokens: [erc721Token('1'), erc1155Balance('2', '5', { chainId: undefined, balance: undefined })] })]);
    const { stdout } = await nftList({ chainId: 'fuji' });
    expect(stdout).toBe(
      [
        `${COLLECTION}\t1\tERC-721\tPunks\tPNK\tPunk #1\t\t${HOLDER}\tINDEXED`,
        `${COLLECTION}\t2\tERC-1155\t\t\tItem 2\t\t\tINDEXED`,
        '',
      ].join('\n'),
    );
    expect(server.requests.map((request) => request.rawUrl)).toEqual([PATH]);
  });

  it('--limit 25 --page-size 10: three requests of 10, 10 and 5, each token once though a page repeats one', async () => {
    const tokens = Array.from({ length: 40 }, (_, i) => erc721Token(String(i + 1)));
    const shifted = [...tokens.slice(0, 10), tokens[9]!, ...tokens.slice(10)];
    server.respond(paged('tokens', shifted));
    const { stdout } = await nftList({ chainId: 'fuji', limit: '25', pageSize: '10' });
    expect(
      stdout
        .trimEnd()
        .split('\n')
        .map((row) => row.split('\t')[1]),
    ).toEqual(tokens.slice(0, 25).map((token) => token.tokenId));
    expect(server.requests.map((request) => [request.query.pageSize, request.query.pageToken])).toEqual([
      ['10', undefined],
      ['10', 'p10'],
      ['6', 'p20'],
    ]);
  });

  it('a token id past 2^53 keeps its digits in the row', async () => {
    server.respond([
      { status: 200, body: `{"tokens":[{"address":"${COLLECTION}","ercType":"ERC-721","tokenId":123456789012345678901234567890}]}` },
    ]);
    const { stdout } = await nftList({ chainId: 'fuji' });
    expect(stdout.split('\t')[1]).toBe('123456789012345678901234567890');
  });

  it('at a terminal: a table, hostile names made safe, and the command for the next page', async () => {
    server.respond([json({ tokens: [erc721Token('1', { name: 'Pu\u001b[2Jnks' })], nextPageToken: 'n1' })]);
    const { stdout } = await nftList({ chainId: 'fuji' }, { io: { stdoutTTY: true, columns: 200 } });
    expect(stdout).not.toContain('\u001b');
    expect(stdout.split('\n')[0]).toMatch(/^CONTRACT +TOKEN ID +TYPE +COLLECTION +SYMBOL +TOKEN NAME +BALANCE +OWNER +METADATA$/);
    expect(stdout).toContain(`Next page: svc nft list ${COLLECTION} --chain-id 43113 --page-token n1\n`);
  });

  it('an unknown collection: the service 404, exit 3', async () => {
    server.respond([errorAnswer(404, 'collection not found')]);
    await expect(nftList({ chainId: 'fuji' })).rejects.toMatchObject({ exitCode: 3 });
  });
});
