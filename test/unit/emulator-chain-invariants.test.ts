// Property tests of the generated chain over seeded histories and generated blocks: every sender can pay, tokens
// are moved only by their holders (minted first, ERC-721 by its owner), and the chain's indexes (by hash, by block,
// by address, by token, by deployer) agree with a scan of every transaction, pages complete with no repeats.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StoredTx } from '../../src/emulator/chain-data.js';
import { ChainDataGenerator } from '../../src/emulator/chain-data.js';
import { blockOf, blocksOldestFirst } from '../../src/emulator/chain/blocks.js';
import { ChainLedger, nftCollection, partiesOf } from '../../src/emulator/chain/ledger.js';
import type { ChainPosition } from '../../src/emulator/chain/ledger.js';
import { ChainRecords } from '../../src/emulator/chain/records.js';
import { GENESIS_NATIVE_WEI, ZERO_ADDRESS } from '../../src/emulator/genesis.js';
import { Prng } from '../../src/emulator/prng.js';
import { check } from '../helpers/check.js';

const END_MS = 1_750_000_000_000;

/** A seeded chain: a history, then `ticks` generated blocks on every catalogue chain, some for watched addresses. */
function makeChain(seed: number, historyTxs: number, ticks: number, watched: string[]) {
  const placed: StoredTx[] = [];
  const ledger = new ChainLedger({ onTransaction: (tx) => placed.push(tx) });
  const generator = new ChainDataGenerator(new Prng(seed, 1));
  const place = (txs: readonly StoredTx[]) =>
    ledger.placeBlock(blockOf(txs, { injected: false, notified: [] }, ledger.head(txs[0]!.item.chainId)));
  for (const block of blocksOldestFirst(generator.history(END_MS, historyTxs))) place(block);
  for (let tick = 1; tick <= ticks; tick++) {
    for (const chain of generator.catalogueChains()) {
      place(
        generator.syntheticBlock(
          chain,
          END_MS + tick * 2_000,
          watched.map((address) => ({ address, eventSignatures: [] })),
        ),
      );
    }
  }
  return { ledger, placed };
}

const lower = (address: string) => address.toLowerCase();

