// The holdings operations against the emulator over HTTP: balances (native, ERC-20 with its filter and a past block,
// ERC-721, ERC-1155, collectibles), contract metadata, a collection's NFTs and their reindexing; paging complete and
// bound to its query; the service's 400s and 404s; what a restart with --data-dir keeps and rebuilds; and the built
// CLI's trigger, refused (exit 2, naming the balance) or funding an address with --token.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { toChecksumAddress } from '../../src/evm/address.js';
import { runCli } from '../helpers/cli.js';
import { API_KEY, call, startTestEmulator } from '../helpers/emulator-helpers.js';

const FUJI = '43113';
const ZERO = '0x0000000000000000000000000000000000000000';
const ALICE = toChecksumAddress('0xa11ce00000000000000000000000000000000a11');
const BOB = toChecksumAddress('0xb0b0000000000000000000000000000000000b0b');
const USDC = '0x5425890298aed601595a70AB815c96711a31Bc65';
const OTHER_TOKEN = toChecksumAddress('0x70c0000000000000000000000000000000000005');
const ONE = 10n ** 18n;
const GENESIS = 1_000_000n * ONE;

let emulator: RunningEmulator;
let dataDir: string;
const made: Record<string, string> = {};

async function inject(body: Record<string, unknown>): Promise<string> {
  const answer = await call(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId: FUJI, ...body } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.txHash as string;
}

const get = (path: string) => call(emulator.url, 'GET', path);
const addressPath = (address: string, operation = '') => `/v1/chains/${FUJI}/addresses/${address}${operation}`;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'svc-holdings-'));
  emulator = await startTestEmulator({ dataDir });
  made.mint = await inject({ erc20Transfers: [{ from: ZERO, to: ALICE, value: '5000000', token: { address: USDC } }] });
  await inject({
    erc20Transfers: [{ from: ZERO, to: ALICE, value: '7', token: { address: OTHER_TOKEN, name: 'Other', symbol: 'OTH', decimals: 0 } }],
  });
  made.send = await inject({
    from: ALICE,
    to: BOB,
    value: String(ONE),
    erc20Transfers: [{ from: ALICE, to: BOB, value: '2000000', token: { address: USDC } }],
  });
  await inject({ erc721Transfers: ['1000001', '1000002', '1000003'].map((tokenId) => ({ from: ZERO, to: ALICE, tokenId })) });
  await inject({ erc721Transfers: [{ from: ALICE, to: BOB, tokenId: '1000002' }] });
  await inject({ erc1155Transfers: [{ from: ZERO, to: ALICE, tokenId: '5', value: '10' }] });
  made.creation = await inject({ from: ALICE, contractCreation: true });
}, 60_000);

