// The emulator's control API (/_emulator/...), which the real service does not have: its bodies, defined once for the
// emulator that answers them, the control client that validates them, and the tests that read them.
import * as v from 'valibot';

export const DELIVERY_STATES = ['delivered', 'retrying', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** One message of `GET /_emulator/deliveries`; `retrying` covers every delivery not yet finished. */
export const DeliveryRecordSchema = v.object({
  messageId: v.string(),
  webhookId: v.string(),
  url: v.string(),
  attempts: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** The HTTP status of the last answer; null when there was none (refused, reset, timed out). */
  lastStatus: v.nullable(v.pipe(v.number(), v.integer())),
  state: v.picklist(DELIVERY_STATES),
  /** Present, true, on the failed message whose last attempt switched its webhook to `inactive`. */
  webhookDeactivated: v.optional(v.literal(true)),
});
export type DeliveryRecord = v.InferOutput<typeof DeliveryRecordSchema>;

/** `GET /_emulator/deliveries`. */
export const DeliveriesAnswerSchema = v.object({ deliveries: v.array(DeliveryRecordSchema) });
export type DeliveriesAnswer = v.InferOutput<typeof DeliveriesAnswerSchema>;

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
    token?: { address: string; name: string; symbol: string; decimals: number };
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
});
export type EmulatorStatusAnswer = v.InferOutput<typeof EmulatorStatusAnswerSchema>;

/**
 * What a running emulator leaves under `<config dir>/emulators/<port>.json` while it listens, for `svc emulator
 * status` and `stop` to find it: written by the emulator's own process, removed when it shuts down cleanly.
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
});
export type EmulatorRecord = v.InferOutput<typeof EmulatorRecordSchema>;
