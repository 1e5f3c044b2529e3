// Effective settings: flag > environment > profile in the config store > built-in default, with the source of each.
import { UsageError } from '../errors.js';
import { API_KEY_HEADER, CHAIN_ID_PATTERN } from '../schema/rules.js';
import { chainIdOfName, knownChainNames } from '../schema/chain-names.js';
import { checkProfileName, configPath, profileSettings, readConfig } from './store.js';
import { displayUrl } from '../mask.js';

export const DEFAULT_BASE_URL = 'http://127.0.0.1:4010';
export const DEFAULT_PROFILE = 'default';

export type SettingSource = 'flag' | 'env' | 'profile' | 'default';

export interface Sourced<T> {
  value: T;
  source: SettingSource;
}

export interface ResolvedSettings {
  profile: Sourced<string>;
  baseUrl: Sourced<string>;
  apiKey: Sourced<string> | undefined;
  /** The request header the key is sent in: the seed's by default, the operator's own for the real service. */
  apiKeyHeader: Sourced<string>;
  configPath: string;
}

export interface SettingFlags {
  profile?: string;
  baseUrl?: string;
}

export function resolveProfile(flags: Pick<SettingFlags, 'profile'>, env: NodeJS.ProcessEnv): Sourced<string> {
  const profile: Sourced<string> =
    flags.profile !== undefined
      ? { value: flags.profile, source: 'flag' }
      : env.SVC_PROFILE
        ? { value: env.SVC_PROFILE, source: 'env' }
        : { value: DEFAULT_PROFILE, source: 'default' };
  checkProfileName(profile.value);
  return profile;
}

export function resolveSettings(flags: SettingFlags, env: NodeJS.ProcessEnv): ResolvedSettings {
  const profile = resolveProfile(flags, env);
  const path = configPath(env);
  const stored = profileSettings(readConfig(path), profile.value);

  let baseUrl: Sourced<string>;
  if (flags.baseUrl !== undefined) baseUrl = { value: checkBaseUrl(flags.baseUrl, '--base-url'), source: 'flag' };
  else if (env.SVC_BASE_URL) baseUrl = { value: checkBaseUrl(env.SVC_BASE_URL, 'SVC_BASE_URL'), source: 'env' };
  else if (stored['base-url']) baseUrl = { value: storedBaseUrl(stored['base-url'], profile.value), source: 'profile' };
  else baseUrl = { value: DEFAULT_BASE_URL, source: 'default' };

  let apiKey: Sourced<string> | undefined;
  if (env.SVC_API_KEY) apiKey = { value: env.SVC_API_KEY, source: 'env' };
  else if (stored['api-key']) apiKey = { value: stored['api-key'], source: 'profile' };

  let apiKeyHeader: Sourced<string>;
  if (env.SVC_API_KEY_HEADER) apiKeyHeader = { value: checkApiKeyHeader(env.SVC_API_KEY_HEADER, 'SVC_API_KEY_HEADER'), source: 'env' };
  else if (stored['api-key-header']) {
    apiKeyHeader = {
      value: checkApiKeyHeader(stored['api-key-header'], `api-key-header of profile "${profile.value}"`),
      source: 'profile',
    };
  } else apiKeyHeader = { value: API_KEY_HEADER, source: 'default' };

  return { profile, baseUrl, apiKey, apiKeyHeader, configPath: path };
}

/**
 * The chain of the chain-scoped commands when --chain-id is not given: SVC_CHAIN_ID, else the profile's `chain-id`
 * (each an id or a name, as --chain-id takes it), as its chain id; undefined when neither is set.
 */
export function resolveChainId(flags: Pick<SettingFlags, 'profile'>, env: NodeJS.ProcessEnv): Sourced<string> | undefined {
  if (env.SVC_CHAIN_ID) return { value: checkChainId(env.SVC_CHAIN_ID, 'SVC_CHAIN_ID'), source: 'env' };
  const profile = resolveProfile(flags, env);
  const stored = profileSettings(readConfig(configPath(env)), profile.value)['chain-id'];
  if (!stored) return undefined;
  try {
    return { value: checkChainId(stored, `chain-id of profile "${profile.value}"`), source: 'profile' };
  } catch (error) {
    const profileFlag = profile.value === DEFAULT_PROFILE ? '' : ` --profile ${profile.value}`;
    (error as UsageError).hint =
      `set it again with: svc config set chain-id <chain>${profileFlag} (or: svc config unset chain-id${profileFlag})`;
    throw error;
  }
}