afterAll(async () => {
  await emulator.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('balances', () => {
  it('native: the genesis allocation + received - sent - gas; the chain native coin', async () => {
    const bob = await get(addressPath(BOB, '/balances:getNative'));
    expect(bob.status).toBe(200);
    // Bob only received: one coin.
    expect(bob.body).toEqual({
      nativeTokenBalance: {
        name: 'Avalanche',
        symbol: 'AVAX',
        decimals: 18,
        logoUri: expect.stringMatching(/^https:\/\//),
        chainId: FUJI,
        balance: String(GENESIS + ONE),
      },
    });
    const alice = BigInt((await get(addressPath(ALICE, '/balances:getNative?currency=eur'))).body.nativeTokenBalance.balance);
    // Alice sent one coin and paid the gas of her two transactions.
    expect(alice < GENESIS - ONE && alice > GENESIS - ONE - ONE / 10n).toBe(true);
  });

  it('ERC-20: the sums of the transfers, filtered by contract, at a past block, paged completely', async () => {
    const listed = await get(addressPath(ALICE, '/balances:listErc20'));
    expect(listed.status).toBe(200);
    expect(listed.body.nativeTokenBalance.chainId).toBe(FUJI);
    expect(listed.body.erc20TokenBalances).toEqual([
      {
        address: USDC,
        name: 'USD Coin',
        symbol: 'USDC',
        decimals: 6,
        logoUri: expect.stringMatching(/^https:\/\//),
        ercType: 'ERC-20',
        chainId: FUJI,
        balance: '3000000',
        tokenReputation: null,
      },
      expect.objectContaining({ address: OTHER_TOKEN, name: 'Other', symbol: 'OTH', decimals: 0, balance: '7' }),
    ]);
    const filtered = await get(addressPath(ALICE, `/balances:listErc20?contractAddresses=${USDC.toLowerCase()},${BOB}`));
    expect(filtered.body.erc20TokenBalances.map((balance: { address: string }) => balance.address)).toEqual([USDC]);

    // Before the transfer to Bob: all five minted.
    const mint = (await get(`/v1/transactions?pageSize=100&network=fuji`)).body.transactions.find(
      (tx: { txHash: string }) => tx.txHash === made.mint,
    );
    const atMint = await get(addressPath(ALICE, `/balances:listErc20?blockNumber=${mint.blockNumber}`));
    expect(atMint.body.erc20TokenBalances.map((balance: { balance: string }) => balance.balance)).toEqual(['5000000']);
    expect(atMint.body.nativeTokenBalance.balance).toBe(
      (await get(addressPath(ALICE, `/balances:getNative?blockNumber=${mint.blockNumber}`))).body.nativeTokenBalance.balance,
    );

    const first = await get(addressPath(ALICE, '/balances:listErc20?pageSize=1'));
    expect(first.body.erc20TokenBalances).toHaveLength(1);
    const second = await get(addressPath(ALICE, `/balances:listErc20?pageSize=1&pageToken=${first.body.nextPageToken}`));
    expect(second.body.nextPageToken).toBeUndefined();
    expect([...first.body.erc20TokenBalances, ...second.body.erc20TokenBalances]).toEqual(listed.body.erc20TokenBalances);
    // A token is bound to its query.
    const elsewhere = await get(addressPath(BOB, `/balances:listErc20?pageSize=1&pageToken=${first.body.nextPageToken}`));
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toMatch(/^pageToken was issued for another query/);
  });

  it('ERC-721: the tokens an address received last; ERC-1155: sums; collectibles: both, paged', async () => {
    const alice = await get(addressPath(ALICE, '/balances:listErc721'));
    expect(alice.body.erc721TokenBalances.map((token: { tokenId: string }) => token.tokenId)).toEqual(['1000001', '1000003']);
    const collection = alice.body.erc721TokenBalances[0].address as string;
    expect(alice.body.erc721TokenBalances[0]).toEqual({
      address: collection,
      name: 'Emulated Avatars',
      symbol: 'EAVA',
      ercType: 'ERC-721',
      tokenId: '1000001',
      tokenUri: expect.stringMatching(/^https:\/\/.*1000001\.json$/),
      metadata: expect.objectContaining({ indexStatus: 'INDEXED', name: 'Emulated Avatars #1000001' }),
      ownerAddress: ALICE,
      chainId: FUJI,
    });
    const bob = await get(addressPath(BOB, `/balances:listErc721?contractAddress=${collection}`));
    expect(
      bob.body.erc721TokenBalances.map((token: { tokenId: string; ownerAddress: string }) => [token.tokenId, token.ownerAddress]),
    ).toEqual([['1000002', BOB]]);
    const items = await get(addressPath(ALICE, '/balances:listErc1155'));
    expect(items.body.erc1155TokenBalances).toEqual([
      expect.objectContaining({ ercType: 'ERC-1155', tokenId: '5', balance: '10', chainId: FUJI }),
    ]);

    const pages: { tokenId: string }[] = [];
    let token: string | undefined;
    do {
      const page = await get(addressPath(ALICE, `/balances:listCollectibles?pageSize=1${token ? `&pageToken=${token}` : ''}`));
      expect(page.status).toBe(200);
      expect(page.body).not.toHaveProperty('nativeTokenBalance');
      pages.push(...page.body.collectibleBalances);
      token = page.body.nextPageToken;
    } while (token);
    expect(pages.map((each) => each.tokenId).sort()).toEqual(['1000001', '1000003', '5']);
  });
});

describe('contracts and NFTs', () => {
  it('metadata of a token, a collection and a created contract; none for an account', async () => {
    expect((await get(addressPath(USDC))).body).toEqual({
      name: 'USD Coin',
      logoAsset: { imageUri: expect.stringMatching(/^https:\/\//) },
      address: USDC,
      ercType: 'ERC-20',
      symbol: 'USDC',
      decimals: 6,
    });
    const collection = (await get(addressPath(ALICE, '/balances:listErc721'))).body.erc721TokenBalances[0].address;
    expect((await get(addressPath(collection))).body).toMatchObject({
      address: collection,
      ercType: 'ERC-721',
      name: 'Emulated Avatars',
      symbol: 'EAVA',
    });
    const creation = (await get(`/v1/transactions?pageSize=100&network=fuji`)).body.transactions.find(
      (tx: { txHash: string }) => tx.txHash === made.creation,
    );
    const created = await get(addressPath(creation.to.address));
    expect(created.body).toEqual({
      address: creation.to.address,
      deploymentDetails: { txHash: made.creation, deployerAddress: ALICE },
      ercType: 'UNKNOWN',
    });
    const account = await get(addressPath(BOB));
    expect(account.status).toBe(404);
    expect(account.body.message).toBe(`no contract is known at ${BOB} on chain ${FUJI}`);
  });

  it("a collection's tokens, paged by id with their owners; one token; a reindex once per hour", async () => {
    const collection = (await get(addressPath(ALICE, '/balances:listErc721'))).body.erc721TokenBalances[0].address;
    const tokensPath = `/v1/chains/${FUJI}/nfts/collections/${collection}/tokens`;
    const seen: string[] = [];
    let pageToken: string | undefined;
    do {
      const page = await get(`${tokensPath}?pageSize=100${pageToken ? `&pageToken=${pageToken}` : ''}`);
      seen.push(...page.body.tokens.map((token: { tokenId: string }) => token.tokenId));
      pageToken = page.body.nextPageToken;
    } while (pageToken);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.map(BigInt)).toEqual([...seen.map(BigInt)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(seen).toEqual(expect.arrayContaining(['1000001', '1000002', '1000003']));

    const detail = await get(`${tokensPath}/1000002`);
    expect(detail.body).toMatchObject({ address: collection, ercType: 'ERC-721', tokenId: '1000002', ownerAddress: BOB });
    const indexedBefore = detail.body.metadata.metadataLastUpdatedTimestamp as number;

    const reindex = await call(emulator.url, 'POST', `${tokensPath}/1000002:reindex`, { key: API_KEY });
    expect(reindex.status).toBe(201);
    expect(reindex.body).toBeUndefined();
    const reindexed = (await get(`${tokensPath}/1000002`)).body.metadata.metadataLastUpdatedTimestamp as number;
    expect(reindexed).toBeGreaterThanOrEqual(indexedBefore);
    expect(Math.abs(reindexed - Date.now() / 1000)).toBeLessThan(60);
    const again = await call(emulator.url, 'POST', `${tokensPath}/1000002:reindex`, { key: API_KEY });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/^tokenId 1000002: its metadata can be reindexed once per hour/);
    expect((await call(emulator.url, 'POST', `${tokensPath}/1000002:reindex`)).status).toBe(401);
    expect((await get(`${tokensPath}/999999999`)).status).toBe(404);
    expect((await get(`/v1/chains/${FUJI}/nfts/collections/${USDC}/tokens`)).status).toBe(404);
  });
});

describe('bad input', () => {
  it.each([
    [addressPath('0x12', '/balances:getNative'), 400, 'address must be an address: 0x followed by 40 hex digits'],
    [addressPath(ALICE, '/balances:getNative?currency=xyz'), 400, /^currency must be one of: usd, eur/],
    [addressPath(ALICE, '/balances:getNative?blockNumber=latest'), 400, /^blockNumber must be a block number/],
    [addressPath(ALICE, '/balances:listErc20?pageSize=501'), 400, 'pageSize must be an integer from 1 to 500'],
    [
      addressPath(ALICE, '/balances:listErc20?contractAddresses=0x1,0x2'),
      400,
      /^contractAddresses must be a comma-separated list of addresses/,
    ],
    [addressPath(ALICE, '/balances:listErc20?filterSpamTokens=maybe'), 400, 'filterSpamTokens must be a boolean: true or false'],
    [addressPath(ALICE, '/balances:listErc721?blockNumber=1'), 400, /^blockNumber is not a supported query parameter/],
    [
      addressPath(ALICE, '/balances:listErc1155?contractAddress=nope'),
      400,
      'contractAddress must be an address: 0x followed by 40 hex digits',
    ],
    [addressPath(ALICE, '/balances:listErc20?pageToken=garbage'), 400, 'pageToken must be a nextPageToken returned by this listing'],
    [`/v1/chains/${FUJI}/nfts/collections/${USDC}/tokens/12a`, 400, 'tokenId must be a token id: a decimal integer, e.g. "145"'],
    [`/v1/chains/${FUJI}/nfts/collections/${USDC}/tokens?pageSize=101`, 400, 'pageSize must be an integer from 1 to 100'],
    [`/v1/chains/777/addresses/${ALICE}/balances:getNative`, 404, 'chain 777 is not supported; GET /v1/chains lists the supported chains'],
  ])('%s: %i', async (path, status, message) => {
    const answer = await get(path);
    expect(answer.status).toBe(status);
    if (typeof message === 'string') expect(answer.body.message).toBe(message);
    else expect(answer.body.message).toMatch(message);
  });

  it('a chain named by its blockchain id is the same chain', async () => {
    const chains = (await get('/v1/chains')).body.chains as { chainId: string; platformChainId?: string }[];
    const fuji = chains.find((chain) => chain.chainId === FUJI)!;
    expect(fuji.platformChainId).toBeDefined();
    const byId = await get(`/v1/chains/${fuji.platformChainId}/addresses/${ALICE}/balances:listErc20`);
    expect(byId.body).toEqual((await get(addressPath(ALICE, '/balances:listErc20'))).body);
  });
});

describe('a restart with --data-dir', () => {
  it('rebuilds the balances from the restored chain, and keeps the reindex time', async () => {
    const paths = [
      addressPath(ALICE, '/balances:getNative'),
      addressPath(ALICE, '/balances:listErc20'),
      addressPath(BOB, '/balances:listCollectibles'),
      addressPath(USDC),
    ];
    const before = await Promise.all(paths.map(async (path) => (await get(path)).body));
    const collection = (await get(addressPath(BOB, '/balances:listErc721'))).body.erc721TokenBalances[0].address;
    const tokenPath = `/v1/chains/${FUJI}/nfts/collections/${collection}/tokens/1000003`;
    expect((await call(emulator.url, 'POST', `${tokenPath}:reindex`, { key: API_KEY })).status).toBe(201);
    const reindexedAt = (await get(tokenPath)).body.metadata.metadataLastUpdatedTimestamp;
    await emulator.close();
    emulator = await startTestEmulator({ dataDir });
    expect(await Promise.all(paths.map(async (path) => (await get(path)).body))).toEqual(before);
    expect((await get(tokenPath)).body.metadata.metadataLastUpdatedTimestamp).toBe(reindexedAt);
    expect((await call(emulator.url, 'POST', `${tokenPath}:reindex`, { key: API_KEY })).status).toBe(400);
  });
});

describe('svc emulator trigger (the built CLI)', () => {
  it('refuses a transfer its sender cannot make (exit 2, naming the balance), and --token funds an address with a mint', async () => {
    const sender = toChecksumAddress('0x5e11e90000000000000000000000000000000005');
    const env = { baseUrl: emulator.url };
    const refused = await runCli(['emulator', 'trigger', '--chain-id', 'fuji', '--erc20', `${sender}:${BOB}:5`, '--token', USDC], env);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toBe(
      `svc: erc20Transfers[0].from ${sender} holds 0 of token ${USDC} on chain ${FUJI}, less than 5: mint it first (a transfer from ${ZERO}) (400 Bad Request)\n`,
    );
    const funded = await runCli(['emulator', 'trigger', '--chain-id', 'fuji', '--erc20', `${ZERO}:${sender}:5`, '--token', USDC], env);
    expect(funded.exitCode, funded.stderr).toBe(0);
    const sent = await runCli(['emulator', 'trigger', '--chain-id', 'fuji', '--erc20', `${sender}:${BOB}:5`, '--token', USDC], env);
    expect(sent.exitCode, sent.stderr).toBe(0);
    const bob = (await get(addressPath(BOB, `/balances:listErc20?contractAddresses=${USDC}`))).body.erc20TokenBalances;
    expect(bob.map((balance: { balance: string }) => balance.balance)).toEqual(['2000005']);
  });
});
