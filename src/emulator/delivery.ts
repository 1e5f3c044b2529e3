// At-least-once delivery of notification messages: a bounded-concurrency queue with timeouts, backoff retries, a time
// limit per message, and bounds on what it holds (unfinished messages and finished records).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { ClientRequest } from 'node:http';
import type https from 'node:https';
import { SIGNATURE_HEADER, signBody } from '../signature/index.js';
import type { RetrySchedule } from '../schema/rules.js';
import { ANSWER_BODY_KEPT_BYTES } from '../schema/emulator-control.js';
import type { AttemptEvent, DeliveryAttempt, DeliveryRecord, DeliveryState, NetworkErrorKind } from '../schema/emulator-control.js';
import { AttemptFeed } from './attempt-feed.js';

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

/** What the queue asks of the emulator's state while delivering. */
export interface DeliveryHooks {
  /** The key's shared secret now: each attempt is signed with the one current when it is sent. */
  secretFor(ownerKey: string): string;
  /** A message failed for good (attempts used up, or out of time): switch its webhook off; true when it was on. */
  exhausted(webhookId: string): boolean;
}

export type { DeliveryRecord, DeliveryState };

/**
 * A message as the emulator keeps it: plain data (JSON-serialisable as it stands), so it can be listed, shown,
 * redelivered and saved alike.
 */
export interface StoredDelivery {
  /** Creation order: the cursor of the newest-first listing, stable while newer messages arrive. */
  sequence: number;
  record: DeliveryRecord;
  /** The key whose shared secret signs the message; never shown. */
  ownerKey: string;
  /** The exact text sent as the body. */
  body: string;
  attempts: DeliveryAttempt[];
}

/**
 * The queue as a data directory keeps it: every kept message as it is kept (plain data: its record, body and attempts),
 * oldest first, and which of them are still being delivered, with their failed attempts so far.
 */
export interface DeliverySnapshot {
  messages: StoredDelivery[];
  pending: Array<{ messageId: string; failedAttempts: number }>;
  dropped: number;
}

/** What a listing asks for: newest first, older than `beforeSequence` when continuing. */
export interface DeliveryQuery {
  webhookId?: string;
  state?: DeliveryState;
  /** Messages made at this time (ms) or later. */
  sinceMs?: number;
  beforeSequence?: number;
  /** At most this many; every match when absent. */
  limit?: number;
}

export interface DeliveryPage {
  records: DeliveryRecord[];
  /** The sequence of the last record given, when more match after it. */
  continueBefore?: number;
}

/** How an attempt ended. */
interface AttemptOutcome {
  status: number | null;
  error?: NetworkErrorKind;
  errorMessage?: string;
  responseBody?: string;
  responseBodyCut?: boolean;
}

/** Why a message is given up before it is delivered; only `expired` can be the receiver's doing. */
type GiveUpReason = 'expired' | 'cancelled' | 'evicted';

interface Job {
  stored: StoredDelivery;
  record: DeliveryRecord;
  /** The key whose shared secret signs the message. */
  ownerKey: string;
  /** The signature of the body under a secret, kept until the key's secret changes. */
  signed?: { secret: string; signature: string };
  /** The bytes sent, while the job is unfinished (the record keeps the text). */
  body: Buffer;
  givenUp: boolean;
  /** Attempts that ended without a 2xx answer (refused, timed out, an error status). */
  failedAttempts: number;
  retryTimer?: NodeJS.Timeout;
  giveUpTimer?: NodeJS.Timeout;
  request?: ClientRequest;
}

function standaloneHooks(): DeliveryHooks {
  const secret = randomBytes(32).toString('hex');
  return { secretFor: () => secret, exhausted: () => false };
}

let httpsModule: Promise<typeof https> | undefined;

/** node:https (and TLS) load only once a webhook url needs them. */
function loadHttps(): Promise<typeof https> {
  httpsModule ??= import('node:https').then((module) => module.default);
  return httpsModule;
}

export class DeliveryQueue {
  /** Every attempt as it ends, for the stream of the control API. */
  readonly feed = new AttemptFeed();
  private readonly records = new Map<string, StoredDelivery>();
  /** Message ids by creation, oldest first, with their sequences: forgotten ones stay until compacted away. */
  private createdOrder: string[] = [];
  private createdSequences: number[] = [];
  private nextSequence = 1;
  /** Messages forgotten since start or reset. */
  private droppedCount = 0;
  /** Message ids of finished deliveries, oldest first, the order in which their records are forgotten. */
  private finishedOrder: string[] = [];
  private finishedHead = 0;
  private readonly jobs = new Map<string, Job>();
  /** Jobs waiting for a slot, from readyHead on; given-up ones stay until passed over or compacted away. */
  private ready: Job[] = [];
  private readyHead = 0;
  private inFlight = 0;
  private pendingBytes = 0;
  private readonly httpAgent: http.Agent;
  private httpsAgent: https.Agent | undefined;

