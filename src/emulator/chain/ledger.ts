// The emulated chains that every answer reads: each chain's blocks in order, transactions by hash, each address's,
// token's and deployer's transactions; and the listing across chains. Blocks enter through placeBlock() alone, in
// chain order, and leave oldest first once the retention window is full.
import type { BlockFacts, StoredTx } from '../chain-data.js';
import type { NetworkKind } from '../chains.js';
import type { NftTransfer } from '../../schema/index.js';
import { TransactionStore } from '../transactions/store.js';

type NftTransferToken = Extract<NftTransfer, { type: 'ERC721' }>['erc721Token'];

/** A block as the chain holds it. */
export interface ChainBlock {
  chainId: string;
  chainNum: number;
  network: NetworkKind | null;
  number: number;
  hash: string;
  ms: number;
  facts: BlockFacts;
  txs: readonly StoredTx[];
  /** Made by an injection: a reset forgets it. */
  injected: boolean;
  /** Hashes of its transactions a message names: still found by hash once the block has left the window. */
  notified: readonly string[];
  /** Its kept record's key; absent for the generated history, which each start makes again from the kept seed. */
  recordKey?: string;
}

/** A transaction and the block that holds it. */
export interface PlacedTx {
  tx: StoredTx;
  block: ChainBlock;
}

/** Where a listing within one chain continues: a block, a transaction in it, an item of that transaction. */
export interface ChainPosition {
  number: number;
  index: number;
  item: number;
}

/** The position of the blocks listing across chains: newest first, then chainId ascending. */
export interface BlockCursor {
  ms: number;
  chainNum: number;
}

export type SortOrder = 'asc' | 'desc';

/** The transactions the listing and every index keep, by default; older blocks leave, oldest first. */
export const RETAINED_TRANSACTIONS = 10_000;
/** Transactions a message names, kept findable by hash after their block left the window: as many as messages kept. */
export const PINNED_TRANSACTIONS = 10_000;

/** One chain's blocks and indexes, each array in chain order (oldest first). */
class ChainIndex {
  readonly blocks: ChainBlock[] = [];
  readonly byNumber = new Map<number, ChainBlock>();
  readonly byHash = new Map<string, ChainBlock>();
  /** Lower-case address → the transactions it takes part in (sender, recipient, a transfer's or internal call's party). */
  readonly byAddress = new Map<string, StoredTx[]>();
  /** Lower-case token contract → the transactions that move its tokens. */
  readonly byToken = new Map<string, StoredTx[]>();
  /** Lower-case deployer → its contract creations. */
  readonly byDeployer = new Map<string, StoredTx[]>();
  /** Lower-case contract → the transaction that created it. */
  readonly deployment = new Map<string, StoredTx>();

  constructor(
    readonly chainId: string,
    readonly chainNum: number,
    readonly network: NetworkKind | null,
  ) {}

  /** The same blocks and indexes, in maps and arrays of its own (blocks and transactions never change: shared). */
  copy(): ChainIndex {
    const copy = new ChainIndex(this.chainId, this.chainNum, this.network);
    for (const block of this.blocks) copy.blocks.push(block);
    for (const [number, block] of this.byNumber) copy.byNumber.set(number, block);
    for (const [hash, block] of this.byHash) copy.byHash.set(hash, block);
    copyLists(this.byAddress, copy.byAddress);
    copyLists(this.byToken, copy.byToken);
    copyLists(this.byDeployer, copy.byDeployer);
    for (const [contract, tx] of this.deployment) copy.deployment.set(contract, tx);
    return copy;
  }
}

function copyLists(from: Map<string, StoredTx[]>, to: Map<string, StoredTx[]>): void {
  for (const [key, list] of from) to.set(key, list.slice());
}

export interface LedgerOptions {
  retainedTransactions?: number;
  pinnedTransactions?: number;
  /** Each transaction placed, once, in chain order (what balances and holdings are built from). */
  onTransaction?: (tx: StoredTx) => void;
  /**
   * Each transaction taken out of the chain's history, newest first: an injected block a reset forgets, or a block
   * of the history made again that a kept block of an older folder replaces. Not a block leaving the window: what it
   * did still happened.
   */
  onTransactionForgotten?: (tx: StoredTx) => void;
}

