// The operator's SDK (@avalabs/avacloud-sdk, unchanged, its response validation on) calling each holdings operation
// against the emulator: balances of every kind (paged through its own iterator), contract metadata of each member of
// the union, a collection's tokens, one token, and a reindex.
import { AvaCloudSDK } from '@avalabs/avacloud-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { toChecksumAddress } from '../../src/evm/address.js';
import { call, startTestEmulator } from '../helpers/emulator-helpers.js';

const KEY = 'sdk-key-0123456789';
const FUJI = '43113';
const ZERO = '0x0000000000000000000000000000000000000000';
const HOLDER = toChecksumAddress('0x5dc0000000000000000000000000000000000001');
const USDC = '0x5425890298aed601595a70AB815c96711a31Bc65';

let emulator: RunningEmulator;
let sdk: AvaCloudSDK;
/** The SDK's data operations name their own server; a per-call serverURL (a documented option) points them here. */
let here: { serverURL: string };
let collection: string;
let created: string;

beforeAll(async () => {
  emulator = await startTestEmulator();
  sdk = new AvaCloudSDK({ serverURL: emulator.url, apiKey: KEY, chainId: FUJI });
  here = { serverURL: emulator.url };
  const inject = async (body: Record<string, unknown>): Promise<string> => {
    const answer = await call(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId: FUJI, ...body } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.txHash as string;
  };
  await inject({ erc20Transfers: [{ from: ZERO, to: HOLDER, value: '2500000', token: { address: USDC } }] });
  await inject({ erc721Transfers: ['1000001', '1000002', '1000003'].map((tokenId) => ({ from: ZERO, to: HOLDER, tokenId })) });
  await inject({ erc1155Transfers: [{ from: ZERO, to: HOLDER, tokenId: '9', value: '4' }] });
  const creation = await inject({ from: HOLDER, contractCreation: true });
  const listed = (await call(emulator.url, 'GET', '/v1/transactions?pageSize=10&network=fuji')).body.transactions as {
    txHash: string;
    to: { address: string };
  }[];
  created = listed.find((tx) => tx.txHash === creation)!.to.address;
}, 60_000);

afterAll(() => emulator.close());

describe("the operator's SDK: what an address holds", () => {
  it('getNative, listErc20 (with its filter), listErc721, listErc1155, listCollectibles, each page parsed', async () => {
    const native = await sdk.data.evm.address.balances.getNative({ address: HOLDER, currency: 'usd' }, here);
    expect(native.nativeTokenBalance).toMatchObject({ symbol: 'AVAX', decimals: 18, chainId: FUJI });

    const erc20 = await sdk.data.evm.address.balances.listErc20({ address: HOLDER, contractAddresses: USDC, filterSpamTokens: true }, here);
    expect(erc20.result.erc20TokenBalances).toEqual([expect.objectContaining({ address: USDC, symbol: 'USDC', balance: '2500000' })]);

    const nfts: string[] = [];
    for await (const page of await sdk.data.evm.address.balances.listErc721({ address: HOLDER, pageSize: 1 }, here)) {
      nfts.push(...page.result.erc721TokenBalances.map((token) => token.tokenId));
    }
    expect(nfts).toEqual(['1000001', '1000002', '1000003']);
    collection = (await sdk.data.evm.address.balances.listErc721({ address: HOLDER }, here)).result.erc721TokenBalances[0]!.address;

    const items = await sdk.data.evm.address.balances.listErc1155({ address: HOLDER }, here);
    expect(items.result.erc1155TokenBalances).toEqual([expect.objectContaining({ tokenId: '9', balance: '4' })]);

    const collectibles: unknown[] = [];
    for await (const page of await sdk.data.evm.address.balances.listCollectibles({ address: HOLDER, pageSize: 2 }, here)) {
      collectibles.push(...page.result.collectibleBalances);
    }
    expect(collectibles).toHaveLength(4);
  });

  it('getMetadata of an ERC-20, an ERC-721, an ERC-1155 and an unknown contract (the union, by ercType)', async () => {
    expect(await sdk.data.evm.contracts.getMetadata({ address: USDC }, here)).toMatchObject({
      ercType: 'ERC-20',
      decimals: 6,
      symbol: 'USDC',
    });
    expect(await sdk.data.evm.contracts.getMetadata({ address: collection }, here)).toMatchObject({ ercType: 'ERC-721' });
    const items = (await sdk.data.evm.address.balances.listErc1155({ address: HOLDER }, here)).result.erc1155TokenBalances[0]!.address;
    expect(await sdk.data.evm.contracts.getMetadata({ address: items }, here)).toMatchObject({ ercType: 'ERC-1155' });
    expect(await sdk.data.evm.contracts.getMetadata({ address: created }, here)).toMatchObject({
      ercType: 'UNKNOWN',
      deploymentDetails: { deployerAddress: HOLDER },
    });
  });

  it("a collection's tokens paged, one token, and a reindex", async () => {
    let tokens = 0;
    let pages = 0;
    for await (const page of await sdk.data.nfts.list({ address: collection, pageSize: 100 }, here)) {
      tokens += page.result.tokens.length;
      pages += 1;
      if (pages >= 3) break;
    }
    expect(tokens).toBeGreaterThan(0);
    const token = await sdk.data.nfts.get({ address: collection, tokenId: '1000002' }, here);
    expect(token).toMatchObject({ ercType: 'ERC-721', tokenId: '1000002', ownerAddress: HOLDER });
    await expect(sdk.data.nfts.reindex({ address: collection, tokenId: '1000002' }, here)).resolves.toBeUndefined();
  });
});
