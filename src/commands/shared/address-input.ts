// Addresses given on the command line and in files: --address (repeatable, comma lists) and --addresses-file
// (one per line, "-" for stdin, blank lines and # comments ignored), checked and sent once each.
import type { Readable } from 'node:stream';
import { SvcError, unreadableFileError, UsageError } from '../../errors.js';
import { interruption } from '../../interrupt.js';
import { forEachLine, openInputFile } from '../../io.js';
import type { IO } from '../../io.js';
import { isAddress } from '../../schema/rules.js';
import type { AddressSet } from './address-set.js';
import { addressOfLine, ChecksumCheck, isMixedCase } from '../../given-address.js';
import type { GivenAddress } from '../../given-address.js';

/** The flags the addresses come from, as create, add and remove declare them (their declarations are checked against this). */
export interface AddressInput {
  address: string[];
  addressesFile?: string;
}

/**
 * The addresses in input order, each once (case-insensitively), or a usage error naming the flag, line and rule.
 * `interrupt` ends a wait for the file (a FIFO nobody writes) or stdin.
 */
export async function readAddressInput(flags: AddressInput, io: IO, interrupt?: AbortSignal): Promise<string[]> {
  const addresses = await readAddressSet(flags, io, interrupt);
  return addresses.slice(0, addresses.size);
}

/**
 * The addresses as readAddressInput reads them, kept compactly (1,000,000 of them in ~33 MB): the file is read line
 * by line as it arrives and never held whole. Every address is checked before this returns, so a command that sends
 * only after it has the set sends nothing when any of the input is bad (stdin cannot be read twice, so there is one
 * pass that checks and keeps).
 */
export async function readAddressSet(flags: AddressInput, io: IO, interrupt?: AbortSignal): Promise<AddressSet> {
  const { AddressSet } = await import('./address-set.js');
  const addresses = new AddressSet();
  const checksums = new ChecksumCheck();
  // Synchronous for all but the first mixed-case address (which loads keccak): a file of a million lines must not
  // wait for a promise per line.
  const take = ({ address, origin }: GivenAddress): void | Promise<void> => {
    if (!isAddress(address))
      throw new UsageError(`${origin} ${JSON.stringify(address)}: must be an address, 0x followed by 40 hex characters`);
    const checked = isMixedCase(address) ? checksums.check({ address, origin }) : undefined;
    if (checked) return checked.then(() => void addresses.add(address));
    addresses.add(address);
  };
  for (const value of flags.address) {
    for (const part of value.split(',')) await take({ address: part.trim(), origin: '--address' });
  }
  const path = flags.addressesFile;
  if (path !== undefined) {
    let given = 0;
    const stream = await openAddressesFile(path, io);
    try {
      await forEachLine(
        stream,
        (bytes, lineNumber) => {
          const plain = addresses.addPlainLine(bytes);
          if (plain) {
            given++;
            return;
          }
          const address = addressOfLine(bytes.toString('utf8'));
          if (address === '') return;
          given++;
          return take({ address, origin: `--addresses-file ${path} line ${lineNumber}:` });
        },
        { interrupt, maxLineBytes: MAX_LINE_BYTES },
      );
    } catch (error) {
      throw fileError(path, error, interrupt);
    }
    if (given === 0) {
      throw new UsageError(`--addresses-file ${path}: holds no addresses (one per line, # for comments)`);
    }
  }
  if (addresses.size === 0) throw new UsageError('at least one address is required: use --address or --addresses-file');
  return addresses;
}

/** A line of an addresses file is an address and maybe a comment; one this long is neither, whatever follows. */
const MAX_LINE_BYTES = 64 * 1024;

async function openAddressesFile(path: string, io: IO): Promise<Readable> {
  if (path === '-') {
    if (io.isStdinTTY) throw new UsageError('--addresses-file -: reads addresses from stdin, but stdin is a terminal; pipe a file in');
    return io.in;
  }
  try {
    return await openInputFile(path);
  } catch (error) {
    throw fileError(path, error, undefined);
  }
}

/** A failure to read the file in the words of a usage error; usage errors and interrupts pass unchanged. */
function fileError(path: string, error: unknown, interrupt: AbortSignal | undefined): unknown {
  if (error instanceof SvcError) return error;
  if (interrupt?.aborted) return interruption(interrupt);
  if (error instanceof RangeError) return new UsageError(`--addresses-file ${path} ${error.message}; not an addresses file?`);
  return unreadableFileError('--addresses-file', path, error, {
    terminal: 'it is a terminal; to type addresses, pipe them to --addresses-file -',
  });
}
