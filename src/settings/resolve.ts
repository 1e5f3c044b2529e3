// Effective settings: flag > environment > profile in the config store > built-in default, with the source of each.
import { UsageError } from '../errors.js';
import { checkProfileName, configPath, profileSettings, readConfig } from './store.js';

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
  configPath: string;
}

export interface SettingFlags {
  profile?: string;
  baseUrl?: string;
}

export function resolveSettings(flags: SettingFlags, env: NodeJS.ProcessEnv): ResolvedSettings {
  const profile: Sourced<string> =
    flags.profile !== undefined
      ? { value: flags.profile, source: 'flag' }
      : env.SVC_PROFILE
        ? { value: env.SVC_PROFILE, source: 'env' }
        : { value: DEFAULT_PROFILE, source: 'default' };
  checkProfileName(profile.value);
  const path = configPath(env);
  const stored = profileSettings(readConfig(path), profile.value);

  let baseUrl: Sourced<string>;
  if (flags.baseUrl !== undefined) baseUrl = { value: checkBaseUrl(flags.baseUrl, '--base-url'), source: 'flag' };
  else if (env.SVC_BASE_URL) baseUrl = { value: checkBaseUrl(env.SVC_BASE_URL, 'SVC_BASE_URL'), source: 'env' };
  else if (stored['base-url'])
    baseUrl = { value: checkBaseUrl(stored['base-url'], `base-url of profile "${profile.value}"`), source: 'profile' };
  else baseUrl = { value: DEFAULT_BASE_URL, source: 'default' };

  let apiKey: Sourced<string> | undefined;
  if (env.SVC_API_KEY) apiKey = { value: env.SVC_API_KEY, source: 'env' };
  else if (stored['api-key']) apiKey = { value: stored['api-key'], source: 'profile' };

  return { profile, baseUrl, apiKey, configPath: path };
}

/** An absolute http(s) URL, returned without a trailing slash so `/v1/...` can be appended. */
export function checkBaseUrl(text: string, origin: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`${origin} "${text}": must be an absolute http:// or https:// URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`${origin} "${text}": must be an absolute http:// or https:// URL`);
  }
  if (url.search || url.hash) {
    throw new UsageError(`${origin} "${text}": must not carry a query or fragment`);
  }
  return text.replace(/\/+$/, '');
}

/** True for 127.0.0.0/8, ::1 and localhost: the only hosts a key may be sent to over plain http. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export { maskKey } from './mask.js';
