// `svc webhook activate <id>`: PATCH /v1/webhooks/{id} with {"status":"active"}, the counterpart of `deactivate`.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import { checkWebhookId } from '../../options.js';
import type { Action } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import { jqOption } from '../shared/jq-option.js';

export interface WebhookActivateOptions {
  webhookId: string;
}

export function register(webhook: Command, action: Action): void {
  webhook
    .command('activate')
    .description('Activate a webhook again (after deactivate, or after the service switched it off): notifications resume')
    .argument('<id>', 'the webhook id')
    .addHelpText(
      'after',
      examples([
        ['switch a webhook back on', 'svc webhook activate 3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60'],
        [
          'switch on every inactive webhook',
          "svc webhook list --status inactive --all --json | jq -r '.webhooks[].id' | xargs -r -n1 svc webhook activate",
        ],
      ]),
    )
    .addOption(jqOption())
    .action(action(({ args: [id] }, context) => run(parseWebhookActivateOptions(id), context)));
}

export function parseWebhookActivateOptions(id: string): WebhookActivateOptions {
  return { webhookId: checkWebhookId(id) };
}

export async function run(options: WebhookActivateOptions, context: CommandContext): Promise<void> {
  const { printAcceptedChange, printWebhook } = await import('../shared/webhook-output.js');
  const client = await context.client({ needsKey: true });
  // Turning notifications on undoes nothing and loses nothing: no confirmation, unlike deactivate.
  const activated = await client.updateWebhook(options.webhookId, { status: 'active' });
  const change = {
    done: `webhook ${options.webhookId} was activated`,
    headline: `Activated webhook ${options.webhookId}`,
    notAgain: 'no need to run the command again: its notifications have resumed',
  };
  await printAcceptedChange(change, context, () => printWebhook(activated, context));
}
