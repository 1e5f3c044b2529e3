// `svc webhook addresses`: the addresses a webhook watches. `list` is the default command, so the older form
// `svc webhook addresses <id> [flags]` runs `svc webhook addresses list <id> [flags]`.
import type { Command } from '@commander-js/extra-typings';
import { UsageError } from '../../../errors.js';
import { closestName } from '../../help.js';
import type { Action } from '../../shared/action.js';
import { examples } from '../../shared/help-text.js';
import * as add from './add.js';
import * as list from './list.js';
import * as remove from './remove.js';

export function register(webhook: Command, action: Action): void {
  const addresses = webhook
    .command('addresses')
    .description('The addresses a webhook watches')
    .usage('<command> <id> [options]  |  svc webhook addresses <id> [options]')
    .addHelpText(
      'after',
      examples([
        ['the first 10 watched addresses', 'svc webhook addresses 3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60'],
        ['every watched address to a file, one per line', 'svc webhook addresses "$WEBHOOK_ID" --all > addresses.txt'],
        ['the count the service reports', 'svc webhook addresses "$WEBHOOK_ID" --page-size 1 --json | jq .totalAddresses'],
        [
          'watch two more addresses',
          'svc webhook addresses add "$WEBHOOK_ID" --address 0x71C7656EC7ab88b098defB751B7401B5f6d8976F,0xab5801a7d398351b8be11c439e05c5b3259aec9b',
        ],
      ]),
    );
  for (const verb of [list, add, remove]) verb.register(addresses, action);
  // The default command takes one id: two words before it (`addresses ad <id>`) are a mistyped command, not two ids.
  addresses.hook('preSubcommand', (group, subcommand) => {
    const words = group.args;
    if (subcommand.name() !== 'list' || words[0] === 'list') return;
    const firstOption = words.findIndex((word) => word.startsWith('-'));
    const leading = firstOption === -1 ? words : words.slice(0, firstOption);
    if (leading.length < 2) return;
    const names = group.commands.map((sub) => sub.name()).filter((name) => name !== 'help');
    const suggestion = closestName(leading[0]!, names);
    throw new UsageError(
      `unknown command '${leading[0]}' for 'svc webhook addresses'`,
      suggestion ? `Did you mean ${suggestion}?` : `commands: ${names.join(', ')}; see: svc webhook addresses --help`,
    );
  });
}
