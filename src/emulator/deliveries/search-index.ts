// The kept messages by what `q` finds them by (an id, a transaction hash, an address): per key, the messages in
// creation order, so a search walks only its matches, newest first, as the listing walks every message.
export interface Indexed {
  /** Creation order. */
  sequence: number;
}

interface Entry<T> {
  /** By sequence, oldest first; forgotten items stay until they are half of them. */
  items: T[];
  /** Items not forgotten. */
  live: number;
}

/** Below this many items an entry is not compacted: forgotten items cost less than copying. */
const COMPACT_FROM = 32;

export class SearchIndex<T extends Indexed> {
  private readonly byKey = new Map<string, Entry<T>>();

  /** Adds an item under each of its keys (lower case; repeats count once). */
  add(item: T, keys: readonly string[]): void {
    for (const key of new Set(keys)) {
      let entry = this.byKey.get(key);
      if (!entry) {
        entry = { items: [], live: 0 };
        this.byKey.set(key, entry);
      }
      entry.live++;
      const { items } = entry;
      if (items.length === 0 || items[items.length - 1]!.sequence < item.sequence) items.push(item);
      else items.splice(firstAfter(items, item.sequence), 0, item);
    }
  }

  /** An item under these keys is forgotten; `isLive` tells the others, which stay when an entry is compacted. */
  remove(keys: readonly string[], isLive: (item: T) => boolean): void {
    for (const key of new Set(keys)) {
      const entry = this.byKey.get(key);
      if (!entry) continue;
      if (--entry.live === 0) this.byKey.delete(key);
      else if (entry.items.length > COMPACT_FROM && entry.items.length > 2 * entry.live) entry.items = entry.items.filter(isLive);
    }
  }

  /** The items under the key, oldest first, forgotten ones among them; how many are not. */
  find(key: string): { items: readonly T[]; live: number } | undefined {
    return this.byKey.get(key);
  }
}

/** The index of the first item made after `sequence`. */
function firstAfter(items: readonly Indexed[], sequence: number): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (items[middle]!.sequence <= sequence) low = middle + 1;
    else high = middle;
  }
  return low;
}
