// The chain as it is: 2,000 transactions of a seeded emulator's listing hold every kind of activity the seed and the
// operator's models describe, and so do the notifications those transactions make. The listing is read over HTTP;
// what a notification carries beyond it (transfers, internal transactions, logs) is the same seeded history's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainDataGenerator } from '../../src/emulator/chain-data.js';
import type { StoredTx } from '../../src/emulator/chain-data.js';
import { seededHistory } from '../../src/emulator/history-cache.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { Prng } from '../../src/emulator/prng.js';
import { HISTORY_TRANSACTIONS, SEEDED_HISTORY_END_MS } from '../../src/emulator/state.js';
import type { Transaction } from '../../src/schema/index.js';
import { call, startTestEmulator, testOptions } from '../helpers/emulator-helpers.js';

const LISTED = 2_000;

let emulator: RunningEmulator;
let listed: Transaction[];
let stored: StoredTx[];

beforeAll(async () => {
  emulator = await startTestEmulator();
  listed = [];
  let token: string | undefined;
  while (listed.length < LISTED) {
    const page = await call(emulator.url, 'GET', `/v1/transactions?pageSize=100${token ? `&pageToken=${token}` : ''}`);
    expect(page.status).toBe(200);
    listed.push(...(page.body.transactions as Transaction[]));
    token = page.body.nextPageToken as string;
  }
  const byHash = new Map(
    seededHistory(testOptions().seed!, SEEDED_HISTORY_END_MS, HISTORY_TRANSACTIONS).history.map((tx) => [tx.item.txHash, tx]),
  );
  stored = listed.map((item) => byHash.get(item.txHash)!);
});
afterAll(() => emulator.close());

/** How many of the transactions `is` holds for. */
const count = <T>(items: readonly T[], is: (item: T) => boolean) => items.filter(is).length;

describe('2,000 transactions of a seeded emulator', () => {
  it('are the seeded history as listed', () => {
    expect(listed).toHaveLength(LISTED);
    expect(stored.every((tx, i) => tx?.item.txHash === listed[i]!.txHash)).toBe(true);
  });

  it('hold every kind of transaction in the listing: native, contract calls and creations, tokens on either side, failures', () => {
    const kinds = {
      'native transfer': count(listed, (tx) => tx.method.callType === 'NATIVE_TRANSFER'),
      'contract call': count(listed, (tx) => tx.method.callType === 'CONTRACT_CALL'),
      'contract creation': count(listed, (tx) => tx.method.callType === 'CONTRACT_CREATION'),
      'a token contract as the sender, with its metadata': count(
        listed,
        (tx) =>
          tx.from.symbol !== undefined && tx.from.name !== undefined && tx.from.decimals !== undefined && tx.from.logoUri !== undefined,
      ),
      'a token contract as the recipient, with its metadata': count(
        listed,
        (tx) => tx.to.symbol !== undefined && tx.to.name !== undefined && tx.to.decimals !== undefined && tx.to.logoUri !== undefined,
      ),
      failed: count(listed, (tx) => tx.txStatus === '0'),
      succeeded: count(listed, (tx) => tx.txStatus === '1'),
    };
    expect(Object.entries(kinds).filter(([, found]) => found === 0)).toEqual([]);
    // At believable rates: most are transfers; creations and token senders are rare, and about one in ten fails.
    expect(kinds['native transfer'] + kinds['contract call']).toBeGreaterThan(LISTED * 0.9);
    expect(kinds['contract creation']).toBeLessThan(LISTED * 0.1);
    expect(kinds.failed).toBeGreaterThan(LISTED * 0.05);
    expect(kinds.failed).toBeLessThan(LISTED * 0.2);
  });

  it('hold every kind of activity a notification carries: token and NFT transfers, internal calls, logs of 1 to 4 topics', () => {
    const details = stored.map((tx) => tx.detail);
    const logs = details.flatMap((detail) => detail.logs);
    const topics = (log: (typeof logs)[number]) =>
      [log.topic0, log.topic1, log.topic2, log.topic3].filter((topic) => typeof topic === 'string').length;
    const kinds = {
      'ERC-20 transfer': count(details, (detail) => detail.erc20Transfers.length > 0),
      'ERC-721 transfer': count(details, (detail) => detail.erc721Transfers.length > 0),
      'ERC-1155 transfer': count(details, (detail) => detail.erc1155Transfers.length > 0),
      'internal CALL': count(details, (detail) => detail.internalTransactions.some((internal) => internal.internalTxType === 'CALL')),
      'internal DELEGATECALL': count(details, (detail) =>
        detail.internalTransactions.some((internal) => internal.internalTxType === 'DELEGATECALL'),
      ),
      'a created contract': count(details, (detail) => detail.contractAddress !== undefined),
      'log of 1 topic': count(logs, (log) => topics(log) === 1),
      'log of 2 topics': count(logs, (log) => topics(log) === 2),
      'log of 3 topics': count(logs, (log) => topics(log) === 3),
      'log of 4 topics': count(logs, (log) => topics(log) === 4),
    };
    expect(Object.entries(kinds).filter(([, found]) => found === 0)).toEqual([]);
    // A created contract is the creation's recipient, in the listing and in the notification.
    for (const tx of stored.filter((each) => each.detail.contractAddress !== undefined)) {
      expect(tx.item.method.callType).toBe('CONTRACT_CREATION');
      expect(tx.detail.contractAddress).toBe(tx.item.to.address);
    }
    // A failed transaction moved nothing.
    for (const tx of stored.filter((each) => each.item.txStatus === '0')) {
      expect(
        [tx.detail.erc20Transfers, tx.detail.erc721Transfers, tx.detail.erc1155Transfers, tx.detail.logs].every(
          (list) => list.length === 0,
        ),
      ).toBe(true);
    }
  });

  it('are the same whenever the seed makes them: a generator of its own, not the cached history, lists the same', () => {
    const fresh = new ChainDataGenerator(new Prng(testOptions().seed!, 1)).history(SEEDED_HISTORY_END_MS, HISTORY_TRANSACTIONS);
    // A store's own order is the listing's reversed (see ChainDataGenerator.history).
    const newestFirst = fresh.slice(-LISTED).reverse();
    expect(newestFirst.map((tx) => tx.item.txHash)).toEqual(listed.map((tx) => tx.txHash));
    expect(newestFirst.every((tx, i) => JSON.stringify(tx.item) === JSON.stringify(listed[i]))).toBe(true);
  });
});
