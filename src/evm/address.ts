// EVM addresses: the shape check the CLI applies before any request, and EIP-55 checksumming.
import { keccak256Bytes, toHex } from './keccak.js';

export { isAddress } from '../schema/rules.js';

/** EIP-55 mixed-case checksum form of a 0x + 40 hex address. */
export function toChecksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = toHex(keccak256Bytes(lower));
  // Joined, not appended: one flat string, not a rope of a node per character (checksummed addresses are held long).
  const out = ['0x'];
  for (let i = 0; i < lower.length; i++) {
    const ch = lower[i]!;
    out.push(parseInt(hash[i]!, 16) >= 8 ? ch.toUpperCase() : ch);
  }
  return out.join('');
}
