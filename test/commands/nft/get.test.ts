// `svc nft get`: its options and its run, called directly against the strict recording server.
import { describe, expect, it } from 'vitest';
import { parseNftGetOptions, run } from '../../../src/commands/nft/get.js';
import { withTestContext } from '../../helpers/test-context.js';
import type { TestContextOptions } from '../../helpers/test-context.js';
import { errorAnswer, json, useRecordingServer } from '../../helpers/test-server.js';
import { COLLECTION, erc721Token, HOLDER } from '../../helpers/holdings-fixtures.js';

const server = useRecordingServer();
const PATH = `/v1/chains/43113/nfts/collections/${COLLECTION}/tokens/42`;

async function nftGet(tokenId: string, context: TestContextOptions = {}) {
  return withTestContext({ baseUrl: server.url, ...context }, async ({ context: commandContext, io }) => {
    await run(await parseNftGetOptions(COLLECTION, tokenId, { chainId: 'fuji' }), commandContext);
    return io.stdout();
  });
}

describe('nft get: options', () => {
  it('a token id is a decimal integer of a uint256, sent as given', async () => {
    expect(await parseNftGetOptions(COLLECTION, '0', { chainId: '43113' })).toEqual({
      where: { chainId: '43113', address: COLLECTION },
      tokenId: '0',
    });
    const max = (2n ** 256n - 1n).toString();
    expect((await parseNftGetOptions(COLLECTION, max, { chainId: '43113' })).tokenId).toBe(max);
  });

  it.each(['', '-1', '0x2a', '1.5', '042', ' 42', '1e3', (2n ** 256n).toString(), '../1'])('token id %j: refused', async (tokenId) => {
    await expect(parseNftGetOptions(COLLECTION, tokenId, { chainId: 'fuji' })).rejects.toThrow(
      `token id ${JSON.stringify(tokenId)}: must be a decimal integer from 0 to 2^256-1, e.g. 42`,
    );
  });
});

describe('nft get: run', () => {
  it('GET .../tokens/42; piped, the row nft list prints', async () => {
    server.respond([json(erc721Token('42'))]);
    expect(await nftGet('42')).toBe(`${COLLECTION}\t42\tERC-721\tPunks\tPNK\tPunk #42\t\t${HOLDER}\tINDEXED\n`);
    expect(server.requests.map((request) => request.rawUrl)).toEqual([PATH]);
  });

  it('at a terminal: each field on a line, with what the metadata says', async () => {
    const token = erc721Token('42', {
      metadata: {
        indexStatus: 'INDEXED',
        name: 'Punk #42',
        description: 'A punk',
        imageUri: 'https://img/42.png',
        metadataLastUpdatedTimestamp: 1700000000,
      },
    });
    server.respond([json(token)]);
    expect(await nftGet('42', { io: { stdoutTTY: true, columns: 120 } })).toBe(
      [
        `CONTRACT          ${COLLECTION}`,
        'TOKEN ID          42',
        'TYPE              ERC-721',
        'COLLECTION        Punks (PNK)',
        'NAME              Punk #42',
        'DESCRIPTION       A punk',
        `OWNER             ${HOLDER}`,
        'TOKEN URI         ipfs://punks/42',
        'IMAGE             https://img/42.png',
        'METADATA          INDEXED',
        'METADATA UPDATED  2023-11-14 22:13:20 UTC',
        '',
      ].join('\n'),
    );
  });

  it('--json: the token as returned', async () => {
    const body = '{ "tokenId": "42", "ercType": "ERC-1155", "metadata": { "indexStatus": "UNINDEXED" } }';
    server.respond([{ status: 200, body }]);
    expect(await nftGet('42', { globals: { json: true } })).toBe(`${body}\n`);
  });

  it('no such token: the service 404, exit 3; an answer that is not an object: exit 1', async () => {
    server.respond([errorAnswer(404, 'token not found'), json('42')]);
    await expect(nftGet('42')).rejects.toMatchObject({ exitCode: 3, statusCode: 404 });
    await expect(nftGet('42')).rejects.toMatchObject({ exitCode: 1 });
  });
});
