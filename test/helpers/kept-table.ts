// The smallest kept resource (one kind, keyed values), for tests of the data directory without an emulator.
import type { KeptEntry, KeptResource } from '../../src/emulator/kept/change.js';

export const TABLE_KIND = 'item';

export class KeptTable implements KeptResource {
  readonly kinds = [TABLE_KIND];
  readonly values = new Map<string, unknown>();

  applyEntry(_kind: string, key: string, value: unknown): void {
    if (value === null) this.values.delete(key);
    else this.values.set(key, value);
  }

  restore(tables: ReadonlyMap<string, ReadonlyMap<string, unknown>>): void {
    for (const [key, value] of tables.get(TABLE_KIND) ?? []) this.values.set(key, value);
  }

  *snapshot(): Iterable<KeptEntry> {
    for (const [key, value] of this.values) yield [TABLE_KIND, key, value];
  }
}

/** An entry of the table whose value is `bytes` long. */
export const tableEntry = (key: string, bytes: number): KeptEntry => [TABLE_KIND, key, 'v'.repeat(bytes)];
