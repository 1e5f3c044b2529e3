// Writes to the config store go through conf (atomic writes, file mode 0600); only `svc config` writes.
import { configDir, CONFIG_FILE_NAME, readConfig } from './store.js';
import type { SettingKey } from './store.js';

async function openStore(env: NodeJS.ProcessEnv) {
  const { default: Conf } = await import('conf');
  return new Conf<Record<string, unknown>>({
    projectName: 'svc',
    projectSuffix: '',
    cwd: configDir(env),
    configName: CONFIG_FILE_NAME.replace(/\.json$/, ''),
    configFileMode: 0o600,
  });
}

export async function writeSetting(env: NodeJS.ProcessEnv, path: string, profile: string, key: SettingKey, value: string): Promise<void> {
  readConfig(path); // a corrupt file is reported, not overwritten
  const store = await openStore(env);
  store.set(`profiles.${profile}.${key}`, value);
}

/** Returns whether there was a value to remove. */
export async function removeSetting(env: NodeJS.ProcessEnv, path: string, profile: string, key: SettingKey): Promise<boolean> {
  const existing = readConfig(path).profiles?.[profile]?.[key];
  if (existing === undefined) return false;
  const store = await openStore(env);
  store.delete(`profiles.${profile}.${key}`);
  return true;
}
