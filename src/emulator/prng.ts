// A small seeded PRNG (sfc32) and the random values built on it, so `--seed` makes data and ids repeatable.
import { randomBytes } from 'node:crypto';

export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** `stream` separates independent sequences drawn from one seed (history, activity, ids, faults). */
  constructor(seed: number, stream = 0) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88 ^ stream;
    this.c = 0xb7e15162;
    this.d = (seed >>> 0) ^ Math.imul(stream + 1, 0x85ebca6b);
    this.a ^= Math.floor(seed / 0x100000000) >>> 0;
    // sfc32 needs a dozen rounds before the state no longer shows the seed's bit pattern.
    for (let i = 0; i < 15; i++) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
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

  /** `byteCount` random bytes as 0x-prefixed lower-case hex. */
  hex(byteCount: number): string {
    let out = '0x';
    for (let i = 0; i < byteCount; i += 4) {
      const word = this.nextUint32().toString(16).padStart(8, '0');
      out += i + 4 <= byteCount ? word : word.slice(0, (byteCount - i) * 2);
    }
    return out;
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
