// The emulator's data and what changes it: history, synthetic blocks, injections, webhooks and the notifications they
// cause, and each key's shared secret that signs them.
import { randomBytes } from 'node:crypto';
import type { CreateWebhookRequest } from '../schema/index.js';
import { ChainDataGenerator } from './chain-data.js';
import type { InjectionInput, StoredTx } from './chain-data.js';
import { DeliveryQueue } from './delivery.js';
import { seededHistory } from './history-cache.js';
import type { DeliveryTuning } from './delivery.js';
import { buildNotification } from './notifications.js';
import { Prng } from './prng.js';
import { TransactionStore } from './tx-store.js';
import { WebhookStore } from './webhook-store.js';
import { persistedWebhook } from './webhook-store.js';
import type { PersistedWebhook, StoredWebhook, WebhookChanges } from './webhook-store.js';
import type { OtherWebhookRequest } from './validation.js';

/** A change to what a data directory keeps, as plain JSON, told to `onChange` as it is made (see persistence.ts). */
export type StateChange =
  | { op: 'webhook'; webhook: PersistedWebhook }
  | { op: 'update'; id: string; changes: WebhookChanges }
  | { op: 'deactivate'; id: string }
  | { op: 'addresses'; id: string; add?: string[]; remove?: string[] }
  | { op: 'secret'; key: string; secret: string }
  | { op: 'inject'; tx: StoredTx }
  | { op: 'reset' };

export const HISTORY_TRANSACTIONS = 3_000;
/** With a seed the history ends at a fixed instant (2025-06-15T15:06:40Z), so seeded runs list identical data. */
export const SEEDED_HISTORY_END_MS = 1_750_000_000_000;
/** Per chain and block, at most this many active webhooks get a transaction made for them. */
const WATCHED_PER_BLOCK = 3;
/**
 * Chains outside the catalogue that get a block per tick, taken in turn: a block on each of 1,000 watched chains
 * every tick would keep a core busy generating them and flood the delivery queue.
 */
const EXTRA_CHAINS_PER_TICK = 16;
/** Chain ids longer than this cannot be a safe-integer sort key, so such chains get no synthetic blocks. */
const MAX_SYNTHETIC_CHAIN_ID_DIGITS = 15;

export class EmulatorState {
  readonly webhooks = new WebhookStore();
  readonly deliveries: DeliveryQueue;
  /** The listing and the generator that goes on from its history: made on first need (see made()). */
  private madeHistory?: { store: TransactionStore; generator: ChainDataGenerator };
  /** Separate streams, so ids do not shift when the amount of generated activity does. */
  private readonly idRng: Prng;
  private readonly activityRng: Prng;
  private readonly injected = new WeakSet<StoredTx>();
  /** Where the next tick's turn among the extra watched chains starts. */
  private extraChainTurn = 0;
  /** API key → its shared secret (hex), once made or rotated; a key without one gets the starting secret. */
  private readonly secrets = new Map<string, string>();
  /** Told every change a data directory must keep, synchronously, in the order they are made. */
  onChange?: (change: StateChange) => void;

  /**
   * `startingSecret` (hex) is every key's secret until it rotates it; without one, each key's is made at random
   * on first use. Secrets are never seeded: a secret anyone can recompute from a seed would not be one.
   */
  constructor(
    private readonly seed: number,
    private readonly seeded: boolean,
    tuning: DeliveryTuning,
    private readonly startingSecret?: string,
  ) {
    this.idRng = new Prng(seed, 2);
    this.activityRng = new Prng(seed, 3);
    this.deliveries = new DeliveryQueue(tuning, {
      secretFor: (ownerKey) => this.sharedSecret(ownerKey),
      exhausted: (webhookId) => this.deactivateAfterFailure(webhookId),
    });
  }

  /** The transaction listing, the generated history in it. */
  get store(): TransactionStore {
    return this.made().store;
  }

  private get generator(): ChainDataGenerator {
    return this.made().generator;
  }

