// Counts in words, one way everywhere: digits grouped for people at a terminal (10,001), plain for pipes and files
// (10001) where a script may parse them; the noun singular for one and plural otherwise.

/** Nouns whose plural is not the noun with an s. */
const PLURALS: Record<string, string> = { address: 'addresses' };

export function plural(noun: string): string {
  return PLURALS[noun] ?? `${noun}s`;
}

/**
 * 10001 as "10,001" when `grouped` (the text goes to a terminal), else as "10001". Grouped by hand, not with
 * toLocaleString: its first call loads ICU's number formatting, ~30 ms of a command's start.
 */
export function formatCount(value: number, grouped: boolean): string {
  const digits = String(value);
  return grouped && Number.isInteger(value) ? digits.replace(/\B(?=(\d{3})+$)/g, ',') : digits;
}

/** "1 address", "10,001 addresses" (grouped), "0 webhooks". */
export function countOf(value: number, noun: string, grouped: boolean): string {
  return `${formatCount(value, grouped)} ${value === 1 ? noun : plural(noun)}`;
}

/** "1 of 1 address", "10 of 1,234 addresses": the noun agrees with the whole it is counted among. */
export function partOf(part: number, whole: number, noun: string, grouped: boolean): string {
  return `${formatCount(part, grouped)} of ${countOf(whole, noun, grouped)}`;
}
