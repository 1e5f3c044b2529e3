// A set of addresses in first-seen order, compact enough for millions: each address is kept as its 20 bytes and the
// case it was written in (5 bytes), not as a string. A Set of 1,000,000 strings costs ~2.3x the memory of 100,000
// beside node's own; this costs 25 bytes an address plus a 4-byte slot index at most half full (~33 MB for 1M).

/** Addresses held per chunk: chunks are never copied when the set grows, so growing never needs twice the memory. */
const CHUNK_ADDRESSES = 1 << 16;
const KEY_BYTES = 20;
/** 20 key bytes, then 40 bits: bit i set when hex digit i was written in upper case. */
const ENTRY_BYTES = KEY_BYTES + 5;
const HEX = '0123456789abcdef';

export class AddressSet {
  private readonly chunks: Buffer[] = [];
  /** Open addressing, linear probing: entry index + 1, 0 for an empty slot; never more than half full. */
  private slots = new Uint32Array(1 << 10);
  private count = 0;
  /** The entry being added, reused: one allocation per set, not per address. */
  private readonly scratch = Buffer.alloc(ENTRY_BYTES);

  get size(): number {
    return this.count;
  }

  /**
   * Adds an address (0x + 40 hex, already checked); false when it is already here in any case. The first spelling
   * is the one kept.
   */
  add(address: string): boolean {
    const entry = this.encode(address);
    const mask = this.slots.length - 1;
    for (let slot = hashKey(entry) & mask; ; slot = (slot + 1) & mask) {
      const held = this.slots[slot]!;
      if (held === 0) break;
      if (this.sameKey(held - 1, entry)) return false;
    }
    const index = this.count++;
    const chunkIndex = Math.floor(index / CHUNK_ADDRESSES);
    if (chunkIndex === this.chunks.length) this.chunks.push(Buffer.allocUnsafe(CHUNK_ADDRESSES * ENTRY_BYTES));
    entry.copy(this.chunks[chunkIndex]!, (index % CHUNK_ADDRESSES) * ENTRY_BYTES);
    if (this.count * 2 > this.slots.length) this.grow();
    else this.place(index, hashKey(entry));
    return true;
  }

  /** The address at `index` (0 is the first added), in the case it was first written. */
  at(index: number): string {
    const chunk = this.chunks[Math.floor(index / CHUNK_ADDRESSES)]!;
    const offset = (index % CHUNK_ADDRESSES) * ENTRY_BYTES;
    let text = '0x';
    for (let i = 0; i < 40; i++) {
      const byte = chunk[offset + (i >> 1)]!;
      const digit = HEX[i & 1 ? byte & 0x0f : byte >> 4]!;
      const upper = (chunk[offset + KEY_BYTES + (i >> 3)]! >> (i & 7)) & 1;
      text += upper ? digit.toUpperCase() : digit;
    }
    return text;
  }

  /** The addresses from `start` up to (not including) `end`, made only when asked: a batch at a time. */
  slice(start: number, end: number): string[] {
    const addresses: string[] = [];
    for (let i = start; i < Math.min(end, this.count); i++) addresses.push(this.at(i));
    return addresses;
  }

  private encode(address: string): Buffer {
    const entry = this.scratch.fill(0);
    for (let i = 0; i < 40; i++) {
      const code = address.charCodeAt(i + 2);
      // '0'-'9' 48-57, 'A'-'F' 65-70, 'a'-'f' 97-102
      const value = code <= 57 ? code - 48 : (code | 0x20) - 87;
      entry[i >> 1] = entry[i >> 1]! | (i & 1 ? value : value << 4);
      if (code >= 65 && code <= 70) entry[KEY_BYTES + (i >> 3)] = entry[KEY_BYTES + (i >> 3)]! | (1 << (i & 7));
    }
    return entry;
  }

  private sameKey(index: number, entry: Buffer): boolean {
    const chunk = this.chunks[Math.floor(index / CHUNK_ADDRESSES)]!;
    const offset = (index % CHUNK_ADDRESSES) * ENTRY_BYTES;
    for (let i = 0; i < KEY_BYTES; i++) if (chunk[offset + i] !== entry[i]) return false;
    return true;
  }

  private place(index: number, hash: number): void {
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
    this.slots[slot] = index + 1;
  }

  private grow(): void {
    this.slots = new Uint32Array(this.slots.length * 2);
    for (let index = 0; index < this.count; index++) {
      const chunk = this.chunks[Math.floor(index / CHUNK_ADDRESSES)]!;
      const offset = (index % CHUNK_ADDRESSES) * ENTRY_BYTES;
      this.place(index, hashKey(chunk, offset));
    }
  }
}

/**
 * FNV-1a over the 20 key bytes. Addresses are usually hashes already, but test data and vanity addresses share long
 * prefixes: every byte counts, so 0x…01, 0x…02 do not pile up in one run of slots.
 */
function hashKey(bytes: Buffer, offset = 0): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < KEY_BYTES; i++) hash = Math.imul(hash ^ bytes[offset + i]!, 0x01000193);
  return hash >>> 0;
}
