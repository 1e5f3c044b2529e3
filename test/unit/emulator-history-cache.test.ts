// A seeded history is made once per process and shared by every emulator started from that seed (history-cache.ts).
// What must hold: a shared history, and everything generated after it, is what a fresh generation gives; and what one
// emulator does (API calls, blocks, injections, a reset) never shows in another started from the same seed.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ChainDataGenerator } from '../../src/emulator/chain-data.js';
import type { InjectionInput, StoredTx } from '../../src/emulator/chain-data.js';
import { DEFAULT_DELIVERY_TUNING } from '../../src/emulator/deliveries/queue.js';
import { blockOf, blocksOldestFirst } from '../../src/emulator/chain/blocks.js';
import { ChainLedger } from '../../src/emulator/chain/ledger.js';
import type { ChainBlock, LedgerOptions } from '../../src/emulator/chain/ledger.js';
import { keptHistories, placedCopy, seededHistory } from '../../src/emulator/history-cache.js';
import { movements } from '../../src/emulator/holdings/movements.js';
import { Holdings } from '../../src/emulator/holdings/store.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { Prng } from '../../src/emulator/prng.js';
import { EmulatorState, HISTORY_TRANSACTIONS, SEEDED_HISTORY_END_MS } from '../../src/emulator/state.js';
import { compareListing } from '../../src/emulator/transactions/listing-order.js';
import type { CreateWebhookRequest } from '../../src/schema/index.js';
import { API_KEY, call, startTestEmulator, webhookBody } from '../helpers/emulator-helpers.js';
import { addressHoldings } from '../helpers/holdings-answers.js';

/** Seeds no other test starts, so the first use here is the one that makes the history. */
const SEED = 910_001;
/** Enough transactions for every kind of draft on every chain; the emulators' full size only where they start one. */
const SMALL = 300;
const WATCHED = '0x1111111111111111111111111111111111111111';
const LATER_MS = 2_000_000_000_000;
const ZERO = '0x0000000000000000000000000000000000000000';

/** A digest of everything the transactions hold, notification detail and match keys included (a short diff on failure). */
const digest = (text: string): string => createHash('sha256').update(text).digest('hex');
const everything = (txs: readonly StoredTx[]): string => `${txs.length} ${digest(JSON.stringify(txs))}`;

/** The history as a generator of its own makes it, without the cache. */
function fresh(seed: number, totalTxs: number): { generator: ChainDataGenerator; history: StoredTx[] } {
  const generator = new ChainDataGenerator(new Prng(seed, 1));
  return { generator, history: generator.history(SEEDED_HISTORY_END_MS, totalTxs) };
}

const injection = (chainId: string): InjectionInput => ({
  chainId,
  from: WATCHED,
  // A mint (from the zero address): a sender must hold what it sends.
  erc20Transfers: [{ from: '0x0000000000000000000000000000000000000000', to: '0x2222222222222222222222222222222222222222', value: 5n }],
  erc721Transfers: [],
  erc1155Transfers: [],
  internalTransactions: [],
  logs: [],
});

/** What a generator makes after its history: a block on every catalogue chain (one watched), on a new chain, an injection. */
function after(generator: ChainDataGenerator): StoredTx[] {
  const blocks = generator
    .catalogueChains()
    .flatMap((chain, k) => generator.syntheticBlock(chain, LATER_MS + k, k === 0 ? [{ address: WATCHED, eventSignatures: [] }] : []));
  blocks.push(...generator.syntheticBlock(generator.chain('777'), LATER_MS, []));
  blocks.push(generator.injectedBlock(injection('43114'), LATER_MS + 50));
  return blocks;
}

