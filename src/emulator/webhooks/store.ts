// Webhooks by id with their owners, and the indexes that find the active ones for a transaction, kept right on every
// change. Its kept records: a webhook's fields (kind `webhook`), and its addresses by chunk (kind `addresses`, key
// `<id>/<chunk number>`), so a change to a list of a million addresses writes the chunks it touched.
import type { AnyWebhook, CreateWebhookRequest, Webhook, WebhookStatus } from '../../schema/index.js';
import type { SwitchedOff } from '../../schema/emulator-control.js';
import type { OtherWebhookRequest } from '../validation.js';
import type { KeptEntry, KeptResource } from '../kept/change.js';
import { RawJson } from '../kept/change.js';
import { AddressList, joinChunk } from './address-list.js';
import type { ChunkValue } from './address-list.js';
import type { StoredTx } from '../chain-data.js';

const WEBHOOK_KIND = 'webhook';
const ADDRESSES_KIND = 'addresses';

/** A webhook's fields other than `metadata`, whose addresses live in an AddressList. */
export type WebhookFields = Omit<Webhook, 'metadata' | 'eventType'> & { eventType: string };

export interface StoredWebhook {
  webhook: WebhookFields;
  /** As given, in the order they were added; compared and matched in lower case. */
  addresses: AddressList;
  /** Lower-case, deduplicated, as created: what `metadata.eventSignatures` answers. */
  eventSignatureList: string[];
  /** The same, for lookups; empty means every log (or none) qualifies. */
  eventSignatures: Set<string>;
  /** The API key that created it; any other key is told it does not exist. */
  ownerKey: string;
  /** Creation order across the store's life, the tie-break among webhooks of the same `createdAt`. */
  sequence: number;
  /**
   * A webhook of another event type than address_activity: its network and metadata as created. It is listed,
   * read, changed and deactivated like any other, watches no address and is never delivered to.
   */
  other?: { network: string; metadata: Record<string, unknown> };
  /** While inactive: when and why it was switched off (absent on webhooks kept before the field was). */
  switchedOff?: SwitchedOff;
}

/** A webhook's record, but its addresses (kept by chunk): plain JSON. */
export interface WebhookValue {
  webhook: WebhookFields;
  ownerKey: string;
  /** Lower-case, deduplicated, as created. */
  eventSignatures: string[];
  sequence: number;
  other?: { network: string; metadata: Record<string, unknown> };
  switchedOff?: SwitchedOff;
}

/** A place in an owner's listing (newest first): the webhook served last. */
export interface WebhookCursor {
  createdAt: number;
  sequence: number;
}

/** What an update may set; absent (or undefined) fields stay as they are. */
export type WebhookChanges = Partial<Pick<Webhook, 'url' | 'name' | 'description' | 'includeLogs' | 'includeInternalTxs' | 'status'>>;

export class WebhookStore implements KeptResource {
  readonly kinds = [WEBHOOK_KIND, ADDRESSES_KIND];
  private readonly byId = new Map<string, StoredWebhook>();
  /** ownerKey → the owner's webhooks, oldest first by (createdAt, sequence): listings walk it backwards. */
  private readonly byOwner = new Map<string, StoredWebhook[]>();
  /**
   * chainId → lower-case address → the active webhooks watching it: the webhook itself when it is the only one
   * (nearly always; a Set per address would double the memory of a million watched addresses), else a Set of 2+.
   * No empty map is left behind.
   */
  private readonly watchers = new Map<string, Map<string, Watchers>>();
  /**
   * Set by restore(): the address index is built on first use instead of as the webhooks are restored, so a restart
   * on a million addresses answers its first request without first indexing them all (a second and more here).
   */
  private watchersPending = false;
  /** chainId → active webhooks, for synthetic activity that must reach them; no empty set is left behind. */
  private readonly activeByChain = new Map<string, Set<StoredWebhook>>();
  /** Creation order across the store's life (kept with each webhook), the tie-break among webhooks of one `createdAt`. */
  private nextSequence = 0;

