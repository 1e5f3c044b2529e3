// Flag parsers: raw text to typed values, or a UsageError naming the flag and the rule (exit 2, no request).
import { UsageError } from './errors.js';
import { displayUrl } from './mask.js';
import { CHAIN_ID_PATTERN, isSafeId, SAFE_ID_RULE } from './schema/rules.js';

export function parseInteger(flag: string, text: string, min: number, max: number): number {
  if (!/^\d+$/.test(text.trim()) || Number(text) < min || Number(text) > max) {
    throw new UsageError(`${flag} "${text}": must be an integer from ${min} to ${max}`);
  }
  return Number(text);
}

export function parsePositiveInteger(flag: string, text: string): number {
  if (!/^\d+$/.test(text.trim()) || Number(text) < 1 || !Number.isSafeInteger(Number(text))) {
    throw new UsageError(`${flag} "${text}": must be a whole number of 1 or more`);
  }
  return Number(text);
}

export function parseSeconds(flag: string, text: string, max: number): number {
  const value = Number(text);
  // Below a millisecond the limit would round to nothing.
  if (!/^\d+(\.\d+)?$/.test(text.trim()) || !(value >= 0.001) || value > max) {
    throw new UsageError(`${flag} "${text}": must be a number of seconds from 0.001 to ${max}`);
  }
  return value;
}

export function parseChoice<T extends string>(flag: string, text: string, choices: readonly T[]): T {
  if (!(choices as readonly string[]).includes(text)) {
    throw new UsageError(`${flag} "${text}": must be one of ${choices.join(', ')}`);
  }
  return text as T;
}

/** Absolute http(s) URL, as the service requires of a webhook's destination. */
export function parseHttpUrl(flag: string, text: string): string {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || /\s/.test(text)) {
    throw new UsageError(`${flag} "${displayUrl(text)}": must be an absolute http:// or https:// URL`);
  }
  return text;
}

export function parseChainId(text: string): string {
  if (!CHAIN_ID_PATTERN.test(text)) {
    throw new UsageError(`--chain-id "${text}": must be a decimal chain id such as 43114 (mainnet) or 43113 (fuji)`);
  }
  return text;
}

/**
 * Refuses webhook ids that could reach another route (empty, `.`, `..`, `/`, `?`, `#`, whitespace, control
 * characters). Lives here, not in api/, so commands can check ids without loading the HTTP client.
 */
export function checkWebhookId(id: string): string {
  if (!isSafeId(id)) throw new UsageError(`webhook id ${JSON.stringify(id)}: ${SAFE_ID_RULE}`);
  return id;
}
