// `svc config unset <key>`: removes a setting from the profile.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import { parseSettingKey } from '../../settings/store.js';
import type { SettingKey } from '../../settings/store.js';
import type { Action } from '../shared/action.js';
import { examples } from '../shared/help-text.js';

export function register(config: Command, action: Action): void {
  config
    .command('unset')
    .description('Remove a setting from the profile')
    .argument('<key>', 'api-key, base-url, api-key-header or chain-id')
    .addHelpText('after', examples([['forget the stored key', 'svc config unset api-key']]))
    .action(action(({ args: [key] }, context) => run(parseSettingKey(key), context)));
}

export async function run(key: SettingKey, context: CommandContext): Promise<void> {
  const [{ removeSetting }, { resolveProfile }, { configPath }] = await Promise.all([
    import('../../settings/write.js'),
    import('../../settings/resolve.js'),
    import('../../settings/store.js'),
  ]);
  const { io } = context;
  // Only the profile: a stored value that no longer passes is what unset is run to remove.
  const profile = resolveProfile({ profile: context.globals.profile }, io.env).value;
  const removed = await removeSetting(configPath(io.env), profile, key, { interrupt: context.interrupt });
  if (!io.quiet) {
    io.warn(removed ? `Removed ${key} from profile "${profile}"` : `${key} was not set in profile "${profile}"`);
  }
}