  /**
   * The records of a new webhook. `request` is already validated and normalized (deduplicated). `createdAt` is Unix
   * milliseconds.
   */
  planCreate(request: CreateWebhookRequest, ownerKey: string, id: string, createdAt: number): KeptEntry[] {
    this.assertNew(id);
    const value: WebhookValue = {
      webhook: newFields(request, id, createdAt),
      ownerKey,
      eventSignatures: [...new Set(request.metadata.eventSignatures ?? [])],
      sequence: this.nextSequence++,
    };
    const chunks = AddressList.chunked(request.metadata.addresses);
    return [[WEBHOOK_KIND, id, value], ...chunks.map((chunk) => chunkEntry(id, chunk))];
  }

  /** The record of a webhook of another event type (see StoredWebhook.other): stored and listed, never delivered to. */
  planCreateOther(request: OtherWebhookRequest, ownerKey: string, id: string, createdAt: number): KeptEntry[] {
    this.assertNew(id);
    const value: WebhookValue = {
      webhook: newFields({ ...request, includeInternalTxs: false, includeLogs: false }, id, createdAt),
      ownerKey,
      eventSignatures: [],
      sequence: this.nextSequence++,
      other: { network: request.network, metadata: request.metadata },
    };
    return [[WEBHOOK_KIND, id, value]];
  }

  /** A create's records share the key of an update's: one planned on a live id would overwrite that webhook. */
  private assertNew(id: string): void {
    if (this.byId.has(id)) throw new Error(`a new webhook was given the id of a live one (${id}): refused, nothing changed`);
  }

  /**
   * The record of the webhook with these fields changed (absent or undefined ones stay as they are). Switched from
   * active to inactive, it says when and why (its owner, unless `switchedOff` says otherwise); switched on, it no
   * longer does.
   */
  planUpdate(stored: StoredWebhook, changes: WebhookChanges, switchedOff?: SwitchedOff): KeptEntry[] {
    const fields = { ...stored.webhook };
    for (const field of ['url', 'name', 'description', 'includeLogs', 'includeInternalTxs', 'status'] as const) {
      if (changes[field] !== undefined) Object.assign(fields, { [field]: changes[field] });
    }
    const value: WebhookValue = { ...webhookValue(stored), webhook: fields };
    if (fields.status === 'active') delete value.switchedOff;
    else if (stored.webhook.status === 'active') {
      value.switchedOff = switchedOff ?? { at: new Date().toISOString(), reason: 'webhook_deactivated' };
    }
    return [[WEBHOOK_KIND, stored.webhook.id, value]];
  }

  /** The records that append the addresses not present yet (compared case-insensitively, kept as given). */
  planAddAddresses(stored: StoredWebhook, addresses: readonly string[]): KeptEntry[] {
    return stored.addresses.planAdd(addresses).map((chunk) => chunkEntry(stored.webhook.id, chunk));
  }

  /**
   * The records that drop the addresses present (compared case-insensitively; absent ones are no error). A webhook
   * keeps at least one address, so when none would remain the answer is null (the contract's 400).
   */
  planRemoveAddresses(stored: StoredWebhook, addresses: readonly string[]): KeptEntry[] | null {
    if (stored.addresses.countPresent(addresses) >= stored.addresses.size) return null;
    return stored.addresses.planRemove(addresses).map((chunk) => chunkEntry(stored.webhook.id, chunk));
  }

  /** The records that delete every webhook (a reset). */
  planClear(): KeptEntry[] {
    const entries: KeptEntry[] = [];
    for (const stored of this.byId.values()) {
      entries.push([WEBHOOK_KIND, stored.webhook.id, null]);
      for (const chunkId of stored.addresses.chunkIds()) entries.push([ADDRESSES_KIND, chunkKey(stored.webhook.id, chunkId), null]);
    }
    return entries;
  }

