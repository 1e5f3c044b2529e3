// A small seeded PRNG (sfc32) and the random values built on it, so `--seed` makes data and ids repeatable.
import { randomBytes } from 'node:crypto';

const HEX_BYTES = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

export class Prng {
  /** sfc32's four words; a typed array keeps them unboxed int32 values. */
  private readonly state = new Int32Array(4);

  /** `stream` separates independent sequences drawn from one seed (history, activity, ids, faults). */
  constructor(seed: number, stream = 0) {
    const s = this.state;
    s[0] = 0x9e3779b9 ^ (Math.floor(seed / 0x100000000) >>> 0);
    s[1] = 0x243f6a88 ^ stream;
    s[2] = 0xb7e15162;
    s[3] = (seed >>> 0) ^ Math.imul(stream + 1, 0x85ebca6b);
    // sfc32 needs a dozen rounds before the state no longer shows the seed's bit pattern.
    for (let i = 0; i < 15; i++) this.nextUint32();
  }

  /** The generator's position, to continue the same sequence after a restart (a data directory keeps it). */
  words(): number[] {
    return [...this.state];
  }

  setWords(words: readonly number[]): void {
    this.state.set(words.slice(0, 4));
  }

  nextUint32(): number {
    const s = this.state;
    const a = s[0]!;
    const b = s[1]!;
    const c = s[2]!;
    const d = s[3]!;
    const t = (((a + b) | 0) + d) | 0;
    s[3] = d + 1;
    s[0] = b ^ (b >>> 9);
    s[1] = c + (c << 3);
    s[2] = ((c << 21) | (c >>> 11)) + t;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 0x100000000;
  }

  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks the low indexes far more often, as a few busy accounts dominate real chains. */
  pickSkewed<T>(items: readonly T[]): T {
    const x = this.next();
    return items[Math.floor(x * x * items.length)]!;
  }

  /**
   * `byteCount` random bytes as 0x-prefixed lower-case hex. Joined, not appended with +=: that makes a rope of one
   * node per byte, and the emulator keeps tens of thousands of hashes and addresses (a 32-byte rope costs ~1 KB).
   */
  hex(byteCount: number): string {
    const parts = new Array<string>(byteCount + 1);
    parts[0] = '0x';
    let word = 0;
    for (let i = 0; i < byteCount; i++) {
      if ((i & 3) === 0) word = this.nextUint32();
      parts[i + 1] = HEX_BYTES[(word >>> ((i & 3) * 8)) & 0xff]!;
    }
    return parts.join('');
  }

  /** A version-4 UUID. */
  uuid(): string {
    const hex = this.hex(16).slice(2).split('');
    hex[12] = '4';
    hex[16] = '89ab'[parseInt(hex[16]!, 16) & 3]!;
    const text = hex.join('');
    return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
  }

  /** A uniform bigint in [0, max). */
  bigint(max: bigint): bigint {
    let value = 0n;
    let range = 1n;
    while (range < max) {
      value = (value << 32n) | BigInt(this.nextUint32());
      range <<= 32n;
    }
    return value % max;
  }
}

export function randomSeed(): number {
  return randomBytes(4).readUInt32LE(0);
}