export class ChainLedger {
  /** Every chain's latest transactions, across chains: GET /v1/transactions. */
  readonly listing: TransactionStore;
  private readonly chains = new Map<string, ChainIndex>();
  /** Lower-case hash → the transaction and its block: those in the window, then the pinned ones. */
  private readonly byTxHash: Map<string, PlacedTx>;
  /** Transactions of blocks that left the window, kept findable because a message names them; oldest first. */
  private readonly pinned: Map<string, PlacedTx>;
  /** Kept blocks that left the window since last asked: their records may go (see takeLeftWindow()). */
  private leftWindow: ChainBlock[];
  private readonly retained: number;
  private readonly pinnedCap: number;

  /** `from`: a ledger to start as a copy of (see copy()). */
  constructor(
    private readonly options: LedgerOptions = {},
    from?: ChainLedger,
  ) {
    this.retained = options.retainedTransactions ?? RETAINED_TRANSACTIONS;
    this.pinnedCap = options.pinnedTransactions ?? PINNED_TRANSACTIONS;
    this.listing = from ? from.listing.copy() : new TransactionStore();
    for (const [chainId, chain] of from?.chains ?? []) this.chains.set(chainId, chain.copy());
    this.byTxHash = new Map(from?.byTxHash);
    this.pinned = new Map(from?.pinned);
    this.leftWindow = from ? from.leftWindow.slice() : [];
  }

  /**
   * A ledger holding the same blocks, with indexes of its own and these options: what is placed in or taken from
   * either is not seen by the other. Its options must keep the same window (retained and pinned transactions) for
   * it to hold what a ledger with them would. Much cheaper than placing the blocks again (see history-cache.ts).
   */
  copy(options: LedgerOptions): ChainLedger {
    return new ChainLedger(options, this);
  }

  /**
   * The one way into the chain: every transaction (generated history, generated block, injection, restored at start)
   * passes here once, in chain order, and is then listed, indexed and handed to onTransaction.
   */
  placeBlock(block: ChainBlock): void {
    if (block.txs.length === 0) return;
    const chain = this.chainIndex(block);
    const existing = chain.byNumber.get(block.number);
    if (existing) {
      if (existing.recordKey !== undefined || block.recordKey === undefined) {
        throw new Error(`block ${block.number} of chain ${block.chainId} placed twice`);
      }
      // A block an older emulator kept, numbered as a block of the history made again (an older generator's history,
      // not this one's, led up to it): the kept one is what was listed, so it takes the number.
      this.removeBlock(existing);
      this.forgotten(existing);
    }
    const last = chain.blocks[chain.blocks.length - 1];
    if (!last || last.number < block.number) chain.blocks.push(block);
    else
      chain.blocks.splice(
        lowerBound(chain.blocks, (each) => each.number < block.number),
        0,
        block,
      );
    chain.byNumber.set(block.number, block);
    chain.byHash.set(block.hash.toLowerCase(), block);
    for (const tx of block.txs) {
      this.byTxHash.set(tx.item.txHash.toLowerCase(), { tx, block });
      for (const address of partiesOf(tx)) insertInOrder(chain.byAddress, address, tx);
      for (const token of tokensOf(tx)) insertInOrder(chain.byToken, token, tx);
      const created = tx.detail.contractAddress?.toLowerCase();
      if (created) {
        chain.deployment.set(created, tx);
        insertInOrder(chain.byDeployer, tx.item.from.address.toLowerCase(), tx);
      }
      this.options.onTransaction?.(tx);
    }
    this.listing.add(block.txs);
    this.trim();
  }