  /** Applies entries at once: for tests of the store alone, and what a keeper does with a change. */
  applyEntries(entries: readonly KeptEntry[]): void {
    for (const [kind, key, value] of entries) this.applyEntry(kind, key, value);
  }

  applyEntry(kind: string, key: string, value: unknown): void {
    if (kind === WEBHOOK_KIND) this.setWebhook(key, value as WebhookValue | null);
    else this.setChunk(key, value as string | null);
  }

  restore(tables: ReadonlyMap<string, ReadonlyMap<string, unknown>>): void {
    const chunksOf = new Map<string, Array<{ id: number; joined: string }>>();
    for (const [key, joined] of tables.get(ADDRESSES_KIND) ?? []) {
      const { webhookId, chunkId } = parseChunkKey(key);
      let chunks = chunksOf.get(webhookId);
      if (!chunks) chunksOf.set(webhookId, (chunks = []));
      chunks.push({ id: chunkId, joined: joined as string });
    }
    const restored = [...((tables.get(WEBHOOK_KIND) ?? new Map()) as ReadonlyMap<string, WebhookValue>).values()];
    restored.sort((a, b) => a.sequence - b.sequence);
    for (const value of restored) {
      const stored = storedFrom(value, AddressList.fromChunks(chunksOf.get(value.webhook.id) ?? []));
      this.byId.set(stored.webhook.id, stored);
      this.nextSequence = Math.max(this.nextSequence, stored.sequence + 1);
      let owned = this.byOwner.get(stored.ownerKey);
      if (!owned) this.byOwner.set(stored.ownerKey, (owned = []));
      owned.push(stored);
      if (stored.webhook.status === 'active') this.index(stored, { watchLater: true });
    }
    for (const owned of this.byOwner.values()) owned.sort(listingOrder);
  }

  *snapshot(): Iterable<KeptEntry> {
    for (const stored of this.byId.values()) {
      yield [WEBHOOK_KIND, stored.webhook.id, { ...webhookValue(stored), webhook: { ...stored.webhook } }];
      for (const chunk of stored.addresses.chunkRecords()) {
        yield [ADDRESSES_KIND, chunkKey(stored.webhook.id, chunk.id), new RawJson([chunk.json])];
      }
    }
  }

  /** Webhooks kept, of every owner and status. */
  get size(): number {
    return this.byId.size;
  }

  /** Every webhook, in creation order. */
  all(): IterableIterator<StoredWebhook> {
    return this.byId.values();
  }

  get(id: string): StoredWebhook | undefined {
    return this.byId.get(id);
  }

  /** The owner's webhooks, newest first; of equal `createdAt`, the later created first. */
  list(ownerKey: string): StoredWebhook[] {
    return [...(this.byOwner.get(ownerKey) ?? [])].reverse();
  }

  /**
   * One page of the owner's webhooks, newest first, of one status or all, after `after` (exclusive). A cursor
   * is a place in the order, not an item, so it stays right while webhooks are created and changed.
   */
  listPage(
    ownerKey: string,
    status: WebhookStatus | null,
    after: WebhookCursor | null,
    pageSize: number,
  ): { items: StoredWebhook[]; next: WebhookCursor | null } {
    const owned = this.byOwner.get(ownerKey) ?? [];
    let index = (after ? firstNotBefore(owned, after) : owned.length) - 1;
    const items: StoredWebhook[] = [];
    for (; index >= 0; index--) {
      const stored = owned[index]!;
      if (status !== null && stored.webhook.status !== status) continue;
      if (items.length === pageSize) {
        const last = items[items.length - 1]!;
        return { items, next: { createdAt: last.webhook.createdAt, sequence: last.sequence } };
      }
      items.push(stored);
    }
    return { items, next: null };
  }

