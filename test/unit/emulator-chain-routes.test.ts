// The EVM chain's read operations against a seeded emulator over real HTTP: shapes, validation (400 naming the
// parameter), 404 for unknown hashes and blocks, and the chain's consistency across every answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { call, startTestEmulator } from '../helpers/emulator-helpers.js';

let emulator: RunningEmulator;
const get = (path: string) => call(emulator.url, 'GET', path);
const UNKNOWN_HASH = '0x' + 'ab'.repeat(32);

/** Every page of a listing, following nextPageToken. */
async function allPages(path: string, field: string): Promise<any[]> {
  const items: any[] = [];
  let token: string | undefined;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const answer = await get(token ? `${path}${separator}pageToken=${token}` : path);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    items.push(...answer.body[field]);
    token = answer.body.nextPageToken;
  } while (token);
  return items;
}

beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.close());

describe('the chain routes', () => {
  it('finds every listed transaction by hash, in exactly one block whose count and hashes agree', async () => {
    const listed = (await get('/v1/chains/43114/transactions?pageSize=100')).body.transactions;
    expect(listed.length).toBe(100);
    for (const item of listed.slice(0, 30)) {
      const found = await get(`/v1/chains/43114/transactions/${item.txHash}`);
      expect(found.status).toBe(200);
      expect(found.body.nativeTransaction).toMatchObject(item);
      expect(found.body.nativeTransaction.baseFeePerGas).toMatch(/^[0-9]+$/);
      const block = await get(`/v1/chains/43114/blocks/${item.blockNumber}`);
      expect(block.body).toMatchObject({ blockHash: item.blockHash, chainId: '43114' });
      const byHash = await get(`/v1/chains/43114/blocks/${item.blockHash}`);
      expect(byHash.body).toEqual(block.body);
      const txs = (await get(`/v1/chains/43114/blocks/${item.blockNumber}/transactions`)).body.transactions;
      expect(txs).toHaveLength(block.body.txCount);
      expect(txs.filter((tx: any) => tx.txHash === item.txHash)).toEqual([item]);
    }
  });

  it('lists the latest blocks of a chain and of all chains in agreement with the latest transactions', async () => {
    const blocks = await allPages('/v1/chains/43113/blocks?pageSize=100', 'blocks');
    const numbers = blocks.map((block) => Number(block.blockNumber));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(new Set(numbers).size).toBe(numbers.length);
    const txs = await allPages('/v1/chains/43113/transactions?pageSize=100', 'transactions');
    expect(txs.length).toBe(blocks.reduce((sum, block) => sum + block.txCount, 0));
    expect(txs[0].blockHash).toBe(blocks[0].blockHash);
    // Each block's parent is the block before it.
    for (let at = 0; at + 1 < blocks.length; at++) expect(blocks[at].parentHash).toBe(blocks[at + 1].blockHash);
    const cumulative = blocks.map((block) => Number(block.cumulativeTransactions));
    for (let at = 0; at + 1 < blocks.length; at++) expect(cumulative[at]! - cumulative[at + 1]!).toBe(blocks[at].txCount);

    const all = await allPages('/v1/blocks?pageSize=50&network=testnet', 'blocks');
    expect(all.filter((block) => block.chainId === '43113')).toEqual(blocks);
    const order = all.map((block) => [block.blockTimestampMilliseconds, Number(block.chainId)]);
    for (let at = 0; at + 1 < order.length; at++) {
      const [ms, chain] = order[at]!;
      const [nextMs, nextChain] = order[at + 1]!;
      expect(ms! > nextMs! || (ms === nextMs && chain! < nextChain!)).toBe(true);
    }
  });

  it("lists an address's history: exactly the transactions it takes part in, newest first, pages complete", async () => {
    const txs = await allPages('/v1/chains/43114/transactions?pageSize=100', 'transactions');
    const hashes = new Map<string, any>();
    for (const tx of txs) hashes.set(tx.txHash, (await get(`/v1/chains/43114/transactions/${tx.txHash}`)).body);
    const address = txs[3].from.address.toLowerCase();
    const parties = (detail: any) =>
      [
        detail.nativeTransaction.from.address,
        detail.nativeTransaction.to.address,
        ...[...detail.erc20Transfers, ...detail.erc721Transfers, ...detail.erc1155Transfers, ...detail.internalTransactions].flatMap(
          (move: any) => [move.from.address, move.to.address],
        ),
      ].map((each: string) => each.toLowerCase());
    const expected = txs.filter((tx) => parties(hashes.get(tx.txHash)).includes(address)).map((tx) => tx.txHash);
    const history = await allPages(`/v1/chains/43114/addresses/${address}/transactions?pageSize=3`, 'transactions');
    expect(history.map((entry) => entry.nativeTransaction.txHash)).toEqual(expected);
    const ascending = await allPages(`/v1/chains/43114/addresses/${address}/transactions?pageSize=2&sortOrder=asc`, 'transactions');
    expect(ascending.map((entry) => entry.nativeTransaction.txHash)).toEqual([...expected].reverse());
    const v2 = await allPages(`/v2/chains/43114/addresses/${address}/transactions?pageSize=5`, 'transactions');
    expect(v2.map((entry) => entry.nativeTransaction.txHash)).toEqual(expected);
  });

  it('bounds an address history by startBlock and endBlock, and a block-bounded page token to its range', async () => {
    const txs = await allPages('/v1/chains/43114/transactions?pageSize=100', 'transactions');
    const address = txs[0].from.address;
    const all = await allPages(`/v1/chains/43114/addresses/${address}/transactions?pageSize=100`, 'transactions');
    const numbers = all.map((entry) => Number(entry.nativeTransaction.blockNumber));
    const [low, high] = [numbers[numbers.length - 1]! + 1, numbers[0]! - 1];
    const bounded = await allPages(
      `/v1/chains/43114/addresses/${address}/transactions?pageSize=2&startBlock=${low}&endBlock=${high}`,
      'transactions',
    );
    expect(bounded).toEqual(all.filter((entry) => numbers[all.indexOf(entry)]! >= low && numbers[all.indexOf(entry)]! <= high));
    const first = await get(`/v1/chains/43114/addresses/${address}/transactions?pageSize=1&startBlock=${low}`);
    const other = await get(`/v1/chains/43114/addresses/${address}/transactions?pageSize=1&pageToken=${first.body.nextPageToken}`);
    expect(other.status).toBe(400);
  });

  it('lists the typed transfers of an address and of a token, each a party of it', async () => {
    const txs = await allPages('/v1/chains/43114/transactions?pageSize=100', 'transactions');
    const tokenTx = txs.find((tx) => tx.method?.methodName === 'transfer(address,uint256)' && tx.txStatus === '1');
    const detail = (await get(`/v1/chains/43114/transactions/${tokenTx.txHash}`)).body;
    const transfer = detail.erc20Transfers[0];
    const erc20 = await allPages(`/v1/chains/43114/addresses/${transfer.to.address}/transactions:listErc20?pageSize=2`, 'transactions');
    expect(erc20.some((item) => item.txHash === tokenTx.txHash && item.logIndex === transfer.logIndex)).toBe(true);
    for (const item of erc20)
      expect([item.from.address, item.to.address].map((a) => a.toLowerCase())).toContain(transfer.to.address.toLowerCase());
    const byToken = await allPages(`/v1/chains/43114/tokens/${transfer.erc20Token.address}/transfers?pageSize=7`, 'transfers');
    expect(byToken.some((item) => item.txHash === tokenTx.txHash)).toBe(true);
    for (const item of byToken) expect(item.erc20Token.address).toBe(transfer.erc20Token.address);
    const keys = byToken.map((item) => `${item.txHash} ${item.logIndex}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('finds a contract creation as the deployment of its contract and among its deployer', async () => {
    const created = await call(emulator.url, 'POST', '/_emulator/transactions', {
      body: { chainId: '43113', from: '0x1111111111111111111111111111111111111111', contractCreation: true },
    });
    expect(created.status).toBe(201);
    const detail = (await get(`/v1/chains/43113/transactions/${created.body.txHash}`)).body;
    const contract = detail.nativeTransaction.to.address;
    const deployment = await get(`/v1/chains/43113/contracts/${contract}/transactions:getDeployment`);
    expect(deployment.body.nativeTransaction.txHash).toBe(created.body.txHash);
    const deployed = await get('/v1/chains/43113/contracts/0x1111111111111111111111111111111111111111/deployments');
    expect(deployed.body.contracts[0]).toMatchObject({
      address: contract,
      ercType: 'UNKNOWN',
      deploymentDetails: { txHash: created.body.txHash },
    });
    const chains = await get('/v1/address/0x1111111111111111111111111111111111111111/chains');
    expect(chains.body.indexedChains.map((chain: any) => chain.chainId)).toEqual(['43113']);
  });

  it.each([
    ['/v1/chains/43114/transactions/0x12', 400, 'txHash'],
    ['/v1/chains/abc/transactions/' + UNKNOWN_HASH, 400, 'chainId'],
    ['/v1/chains/43114/transactions/' + UNKNOWN_HASH, 404, 'not found'],
    ['/v1/chains/43114/blocks/12x', 400, 'blockId'],
    ['/v1/chains/43114/blocks/1', 404, 'not found'],
    ['/v1/chains/43114/blocks?pageSize=0', 400, 'pageSize'],
    ['/v1/chains/43114/transactions?status=bad', 400, 'status'],
    ['/v1/chains/43114/addresses/0x12/transactions', 400, 'address'],
    ['/v1/chains/43114/addresses/0x1111111111111111111111111111111111111111/transactions?sortOrder=up', 400, 'sortOrder'],
    [
      '/v1/chains/43114/addresses/0x1111111111111111111111111111111111111111/transactions:listErc20?startBlock=9&endBlock=2',
      400,
      'startBlock',
    ],
    ['/v1/chains/43114/addresses/0x1111111111111111111111111111111111111111/transactions:listNative?pageToken=x', 400, 'pageToken'],
    ['/v1/chains/99999/transactions', 404, 'not supported'],
    ['/v1/blocks?network=moon', 400, 'network'],
    ['/v1/chains/43114/contracts/0x1111111111111111111111111111111111111111/transactions:getDeployment', 404, 'deployment'],
  ])('%s answers %i naming %s', async (path, status, named) => {
    const answer = await get(path);
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ statusCode: status });
    expect(String(answer.body.message)).toContain(named);
  });

  it('binds a page token to its query', async () => {
    const first = await get('/v1/chains/43114/transactions?pageSize=2');
    const reused = await get(`/v1/chains/43114/transactions?pageSize=2&status=failed&pageToken=${first.body.nextPageToken}`);
    expect(reused.status).toBe(400);
    expect(reused.body.message).toContain('pageToken');
  });

  it('answers both health checks', async () => {
    for (const path of ['/v1/health-check', '/v1/live-check']) expect((await get(path)).body).toMatchObject({ status: 'ok' });
  });
});
