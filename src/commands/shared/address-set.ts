// A set of addresses in first-seen order, compact enough for millions: each address is kept as its 20 bytes and the
// case it was written in (5 bytes), not as a string. A Set of 1,000,000 strings costs ~2.3x the memory of 100,000
// beside node's own; this costs 25 bytes an address plus a 4-byte slot index at most half full (~33 MB for 1M).

/** Addresses held per chunk: chunks are never copied when the set grows, so growing never needs twice the memory. */
const CHUNK_SHIFT = 16;
const CHUNK_ADDRESSES = 1 << CHUNK_SHIFT;
const CHUNK_MASK = CHUNK_ADDRESSES - 1;
const KEY_BYTES = 20;
/** 20 key bytes, then 40 bits: bit i set when hex digit i was written in upper case. */
const ENTRY_BYTES = KEY_BYTES + 5;

export class AddressSet {
  private readonly chunks: Buffer[] = [];
  /** Open addressing, linear probing: entry index + 1, 0 for an empty slot; never more than half full. */
  private slots = new Uint32Array(1 << 10);
  private count = 0;
  /** An address as text is written here first, then read as one latin1 string: no string is built a character at a time. */
  private readonly text = Buffer.alloc(42);

  get size(): number {
    return this.count;
  }

  /**
   * Adds an address (0x + 40 hex, already checked); false when it is already here in any case. The first spelling
   * is the one kept.
   */
  add(address: string): boolean {
    const index = this.count;
    const chunk = this.chunkFor(index);
    const offset = (index & CHUNK_MASK) * ENTRY_BYTES;
    encode(address, chunk, offset);
    return this.insert(index, chunk, offset);
  }

  /**
   * Adds the address a line holds when the line is nothing but an address in one case (lower, upper, or digits only):
   * 'added' or 'present'. Anything else (spaces, a comment, mixed case that needs its checksum checked, not an address)
   * is undefined, for the caller to read as text: the usual line of a large file never becomes a string.
   */
  addPlainLine(line: Uint8Array): 'added' | 'present' | undefined {
    if (line.length !== 42 || line[0] !== 0x30 || line[1] !== 0x78) return undefined;
    const index = this.count;
    const chunk = this.chunkFor(index);
    const offset = (index & CHUNK_MASK) * ENTRY_BYTES;
    if (!encodePlainBytes(line, chunk, offset)) return undefined;
    return this.insert(index, chunk, offset) ? 'added' : 'present';
  }

  /** The address at `index` (0 is the first added), in the case it was first written. */
  at(index: number): string {
    const chunk = this.chunks[index >>> CHUNK_SHIFT]!;
    const offset = (index & CHUNK_MASK) * ENTRY_BYTES;
    const text = this.text;
    text[0] = 0x30;
    text[1] = 0x78;
    for (let i = 0; i < 40; i++) {
      const byte = chunk[offset + (i >> 1)]!;
      const digit = i & 1 ? byte & 0x0f : byte >> 4;
      const upper = (chunk[offset + KEY_BYTES + (i >> 3)]! >> (i & 7)) & 1;
      text[i + 2] = digit < 10 ? 0x30 + digit : (upper ? 0x37 : 0x57) + digit;
    }
    return text.toString('latin1', 0, 42);
  }

  /** The addresses from `start` up to (not including) `end`, made only when asked: a batch at a time. */
  slice(start: number, end: number): string[] {
    const addresses: string[] = [];
    for (let i = start; i < Math.min(end, this.count); i++) addresses.push(this.at(i));
    return addresses;
  }

  private chunkFor(index: number): Buffer {
    if (index >>> CHUNK_SHIFT === this.chunks.length) this.chunks.push(Buffer.allocUnsafe(CHUNK_ADDRESSES * ENTRY_BYTES));
    return this.chunks[index >>> CHUNK_SHIFT]!;
  }

  /** The entry written at `index`, the next free one, made part of the set unless its key is already here. */
  private insert(index: number, chunk: Buffer, offset: number): boolean {
    const mask = this.slots.length - 1;
    for (let slot = hashKey(chunk, offset) & mask; ; slot = (slot + 1) & mask) {
      const held = this.slots[slot]!;
      if (held === 0) {
        this.slots[slot] = index + 1;
        break;
      }
      if (this.sameKey(held - 1, chunk, offset)) return false;
    }
    this.count++;
    if (this.count * 2 > this.slots.length) this.grow();
    return true;
  }

  private sameKey(index: number, chunk: Buffer, offset: number): boolean {
    const held = this.chunks[index >>> CHUNK_SHIFT]!;
    const heldOffset = (index & CHUNK_MASK) * ENTRY_BYTES;
    for (let i = 0; i < KEY_BYTES; i++) if (held[heldOffset + i] !== chunk[offset + i]) return false;
    return true;
  }

  private grow(): void {
    const slots = new Uint32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let index = 0; index < this.count; index++) {
      let slot = hashKey(this.chunks[index >>> CHUNK_SHIFT]!, (index & CHUNK_MASK) * ENTRY_BYTES) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = index + 1;
    }
    this.slots = slots;
  }
}

/** The 20 bytes of an address and the case of each of its 40 digits, written at `offset`. */
function encode(address: string, into: Buffer, offset: number): void {
  let upper = 0;
  for (let i = 0; i < 40; i += 2) {
    const high = address.charCodeAt(i + 2);
    const low = address.charCodeAt(i + 3);
    // '0'-'9' 48-57, 'A'-'F' 65-70, 'a'-'f' 97-102
    into[offset + (i >> 1)] = (hexValue(high) << 4) | hexValue(low);
    if (high >= 65 && high <= 70) upper |= 1 << (i & 7);
    if (low >= 65 && low <= 70) upper |= 1 << ((i + 1) & 7);
    if ((i & 7) === 6) {
      into[offset + KEY_BYTES + (i >> 3)] = upper;
      upper = 0;
    }
  }
}

/** encode() from the bytes of `0x` + 40 hex digits, refusing (false) anything else and mixed case. */
function encodePlainBytes(line: Uint8Array, into: Buffer, offset: number): boolean {
  let lower = false;
  let upper = 0;
  let anyUpper = false;
  for (let i = 0; i < 40; i++) {
    const code = line[i + 2]!;
    let value: number;
    if (code >= 48 && code <= 57) value = code - 48;
    else if (code >= 97 && code <= 102) {
      value = code - 87;
      lower = true;
    } else if (code >= 65 && code <= 70) {
      value = code - 55;
      upper |= 1 << (i & 7);
      anyUpper = true;
    } else return false;
    if (i & 1) into[offset + (i >> 1)] = into[offset + (i >> 1)]! | value;
    else into[offset + (i >> 1)] = value << 4;
    if ((i & 7) === 7) {
      into[offset + KEY_BYTES + (i >> 3)] = upper;
      upper = 0;
    }
  }
  return !(lower && anyUpper);
}

function hexValue(code: number): number {
  return code <= 57 ? code - 48 : (code | 0x20) - 87;
}

/**
 * FNV-1a over the 20 key bytes, then murmur3's finaliser. Addresses are usually hashes already, but test data and vanity addresses share long
 * prefixes: every byte counts, so 0x…01, 0x…02 do not pile up in one run of slots.
 */
function hashKey(bytes: Buffer, offset = 0): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < KEY_BYTES; i++) hash = Math.imul(hash ^ bytes[offset + i]!, 0x01000193);
  // FNV mixes upwards only; the table is indexed by the low bits, so murmur3's finaliser spreads the high ones down.
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}