  /** A webhook's record applied: a new one, a change of its fields (and of what it matches), or its deletion. */
  private setWebhook(id: string, value: WebhookValue | null): void {
    const stored = this.byId.get(id);
    if (value === null) {
      if (!stored) return;
      this.unindex(stored);
      this.byId.delete(id);
      const owned = this.byOwner.get(stored.ownerKey)!;
      owned.splice(owned.indexOf(stored), 1);
      if (owned.length === 0) this.byOwner.delete(stored.ownerKey);
      return;
    }
    if (!stored) {
      const created = storedFrom(value, new AddressList());
      this.byId.set(id, created);
      this.nextSequence = Math.max(this.nextSequence, created.sequence + 1);
      this.insertForOwner(created);
      if (created.webhook.status === 'active') this.index(created);
      return;
    }
    const wasActive = stored.webhook.status === 'active';
    Object.assign(stored.webhook, value.webhook);
    if (value.switchedOff) stored.switchedOff = value.switchedOff;
    else delete stored.switchedOff;
    const isActive = stored.webhook.status === 'active';
    if (wasActive && !isActive) this.unindex(stored);
    else if (!wasActive && isActive) this.index(stored);
  }

  /** A chunk of a webhook's addresses applied; what it matches follows while the webhook is active. */
  private setChunk(key: string, joined: string | null): void {
    const { webhookId, chunkId } = parseChunkKey(key);
    const stored = this.byId.get(webhookId);
    // A chunk of a webhook deleted before it (a reset that raced a change): nothing to add it to.
    if (!stored) return;
    const delta = stored.addresses.setChunk(chunkId, joined === null ? null : joined.split(','));
    if (stored.webhook.status === 'active' && !stored.other) {
      this.unwatch(stored, delta.removed);
      this.watch(stored, delta.added);
    }
  }

  activeChainIds(): string[] {
    return [...this.activeByChain.keys()];
  }

  activeOn(chainId: string): StoredWebhook[] {
    return [...(this.activeByChain.get(chainId) ?? [])];
  }

  /** Active webhooks on the transaction's chain watching one of its participants, with the signature filter applied. */
  matching(tx: StoredTx): StoredWebhook[] {
    this.buildPendingWatchers();
    const byAddress = this.watchers.get(tx.item.chainId);
    if (!byAddress) return [];
    const found = new Set<StoredWebhook>();
    for (const address of tx.participants) {
      const watching = byAddress.get(address);
      if (watching instanceof Set) for (const stored of watching) found.add(stored);
      else if (watching) found.add(watching);
    }
    return [...found].filter(
      (stored) => stored.eventSignatures.size === 0 || tx.topic0s.some((topic0) => stored.eventSignatures.has(topic0)),
    );
  }

  /** How the indexes differ from ones rebuilt from the webhooks (wrong, stale or empty entries); empty when right. For tests. */
  checkIndexes(): string[] {
    this.buildPendingWatchers();
    const rebuilt = new WebhookStore();
    for (const stored of this.byId.values()) if (stored.webhook.status === 'active') rebuilt.index(stored);
    const problems: string[] = [];
    for (const [chainId, byAddress] of this.watchers) {
      if (byAddress.size === 0) problems.push(`watchers of chain ${chainId}: empty`);
      for (const address of byAddress.keys()) {
        if (!rebuilt.watchers.get(chainId)?.has(address)) problems.push(`watchers of ${chainId}/${address}: stale`);
      }
    }
    for (const [chainId, byAddress] of rebuilt.watchers) {
      for (const [address, expected] of byAddress) {
        const actual = this.watchers.get(chainId)?.get(address);
        if (actual instanceof Set && actual.size < 2) problems.push(`watchers of ${chainId}/${address}: a Set of ${actual.size}`);
        if (!sameMembers(watcherSet(expected), actual && watcherSet(actual))) problems.push(`watchers of ${chainId}/${address}: wrong`);
      }
    }
    for (const chainId of this.activeByChain.keys()) {
      if (!rebuilt.activeByChain.has(chainId)) problems.push(`active webhooks of chain ${chainId}: stale`);
    }
    for (const [chainId, expected] of rebuilt.activeByChain) {
      if (!sameMembers(expected, this.activeByChain.get(chainId))) problems.push(`active webhooks of chain ${chainId}: wrong`);
    }
    return problems;
  }