describe('a seeded history made once per process', () => {
  it('is shared, equal to a fresh generation, and each generator goes on exactly as a fresh one does', () => {
    const first = seededHistory(SEED, SEEDED_HISTORY_END_MS, SMALL);
    const second = seededHistory(SEED, SEEDED_HISTORY_END_MS, SMALL);
    const reference = fresh(SEED, SMALL);
    // Shared indeed, not made again (else the cache would save nothing).
    expect(second.history).toBe(first.history);
    expect(first.history).toHaveLength(reference.history.length);
    expect(everything(first.history)).toBe(everything(reference.history));
    // The generators are each its own: the first one's blocks do not move the second one on.
    const expected = everything(after(reference.generator));
    expect(everything(after(first.generator))).toBe(expected);
    expect(everything(after(second.generator))).toBe(expected);
    // Another seed, or other generation parameters, are another history.
    expect(seededHistory(SEED + 1, SEEDED_HISTORY_END_MS, SMALL).history[0]!.item.txHash).not.toBe(first.history[0]!.item.txHash);
    expect(seededHistory(SEED, SEEDED_HISTORY_END_MS + 1, SMALL).history.at(-1)!.ms).toBe(SEEDED_HISTORY_END_MS + 1);
  });

  it('is frozen once shared: a change to a shared transaction throws instead of showing in another emulator', () => {
    const { history } = seededHistory(SEED + 2, SEEDED_HISTORY_END_MS, SMALL);
    seededHistory(SEED + 2, SEEDED_HISTORY_END_MS, SMALL);
    const tx = history.find((candidate) => candidate.detail.logs.length > 0)!;
    expect(() => {
      (tx.item as { txHash: string }).txHash = '0x';
    }).toThrow(TypeError);
    expect(() => tx.participants.push('0x')).toThrow(TypeError);
    expect(() => {
      (tx.detail.logs[0] as { data: string }).data = '0x';
    }).toThrow(TypeError);
    expect(() => (history as StoredTx[]).pop()).toThrow(TypeError);
  });

  it('keeps at most four histories, the least recently used forgotten first', () => {
    const kept = seededHistory(SEED + 10, SEEDED_HISTORY_END_MS, SMALL).history;
    for (let k = 1; k <= 3; k++) seededHistory(SEED + 10 + k, SEEDED_HISTORY_END_MS, 30);
    // Used again: the most recent now, so the two below push out others.
    expect(seededHistory(SEED + 10, SEEDED_HISTORY_END_MS, SMALL).history).toBe(kept);
    for (let k = 4; k <= 5; k++) seededHistory(SEED + 10 + k, SEEDED_HISTORY_END_MS, 30);
    expect(keptHistories()).toBe(4);
    expect(seededHistory(SEED + 10, SEEDED_HISTORY_END_MS, SMALL).history).toBe(kept);
    // Forgotten: made again, equal but not the same objects.
    const remade = seededHistory(SEED + 11, SEEDED_HISTORY_END_MS, 30).history;
    expect(everything(remade)).toBe(everything(fresh(SEED + 11, 30).history));
    expect(keptHistories()).toBe(4);
  });
});

/** A ledger and its holdings as EmulatorState wires them: every transaction placed or forgotten reaches the holdings. */
interface Chain {
  ledger: ChainLedger;
  holdings: Holdings;
}

function wired(window: LedgerOptions, make: (options: LedgerOptions) => Chain): Chain {
  // The holdings exist once `make` returns; the ledger calls these only when something is placed or forgotten.
  const made: { chain?: Chain } = {};
  made.chain = make({
    ...window,
    onTransaction: (tx) => made.chain!.holdings.placed(tx),
    onTransactionForgotten: (tx) => made.chain!.holdings.removed(tx),
  });
  return made.chain;
}

/** The history placed block by block, oldest first, as a start without the cache places it. */
function placedFresh(seed: number, totalTxs: number, window: LedgerOptions): Chain & { generator: ChainDataGenerator } {
  const { generator, history } = fresh(seed, totalTxs);
  const chain = wired(window, (options) => ({ ledger: new ChainLedger(options), holdings: new Holdings() }));
  for (const txs of blocksOldestFirst(history)) place(chain, txs);
  return { ...chain, generator };
}

function place(chain: Chain, txs: readonly StoredTx[], injected = false): ChainBlock {
  const block = blockOf(txs, { injected, notified: [] }, chain.ledger.head(txs[0]!.item.chainId));
  chain.ledger.placeBlock(block);
  return block;
}

/**
 * Everything the ledger and the holdings answer, for every address, token and collection these transactions name:
 * the listing, each chain's blocks and indexes, and each party's balances, tokens and NFTs.
 */
