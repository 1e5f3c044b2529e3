// `svc webhook secret show`: GET /v1/webhooks:getSharedSecret, the secret notifications are signed with.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../../context.js';
import type { Action } from '../../shared/action.js';
import { examples } from '../../shared/help-text.js';
import { jqOption } from '../../shared/jq-option.js';

export function register(secret: Command, action: Action): void {
  secret
    .command('show')
    .description("Print the key's shared secret, the one notifications are signed with, as the service gives it (hex)")
    .addHelpText(
      'after',
      examples([
        ['keep it in a file only you can read, for verify and listen --verify', '(umask 077; svc webhook secret show > webhook-secret)'],
        ['hand it to your receiver', 'export WEBHOOK_SECRET=$(svc webhook secret show)'],
      ]),
    )
    .addOption(jqOption())
    .action(action((_invocation, context) => run(context)));
}

export async function run(context: CommandContext): Promise<void> {
  const client = await context.client({ needsKey: true });
  const fetched = await client.getSharedSecret();
  const { printSecret } = await import('../../shared/webhook-secret.js');
  await printSecret(fetched, context);
}
