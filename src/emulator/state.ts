// The emulator's data and what changes it: history, synthetic blocks, injections, webhooks and the notifications they
// cause, and each key's shared secret that signs them.
//
// Every change is planned from the state as applied, kept (in memory, or in a data directory) and only then applied:
// see kept/change.ts. Changes to one webhook, or one key's secret, run one at a time (the write gate); a reset runs
// alone. Ids are never reused: each start of a data directory is numbered, and its random streams start from there.
// Stryker disable all: mutation testing (stryker.config.mjs) covers only the kept state's parts, each between a
// `Stryker restore all` and the next `Stryker disable all`.
import { randomBytes } from 'node:crypto';
import type { CreateWebhookRequest } from '../schema/index.js';
import type { WebhookSummary } from '../schema/emulator-control.js';
import { ChainDataGenerator } from './chain-data.js';
import type { InjectionInput, StoredTx } from './chain-data.js';
import { DeliveryQueue } from './deliveries/queue.js';
import type { DeliveryTuning } from './deliveries/queue.js';
import { blockOf, blockRecordKey, blocksOldestFirst } from './chain/blocks.js';
import { ChainLedger, RETAINED_TRANSACTIONS } from './chain/ledger.js';
import type { ChainBlock } from './chain/ledger.js';
import { ChainCarried } from './chain/carried.js';
import { ChainRecords } from './chain/records.js';
import type { ChainGenesis } from './chain/records.js';
import { placedCopy, seededHistory } from './history-cache.js';
import { NftReindexes } from './holdings/reindexes.js';
import { Holdings } from './holdings/store.js';
import type { Change, Keeper, KeptEntry, KeptResource } from './kept/change.js';
import { EntryRouter, MemoryKeeper } from './kept/change.js';
import { WriteGate } from './kept/write-gate.js';
import { buildNotification } from './notifications.js';
import { Prng } from './prng.js';
import { SecretStore } from './secrets/store.js';
import type { TransactionStore } from './transactions/store.js';
import { WebhookStore } from './webhooks/store.js';
import type { StoredWebhook, WebhookChanges } from './webhooks/store.js';
import type { OtherWebhookRequest } from './validation.js';

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
/** Blocks that left the window are carried out of it (their records deleted) in batches of this fraction of it. */
const CARRIED_BATCHES_PER_WINDOW = 50;
/** The random streams of one seed: each start of a data directory takes the next set (see begin()). */
const STREAMS_PER_START = 256;

/** How many times a data directory's emulator started: its own record (kind `emulator`). */
class StartCount implements KeptResource {
  readonly kinds = ['emulator'];
  starts = 0;

  plan(starts: number): KeptEntry[] {
    return [['emulator', 'starts', starts]];
  }

  applyEntry(_kind: string, _key: string, value: unknown): void {
    this.starts = (value as number | null) ?? 0;
  }

  restore(tables: ReadonlyMap<string, ReadonlyMap<string, unknown>>): void {
    this.starts = (tables.get('emulator')?.get('starts') as number | undefined) ?? 0;
  }

  *snapshot(): Iterable<KeptEntry> {
    yield* this.plan(this.starts);
  }
}

export class EmulatorState {
  readonly webhooks = new WebhookStore();
  readonly deliveries: DeliveryQueue;
  readonly secrets = new SecretStore();
  /** The chain's kept records: the history's seed, and every block made after it. */
  readonly chainRecords = new ChainRecords();
  /** What the blocks whose records are gone carried: counted once, from here, after a restart. */
  readonly chainCarried = new ChainCarried();
  /** When each NFT's metadata was last reindexed: the one kept part of the holdings. */
  readonly nftReindexes = new NftReindexes();
  /**
   * What addresses hold, fed with every transaction the ledger places or forgets (see made(), where a seeded start
   * may take a copy of the history's instead).
   */
  private holdingsIndex = new Holdings();
  private readonly startCount = new StartCount();
  /** Every kept resource, by the kinds of record it owns: what a keeper applies changes with. */
  readonly router: EntryRouter;
  private keeper: Keeper;
  private readonly gate = new WriteGate();
  /** The chain and the generator that goes on from it: made on first need (see made()). */
  private madeHistory?: { ledger: ChainLedger; generator: ChainDataGenerator };
  /** Which start of the data directory this is (0 without one): it chooses the random streams. */
  private startNumber = 0;
  /** Separate streams, so ids do not shift when the amount of generated activity does. */
  private idRng: Prng;
  private activityRng: Prng;
  /** Where the next tick's turn among the extra watched chains starts. */
  private extraChainTurn = 0;
  /** A change carrying blocks out of the window is being kept: the next one waits its turn (see keepChainChange()). */
  private carrying = false;

