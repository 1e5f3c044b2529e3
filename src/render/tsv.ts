// Tab-separated rows for pipes: no header, no colour, nothing cut, one row per item whatever the values hold.
import { safeText } from './text.js';

export function tsvRow(values: unknown[]): string {
  return values.map(safeText).join('\t') + '\n';
}