  /** Takes a block out (a reset of injected ones; a block leaving the window): found nowhere afterwards. */
  removeBlock(block: ChainBlock): boolean {
    const chain = this.chains.get(block.chainId);
    if (!chain || chain.byNumber.get(block.number) !== block) return false;
    chain.byNumber.delete(block.number);
    chain.byHash.delete(block.hash.toLowerCase());
    removeFromOrdered(chain.blocks, block);
    for (const tx of block.txs) {
      const hash = tx.item.txHash.toLowerCase();
      if (this.byTxHash.get(hash)?.tx === tx) this.byTxHash.delete(hash);
      for (const address of partiesOf(tx)) removeFromIndex(chain.byAddress, address, tx);
      for (const token of tokensOf(tx)) removeFromIndex(chain.byToken, token, tx);
      const created = tx.detail.contractAddress?.toLowerCase();
      if (created) {
        if (chain.deployment.get(created) === tx) chain.deployment.delete(created);
        removeFromIndex(chain.byDeployer, tx.item.from.address.toLowerCase(), tx);
      }
    }
    this.listing.remove(block.txs);
    return true;
  }

  /** Forgets a block whether in the window or pinned (its record deleted: a reset, or a pin given up). */
  forgetBlock(block: ChainBlock): void {
    let held = this.removeBlock(block);
    // A block out of the window whose record is still kept (waiting for takeLeftWindow()): its moves are counted, and
    // once forgotten it must not be carried into the summary either.
    const waiting = this.leftWindow.indexOf(block);
    if (waiting >= 0) {
      this.leftWindow.splice(waiting, 1);
      held = true;
    }
    for (const tx of block.txs) {
      const hash = tx.item.txHash.toLowerCase();
      if (this.pinned.get(hash)?.block === block) {
        this.pinned.delete(hash);
        this.byTxHash.delete(hash);
        held = true;
      }
    }
    if (held) this.forgotten(block);
  }

  /** A block taken out of the chain's history (not one that left the window): its transactions never happened. */
  private forgotten(block: ChainBlock): void {
    if (this.options.onTransactionForgotten) for (const tx of [...block.txs].reverse()) this.options.onTransactionForgotten(tx);
  }

  /**
   * Kept blocks that left the window (their records can be deleted), taken once; none until they hold `minimum`
   * transactions (a batch: what they carried is then written once for many blocks).
   */
  takeLeftWindow(minimum = 0): ChainBlock[] {
    if (minimum > 0 && this.leftWindow.reduce((sum, block) => sum + block.txs.length, 0) < minimum) return [];
    const taken = this.leftWindow;
    this.leftWindow = [];
    return taken;
  }

  /** A block taken by takeLeftWindow() whose deletion could not be kept: asked again next time. */
  giveBackLeftWindow(blocks: readonly ChainBlock[]): void {
    this.leftWindow.push(...blocks);
  }

  transaction(txHash: string): PlacedTx | undefined {
    return this.byTxHash.get(txHash.toLowerCase());
  }

  /** The chain's index, or undefined when no block of it is held. */
  chain(chainId: string): ChainIndex | undefined {
    return this.chains.get(chainId);
  }

  chainIds(): string[] {
    return [...this.chains.keys()];
  }

  /** The newest block of the chain, in the window. */
  head(chainId: string): ChainBlock | undefined {
    const blocks = this.chains.get(chainId)?.blocks;
    return blocks?.[blocks.length - 1];
  }

  blockByNumber(chainId: string, number: number): ChainBlock | undefined {
    return this.chains.get(chainId)?.byNumber.get(number);
  }

  blockByHash(chainId: string, hash: string): ChainBlock | undefined {
    return this.chains.get(chainId)?.byHash.get(hash.toLowerCase());
  }

  /** The chain's blocks, newest first, after `after` (a block number), up to `limit`. */
  latestBlocks(chainId: string, after: number | null, limit: number): { blocks: ChainBlock[]; more: boolean } {
    const blocks = this.chains.get(chainId)?.blocks ?? [];
    let index = (after === null ? blocks.length : lowerBound(blocks, (block) => block.number < after)) - 1;
    const page: ChainBlock[] = [];
    for (; index >= 0 && page.length < limit; index--) page.push(blocks[index]!);
    return { blocks: page, more: index >= 0 };
  }

