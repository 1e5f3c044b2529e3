// At-least-once delivery of notification messages: a bounded-concurrency queue with timeouts, backoff retries, a time
// limit per message, and bounds on what it holds (unfinished messages and finished records).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { ClientRequest } from 'node:http';
import type https from 'node:https';
import { SIGNATURE_HEADER, signBody } from '../signature/index.js';
import type { RetrySchedule } from '../schema/rules.js';
import type { DeliveryRecord, DeliveryState } from '../schema/emulator-control.js';

export interface DeliveryTuning {
  /** An attempt without a 2xx answer within this time counts as failed. */
  attemptTimeoutMs: number;
  maxAttempts: number;
  /** The wait before the next attempt, after `failedAttempts` attempts failed. */
  retryDelayMs: (failedAttempts: number) => number;
  /** Attempts in flight at once; the rest wait, so a slow receiver cannot exhaust sockets or memory. */
  concurrency: number;
  /** Finished records kept for `GET /_emulator/deliveries`; older ones are forgotten. */
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

/** The queue as a data directory keeps it: its records as list() gives them, and the bodies of unfinished messages. */
export interface DeliverySnapshot {
  records: ReturnType<DeliveryQueue['list']>;
  pending: Array<{ messageId: string; ownerKey: string; body: string; failedAttempts: number }>;
}

/** Why a message is given up before it is delivered; only `expired` can be the receiver's doing. */
type GiveUpReason = 'expired' | 'cancelled' | 'evicted';

interface Job {
  record: DeliveryRecord;
  /** The key whose shared secret signs the message. */
  ownerKey: string;
  /** The signature of the body under a secret, kept until the key's secret changes. */
  signed?: { secret: string; signature: string };
  /** Dropped when the job finishes, so only unfinished messages hold their bodies. */
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
  private readonly records = new Map<string, DeliveryRecord>();
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
  enqueue(webhookId: string, url: string, messageId: string, message: unknown, ownerKey = ''): void {
    const record: DeliveryRecord = { messageId, webhookId, url, attempts: 0, lastStatus: null, state: 'retrying' };
    const job: Job = { record, ownerKey, body: Buffer.from(JSON.stringify(message)), givenUp: false, failedAttempts: 0 };
    this.records.set(messageId, record);
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

  list(): DeliveryRecord[] {
    return [...this.records.values()];
  }

  /** Plain JSON of what the queue holds, for a data directory. */
  snapshot(): DeliverySnapshot {
    const pending = [...this.jobs.values()].map((job) => ({
      messageId: job.record.messageId,
      ownerKey: job.ownerKey,
      body: job.body.toString('utf8'),
      failedAttempts: job.failedAttempts,
    }));
    return { records: this.list(), pending };
  }

  /** Takes up a snapshot after a restart: finished records are listed again, unfinished messages queued again. */
  restore(snapshot: DeliverySnapshot): void {
    const unfinished = new Set(snapshot.pending.map((job) => job.messageId));
    for (const record of snapshot.records) {
      this.records.set(record.messageId, record);
      if (!unfinished.has(record.messageId)) this.finishedOrder.push(record.messageId);
    }
    for (const saved of snapshot.pending) {
      const record = this.records.get(saved.messageId);
      if (!record) continue;
      const job: Job = {
        record,
        ownerKey: saved.ownerKey,
        body: Buffer.from(saved.body),
        givenUp: false,
        failedAttempts: saved.failedAttempts,
      };
      this.jobs.set(record.messageId, job);
      this.pendingBytes += job.body.length;
      job.giveUpTimer = setTimeout(() => this.giveUp(job, 'expired'), this.tuning.giveUpAfterMs);
      job.giveUpTimer.unref();
      this.ready.push(job);
    }
    this.pump();
  }

  /** Forgets every delivery, finished or not. */
  reset(): void {
    for (const job of this.jobs.values()) this.giveUp(job, 'cancelled');
    this.records.clear();
    this.finishedOrder = [];
    this.finishedHead = 0;
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
    const target = new URL(job.record.url);
    const secure = target.protocol === 'https:';
    const transport = secure ? await loadHttps() : http;
    if (secure) this.httpsAgent ??= new (await loadHttps()).Agent({ keepAlive: true, maxSockets: this.tuning.concurrency });
    job.record.attempts++;
    let settled = false;
    const settle = (status: number | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timeout);
      job.request = undefined;
      this.inFlight--;
      this.afterAttempt(job, status);
      this.pump();
    };
    const request = transport.request(target, {
      method: 'POST',
      agent: secure ? this.httpsAgent : this.httpAgent,
      headers: {
        'content-type': 'application/json',
        'content-length': job.body.length,
        'user-agent': 'svc-emulator',
        [SIGNATURE_HEADER]: signature,
      },
    });
    job.request = request;
    const timeout = setTimeout(() => request.destroy(new Error('attempt timed out')), this.tuning.attemptTimeoutMs);
    timeout.unref();
    request.on('response', (response) => {
      // The body is irrelevant, but it must be read for the socket to be reused.
      response.resume();
      settle(response.statusCode ?? null);
    });
    request.on('error', () => settle(null));
    // A destroyed request may close without an error event; either way the attempt is over.
    request.on('close', () => settle(null));
    if (job.givenUp) request.destroy();
    else request.end(job.body);
  }

  private afterAttempt(job: Job, status: number | null): void {
    if (job.givenUp) return;
    job.record.lastStatus = status;
    if (status !== null && status >= 200 && status < 300) {
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
      job.retryTimer = setTimeout(() => {
        job.retryTimer = undefined;
        this.ready.push(job);
        this.pump();
      }, this.tuning.retryDelayMs(job.record.attempts));
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
      this.records.delete(this.finishedOrder[this.finishedHead++]!);
    }
    if (this.finishedHead > 1_024 && this.finishedHead * 2 > this.finishedOrder.length) {
      this.finishedOrder = this.finishedOrder.slice(this.finishedHead);
      this.finishedHead = 0;
    }
  }
}