  /** Into the owner's list at its place in (createdAt, sequence) order: at the end, unless the clock went back. */
  private insertForOwner(stored: StoredWebhook): void {
    let owned = this.byOwner.get(stored.ownerKey);
    if (!owned) {
      owned = [];
      this.byOwner.set(stored.ownerKey, owned);
    }
    const at = firstNotBefore(owned, { createdAt: stored.webhook.createdAt, sequence: stored.sequence });
    if (at === owned.length) owned.push(stored);
    else owned.splice(at, 0, stored);
  }

  private index(stored: StoredWebhook, options: { watchLater?: boolean } = {}): void {
    // Other event types watch no address and are delivered nothing.
    if (stored.other) return;
    if (options.watchLater) this.watchersPending = true;
    else this.watch(stored, stored.addresses.keys());
    let active = this.activeByChain.get(stored.webhook.chainId);
    if (!active) {
      active = new Set();
      this.activeByChain.set(stored.webhook.chainId, active);
    }
    active.add(stored);
  }

  /** Afterwards the webhook matches nothing. */
  private unindex(stored: StoredWebhook): void {
    if (stored.other) return;
    this.unwatch(stored, stored.addresses.keys());
    const active = this.activeByChain.get(stored.webhook.chainId);
    active?.delete(stored);
    if (active?.size === 0) this.activeByChain.delete(stored.webhook.chainId);
  }

  /** The address index of every active webhook, when restore() left it to be built on first use. */
  private buildPendingWatchers(): void {
    if (!this.watchersPending) return;
    this.watchersPending = false;
    for (const stored of this.byId.values()) {
      if (stored.webhook.status === 'active' && !stored.other) this.watch(stored, stored.addresses.keys());
    }
  }

  private watch(stored: StoredWebhook, addresses: Iterable<string>): void {
    this.buildPendingWatchers();
    const chainId = stored.webhook.chainId;
    let byAddress = this.watchers.get(chainId);
    for (const address of addresses) {
      if (!byAddress) {
        byAddress = new Map();
        this.watchers.set(chainId, byAddress);
      }
      const watching = byAddress.get(address);
      if (watching === undefined) byAddress.set(address, stored);
      else if (watching instanceof Set) watching.add(stored);
      else if (watching !== stored) byAddress.set(address, new Set([watching, stored]));
    }
  }

  private unwatch(stored: StoredWebhook, addresses: Iterable<string>): void {
    this.buildPendingWatchers();
    const byAddress = this.watchers.get(stored.webhook.chainId);
    if (!byAddress) return;
    for (const address of addresses) {
      const watching = byAddress.get(address);
      if (watching === stored) {
        byAddress.delete(address);
      } else if (watching instanceof Set) {
        watching.delete(stored);
        // Back to the single form once one is left, so the map holds a Set only for 2+.
        if (watching.size === 1) byAddress.set(address, watching.values().next().value!);
      }
    }
    if (byAddress.size === 0) this.watchers.delete(stored.webhook.chainId);
  }
}

/** A new webhook's fields, from its creation request. */
function newFields(
  request: Pick<CreateWebhookRequest, 'url' | 'chainId' | 'name' | 'description' | 'includeInternalTxs' | 'includeLogs'> & {
    eventType: string;
  },
  id: string,
  createdAt: number,
): WebhookFields {
  return {
    id,
    url: request.url,
    chainId: request.chainId,
    status: 'active',
    createdAt,
    name: request.name ?? '',
    description: request.description ?? '',
    eventType: request.eventType,
    includeInternalTxs: request.includeInternalTxs ?? false,
    includeLogs: request.includeLogs ?? false,
  };
}

/** A webhook's record (its addresses aside). */
function webhookValue(stored: StoredWebhook): WebhookValue {
  return {
    webhook: stored.webhook,
    ownerKey: stored.ownerKey,
    eventSignatures: stored.eventSignatureList,
    sequence: stored.sequence,
    ...(stored.other ? { other: stored.other } : {}),
    ...(stored.switchedOff ? { switchedOff: stored.switchedOff } : {}),
  };
}