function answers({ ledger, holdings }: Chain, named: readonly StoredTx[]): string {
  const chains = ledger.chainIds().sort();
  const hashes = (txs: readonly StoredTx[] | undefined) => (txs ?? []).map((tx) => tx.item.txHash);
  const indexed = (index: Map<string, StoredTx[]>) =>
    [...index].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, txs]) => [key, hashes(txs)]);
  const parties = new Map<string, Set<string>>();
  const collections = new Map<string, Set<string>>();
  for (const tx of named) {
    const chainId = tx.item.chainId;
    const chainParties = parties.get(chainId) ?? parties.set(chainId, new Set()).get(chainId)!;
    const chainCollections = collections.get(chainId) ?? collections.set(chainId, new Set()).get(chainId)!;
    const moves = movements(tx);
    chainParties.add(moves.payer);
    for (const move of [...moves.native, ...moves.erc20, ...moves.erc721, ...moves.erc1155]) chainParties.add(move.from).add(move.to);
    for (const move of moves.erc20) chainParties.add(move.token);
    for (const move of [...moves.erc721, ...moves.erc1155]) chainCollections.add(move.collection);
    if (tx.detail.contractAddress) chainParties.add(tx.detail.contractAddress.toLowerCase());
  }
  const all = {
    listing: hashes(ledger.listing.all()),
    found: named.map((tx) => ledger.transaction(tx.item.txHash)?.block.number ?? null),
    chains: chains.map((chainId) => {
      const index = ledger.chain(chainId)!;
      return {
        chainId,
        blocks: index.blocks.map((block) => [block.number, block.hash, hashes(block.txs)]),
        byAddress: indexed(index.byAddress),
        byToken: indexed(index.byToken),
        byDeployer: indexed(index.byDeployer),
        deployment: [...index.deployment].map(([contract, tx]) => [contract, tx.item.txHash]).sort(),
        latestBlock: holdings.latestBlock(chainId),
        holdings: [...(parties.get(chainId) ?? [])].sort().map((address) => addressHoldings(holdings, chainId, address)),
        collections: [...(collections.get(chainId) ?? [])].sort().map((collection) => holdings.collectionTokens(chainId, collection)),
      };
    }),
  };
  return JSON.stringify(all, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value));
}

/** A copy of the seed's history placed, as the second start and every later one get it. */
function copied(seed: number, window: LedgerOptions): Chain {
  seededHistory(seed, SEEDED_HISTORY_END_MS, SMALL);
  const copy = (options: LedgerOptions) =>
    placedCopy(seed, SEEDED_HISTORY_END_MS, SMALL, options) ?? placedCopy(seed, SEEDED_HISTORY_END_MS, SMALL, options)!;
  return wired(window, copy);
}

