// At-least-once delivery of notification messages: a bounded-concurrency queue with timeouts, backoff retries, a time
// limit per message, and bounds on what it holds (unfinished messages and finished records).
//
// Its kept records, one per change (never the whole queue again): a message as it was made (kind `message`), each
// attempt as it starts (`started`, key `<message id>/<number>`, kept before anything is sent) and as it ended
// (`attempt`, same key; the `started` record is then deleted), how the message ended (`outcome`), and how many were
// forgotten (`deliveries`). An attempt started and never ended (a stop or a kill while it ran: the receiver may have
// got it) is restored as one that ended without an answer, so the next attempt's number follows it. A message is sent only once its record is kept; an attempt is shown, and the next one
// scheduled, once its record is. Attempts of one message run one at a time and are numbered by it; a redelivery is
// an extra attempt that the automatic schedule does not count.
// Stryker disable all: mutation testing (stryker.config.mjs) covers only the kept state's parts, each between a
// `Stryker restore all` and the next `Stryker disable all`.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { ClientRequest } from 'node:http';
import type https from 'node:https';
import { SIGNATURE_HEADER, signBody } from '../../signature/index.js';
import type { RetrySchedule } from '../../schema/rules.js';
import { ANSWER_BODY_KEPT_BYTES, ANSWER_HEADERS_KEPT } from '../../schema/emulator-control.js';
import type {
  AttemptEvent,
  DeliveryAbout,
  DeliveryAttempt,
  DeliveryRecord,
  DeliveryState,
  GivenUpReason,
  NetworkErrorKind,
} from '../../schema/emulator-control.js';
import type { Change, KeptEntry, KeptResource } from '../kept/change.js';
import { EntryRouter, KeepError, MemoryKeeper } from '../kept/change.js';
import { WriteGate } from '../kept/write-gate.js';
import { AttemptFeed } from './attempt-feed.js';
import { SearchIndex } from './search-index.js';

export interface DeliveryTuning {
  /** An attempt without a 2xx answer within this time counts as failed. */
  attemptTimeoutMs: number;
  maxAttempts: number;
  /** The wait before the next attempt, after `failedAttempts` attempts failed. */
  retryDelayMs: (failedAttempts: number) => number;
  /** Attempts in flight at once; the rest wait, so a slow receiver cannot exhaust sockets or memory. */
  concurrency: number;
  /**
   * Finished messages kept, with their attempts and bodies, for `GET /_emulator/deliveries` and redelivery; beyond
   * it the one finished first is forgotten (and counted). Unfinished ones are bounded by maxPending instead.
   */
  retainedRecords: number;
  /**
   * A message still undelivered this long after it was queued is given up, however many attempts it had: while
   * stalled receivers hold every slot, messages wait their turn, and the schedule alone would not bound that.
   */
  giveUpAfterMs: number;
  /** Unfinished messages (queued, waiting to retry or in flight) at most; beyond it the oldest is given up. */
  maxPending: number;
  /** The same bound on the bytes of their bodies, as an injected transaction may make a message of megabytes. */
  maxPendingBytes: number;
}

/**
 * Per the contract: 5 s attempt timeout, at least 5 attempts, and a receiver that is down is given up within
 * 2 minutes. 6 attempts with 1, 2, 4, 8 and 16 s between them take at most 6 × 5 + 31 = 61 s when every attempt
 * times out; the 100 s limit covers the time a message may wait for a free slot. A dead receiver on every chain
 * then holds at most 5,000 messages of a few KB each.
 */
export const DEFAULT_DELIVERY_TUNING: DeliveryTuning = {
  attemptTimeoutMs: 5_000,
  maxAttempts: 6,
  retryDelayMs: (failedAttempts) => Math.min(16_000, 1_000 * 2 ** (failedAttempts - 1)),
  concurrency: 32,
  retainedRecords: 10_000,
  giveUpAfterMs: 100_000,
  maxPending: 5_000,
  maxPendingBytes: 64 * 1024 * 1024,
};

/** The real service's waits between attempts: 10 s, 1 min, 5 min, 10 min, 30 min, 2 h, 6 h, 12 h, 24 h. */
const REAL_RETRY_DELAYS_MS = [10, 60, 300, 600, 1_800, 7_200, 21_600, 43_200, 86_400].map((seconds) => seconds * 1_000);

/**
 * As the real service retries: an attempt and one more after each of its waits, about 45 h in all. The time limit
 * covers the schedule, every attempt timing out, and an hour of waiting for a free slot.
 */
export const REAL_DELIVERY_TUNING: DeliveryTuning = {
  ...DEFAULT_DELIVERY_TUNING,
  maxAttempts: REAL_RETRY_DELAYS_MS.length + 1,
  retryDelayMs: (failedAttempts) => REAL_RETRY_DELAYS_MS[Math.min(failedAttempts, REAL_RETRY_DELAYS_MS.length) - 1]!,
  giveUpAfterMs: REAL_RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0) + (REAL_RETRY_DELAYS_MS.length + 1) * 5_000 + 3_600_000,
};

export function tuningFor(schedule: RetrySchedule = 'fast'): DeliveryTuning {
  return schedule === 'real' ? REAL_DELIVERY_TUNING : DEFAULT_DELIVERY_TUNING;
}

/** What the queue asks of the emulator it is part of. */
export interface DeliveryHooks {
  /** Keeps a change of the queue's records (the emulator's keeper). */
  keep<T>(change: Change<T>): Promise<T>;
  /** Set while changes are refused (a failing disk): no attempt is started whose outcome could not be kept. */
  failure(): Error | undefined;
  /** The key's shared secret now, made and kept on first use: each attempt is signed with the one current when it is sent. */
  secretFor(ownerKey: string): Promise<string>;
  /** A message failed for good (attempts used up, or out of time after a failed one): its webhook is switched off. */
  exhausted(webhookId: string, messageId: string): Promise<void>;
}

export type { DeliveryRecord, DeliveryState };

/** A message as the emulator keeps it in memory: plain data, listed, shown and redelivered alike. */
export interface StoredDelivery {
  /** Creation order: the cursor of the newest-first listing, stable while newer messages arrive. */
  sequence: number;
  /** `record.createdAt` in ms, for time ranges without parsing. */
  createdMs: number;
  record: DeliveryRecord;
  /** The key whose shared secret signs the message; never shown. */
  ownerKey: string;
  /** The exact text sent as the body. */
  body: string;
  /** In order of their numbers. */
  attempts: DeliveryAttempt[];
  /** Set once forgotten: the orders and indexes that still hold it pass over it (cheaper than a lookup by id). */
  forgotten?: true;
}

