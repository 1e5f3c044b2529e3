// Webhooks by id with their owners, and the indexes that find the active ones for a transaction, kept right on every change.
import type { CreateWebhookRequest, Webhook, WebhookStatus } from '../schema/index.js';
import type { OtherWebhookRequest } from './validation.js';
import { AddressList } from './address-list.js';
import type { StoredTx } from './chain-data.js';

/** A webhook's fields other than `metadata`, whose addresses live in an AddressList. */
export type WebhookFields = Omit<Webhook, 'metadata' | 'eventType'> & { eventType: string };

export interface StoredWebhook {
  webhook: WebhookFields;
  /** Lower-case, in the order they were added. */
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
}

/** A webhook as a data directory keeps it: plain JSON, restored by WebhookStore.restore. */
export interface PersistedWebhook {
  webhook: WebhookFields;
  addresses: string[];
  eventSignatures: string[];
  ownerKey: string;
  other?: { network: string; metadata: Record<string, unknown> };
}

/** A place in an owner's listing (newest first): the webhook served last. */
export interface WebhookCursor {
  createdAt: number;
  sequence: number;
}

/** What an update may set; absent (or undefined) fields stay as they are. */
export type WebhookChanges = Partial<Pick<Webhook, 'url' | 'name' | 'description' | 'includeLogs' | 'includeInternalTxs' | 'status'>>;

export class WebhookStore {
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
   * Set by restore(): the address index is built on first use instead of as each webhook is restored, so a restart
   * on a million addresses answers its first request without first indexing them all (a second and more here).
   */
  private watchersPending = false;
  /** chainId → active webhooks, for synthetic activity that must reach them; no empty set is left behind. */
  private readonly activeByChain = new Map<string, Set<StoredWebhook>>();
  /** Not reset by clear(), so a cursor issued before a reset never lands on a webhook made after it by accident. */
  private nextSequence = 0;

  /** `request` is already validated and normalized (lower-case, deduplicated). `createdAt` is Unix milliseconds. */
  create(request: CreateWebhookRequest, ownerKey: string, id: string, createdAt: number): StoredWebhook {
    const webhook: WebhookFields = {
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
    const signatures = [...(request.metadata.eventSignatures ?? [])];
    const stored: StoredWebhook = {
      webhook,
      // Its own list, as the store changes it in place and the request is not its to change.
      addresses: new AddressList(request.metadata.addresses),
      eventSignatureList: signatures,
      eventSignatures: new Set(signatures),
      ownerKey,
      sequence: this.nextSequence++,
    };
    this.byId.set(id, stored);
    this.insertForOwner(stored);
    this.index(stored);
    return stored;
  }

  /** A webhook of another event type (see StoredWebhook.other): stored and listed, never indexed for deliveries. */
  createOther(request: OtherWebhookRequest, ownerKey: string, id: string, createdAt: number): StoredWebhook {
    const stored: StoredWebhook = {
      webhook: {
        id,
        url: request.url,
        chainId: request.chainId,
        status: 'active',
        createdAt,
        name: request.name ?? '',
        description: request.description ?? '',
        eventType: request.eventType,
        includeInternalTxs: false,
        includeLogs: false,
      },
      addresses: new AddressList(),
      eventSignatureList: [],
      eventSignatures: new Set(),
      ownerKey,
      sequence: this.nextSequence++,
      other: { network: request.network, metadata: request.metadata },
    };
    this.byId.set(id, stored);
    this.insertForOwner(stored);
    return stored;
  }

  /** Webhooks kept, of every owner and status. */
  get size(): number {
    return this.byId.size;
  }

  /** Every webhook, in creation order. */
  all(): IterableIterator<StoredWebhook> {
    return this.byId.values();
  }

  /** A webhook as it was kept (any status), indexed as it would have been: for a restart from a data directory. */
  restore(persisted: PersistedWebhook): StoredWebhook {
    const stored: StoredWebhook = {
      webhook: { ...persisted.webhook },
      addresses: new AddressList(persisted.addresses),
      eventSignatureList: [...persisted.eventSignatures],
      eventSignatures: new Set(persisted.eventSignatures),
      ownerKey: persisted.ownerKey,
      sequence: this.nextSequence++,
      ...(persisted.other ? { other: persisted.other } : {}),
    };
    this.byId.set(stored.webhook.id, stored);
    this.insertForOwner(stored);
    if (stored.webhook.status === 'active') this.index(stored, { watchLater: true });
    return stored;
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

  /** Idempotent; afterwards the webhook matches again, on its current addresses. */
  activate(stored: StoredWebhook): void {
    if (stored.webhook.status === 'active') return;
    stored.webhook.status = 'active';
    this.index(stored);
  }

  /** Idempotent; afterwards the webhook matches nothing. */
  deactivate(stored: StoredWebhook): void {
    if (stored.webhook.status === 'inactive') return;
    stored.webhook.status = 'inactive';
    this.unwatch(stored, stored.addresses.keys());
    const active = this.activeByChain.get(stored.webhook.chainId);
    active?.delete(stored);
    if (active?.size === 0) this.activeByChain.delete(stored.webhook.chainId);
  }

  /** Appends the addresses not present yet, compared case-insensitively and kept as given. Costs the batch, not the list. */
  addAddresses(stored: StoredWebhook, addresses: readonly string[]): void {
    const added = stored.addresses.add(addresses);
    if (stored.webhook.status === 'active') this.watch(stored, added);
  }

  /**
   * Drops the addresses present, compared case-insensitively; absent ones are no error. A webhook keeps at least
   * one address, so when none would remain it changes nothing and answers false (the contract's 400).
   */
  removeAddresses(stored: StoredWebhook, addresses: readonly string[]): boolean {
    if (stored.addresses.countPresent(addresses) >= stored.addresses.size) return false;
    const removed = stored.addresses.remove(addresses);
    if (stored.webhook.status === 'active') this.unwatch(stored, removed);
    return true;
  }

  update(stored: StoredWebhook, changes: WebhookChanges): void {
    const webhook = stored.webhook;
    if (changes.url !== undefined) webhook.url = changes.url;
    if (changes.name !== undefined) webhook.name = changes.name;
    if (changes.description !== undefined) webhook.description = changes.description;
    if (changes.includeLogs !== undefined) webhook.includeLogs = changes.includeLogs;
    if (changes.includeInternalTxs !== undefined) webhook.includeInternalTxs = changes.includeInternalTxs;
    if (changes.status === 'active') this.activate(stored);
    else if (changes.status === 'inactive') this.deactivate(stored);
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

  clear(): void {
    this.byId.clear();
    this.byOwner.clear();
    this.watchers.clear();
    this.watchersPending = false;
    this.activeByChain.clear();
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

export function persistedWebhook(stored: StoredWebhook): PersistedWebhook {
  return {
    webhook: stored.webhook,
    addresses: stored.addresses.toArray(),
    eventSignatures: stored.eventSignatureList,
    ownerKey: stored.ownerKey,
    ...(stored.other ? { other: stored.other } : {}),
  };
}

/** The webhook as the service answers it, `metadata.addresses` included: for tests and small answers. */
export function toWebhook(stored: StoredWebhook): Webhook {
  const { includeInternalTxs, includeLogs, ...head } = stored.webhook;
  // Another event type answers in its own shape (the operator's models): no addresses, no include flags.
  if (stored.other) return { ...head, network: stored.other.network, metadata: stored.other.metadata } as unknown as Webhook;
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
