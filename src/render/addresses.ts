// How a watched address is shown: a one-column table for people, the bare address for pipes.
import type { TableStyle } from './table.js';
import { safeText } from './text.js';

/** The usual case, `0x` and 40 hex digits, has nothing to sanitise: one anchored test instead of two replaces. */
const PLAIN_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The TSV columns of a watched address, as the README's Output section lists them. */
export const ADDRESS_TSV_COLUMNS = ['address'] as const;

export function addressTsv(address: string): string {
  return (PLAIN_ADDRESS.test(address) ? address : safeText(address)) + '\n';
}

/** Loads the table renderer (cli-table3, chalk) on first use: piped output never needs it. */
export async function addressTable(addresses: string[], style: TableStyle): Promise<string> {
  const { renderTable } = await import('./table.js');
  return renderTable(
    [{ header: 'ADDRESS', shrink: 'middle', minWidth: 13 }],
    addresses.map((address) => [safeText(address)]),
    style,
  );
}