describe('the generated chain', () => {
  it('never makes a transaction whose sender cannot pay, nor moves a token its sender does not hold', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.array(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { maxLength: 3 }),
        (seed, watchedNumbers) => {
          const watched = watchedNumbers.map((n) => '0x' + n.toString(16).padStart(40, '0'));
          const { placed } = makeChain(seed, 800, 40, watched);
          const native = new Map<string, bigint>();
          const tokens = new Map<string, bigint>();
          const owners = new Map<string, string>();
          const nativeOf = (key: string) => native.get(key) ?? GENESIS_NATIVE_WEI;
          const debit = (key: string, amount: bigint) => {
            native.set(key, nativeOf(key) - amount);
            check(nativeOf(key) >= 0n, () => `native balance of ${key} below zero: ${nativeOf(key)}`);
          };
          for (const tx of placed) {
            const { item, detail } = tx;
            const chain = item.chainId;
            debit(`${chain} ${lower(item.from.address)}`, BigInt(item.gasUsed) * BigInt(item.gasPrice));
            if (item.txStatus !== '1') {
              const transfers = detail.erc20Transfers.length + detail.erc721Transfers.length + detail.erc1155Transfers.length;
              check(transfers === 0, () => `failed transaction ${item.txHash} moves tokens (${transfers} transfers)`);
              continue;
            }
            debit(`${chain} ${lower(item.from.address)}`, BigInt(item.value));
            native.set(`${chain} ${lower(item.to.address)}`, nativeOf(`${chain} ${lower(item.to.address)}`) + BigInt(item.value));
            for (const call of detail.internalTransactions) {
              debit(`${chain} ${lower(call.from)}`, BigInt(call.value));
              native.set(`${chain} ${lower(call.to)}`, nativeOf(`${chain} ${lower(call.to)}`) + BigInt(call.value));
            }
            const fungible = [
              ...detail.erc20Transfers.map((t) => ({
                key: `${chain} ${lower(t.erc20Token.address)}`,
                from: t.from,
                to: t.to,
                value: t.value,
              })),
              ...detail.erc1155Transfers.map((t) => ({
                key: `${chain} ${lower(nftCollection(t).address)} ${t.tokenId}`,
                from: t.from,
                to: t.to,
                value: t.value,
              })),
            ];
            for (const move of fungible) {
              const from = `${move.key} ${lower(move.from)}`;
              if (lower(move.from) !== ZERO_ADDRESS) {
                tokens.set(from, (tokens.get(from) ?? 0n) - BigInt(move.value));
                check(tokens.get(from)! >= 0n, () => `${from} moved tokens it did not hold: ${tokens.get(from)}`);
              }
              const to = `${move.key} ${lower(move.to)}`;
              tokens.set(to, (tokens.get(to) ?? 0n) + BigInt(move.value));
            }
            for (const transfer of detail.erc721Transfers) {
              const key = `${chain} ${lower(nftCollection(transfer).address)} ${transfer.tokenId}`;
              const owner = owners.get(key);
              // A mint makes a token no one owns (never made, or burned: sent to the zero address).
              if (lower(transfer.from) === ZERO_ADDRESS)
                check(owner === undefined || owner === ZERO_ADDRESS, () => `token ${key} minted twice`);
              else check(owner === lower(transfer.from), () => `token ${key} moved by one who does not own it (${owner})`);
              owners.set(key, lower(transfer.to));
            }
          }
        },
      ),
      { numRuns: 8 },
    );
  });

  it('finds each transaction by hash in one block, and lists an address exactly where it takes part, pages complete', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 9 }), (seed, pageSize) => {
        const { ledger, placed } = makeChain(seed, 600, 20, []);
        expect(new Set(placed).size, 'a transaction placed twice').toBe(placed.length);
        expect(ledger.listing.size).toBe(placed.length);
        const byChainAddress = new Map<string, StoredTx[]>();
        for (const tx of placed) {
          const found = ledger.transaction(tx.item.txHash);
          check(found?.tx === tx, () => `transaction ${tx.item.txHash} not found by its hash`);
          check(found!.block.txs.filter((each) => each === tx).length === 1, () => `transaction ${tx.item.txHash} not once in its block`);
          check(
            ledger.blockByNumber(tx.item.chainId, Number(tx.item.blockNumber)) === found!.block,
            () => `block ${tx.item.chainId}:${tx.item.blockNumber} by number is not the block of ${tx.item.txHash}`,
          );
          for (const party of partiesOf(tx)) {
            const key = `${tx.item.chainId} ${party}`;
            byChainAddress.set(key, [...(byChainAddress.get(key) ?? []), tx]);
          }
          const created = tx.detail.contractAddress;
          if (created) {
            check(
              ledger.chain(tx.item.chainId)!.deployment.get(lower(created)) === tx,
              () => `the deployment of ${created} is not ${tx.item.txHash}`,
            );
          }
        }
        // A few addresses of each chain, busy and quiet: their history, newest first, walked a page at a time.
        const keys = [...byChainAddress.keys()].filter((_, at) => at % 37 === 0);
        for (const key of keys) {
          const [chainId, address] = key.split(' ') as [string, string];
          const expected = byChainAddress.get(key)!.slice().reverse();
          const source = ledger.chain(chainId)!.byAddress.get(address)!;
          const walked: StoredTx[] = [];
          let after: ChainPosition | null = null;
          for (;;) {
            const page: { items: { item: StoredTx; position: ChainPosition }[]; more: boolean } = ledger.walk(
              source,
              { order: 'desc', after, limit: pageSize },
              (tx) => [tx],
            );
            walked.push(...page.items.map(({ item }) => item));
            if (!page.more) break;
            after = page.items[page.items.length - 1]!.position;
          }
          expect(walked).toEqual(expected);
        }
      }),
      { numRuns: 4 },
    );
  });

  it('keeps the newest transactions within the window, whole blocks, and pins the ones a message names', () => {
    const ledger = new ChainLedger({ retainedTransactions: 200, pinnedTransactions: 5 });
    const generator = new ChainDataGenerator(new Prng(7, 1));
    const notified: string[] = [];
    for (const txs of blocksOldestFirst(generator.history(END_MS, 600))) {
      const named = txs[0]!.blockIndex === 0 && notified.length < 8 ? [txs[0]!.item.txHash] : [];
      notified.push(...named);
      ledger.placeBlock(
        blockOf(txs, { injected: false, notified: named, recordKey: `${txs[0]!.item.chainId}:${txs[0]!.item.blockNumber}` }, undefined),
      );
    }
    expect(ledger.listing.size).toBeLessThanOrEqual(200);
    expect(ledger.listing.size).toBeGreaterThan(190);
    // The newest five named transactions stay findable, the older ones are given up.
    expect(notified.slice(-5).every((hash) => ledger.transaction(hash) !== undefined)).toBe(true);
    expect(notified.slice(0, 3).every((hash) => ledger.transaction(hash) === undefined)).toBe(true);
    expect(ledger.takeLeftWindow().length).toBeGreaterThan(0);
  });
});