  /**
   * `startingSecret` (hex) is every key's secret until it rotates it; without one, each key's is made at random
   * on first use. Secrets are never seeded: a secret anyone can recompute from a seed would not be one.
   */
  constructor(
    private readonly seed: number,
    private readonly seeded: boolean,
    tuning: DeliveryTuning,
    private readonly startingSecret?: string,
    private readonly chainSize: { retainedTransactions?: number; pinnedTransactions?: number; historyTransactions?: number } = {},
  ) {
    this.idRng = new Prng(seed, 2);
    this.activityRng = new Prng(seed, 3);
    this.deliveries = new DeliveryQueue(tuning, {
      keep: (change) => this.keep(change),
      failure: () => this.keeper.failure,
      secretFor: (ownerKey) => this.sharedSecret(ownerKey),
      exhausted: (webhookId, messageId) => this.deactivateAfterFailure(webhookId, messageId),
    });
    this.router = new EntryRouter([
      this.webhooks,
      this.deliveries,
      this.secrets,
      this.chainRecords,
      this.chainCarried,
      this.nftReindexes,
      this.startCount,
    ]);
    this.keeper = new MemoryKeeper(this.router);
  }

  /** Keeps changes in a data directory (its records already restored into this state) instead of in memory. */
  keepWith(keeper: Keeper): void {
    this.keeper = keeper;
  }

  // Stryker restore all
  /**
   * Counts this start (kept before anything else is), takes the random streams of its number, and starts the
   * deliveries: no id, hash or block of an earlier start is made again, seeded or not.
   */
  async begin(): Promise<void> {
    this.startNumber = this.startCount.starts;
    // The history's seed and end are kept at the first start, before anything of it is listed: an unseeded folder
    // makes the same history at every start.
    const genesis = this.chainRecords.genesis ? [] : this.chainRecords.planGenesis(this.freshGenesis());
    await this.keep({ entries: [...this.startCount.plan(this.startNumber + 1), ...genesis] });
    const stream = (base: number) => base + STREAMS_PER_START * this.startNumber;
    this.idRng = new Prng(this.seed, stream(2));
    this.activityRng = new Prng(this.seed, stream(3));
    // Messages restored unfinished go to their webhook's url as it is now.
    for (const stored of this.webhooks.all()) this.deliveries.retarget(stored.webhook.id, stored.webhook.url);
    this.deliveries.start();
  }
  // Stryker disable all

  keep<T>(change: Change<T>): Promise<T> {
    return this.keeper.keep(change);
  }

  /** The chain every answer reads: the generated history, then every kept block. */
  get chain(): ChainLedger {
    return this.made().ledger;
  }

  /** The transaction listing across chains. */
  get store(): TransactionStore {
    return this.made().ledger.listing;
  }

