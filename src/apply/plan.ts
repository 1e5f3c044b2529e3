// What `svc webhook apply` must change so the service holds exactly the file's webhooks: pure functions from the
// file and the service's webhooks to a list of changes, in the order that keeps every intermediate state one that
// running the same apply again can finish.
import { UsageError } from '../errors.js';
import type { CreateWebhookRequest, UpdateWebhookRequest } from '../schema/webhooks.js';
import { entryLabel } from './file.js';
import type { DesiredWebhook } from './file.js';

/** Addresses per request when adding or removing them (and at creation), as `webhook addresses add` sends them. */
export const ADDRESS_BATCH_SIZE = 500;

/** A webhook of the key as the listing shows it, with the fields apply compares (addresses are read separately). */
export interface ServiceWebhook {
  id: string;
  name?: string;
  status?: string;
  url?: string;
  chainId?: string;
  eventSignatures: string[];
  description?: string;
  includeLogs: boolean;
  includeInternalTxs: boolean;
}

/** The service webhook an entry of the file is, if any. */
export interface Match {
  entry: DesiredWebhook;
  current?: ServiceWebhook;
}

/** Which webhook a change acts on: one that exists, or the one an earlier change of the same run creates. */
export type Target = { id: string } | { createdFor: string };

/** The fields that cannot change in place: a change to them needs a new webhook (--recreate). */
export type FixedField = 'chainId' | 'eventSignatures';

export type Change =
  | { kind: 'create'; name: string; request: CreateWebhookRequest; moreAddresses: string[][] }
  | {
      kind: 'recreate';
      name: string;
      oldId: string;
      changed: FixedField[];
      /** The old webhook is deactivated and renamed to this in one request, so its name stays with one webhook. */
      retiredName: string;
      request: CreateWebhookRequest;
      moreAddresses: string[][];
    }
  | { kind: 'update'; name: string; target: Target; fields: UpdateWebhookRequest }
  | { kind: 'addAddresses'; name: string; target: Target; batches: string[][] }
  | { kind: 'removeAddresses'; name: string; target: Target; batches: string[][] }
  | { kind: 'activate'; name: string; target: Target }
  | { kind: 'deactivate'; name: string; target: Target }
  | { kind: 'prune'; name?: string; id: string };

export interface Plan {
  changes: Change[];
  /** Names of the file's webhooks that already match it. */
  unchanged: string[];
}

export interface PlanOptions {
  recreate: boolean;
  prune: boolean;
}

/** The name a --recreate gives the webhook it retires. */
export function retiredName(name: string): string {
  return `${name} (replaced)`;
}

/**
 * Each entry's webhook: the key's one active webhook of that name; with none active, its one inactive webhook of
 * that name (apply re-activates it); with neither, none (apply creates it). Two active ones with the name, or
 * several inactive and none active, are refused (exit 2) with their ids: apply cannot know which one is meant.
 */
export function matchWebhooks(entries: readonly DesiredWebhook[], webhooks: readonly ServiceWebhook[]): Match[] {
  const byName = new Map<string, ServiceWebhook[]>();
  for (const webhook of webhooks) {
    if (webhook.name === undefined) continue;
    const named = byName.get(webhook.name) ?? [];
    named.push(webhook);
    byName.set(webhook.name, named);
  }
  return entries.map((entry) => {
    const named = byName.get(entry.name) ?? [];
    const active = named.filter((webhook) => webhook.status === 'active');
    const label = entryLabel(entry.index, entry.name);
    if (active.length > 1) {
      throw new UsageError(
        `${label}: ${active.length} active webhooks have this name: ${active.map((webhook) => webhook.id).join(', ')}`,
        'keep one: deactivate the others (svc webhook deactivate <id>) or rename them, then run apply again',
      );
    }
    if (active.length === 1) return { entry, current: active[0] };
    if (named.length > 1) {
      throw new UsageError(
        `${label}: no active webhook has this name, but ${named.length} inactive ones do: ${named.map((webhook) => webhook.id).join(', ')}`,
        'rename all but the one to keep, then run apply again',
      );
    }
    return named.length === 1 ? { entry, current: named[0] } : { entry };
  });
}

/** The fixed fields in which a webhook differs from its entry. */
export function fixedFieldChanges(entry: DesiredWebhook, current: ServiceWebhook): FixedField[] {
  const changed: FixedField[] = [];
  if (current.chainId !== entry.chainId) changed.push('chainId');
  if (!sameSet(current.eventSignatures, entry.eventSignatures)) changed.push('eventSignatures');
  return changed;
}

/**
 * Without --recreate, a chainId or event-signature change is refused (exit 2) before any change is made, naming the
 * entry and the field. Returns nothing: it only checks.
 */
export function checkFixedFields(matches: readonly Match[], options: PlanOptions): void {
  if (options.recreate) return;
  for (const { entry, current } of matches) {
    if (!current) continue;
    const [field] = fixedFieldChanges(entry, current);
    if (field === undefined) continue;
    const label = entryLabel(entry.index, entry.name);
    const onService = field === 'chainId' ? JSON.stringify(current.chainId ?? null) : `[${current.eventSignatures.join(', ')}]`;
    throw new UsageError(
      `${label}.${field} differs from webhook ${current.id} (${onService} there) and cannot be changed in place`,
      'run apply with --recreate to deactivate that webhook and create a new one',
    );
  }
}

