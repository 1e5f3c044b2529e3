// Flag parsers: raw text to typed values, or a UsageError naming the flag and the rule (exit 2, no request).
import { UsageError } from './errors.js';
import { displayUrl } from './mask.js';
import { chainIdOfName, knownChainNames } from './schema/chain-names.js';
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

/** A chain as every --chain-id takes it: its decimal id, or a name svc knows (any case), sent as its id. */
export function parseChainId(text: string): string {
  if (CHAIN_ID_PATTERN.test(text)) return text;
  const named = chainIdOfName(text);
  if (named !== undefined) return named;
  throw new UsageError(`--chain-id "${text}": must be a decimal chain id such as 43114, or a chain's name: ${knownChainNames()}`);
}

/** A blockchain id on the platform: base58, as the operator's getChainInfo also takes for a chain. */
const BLOCKCHAIN_ID_PATTERN = /^[1-9A-HJ-NP-Za-km-z]{40,60}$/;

/** `svc chain get`'s argument: as --chain-id takes it, or a blockchain id. */
export function parseChainArgument(text: string): string {
  if (BLOCKCHAIN_ID_PATTERN.test(text)) return text;
  if (CHAIN_ID_PATTERN.test(text)) return text;
  const named = chainIdOfName(text);
  if (named !== undefined) return named;
  throw new UsageError(
    `chain "${text}": must be a decimal chain id such as 43114, a blockchain id, or a chain's name: ${knownChainNames()}`,
    'svc chain list shows the chains the service supports',
  );
}

/**
 * Refuses webhook ids that could reach another route (empty, `.`, `..`, `/`, `?`, `#`, whitespace, control
 * characters). Lives here, not in api/, so commands can check ids without loading the HTTP client.
 */
export function checkWebhookId(id: string): string {
  if (!isSafeId(id)) throw new UsageError(`webhook id ${JSON.stringify(id)}: ${SAFE_ID_RULE}`);
  return id;
}