  /** What addresses hold, once the chain is made. */
  get holdings(): Holdings {
    this.made();
    return this.holdingsIndex;
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
  private made(): { ledger: ChainLedger; generator: ChainDataGenerator } {
    if (!this.madeHistory) {
      const genesis = this.chainRecords.genesis ?? this.freshGenesis();
      const historyTransactions = genesis.historyTransactions ?? HISTORY_TRANSACTIONS;
      // Every transaction the chain takes (history, blocks restored or made, injections) passes through the holdings
      // once, in chain order; one a reset forgets is undone. A block leaving the window is not: its moves happened.
      const ledgerOptions = {
        retainedTransactions: this.chainSize.retainedTransactions,
        pinnedTransactions: this.chainSize.pinnedTransactions,
        onTransaction: (tx: StoredTx) => this.holdingsIndex.placed(tx),
        onTransactionForgotten: (tx: StoredTx) => this.holdingsIndex.removed(tx),
      };
      let generator: ChainDataGenerator;
      let history: readonly StoredTx[];
      let copied: { ledger: ChainLedger; holdings: Holdings } | undefined;
      if (this.seeded && genesis.seed === this.seed && genesis.historyEndMs === SEEDED_HISTORY_END_MS) {
        // The same every time: made once per process and shared, and placed once and copied from the second start
        // on (see history-cache.ts).
        ({ generator, history } = seededHistory(this.seed, SEEDED_HISTORY_END_MS, historyTransactions));
        copied = placedCopy(this.seed, SEEDED_HISTORY_END_MS, historyTransactions, ledgerOptions);
      } else {
        generator = new ChainDataGenerator(new Prng(genesis.seed, 1));
        history = generator.history(genesis.historyEndMs, historyTransactions);
      }
      let ledger: ChainLedger;
      if (copied) {
        ledger = copied.ledger;
        this.holdingsIndex = copied.holdings;
      } else {
        ledger = new ChainLedger(ledgerOptions);
        for (const txs of blocksOldestFirst(history)) {
          ledger.placeBlock(blockOf(txs, { injected: false, notified: [] }, ledger.head(txs[0]!.item.chainId)));
        }
      }
      if (this.startNumber > 0) {
        generator.continueAfter(
          new Prng(this.seed, 1 + STREAMS_PER_START * this.startNumber).words(),
          this.chainRecords.keptTransactions(),
          this.chainCarried.generator(),
        );
      }
      // What blocks no longer kept moved, between the history and the kept blocks: chain order, each block once.
      for (const carried of this.chainCarried.holdings()) this.holdingsIndex.carry(carried);
      this.chainRecords.join(ledger);
      this.madeHistory = { ledger, generator };
    }
    return this.madeHistory;
  }

  /** What this start's history would be made from, when no earlier start kept one: a seeded history ends at a fixed instant. */
  private freshGenesis(): ChainGenesis {
    const historyTransactions = this.chainSize.historyTransactions ?? HISTORY_TRANSACTIONS;
    return {
      seed: this.seed,
      historyEndMs: this.seeded ? SEEDED_HISTORY_END_MS : Date.now(),
      ...(historyTransactions === HISTORY_TRANSACTIONS ? {} : { historyTransactions }),
    };
  }

  newId(): string {
    return this.idRng.uuid();
  }

  createWebhook(request: CreateWebhookRequest, ownerKey: string): Promise<StoredWebhook> {
    return this.gate.run([], () => {
      const id = this.newId();
      return this.keep({ entries: this.webhooks.planCreate(request, ownerKey, id, Date.now()), then: () => this.webhooks.get(id)! });
    });
  }

  createOtherWebhook(request: OtherWebhookRequest, ownerKey: string): Promise<StoredWebhook> {
    return this.gate.run([], () => {
      const id = this.newId();
      return this.keep({ entries: this.webhooks.planCreateOther(request, ownerKey, id, Date.now()), then: () => this.webhooks.get(id)! });
    });
  }

  /**
   * Runs `work` with the webhook as it is now (undefined when there is none), no other change to it running: what
   * it checks still holds when its change is kept. Changes made inside go through the methods below.
   */
  withWebhook<T>(id: string, work: (stored: StoredWebhook | undefined) => Promise<T>): Promise<T> {
    return this.gate.run([`webhook ${id}`], () => work(this.webhooks.get(id)));
  }

  /** Inside withWebhook. */
  addAddresses(stored: StoredWebhook, addresses: readonly string[]): Promise<void> {
    return this.keep({ entries: this.webhooks.planAddAddresses(stored, addresses) });
  }

  /** Inside withWebhook. False, changing nothing, when no address would remain (see WebhookStore.planRemoveAddresses). */
  async removeAddresses(stored: StoredWebhook, addresses: readonly string[]): Promise<boolean> {
    const entries = this.webhooks.planRemoveAddresses(stored, addresses);
    if (entries === null) return false;
    await this.keep({ entries });
    return true;
  }

  /**
   * Inside withWebhook. Switching a webhook off (through an update, or deactivating it) gives up its unfinished
   * messages at once; a new url takes the next message, and the next attempt of messages still being retried.
   */
  updateWebhook(stored: StoredWebhook, changes: WebhookChanges): Promise<void> {
    const oldUrl = stored.webhook.url;
    const oldStatus = stored.webhook.status;
    const entries = [...this.webhooks.planUpdate(stored, changes)];
    if (changes.status === 'inactive') entries.push(...this.deliveries.planCancel(stored.webhook.id));
    return this.keep({
      entries,
      then: () => {
        if (stored.webhook.url !== oldUrl) this.deliveries.retarget(stored.webhook.id, stored.webhook.url);
        if (stored.webhook.status !== oldStatus) this.publishStatus(stored);
      },
    });
  }

  /** Tells the stream a webhook's status changed, and why. */
  private publishStatus(stored: StoredWebhook): void {
    const { id, status } = stored.webhook;
    const off = status === 'inactive' ? stored.switchedOff : undefined;
    this.deliveries.feed.publishWebhook({
      webhookId: id,
      status: status === 'active' ? 'active' : 'inactive',
      changedAt: off?.at ?? new Date().toISOString(),
      reason: off?.reason ?? 'activated',
      ...(off?.byMessageId === undefined ? {} : { byMessageId: off.byMessageId }),
    });
  }

  /**
   * Per webhook with kept messages (or each of `webhookIds` that exists): its status, its failed messages, when its
   * receiver last answered 2xx, and while inactive why it was switched off.
   */
  webhookSummaries(webhookIds?: readonly string[]): WebhookSummary[] {
    const stats = this.deliveries.webhookSummaries();
    const summaries: WebhookSummary[] = [];
    for (const webhookId of webhookIds ?? stats.keys()) {
      const stored = this.webhooks.get(webhookId);
      if (!stored) continue;
      const counted = stats.get(webhookId);
      const inactive = stored.webhook.status !== 'active';
      summaries.push({
        webhookId,
        status: inactive ? 'inactive' : 'active',
        failedMessages: counted?.byState.failed ?? 0,
        lastSuccessAt: counted?.lastSuccessAt ?? null,
        ...(inactive && stored.switchedOff ? { switchedOff: stored.switchedOff } : {}),
      });
    }
    return summaries;
  }

  /** Inside withWebhook. */
  deactivateWebhook(stored: StoredWebhook): Promise<void> {
    return this.updateWebhook(stored, { status: 'inactive' });
  }

  /** The key's shared secret, made (and kept) on first use unless a starting one was given. */
  async sharedSecret(ownerKey: string): Promise<string> {
    const secret = this.secrets.get(ownerKey);
    if (secret !== undefined) return secret;
    return this.gate.run([`secret ${ownerKey}`], async () => {
      const made = this.secrets.get(ownerKey);
      if (made !== undefined) return made;
      const secret = this.startingSecret ?? newSecret();
      await this.keep({ entries: this.secrets.planSet(ownerKey, secret) });
      return secret;
    });
  }

  /** A new random secret for the key, in effect for every attempt from now on, retries of older messages included. */
  rotateSharedSecret(ownerKey: string): Promise<string> {
    return this.gate.run([`secret ${ownerKey}`], async () => {
      const secret = newSecret();
      await this.keep({ entries: this.secrets.planSet(ownerKey, secret) });
      return secret;
    });
  }

  /**
   * One block on every catalogue chain and on up to EXTRA_CHAINS_PER_TICK other chains active webhooks watch, in
   * turn. The blocks are listed once kept, with the messages they make; a block that cannot be kept (a failing disk)
   * is never listed, and its number is not made again.
   */
  syntheticTick(now: number): Promise<void> {
    return this.gate.run([], async () => {
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
      const generated: StoredTx[][] = [];
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
        generated.push(this.generator.syntheticBlock(chain, now, watched));
      }
      await this.notifying(generated.flat(), async (notify) => {
        const entries = generated.flatMap((txs) => {
          const messages = txs.map((tx) => ({ tx, made: notify(tx) }));
          const notified = messages.filter(({ made }) => made.ids.length > 0).map(({ tx }) => tx.item.txHash);
          return [...this.planBlock(txs, false, notified), ...messages.flatMap(({ made }) => made.entries)];
        });
        // Activity that cannot be kept (a failing disk) is neither listed nor delivered.
        await this.keepChainChange(entries).catch(() => {});
      });
    });
  }

