// A webhook's watched addresses: insertion order, O(1) membership, changes that cost the batch and not the list,
// paging by position, and the JSON of the whole list assembled from cached bytes per chunk.
//
// A CLI adds 1,000,000 addresses in batches of 500, and every answer is the whole webhook: re-serializing the
// whole list after each batch would cost the square of its size. Chunks keep the work per change to the chunks it
// touched; the rest of the answer is bytes already made. Each chunk has a number of its own, which never changes:
// a data directory keeps a list as its chunks (one string each, the addresses joined by commas), so a change writes
// the chunks it touched. A list restored from them stays those strings until it is first used otherwise than to answer
// with its JSON: a restart on a million addresses makes a thousand strings, not a million, before it serves.

/** Addresses per chunk: small enough that re-serializing one is cheap, large enough that walking them is too. */
const CHUNK_CAPACITY = 1_024;
const COMMA = Buffer.from(',');

interface Chunk {
  id: number;
  /**
   * Lower-case address → the address as it was given, in insertion order (a Map keeps it, and deletes in O(1)). An
   * address given in lower case is one string for both (toLowerCase answers the same string when nothing changes).
   */
  members: Map<string, string>;
  /** `"0x…","0x…"`: the chunk's part of the JSON array, made when first needed after a change. */
  json: Buffer | null;
}

/** A chunk's addresses (as given) after a change, or null when it is gone. */
export interface ChunkValue {
  id: number;
  addresses: readonly string[] | null;
}

/** What setting a chunk changed: the lower-case addresses that came in and went out. */
export interface ChunkDelta {
  added: string[];
  removed: string[];
}

/** A chunk as a data directory keeps it: its addresses joined by commas (an address holds none). */
export function joinChunk(addresses: readonly string[]): string {
  return addresses.join(',');
}

function splitChunk(joined: string): string[] {
  return joined === '' ? [] : joined.split(',');
}

/** A restored chunk not made into members yet: its kept string, and its JSON once an answer needed it. */
interface KeptChunk {
  id: number;
  joined: string;
  json: Buffer | null;
}

export class AddressList {
  /** Never holds an empty chunk; ordered by id. New addresses go to the last one until it is full. */
  private chunks: Chunk[] = [];
  private readonly chunkOf = new Map<string, Chunk>();
  /** Restored chunks, until first needed as members (see materialize()); then empty. */
  private kept: KeptChunk[] = [];
  private keptSize = 0;

  /**
   * Addresses are kept as given and compared case-insensitively (repeats in any case are dropped, the first kept).
   * Tests pass a small `chunkCapacity` to cross chunks often.
   */
  constructor(
    addresses: Iterable<string> = [],
    private readonly chunkCapacity = CHUNK_CAPACITY,
  ) {
    for (const value of AddressList.chunked(addresses, 0, chunkCapacity)) this.setChunk(value.id, value.addresses);
  }

  /** The list a data directory kept, from its chunks' strings: made into members on first need. */
  static fromChunks(values: Iterable<{ id: number; joined: string }>, chunkCapacity = CHUNK_CAPACITY): AddressList {
    const list = new AddressList([], chunkCapacity);
    for (const { id, joined } of [...values].sort((a, b) => a.id - b.id)) {
      if (joined === '') continue;
      list.kept.push({ id, joined, json: null });
      // One address per comma, plus one: the size without making the addresses.
      let commas = 0;
      for (let at = joined.indexOf(','); at >= 0; at = joined.indexOf(',', at + 1)) commas++;
      list.keptSize += commas + 1;
    }
    return list;
  }

  /** New addresses split into chunks from number `firstId` on, repeats (in any case) dropped: a new webhook's list. */
  static chunked(addresses: Iterable<string>, firstId = 0, chunkCapacity = CHUNK_CAPACITY): ChunkValue[] {
    const seen = new Set<string>();
    const values: ChunkValue[] = [];
    let current: string[] = [];
    for (const address of addresses) {
      const key = address.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      current.push(address);
      if (current.length === chunkCapacity) {
        values.push({ id: firstId + values.length, addresses: current });
        current = [];
      }
    }
    if (current.length > 0) values.push({ id: firstId + values.length, addresses: current });
    return values;
  }

  get size(): number {
    return this.kept.length > 0 ? this.keptSize : this.chunkOf.size;
  }

  has(address: string): boolean {
    this.materialize();
    return this.chunkOf.has(address.toLowerCase());
  }

  /** How many of these addresses (any case) are not in the list yet, counting repeats once. */
  countAbsent(addresses: readonly string[]): number {
    this.materialize();
    const fresh = new Set<string>();
    for (const address of addresses) {
      const key = address.toLowerCase();
      if (!this.chunkOf.has(key)) fresh.add(key);
    }
    return fresh.size;
  }

  /** How many of these addresses (any case) are in the list, counting repeats once. */
  countPresent(addresses: readonly string[]): number {
    this.materialize();
    const found = new Set<string>();
    for (const address of addresses) {
      const key = address.toLowerCase();
      if (this.chunkOf.has(key)) found.add(key);
    }
    return found.size;
  }

  /**
   * The chunks that appending these addresses would change, with what they would hold: those not present yet (in
   * any case), in order and as given, fill the last chunk and then new ones. Changes nothing.
   */
  planAdd(addresses: Iterable<string>): ChunkValue[] {
    this.materialize();
    const fresh: string[] = [];
    const seen = new Set<string>();
    for (const address of addresses) {
      const key = address.toLowerCase();
      if (this.chunkOf.has(key) || seen.has(key)) continue;
      seen.add(key);
      fresh.push(address);
    }
    if (fresh.length === 0) return [];
    const last = this.chunks[this.chunks.length - 1];
    const values: ChunkValue[] = [];
    let taken = 0;
    if (last && last.members.size < this.chunkCapacity) {
      taken = Math.min(this.chunkCapacity - last.members.size, fresh.length);
      values.push({ id: last.id, addresses: [...last.members.values(), ...fresh.slice(0, taken)] });
    }
    values.push(...AddressList.chunked(fresh.slice(taken), last ? last.id + 1 : 0, this.chunkCapacity));
    return values;
  }

