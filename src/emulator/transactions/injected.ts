// Transactions injected through the control API: the only ones kept (generated history and blocks are made anew by
// each start). One record per transaction (kind `transaction`, keyed by its hash); they join the listing once it is
// made (it is made on first need).
import type { StoredTx } from '../chain-data.js';
import type { KeptEntry, KeptResource } from '../kept/change.js';
import { compareListing } from './listing-order.js';
import type { TransactionStore } from './store.js';

const TRANSACTION_KIND = 'transaction';

export class InjectedTransactions implements KeptResource {
  readonly kinds = [TRANSACTION_KIND];
  private readonly byHash = new Map<string, StoredTx>();
  private listing: TransactionStore | undefined;

  /** The listing, once made: the kept transactions join it now, and later ones as they are applied. */
  joinListing(listing: TransactionStore): void {
    this.listing = listing;
    // In chain order, as every transaction is placed (the holdings apply them in that order).
    listing.add([...this.byHash.values()].sort((a, b) => compareListing(b, a)));
  }

  /** Every kept one, in no particular order. */
  all(): StoredTx[] {
    return [...this.byHash.values()];
  }

  planAdd(tx: StoredTx): KeptEntry[] {
    return [[TRANSACTION_KIND, tx.item.txHash, tx]];
  }

  /** The records that forget every injected transaction (a reset; the generated history stays). */
  planReset(): KeptEntry[] {
    return [...this.byHash.keys()].map((txHash): KeptEntry => [TRANSACTION_KIND, txHash, null]);
  }

  applyEntry(_kind: string, txHash: string, value: unknown): void {
    const before = this.byHash.get(txHash);
    if (before) {
      this.byHash.delete(txHash);
      this.listing?.retain((tx) => tx !== before);
    }
    if (value === null) return;
    const tx = value as StoredTx;
    this.byHash.set(txHash, tx);
    this.listing?.add([tx]);
  }

  restore(tables: ReadonlyMap<string, ReadonlyMap<string, unknown>>): void {
    for (const [txHash, tx] of tables.get(TRANSACTION_KIND) ?? []) this.byHash.set(txHash, tx as StoredTx);
  }

  *snapshot(): Iterable<KeptEntry> {
    for (const [txHash, tx] of this.byHash) yield [TRANSACTION_KIND, txHash, tx];
  }
}