/** A chain id or a name svc knows, as --chain-id takes it, or a usage error naming `origin`. */
export function checkChainId(text: string, origin: string): string {
  if (CHAIN_ID_PATTERN.test(text)) return text;
  const named = chainIdOfName(text);
  if (named !== undefined) return named;
  throw new UsageError(`${origin} "${text}": must be a decimal chain id such as 43114, or a chain's name: ${knownChainNames()}`);
}

/** A stored base URL that no longer passes (written by hand, or by an older svc) names the command that mends it. */
function storedBaseUrl(text: string, profile: string): string {
  try {
    return checkBaseUrl(text, `base-url of profile "${profile}"`);
  } catch (error) {
    const profileFlag = profile === DEFAULT_PROFILE ? '' : ` --profile ${profile}`;
    (error as UsageError).hint =
      `set it again with: svc config set base-url <url>${profileFlag} (or: svc config unset base-url${profileFlag})`;
    throw error;
  }
}

/**
 * The base URL as pasted, made into the service's root, or a usage error naming `origin` (where it came from).
 * Where the meaning is plain it is normalised: surrounding whitespace, trailing slashes, a trailing `/v1` (the CLI
 * appends `/v1/...` itself), an empty `?` or `#`. A query or fragment with content, or whitespace inside, has no
 * plain meaning for a root the CLI appends paths to, so it is refused. A user:password stays (percent-encoded)
 * and is never shown (displayUrl).
 */
export function checkBaseUrl(text: string, origin: string): string {
  const pasted = text.trim();
  // Quoted as JSON: what was pasted may hold tabs, newlines or escape sequences.
  const refuse = (rule: string) => new UsageError(`${origin} ${JSON.stringify(displayUrl(text))}: ${rule}`);
  if (/[\s\p{C}]/u.test(pasted)) throw refuse('must not hold spaces or control characters');
  let url: URL;
  try {
    url = new URL(pasted);
  } catch {
    throw refuse('must be an absolute http:// or https:// URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw refuse('must be an absolute http:// or https:// URL');
  }
  if (url.search !== '') throw refuse('must not carry a query ("?..."): the CLI appends /v1/... and its own query to it');
  if (url.hash !== '') throw refuse('must not carry a fragment ("#..."): it would never reach the service');
  url.search = '';
  url.hash = '';
  // Every trailing `/v1` goes, not just one, so a normalised root normalises to itself when read back.
  const path = url.pathname;
  let end = path.length;
  for (;;) {
    while (end > 0 && path[end - 1] === '/') end--;
    if (!path.endsWith('/v1', end)) break;
    end -= '/v1'.length;
  }
  url.pathname = '/';
  return url.href.slice(0, -1) + path.slice(0, end);
}

/**
 * Headers HTTP or the transport already give a meaning to: a key sent in one of them would be lost, or would change
 * what the request means (and a proxy may log some of them).
 */
const RESERVED_HEADERS = new Set([
  'accept',
  'accept-encoding',
  'authorization',
  'connection',
  'content-length',
  'content-type',
  'cookie',
  'expect',
  'host',
  'keep-alive',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'user-agent',
]);

/** A header name to send the key in (lower-cased), or a usage error naming `origin` and the rule. */
export function checkApiKeyHeader(text: string, origin: string): string {
  const name = text.trim().toLowerCase();
  // RFC 9110's token: the characters a field name may hold.
  if (!/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(name)) {
    throw new UsageError(`${origin} ${JSON.stringify(text)}: must be a header name (letters, digits and - _ . ! # $ % & ' * + ^ \` | ~)`);
  }
  if (RESERVED_HEADERS.has(name)) {
    throw new UsageError(
      `${origin} ${JSON.stringify(text)}: a standard HTTP header cannot carry the API key`,
      `the service's own is ${API_KEY_HEADER}; the operator's is x-glacier-api-key`,
    );
  }
  return name;
}

/** True for 127.0.0.0/8, ::1 and localhost: the only hosts a key may be sent to over plain http. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export { displayUrl, maskKey } from '../mask.js';
