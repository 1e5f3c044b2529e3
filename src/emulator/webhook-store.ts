// Webhooks by id with their owners, and an index from (chain, address) to active webhooks for matching transactions.
import type { CreateWebhookRequest, Webhook } from '../api/types.js';
import type { StoredTx } from './chain-data.js';

export interface StoredWebhook {
  webhook: Webhook;
  /** The API key that created it; any other key is told it does not exist. */
  ownerKey: string;
  /** Lower-case; empty means every log (or none) qualifies. */
  eventSignatures: Set<string>;
}

export class WebhookStore {
  private readonly byId = new Map<string, StoredWebhook>();
  /** chainId → lower-case address → active webhooks watching it. */
  private readonly watchers = new Map<string, Map<string, Set<StoredWebhook>>>();
  /** chainId → active webhooks, for synthetic activity that must reach them. */
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
      metadata: { addresses: request.metadata.addresses, eventSignatures: request.metadata.eventSignatures ?? [] },
      includeInternalTxs: request.includeInternalTxs ?? false,
      includeLogs: request.includeLogs ?? false,
    };
    const stored: StoredWebhook = { webhook, ownerKey, eventSignatures: new Set(webhook.metadata.eventSignatures) };
    this.byId.set(id, stored);
    let byAddress = this.watchers.get(webhook.chainId);
    if (!byAddress) this.watchers.set(webhook.chainId, (byAddress = new Map()));
    for (const address of webhook.metadata.addresses) {
      let set = byAddress.get(address);
      if (!set) byAddress.set(address, (set = new Set()));
      set.add(stored);
    }
    let active = this.activeByChain.get(webhook.chainId);
    if (!active) this.activeByChain.set(webhook.chainId, (active = new Set()));
    active.add(stored);
    return stored;
  }

  get(id: string): StoredWebhook | undefined {
    return this.byId.get(id);
  }

  /** Idempotent; afterwards the webhook matches nothing. */
  deactivate(stored: StoredWebhook): void {
    if (stored.webhook.status === 'inactive') return;
    stored.webhook.status = 'inactive';
    const byAddress = this.watchers.get(stored.webhook.chainId);
    for (const address of stored.webhook.metadata.addresses) {
      const set = byAddress?.get(address);
      set?.delete(stored);
      if (set?.size === 0) byAddress?.delete(address);
    }
    this.activeByChain.get(stored.webhook.chainId)?.delete(stored);
  }

  activeChainIds(): string[] {
    return [...this.activeByChain].filter(([, active]) => active.size > 0).map(([chainId]) => chainId);
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
}
