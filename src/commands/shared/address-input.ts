// Addresses given on the command line and in files: --address (repeatable, comma lists) and --addresses-file
// (one per line, "-" for stdin, blank lines and # comments ignored), checked and sent once each.
import { UsageError } from '../../errors.js';
import type { IO } from '../../io.js';
import { isAddress } from '../../schema/rules.js';

export interface AddressFlags {
  address: string[];
  addressesFile?: string;
}

/** The addresses in input order, each once (case-insensitively), or a usage error naming the flag, line and rule. */
export async function readAddressInput(flags: AddressFlags, io: IO): Promise<string[]> {
  const candidates: Array<{ address: string; origin: string }> = [];
  for (const value of flags.address) {
    for (const part of value.split(',')) candidates.push({ address: part.trim(), origin: '--address' });
  }
  if (flags.addressesFile !== undefined) {
    const text = await readAddressesFile(flags.addressesFile, io);
    const before = candidates.length;
    text.split(/\r?\n/).forEach((line, index) => {
      const address = line.replace(/#.*/, '').trim();
      if (address !== '') candidates.push({ address, origin: `--addresses-file ${flags.addressesFile} line ${index + 1}:` });
    });
    if (candidates.length === before) {
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
  return addresses;
}

async function readAddressesFile(path: string, io: IO): Promise<string> {
  if (path === '-') {
    if (io.isStdinTTY) throw new UsageError('--addresses-file -: reads addresses from stdin, but stdin is a terminal; pipe a file in');
    const chunks: Buffer[] = [];
    for await (const chunk of io.in) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks).toString('utf8');
  }
  const { readFile } = await import('node:fs/promises');
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'is a folder'
          : code === 'EACCES'
            ? 'permission denied'
            : (error as Error).message;
    throw new UsageError(`--addresses-file ${path}: cannot read it (${why})`);
  }
}
