// `svc webhook deactivate <id>`: DELETE /v1/webhooks/{id}, after a confirmation on a terminal (or --yes).
import type { Command } from 'commander';
import type { CommandContext } from '../context.js';
import { checkWebhookId } from '../options.js';
import { UsageError } from '../errors.js';
import { examples } from './help.js';
import type { Action } from './help.js';

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
    .action(action<{ yes?: boolean }>(({ args, flags }, context) =>
      run({ webhookId: checkWebhookId(String(args[0])), confirmed: Boolean(flags.yes) }, context),
    ));
}

export async function run(options: WebhookDeactivateOptions, context: CommandContext): Promise<void> {
  const { io } = context;
  const { connect } = await import('../session.js');
  // Settings and key are checked before asking, so a doomed command does not ask first.
  const client = connect(context, { needsKey: true });
  try {
    if (!options.confirmed) {
      if (!io.isStdinTTY || !io.isStderrTTY) {
        throw new UsageError(`refusing to deactivate webhook ${options.webhookId} without confirmation: pass --yes`);
      }
      const { confirm } = await import('../prompt.js');
      const yes = await confirm(io, `Deactivate webhook ${options.webhookId}? Its notifications stop at once.`);
      if (!yes) throw new UsageError('cancelled: the webhook was not deactivated');
    }
    const { printWebhook } = await import('./webhook-output.js');
    await printWebhook(await client.deactivateWebhook(options.webhookId), context);
  } finally {
    await client.close();
  }
}