describe('the chain records', () => {
  it("place an older emulator's injected transaction as a block of its own, and forget it on a reset", () => {
    const generator = new ChainDataGenerator(new Prng(3, 1));
    const base = generator.history(END_MS, 50);
    const injected = generator.injectedBlock(
      { chainId: '43113', erc20Transfers: [], erc721Transfers: [], erc1155Transfers: [], internalTransactions: [], logs: [] },
      END_MS + 1_000,
    );
    const { block: _facts, ...older } = injected;
    const records = new ChainRecords();
    records.restore(new Map([['transaction', new Map([[injected.item.txHash, older]])]]));
    const placed: string[] = [];
    const forgotten: string[] = [];
    const ledger = new ChainLedger({
      onTransaction: (tx) => placed.push(tx.item.txHash),
      onTransactionForgotten: (tx) => forgotten.push(tx.item.txHash),
    });
    for (const txs of blocksOldestFirst(base))
      ledger.placeBlock(blockOf(txs, { injected: false, notified: [] }, ledger.head(txs[0]!.item.chainId)));
    records.join(ledger);
    const found = ledger.transaction(injected.item.txHash)!;
    expect(found.block).toMatchObject({ injected: true, number: Number(injected.item.blockNumber), txs: [older] });
    // Its facts derived: the chain's previous block is its parent.
    expect(found.block.facts.parentHash).not.toBe(found.block.hash);
    const reset = records.planReset();
    expect(reset).toEqual([['transaction', injected.item.txHash, null]]);
    for (const [kind, key, value] of reset) records.applyEntry(kind, key, value);
    expect(ledger.transaction(injected.item.txHash)).toBeUndefined();
    // Through the one entry point once, each way.
    expect(placed.filter((hash) => hash === injected.item.txHash)).toHaveLength(1);
    expect(placed).toHaveLength(base.length + 1);
    expect(forgotten).toEqual([injected.item.txHash]);
    expect([...records.snapshot()]).toEqual([]);
  });

  it('keep a block as its facts and its transactions without what is derived, and make it whole again', () => {
    const generator = new ChainDataGenerator(new Prng(4, 1));
    generator.history(END_MS, 50);
    const txs = generator.syntheticBlock(generator.chain('43114'), END_MS + 2_000, []);
    const block = blockOf(txs, { injected: false, notified: [], recordKey: `43114:${txs[0]!.item.blockNumber}` }, undefined);
    const records = new ChainRecords();
    const [[kind, key, value]] = records.planBlock(block) as [[string, string, unknown]];
    const written = JSON.parse(JSON.stringify(value));
    expect(Object.keys(written.txs[0]).sort()).toEqual(['blockIndex', 'detail', 'item']);
    const ledger = new ChainLedger();
    records.join(ledger);
    records.applyEntry(kind, key, written);
    const restored = ledger.transaction(txs[0]!.item.txHash)!.tx;
    const whole = JSON.parse(JSON.stringify(txs[0]));
    expect({ ...restored, participants: [...restored.participants].sort() }).toEqual({
      ...whole,
      participants: [...whole.participants].sort(),
    });
  });
});

describe('an older folder', () => {
  it('lists its kept injection at its number even where the history made again has a block of that number', () => {
    const generator = new ChainDataGenerator(new Prng(8, 1));
    const base = generator.history(END_MS, 50);
    const injected = generator.injectedBlock(
      { chainId: '43113', erc20Transfers: [], erc721Transfers: [], erc1155Transfers: [], internalTransactions: [], logs: [] },
      END_MS + 1_000,
    );
    const taken = base.filter((tx) => tx.item.chainId === '43113').at(-1)!.item.blockNumber;
    const { block: _facts, ...older } = injected;
    const renumbered = { ...older, item: { ...older.item, blockNumber: taken } };
    const records = new ChainRecords();
    records.restore(new Map([['transaction', new Map([[injected.item.txHash, renumbered]])]]));
    const ledger = new ChainLedger();
    for (const txs of blocksOldestFirst(base))
      ledger.placeBlock(blockOf(txs, { injected: false, notified: [] }, ledger.head(txs[0]!.item.chainId)));
    records.join(ledger);
    expect(ledger.blockByNumber('43113', Number(taken))!.txs).toEqual([renumbered]);
    expect(ledger.transaction(injected.item.txHash)).toBeDefined();
  });
});