  /** Blocks of every chain (of one network, when given), newest first then chainId ascending, after the cursor. */
  latestBlocksAllChains(network: NetworkKind | null, after: BlockCursor | null, limit: number): { blocks: ChainBlock[]; more: boolean } {
    const candidates: ChainBlock[] = [];
    for (const chain of this.chains.values()) {
      if (network !== null && chain.network !== network) continue;
      const blocks = chain.blocks;
      let index = blocks.length - 1;
      if (after) index = lowerBound(blocks, (block) => compareBlocks(block, after) > 0) - 1;
      // limit + 1 from each chain: enough to fill the page and tell whether more follow.
      for (let taken = 0; index >= 0 && taken <= limit; index--, taken++) candidates.push(blocks[index]!);
    }
    candidates.sort(compareBlocks);
    return { blocks: candidates.slice(0, limit), more: candidates.length > limit };
  }

  /**
   * Transactions of one chain's index entry (an address's, a token's, a deployer's; all of the chain's with no key),
   * in the order asked, within the block range, after a position: each expanded into the items a listing serves
   * (`expand` gives a transaction's items in order; a transaction with none is skipped).
   */
  walk<T>(
    source: StoredTx[] | readonly ChainBlock[],
    query: { order: SortOrder; startBlock?: number; endBlock?: number; after: ChainPosition | null; limit: number },
    expand: (tx: StoredTx) => readonly T[],
  ): { items: { item: T; position: ChainPosition }[]; more: boolean } {
    const txs = isBlockList(source) ? null : source;
    const blocks = isBlockList(source) ? source : null;
    const length = txs ? txs.length : blocks!.length;
    const numberAt = (at: number) => (txs ? Number(txs[at]!.item.blockNumber) : blocks![at]!.number);
    const items: { item: T; position: ChainPosition }[] = [];
    const ascending = query.order === 'asc';
    const low = query.startBlock === undefined ? 0 : lowerBoundIndex(length, (at) => numberAt(at) < query.startBlock!);
    const high = query.endBlock === undefined ? length : lowerBoundIndex(length, (at) => numberAt(at) <= query.endBlock!);
    const after = query.after;
    let at: number;
    if (!after) at = ascending ? low : high - 1;
    else {
      const first = lowerBoundIndex(length, (index) => numberAt(index) < after.number);
      at = ascending ? Math.max(low, first) : Math.min(high - 1, lowerBoundIndex(length, (index) => numberAt(index) <= after.number) - 1);
    }
    const visit = (tx: StoredTx): boolean => {
      const expanded = expand(tx);
      const number = Number(tx.item.blockNumber);
      const index = tx.blockIndex;
      for (let k = 0; k < expanded.length; k++) {
        const item = ascending ? k : expanded.length - 1 - k;
        const position = { number, index, item };
        if (after && !isAfter(position, after, ascending)) continue;
        if (items.length === query.limit) return false;
        items.push({ item: expanded[item]!, position });
      }
      return true;
    };
    for (; ascending ? at < high : at >= low; at += ascending ? 1 : -1) {
      if (txs) {
        if (!visit(txs[at]!)) return { items, more: true };
      } else {
        const blockTxs = blocks![at]!.txs;
        for (let k = 0; k < blockTxs.length; k++) {
          if (!visit(blockTxs[ascending ? k : blockTxs.length - 1 - k]!)) return { items, more: true };
        }
      }
    }
    return { items, more: false };
  }

  private chainIndex(block: ChainBlock): ChainIndex {
    let chain = this.chains.get(block.chainId);
    if (!chain) {
      chain = new ChainIndex(block.chainId, block.chainNum, block.network);
      this.chains.set(block.chainId, chain);
    }
    return chain;
  }

  /** Oldest blocks out while the window holds more than it may; those a message names stay findable by hash. */
  private trim(): void {
    while (this.listing.size > this.retained) {
      const oldest = this.listing.oldest()!;
      const block = this.byTxHash.get(oldest.item.txHash.toLowerCase())!.block;
      this.removeBlock(block);
      for (const hash of block.notified) {
        const tx = block.txs.find((each) => each.item.txHash === hash);
        if (!tx) continue;
        this.pinned.set(hash.toLowerCase(), { tx, block });
        this.byTxHash.set(hash.toLowerCase(), { tx, block });
      }
      if (block.recordKey !== undefined && block.notified.length === 0) this.leftWindow.push(block);
    }
    while (this.pinned.size > this.pinnedCap) {
      const [hash, { block }] = this.pinned.entries().next().value!;
      for (const tx of block.txs) {
        const key = tx.item.txHash.toLowerCase();
        if (this.pinned.delete(key)) this.byTxHash.delete(key);
      }
      this.pinned.delete(hash);
      if (block.recordKey !== undefined) this.leftWindow.push(block);
    }
  }
}