  /**
   * The history, made when first needed (a listing, a block, an injection) rather than at start: making it is most
   * of a start's CPU (~0.25 s of ~0.6), which runs that never list a transaction need not pay, and a start that is
   * refused (its port taken, its data directory in use) fails at once. A seeded history is the same whenever it is
   * made; an unseeded one ends at the moment it is.
   */
  private made(): { store: TransactionStore; generator: ChainDataGenerator } {
    if (!this.madeHistory) {
      let generator: ChainDataGenerator;
      let history: readonly StoredTx[];
      if (this.seeded) {
        // The same every time: made once per process and shared (see history-cache.ts).
        ({ generator, history } = seededHistory(this.seed, SEEDED_HISTORY_END_MS, HISTORY_TRANSACTIONS));
      } else {
        generator = new ChainDataGenerator(new Prng(this.seed, 1));
        history = generator.history(Date.now(), HISTORY_TRANSACTIONS);
      }
      const store = new TransactionStore();
      store.add(history);
      this.madeHistory = { store, generator };
    }
    return this.madeHistory;
  }

  newId(): string {
    return this.idRng.uuid();
  }

  createWebhook(request: CreateWebhookRequest, ownerKey: string): StoredWebhook {
    return this.created(this.webhooks.create(request, ownerKey, this.newId(), Date.now()));
  }

  createOtherWebhook(request: OtherWebhookRequest, ownerKey: string): StoredWebhook {
    return this.created(this.webhooks.createOther(request, ownerKey, this.newId(), Date.now()));
  }

  addAddresses(stored: StoredWebhook, addresses: readonly string[]): void {
    this.webhooks.addAddresses(stored, addresses);
    this.onChange?.({ op: 'addresses', id: stored.webhook.id, add: [...addresses] });
  }

  /** False, changing nothing, when no address would remain (see WebhookStore.removeAddresses). */
  removeAddresses(stored: StoredWebhook, addresses: readonly string[]): boolean {
    const removed = this.webhooks.removeAddresses(stored, addresses);
    if (removed) this.onChange?.({ op: 'addresses', id: stored.webhook.id, remove: [...addresses] });
    return removed;
  }

  /** The key's shared secret, made on first use (a get, or the first delivery) unless a starting one was given. */
  sharedSecret(ownerKey: string): string {
    let secret = this.secrets.get(ownerKey);
    if (secret === undefined) {
      secret = this.startingSecret ?? newSecret();
      this.secrets.set(ownerKey, secret);
      this.onChange?.({ op: 'secret', key: ownerKey, secret });
    }
    return secret;
  }

  /** A new random secret for the key, in effect for every attempt from now on, retries of older messages included. */
  rotateSharedSecret(ownerKey: string): string {
    const secret = newSecret();
    this.secrets.set(ownerKey, secret);
    this.onChange?.({ op: 'secret', key: ownerKey, secret });
    return secret;
  }

  deactivateWebhook(stored: StoredWebhook): void {
    this.webhooks.deactivate(stored);
    this.deliveries.cancelWebhook(stored.webhook.id);
    this.onChange?.({ op: 'deactivate', id: stored.webhook.id });
  }

  /**
   * Switching a webhook off through an update stops its deliveries at once, as deactivating it does; a new url
   * takes the next message, and the next attempt of messages still being retried (the old one may be gone).
   */
  updateWebhook(stored: StoredWebhook, changes: WebhookChanges): void {
    const oldUrl = stored.webhook.url;
    this.webhooks.update(stored, changes);
    if (changes.status === 'inactive') this.deliveries.cancelWebhook(stored.webhook.id);
    else if (stored.webhook.url !== oldUrl) this.deliveries.retarget(stored.webhook.id, stored.webhook.url);
    this.onChange?.({ op: 'update', id: stored.webhook.id, changes });
  }