describe('a seeded history placed once per process, each start given copies', () => {
  const window = { retainedTransactions: 250 };
  const BOB = '0x' + 'b0'.repeat(20);

  /**
   * Changes that reach into what the history placed: an ERC-721 of the history moved on from its owner, an ERC-20 and
   * an ERC-1155 id of the history sent by their holders (their balances), generated blocks on every chain (the
   * indexes of addresses already listed), and a block of the history forgotten (a contract's deployment with it).
   */
  function changes(
    chain: Chain,
    generator: ChainDataGenerator,
    history: readonly StoredTx[],
  ): { blocks: ChainBlock[]; injected: ChainBlock; nft: { chainId: string; collection: string; tokenId: bigint; owner: string } } {
    // The first of each kind of move in the history, with its chain, from the newest transaction back.
    const moved = <K extends 'erc20' | 'erc721' | 'erc1155'>(kind: K) => {
      for (const tx of [...history].reverse()) {
        const move = movements(tx)[kind].find((each) => each.to !== ZERO);
        if (move) return { chainId: tx.item.chainId, move: move as ReturnType<typeof movements>[K][number] };
      }
      throw new Error(`no ${kind} move in the history`);
    };
    const nft = moved('erc721');
    const owner = chain.holdings.nftToken(nft.chainId, nft.move.collection, nft.move.tokenId)!.owner!;
    const none = { erc20Transfers: [], erc721Transfers: [], erc1155Transfers: [], internalTransactions: [], logs: [] };
    const transfer = { from: owner, to: BOB, tokenId: nft.move.tokenId, token: { address: nft.move.collection } };
    const injected = place(
      chain,
      [generator.injectedBlock({ ...none, chainId: nft.chainId, from: owner, erc721Transfers: [transfer] }, LATER_MS)],
      true,
    );
    const blocks = [injected];
    const erc20 = moved('erc20');
    const erc20Transfers = [{ from: erc20.move.to, to: BOB, value: 1n, token: { address: erc20.move.token } }];
    blocks.push(
      place(chain, [generator.injectedBlock({ ...none, chainId: erc20.chainId, from: erc20.move.to, erc20Transfers }, LATER_MS + 1)], true),
    );
    const erc1155 = moved('erc1155');
    const erc1155Transfers = [
      { from: erc1155.move.to, to: BOB, tokenId: erc1155.move.tokenId, value: 1n, token: { address: erc1155.move.collection } },
    ];
    blocks.push(
      place(
        chain,
        [generator.injectedBlock({ ...none, chainId: erc1155.chainId, from: erc1155.move.to, erc1155Transfers }, LATER_MS + 2)],
        true,
      ),
    );
    for (const [k, each] of generator.catalogueChains().entries()) {
      const txs = generator.syntheticBlock(each, LATER_MS + 10_000 + k, []);
      if (txs.length > 0) blocks.push(place(chain, txs));
    }
    const created = chain.ledger.transaction(history.findLast((tx) => tx.detail.contractAddress)!.item.txHash)!.block;
    chain.ledger.forgetBlock(created);
    return { blocks, injected, nft: { chainId: nft.chainId, collection: nft.move.collection, tokenId: nft.move.tokenId, owner } };
  }

  it('gives a copy that answers as the blocks placed one by one would, within the window too', () => {
    for (const options of [{}, window]) {
      // The first start with a window places the history itself: a single start pays for no copy.
      seededHistory(SEED + 20, SEEDED_HISTORY_END_MS, SMALL);
      expect(placedCopy(SEED + 20, SEEDED_HISTORY_END_MS, SMALL, options)).toBeUndefined();
      const made = copied(SEED + 20, options);
      const reference = placedFresh(SEED + 20, SMALL, options);
      const history = fresh(SEED + 20, SMALL).history;
      // Within the window, its oldest blocks have left: whole blocks, so a few transactions under its size.
      const listed = made.ledger.listing.all().length;
      if (options === window) expect(listed).toBeGreaterThan(200);
      expect(listed).toBeLessThanOrEqual(options === window ? 250 : SMALL);
      if (options !== window) expect(listed).toBe(SMALL);
      expect(answers(made, history)).toBe(answers(reference, history));
    }
  });

  it('keeps each copy to itself: a change to one shows in no other, and a change undone leaves a copy as it began', () => {
    const reference = placedFresh(SEED + 21, SMALL, window);
    const history = fresh(SEED + 21, SMALL).history;
    const before = answers(reference, history);
    const first = copied(SEED + 21, window);
    const second = copied(SEED + 21, window);
    const generator = seededHistory(SEED + 21, SEEDED_HISTORY_END_MS, SMALL).generator;

    const { blocks, injected, nft } = changes(first, generator, history);
    const named = [...history, ...blocks.flatMap((block) => block.txs)];
    // The same changes on blocks placed one by one: the copy changed as they did.
    for (const block of blocks) reference.ledger.placeBlock(block);
    reference.ledger.forgetBlock(reference.ledger.transaction(history.findLast((tx) => tx.detail.contractAddress)!.item.txHash)!.block);
    expect(answers(first, named)).toBe(answers(reference, named));
    expect(first.holdings.nftToken(nft.chainId, nft.collection, nft.tokenId)!.owner).toBe(BOB);

    // None of it in the other copy, nor in a copy made afterwards.
    const later = copied(SEED + 21, window);
    expect(answers(second, named)).not.toBe(answers(first, named));
    expect(answers(second, history)).toBe(before);
    expect(answers(later, history)).toBe(before);
    // The NFT's move placed in the other copy and forgotten (a reset): its owner is back. Had the copies shared the
    // token's transfers, the first copy's would be left in them, and the owner would stay the recipient.
    second.ledger.placeBlock(injected);
    expect(second.holdings.nftToken(nft.chainId, nft.collection, nft.tokenId)!.owner).toBe(BOB);
    second.ledger.forgetBlock(injected);
    expect(second.holdings.nftToken(nft.chainId, nft.collection, nft.tokenId)!.owner).toBe(nft.owner);
    expect(second.holdings.erc721Owned(nft.chainId, nft.owner)).toEqual(later.holdings.erc721Owned(nft.chainId, nft.owner));
  });
});

