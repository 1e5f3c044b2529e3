// `svc config get <key>`: the effective value of a setting; a key only ever as its last 4 characters, a URL's password never.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import { LocalError } from '../../errors.js';
import { parseSettingKey } from '../../settings/store.js';
import type { SettingKey } from '../../settings/store.js';
import type { Action } from '../shared/action.js';
import { examples } from '../shared/help-text.js';

export function register(config: Command, action: Action): void {
  config
    .command('get')
    .description('Print the value a setting has now (flag > env > profile > default); a key is masked')
    .argument('<key>', 'api-key, base-url, api-key-header or chain-id')
    .addHelpText('after', examples([['which service svc talks to', 'svc config get base-url']]))
    .action(action(({ args: [key] }, context) => run(parseSettingKey(key), context)));
}

export async function run(key: SettingKey, context: CommandContext): Promise<void> {
  const { resolveSettings, resolveChainId, displayUrl, maskKey } = await import('../../settings/resolve.js');
  const settings = resolveSettings({ profile: context.globals.profile, baseUrl: context.globals.baseUrl }, context.io.env);
  if (key === 'base-url') {
    await context.io.write(displayUrl(settings.baseUrl.value) + '\n');
    return;
  }
  if (key === 'api-key-header') {
    await context.io.write(settings.apiKeyHeader.value + '\n');
    return;
  }
  if (key === 'chain-id') {
    const chainId = resolveChainId({ profile: context.globals.profile }, context.io.env);
    if (!chainId) {
      throw new LocalError(
        `chain-id is not set (profile "${settings.profile.value}", SVC_CHAIN_ID unset): chain reads need --chain-id`,
        'set a default with: svc config set chain-id fuji',
      );
    }
    await context.io.write(chainId.value + '\n');
    return;
  }
  if (!settings.apiKey) {
    throw new LocalError(
      `api-key is not set (profile "${settings.profile.value}", SVC_API_KEY unset)`,
      'set it with: svc config set api-key',
    );
  }
  await context.io.write(maskKey(settings.apiKey.value) + '\n');
}
