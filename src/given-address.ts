// Addresses as people give them: on a line of a file (with # comments), or in mixed case, which makes them
// EIP-55-checksummed. Shared by the commands that take addresses and by `webhook apply`'s files.
import { UsageError } from './errors.js';

/** An address as given, and where: the flag, or the file and line, as a usage error names it. */
export interface GivenAddress {
  address: string;
  origin: string;
}

/** Of an address already checked: its `0x` holds neither range. */
export function isMixedCase(address: string): boolean {
  return /[a-f]/.test(address) && /[A-F]/.test(address);
}

/** checkChecksums one address at a time, keccak loaded on the first mixed-case address. */
export class ChecksumCheck {
  private toChecksumAddress: ((address: string) => string) | undefined;

  /** Synchronous once keccak is loaded; a promise only the first time. */
  check(given: GivenAddress): void | Promise<void> {
    if (this.toChecksumAddress) return this.checkLoaded(given);
    return import('./evm/address.js').then(({ toChecksumAddress }) => {
      this.toChecksumAddress = toChecksumAddress;
      this.checkLoaded(given);
    });
  }

  private checkLoaded({ address, origin }: GivenAddress): void {
    if (this.toChecksumAddress!(address) !== address) throw checksumError(address, origin);
  }
}

function checksumError(address: string, origin: string): UsageError {
  return new UsageError(
    `${origin} ${JSON.stringify(address)}: its mixed case is an EIP-55 checksum, and it does not match: a typo? check the address where it came from`,
  );
}

/** The address a line of an addresses file holds: '' for a blank or comment line. */
export function addressOfLine(line: string): string {
  return (line.includes('#') ? line.replace(/#.*/, '') : line).trim();
}

/** The addresses of a file's text, one per line, with their line numbers (1-based); blank lines and # comments skipped. */
export function addressLines(text: string): Array<{ address: string; line: number }> {
  const found: Array<{ address: string; line: number }> = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const address = addressOfLine(line);
    if (address !== '') found.push({ address, line: index + 1 });
  });
  return found;
}

/**
 * Mixed case makes an address checksummed (EIP-55): one whose case does not match its checksum is a typo, refused
 * as wallets refuse it. All-lowercase and all-uppercase carry no checksum and pass. keccak is loaded only when a
 * mixed-case address is present, so start-up stays lean.
 */
export async function checkChecksums(given: readonly GivenAddress[]): Promise<void> {
  const checksummed = given.filter(({ address }) => isMixedCase(address));
  if (checksummed.length === 0) return;
  const { toChecksumAddress } = await import('./evm/address.js');
  for (const { address, origin } of checksummed) {
    if (toChecksumAddress(address) !== address) throw checksumError(address, origin);
  }
}
