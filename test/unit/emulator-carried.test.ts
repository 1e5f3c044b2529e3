// The summary of blocks whose records are gone (src/emulator/chain/carried.ts), against the blocks themselves: carried
// in any order and any batches, across a snapshot and a restore, it must give a restart the holdings and the generator
// state the blocks gave. The emulator-level property (emulator-chain-window.test.ts) proves the same through HTTP on a
// few draws; this one reaches every branch of the summary (mints, burns, ERC-1155 ids seen again, an ERC-721 transfer
// older than the one kept) on many, in a few hundred milliseconds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChainDataGenerator } from '../../src/emulator/chain-data.js';
import type { StoredTx } from '../../src/emulator/chain-data.js';
import { blockOf, blocksOldestFirst } from '../../src/emulator/chain/blocks.js';
import { ChainCarried } from '../../src/emulator/chain/carried.js';
import type { ChainBlock } from '../../src/emulator/chain/ledger.js';
import { ZERO_ADDRESS } from '../../src/emulator/genesis.js';
import { movements } from '../../src/emulator/holdings/movements.js';
import { Holdings } from '../../src/emulator/holdings/store.js';
import type { KeptEntry } from '../../src/emulator/kept/change.js';
import { Prng } from '../../src/emulator/prng.js';
import { addressHoldings } from '../helpers/holdings-answers.js';

const END_MS = 1_750_000_000_000;

const [ALICE, BOB, CAROL] = ['0x' + 'a1'.repeat(20), '0x' + 'b0'.repeat(20), '0x' + 'c4'.repeat(20)];

/**
 * What the generated chain never makes, injected as users do: an ERC-20 minted and burned, an ERC-1155 id minted, moved
 * between two holders and burned, an ERC-721 minted and moved twice in one transaction, another minted and burned.
 */
function injections(chainId: string) {
  const none = { erc20Transfers: [], erc721Transfers: [], erc1155Transfers: [], internalTransactions: [], logs: [] };
  return [
    { ...none, chainId, erc20Transfers: [{ from: ZERO_ADDRESS, to: ALICE, value: 500n }] },
    { ...none, chainId, erc20Transfers: [{ from: ALICE, to: ZERO_ADDRESS, value: 120n }] },
    { ...none, chainId, erc1155Transfers: [{ from: ZERO_ADDRESS, to: ALICE, tokenId: 7n, value: 9n }] },
    { ...none, chainId, erc1155Transfers: [{ from: ALICE, to: BOB, tokenId: 7n, value: 4n }] },
    { ...none, chainId, erc1155Transfers: [{ from: BOB, to: ZERO_ADDRESS, tokenId: 7n, value: 1n }] },
    { ...none, chainId, erc721Transfers: [{ from: ZERO_ADDRESS, to: ALICE, tokenId: 31n }] },
    {
      ...none,
      chainId,
      erc721Transfers: [
        { from: ALICE, to: BOB, tokenId: 31n },
        { from: BOB, to: CAROL, tokenId: 31n },
      ],
    },
    { ...none, chainId, erc721Transfers: [{ from: ZERO_ADDRESS, to: BOB, tokenId: 32n }] },
    { ...none, chainId, erc721Transfers: [{ from: BOB, to: ZERO_ADDRESS, tokenId: 32n }] },
  ];
}

/** A seeded chain as the emulator makes it: a history, injections, then generated blocks on every catalogue chain. */
function chainBlocks(seed: number, historyTxs: number, ticks: number): ChainBlock[] {
  const generator = new ChainDataGenerator(new Prng(seed, 1));
  const blocks: ChainBlock[] = [];
  const heads = new Map<string, ChainBlock>();
  const place = (txs: readonly StoredTx[], injected: boolean) => {
    const block = blockOf(txs, { injected, notified: [] }, heads.get(txs[0]!.item.chainId));
    heads.set(block.chainId, block);
    blocks.push(block);
  };
  for (const txs of blocksOldestFirst(generator.history(END_MS, historyTxs))) place(txs, false);
  let ms = END_MS;
  for (const input of injections(generator.catalogueChains()[0]!.info.chainId)) {
    const tx = generator.injectedBlock(input, (ms += 1_000));
    generator.placed(tx);
    place([tx], true);
  }
  for (let tick = 1; tick <= ticks; tick++) {
    for (const chain of generator.catalogueChains()) place(generator.syntheticBlock(chain, ms + tick * 2_000, []), false);
  }
  return blocks;
}

/**
 * The summary's records as a restart finds them on disk: each entry written as JSON when it is planned, the last
 * write of a key winning. A value changed in memory after it was written, and not written again, is not in it.
 */
class DiskImage {
  readonly table = new Map<string, unknown>();

  keep(carried: ChainCarried, entries: readonly KeptEntry[]): void {
    for (const [kind, key, value] of entries) {
      expect(kind).toBe('carried');
      if (value === null) this.table.delete(key);
      else this.table.set(key, JSON.parse(JSON.stringify(value)));
      carried.applyEntry(kind, key, value);
    }
  }

