// At-least-once delivery of notification messages: a bounded-concurrency queue with timeouts, backoff retries and bounded records.
import http from 'node:http';
import type { ClientRequest } from 'node:http';
import type https from 'node:https';

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
}

/** Per the contract: 5 s attempt timeout, at least 5 attempts (8: about two minutes of backoff), doubling delays. */
export const DEFAULT_DELIVERY_TUNING: DeliveryTuning = {
  attemptTimeoutMs: 5_000,
  maxAttempts: 8,
  retryDelayMs: (failedAttempts) => Math.min(60_000, 1_000 * 2 ** (failedAttempts - 1)),
  concurrency: 32,
  retainedRecords: 10_000,
};

export type DeliveryState = 'delivered' | 'retrying' | 'failed';

/** The shape `GET /_emulator/deliveries` lists; `retrying` covers every delivery not yet finished. */
export interface DeliveryRecord {
  messageId: string;
  webhookId: string;
  url: string;
  attempts: number;
  /** The HTTP status of the last answer; null when there was none (refused, reset, timed out). */
  lastStatus: number | null;
  state: DeliveryState;
}

interface Job {
  record: DeliveryRecord;
  /** Dropped when the job finishes, so only unfinished messages hold their bodies. */
  body: Buffer;
  cancelled: boolean;
  retryTimer?: NodeJS.Timeout;
  request?: ClientRequest;
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
  private ready: Job[] = [];
  private readyHead = 0;
  private inFlight = 0;
  private readonly httpAgent: http.Agent;
  private httpsAgent: https.Agent | undefined;

  constructor(private readonly tuning: DeliveryTuning) {
    this.httpAgent = new http.Agent({ keepAlive: true, maxSockets: tuning.concurrency });
  }

  enqueue(webhookId: string, url: string, messageId: string, message: unknown): void {
    const record: DeliveryRecord = { messageId, webhookId, url, attempts: 0, lastStatus: null, state: 'retrying' };
    const job: Job = { record, body: Buffer.from(JSON.stringify(message)), cancelled: false };
    this.records.set(messageId, record);
    this.jobs.set(messageId, job);
    this.ready.push(job);
    this.pump();
  }

  /** Stops the webhook's deliveries at once: queued and scheduled ones are given up, attempts in flight aborted. */
  cancelWebhook(webhookId: string): void {
    for (const job of this.jobs.values()) {
      if (job.record.webhookId === webhookId) this.cancel(job);
    }
  }

  list(): DeliveryRecord[] {
    return [...this.records.values()];
  }

  /** Forgets every delivery, finished or not. */
  reset(): void {
    for (const job of this.jobs.values()) this.cancel(job);
    this.records.clear();
    this.finishedOrder = [];
    this.finishedHead = 0;
  }

  close(): void {
    this.reset();
    this.httpAgent.destroy();
    this.httpsAgent?.destroy();
  }

  private cancel(job: Job): void {
    job.cancelled = true;
    clearTimeout(job.retryTimer);
    job.request?.destroy();
    job.record.state = 'failed';
    this.finish(job);
  }

  private pump(): void {
    while (this.inFlight < this.tuning.concurrency && this.readyHead < this.ready.length) {
      const job = this.ready[this.readyHead++]!;
      if (job.cancelled) continue;
      this.inFlight++;
      void this.attempt(job);
    }
    if (this.readyHead === this.ready.length) {
      this.ready = [];
      this.readyHead = 0;
    }
  }

  private async attempt(job: Job): Promise<void> {
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
    if (job.cancelled) request.destroy();
    else request.end(job.body);
  }

  private afterAttempt(job: Job, status: number | null): void {
    if (job.cancelled) return;
    job.record.lastStatus = status;
    if (status !== null && status >= 200 && status < 300) {
      job.record.state = 'delivered';
      this.finish(job);
    } else if (job.record.attempts >= this.tuning.maxAttempts) {
      job.record.state = 'failed';
      this.finish(job);
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
