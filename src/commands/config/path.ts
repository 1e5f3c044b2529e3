// `svc config path`: where the config file is (SVC_CONFIG_DIR moves it).
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import type { Action } from '../shared/action.js';
import { examples } from '../shared/help-text.js';

export function register(config: Command, action: Action): void {
  config
    .command('path')
    .description('Print the path of the config file')
    .addHelpText(
      'after',
      examples([
        ['where the profiles and the key are stored', 'svc config path'],
        ['a CI job keeps its settings in its own folder', 'SVC_CONFIG_DIR="$RUNNER_TEMP/svc" svc config path'],
      ]),
    )
    .action(action((_, context) => run(context)));
}

export async function run(context: CommandContext): Promise<void> {
  const { configPath } = await import('../../settings/store.js');
  await context.io.write(configPath(context.io.env) + '\n');
}
