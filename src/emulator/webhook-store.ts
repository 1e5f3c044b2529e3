// Webhooks by id with their owners, and the indexes that find the active ones for a transaction, kept right on every change.
import type { CreateWebhookRequest, Webhook } from '../schema/index.js';
import type { StoredTx } from './chain-data.js';

export interface StoredWebhook {
  webhook: Webhook;
  /** The API key that created it; any other key is told it does not exist. */
  ownerKey: string;
  /** Lower-case; empty means every log (or none) qualifies. */
  eventSignatures: Set<string>;
}

/** What an update may set; absent (or undefined) fields stay as they are. */
export type WebhookChanges = Partial<Pick<Webhook, 'url' | 'name' | 'description' | 'includeLogs' | 'includeInternalTxs' | 'status'>>;

export class WebhookStore {
  private readonly byId = new Map<string, StoredWebhook>();
  /** chainId → lower-case address → active webhooks watching it; no empty map or set is left behind. */
  private readonly watchers = new Map<string, Map<string, Set<StoredWebhook>>>();
  /** chainId → active webhooks, for synthetic activity that must reach them; no empty set is left behind. */
  private readonly activeByChain = new Map<string, Set<StoredWebhook>>();

  /** `request` is already validated and normalized (lower-case, deduplicated). */
  create(request: CreateWebhookRequest, ownerKey: string, id: string, createdAt: number): StoredWebhook {
    const webhook: Webhook = {
      id,
      url: request.url,
      chainId: request.chainId,
      status: 'active',
      createdAt,
      name: request.name ?? '',
      description: request.description ?? '',
      eventType: request.eventType,
      // A copy, as the store changes it in place and the request is not its to change.
      metadata: { addresses: [...request.metadata.addresses], eventSignatures: request.metadata.eventSignatures ?? [] },
      includeInternalTxs: request.includeInternalTxs ?? false,
      includeLogs: request.includeLogs ?? false,
    };
    const stored: StoredWebhook = { webhook, ownerKey, eventSignatures: new Set(webhook.metadata.eventSignatures) };
    this.byId.set(id, stored);
    this.index(stored);
    return stored;
  }

  get(id: string): StoredWebhook | undefined {
    return this.byId.get(id);
  }

  /** The owner's webhooks, newest first; of equal `createdAt`, the later created first, so same-second ones list newest first too. */
  list(ownerKey: string): StoredWebhook[] {
    const owned = [...this.byId.values()].filter((stored) => stored.ownerKey === ownerKey).reverse();
    return owned.sort((a, b) => b.webhook.createdAt - a.webhook.createdAt);
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
    this.unwatch(stored, stored.webhook.metadata.addresses);
    const active = this.activeByChain.get(stored.webhook.chainId);
    active?.delete(stored);
    if (active?.size === 0) this.activeByChain.delete(stored.webhook.chainId);
  }

  /** Appends the addresses not present yet, compared case-insensitively and stored lower-case. */
  addAddresses(stored: StoredWebhook, addresses: readonly string[]): void {
    const present = new Set(stored.webhook.metadata.addresses);
    const added: string[] = [];
    for (const address of addresses) {
      const lower = address.toLowerCase();
      if (present.has(lower)) continue;
      present.add(lower);
      added.push(lower);
      stored.webhook.metadata.addresses.push(lower);
    }
    if (stored.webhook.status === 'active') this.watch(stored, added);
  }

  /**
   * Drops the addresses present, compared case-insensitively; absent ones are no error. A webhook keeps at least
   * one address, so when none would remain it changes nothing and answers false (the contract's 400).
   */
  removeAddresses(stored: StoredWebhook, addresses: readonly string[]): boolean {
    const gone = new Set(addresses.map((address) => address.toLowerCase()));
    const kept: string[] = [];
    const removed: string[] = [];
    for (const address of stored.webhook.metadata.addresses) (gone.has(address) ? removed : kept).push(address);
    if (kept.length === 0) return false;
    stored.webhook.metadata.addresses = kept;
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
    const byAddress = this.watchers.get(tx.item.chainId);
    if (!byAddress) return [];
    const found = new Set<StoredWebhook>();
    for (const address of tx.participants) {
      const set = byAddress.get(address);
      if (set) for (const stored of set) found.add(stored);
    }
    return [...found].filter(
      (stored) => stored.eventSignatures.size === 0 || tx.topic0s.some((topic0) => stored.eventSignatures.has(topic0)),
    );
  }

  clear(): void {
    this.byId.clear();
    this.watchers.clear();
    this.activeByChain.clear();
  }

  /** How the indexes differ from ones rebuilt from the webhooks (wrong, stale or empty entries); empty when right. For tests. */
  checkIndexes(): string[] {
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
        if (!sameMembers(expected, this.watchers.get(chainId)?.get(address))) problems.push(`watchers of ${chainId}/${address}: wrong`);
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

  private index(stored: StoredWebhook): void {
    this.watch(stored, stored.webhook.metadata.addresses);
    let active = this.activeByChain.get(stored.webhook.chainId);
    if (!active) {
      active = new Set();
      this.activeByChain.set(stored.webhook.chainId, active);
    }
    active.add(stored);
  }

  private watch(stored: StoredWebhook, addresses: readonly string[]): void {
    if (addresses.length === 0) return;
    let byAddress = this.watchers.get(stored.webhook.chainId);
    if (!byAddress) {
      byAddress = new Map();
      this.watchers.set(stored.webhook.chainId, byAddress);
    }
    for (const address of addresses) {
      let set = byAddress.get(address);
      if (!set) {
        set = new Set();
        byAddress.set(address, set);
      }
      set.add(stored);
    }
  }

  private unwatch(stored: StoredWebhook, addresses: readonly string[]): void {
    const byAddress = this.watchers.get(stored.webhook.chainId);
    if (!byAddress) return;
    for (const address of addresses) {
      const set = byAddress.get(address);
      set?.delete(stored);
      if (set?.size === 0) byAddress.delete(address);
    }
    if (byAddress.size === 0) this.watchers.delete(stored.webhook.chainId);
  }
}

function sameMembers<T>(expected: Set<T>, actual: Set<T> | undefined): boolean {
  return actual !== undefined && actual.size === expected.size && [...expected].every((item) => actual.has(item));
}