/** A new message, for planMessages. */
export interface NewMessage {
  webhookId: string;
  url: string;
  messageId: string;
  message: unknown;
  ownerKey: string;
  webhookName: string | null;
  about?: DeliveryAbout;
}

/** What a listing asks for: newest first, older than `beforeSequence` when continuing. */
export interface DeliveryQuery {
  webhookId?: string;
  state?: DeliveryState;
  /** Messages made at this time (ms) or later. */
  sinceMs?: number;
  /** Messages made before this time (ms). */
  untilMs?: number;
  /** A message id (or its first 8+ characters), a transaction hash or an address, in any case. */
  q?: string;
  beforeSequence?: number;
  /** At most this many; every match when absent. */
  limit?: number;
}

export interface DeliveryPage {
  records: DeliveryRecord[];
  /** How many kept messages match the filters, across every page. */
  total: number;
  /** The sequence of the last record given, when more match after it. */
  continueBefore?: number;
}

/** Kept messages by state. */
type StateCounts = Record<DeliveryState, number>;

/** What the queue knows of one webhook's kept messages, for the webhook summary and the listing's totals. */
export interface WebhookDeliveryStats {
  /** Kept messages of the webhook; its stats are dropped at 0. */
  messages: number;
  byState: StateCounts;
  /** The start of the newest attempt answered 2xx (ISO 8601), or null. */
  lastSuccessAt: string | null;
}

const MESSAGE_KIND = 'message';
const ATTEMPT_KIND = 'attempt';
const OUTCOME_KIND = 'outcome';
const STARTED_KIND = 'started';
const COUNTS_KIND = 'deliveries';
const DROPPED_KEY = 'dropped';

/** A message's record as made: what never changes. */
interface MessageValue {
  sequence: number;
  webhookId: string;
  webhookName: string | null;
  url: string;
  createdAt: string;
  ownerKey: string;
  body: string;
  /** Absent in records kept before the field was. */
  about?: DeliveryAbout;
}

/** An attempt as it starts: what its record says if it never ends. */
interface StartedValue {
  number: number;
  startedAt: string;
  url: string;
  requestHeaders: Record<string, string>;
  redelivery?: true;
}

/** How a message ended; why, when it failed (absent in records kept before the reason was). */
interface OutcomeValue {
  state: 'delivered' | 'failed';
  webhookDeactivated?: true;
  reason?: GivenUpReason;
  switchedOffBy?: string;
}

/** Why a webhook's unfinished messages are given up at once: its owner deactivated it, or a failed message did. */
export type CancelCause = { reason: 'webhook_deactivated' } | { reason: 'webhook_switched_off'; byMessageId: string };

/** How an attempt ended. */
interface AttemptOutcome {
  status: number | null;
  error?: NetworkErrorKind;
  errorMessage?: string;
  responseBody?: string;
  responseBodyCut?: boolean;
  responseHeaders?: Record<string, string>;
}

/** Why the queue gives a message up before it is delivered; only `expired` can be the receiver's doing. */
type GiveUpReason = Extract<GivenUpReason, 'expired' | 'queue_full'>;

/** A message still being delivered: what it takes at run time (the bytes, timers, the request in flight). */
interface Job {
  stored: StoredDelivery;
  /** The signature of the body under a secret, kept until the key's secret changes. */
  signed?: { secret: string; signature: string };
  body: Buffer;
  /** Automatic attempts that ended without a 2xx answer: what the schedule counts (redeliveries are not). */
  failedAttempts: number;
  /** Set once its outcome is kept (or it is being given up): no attempt is started for it. */
  done: boolean;
  givingUp: boolean;
  retryTimer?: NodeJS.Timeout;
  giveUpTimer?: NodeJS.Timeout;
  request?: ClientRequest;
}

/** A search shorter than this finds a message by its whole id only. */
const MESSAGE_ID_PREFIX_MIN = 8;

/** When a change cannot be kept (a failing disk), what waits on it is tried again this much later. */
const AFTER_KEEP_FAILURE_MS = 1_000;

let httpsModule: Promise<typeof https> | undefined;

/** node:https (and TLS) load only once a webhook url needs them. */
function loadHttps(): Promise<typeof https> {
  httpsModule ??= import('node:https').then((module) => module.default);
  return httpsModule;
}

export class DeliveryQueue implements KeptResource {
  readonly kinds = [MESSAGE_KIND, ATTEMPT_KIND, OUTCOME_KIND, COUNTS_KIND, STARTED_KIND];
  /** Every attempt as it ends, for the stream of the control API. */
  readonly feed = new AttemptFeed();
  private readonly hooks: DeliveryHooks;
  private readonly records = new Map<string, StoredDelivery>();
  /** Attempts started and not ended (under way, or cut off by a stop or a kill), by `<message id>/<number>`. */
  private readonly started = new Map<string, StartedValue>();
  /** Messages by creation, oldest first: forgotten ones stay until compacted away. */
  private createdOrder: StoredDelivery[] = [];
  /** Messages by id, transaction hash and address, for `q`. */
  private readonly search = new SearchIndex<StoredDelivery>();
  /** Messages by webhook, for listings of one webhook. */
  private readonly byWebhook = new SearchIndex<StoredDelivery>();
  /** Per webhook with kept messages. */
  private readonly webhookStats = new Map<string, WebhookDeliveryStats>();
  /** Every kept message by state. */
  private readonly stateCounts: StateCounts = { retrying: 0, delivered: 0, failed: 0 };
  /** Messages a recovery has yet to send again: a second recovery does not send them twice. */
  private readonly recovering = new Set<string>();
  private nextSequence = 1;
  /** Messages forgotten since start or reset. */
  private droppedCount = 0;
  /** Message ids of finished deliveries, oldest first, the order in which their records are forgotten. */
  private finishedOrder: string[] = [];
  private finishedHead = 0;
  private readonly jobs = new Map<string, Job>();
  /** Jobs waiting for a slot, from readyHead on; finished ones stay until passed over or compacted away. */
  private ready: Job[] = [];
  private readyHead = 0;
  private inFlight = 0;
  private pendingBytes = 0;
  /** Attempts of one message one at a time. */
  private readonly perMessage = new WriteGate();
  /** Runs jobs once started (after a restart's records are all read); stops for good at close. */
  private running = false;
  private stopped = false;
  private forgetting = false;
  private pumpTimer: NodeJS.Timeout | undefined;
  private readonly httpAgent: http.Agent;
  private httpsAgent: https.Agent | undefined;