  /**
   * A transaction made to order, in a block of its own: listed, and its messages queued, once kept. Refused
   * (InjectionRefused) when the chain cannot take it, a sender that cannot pay or a token its sender does not hold:
   * then nothing changes, and the chain's next block takes the number this one would have had. Injections on one
   * chain run one at a time, so each is checked against what the one before it moved.
   */
  inject(input: InjectionInput): Promise<{ txHash: string; messageIds: string[] }> {
    return this.gate.run([`inject ${input.chainId}`], () => {
      const mark = this.generator.mark(input.chainId);
      const tx = this.generator.injectedBlock(input, Date.now());
      const refused = this.holdingsIndex.refusal(tx);
      if (refused.length > 0) {
        this.generator.rewind(mark);
        throw new InjectionRefused(refused);
      }
      return this.notifying([tx], (notify) => {
        const messages = notify(tx);
        return this.keepChainChange([...this.planBlock([tx], true, [tx.item.txHash]), ...messages.entries], () => {
          this.generator.placed(tx);
          return { txHash: tx.item.txHash, messageIds: messages.ids };
        });
      });
    });
  }

  /** A new block's record (its parent the chain's newest block planned before it). */
  private planBlock(txs: readonly StoredTx[], injected: boolean, notified: readonly string[]): KeptEntry[] {
    const first = txs[0];
    if (!first) return [];
    const block: ChainBlock = blockOf(
      txs,
      { injected, notified, recordKey: blockRecordKey(first.item.chainId, first.item.blockNumber) },
      this.chain.head(first.item.chainId),
    );
    return this.chainRecords.planBlock(block);
  }

