// `svc webhook update <id>`: PATCH /v1/webhooks/{id} with only the fields given; the same body again on retry.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import { UsageError } from '../../errors.js';
import { checkWebhookId, parseChoice, parseHttpUrl } from '../../options.js';
import { WEBHOOK_STATUSES } from '../../schema/rules.js';
import type { UpdateWebhookRequest } from '../../schema/webhooks.js';
import type { Action, FlagsOf } from '../shared/action.js';
import { spinning } from '../shared/spinning.js';
import { examples, shellQuote } from '../shared/help-text.js';
import { OfferedValuesOption } from '../../completion/offered-values.js';
import { jqOption } from '../shared/jq-option.js';

export interface WebhookUpdateOptions {
  webhookId: string;
  /** Exactly the fields to change, in a fixed order: what is sent, byte for byte, on every attempt. */
  request: UpdateWebhookRequest;
}

/** The command and its flags, declared once: WebhookUpdateFlags is read from here. */
function declareCommand(webhook: Command) {
  return webhook
    .command('update')
    .description('Change a webhook: only the fields given are sent, the others stay as they are')
    .argument('<id>', 'the webhook id')
    .option('--url <url>', 'where notifications are sent from now on (absolute http or https URL)')
    .option('--name <text>', 'a new name')
    .option('--description <text>', 'a new description')
    .addOption(
      new OfferedValuesOption(
        '--status <status>',
        `${WEBHOOK_STATUSES.join(' or ')} (inactive stops notifications at once, as deactivate does)`,
        WEBHOOK_STATUSES,
      ),
    )
    .option('--include-logs', 'put the transaction logs in each notification')
    .option('--no-include-logs', 'leave the logs out of each notification')
    .option('--include-internal-txs', 'put internal transactions in each notification')
    .option('--no-include-internal-txs', 'leave internal transactions out of each notification')
    .addOption(jqOption());
}

export type WebhookUpdateFlags = FlagsOf<ReturnType<typeof declareCommand>>;

export function register(webhook: Command, action: Action): void {
  declareCommand(webhook)
    .addHelpText(
      'after',
      examples([
        ['send notifications to a new url', 'svc webhook update 3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60 --url https://example.com/new-hook'],
        ['rename it and ask for logs', 'svc webhook update "$WEBHOOK_ID" --name payments --include-logs'],
        ['switch it back on (as `svc webhook activate` does)', 'svc webhook update "$WEBHOOK_ID" --status active'],
      ]),
    )
    .action(action(({ args: [id], flags }, context) => run(parseWebhookUpdateOptions(id, flags), context)));
}

export function parseWebhookUpdateOptions(id: string, flags: WebhookUpdateFlags): WebhookUpdateOptions {
  const webhookId = checkWebhookId(id);
  const request: UpdateWebhookRequest = {};
  if (flags.url !== undefined) request.url = parseHttpUrl('--url', flags.url);
  if (flags.name !== undefined) request.name = flags.name;
  if (flags.description !== undefined) request.description = flags.description;
  if (flags.status !== undefined) request.status = parseChoice('--status', flags.status, WEBHOOK_STATUSES);
  if (flags.includeLogs !== undefined) request.includeLogs = flags.includeLogs;
  if (flags.includeInternalTxs !== undefined) request.includeInternalTxs = flags.includeInternalTxs;
  if (Object.keys(request).length === 0) {
    // The service would accept `{}` and change nothing: a command that changes nothing is a mistake on the command line.
    throw new UsageError(
      'nothing to update: at least one of --url, --name, --description, --status, --[no-]include-logs, --[no-]include-internal-txs is required',
      `see: svc webhook update --help`,
    );
  }
  return { webhookId, request };
}

export async function run(options: WebhookUpdateOptions, context: CommandContext): Promise<void> {
  const { printAcceptedChange, printWebhook } = await import('../shared/webhook-output.js');
  const client = await context.client({ needsKey: true });
  const updated = await spinning(context, 'Updating webhook', () => client.updateWebhook(options.webhookId, options.request));
  const change = {
    done: `webhook ${options.webhookId} was updated`,
    headline: `Updated webhook ${options.webhookId}`,
    notAgain: `no need to run the command again: svc webhook get ${shellQuote(options.webhookId)} shows it`,
  };
  await printAcceptedChange(change, context, () => printWebhook(updated, context));
}
