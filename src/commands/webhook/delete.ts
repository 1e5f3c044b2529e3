// `svc webhook delete`: not a command of the service, which keeps webhooks and switches them off; a user who looks for
// it is pointed at `deactivate` (exit 2, nothing sent), as `git` answers a verb it does not have with the one it does.
import type { Command } from '@commander-js/extra-typings';
import { UsageError } from '../../errors.js';
import type { Action } from '../shared/action.js';
import { examples } from '../shared/help-text.js';

export function register(webhook: Command, action: Action): void {
  webhook
    .command('delete', { hidden: true })
    .description('Not a command: the service deactivates webhooks instead (svc webhook deactivate)')
    .argument('[id]', 'the webhook id')
    .addHelpText(
      'after',
      examples([
        ['what stops a webhook instead (its notifications; activate starts them again)', 'svc webhook deactivate "$WEBHOOK_ID" --yes'],
      ]),
    )
    // The flags a delete is typed with elsewhere: the answer is the pointer, not "unknown option".
    .option('-y, --yes', 'as deactivate takes it')
    .option('--force', 'as other tools take it')
    .allowExcessArguments()
    .action(action(({ args: [id] }) => run(id)));
}

export function run(id: string | undefined): never {
  const target = id === undefined || id.startsWith('-') ? '<id>' : id;
  throw new UsageError(
    'the service does not delete webhooks: it deactivates them (their notifications stop, and activate starts them again)',
    `run: svc webhook deactivate ${target}`,
  );
}