  /** Without hooks (a queue on its own, as in tests), messages are signed with one random secret and nothing is switched off. */
  constructor(
    private readonly tuning: DeliveryTuning,
    private readonly hooks: DeliveryHooks = standaloneHooks(),
  ) {
    this.httpAgent = new http.Agent({ keepAlive: true, maxSockets: tuning.concurrency });
  }

  /** `ownerKey` is the key whose shared secret signs the message. */
  enqueue(webhookId: string, url: string, messageId: string, message: unknown, ownerKey = '', webhookName: string | null = null): void {
    const record: DeliveryRecord = {
      messageId,
      webhookId,
      webhookName,
      url,
      createdAt: new Date().toISOString(),
      attempts: 0,
      lastStatus: null,
      state: 'retrying',
    };
    const text = JSON.stringify(message);
    const stored: StoredDelivery = { sequence: this.nextSequence++, record, ownerKey, body: text, attempts: [] };
    const job: Job = { stored, record, ownerKey, body: Buffer.from(text), givenUp: false, failedAttempts: 0 };
    this.records.set(messageId, stored);
    this.createdOrder.push(messageId);
    this.createdSequences.push(stored.sequence);
    this.jobs.set(messageId, job);
    this.pendingBytes += job.body.length;
    job.giveUpTimer = setTimeout(() => this.giveUp(job, 'expired'), this.tuning.giveUpAfterMs);
    job.giveUpTimer.unref();
    this.makeRoom();
    this.ready.push(job);
    this.pump();
  }

  /** Unfinished messages, for tests and figures. */
  pending(): { messages: number; bytes: number } {
    return { messages: this.jobs.size, bytes: this.pendingBytes };
  }

  /** Stops the webhook's deliveries at once: queued and scheduled ones are given up, attempts in flight aborted. */
  cancelWebhook(webhookId: string): void {
    for (const job of this.jobs.values()) {
      if (job.record.webhookId === webhookId) this.giveUp(job, 'cancelled');
    }
  }

  /** The webhook's unfinished messages go to `url` from their next attempt on. */
  retarget(webhookId: string, url: string): void {
    for (const job of this.jobs.values()) {
      if (job.record.webhookId === webhookId) job.record.url = url;
    }
  }

  /** Every kept message, oldest first. */
  list(): DeliveryRecord[] {
    return [...this.records.values()].map((stored) => stored.record);
  }

  /** Messages forgotten to stay within retainedRecords, since start or reset. */
  dropped(): number {
    return this.droppedCount;
  }

  /** Newest first, filtered, from a cursor on: walks back from the cursor, so newer messages do not shift pages. */
  query(query: DeliveryQuery): DeliveryPage {
    const records: DeliveryRecord[] = [];
    const limit = query.limit ?? Infinity;
    let index = query.beforeSequence === undefined ? this.createdOrder.length - 1 : this.positionBefore(query.beforeSequence);
    let lastSequence: number | undefined;
    for (; index >= 0; index--) {
      const stored = this.records.get(this.createdOrder[index]!);
      if (!stored) continue;
      const { record } = stored;
      // Creation times only grow along the order: nothing older can match.
      if (query.sinceMs !== undefined && Date.parse(record.createdAt) < query.sinceMs) break;
      if (query.webhookId !== undefined && record.webhookId !== query.webhookId) continue;
      if (query.state !== undefined && record.state !== query.state) continue;
      // One match beyond the page says whether there is a next one, so the last page never comes back empty.
      if (records.length === limit) return { records, continueBefore: lastSequence };
      records.push(record);
      lastSequence = stored.sequence;
    }
    return { records };
  }

  /** The message with its attempts and body, while it is kept. */
  get(messageId: string): StoredDelivery | undefined {
    return this.records.get(messageId);
  }

  /**
   * Sends the message once more now, to `url` or its own, with the same id and body, signed with the key's secret
   * as it is now; recorded as a further attempt. An answer of 2xx marks it delivered (a retry still scheduled is
   * called off); any other outcome leaves its state as it was.
   */
  async redeliver(messageId: string, url?: string): Promise<AttemptEvent | undefined> {
    const stored = this.records.get(messageId);
    if (!stored) return undefined;
    const { record } = stored;
    const secret = this.hooks.secretFor(stored.ownerKey);
    const signature = signBody(secret, JSON.parse(stored.body));
    const target = url ?? record.url;
    record.attempts++;
    const startedAt = Date.now();
    const headers = requestHeaders(Buffer.byteLength(stored.body), signature);
    const outcome = await this.send(target, headers, Buffer.from(stored.body), () => {});
    record.lastStatus = outcome.status;
    if (outcome.error) record.lastError = outcome.error;
    else delete record.lastError;
    if (isSuccess(outcome.status)) {
      record.state = 'delivered';
      const job = this.jobs.get(messageId);
      if (job && !job.givenUp) {
        job.givenUp = true;
        clearTimeout(job.retryTimer);
        delete record.nextAttemptAt;
        this.finish(job);
      }
    }
    return this.recordAttempt(stored, record.attempts, startedAt, target, headers, outcome, true);
  }

