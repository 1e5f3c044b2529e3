// When each NFT's metadata was last reindexed (reindexNft): the one part of the holdings that is not derived from the
// chain, so it is kept (kind `nftReindex`, keyed by chain, collection and token id; the time in Unix milliseconds).
import type { KeptEntry, KeptResource } from '../kept/change.js';

const REINDEX_KIND = 'nftReindex';
/** The service's rule: "Reindexing can only be called once per hour for each NFT token." */
export const REINDEX_INTERVAL_MS = 60 * 60 * 1000;

export class NftReindexes implements KeptResource {
  readonly kinds = [REINDEX_KIND];
  private readonly lastMs = new Map<string, number>();
  /** Bumped on every change, for caches of served answers (a reindex changes a token's metadata). */
  version = 0;

  /** Unix milliseconds of the token's last reindex, if it had one. */
  last(chainId: string, collection: string, tokenId: bigint): number | undefined {
    return this.lastMs.get(reindexKey(chainId, collection, tokenId));
  }

  planReindex(chainId: string, collection: string, tokenId: bigint, nowMs: number): KeptEntry[] {
    return [[REINDEX_KIND, reindexKey(chainId, collection, tokenId), nowMs]];
  }

  applyEntry(_kind: string, key: string, value: unknown): void {
    this.version++;
    if (value === null) this.lastMs.delete(key);
    else this.lastMs.set(key, value as number);
  }

  restore(tables: ReadonlyMap<string, ReadonlyMap<string, unknown>>): void {
    for (const [key, ms] of tables.get(REINDEX_KIND) ?? []) this.lastMs.set(key, ms as number);
  }

  *snapshot(): Iterable<KeptEntry> {
    for (const [key, ms] of this.lastMs) yield [REINDEX_KIND, key, ms];
  }
}

function reindexKey(chainId: string, collection: string, tokenId: bigint): string {
  return `${chainId} ${collection} ${tokenId}`;
}