  /**
   * Without hooks (a queue on its own, as in tests) its changes are kept in memory, messages are signed with one
   * random secret and nothing is switched off; without a keeper of its own it runs at once.
   */
  constructor(
    private readonly tuning: DeliveryTuning,
    hooks: Partial<DeliveryHooks> = {},
  ) {
    this.httpAgent = new http.Agent({ keepAlive: true, maxSockets: tuning.concurrency });
    const keeper = hooks.keep ? undefined : new MemoryKeeper(new EntryRouter([this]));
    const secret = randomBytes(32).toString('hex');
    this.hooks = {
      keep: (change) => keeper!.keep(change),
      failure: () => undefined,
      secretFor: async () => secret,
      exhausted: async () => {},
      ...hooks,
    };
    if (keeper) this.start();
  }

  /** Starts delivering: the messages restored unfinished, and every one made from now on. */
  start(): void {
    if (this.running || this.stopped) return;
    this.running = true;
    for (const job of this.jobs.values()) this.launch(job);
    this.pump();
    this.afterChange();
  }

  /** The records of new messages, numbered in the order given; each is sent once they are kept. */
  planMessages(messages: readonly NewMessage[]): KeptEntry[] {
    const createdAt = new Date().toISOString();
    return messages.map((message): KeptEntry => {
      // A message's record is kept once: one planned on a live id would be taken for it, and never sent.
      if (this.records.has(message.messageId)) throw new Error(`a new message was given the id of a kept one (${message.messageId})`);
      const value: MessageValue = {
        sequence: this.nextSequence++,
        webhookId: message.webhookId,
        webhookName: message.webhookName,
        url: message.url,
        createdAt,
        ownerKey: message.ownerKey,
        body: JSON.stringify(message.message),
        ...(message.about ? { about: message.about } : {}),
      };
      return [MESSAGE_KIND, message.messageId, value];
    });
  }

  /** Makes one message and keeps it (a queue on its own, as in tests): resolves once it is queued. */
  enqueue(
    webhookId: string,
    url: string,
    messageId: string,
    message: unknown,
    ownerKey = '',
    webhookName: string | null = null,
  ): Promise<void> {
    return this.hooks.keep({ entries: this.planMessages([{ webhookId, url, messageId, message, ownerKey, webhookName }]) });
  }

  /** The records that give up the webhook's unfinished messages (it was switched off), each saying why. */
  planCancel(webhookId: string, cause: CancelCause = { reason: 'webhook_deactivated' }): KeptEntry[] {
    const why: Pick<OutcomeValue, 'reason' | 'switchedOffBy'> =
      cause.reason === 'webhook_switched_off' ? { reason: cause.reason, switchedOffBy: cause.byMessageId } : { reason: cause.reason };
    const entries: KeptEntry[] = [];
    for (const job of this.jobs.values()) {
      if (job.stored.record.webhookId === webhookId) entries.push(outcome(job.stored.record.messageId, { state: 'failed', ...why }));
    }
    return entries;
  }

  /** The record saying that this message's failure switched its webhook off (why it failed kept as it was). */
  planDeactivatedBy(messageId: string): KeptEntry[] {
    const stored = this.records.get(messageId);
    if (!stored) return [];
    const reason = stored.record.givenUpReason ?? 'attempts_exhausted';
    return [outcome(messageId, { state: 'failed', webhookDeactivated: true, reason })];
  }

  /** The records that forget every message (a reset). */
  planReset(): KeptEntry[] {
    const entries: KeptEntry[] = [...this.records.keys()].map((messageId): KeptEntry => [MESSAGE_KIND, messageId, null]);
    entries.push([COUNTS_KIND, DROPPED_KEY, 0]);
    return entries;
  }

  /** The webhook's unfinished messages go to `url` from their next attempt on. */
  retarget(webhookId: string, url: string): void {
    for (const job of this.jobs.values()) {
      if (job.stored.record.webhookId === webhookId) job.stored.record.url = url;
    }
  }

  /** Unfinished messages, for tests and figures. */
  pending(): { messages: number; bytes: number } {
    return { messages: this.jobs.size, bytes: this.pendingBytes };
  }

  /** Every kept message, oldest first. */
  list(): DeliveryRecord[] {
    return [...this.records.values()].map((stored) => stored.record);
  }

  /** Messages forgotten to stay within retainedRecords, since start or reset. */
  dropped(): number {
    return this.droppedCount;
  }

  /**
   * Newest first, filtered, from a cursor on: walks back from the cursor, so newer messages do not shift pages. With
   * `q` it walks only the messages the search index gives for it; with `webhookId`, only that webhook's. The total
   * counts every match: kept counts when only the webhook and the state filter, else a scan (without JSON work) of
   * what is walked.
   */
  query(query: DeliveryQuery): DeliveryPage {
    const searched =
      query.q !== undefined
        ? this.searched(query.q)
        : query.webhookId !== undefined
          ? (this.byWebhook.find(query.webhookId) ?? { items: [], live: 0 })
          : undefined;
    const source = searched?.items ?? this.createdOrder;
    // Creation times only grow along the order (a message's time and number are given together): a time range is
    // one span of it, found by halving, and a range that holds it all filters nothing.
    const from = query.sinceMs === undefined ? 0 : firstMadeAtOrAfter(source, query.sinceMs);
    const to = query.untilMs === undefined ? source.length : firstMadeAtOrAfter(source, query.untilMs);
    const timed = from > 0 || to < source.length;
    const records: DeliveryRecord[] = [];
    const limit = query.limit ?? Infinity;
    const matches = (stored: StoredDelivery): boolean =>
      this.isKept(stored) &&
      (query.webhookId === undefined || stored.record.webhookId === query.webhookId) &&
      (query.state === undefined || stored.record.state === query.state);
    let index = Math.min(to, query.beforeSequence === undefined ? source.length : positionBefore(source, query.beforeSequence) + 1) - 1;
    let lastSequence: number | undefined;
    let continueBefore: number | undefined;
    for (; index >= from; index--) {
      const stored = source[index]!;
      if (!matches(stored)) continue;
      // One match beyond the page says whether there is a next one, so the last page never comes back empty.
      if (records.length === limit) {
        continueBefore = lastSequence;
        break;
      }
      records.push(stored.record);
      lastSequence = stored.sequence;
    }
    let total = 0;
    if (!timed && query.q === undefined) {
      const counts = query.webhookId === undefined ? this.stateCounts : this.webhookStats.get(query.webhookId)?.byState;
      total = query.state !== undefined ? (counts?.[query.state] ?? 0) : (searched?.live ?? this.records.size);
    } else if (!timed && query.webhookId === undefined && query.state === undefined) {
      total = searched!.live;
    } else {
      for (let at = from; at < to; at++) if (matches(source[at]!)) total++;
    }
    return continueBefore === undefined ? { records, total } : { records, total, continueBefore };
  }