  /** The chunks that dropping these addresses (any case; absent ones skipped) would change. Changes nothing. */
  planRemove(addresses: Iterable<string>): ChunkValue[] {
    this.materialize();
    const leaving = new Map<Chunk, Set<string>>();
    for (const address of addresses) {
      const key = address.toLowerCase();
      const chunk = this.chunkOf.get(key);
      if (!chunk) continue;
      let keys = leaving.get(chunk);
      if (!keys) leaving.set(chunk, (keys = new Set()));
      keys.add(key);
    }
    return [...leaving].map(([chunk, keys]) => {
      const kept = [...chunk.members].filter(([key]) => !keys.has(key)).map(([, given]) => given);
      return { id: chunk.id, addresses: kept.length > 0 ? kept : null };
    });
  }

  /** Sets one chunk to these addresses (as given), or removes it (null); answers what came in and went out. */
  setChunk(id: number, addresses: readonly string[] | null): ChunkDelta {
    this.materialize();
    const delta: ChunkDelta = { added: [], removed: [] };
    const index = this.indexOf(id);
    const chunk = this.chunks[index]?.id === id ? this.chunks[index] : undefined;
    const members = new Map<string, string>();
    for (const address of addresses ?? []) {
      const key = address.toLowerCase();
      if (members.has(key)) continue;
      members.set(key, address);
    }
    if (chunk) {
      for (const key of chunk.members.keys()) {
        if (!members.has(key) && this.chunkOf.get(key) === chunk) {
          this.chunkOf.delete(key);
          delta.removed.push(key);
        }
      }
    }
    if (members.size === 0) {
      if (chunk) this.chunks.splice(index, 1);
      return delta;
    }
    const target: Chunk = chunk ?? { id, members, json: null };
    if (chunk) {
      target.members = members;
      target.json = null;
    } else {
      this.chunks.splice(index, 0, target);
    }
    for (const key of members.keys()) {
      const holder = this.chunkOf.get(key);
      if (holder === target) continue;
      // In another chunk already (no change makes this; a list is kept right whatever it is given): it moves here.
      if (holder) {
        holder.members.delete(key);
        holder.json = null;
        if (holder.members.size === 0) this.chunks.splice(this.chunks.indexOf(holder), 1);
      } else {
        delta.added.push(key);
      }
      this.chunkOf.set(key, target);
    }
    return delta;
  }

  /** The numbers of its chunks. */
  chunkIds(): number[] {
    return this.kept.length > 0 ? this.kept.map((chunk) => chunk.id) : this.chunks.map((chunk) => chunk.id);
  }

  /** Every chunk as a data directory keeps it (its string), as JSON bytes: a snapshot's records. */
  chunkRecords(): Array<{ id: number; json: Buffer }> {
    if (this.kept.length > 0) return this.kept.map((chunk) => ({ id: chunk.id, json: Buffer.from(JSON.stringify(chunk.joined)) }));
    return this.chunks.map((chunk) => ({ id: chunk.id, json: Buffer.from(JSON.stringify(joinChunk([...chunk.members.values()]))) }));
  }

  /** Up to `count` addresses from position `offset` on. */
  slice(offset: number, count: number): string[] {
    this.materialize();
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
    this.materialize();
    for (const chunk of this.chunks) yield* chunk.members.values();
  }

  /** The addresses in lower case, as the matching index keys them. */
  *keys(): IterableIterator<string> {
    this.materialize();
    for (const chunk of this.chunks) yield* chunk.members.keys();
  }

  toArray(): string[] {
    return [...this];
  }

  /** The inside of the JSON array (no brackets), as parts to write one after another: only changed chunks are made anew. */
  jsonParts(): Buffer[] {
    const parts: Buffer[] = [];
    if (this.kept.length > 0) {
      for (const chunk of this.kept) {
        // Addresses hold no quote or comma: the kept string is the JSON once each comma is a quoted one.
        chunk.json ??= Buffer.from(`"${chunk.joined.replaceAll(',', '","')}"`);
        if (parts.length > 0) parts.push(COMMA);
        parts.push(chunk.json);
      }
      return parts;
    }
    for (const chunk of this.chunks) {
      if (parts.length > 0) parts.push(COMMA);
      parts.push(this.jsonOf(chunk));
    }
    return parts;
  }

  private jsonOf(chunk: Chunk): Buffer {
    chunk.json ??= Buffer.from(Array.from(chunk.members.values(), (address) => JSON.stringify(address)).join(','));
    return chunk.json;
  }

  /** The restored chunks made into members, in order, all at once: every use but answering with the JSON needs them. */
  private materialize(): void {
    if (this.kept.length === 0) return;
    const kept = this.kept;
    this.kept = [];
    this.keptSize = 0;
    for (const { id, joined } of kept) {
      const chunk: Chunk = { id, members: new Map(), json: null };
      for (const address of splitChunk(joined)) {
        const key = address.toLowerCase();
        if (this.chunkOf.has(key)) continue;
        chunk.members.set(key, address);
        this.chunkOf.set(key, chunk);
      }
      if (chunk.members.size > 0) this.chunks.push(chunk);
    }
  }

  /** Where the chunk numbered `id` is, or would go: a binary search of the chunks by number. */
  private indexOf(id: number): number {
    let low = 0;
    let high = this.chunks.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.chunks[middle]!.id < id) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
