// The emulator's control API (/_emulator/...), which the real service does not have: its bodies, defined once for the
// emulator that answers them, the control client that validates them, and the tests that read them.
import * as v from 'valibot';
import { DELIVERY_STATES } from './rules.js';
import type { DeliveryState } from './rules.js';

export { DELIVERY_STATES };
export type { DeliveryState };

/**
 * How an attempt ended without an answer: the connection was refused, the host name did not resolve, the 5 s passed,
 * the connection broke, TLS failed (a certificate, a handshake), other.
 */
export const NETWORK_ERRORS = ['refused', 'dns', 'timed out', 'reset', 'tls', 'other'] as const;
export type NetworkErrorKind = (typeof NETWORK_ERRORS)[number];

/**
 * Why a failed message was given up: its attempts were used up (`attempts_exhausted`); it was still undelivered at
 * the time limit (`expired`); too many messages were waiting, and it was among the oldest (`queue_full`); its webhook
 * was deactivated by its owner (`webhook_deactivated`: `svc webhook deactivate`, or an update to `inactive`); or
 * another message of its webhook failed for good and the emulator switched the webhook off, as the service does
 * (`webhook_switched_off`, with that message's id in `switchedOffBy`).
 */
export const GIVEN_UP_REASONS = ['attempts_exhausted', 'expired', 'queue_full', 'webhook_deactivated', 'webhook_switched_off'] as const;
export type GivenUpReason = (typeof GIVEN_UP_REASONS)[number];

/** The most of a receiver's answer body an attempt keeps. */
export const ANSWER_BODY_KEPT_BYTES = 4096;
/** The most of a receiver's answer headers an attempt keeps: this many headers, and this many bytes of names and values. */
export const ANSWER_HEADERS_KEPT = { count: 50, bytes: 8 * 1024 };

const isoTime = v.pipe(v.string(), v.isoTimestamp());

/** What a message was about: the transaction, and the watched address(es) of its webhook that made the message. */
export const DeliveryAboutSchema = v.object({
  chainId: v.string(),
  transactionHash: v.string(),
  /** Lower case, as the chain lists them. */
  addresses: v.array(v.string()),
});
export type DeliveryAbout = v.InferOutput<typeof DeliveryAboutSchema>;

/** One message of `GET /_emulator/deliveries`; `retrying` covers every delivery not yet finished. */
export const DeliveryRecordSchema = v.object({
  messageId: v.string(),
  webhookId: v.string(),
  /** The webhook's name when the message was made; null when it had none. */
  webhookName: v.nullable(v.string()),
  url: v.string(),
  /** When the message was made (ISO 8601). */
  createdAt: isoTime,
  attempts: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** The HTTP status of the last answer; null when there was none (refused, reset, timed out). */
  lastStatus: v.nullable(v.pipe(v.number(), v.integer())),
  /** Why the last attempt had no answer; absent when it had one, or before the first attempt. */
  lastError: v.optional(v.picklist(NETWORK_ERRORS)),
  state: v.picklist(DELIVERY_STATES),
  /** While retrying with an attempt scheduled: when it is due (ISO 8601). */
  nextAttemptAt: v.optional(isoTime),
  /** Present, true, on the failed message whose last attempt switched its webhook to `inactive`. */
  webhookDeactivated: v.optional(v.literal(true)),
  /** On a failed message: why it was given up (absent on messages kept by an emulator older than the field). */
  givenUpReason: v.optional(v.picklist(GIVEN_UP_REASONS)),
  /** With `webhook_switched_off`: the message whose failure switched the webhook off. */
  switchedOffBy: v.optional(v.string()),
  /** What the message was about (absent on messages kept by an emulator older than the field). */
  about: v.optional(DeliveryAboutSchema),
  /** Attempts made by the schedule, redeliveries not counted (what "given up after N attempts" counts). */
  scheduledAttempts: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
});
export type DeliveryRecord = v.InferOutput<typeof DeliveryRecordSchema>;

/**
 * `GET /_emulator/deliveries`: newest first; one page with `pageSize`, every kept message without. Filters: `webhookId`,
 * `state`, `since` and `until` (a range of `createdAt`, since inclusive, until exclusive), `q` (a message id or its
 * first 8+ characters, a transaction hash or an address, case-insensitive).
 */
export const DeliveriesAnswerSchema = v.object({
  deliveries: v.array(DeliveryRecordSchema),
  /** How many kept messages match the filters, across every page (absent from emulators older than the field). */
  total: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  /** Messages forgotten to keep the last N (`emulator start --keep-messages`), since start or reset. */
  dropped: v.pipe(v.number(), v.integer(), v.minValue(0)),
  nextPageToken: v.optional(v.string()),
});
export type DeliveriesAnswer = v.InferOutput<typeof DeliveriesAnswerSchema>;