  /** What the queue knows of each webhook with kept messages. */
  webhookSummaries(): ReadonlyMap<string, WebhookDeliveryStats> {
    return this.webhookStats;
  }

  /**
   * Sends the webhook's failed messages made at `sinceMs` or later once more, oldest first, one after another (as
   * redeliveries), to its url as it is now; a message a recovery under way will send is not taken again. Returns
   * their ids at once; the attempts follow on the stream.
   */
  recover(webhookId: string, sinceMs: number, url: string): string[] {
    const taken: string[] = [];
    for (const stored of this.createdOrder) {
      const { record } = stored;
      if (!this.isKept(stored) || record.webhookId !== webhookId || record.state !== 'failed' || stored.createdMs < sinceMs) continue;
      if (this.recovering.has(record.messageId)) continue;
      taken.push(record.messageId);
    }
    for (const messageId of taken) this.recovering.add(messageId);
    void (async () => {
      for (const messageId of taken) {
        try {
          if (this.running) await this.redeliver(messageId, url, true);
        } catch {
          // Not kept (a failing disk): the message stays failed, for a later recovery.
        } finally {
          this.recovering.delete(messageId);
        }
      }
    })();
    return taken;
  }

  /**
   * The messages `q` finds, oldest first (forgotten ones among them), and how many are kept: those under it in the
   * index, else, for 8 characters or more, the messages whose id starts with it (never with `0x`: an id is a UUID,
   * and an address or a hash not found must not cost a scan).
   */
  private searched(q: string): { items: readonly StoredDelivery[]; live: number } {
    const key = q.toLowerCase();
    const found = this.search.find(key);
    if (found) return found;
    if (key.length < MESSAGE_ID_PREFIX_MIN || key.startsWith('0x')) return { items: [], live: 0 };
    const items = this.createdOrder.filter((stored) => this.isKept(stored) && stored.record.messageId.toLowerCase().startsWith(key));
    return { items, live: items.length };
  }

  private statsOf(webhookId: string): WebhookDeliveryStats {
    let stats = this.webhookStats.get(webhookId);
    if (!stats) {
      stats = { messages: 0, byState: { retrying: 0, delivered: 0, failed: 0 }, lastSuccessAt: null };
      this.webhookStats.set(webhookId, stats);
    }
    return stats;
  }

  private isKept(stored: StoredDelivery): boolean {
    return stored.forgotten !== true;
  }

  /** The message with its attempts and body, while it is kept. */
  get(messageId: string): StoredDelivery | undefined {
    return this.records.get(messageId);
  }

  /**
   * Sends the message once more now, to `url` or its own, with the same id and body, signed with the key's secret
   * as it is now: a further attempt, once any attempt of it under way has ended. An answer of 2xx at its own url marks
   * it delivered (a retry still scheduled is called off), as does one at `url` when it is the webhook's url now
   * (`toItsWebhook`, a recovery); an attempt elsewhere, or any other outcome, leaves its state as it was. Resolves
   * once the attempt is kept (undefined when the message is not kept); rejects with KeepError when it cannot be.
   */
  redeliver(messageId: string, url?: string, toItsWebhook = false): Promise<AttemptEvent | undefined> {
    return this.perMessage.run([messageId], async () => {
      const stored = this.records.get(messageId);
      if (!stored) return undefined;
      const secret = await this.hooks.secretFor(stored.ownerKey);
      const number = stored.record.attempts + 1;
      const target = url ?? stored.record.url;
      const headers = requestHeaders(Buffer.byteLength(stored.body), signBody(secret, JSON.parse(stored.body)));
      const startedAt = Date.now();
      await this.hooks.keep({ entries: [startedEntry(messageId, number, startedAt, target, headers, true)] });
      const sent = await this.send(target, headers, Buffer.from(stored.body), () => {});
      const attempt = attemptRecord(number, startedAt, target, headers, sent, true);
      const entries: KeptEntry[] = [
        [ATTEMPT_KIND, attemptKey(messageId, number), attempt],
        [STARTED_KIND, attemptKey(messageId, number), null],
      ];
      // Delivered only where it was meant to go: an attempt elsewhere (--to) is recorded, and changes no state.
      if (isSuccess(sent.status) && (toItsWebhook || target === stored.record.url))
        entries.push(outcome(messageId, { state: 'delivered' }));
      return this.hooks.keep({ entries, then: () => this.published(messageId, attempt) });
    });
  }

  // Stryker restore all
  applyEntry(kind: string, key: string, value: unknown): void {
    if (kind === MESSAGE_KIND) {
      if (value === null) this.forget(key);
      else if (!this.records.has(key)) this.add(key, value as MessageValue);
    } else if (kind === ATTEMPT_KIND) {
      const slash = key.lastIndexOf('/');
      const stored = this.records.get(key.slice(0, slash));
      if (stored) this.addAttempt(stored, value as DeliveryAttempt);
    } else if (kind === OUTCOME_KIND) {
      const stored = this.records.get(key);
      if (stored && value !== null) this.end(stored, value as OutcomeValue);
    } else if (kind === STARTED_KIND) {
      if (value === null) this.started.delete(key);
      else this.started.set(key, value as StartedValue);
    } else if (key === DROPPED_KEY) {
      this.droppedCount = value as number;
    }
  }

