// The transaction listing across chains: one array kept in listing order, paged from a cursor found by binary search.
// What it holds is the chain's window (chain/ledger.ts decides what enters and leaves).
import type { NetworkKind } from '../chains.js';
import type { StoredTx } from '../chain-data.js';
import { compareListing } from './listing-order.js';
import type { TxCursor } from './listing-order.js';

export type { TxCursor };

export interface TxFilter {
  network: NetworkKind | null;
  txStatus: '1' | '0' | null;
}

export interface TxPage {
  items: StoredTx[];
  /** Present when at least one more matching transaction follows the page. */
  nextCursor?: TxCursor;
}

export class TransactionStore {
  /** Reverse listing order (index 0 is listed last), so new blocks are usually a push. */
  private items: StoredTx[] = [];
  /** Bumped on every change, for caches of served pages. */
  version = 0;
  /**
   * Each transaction's listing JSON, made when it is first listed: a start makes 3,000 and a client lists a few pages
   * of them (serializing them all at start cost ~40 ms and kept 2.2 MB of text).
   */
  private readonly listed = new WeakMap<StoredTx, string>();

  /** A store listing what this one lists, in an array of its own: what is added to or taken from either is not seen by the other. */
  copy(): TransactionStore {
    const copy = new TransactionStore();
    copy.items = this.items.slice();
    return copy;
  }

  add(txs: readonly StoredTx[]): void {
    for (const tx of txs) {
      const last = this.items[this.items.length - 1];
      if (!last || compareListing(tx, last) < 0) this.items.push(tx);
      else this.items.splice(this.countListedAfter(tx), 0, tx);
    }
    this.version++;
  }

  get size(): number {
    return this.items.length;
  }

  /** The transaction listed last. */
  oldest(): StoredTx | undefined {
    return this.items[0];
  }

  /** Takes these transactions out: the ones listed last (a block leaving the window), or anywhere (a reset). */
  remove(txs: readonly StoredTx[]): void {
    const leaving = new Set(txs);
    let oldest = 0;
    while (oldest < this.items.length && leaving.has(this.items[oldest]!)) oldest++;
    if (oldest === leaving.size) this.items.splice(0, oldest);
    else this.items = this.items.filter((tx) => !leaving.has(tx));
    this.version++;
  }

  /** `tx.item` as a page lists it. */
  listingJson(tx: StoredTx): string {
    let json = this.listed.get(tx);
    if (json === undefined) {
      json = JSON.stringify(tx.item);
      this.listed.set(tx, json);
    }
    return json;
  }

  /** Every transaction kept, oldest listed last: for a data directory's snapshot. */
  all(): readonly StoredTx[] {
    return this.items;
  }

  page(filter: TxFilter, after: TxCursor | null, pageSize: number): TxPage {
    const items: StoredTx[] = [];
    let index = (after ? this.countListedAfter(after) : this.items.length) - 1;
    for (; index >= 0 && items.length < pageSize; index--) {
      const tx = this.items[index]!;
      if (matches(tx, filter)) items.push(tx);
    }
    const last = items[items.length - 1];
    if (!last) return { items };
    for (; index >= 0; index--) {
      if (matches(this.items[index]!, filter)) {
        return { items, nextCursor: { ms: last.ms, chainNum: last.chainNum, blockIndex: last.blockIndex } };
      }
    }
    return { items };
  }

  /** How many transactions are listed after `cursor`: they sit at indexes [0, count). */
  private countListedAfter(cursor: TxCursor): number {
    let low = 0;
    let high = this.items.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compareListing(this.items[mid]!, cursor) > 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

function matches(tx: StoredTx, filter: TxFilter): boolean {
  if (filter.network !== null && tx.network !== filter.network) return false;
  if (filter.txStatus !== null && tx.item.txStatus !== filter.txStatus) return false;
  return true;
}