  /**
   * Keeps a change to the chain with the deletion of the records of blocks that have left the window, and, in the
   * same change, what those blocks carried: a restart counts each block once, whatever crashes when. One such change
   * at a time: each plans the summary from the one applied before it (a change refused gives its blocks back).
   */
  private keepChainChange<T>(entries: readonly KeptEntry[], then?: () => T): Promise<T> {
    // In batches of a fiftieth of the window: a busy account's summary is written once for many blocks, not for each.
    const batch = Math.ceil((this.chainSize.retainedTransactions ?? RETAINED_TRANSACTIONS) / CARRIED_BATCHES_PER_WINDOW);
    const left = this.carrying ? [] : this.chain.takeLeftWindow(batch);
    if (left.length === 0) return this.keep({ entries, then });
    this.carrying = true;
    const carried = [...this.chainCarried.planCarry(left, this.holdingsIndex), ...this.chainRecords.planForget(left)];
    return this.keep({ entries: [...carried, ...entries], then })
      .catch((error: unknown) => {
        this.chain.giveBackLeftWindow(left);
        throw error;
      })
      .finally(() => {
        this.carrying = false;
      });
  }

  /**
   * Marks the NFT's metadata reindexed now; when it was within `intervalMs` already, changes nothing and returns
   * when it was (Unix milliseconds).
   */
  reindexNft(chainId: string, collection: string, tokenId: bigint, nowMs: number, intervalMs: number): Promise<number | undefined> {
    return this.gate.run([`nft ${chainId} ${collection} ${tokenId}`], async () => {
      const last = this.nftReindexes.last(chainId, collection, tokenId);
      if (last !== undefined && nowMs - last < intervalMs) return last;
      await this.keep({ entries: this.nftReindexes.planReindex(chainId, collection, tokenId, nowMs) });
      return undefined;
    });
  }