  restore(tables: ReadonlyMap<string, ReadonlyMap<string, unknown>>): void {
    const messages = [...((tables.get(MESSAGE_KIND) ?? new Map()) as ReadonlyMap<string, MessageValue>)];
    messages.sort(([, a], [, b]) => a.sequence - b.sequence);
    for (const [messageId, value] of messages) this.add(messageId, value);
    // In any order: each attempt is inserted at its number.
    for (const [key, attempt] of (tables.get(ATTEMPT_KIND) ?? new Map()) as ReadonlyMap<string, DeliveryAttempt>) {
      this.applyEntry(ATTEMPT_KIND, key, attempt);
    }
    // Started and never ended: restored as ended without an answer (the receiver may have got it), kept as started.
    for (const [key, value] of (tables.get(STARTED_KIND) ?? new Map()) as ReadonlyMap<string, StartedValue>) {
      const stored = this.records.get(key.slice(0, key.lastIndexOf('/')));
      if (!stored || stored.attempts.some((each) => each.number === value.number)) continue;
      this.started.set(key, value);
      this.addAttempt(stored, interruptedAttempt(value));
    }
    for (const [messageId, value] of (tables.get(OUTCOME_KIND) ?? new Map()) as ReadonlyMap<string, OutcomeValue>) {
      this.applyEntry(OUTCOME_KIND, messageId, value);
    }
    this.droppedCount = (tables.get(COUNTS_KIND)?.get(DROPPED_KEY) as number | undefined) ?? 0;
  }

  *snapshot(): Iterable<KeptEntry> {
    for (const stored of this.createdOrder) {
      if (!this.isKept(stored)) continue;
      const { record } = stored;
      const { messageId } = record;
      const value: MessageValue = {
        sequence: stored.sequence,
        webhookId: record.webhookId,
        webhookName: record.webhookName,
        url: record.url,
        createdAt: record.createdAt,
        ownerKey: stored.ownerKey,
        body: stored.body,
        ...(record.about ? { about: record.about } : {}),
      };
      yield [MESSAGE_KIND, messageId, value];
      // An attempt is never changed once recorded: the same object can be written later.
      for (const attempt of stored.attempts) yield [ATTEMPT_KIND, attemptKey(messageId, attempt.number), attempt];
      if (record.state !== 'retrying') {
        yield outcome(messageId, {
          state: record.state,
          ...(record.webhookDeactivated ? { webhookDeactivated: true as const } : {}),
          ...(record.givenUpReason ? { reason: record.givenUpReason } : {}),
          ...(record.switchedOffBy ? { switchedOffBy: record.switchedOffBy } : {}),
        });
      }
    }
    for (const [key, value] of this.started) {
      if (this.records.has(key.slice(0, key.lastIndexOf('/')))) yield [STARTED_KIND, key, value];
    }
    yield [COUNTS_KIND, DROPPED_KEY, this.droppedCount];
  }
  // Stryker disable all

  /** Stops delivering for good: timers cleared, attempts under way aborted; nothing more is kept. */
  close(): void {
    this.stopped = true;
    this.running = false;
    clearTimeout(this.pumpTimer);
    for (const job of this.jobs.values()) {
      clearTimeout(job.retryTimer);
      clearTimeout(job.giveUpTimer);
      job.request?.destroy();
    }
    this.httpAgent.destroy();
    this.httpsAgent?.destroy();
  }

  /** A message's record applied: kept in creation order and, while the queue runs, delivered. */
  private add(messageId: string, value: MessageValue): void {
    const record: DeliveryRecord = {
      messageId,
      webhookId: value.webhookId,
      webhookName: value.webhookName,
      url: value.url,
      createdAt: value.createdAt,
      attempts: 0,
      scheduledAttempts: 0,
      lastStatus: null,
      state: 'retrying',
      ...(value.about ? { about: value.about } : {}),
    };
    const stored: StoredDelivery = {
      sequence: value.sequence,
      createdMs: Date.parse(value.createdAt),
      record,
      ownerKey: value.ownerKey,
      body: value.body,
      attempts: [],
    };
    this.records.set(messageId, stored);
    const at = positionBefore(this.createdOrder, value.sequence) + 1;
    this.createdOrder.splice(at, 0, stored);
    this.search.add(stored, searchKeys(record));
    this.byWebhook.add(stored, [record.webhookId]);
    const stats = this.statsOf(record.webhookId);
    stats.messages++;
    stats.byState[record.state]++;
    this.stateCounts[record.state]++;
    this.nextSequence = Math.max(this.nextSequence, value.sequence + 1);
    const job: Job = { stored, body: Buffer.from(value.body), failedAttempts: 0, done: false, givingUp: false };
    this.jobs.set(messageId, job);
    this.pendingBytes += job.body.length;
    if (this.running) {
      this.feed.publishMessage({ delivery: { ...record } });
      this.launch(job);
      this.pump();
      this.afterChange();
    }
  }

  /** An attempt's record applied: the message's counts and last answer follow its attempts. */
  private addAttempt(stored: StoredDelivery, attempt: DeliveryAttempt): void {
    const at = stored.attempts.findIndex((other) => other.number >= attempt.number);
    if (at < 0) stored.attempts.push(attempt);
    else stored.attempts.splice(at, stored.attempts[at]!.number === attempt.number ? 1 : 0, attempt);
    const last = stored.attempts[stored.attempts.length - 1]!;
    const { record } = stored;
    record.attempts = last.number;
    record.scheduledAttempts = stored.attempts.filter((each) => !each.redelivery).length;
    record.lastStatus = last.status;
    if (isSuccess(attempt.status)) {
      const stats = this.statsOf(record.webhookId);
      if (stats.lastSuccessAt === null || attempt.startedAt > stats.lastSuccessAt) stats.lastSuccessAt = attempt.startedAt;
    }
    if (last.error) record.lastError = last.error;
    else delete record.lastError;
    const job = this.jobs.get(record.messageId);
    if (job) job.failedAttempts = stored.attempts.filter((each) => !each.redelivery && !isSuccess(each.status)).length;
  }