  /** Plain JSON of what the queue holds, for a data directory. */
  snapshot(): DeliverySnapshot {
    const messages = this.createdOrder.flatMap((messageId) => {
      const stored = this.records.get(messageId);
      return stored ? [stored] : [];
    });
    const pending = [...this.jobs.values()].map((job) => ({ messageId: job.record.messageId, failedAttempts: job.failedAttempts }));
    return { messages, pending, dropped: this.droppedCount };
  }

  /** Takes up a snapshot after a restart: kept messages are listed again, unfinished ones queued again. */
  restore(snapshot: DeliverySnapshot): void {
    const unfinished = new Map(snapshot.pending.map((saved) => [saved.messageId, saved.failedAttempts]));
    for (const stored of snapshot.messages) {
      const messageId = stored.record.messageId;
      this.records.set(messageId, stored);
      this.createdOrder.push(messageId);
      this.createdSequences.push(stored.sequence);
      this.nextSequence = Math.max(this.nextSequence, stored.sequence + 1);
      const failedAttempts = unfinished.get(messageId);
      if (failedAttempts === undefined) {
        this.finishedOrder.push(messageId);
        continue;
      }
      const job: Job = {
        stored,
        record: stored.record,
        ownerKey: stored.ownerKey,
        body: Buffer.from(stored.body),
        givenUp: false,
        failedAttempts,
      };
      this.jobs.set(messageId, job);
      this.pendingBytes += job.body.length;
      job.giveUpTimer = setTimeout(() => this.giveUp(job, 'expired'), this.tuning.giveUpAfterMs);
      job.giveUpTimer.unref();
      this.ready.push(job);
    }
    this.droppedCount += snapshot.dropped;
    this.pump();
  }

  /** Forgets every delivery, finished or not. */
  reset(): void {
    for (const job of this.jobs.values()) this.giveUp(job, 'cancelled');
    this.records.clear();
    this.finishedOrder = [];
    this.finishedHead = 0;
    this.createdOrder = [];
    this.createdSequences = [];
    this.droppedCount = 0;
  }

  close(): void {
    this.reset();
    this.httpAgent.destroy();
    this.httpsAgent?.destroy();
  }

  /**
   * Beyond the bounds the oldest unfinished messages are given up, never the newest: a receiver that is down must
   * not grow memory without end, and the newest message is the one its developer is waiting for.
   */
  private makeRoom(): void {
    const { maxPending, maxPendingBytes } = this.tuning;
    while (this.jobs.size > 1 && (this.jobs.size > maxPending || this.pendingBytes > maxPendingBytes)) {
      this.giveUp(this.jobs.values().next().value!, 'evicted');
    }
  }

  /**
   * Recorded as failed with the attempts it had; an attempt in flight is aborted, a scheduled one never made.
   * A message out of time after its receiver failed an attempt switches its webhook off, as one out of attempts
   * does; one that never had an attempt finish (it waited behind other receivers for a slot, or just got one) does
   * not: its receiver has not been shown to fail.
   */
  private giveUp(job: Job, reason: GiveUpReason): void {
    if (job.givenUp) return;
    job.givenUp = true;
    clearTimeout(job.retryTimer);
    delete job.record.nextAttemptAt;
    job.request?.destroy();
    job.record.state = 'failed';
    this.finish(job);
    if (reason === 'expired' && job.failedAttempts > 0) this.failedForGood(job);
  }

  private failedForGood(job: Job): void {
    if (this.hooks.exhausted(job.record.webhookId)) job.record.webhookDeactivated = true;
  }

  /** The x-signature of the body under the key's secret as it is now; signed again only after the secret changed. */
  private signature(job: Job): string {
    const secret = this.hooks.secretFor(job.ownerKey);
    if (job.signed?.secret !== secret) {
      // What is signed is the body exactly as sent, parsed back: the receiver verifies the same value.
      job.signed = { secret, signature: signBody(secret, JSON.parse(job.body.toString('utf8'))) };
    }
    return job.signed.signature;
  }