/** One attempt to deliver a message, as it ended. */
export const DeliveryAttemptSchema = v.object({
  /** 1 for the first attempt of the message, counting redeliveries. */
  number: v.pipe(v.number(), v.integer(), v.minValue(1)),
  startedAt: isoTime,
  durationMs: v.pipe(v.number(), v.integer(), v.minValue(0)),
  url: v.string(),
  /** What was sent with the body, the signature among them. */
  requestHeaders: v.record(v.string(), v.string()),
  /** The receiver's HTTP status; null when it did not answer (see `error`). */
  status: v.nullable(v.pipe(v.number(), v.integer())),
  error: v.optional(v.picklist(NETWORK_ERRORS)),
  /** The error in words (e.g. connect ECONNREFUSED 127.0.0.1:9), when there was one. */
  errorMessage: v.optional(v.string()),
  /** The first ANSWER_BODY_KEPT_BYTES of the answer, as UTF-8 text; absent without an answer. */
  responseBody: v.optional(v.string()),
  /** True when the answer was longer than what `responseBody` keeps. */
  responseBodyCut: v.optional(v.boolean()),
  /** The receiver's answer headers, names in lower case, within ANSWER_HEADERS_KEPT; absent without an answer. */
  responseHeaders: v.optional(v.record(v.string(), v.string())),
  /** True for an attempt made by `POST .../redeliver` rather than the schedule. */
  redelivery: v.optional(v.literal(true)),
});
export type DeliveryAttempt = v.InferOutput<typeof DeliveryAttemptSchema>;

/** `GET /_emulator/deliveries/{messageId}`: the message, its attempts in order, and the exact body sent. */
export const DeliveryDetailSchema = v.object({
  delivery: DeliveryRecordSchema,
  attempts: v.array(DeliveryAttemptSchema),
  body: v.string(),
});
export type DeliveryDetail = v.InferOutput<typeof DeliveryDetailSchema>;

/** `POST /_emulator/deliveries/{messageId}/redeliver`: the attempt made and the message after it. */
export const RedeliverAnswerSchema = v.object({ attempt: DeliveryAttemptSchema, delivery: DeliveryRecordSchema });
export type RedeliverAnswer = v.InferOutput<typeof RedeliverAnswerSchema>;

/** Each `attempt` event of `GET /_emulator/deliveries/stream`: an attempt as it ended, and its message after it. */
export const AttemptEventSchema = RedeliverAnswerSchema;
export type AttemptEvent = RedeliverAnswer;

/**
 * Each `given-up` event of `GET /_emulator/deliveries/stream`: a message given up other than by its last attempt
 * (never tried, or waiting for its next attempt when it ran out of time or its webhook was switched off), and when.
 */
export const GivenUpEventSchema = v.object({ delivery: DeliveryRecordSchema, givenUpAt: isoTime });
export type GivenUpEvent = v.InferOutput<typeof GivenUpEventSchema>;

/** Each `message` event of the stream: a message as it is made, before its first attempt. */
export const MessageEventSchema = v.object({ delivery: DeliveryRecordSchema });
export type MessageEvent = v.InferOutput<typeof MessageEventSchema>;

/** Each `scheduled` event of the stream: a message whose next attempt was set (`nextAttemptAt`). */
export const ScheduledEventSchema = MessageEventSchema;
export type ScheduledEvent = MessageEvent;

/** Why a webhook is inactive: switched off by the emulator after a message failed for good, or by its owner. */
export const SWITCHED_OFF_REASONS = ['webhook_switched_off', 'webhook_deactivated'] as const;

/** When and why a webhook was last switched off; `byMessageId` with `webhook_switched_off`. */
export const SwitchedOffSchema = v.object({
  at: isoTime,
  reason: v.picklist(SWITCHED_OFF_REASONS),
  byMessageId: v.optional(v.string()),
});
export type SwitchedOff = v.InferOutput<typeof SwitchedOffSchema>;

/** Each `webhook` event of the stream: a webhook's status changed, by the emulator or through /v1. */
export const WebhookEventSchema = v.object({
  webhookId: v.string(),
  status: v.picklist(['active', 'inactive']),
  changedAt: isoTime,
  reason: v.optional(v.picklist([...SWITCHED_OFF_REASONS, 'activated'])),
  byMessageId: v.optional(v.string()),
});
export type WebhookEvent = v.InferOutput<typeof WebhookEventSchema>;

/** The `reset` event of the stream: every message and webhook was forgotten (`POST /_emulator/reset`). */
export const ResetEventSchema = v.object({ at: isoTime });
export type ResetEvent = v.InferOutput<typeof ResetEventSchema>;