  /** An outcome's record applied: the message is over (an attempt under way is aborted, its retry called off). */
  private end(stored: StoredDelivery, value: OutcomeValue): void {
    const { record } = stored;
    if (record.state !== value.state) {
      const { byState } = this.statsOf(record.webhookId);
      byState[record.state]--;
      byState[value.state]++;
      this.stateCounts[record.state]--;
      this.stateCounts[value.state]++;
    }
    record.state = value.state;
    if (value.webhookDeactivated) record.webhookDeactivated = true;
    if (value.reason) record.givenUpReason = value.reason;
    if (value.switchedOffBy) record.switchedOffBy = value.switchedOffBy;
    delete record.nextAttemptAt;
    const job = this.jobs.get(record.messageId);
    if (!job) return;
    // Given up other than by an attempt (whose own event told the end): the stream says so, with why.
    if (this.running && value.state === 'failed' && value.reason !== undefined && value.reason !== 'attempts_exhausted') {
      this.feed.publishGivenUp({ delivery: { ...record }, givenUpAt: new Date().toISOString() });
    }
    job.done = true;
    clearTimeout(job.retryTimer);
    clearTimeout(job.giveUpTimer);
    job.request?.destroy();
    this.jobs.delete(record.messageId);
    this.pendingBytes -= job.body.length;
    this.finishedOrder.push(record.messageId);
    if (this.running) this.afterChange();
  }

  /** A message's deletion applied (forgotten, or a reset): gone with its attempts. */
  private forget(messageId: string): void {
    const job = this.jobs.get(messageId);
    if (job) {
      job.done = true;
      clearTimeout(job.retryTimer);
      clearTimeout(job.giveUpTimer);
      job.request?.destroy();
      this.jobs.delete(messageId);
      this.pendingBytes -= job.body.length;
    }
    const stored = this.records.get(messageId);
    if (stored) {
      stored.forgotten = true;
      for (let number = 1; number <= stored.record.attempts + 1; number++) this.started.delete(attemptKey(messageId, number));
      this.search.remove(searchKeys(stored.record), (each) => this.isKept(each));
      this.byWebhook.remove([stored.record.webhookId], (each) => this.isKept(each));
      const stats = this.statsOf(stored.record.webhookId);
      stats.byState[stored.record.state]--;
      this.stateCounts[stored.record.state]--;
      if (--stats.messages === 0) this.webhookStats.delete(stored.record.webhookId);
    }
    this.records.delete(messageId);
    // Forgotten messages stay in the order until they are half of it.
    if (this.createdOrder.length > 1_024 && this.createdOrder.length > 2 * this.records.size) {
      this.createdOrder = this.createdOrder.filter((each) => this.isKept(each));
    }
    if (this.finishedHead > 1_024 && this.finishedHead * 2 > this.finishedOrder.length) {
      this.finishedOrder = this.finishedOrder.slice(this.finishedHead);
      this.finishedHead = 0;
    }
  }

  /** A job enters the run: its time limit starts, and it waits for a slot. */
  private launch(job: Job): void {
    job.giveUpTimer = setTimeout(() => this.giveUp(job, 'expired'), this.tuning.giveUpAfterMs);
    job.giveUpTimer.unref();
    this.ready.push(job);
  }

  /**
   * After a change is applied, what the bounds ask for, as changes of their own (never from inside the one being
   * applied): beyond them the oldest unfinished messages are given up (never the newest: a receiver that is down must
   * not grow memory without end, and the newest message is the one its developer is waiting for), and the oldest
   * finished ones forgotten.
   */
  private afterChange(): void {
    queueMicrotask(() => {
      if (!this.running) return;
      const { maxPending, maxPendingBytes, retainedRecords } = this.tuning;
      let count = this.jobs.size;
      let bytes = this.pendingBytes;
      for (const job of this.jobs.values()) {
        if (count <= 1 || (count <= maxPending && bytes <= maxPendingBytes)) break;
        if (job.givingUp) continue;
        count--;
        bytes -= job.body.length;
        this.giveUp(job, 'queue_full');
      }
      if (this.records.size > retainedRecords && !this.forgetting) this.forgetOldest();
    });
  }

  /** Forgets the oldest finished messages beyond retainedRecords, counted as dropped. */
  private forgetOldest(): void {
    const excess = this.records.size - this.tuning.retainedRecords;
    const entries: KeptEntry[] = [];
    for (let index = this.finishedHead; index < this.finishedOrder.length && entries.length < excess; index++) {
      const messageId = this.finishedOrder[index]!;
      if (this.records.has(messageId) && !this.jobs.has(messageId)) entries.push([MESSAGE_KIND, messageId, null]);
    }
    if (entries.length === 0) return;
    this.forgetting = true;
    const dropped = this.droppedCount + entries.length;
    this.hooks
      .keep({
        entries: [...entries, [COUNTS_KIND, DROPPED_KEY, dropped]],
        then: () => {
          while (this.finishedHead < this.finishedOrder.length && !this.records.has(this.finishedOrder[this.finishedHead]!))
            this.finishedHead++;
        },
      })
      .catch(() => {
        // Kept for the next change to try again.
      })
      .finally(() => {
        this.forgetting = false;
        if (this.running && this.records.size > this.tuning.retainedRecords) this.afterChange();
      });
  }

  /**
   * Gives the message up as failed with the attempts it had; an attempt in flight is aborted, a scheduled one never
   * made. A message out of time after its receiver failed an attempt switches its webhook off, as one out of attempts
   * does; one that never had an attempt finish (it waited behind other receivers for a slot, or just got one) does
   * not: its receiver has not been shown to fail.
   */
  private giveUp(job: Job, reason: GiveUpReason): void {
    if (job.done || job.givingUp || !this.running) return;
    job.givingUp = true;
    const { messageId, webhookId } = job.stored.record;
    const failedBefore = job.failedAttempts > 0;
    this.hooks.keep({ entries: [outcome(messageId, { state: 'failed', reason })] }).then(
      () => {
        if (reason === 'expired' && failedBefore) this.exhaust(webhookId, messageId);
      },
      () => {
        // Not kept (a failing disk): given up when it next can be.
        job.givingUp = false;
        if (job.done || !this.running) return;
        job.giveUpTimer = setTimeout(() => this.giveUp(job, reason), AFTER_KEEP_FAILURE_MS);
        job.giveUpTimer.unref();
      },
    );
  }

  private exhaust(webhookId: string, messageId: string): void {
    this.hooks.exhausted(webhookId, messageId).catch(() => {
      // The webhook stays on: its next message fails the same way, and switches it off then.
    });
  }

