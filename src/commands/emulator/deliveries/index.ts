// `svc emulator deliveries`: the messages the emulator sent and their attempts. `list` is the default command, so
// `svc emulator deliveries [flags]` runs `svc emulator deliveries list [flags]`.
import type { Command } from '@commander-js/extra-typings';
import { UsageError } from '../../../errors.js';
import { closestName } from '../../help.js';
import type { Action } from '../../shared/action.js';
import { examples } from '../../shared/help-text.js';
import * as list from './list.js';
import * as recover from './recover.js';
import * as show from './show.js';

export function register(emulator: Command, action: Action): void {
  const deliveries = emulator
    .command('deliveries')
    .description("The emulator's messages and each attempt to deliver them")
    .usage('[command] [options]')
    .addHelpText(
      'after',
      examples([
        ['the 10 newest messages', 'svc emulator deliveries'],
        ['the failed ones of the last hour', 'svc emulator deliveries --state failed --since 1h'],
        ['each attempt as it ends, until Ctrl-C', 'svc emulator deliveries --follow'],
        ['one message and its attempts', 'svc emulator deliveries show "$MESSAGE_ID"'],
        ["a webhook's failures of the last hour, sent again", 'svc emulator deliveries recover "$WEBHOOK_ID" --since 1h'],
      ]),
    );
  for (const verb of [list, show, recover]) verb.register(deliveries, action);
  // The default command takes no words: one before its flags (`deliveries sho ID`) is a mistyped command.
  deliveries.hook('preSubcommand', (group, subcommand) => {
    const words = group.args;
    if (subcommand.name() !== 'list' || words[0] === 'list' || words.length === 0 || words[0]!.startsWith('-')) return;
    const names = group.commands.map((sub) => sub.name()).filter((name) => name !== 'help');
    const suggestion = closestName(words[0]!, names);
    throw new UsageError(
      `unknown command '${words[0]}' for 'svc emulator deliveries'`,
      suggestion ? `Did you mean ${suggestion}?` : `commands: ${names.join(', ')}; see: svc emulator deliveries --help`,
    );
  });
}
