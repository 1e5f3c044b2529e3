// The config store on disk: read directly as JSON on every command (fast), written by `svc config` (write.ts).
import { chmodSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LocalError, UsageError } from '../errors.js';
import { configDir } from './paths.js';

export const SETTING_KEYS = ['api-key', 'base-url', 'api-key-header', 'chain-id'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

export function parseSettingKey(text: string): SettingKey {
  if (!(SETTING_KEYS as readonly string[]).includes(text)) {
    throw new UsageError(`unknown setting "${text}": the settings are ${SETTING_KEYS.join(', ')}`);
  }
  return text as SettingKey;
}

export type ProfileSettings = Partial<Record<SettingKey, string>>;

export interface StoredConfig {
  profiles?: Record<string, ProfileSettings>;
}

export const CONFIG_FILE_NAME = 'config.json';
const PROFILE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

export function configPath(env: NodeJS.ProcessEnv): string {
  return join(configDir(env), CONFIG_FILE_NAME);
}

export function checkProfileName(name: string): string {
  if (!PROFILE_NAME.test(name)) {
    throw new UsageError(`--profile "${name}": a profile name is 1 to 64 letters, digits, "-" or "_"`);
  }
  return name;
}

/**
 * Reads the whole store; a missing file is an empty store. A file others could read is tightened to 0600
 * (it holds a key); a corrupt one is an error naming it, never silently replaced.
 */
export function readConfig(path: string): StoredConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new LocalError(`cannot read the config file ${path}: ${(error as Error).message}`);
  }
  tightenMode(path);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    // JSON.parse quotes the text around the fault: it may hold the key, or escape sequences for the terminal.
    const position = /at position (\d+)/.exec((error as Error).message)?.[1];
    throw corrupt(path, `not valid JSON${position === undefined ? '' : ` (at character ${position})`}`);
  }
  if (!isRecord(parsed)) throw corrupt(path, 'not a JSON object');
  const profiles = parsed.profiles;
  if (profiles === undefined) return parsed;
  if (!isRecord(profiles)) throw corrupt(path, '"profiles" is not an object');
  // Profile names are data, and some are names of every object's properties (`toString`, `__proto__`): a record
  // without a prototype holds them as plain keys, and no lookup can reach Object.prototype.
  const checked: Record<string, ProfileSettings> = Object.create(null);
  for (const [name, settings] of Object.entries(profiles)) {
    if (!isRecord(settings)) throw corrupt(path, `profile "${name}" is not an object`);
    for (const key of SETTING_KEYS) {
      if (settings[key] !== undefined && typeof settings[key] !== 'string') {
        throw corrupt(path, `"${key}" of profile "${name}" is not a string`);
      }
    }
    checked[name] = settings as ProfileSettings;
  }
  return { ...parsed, profiles: checked };
}

export function profileSettings(config: StoredConfig, profile: string): ProfileSettings {
  const settings = config.profiles && Object.hasOwn(config.profiles, profile) ? config.profiles[profile]! : {};
  const own: ProfileSettings = {};
  for (const key of SETTING_KEYS) if (Object.hasOwn(settings, key)) own[key] = settings[key];
  return own;
}

function tightenMode(path: string): void {
  if (process.platform === 'win32') return;
  try {
    if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  } catch {
    // Not ours to fix (another owner, read-only mount): reading still works.
  }
}

function corrupt(path: string, what: string): LocalError {
  return new LocalError(
    `the config file ${path} is ${what}`,
    `fix it by hand, or move it away and set the values again with: svc config set`,
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
