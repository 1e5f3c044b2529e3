// Retry timing, pure: full-jitter exponential backoff and Retry-After parsing (seconds or HTTP date, capped).

export const BACKOFF_BASE_MS = 250;
export const BACKOFF_CAP_MS = 8_000;
export const RETRY_AFTER_CAP_MS = 60_000;

/** Statuses a safe request is retried on. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503]);

/**
 * Full jitter ("Exponential Backoff and Jitter"): a uniform draw in [0, min(cap, base·2^retry)), so clients
 * that failed together do not come back together. `retryIndex` is 0 for the first retry.
 */
export function backoffDelayMs(retryIndex: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** retryIndex);
  return Math.floor(random() * ceiling);
}

/**
 * Milliseconds a `Retry-After` header asks for, capped at 60 s; undefined when absent or unreadable.
 * A date in the past means "now" (0).
 */
export function parseRetryAfterMs(header: string | undefined, nowMs: number = Date.now()): number | undefined {
  if (header === undefined) return undefined;
  const text = header.trim();
  if (text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.min(RETRY_AFTER_CAP_MS, Math.round(Number(text) * 1000));
  // HTTP dates always name a weekday and GMT; Date.parse alone would take "1" or "2026" as dates.
  if (!/GMT$/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.min(RETRY_AFTER_CAP_MS, Math.max(0, at - nowMs));
}

/** The wait before retry number `retryIndex`: the server's Retry-After when given, else backoff. */
export function retryDelayMs(retryIndex: number, retryAfterHeader: string | undefined, random?: () => number): number {
  return parseRetryAfterMs(retryAfterHeader) ?? backoffDelayMs(retryIndex, random);
}