  /** The x-signature of the body under the key's secret as it is now; signed again only after the secret changed. */
  private signature(job: Job, secret: string): string {
    if (job.signed?.secret !== secret) {
      // What is signed is the body exactly as sent, parsed back: the receiver verifies the same value.
      job.signed = { secret, signature: signBody(secret, JSON.parse(job.stored.body)) };
    }
    return job.signed.signature;
  }

  private pump(): void {
    if (!this.running) return;
    if (this.hooks.failure()) {
      // No attempt whose outcome could not be kept: they wait for the disk to take writes again.
      this.pumpTimer ??= setTimeout(() => {
        this.pumpTimer = undefined;
        this.pump();
      }, AFTER_KEEP_FAILURE_MS).unref();
      return;
    }
    while (this.inFlight < this.tuning.concurrency && this.readyHead < this.ready.length) {
      const job = this.ready[this.readyHead++]!;
      if (job.done || job.givingUp) continue;
      this.inFlight++;
      void this.attempt(job);
    }
    if (this.readyHead === this.ready.length) {
      this.ready = [];
      this.readyHead = 0;
    } else if (this.ready.length > 1_024 && this.ready.length > 2 * (this.jobs.size + 1)) {
      // While stalled receivers hold every slot the queue never drains, and passed-over or finished entries
      // would pile up: drop them, at a cost the growth since the last compaction pays for.
      this.ready = this.ready.slice(this.readyHead).filter((job) => !job.done);
      this.readyHead = 0;
    }
  }

  // Stryker restore all
  /** One automatic attempt: sent, then kept; what follows (a retry, the end) once it is kept. */
  private async attempt(job: Job): Promise<void> {
    let slotFreed = false;
    const freeSlot = () => {
      if (slotFreed) return;
      slotFreed = true;
      this.inFlight--;
      this.pump();
    };
    try {
      await this.perMessage.run([job.stored.record.messageId], async () => {
        if (job.done || !this.running) return;
        const { stored } = job;
        const { record } = stored;
        const secret = await this.hooks.secretFor(stored.ownerKey);
        if (job.done || !this.running) return;
        const number = record.attempts + 1;
        const url = record.url;
        delete record.nextAttemptAt;
        const headers = requestHeaders(job.body.length, this.signature(job, secret));
        const startedAt = Date.now();
        // Kept before anything is sent: a stop or a kill from here on leaves it recorded, and its number taken.
        await this.hooks.keep({ entries: [startedEntry(record.messageId, number, startedAt, url, headers, false)] });
        if (job.done || !this.running) {
          // Given up meanwhile: nothing is sent, and the attempt must not be restored as one that was.
          this.hooks.keep({ entries: [[STARTED_KIND, attemptKey(record.messageId, number), null]] }).catch(() => {});
          return;
        }
        const sent = await this.send(url, headers, job.body, (request) => {
          job.request = request;
          if (job.done || job.givingUp) request.destroy();
        });
        job.request = undefined;
        freeSlot();
        if (!this.running) return;
        if ((job.done || job.givingUp) && sent.status === null) sent.errorMessage = 'stopped: the message was given up';
        const attempt = attemptRecord(number, startedAt, url, headers, sent, false);
        const entries: KeptEntry[] = [
          [ATTEMPT_KIND, attemptKey(record.messageId, number), attempt],
          [STARTED_KIND, attemptKey(record.messageId, number), null],
        ];
        const exhausted = !isSuccess(sent.status) && job.failedAttempts + 1 >= this.tuning.maxAttempts;
        if (isSuccess(sent.status)) entries.push(outcome(record.messageId, { state: 'delivered' }));
        else if (exhausted && !job.done) entries.push(outcome(record.messageId, { state: 'failed', reason: 'attempts_exhausted' }));
        await this.hooks.keep({
          entries,
          then: () => {
            const retrying = !job.done;
            // Stryker disable next-line BooleanLiteral: whether the attempt stream is told here or by the caller, not kept state.
            if (retrying) this.scheduleRetry(job, this.tuning.retryDelayMs(job.failedAttempts), false);
            this.published(record.messageId, attempt);
            // After the attempt it follows, so a client sees them in the order they happened.
            // Stryker disable next-line ConditionalExpression,ObjectLiteral: the attempt stream's announcement, not kept state.
            if (retrying) this.feed.publishScheduled({ delivery: { ...record } });
          },
        });
        if (exhausted) this.exhaust(record.webhookId, record.messageId);
      });
    } catch (error) {
      if (!(error instanceof KeepError)) throw error;
      // The attempt's outcome could not be kept: it did not count, and is made again once the disk takes writes.
      if (!job.done && this.running) this.scheduleRetry(job, AFTER_KEEP_FAILURE_MS);
    } finally {
      freeSlot();
    }
  }
  // Stryker disable all

  /** Sets the next attempt; the stream is told unless the caller tells it after what it publishes first. */
  private scheduleRetry(job: Job, delayMs: number, announce = true): void {
    if (!this.running) return;
    job.stored.record.nextAttemptAt = new Date(Date.now() + delayMs).toISOString();
    if (announce) this.feed.publishScheduled({ delivery: { ...job.stored.record } });
    clearTimeout(job.retryTimer);
    job.retryTimer = setTimeout(() => {
      job.retryTimer = undefined;
      if (job.done) return;
      this.ready.push(job);
      this.pump();
    }, delayMs);
    job.retryTimer.unref();
  }

  /** Tells the stream of an attempt kept, with its message as it is now. */
  private published(messageId: string, attempt: DeliveryAttempt): AttemptEvent {
    const stored = this.records.get(messageId);
    const event: AttemptEvent = { attempt, delivery: { ...(stored?.record ?? ({ messageId } as DeliveryRecord)) } };
    if (stored) this.feed.publish(event);
    return event;
  }