/** Negative when `a` is listed before `b`: newest first, then chainId ascending. */
function compareBlocks(a: BlockCursor, b: BlockCursor): number {
  if (a.ms !== b.ms) return b.ms - a.ms;
  return a.chainNum - b.chainNum;
}

/** Lower-case addresses a transaction's history lists it under: its sender and recipient, a transfer's or call's party. */
export function partiesOf(tx: StoredTx): Set<string> {
  const parties = new Set<string>([tx.item.from.address.toLowerCase(), tx.item.to.address.toLowerCase()]);
  const { detail } = tx;
  // Four loops rather than one over a joined copy: this runs twice for every transaction a restart places.
  for (const move of detail.erc20Transfers) parties.add(move.from.toLowerCase()).add(move.to.toLowerCase());
  for (const move of detail.erc721Transfers) parties.add(move.from.toLowerCase()).add(move.to.toLowerCase());
  for (const move of detail.erc1155Transfers) parties.add(move.from.toLowerCase()).add(move.to.toLowerCase());
  for (const move of detail.internalTransactions) parties.add(move.from.toLowerCase()).add(move.to.toLowerCase());
  return parties;
}

/** Lower-case token contracts whose tokens the transaction moves. */
function tokensOf(tx: StoredTx): Set<string> {
  const tokens = new Set<string>();
  for (const transfer of tx.detail.erc20Transfers) tokens.add(transfer.erc20Token.address.toLowerCase());
  for (const transfer of [...tx.detail.erc721Transfers, ...tx.detail.erc1155Transfers])
    tokens.add(nftCollection(transfer).address.toLowerCase());
  return tokens;
}

/** The collection an ERC-721 or ERC-1155 transfer moves a token of. */
export function nftCollection(transfer: NftTransfer): NftTransferToken {
  return transfer.type === 'ERC721' ? transfer.erc721Token : transfer.erc1155Token;
}

function isBlockList(source: StoredTx[] | readonly ChainBlock[]): source is readonly ChainBlock[] {
  const first = source[0];
  return first !== undefined && 'txs' in first;
}

/** Whether `position` comes after `cursor` in the order asked. */
function isAfter(position: ChainPosition, cursor: ChainPosition, ascending: boolean): boolean {
  const difference = position.number - cursor.number || position.index - cursor.index || position.item - cursor.item;
  return ascending ? difference > 0 : difference < 0;
}

/** Chain order within one chain: block number, then the transaction's index in it. */
function chainOrder(a: StoredTx, b: StoredTx): number {
  return Number(a.item.blockNumber) - Number(b.item.blockNumber) || a.blockIndex - b.blockIndex;
}

function insertInOrder(index: Map<string, StoredTx[]>, key: string, tx: StoredTx): void {
  let list = index.get(key);
  if (!list) index.set(key, (list = []));
  const last = list[list.length - 1];
  if (!last || chainOrder(last, tx) < 0) list.push(tx);
  else
    list.splice(
      lowerBound(list, (each) => chainOrder(each, tx) < 0),
      0,
      tx,
    );
}

function removeFromIndex(index: Map<string, StoredTx[]>, key: string, tx: StoredTx): void {
  const list = index.get(key);
  if (!list) return;
  removeFromOrdered(list, tx);
  if (list.length === 0) index.delete(key);
}

/** Blocks leave oldest first, so the item is usually the first one: a shift, not a search. */
function removeFromOrdered<T>(list: T[], item: T): void {
  if (list[0] === item) list.shift();
  else {
    const at = list.lastIndexOf(item);
    if (at >= 0) list.splice(at, 1);
  }
}

/** The first index whose item is not `before` (the items `before` accepts come first). */
function lowerBound<T>(list: readonly T[], before: (item: T) => boolean): number {
  return lowerBoundIndex(list.length, (at) => before(list[at]!));
}

function lowerBoundIndex(length: number, before: (at: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (before(mid)) low = mid + 1;
    else high = mid;
  }
  return low;
}
