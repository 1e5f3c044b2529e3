// keccak-256 over UTF-8 text, as 0x-prefixed hex: the hash behind event signatures and address checksums.
import { keccak_256 } from '@noble/hashes/sha3.js';

const encoder = new TextEncoder();

export function keccak256Bytes(text: string): Uint8Array {
  return keccak_256(encoder.encode(text));
}

export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

export function keccak256Hex(text: string): string {
  return '0x' + toHex(keccak256Bytes(text));
}