  /** One POST of the body, read back to its first ANSWER_BODY_KEPT_BYTES; never rejects. */
  private async send(
    url: string,
    headers: Record<string, string>,
    body: Buffer,
    started: (request: ClientRequest) => void,
  ): Promise<AttemptOutcome> {
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    const transport = secure ? await loadHttps() : http;
    if (secure) this.httpsAgent ??= new (await loadHttps()).Agent({ keepAlive: true, maxSockets: this.tuning.concurrency });
    return new Promise<AttemptOutcome>((resolve) => {
      let settled = false;
      let timedOut = false;
      let status: number | null = null;
      const chunks: Buffer[] = [];
      let received = 0;
      let responseHeaders: Record<string, string> = {};
      const answer = (): Pick<AttemptOutcome, 'responseBody' | 'responseBodyCut' | 'responseHeaders'> => ({
        responseBody: Buffer.concat(chunks).subarray(0, ANSWER_BODY_KEPT_BYTES).toString('utf8'),
        responseBodyCut: received > ANSWER_BODY_KEPT_BYTES,
        responseHeaders,
      });
      const settle = (outcome: AttemptOutcome): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timeout);
        resolve(outcome);
      };
      const request = transport.request(target, { method: 'POST', agent: secure ? this.httpsAgent : this.httpAgent, headers });
      started(request);
      const timeout = setTimeout(() => {
        timedOut = true;
        request.destroy(new Error(`no answer within ${this.tuning.attemptTimeoutMs} ms`));
      }, this.tuning.attemptTimeoutMs);
      timeout.unref();
      request.on('response', (response) => {
        status = response.statusCode ?? null;
        responseHeaders = keptHeaders(response.headers);
        response.on('data', (chunk: Buffer) => {
          if (received <= ANSWER_BODY_KEPT_BYTES) chunks.push(chunk);
          received += chunk.length;
          // Enough is kept: the rest is read on (for the socket to be reused) but not held.
          if (received > ANSWER_BODY_KEPT_BYTES) settle({ status, ...answer() });
        });
        response.on('end', () => settle({ status, ...answer() }));
        response.on('error', () => settle({ status, ...answer() }));
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        // An answer whose body broke off is still the receiver's answer.
        if (status !== null) settle({ status, ...answer() });
        else settle({ status: null, error: timedOut ? 'timed out' : networkErrorKind(error), errorMessage: error.message });
      });
      // A destroyed request may close without an error event; either way the attempt is over.
      request.on('close', () =>
        settle(status !== null ? { status, ...answer() } : { status: null, error: 'other', errorMessage: 'connection closed' }),
      );
      request.end(body);
    });
  }
}

/** The index in `order` (by sequence, oldest first) of the last message made before `sequence`; -1 when none. */
function positionBefore(order: readonly StoredDelivery[], sequence: number): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (order[middle]!.sequence < sequence) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

/** The index in `order` (by sequence, oldest first) of the first message made at `ms` or later; its length when none. */
function firstMadeAtOrAfter(order: readonly StoredDelivery[], ms: number): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (order[middle]!.createdMs < ms) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** What `q` finds a message by: its id, its transaction's hash, the addresses it is about; in lower case. */
function searchKeys(record: DeliveryRecord): string[] {
  const keys = [record.messageId.toLowerCase()];
  if (record.about)
    keys.push(record.about.transactionHash.toLowerCase(), ...record.about.addresses.map((address) => address.toLowerCase()));
  return keys;
}

function outcome(messageId: string, value: OutcomeValue): KeptEntry {
  return [OUTCOME_KIND, messageId, value];
}

function attemptKey(messageId: string, number: number): string {
  return `${messageId}/${number}`;
}

function startedEntry(
  messageId: string,
  number: number,
  startedAt: number,
  url: string,
  headers: Record<string, string>,
  redelivery: boolean,
): KeptEntry {
  const value: StartedValue = {
    number,
    startedAt: new Date(startedAt).toISOString(),
    url,
    requestHeaders: headers,
    ...(redelivery ? { redelivery: true as const } : {}),
  };
  return [STARTED_KIND, attemptKey(messageId, number), value];
}

/** An attempt started and never ended: the emulator stopped, or was killed, while it ran. */
function interruptedAttempt(started: StartedValue): DeliveryAttempt {
  return {
    number: started.number,
    startedAt: started.startedAt,
    durationMs: 0,
    url: started.url,
    requestHeaders: started.requestHeaders,
    status: null,
    error: 'other',
    errorMessage: 'the emulator stopped during this attempt: the receiver may have got it',
    ...(started.redelivery ? { redelivery: true as const } : {}),
  };
}

/** An attempt as it is kept and shown; never changed afterwards. */
function attemptRecord(
  number: number,
  startedAt: number,
  url: string,
  headers: Record<string, string>,
  outcome: AttemptOutcome,
  redelivery: boolean,
): DeliveryAttempt {
  return {
    number,
    startedAt: new Date(startedAt).toISOString(),
    durationMs: Math.max(0, Date.now() - startedAt),
    url,
    requestHeaders: headers,
    status: outcome.status,
    ...(outcome.error === undefined ? {} : { error: outcome.error }),
    ...(outcome.errorMessage === undefined ? {} : { errorMessage: outcome.errorMessage }),
    ...(outcome.responseBody === undefined
      ? {}
      : { responseBody: outcome.responseBody, responseBodyCut: outcome.responseBodyCut ?? false }),
    ...(outcome.responseHeaders === undefined ? {} : { responseHeaders: outcome.responseHeaders }),
    ...(redelivery ? { redelivery: true as const } : {}),
  };
}

/**
 * The receiver's answer headers as kept: names in lower case (as node gives them), repeated ones joined, the first
 * ANSWER_HEADERS_KEPT.count of them while their names and values fit in ANSWER_HEADERS_KEPT.bytes.
 */
function keptHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const kept: Record<string, string> = {};
  let count = 0;
  let bytes = 0;
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    bytes += Buffer.byteLength(name) + Buffer.byteLength(text);
    if (count === ANSWER_HEADERS_KEPT.count || bytes > ANSWER_HEADERS_KEPT.bytes) break;
    kept[name] = text;
    count++;
  }
  return kept;
}

function isSuccess(status: number | null): boolean {
  return status !== null && status >= 200 && status < 300;
}

/** What every attempt sends with the body; kept with the attempt as sent. */
function requestHeaders(length: number, signature: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'content-length': String(length),
    'user-agent': 'svc-emulator',
    [SIGNATURE_HEADER]: signature,
  };
}

function networkErrorKind(error: NodeJS.ErrnoException): NetworkErrorKind {
  const code = error.code ?? '';
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'dns';
  if (code === 'ETIMEDOUT') return 'timed out';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'reset';
  // node:tls's and OpenSSL's codes: a certificate refused, a handshake that failed.
  if (/^(ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|UNABLE_TO_|EPROTO$)/.test(code)) return 'tls';
  return 'other';
}
