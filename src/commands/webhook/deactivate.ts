// `svc webhook deactivate <id>`: DELETE /v1/webhooks/{id}, after a confirmation on a terminal (or --yes).
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import type { IO } from '../../io.js';
import { checkWebhookId } from '../../options.js';
import type { Action } from '../shared/action.js';
import { checkConfirmation, confirmOrCancel } from '../shared/confirm.js';
import { examples } from '../shared/help-text.js';
import { jqOption } from '../shared/jq-option.js';

export interface WebhookDeactivateOptions {
  webhookId: string;
  confirmed: boolean;
}

export function register(webhook: Command, action: Action): void {
  webhook
    .command('deactivate')
    .description('Deactivate a webhook: its notifications stop at once')
    .argument('<id>', 'the webhook id')
    .option('-y, --yes', 'do not ask for confirmation (required when not at a terminal)')
    .addHelpText(
      'after',
      examples([
        ['asks before deactivating', 'svc webhook deactivate 3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60'],
        ['in a script or CI job', 'svc webhook deactivate "$WEBHOOK_ID" --yes'],
      ]),
    )
    .addOption(jqOption())
    .action(action(({ args: [id], flags }, context) => run(parseWebhookDeactivateOptions(id, flags, context.io), context)));
}

export function parseWebhookDeactivateOptions(id: string, flags: { yes?: boolean }, io: IO): WebhookDeactivateOptions {
  const webhookId = checkWebhookId(id);
  return { webhookId, ...checkConfirmation(io, flags.yes, `refusing to deactivate webhook ${webhookId} without confirmation`) };
}

export async function run(options: WebhookDeactivateOptions, context: CommandContext): Promise<void> {
  // Settings and key are checked before asking, so a doomed command does not ask first.
  const client = await context.client({ needsKey: true });
  if (!options.confirmed) {
    await confirmOrCancel(
      context.io,
      `Deactivate webhook ${options.webhookId}? Its notifications stop at once.`,
      'the webhook was not deactivated',
    );
  }
  const { printAcceptedChange, printWebhook } = await import('../shared/webhook-output.js');
  const deactivated = await client.deactivateWebhook(options.webhookId);
  const change = {
    done: `webhook ${options.webhookId} was deactivated`,
    headline: `Deactivated webhook ${options.webhookId}`,
    notAgain: 'no need to run the command again: its notifications have stopped',
  };
  await printAcceptedChange(change, context, () => printWebhook(deactivated, context));
}
