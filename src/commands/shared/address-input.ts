// Addresses given on the command line and in files: --address (repeatable, comma lists) and --addresses-file
// (one per line, "-" for stdin, blank lines and # comments ignored), checked and sent once each.
import { UsageError } from '../../errors.js';
import { readInputFile, readStreamText } from '../../io.js';
import type { IO } from '../../io.js';
import { isAddress } from '../../schema/rules.js';

export interface AddressFlags {
  address: string[];
  addressesFile?: string;
}

/** An address as given, and where: the flag, or the file and line, as a usage error names it. */
export interface GivenAddress {
  address: string;
  origin: string;
}

/**
 * The addresses in input order, each once (case-insensitively), or a usage error naming the flag, line and rule.
 * `interrupt` ends a wait for the file (a FIFO nobody writes) or stdin.
 */
export async function readAddressInput(flags: AddressFlags, io: IO, interrupt?: AbortSignal): Promise<string[]> {
  const candidates: GivenAddress[] = [];
  for (const value of flags.address) {
    for (const part of value.split(',')) candidates.push({ address: part.trim(), origin: '--address' });
  }
  if (flags.addressesFile !== undefined) {
    const text = await readAddressesFile(flags.addressesFile, io, interrupt);
    const lines = addressLines(text);
    for (const { address, line } of lines) candidates.push({ address, origin: `--addresses-file ${flags.addressesFile} line ${line}:` });
    if (lines.length === 0) {
      throw new UsageError(`--addresses-file ${flags.addressesFile}: holds no addresses (one per line, # for comments)`);
    }
  }
  if (candidates.length === 0) throw new UsageError('at least one address is required: use --address or --addresses-file');
  const addresses: string[] = [];
  const seen = new Set<string>();
  for (const { address, origin } of candidates) {
    if (!isAddress(address))
      throw new UsageError(`${origin} ${JSON.stringify(address)}: must be an address, 0x followed by 40 hex characters`);
    const key = address.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    addresses.push(address);
  }
  await checkChecksums(candidates);
  return addresses;
}

/** The addresses of a file's text, one per line, with their line numbers (1-based); blank lines and # comments skipped. */
export function addressLines(text: string): Array<{ address: string; line: number }> {
  const found: Array<{ address: string; line: number }> = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const address = line.replace(/#.*/, '').trim();
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
  const checksummed = given.filter(({ address }) => /[a-f]/.test(address.slice(2)) && /[A-F]/.test(address.slice(2)));
  if (checksummed.length === 0) return;
  const { toChecksumAddress } = await import('../../evm/address.js');
  for (const { address, origin } of checksummed) {
    if (toChecksumAddress(address) !== address) {
      throw new UsageError(
        `${origin} ${JSON.stringify(address)}: its mixed case is an EIP-55 checksum, and it does not match: a typo? check the address where it came from`,
      );
    }
  }
}

async function readAddressesFile(path: string, io: IO, interrupt: AbortSignal | undefined): Promise<string> {
  if (path === '-') {
    if (io.isStdinTTY) throw new UsageError('--addresses-file -: reads addresses from stdin, but stdin is a terminal; pipe a file in');
    return readStreamText(io.in, interrupt);
  }
  try {
    return await readInputFile(path, interrupt);
  } catch (error) {
    if (interrupt?.aborted && error === interrupt.reason) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'is a folder'
          : code === 'EACCES'
            ? 'permission denied'
            : code === 'ETERMINAL'
              ? 'it is a terminal; to type addresses, pipe them to --addresses-file -'
              : (error as Error).message;
    throw new UsageError(`--addresses-file ${path}: cannot read it (${why})`);
  }
}