  /** A new summary read from the disk; what the running one would snapshot must be the same records. */
  restart(running: ChainCarried): ChainCarried {
    const snapshot = new Map<string, unknown>();
    for (const [kind, key, value] of running.snapshot()) {
      expect(kind).toBe('carried');
      snapshot.set(key, JSON.parse(JSON.stringify(value)));
    }
    expect(snapshot).toEqual(this.table);
    const copy = new ChainCarried();
    copy.restore(new Map([['carried', new Map(this.table)]]));
    return copy;
  }
}

/** Everything a restart's holdings answer for these blocks' parties, tokens and collections, at the newest block. */
function answers(holdings: Holdings, blocks: readonly ChainBlock[]) {
  const parties = new Map<string, Set<string>>();
  const collections = new Map<string, Set<string>>();
  for (const block of blocks) {
    const chainParties = parties.get(block.chainId) ?? new Set([ZERO_ADDRESS]);
    const chainCollections = collections.get(block.chainId) ?? new Set<string>();
    parties.set(block.chainId, chainParties);
    collections.set(block.chainId, chainCollections);
    for (const tx of block.txs) {
      const moves = movements(tx);
      chainParties.add(moves.payer);
      for (const move of [...moves.native, ...moves.erc20, ...moves.erc721, ...moves.erc1155]) {
        chainParties.add(move.from);
        chainParties.add(move.to);
      }
      for (const move of moves.erc20) chainParties.add(move.token);
      for (const move of [...moves.erc721, ...moves.erc1155]) chainCollections.add(move.collection);
    }
  }
  return [...parties].map(([chainId, addresses]) => ({
    chainId,
    latestBlock: holdings.latestBlock(chainId),
    knows: holdings.knows(chainId),
    addresses: [...addresses].sort().map((address) => addressHoldings(holdings, chainId, address)),
    collections: [...collections.get(chainId)!].sort().map((collection) => holdings.collectionTokens(chainId, collection)),
  }));
}

/** What the generator must go on from, worked out from the carried blocks alone. */
function expectedGenerator(blocks: readonly ChainBlock[]) {
  const chains = new Map<
    string,
    { head?: ChainBlock; nonces: Map<string, number>; tokens: Map<string, bigint>; owners: Map<string, { at: number[]; to: string }> }
  >();
  // Net token moves by `<standard> <token> <holder> <id, or - for ERC-20>`, as generatorState names them.
  const later = (a: number[], b: number[]) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;
  for (const block of blocks) {
    let chain = chains.get(block.chainId);
    if (!chain) chains.set(block.chainId, (chain = { nonces: new Map(), tokens: new Map(), owners: new Map() }));
    if (!chain.head || chain.head.number < block.number) chain.head = block;
    for (const tx of block.txs) {
      const sender = tx.item.from.address.toLowerCase();
      chain.nonces.set(sender, Math.max(chain.nonces.get(sender) ?? 0, Number(tx.item.nonce) + 1));
      const moves = movements(tx);
      const add = (key: string, delta: bigint) => chain.tokens.set(key, (chain.tokens.get(key) ?? 0n) + delta);
      for (const move of moves.erc20) {
        if (move.from !== ZERO_ADDRESS) add(`ERC20 ${move.token} ${move.from} -`, -move.value);
        if (move.to !== ZERO_ADDRESS) add(`ERC20 ${move.token} ${move.to} -`, move.value);
      }
      for (const move of moves.erc1155) {
        if (move.from !== ZERO_ADDRESS) add(`ERC1155 ${move.collection} ${move.from} ${move.tokenId}`, -move.value);
        if (move.to !== ZERO_ADDRESS) add(`ERC1155 ${move.collection} ${move.to} ${move.tokenId}`, move.value);
      }
      moves.erc721.forEach((move, index) => {
        const key = `${move.collection} ${move.tokenId}`;
        const at = [block.number, tx.blockIndex, index];
        const owner = chain.owners.get(key);
        if (!owner || later(at, owner.at) > 0) chain.owners.set(key, { at, to: move.to });
      });
    }
  }
  return [...chains]
    .map(([chainId, chain]) => ({
      chainId,
      head: chain.head && {
        number: chain.head.number,
        hash: chain.head.hash,
        ms: chain.head.ms,
        cumulativeTransactions: chain.head.facts.cumulativeTransactions,
      },
      nonces: [...chain.nonces].sort(),
      moves: [
        ...[...chain.tokens].map(([key, value]) => `${key} ${value}`),
        ...[...chain.owners].map(([key, owner]) => `ERC721 ${key.split(' ')[0]} ${owner.to} ${key.split(' ')[1]} 1`),
      ].sort(),
    }))
    .sort((a, b) => a.chainId.localeCompare(b.chainId));
}