  private pump(): void {
    while (this.inFlight < this.tuning.concurrency && this.readyHead < this.ready.length) {
      const job = this.ready[this.readyHead++]!;
      if (job.givenUp) continue;
      this.inFlight++;
      void this.attempt(job);
    }
    if (this.readyHead === this.ready.length) {
      this.ready = [];
      this.readyHead = 0;
    } else if (this.ready.length > 1_024 && this.ready.length > 2 * (this.jobs.size + 1)) {
      // While stalled receivers hold every slot the queue never drains, and passed-over or given-up entries
      // would pile up: drop them, at a cost the growth since the last compaction pays for.
      this.ready = this.ready.slice(this.readyHead).filter((job) => !job.givenUp);
      this.readyHead = 0;
    }
  }

  private async attempt(job: Job): Promise<void> {
    const signature = this.signature(job);
    const url = job.record.url;
    job.record.attempts++;
    delete job.record.nextAttemptAt;
    const number = job.record.attempts;
    const startedAt = Date.now();
    const headers = requestHeaders(job.body.length, signature);
    const outcome = await this.send(url, headers, job.body, (request) => {
      job.request = request;
      if (job.givenUp) request.destroy();
    });
    job.request = undefined;
    this.inFlight--;
    if (job.givenUp && outcome.status === null) outcome.errorMessage = 'stopped: the message was given up';
    this.afterAttempt(job, outcome);
    this.recordAttempt(job.stored, number, startedAt, url, headers, outcome, false);
    this.pump();
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
      const answer = (): Pick<AttemptOutcome, 'responseBody' | 'responseBodyCut'> => ({
        responseBody: Buffer.concat(chunks).subarray(0, ANSWER_BODY_KEPT_BYTES).toString('utf8'),
        responseBodyCut: received > ANSWER_BODY_KEPT_BYTES,
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

  /** Keeps the attempt with its message and tells the stream. */
  private recordAttempt(
    stored: StoredDelivery,
    number: number,
    startedAt: number,
    url: string,
    headers: Record<string, string>,
    outcome: AttemptOutcome,
    redelivery: boolean,
  ): AttemptEvent {
    const attempt: DeliveryAttempt = {
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
      ...(redelivery ? { redelivery: true as const } : {}),
    };
    stored.attempts.push(attempt);
    const event: AttemptEvent = { attempt, delivery: { ...stored.record } };
    this.feed.publish(event);
    return event;
  }

  private afterAttempt(job: Job, outcome: AttemptOutcome): void {
    if (job.givenUp) return;
    const { status } = outcome;
    job.record.lastStatus = status;
    if (outcome.error) job.record.lastError = outcome.error;
    else delete job.record.lastError;
    if (isSuccess(status)) {
      job.record.state = 'delivered';
      this.finish(job);
      return;
    }
    job.failedAttempts++;
    if (job.record.attempts >= this.tuning.maxAttempts) {
      job.record.state = 'failed';
      this.finish(job);
      this.failedForGood(job);
    } else {
      const delayMs = this.tuning.retryDelayMs(job.record.attempts);
      job.record.nextAttemptAt = new Date(Date.now() + delayMs).toISOString();
      job.retryTimer = setTimeout(() => {
        job.retryTimer = undefined;
        this.ready.push(job);
        this.pump();
      }, delayMs);
      job.retryTimer.unref();
    }
  }

  private finish(job: Job): void {
    if (!this.jobs.delete(job.record.messageId)) return;
    clearTimeout(job.giveUpTimer);
    this.pendingBytes -= job.body.length;
    job.body = Buffer.alloc(0);
    this.finishedOrder.push(job.record.messageId);
    while (this.records.size > this.tuning.retainedRecords && this.finishedHead < this.finishedOrder.length) {
      if (this.records.delete(this.finishedOrder[this.finishedHead++]!)) this.droppedCount++;
    }
    if (this.finishedHead > 1_024 && this.finishedHead * 2 > this.finishedOrder.length) {
      this.finishedOrder = this.finishedOrder.slice(this.finishedHead);
      this.finishedHead = 0;
    }
    // Forgotten ids stay in the creation order until they are half of it.
    if (this.createdOrder.length > 1_024 && this.createdOrder.length > 2 * this.records.size) {
      const kept = this.createdOrder.flatMap((messageId, index) => (this.records.has(messageId) ? [index] : []));
      this.createdOrder = kept.map((index) => this.createdOrder[index]!);
      this.createdSequences = kept.map((index) => this.createdSequences[index]!);
    }
  }

  /** The index of the last message made before `sequence` (-1 when none): a binary search of the creation order. */
  private positionBefore(sequence: number): number {
    let low = 0;
    let high = this.createdSequences.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.createdSequences[middle]! < sequence) low = middle + 1;
      else high = middle;
    }
    return low - 1;
  }
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
  if (error.code === 'ECONNREFUSED') return 'refused';
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return 'reset';
  return 'other';
}
