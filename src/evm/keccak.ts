// keccak-256 over UTF-8 text, as 0x-prefixed hex: the hash behind event signatures and address checksums.
import { keccak_256 } from '@noble/hashes/sha3.js';

const encoder = new TextEncoder();

export function keccak256Bytes(text: string): Uint8Array {
  return keccak_256(encoder.encode(text));
}

/**
 * The bytes as lower-case hex after `prefix`, one flat string: `+` would make a rope (a node per piece), which a
 * string held for long (a checksummed address, a derived hash) keeps; join() and Buffer's encoder make flat ones.
 */
export function toHex(bytes: Uint8Array, prefix = ''): string {
  const hex = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
  return prefix === '' ? hex : [prefix, hex].join('');
}

export function keccak256Hex(text: string): string {
  return toHex(keccak256Bytes(text), '0x');
}
