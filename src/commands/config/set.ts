// `svc config set <key> [value]`: stores a setting in a profile; the API key comes from stdin or a hidden prompt.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import { UsageError } from '../../errors.js';
import { checkApiKeyHeader, checkBaseUrl, checkChainId } from '../../settings/resolve.js';
import { parseSettingKey } from '../../settings/store.js';
import type { SettingKey } from '../../settings/store.js';
import type { Action } from '../shared/action.js';
import { examples } from '../shared/help-text.js';

export function register(config: Command, action: Action): void {
  config
    .command('set')
    .description('Store a setting (api-key, base-url, api-key-header, chain-id) in the profile')
    .argument('<key>', 'api-key, base-url, api-key-header or chain-id')
    .argument('[value]', 'the value; for api-key leave it out: it is read from stdin or a hidden prompt')
    .addHelpText(
      'after',
      examples([
        ['asks for the key without showing it', 'svc config set api-key'],
        ['from a secret store, in CI', 'printf %s "$SERVICE_KEY" | svc config set api-key'],
        ['a staging service in its own profile', 'svc config set base-url https://staging.example.com --profile staging'],
        ['the header the real service reads the key from', 'svc config set api-key-header x-glacier-api-key --profile real'],
        ['the chain of tx get, block get and the other chain reads when --chain-id is not given', 'svc config set chain-id fuji'],
      ]),
    )
    .action(action(({ args: [key, value] }, context) => run(parseConfigSetOptions(key, value), context)));
}

export interface ConfigSetOptions {
  key: SettingKey;
  /** Checked; undefined for an api-key read from stdin or the prompt (checked once read). */
  value?: string;
}

export function parseConfigSetOptions(keyText: string, valueArgument: string | undefined): ConfigSetOptions {
  const key = parseSettingKey(keyText);
  if (valueArgument === undefined) {
    if (key !== 'api-key') throw new UsageError(`config set ${key}: a value is required`);
    return { key };
  }
  return { key, value: checkSettingValue(key, valueArgument) };
}

function checkSettingValue(key: SettingKey, value: string): string {
  if (key === 'base-url') return checkBaseUrl(value, 'config set base-url');
  if (key === 'api-key-header') return checkApiKeyHeader(value, 'config set api-key-header');
  // Kept as given (a name stays a name), once known to stand for a chain; checked again on every use.
  if (key === 'chain-id') return (checkChainId(value, 'config set chain-id'), value);
  if (value === '' || /[^\x21-\x7e]/.test(value)) {
    throw new UsageError('api-key: must be non-empty printable ASCII, without spaces or control characters');
  }
  return value;
}

export async function run(options: ConfigSetOptions, context: CommandContext): Promise<void> {
  const [{ writeSetting }, { resolveProfile, displayUrl, maskKey }, { configPath, readConfig }] = await Promise.all([
    import('../../settings/write.js'),
    import('../../settings/resolve.js'),
    import('../../settings/store.js'),
  ]);
  const { key } = options;
  const { io } = context;
  // Only the profile: the values stored now may be what this command is run to mend.
  const profile = resolveProfile({ profile: context.globals.profile }, io.env).value;
  const path = configPath(io.env);
  readConfig(path); // a corrupt file is reported before a key is asked for, and never overwritten
  let value = options.value;
  if (value === undefined) {
    value = checkSettingValue(key, await readKey(context));
  } else if (key === 'api-key' && !io.quiet) {
    io.warn('svc: warning: a key given as an argument stays in your shell history; next time leave it out and paste it at the prompt');
  }
  await writeSetting(path, profile, key, value, { interrupt: context.interrupt });
  if (!io.quiet) {
    const shown = key === 'api-key' ? maskKey(value) : key === 'base-url' ? displayUrl(value) : value;
    io.warn(`Set ${key} to ${shown} in profile "${profile}" (${path})`);
  }
}

async function readKey(context: CommandContext): Promise<string> {
  const { io } = context;
  if (!io.isStdinTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of io.in) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks)
      .toString('utf8')
      .replace(/\r?\n$/, '');
  }
  const { readHidden } = await import('../../prompt.js');
  return readHidden(io, 'API key (input hidden): ', context.interrupt);
}
