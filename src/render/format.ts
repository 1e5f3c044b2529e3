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

/** Unix seconds (or milliseconds, if the value is that large) as UTC ISO 8601 without fractions. */
export function isoTime(unix: unknown): string {
  const date = toDate(unix);
  return date ? date.toISOString().replace(/\.\d{3}Z$/, 'Z') : '';
}

/** The same instant for people: `2026-11-23 14:05:09`, UTC. */
export function readableTime(unix: unknown): string {
  const iso = isoTime(unix);
  return iso ? iso.replace('T', ' ').replace('Z', '') : '';
}

function toDate(unix: unknown): Date | undefined {
  const value = typeof unix === 'string' && /^\d+$/.test(unix) ? Number(unix) : unix;
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  // Seconds until the year 33658; anything larger is milliseconds.
  const ms = value > 1e12 ? value : value * 1000;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** txStatus "1"/"0" in words; any other code as it came. */
export function txStatusWord(txStatus: unknown): string {
  if (txStatus === '1') return 'success';
  if (txStatus === '0') return 'failed';
  return txStatus === undefined || txStatus === null ? '' : String(txStatus);
}