  /** One block on every catalogue chain and on up to EXTRA_CHAINS_PER_TICK other chains active webhooks watch, in turn. */
  syntheticTick(now: number): void {
    const chains = new Map(this.generator.catalogueChains().map((chain) => [chain.info.chainId, chain]));
    const extra = this.webhooks
      .activeChainIds()
      .filter((chainId) => !chains.has(chainId) && chainId.length <= MAX_SYNTHETIC_CHAIN_ID_DIGITS);
    const turns = Math.min(EXTRA_CHAINS_PER_TICK, extra.length);
    for (let turn = 0; turn < turns; turn++) {
      const chainId = extra[(this.extraChainTurn + turn) % extra.length]!;
      chains.set(chainId, this.generator.chain(chainId));
    }
    this.extraChainTurn = extra.length === 0 ? 0 : (this.extraChainTurn + turns) % extra.length;
    const added: StoredTx[] = [];
    for (const [chainId, chain] of chains) {
      const active = this.webhooks.activeOn(chainId);
      const watched = [];
      while (watched.length < WATCHED_PER_BLOCK && active.length > 0) {
        const [stored] = active.splice(this.activityRng.int(0, active.length - 1), 1);
        const addresses = stored!.addresses;
        watched.push({
          address: addresses.at(this.activityRng.int(0, addresses.size - 1))!,
          eventSignatures: [...stored!.eventSignatures],
        });
      }
      added.push(...this.generator.syntheticBlock(chain, now, watched));
    }
    this.store.add(added);
    for (const tx of added) this.notify(tx);
  }

  inject(input: InjectionInput): { txHash: string; messageIds: string[] } {
    const tx = this.generator.injectedBlock(input, Date.now());
    this.injected.add(tx);
    this.store.add([tx]);
    const messageIds = this.notify(tx);
    // After its messages are queued, so what is kept with it holds them too.
    this.onChange?.({ op: 'inject', tx });
    return { txHash: tx.item.txHash, messageIds };
  }

  /**
   * Forgets webhooks, injected transactions, deliveries and the secrets made or rotated (keys are back to the
   * starting secret, or get a new one on next use); generated history and synthetic blocks stay.
   */
  reset(): void {
    this.secrets.clear();
    this.webhooks.clear();
    this.deliveries.reset();
    this.store.retain((tx) => !this.injected.has(tx));
    this.onChange?.({ op: 'reset' });
  }

  /** The keys' secrets made or rotated, and the injected transactions still listed: for a data directory's snapshot. */
  keptSecrets(): IterableIterator<[string, string]> {
    return this.secrets.entries();
  }

  injectedTransactions(): StoredTx[] {
    return this.store.all().filter((tx) => this.injected.has(tx));
  }

  /** Takes up what a data directory kept (onChange is not told: it is already there). */
  restoreSecret(ownerKey: string, secret: string): void {
    this.secrets.set(ownerKey, secret);
  }

  restoreInjected(tx: StoredTx): void {
    this.injected.add(tx);
    this.store.add([tx]);
  }

  /** Where the id sequence stands, so ids made after a restart are not ones made before it. */
  idPosition(): number[] {
    return this.idRng.words();
  }

  restoreIdPosition(words: readonly number[]): void {
    this.idRng.setWords(words);
  }

  close(): void {
    this.deliveries.close();
  }

  private created(stored: StoredWebhook): StoredWebhook {
    this.onChange?.({ op: 'webhook', webhook: persistedWebhook(stored) });
    return stored;
  }

  /** As the real service does, a webhook whose message failed for good is switched off (its other messages with it). */
  private deactivateAfterFailure(webhookId: string): boolean {
    const stored = this.webhooks.get(webhookId);
    if (!stored || stored.webhook.status === 'inactive') return false;
    this.deactivateWebhook(stored);
    return true;
  }

  private notify(tx: StoredTx): string[] {
    return this.webhooks.matching(tx).map((stored) => {
      const messageId = this.newId();
      const message = buildNotification(tx, stored, messageId);
      this.deliveries.enqueue(stored.webhook.id, stored.webhook.url, messageId, message, stored.ownerKey, stored.webhook.name || null);
      return messageId;
    });
  }
}

/** 32 random bytes as 64 hex digits, the form the service gives. */
function newSecret(): string {
  return randomBytes(32).toString('hex');
}