describe('two emulators from one seed', () => {
  /** The seed's history made without the cache, once for both tests (making one is most of a start's cost). */
  let reference: ReturnType<typeof fresh> | undefined;
  const referenceHistory = () => (reference ??= fresh(SEED + 3, HISTORY_TRANSACTIONS)).history;
  const running: RunningEmulator[] = [];
  const states: EmulatorState[] = [];
  afterEach(async () => {
    for (const state of states.splice(0)) state.close();
    await Promise.all(running.splice(0).map((emulator) => emulator.close()));
  });

  it('blocks, injections, webhooks and a reset in one leave the other as a fresh one, and it goes on as a fresh one', async () => {
    const tuning = { ...DEFAULT_DELIVERY_TUNING, retryDelayMs: () => 60_000 };
    const busy = new EmulatorState(SEED + 3, true, tuning);
    const quiet = new EmulatorState(SEED + 3, true, tuning);
    states.push(busy, quiet);
    await Promise.all([busy.begin(), quiet.begin()]);
    const history = referenceHistory();

    const request = {
      url: 'http://127.0.0.1:9/hook',
      chainId: '43114',
      eventType: 'address_activity',
      metadata: { addresses: [WATCHED] },
    } as CreateWebhookRequest;
    await busy.addAddresses(await busy.createWebhook(request, 'k'), ['0x3333333333333333333333333333333333333333']);
    for (let tick = 0; tick < 5; tick++) await busy.syntheticTick(LATER_MS + tick * 1_000);
    expect((await busy.inject(injection('43114'))).messageIds).toHaveLength(1);
    await busy.inject(injection('99999'));
    await busy.reset();
    expect(busy.store.all().length).toBeGreaterThan(history.length);

    expect(everything(quiet.store.all())).toBe(everything(history));
    // The blocks made after it: the quiet one's first tick (no webhooks: no draws but the generator's) is a fresh
    // generator's first block on each catalogue chain.
    const shared = new Set(quiet.store.all());
    await quiet.syntheticTick(LATER_MS);
    const made = quiet.store.all().filter((tx) => !shared.has(tx));
    const generator = reference!.generator;
    const expected = generator
      .catalogueChains()
      .flatMap((chain) => generator.syntheticBlock(chain, LATER_MS, []))
      .sort((a, b) => compareListing(b, a));
    expect(made.length).toBeGreaterThan(0);
    expect(everything(made)).toBe(everything(expected));
  });

  it('API calls on one (webhooks, injections, a reset) leave the other listing exactly a fresh history', async () => {
    const [busy, quiet] = await Promise.all([startTestEmulator({ seed: SEED + 3 }), startTestEmulator({ seed: SEED + 3 })]);
    running.push(busy, quiet);
    const created = await call(busy.url, 'POST', '/v1/webhooks', {
      key: API_KEY,
      body: webhookBody({ metadata: { addresses: [WATCHED] } }),
    });
    expect(created.status).toBe(201);
    for (const chainId of ['43114', '43113', '555']) {
      const injected = await call(busy.url, 'POST', '/_emulator/transactions', { body: { chainId, from: WATCHED } });
      expect(injected.status).toBe(201);
    }
    expect((await call(busy.url, 'POST', '/_emulator/reset')).status).toBe(200);
    expect((await call(busy.url, 'POST', '/_emulator/transactions', { body: { chainId: '43114', from: WATCHED } })).status).toBe(201);

    const listed: string[] = [];
    let pageToken: string | undefined;
    do {
      const page = await call(quiet.url, 'GET', `/v1/transactions?pageSize=100${pageToken ? `&pageToken=${pageToken}` : ''}`);
      expect(page.status).toBe(200);
      listed.push(...page.body.transactions.map((item: unknown) => JSON.stringify(item)));
      pageToken = page.body.nextPageToken;
    } while (pageToken);
    const expected = referenceHistory()
      .map((tx) => JSON.stringify(tx.item))
      .reverse();
    expect(listed).toHaveLength(expected.length);
    expect(digest(listed.join('\n'))).toBe(digest(expected.join('\n')));
  });
});
