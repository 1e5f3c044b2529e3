// The service's rules as plain values and regular expressions, without the schema library: what commands check
// before any request, loaded on every start-up (the schemas themselves load only with the client).

export const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;
export const HASH32_PATTERN = /^0x[0-9a-fA-F]{64}$/;
export const DECIMAL_PATTERN = /^(0|[1-9][0-9]*)$/;
/** What the CLI sends as a chain id (`create --chain-id`, `apply`'s chainId): a decimal above 0, as EVM chain ids are. */
export const CHAIN_ID_PATTERN = /^[1-9]\d{0,19}$/;

/** The shape checks the CLI applies to input before any request (no keccak needed: checksums are another matter). */
export function isAddress(text: string): boolean {
  return ADDRESS_PATTERN.test(text);
}

export function isEventSignature(text: string): boolean {
  return HASH32_PATTERN.test(text);
}

export const PAGE_SIZE_MIN = 1;
export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 10;

/** The header that carries the API key (spec section 5); the CLI's default (`api-key-header` setting). */
export const API_KEY_HEADER = 'x-service-api-key';

/** The operator's own header for the key, which its SDK sends: the emulator accepts it beside the seed's. */
export const OPERATOR_API_KEY_HEADER = 'x-glacier-api-key';

export const NETWORKS = ['mainnet', 'fuji', 'testnet'] as const;
export type Network = (typeof NETWORKS)[number];
export const TX_STATUS_FILTERS = ['failed', 'success'] as const;
/** What `GET /v1/chains?feature=` filters on (the operator's ApiFeature). */
export const CHAIN_FEATURES = ['nftIndexing', 'webhooks', 'teleporter'] as const;
export type ChainFeature = (typeof CHAIN_FEATURES)[number];
/** A chain's status (the operator's ChainStatus): its nodes answer, or requests that need them may get 503s. */
export const CHAIN_STATUSES = ['OK', 'UNAVAILABLE'] as const;
export type TxStatusFilter = (typeof TX_STATUS_FILTERS)[number];

export const WEBHOOK_STATUSES = ['active', 'inactive'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];
export const EVENT_TYPE = 'address_activity';

/** The emulator's delivery retries: `fast` (a receiver that is down is given up within 2 minutes), `real` as the service. */
export const RETRY_SCHEDULES = ['fast', 'real'] as const;
export type RetrySchedule = (typeof RETRY_SCHEDULES)[number];

/** The states of an emulator's message; here, without valibot, as `emulator deliveries --state` offers them at start-up. */
export const DELIVERY_STATES = ['delivered', 'retrying', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** Notification bodies larger than this are refused by the receiver and `webhook verify`: one is a few kilobytes. */
export const MAX_NOTIFICATION_BYTES = 8 * 1024 * 1024;

/**
 * Whether an id can stand as one path segment without reaching another route: non-empty, not "." or "..", no "/",
 * "?", "#", "\\", whitespace or control characters (the contract's rule; commands refuse others before any request).
 */
export function isSafeId(id: string): boolean {
  return !(id === '' || id === '.' || id === '..' || /[/?#\s\p{Cc}\\]/u.test(id));
}

/**
 * A shared secret as the CLI relies on it: one line of text, without control characters or invisible formatting
 * (bidi, zero-width) ones, so it prints as one line, shows as it is on a terminal, and reads back from a file. The service gives hex digits; the spec types it only as a string, so any other text is
 * shown and used as given.
 */
export const SECRET_TEXT_PATTERN = /^[^\p{Cc}\p{Cf}]+$/u;
export const SECRET_TEXT_RULE = 'must be one line of text, without control or formatting characters';

export const SAFE_ID_RULE = 'must be non-empty, not "." or "..", and hold no "/", "?", "#", "\\", spaces or control characters';