/**
 * The changes, entry by entry in file order, then the pruned webhooks. `addressesOf` holds the full address list of
 * every matched webhook that is not recreated (from GET /v1/webhooks/{id}/addresses, the authoritative list).
 */
export function planChanges(
  matches: readonly Match[],
  addressesOf: ReadonlyMap<string, readonly string[]>,
  webhooks: readonly ServiceWebhook[],
  options: PlanOptions,
): Plan {
  const changes: Change[] = [];
  const unchanged: string[] = [];
  for (const { entry, current } of matches) {
    const before = changes.length;
    if (!current) {
      changes.push({ kind: 'create', name: entry.name, ...creation(entry) });
      if (entry.status === 'inactive') changes.push({ kind: 'deactivate', name: entry.name, target: { createdFor: entry.name } });
    } else {
      const changed = fixedFieldChanges(entry, current);
      if (changed.length > 0) {
        if (!options.recreate) throw new Error('planChanges: checkFixedFields lets no fixed-field change through without --recreate');
        // Deactivated first: at no moment are two active webhooks of one name (see README, "Keep webhooks in your repository").
        changes.push({
          kind: 'recreate',
          name: entry.name,
          oldId: current.id,
          changed,
          retiredName: retiredName(entry.name),
          ...creation(entry),
        });
        if (entry.status === 'inactive') changes.push({ kind: 'deactivate', name: entry.name, target: { createdFor: entry.name } });
      } else {
        const addresses = addressesOf.get(current.id);
        if (addresses === undefined) throw new Error(`planChanges: the addresses of webhook ${current.id} were not read`);
        changes.push(...updates(entry, current, addresses));
      }
    }
    if (changes.length === before) unchanged.push(entry.name);
  }
  if (options.prune) {
    const named = new Set(matches.map(({ entry }) => entry.name));
    for (const webhook of webhooks) {
      if (webhook.status !== 'active' || (webhook.name !== undefined && named.has(webhook.name))) continue;
      changes.push(webhook.name === undefined ? { kind: 'prune', id: webhook.id } : { kind: 'prune', name: webhook.name, id: webhook.id });
    }
  }
  return { changes, unchanged };
}

/** The creation body (with the first batch of addresses) and the batches added after it. */
function creation(entry: DesiredWebhook): { request: CreateWebhookRequest; moreAddresses: string[][] } {
  const [first = [], ...rest] = batches(entry.addresses);
  const request: CreateWebhookRequest = {
    url: entry.url,
    chainId: entry.chainId,
    eventType: 'address_activity',
    metadata: entry.eventSignatures.length > 0 ? { addresses: first, eventSignatures: entry.eventSignatures } : { addresses: first },
    name: entry.name,
  };
  if (entry.description !== undefined) request.description = entry.description;
  if (entry.includeLogs) request.includeLogs = true;
  if (entry.includeInternalTxs) request.includeInternalTxs = true;
  return { request, moreAddresses: rest };
}

/**
 * An existing webhook brought to its entry. Order: a deactivation first (notifications stop before anything else
 * changes); then the fields; addresses added before any is removed (a webhook keeps at least one address
 * throughout); a re-activation last (notifications resume only once the webhook is what the file says).
 */
function updates(entry: DesiredWebhook, current: ServiceWebhook, addresses: readonly string[]): Change[] {
  const changes: Change[] = [];
  const target = { id: current.id };
  const name = entry.name;
  if (entry.status === 'inactive' && current.status !== 'inactive') changes.push({ kind: 'deactivate', name, target });
  const fields: UpdateWebhookRequest = {};
  if (current.url !== entry.url) fields.url = entry.url;
  if (entry.description !== undefined && current.description !== entry.description) fields.description = entry.description;
  if (current.includeLogs !== entry.includeLogs) fields.includeLogs = entry.includeLogs;
  if (current.includeInternalTxs !== entry.includeInternalTxs) fields.includeInternalTxs = entry.includeInternalTxs;
  if (Object.keys(fields).length > 0) changes.push({ kind: 'update', name, target, fields });
  const present = new Set(addresses.map((address) => address.toLowerCase()));
  const wanted = new Set(entry.addresses.map((address) => address.toLowerCase()));
  const toAdd = entry.addresses.filter((address) => !present.has(address.toLowerCase()));
  const toRemove = addresses.filter((address) => !wanted.has(address.toLowerCase()));
  if (toAdd.length > 0) changes.push({ kind: 'addAddresses', name, target, batches: batches(toAdd) });
  if (toRemove.length > 0) changes.push({ kind: 'removeAddresses', name, target, batches: batches(uniqueCaseInsensitive(toRemove)) });
  if (entry.status === 'active' && current.status !== 'active') changes.push({ kind: 'activate', name, target });
  return changes;
}

function batches<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += ADDRESS_BATCH_SIZE) result.push(items.slice(start, start + ADDRESS_BATCH_SIZE));
  return result;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a.map((item) => item.toLowerCase()));
  const right = new Set(b.map((item) => item.toLowerCase()));
  return left.size === right.size && [...left].every((item) => right.has(item));
}

function uniqueCaseInsensitive(values: readonly string[]): string[] {
  return [...new Map(values.map((value) => [value.toLowerCase(), value])).values()];
}

/** How many addresses a change adds or removes. */
export function addressCount(change: { batches: string[][] }): number {
  return change.batches.reduce((sum, batch) => sum + batch.length, 0);
}