/** `POST /_emulator/webhooks/{webhookId}/recover`: the failed messages sent again, oldest first. */
export const RecoverAnswerSchema = v.object({
  recovered: v.pipe(v.number(), v.integer(), v.minValue(0)),
  messageIds: v.array(v.string()),
});
export type RecoverAnswer = v.InferOutput<typeof RecoverAnswerSchema>;

/** One webhook of `GET /_emulator/webhooks/summary`. */
export const WebhookSummarySchema = v.object({
  webhookId: v.string(),
  status: v.picklist(['active', 'inactive']),
  /** Kept messages of the webhook that failed. */
  failedMessages: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** When its receiver last answered 2xx (the attempt's start); null when never, among what is kept. */
  lastSuccessAt: v.nullable(isoTime),
  /** While inactive: when and why it was switched off. */
  switchedOff: v.optional(SwitchedOffSchema),
});
export type WebhookSummary = v.InferOutput<typeof WebhookSummarySchema>;

export const WebhookSummaryAnswerSchema = v.object({ webhooks: v.array(WebhookSummarySchema) });
export type WebhookSummaryAnswer = v.InferOutput<typeof WebhookSummaryAnswerSchema>;

/** Body of `POST /_emulator/transactions` (the emulator checks it field by field, naming each rule). */
export interface InjectTransactionRequest {
  chainId: string;
  from?: string;
  to?: string;
  value?: string;
  txStatus?: '1' | '0';
  erc20Transfers?: Array<{
    from: string;
    to: string;
    value: string;
    token?: { address: string; name?: string; symbol?: string; decimals?: number };
  }>;
  erc721Transfers?: Array<{ from: string; to: string; tokenId: string; token?: { address: string; name?: string; symbol?: string } }>;
  erc1155Transfers?: Array<{
    from: string;
    to: string;
    tokenId: string;
    value: string;
    token?: { address: string; name?: string; symbol?: string };
  }>;
  internalTransactions?: Array<{ from: string; to: string; value: string; internalTxType: string }>;
  logs?: Array<{ address: string; topics: string[]; data: string }>;
  /** The transaction creates a contract (no `to` and no transfers with it). */
  contractCreation?: boolean;
}

/** 201 to `POST /_emulator/transactions`: the injected transaction and the messages it made. */
export const InjectTransactionAnswerSchema = v.object({ txHash: v.string(), messageIds: v.array(v.string()) });
export type InjectTransactionAnswer = v.InferOutput<typeof InjectTransactionAnswerSchema>;

/** `POST /_emulator/reset`. */
export const ResetAnswerSchema = v.object({ reset: v.literal(true) });

/** `GET /_emulator/status`: what `svc emulator status` shows of a running emulator. */
export const EmulatorStatusAnswerSchema = v.object({
  version: v.string(),
  /** ISO 8601, when this process started listening. */
  startedAt: v.string(),
  /** Webhooks kept, of every owner and status. */
  webhooks: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Messages not yet delivered nor given up. */
  pendingMessages: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Where its state is kept; null when it is in memory only. */
  dataDir: v.nullable(v.string()),
  /** Its process id: who it is, for `svc emulator stop` where its record holds no proof (older emulators leave it out). */
  pid: v.optional(v.pipe(v.number(), v.integer())),
  /** Where its inspector page is served (`/`); null when it is not (older emulators leave it out: they have none). */
  inspectorPath: v.optional(v.nullable(v.string())),
});
export type EmulatorStatusAnswer = v.InferOutput<typeof EmulatorStatusAnswerSchema>;

/**
 * What a running emulator leaves under `<config dir>/emulators/<port>.json` while it listens, for `svc emulator
 * status` and `stop` to find it: taken by the emulator's own process (settings/emulator-records.ts), removed when it
 * shuts down cleanly.
 */
export const EmulatorRecordSchema = v.object({
  pid: v.pipe(v.number(), v.integer(), v.minValue(1)),
  port: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65535)),
  host: v.string(),
  url: v.string(),
  dataDir: v.nullable(v.string()),
  /** Where its stdout and stderr go when started with --detach; null in the foreground. */
  logFile: v.nullable(v.string()),
  startedAt: v.string(),
  version: v.string(),
  /** Its inspector page's URL, null when it serves none; absent in the records of an svc older than the page. */
  inspectorUrl: v.optional(v.nullable(v.string())),
  /** Proof that `pid` is this emulator's process and not a later one of that pid (src/process-proof.ts); null where none. */
  proof: v.optional(v.nullable(v.string())),
  /** Set when it began shutting down (ISO 8601): it is writing its last state, and `svc emulator stop` waits for it. */
  stoppingSince: v.optional(v.string()),
});
export type EmulatorRecord = v.InferOutput<typeof EmulatorRecordSchema>;
