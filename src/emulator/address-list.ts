// A webhook's watched addresses: insertion order, O(1) membership, adds and removals that cost the batch and not
// the list, paging by position, and the JSON of the whole list assembled from cached bytes per chunk.
//
// A CLI adds 1,000,000 addresses in batches of 500, and every answer is the whole webhook: re-serializing the
// whole list after each batch would cost the square of its size. Chunks keep the work per change to the chunks it
// touched; the rest of the answer is bytes already made.

/** Addresses per chunk: small enough that re-serializing one is cheap, large enough that walking them is too. */
const CHUNK_CAPACITY = 1_024;
const COMMA = Buffer.from(',');

interface Chunk {
  /**
   * Lower-case address → the address as it was given, in insertion order (a Map keeps it, and deletes in O(1)). An
   * address given in lower case is one string for both (toLowerCase answers the same string when nothing changes).
   */
  members: Map<string, string>;
  /** `"0x…","0x…"`: the chunk's part of the JSON array, made when first needed after a change. */
  json: Buffer | null;
}

export class AddressList {
  /** Never holds an empty chunk. A new chunk starts only when the last is full, so there are at most adds/capacity + 1. */
  private chunks: Chunk[] = [];
  private readonly chunkOf = new Map<string, Chunk>();

  /**
   * Addresses are kept as given and compared case-insensitively (repeats in any case are dropped, the first kept).
   * Tests pass a small `chunkCapacity` to cross chunks often.
   */
  constructor(
    addresses: Iterable<string> = [],
    private readonly chunkCapacity = CHUNK_CAPACITY,
  ) {
    this.add(addresses);
  }

  get size(): number {
    return this.chunkOf.size;
  }

  has(address: string): boolean {
    return this.chunkOf.has(address.toLowerCase());
  }

  /** How many of these addresses (any case) are not in the list yet, counting repeats once. */
  countAbsent(addresses: readonly string[]): number {
    const fresh = new Set<string>();
    for (const address of addresses) {
      const key = address.toLowerCase();
      if (!this.chunkOf.has(key)) fresh.add(key);
    }
    return fresh.size;
  }

  /** How many of these addresses (any case) are in the list, counting repeats once. */
  countPresent(addresses: readonly string[]): number {
    const found = new Set<string>();
    for (const address of addresses) {
      const key = address.toLowerCase();
      if (this.chunkOf.has(key)) found.add(key);
    }
    return found.size;
  }

  /** Appends the addresses not present yet (in any case), in order and as given; answers them in lower case. */
  add(addresses: Iterable<string>): string[] {
    const added: string[] = [];
    let last = this.chunks[this.chunks.length - 1];
    for (const address of addresses) {
      const key = address.toLowerCase();
      if (this.chunkOf.has(key)) continue;
      if (!last || last.members.size >= this.chunkCapacity) {
        last = { members: new Map(), json: null };
        this.chunks.push(last);
      }
      last.members.set(key, address);
      last.json = null;
      this.chunkOf.set(key, last);
      added.push(key);
    }
    return added;
  }

  /** Drops the addresses present, in whatever case they are given; absent ones are skipped. Answers them in lower case. */
  remove(addresses: Iterable<string>): string[] {
    const removed: string[] = [];
    let emptied = false;
    for (const address of addresses) {
      const key = address.toLowerCase();
      const chunk = this.chunkOf.get(key);
      if (!chunk) continue;
      this.chunkOf.delete(key);
      chunk.members.delete(key);
      chunk.json = null;
      emptied ||= chunk.members.size === 0;
      removed.push(key);
    }
    if (emptied) this.chunks = this.chunks.filter((chunk) => chunk.members.size > 0);
    return removed;
  }

  /** Up to `count` addresses from position `offset` on. */
  slice(offset: number, count: number): string[] {
    const out: string[] = [];
    let skip = offset;
    for (const chunk of this.chunks) {
      if (out.length >= count) break;
      if (skip >= chunk.members.size) {
        skip -= chunk.members.size;
        continue;
      }
      for (const address of chunk.members.values()) {
        if (skip > 0) {
          skip--;
          continue;
        }
        out.push(address);
        if (out.length >= count) break;
      }
    }
    return out;
  }

  /** The address at `index` (0 ≤ index < size). */
  at(index: number): string | undefined {
    return this.slice(index, 1)[0];
  }

  /** The addresses as given. */
  *[Symbol.iterator](): IterableIterator<string> {
    for (const chunk of this.chunks) yield* chunk.members.values();
  }

  /** The addresses in lower case, as the matching index keys them. */
  *keys(): IterableIterator<string> {
    for (const chunk of this.chunks) yield* chunk.members.keys();
  }

  toArray(): string[] {
    return [...this];
  }

  /** The inside of the JSON array (no brackets), as parts to write one after another: only changed chunks are made anew. */
  jsonParts(): Buffer[] {
    const parts: Buffer[] = [];
    for (const chunk of this.chunks) {
      chunk.json ??= Buffer.from(Array.from(chunk.members.values(), (address) => JSON.stringify(address)).join(','));
      if (parts.length > 0) parts.push(COMMA);
      parts.push(chunk.json);
    }
    return parts;
  }
}
