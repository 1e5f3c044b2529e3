// How a watched address is shown: a one-column table for people, the bare address for pipes.
import { renderTable } from './table.js';
import type { TableStyle } from './table.js';
import { safeText } from './text.js';

export function addressTsv(address: string): string {
  return safeText(address) + '\n';
}

export function addressTable(addresses: string[], style: TableStyle): string {
  return renderTable([{ header: 'ADDRESS', shrink: 'middle', minWidth: 13 }], addresses.map((address) => [safeText(address)]), style);
}
