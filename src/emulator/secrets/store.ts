// Each API key's shared secret, which signs its notifications: made on first use (or the starting one), rotated on
// request. Kept as one record per key (kind `secret`).
import type { KeptEntry, KeptResource } from '../kept/change.js';

const SECRET_KIND = 'secret';

export class SecretStore implements KeptResource {
  readonly kinds = [SECRET_KIND];
  /** API key → its shared secret (hex), once made or rotated. */
  private readonly secrets = new Map<string, string>();

  get(ownerKey: string): string | undefined {
    return this.secrets.get(ownerKey);
  }

  planSet(ownerKey: string, secret: string): KeptEntry[] {
    return [[SECRET_KIND, ownerKey, secret]];
  }

  /** The records that forget every secret (a reset: keys are back to the starting secret, or a new one). */
  planReset(): KeptEntry[] {
    return [...this.secrets.keys()].map((ownerKey): KeptEntry => [SECRET_KIND, ownerKey, null]);
  }

  applyEntry(_kind: string, ownerKey: string, value: unknown): void {
    if (value === null) this.secrets.delete(ownerKey);
    else this.secrets.set(ownerKey, value as string);
  }

  restore(tables: ReadonlyMap<string, ReadonlyMap<string, unknown>>): void {
    for (const [ownerKey, secret] of tables.get(SECRET_KIND) ?? []) this.secrets.set(ownerKey, secret as string);
  }

  *snapshot(): Iterable<KeptEntry> {
    for (const [ownerKey, secret] of this.secrets) yield [SECRET_KIND, ownerKey, secret];
  }
}