function generatorState(carried: ChainCarried) {
  return carried
    .generator()
    .map(({ chainId, head, nonces, moves }) => ({
      chainId,
      head,
      nonces: [...nonces].sort(),
      moves: moves
        .map((move) => {
          expect(move.from).toBe(ZERO_ADDRESS);
          return `${move.standard} ${move.token} ${move.to} ${move.standard === 'ERC20' ? '-' : move.tokenId} ${move.value}`;
        })
        .sort(),
    }))
    .sort((a, b) => a.chainId.localeCompare(b.chainId));
}

describe('the summary of blocks whose records are gone', () => {
  // Seeds draw the chains; the same few chains are cut many ways.
  const chains = new Map<number, ChainBlock[]>();
  const blocksOf = (seed: number) => {
    let blocks = chains.get(seed);
    if (!blocks) chains.set(seed, (blocks = chainBlocks(seed, 300, 20)));
    return blocks;
  };

  it('gives a restart the holdings and generator state of the blocks it carried, however they were carried', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.double({ min: 0.05, max: 0.95, noNaN: true }),
        fc.integer(),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 12 }),
        fc.nat(12),
        (seed, share, shuffleSeed, batchSizes, restartAfter) => {
          const blocks = blocksOf(seed);
          const whole = new Holdings();
          for (const block of blocks) for (const tx of block.txs) whole.placed(tx);
          // The oldest blocks leave, in any order (a pinned block leaves after newer ones), in batches of any size.
          const leaving = blocks.slice(0, Math.max(1, Math.floor(blocks.length * share)));
          const staying = blocks.slice(leaving.length);
          const order = [...leaving];
          const shuffle = new Prng(shuffleSeed >>> 0, 2);
          for (let i = order.length - 1; i > 0; i--) {
            const j = Math.floor(shuffle.next() * (i + 1));
            [order[i], order[j]] = [order[j]!, order[i]!];
          }
          const disk = new DiskImage();
          let carried = new ChainCarried();
          let batch = 0;
          for (let at = 0; at < order.length; batch++) {
            const size = batchSizes[batch % batchSizes.length]!;
            disk.keep(carried, carried.planCarry(order.slice(at, at + size), whole));
            at += size;
            if (batch === restartAfter) carried = disk.restart(carried);
          }
          carried = disk.restart(carried);

          const afterRestart = new Holdings();
          for (const summary of carried.holdings()) afterRestart.carry(summary);
          for (const block of staying) for (const tx of block.txs) afterRestart.placed(tx);
          expect(answers(afterRestart, blocks)).toEqual(answers(whole, blocks));
          expect(generatorState(carried)).toEqual(expectedGenerator(leaving));
        },
      ),
      { numRuns: 20 },
    );
  });

  it('counts the carried transactions, and writes a token contract again only when it changed', () => {
    const blocks = blocksOf(1);
    const whole = new Holdings();
    for (const block of blocks) for (const tx of block.txs) whole.placed(tx);
    const carried = new ChainCarried();
    const first = blocks.slice(0, 60);
    new DiskImage().keep(carried, carried.planCarry(first, whole));
    for (const summary of carried.holdings()) {
      const own = first.filter((block) => block.chainId === summary.chainId);
      expect(summary.transactions).toBe(own.reduce((sum, block) => sum + block.txs.length, 0));
      expect(summary.block).toBe(Math.max(...own.map((block) => block.number)));
    }
    // The same blocks' contracts again, unchanged: no contract key is written a second time.
    const again = carried.planCarry(first, whole).filter(([, key]) => key.split(' ')[1] === 'contract');
    expect(again).toEqual([]);
    expect(carried.planCarry(first, whole).some(([, key]) => key.split(' ')[1] === 'account')).toBe(true);
  });

  it('keeps, for blocks a reset forgets, only their heights and their senders next nonces', () => {
    const blocks = blocksOf(2);
    const forgotten = blocks.slice(0, 50);
    const carried = new ChainCarried();
    const disk = new DiskImage();
    disk.keep(carried, carried.planHeights(forgotten));
    const restart = disk.restart(carried);
    const expected = expectedGenerator(forgotten).map(({ chainId, head, nonces }) => ({ chainId, head, nonces, moves: [] }));
    expect(generatorState(restart)).toEqual(expected);
    for (const summary of restart.holdings()) {
      expect(summary.transactions).toBe(0);
      expect([...summary.native.values()].every((change) => change === 0n)).toBe(true);
      expect([summary.erc20, summary.erc1155, summary.nfts, summary.contracts]).toEqual([[], [], [], []]);
    }
    // A reset after blocks were carried keeps their moves and count, and takes the height no lower.
    const both = new ChainCarried();
    const bothDisk = new DiskImage();
    bothDisk.keep(both, both.planCarry(forgotten.slice(0, 30), new Holdings()));
    const before = both.holdings();
    bothDisk.keep(both, both.planHeights(forgotten.slice(0, 10)));
    expect(both.holdings()).toEqual(before);
  });
});
