// Values formatted for people and for pipes: native amounts, times, statuses.

/** Wei (decimal string) to native units with 18 decimals, trailing zeros trimmed; exact, via BigInt. */
export function formatNativeAmount(wei: string, decimals = 18): string {
  if (!/^-?\d+$/.test(wei)) return wei;
  const negative = wei.startsWith('-');
  const digits = (negative ? wei.slice(1) : wei).replace(/^0+(?=\d)/, '');
  const padded = digits.padStart(decimals + 1, '0');
  const whole = padded.slice(0, padded.length - decimals);
  const fraction = padded.slice(padded.length - decimals).replace(/0+$/, '');
  return (negative ? '-' : '') + whole + (fraction ? '.' + fraction : '');
}

/**
 * The service gives no unit for its times: block timestamps come in seconds, a webhook's `createdAt` in milliseconds
 * from the real service and in seconds from some. A value above 10^11 is milliseconds (10^11 seconds is the year
 * 5138; 10^11 milliseconds is March 1973, before any of these services), anything up to it seconds.
 */
export const MILLISECONDS_ABOVE = 1e11;

/** Unix seconds or milliseconds (see MILLISECONDS_ABOVE) as UTC ISO 8601 without fractions, as pipes get it. */
export function isoTime(unix: unknown): string {
  const date = toDate(unix);
  return date ? date.toISOString().replace(/\.\d{3}Z$/, 'Z') : '';
}

/** The same instant for people at a terminal: `2026-11-23 14:05:09`, UTC. */
export function readableTime(unix: unknown): string {
  const iso = isoTime(unix);
  return iso ? iso.replace('T', ' ').replace('Z', '') : '';
}

function toDate(unix: unknown): Date | undefined {
  const value = typeof unix === 'string' && /^\d+$/.test(unix) ? Number(unix) : unix;
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  const ms = value > MILLISECONDS_ABOVE ? value : value * 1000;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** txStatus "1"/"0" in words; any other code as it came. */
export function txStatusWord(txStatus: unknown): string {
  if (txStatus === '1') return 'success';
  if (txStatus === '0') return 'failed';
  return txStatus === undefined || txStatus === null ? '' : String(txStatus);
}

/** The most decimals a token is shown with: ERC-20's `decimals` is a uint8. */
const MAX_DECIMALS = 255;

/**
 * An amount in its token's smallest unit as whole units, with `decimals` (exact, trailing zeros trimmed): what a
 * terminal shows. Without usable decimals (absent, fractional, out of range) or digits, the amount as it came.
 */
export function formatTokenAmount(amount: unknown, decimals: unknown): string | undefined {
  if (amount === undefined || amount === null) return undefined;
  const text = String(amount);
  const usable = typeof decimals === 'number' && Number.isInteger(decimals) && decimals >= 0 && decimals <= MAX_DECIMALS;
  return usable && /^\d+$/.test(text) ? formatNativeAmount(text, decimals) : text;
}