function storedFrom(value: WebhookValue, addresses: AddressList): StoredWebhook {
  return {
    webhook: { ...value.webhook },
    addresses,
    eventSignatureList: [...value.eventSignatures],
    eventSignatures: new Set(value.eventSignatures),
    ownerKey: value.ownerKey,
    sequence: value.sequence,
    ...(value.other ? { other: value.other } : {}),
    ...(value.switchedOff ? { switchedOff: value.switchedOff } : {}),
  };
}

/** A chunk's record: its addresses joined by commas, or null when it is gone. */
function chunkEntry(webhookId: string, chunk: ChunkValue): KeptEntry {
  return [ADDRESSES_KIND, chunkKey(webhookId, chunk.id), chunk.addresses === null ? null : joinChunk(chunk.addresses)];
}

function chunkKey(webhookId: string, chunkId: number): string {
  return `${webhookId}/${chunkId}`;
}

function parseChunkKey(key: string): { webhookId: string; chunkId: number } {
  const slash = key.lastIndexOf('/');
  return { webhookId: key.slice(0, slash), chunkId: Number(key.slice(slash + 1)) };
}

/** (createdAt, sequence) order, oldest first. */
function listingOrder(a: StoredWebhook, b: StoredWebhook): number {
  return a.webhook.createdAt - b.webhook.createdAt || a.sequence - b.sequence;
}

/** The webhook as the service answers it, `metadata.addresses` included: for tests and small answers. */
export function toWebhook(stored: StoredWebhook): AnyWebhook {
  const { includeInternalTxs, includeLogs, ...head } = stored.webhook;
  // Another event type answers in its own shape (the operator's models): no addresses, no include flags.
  if (stored.other) return { ...head, network: stored.other.network, metadata: stored.other.metadata };
  return {
    ...head,
    eventType: 'address_activity',
    metadata: { addresses: stored.addresses.toArray(), eventSignatures: [...stored.eventSignatureList] },
    includeInternalTxs,
    includeLogs,
  };
}

/**
 * The JSON of toWebhook(stored), as parts to write one after another: the address list comes from its cached
 * chunks, so answering with a webhook of 1,000,000 addresses costs writing them, not serializing them again.
 */
export function webhookJsonParts(stored: StoredWebhook): Buffer[] {
  if (stored.other) return [Buffer.from(JSON.stringify(toWebhook(stored)))];
  const { includeInternalTxs, includeLogs, ...head } = stored.webhook;
  const opening = JSON.stringify(head).slice(0, -1) + ',"metadata":{"addresses":[';
  const closing =
    `],"eventSignatures":${JSON.stringify(stored.eventSignatureList)}},` +
    `"includeInternalTxs":${JSON.stringify(includeInternalTxs)},"includeLogs":${JSON.stringify(includeLogs)}}`;
  return [Buffer.from(opening), ...stored.addresses.jsonParts(), Buffer.from(closing)];
}

/** The index of the first webhook at or after `place` in (createdAt, sequence) order, by binary search. */
function firstNotBefore(owned: readonly StoredWebhook[], place: WebhookCursor): number {
  let low = 0;
  let high = owned.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const item = owned[middle]!;
    const before =
      item.webhook.createdAt < place.createdAt || (item.webhook.createdAt === place.createdAt && item.sequence < place.sequence);
    if (before) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** One webhook, or a Set of two or more, watching an address. */
type Watchers = StoredWebhook | Set<StoredWebhook>;

function watcherSet(watching: Watchers): Set<StoredWebhook> {
  return watching instanceof Set ? watching : new Set([watching]);
}

function sameMembers<T>(expected: Set<T>, actual: Set<T> | undefined): boolean {
  return actual !== undefined && actual.size === expected.size && [...expected].every((item) => actual.has(item));
}