  // Stryker restore all
  /**
   * Runs `work` with the messages the transactions make, holding the webhooks they go to (as a change to each does):
   * a change to one of them waiting for its sync (a deactivation) is applied first and seen, and one made after
   * finds the messages there to give up. Once a deactivation is acknowledged, no message is made for its webhook.
   */
  private notifying<T>(
    txs: readonly StoredTx[],
    work: (notify: (tx: StoredTx) => { entries: KeptEntry[]; ids: string[] }) => Promise<T>,
  ): Promise<T> {
    const candidates = new Set(txs.flatMap((tx) => this.webhooks.matching(tx).map((stored) => stored.webhook.id)));
    return this.gate.within(
      [...candidates].map((id) => `webhook ${id}`),
      () => work((tx) => this.notifications(tx, candidates)),
    );
  }
  // Stryker disable all

  /**
   * Forgets webhooks, injected transactions, deliveries and the secrets made or rotated (keys are back to the
   * starting secret, or get a new one on next use); generated history and synthetic blocks stay. What the injected
   * transactions moved is moved back, in the holdings and in the generator; their heights and nonces are kept: each
   * chain goes on after its newest block, and no number is made again. It runs alone.
   */
  reset(): Promise<void> {
    return this.gate.runAlone(() => {
      const injected = this.chainRecords.injectedBlocks(this.chain);
      return this.keep({
        entries: [
          ...this.webhooks.planClear(),
          ...this.deliveries.planReset(),
          ...this.secrets.planReset(),
          ...this.chainRecords.planReset(),
          ...this.chainCarried.planHeights(injected),
        ],
        then: () => {
          // The generator forgets what they moved, as the holdings did: it moves only what senders hold now.
          for (const tx of injected.flatMap((block) => block.txs).reverse()) {
            this.generator.forgotten(tx, (collection, tokenId) => this.holdingsIndex.nftToken(tx.item.chainId, collection, tokenId)?.owner);
          }
          this.deliveries.feed.publishReset({ at: new Date().toISOString() });
        },
      });
    });
  }

  close(): void {
    this.deliveries.close();
  }

  /** As the real service does, a webhook whose message failed for good is switched off (its other messages with it). */
  private deactivateAfterFailure(webhookId: string, messageId: string): Promise<void> {
    return this.withWebhook(webhookId, async (stored) => {
      if (!stored || stored.webhook.status === 'inactive') return;
      const switchedOff = { at: new Date().toISOString(), reason: 'webhook_switched_off' as const, byMessageId: messageId };
      await this.keep({
        entries: [
          ...this.webhooks.planUpdate(stored, { status: 'inactive' }, switchedOff),
          ...this.deliveries.planCancel(webhookId, { reason: 'webhook_switched_off', byMessageId: messageId }),
          ...this.deliveries.planDeactivatedBy(messageId),
        ],
        then: () => this.publishStatus(stored),
      });
    });
  }

  /** The messages a transaction makes, one per active webhook it matches among `held`, and their ids. */
  private notifications(tx: StoredTx, held: ReadonlySet<string>): { entries: KeptEntry[]; ids: string[] } {
    // Stryker restore all
    const matching = this.webhooks.matching(tx).filter((stored) => held.has(stored.webhook.id));
    // Stryker disable all
    const messages = matching.map((stored) => {
      const messageId = this.newId();
      return {
        webhookId: stored.webhook.id,
        url: stored.webhook.url,
        messageId,
        message: buildNotification(tx, stored, messageId),
        ownerKey: stored.ownerKey,
        webhookName: stored.webhook.name || null,
        about: {
          chainId: tx.item.chainId,
          transactionHash: tx.item.txHash,
          addresses: tx.participants.filter((address) => stored.addresses.has(address)),
        },
      };
    });
    return { entries: this.deliveries.planMessages(messages), ids: messages.map((message) => message.messageId) };
  }
}

/** An injection the chain cannot take: each message names the field and the balance that fall short. */
export class InjectionRefused extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
  }
}

/** 32 random bytes as 64 hex digits, the form the service gives. */
function newSecret(): string {
  return randomBytes(32).toString('hex');
}
