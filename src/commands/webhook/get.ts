// `svc webhook get <id>`: GET /v1/webhooks/{id}, printed as `create` prints the webhook it made.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import { checkWebhookId } from '../../options.js';
import type { Action } from '../shared/action.js';
import { spinning } from '../shared/spinning.js';
import { examples } from '../shared/help-text.js';
import { jqOption } from '../shared/jq-option.js';

export interface WebhookGetOptions {
  webhookId: string;
}

export function register(webhook: Command, action: Action): void {
  webhook
    .command('get')
    .description('Show one webhook: its url, status, chain, addresses and settings')
    .argument('<id>', 'the webhook id')
    .addHelpText(
      'after',
      examples([
        ['one webhook', 'svc webhook get 3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60'],
        [
          'is it still active? (the service switches off a webhook whose deliveries keep failing)',
          'svc webhook get "$WEBHOOK_ID" --json | jq -r .status',
        ],
      ]),
    )
    .addOption(jqOption())
    .action(action(({ args: [id] }, context) => run(parseWebhookGetOptions(id), context)));
}

export function parseWebhookGetOptions(id: string): WebhookGetOptions {
  return { webhookId: checkWebhookId(id) };
}

export async function run(options: WebhookGetOptions, context: CommandContext): Promise<void> {
  const { printWebhook } = await import('../shared/webhook-output.js');
  const client = await context.client({ needsKey: true });
  const fetched = await spinning(context, 'Fetching webhook', () => client.getWebhook(options.webhookId));
  await printWebhook(fetched, context);
}
