// `svc nft get`: its options and its run, called directly against the strict recording server.
import { describe, expect, it } from 'vitest';
import { parseNftGetOptions, run } from '../../../src/commands/nft/get.js';
import { withTestContext } from '../../helpers/test-context.js';
import type { TestContextOptions } from '../../helpers/test-context.js';
import { errorAnswer, json, useRecordingServer } from '../../helpers/test-server.js';
import { parseNftListOptions, run as listRun } from '../../../src/commands/nft/list.js';
import { call } from '../../helpers/emulator-helpers.js';
import { COLLECTION, erc721Token, HOLDER, numbered } from '../../helpers/holdings-fixtures.js';
import { useEmulator } from '../fixture.js';

const ZERO = '0x0000000000000000000000000000000000000000';

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

describe('nft get and nft list against the emulator', () => {
  const emulator = useEmulator();
  const FUJI_AVATARS = '0x9047787E3e4F025b967e064a9e9603cFB414024c';
  const owner = numbered(0x0e1ce);

  it('a minted token: found by its id with its owner, and in its collection’s listing; an id never minted: 404, exit 3', async () => {
    const minted = await call(emulator.url, 'POST', '/_emulator/transactions', {
      body: { chainId: '43113', erc721Transfers: [{ from: ZERO, to: owner, tokenId: '2000001', token: { address: FUJI_AVATARS } }] },
    });
    expect(minted.status, JSON.stringify(minted.body)).toBe(201);
    await withTestContext({ baseUrl: emulator.url }, async ({ context, io }) => {
      await run(await parseNftGetOptions(FUJI_AVATARS, '2000001', { chainId: 'fuji' }), context);
      const cells = io.stdout().trimEnd().split('\t');
      expect([cells[0], cells[1], cells[2], cells[7]!.toLowerCase()]).toEqual([FUJI_AVATARS, '2000001', 'ERC-721', owner]);
      await expect(run(await parseNftGetOptions(FUJI_AVATARS, '2000002', { chainId: 'fuji' }), context)).rejects.toMatchObject({
        exitCode: 3,
      });
    });
    await withTestContext({ baseUrl: emulator.url }, async ({ context, io }) => {
      await listRun(await parseNftListOptions(FUJI_AVATARS, { chainId: 'fuji', all: true }), context);
      const ids = io
        .stdout()
        .trimEnd()
        .split('\n')
        .map((row) => row.split('\t')[1]);
      expect(ids).toContain('2000001');
      expect(new Set(ids).size).toBe(ids.length);
    });
  });
});
