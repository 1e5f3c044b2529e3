// `svc webhook list`: GET /v1/webhooks, the key's own webhooks newest first, page by page, streamed.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import { parseChoice } from '../../options.js';
import { WEBHOOK_STATUSES } from '../../schema/rules.js';
import type { WebhookStatus } from '../../schema/rules.js';
import type { ShownWebhook, WebhookPage } from '../../schema/webhooks.js';
import type { Action, FlagsOf } from '../shared/action.js';
import { examples, shellQuote } from '../shared/help-text.js';
import { OfferedValuesOption } from '../../completion/offered-values.js';
import { addPagingOptions, parsePaging } from '../shared/paging.js';
import type { PagingOptions } from '../shared/paging.js';
import { countOf } from '../../render/count.js';
import { jqOption } from '../shared/jq-option.js';

export interface WebhookListOptions {
  status?: WebhookStatus;
  paging: PagingOptions;
}

/** The command and its flags, declared once: WebhookListFlags is read from here. */
function declareCommand(webhook: Command) {
  const command = webhook
    .command('list')
    .description("List the key's webhooks, newest first")
    .addOption(
      new OfferedValuesOption('--status <status>', `only ${WEBHOOK_STATUSES.join(' or ')} webhooks (default: both)`, WEBHOOK_STATUSES),
    );
  return addPagingOptions(command, 'webhooks').addOption(jqOption());
}

export type WebhookListFlags = FlagsOf<ReturnType<typeof declareCommand>>;

export function register(webhook: Command, action: Action): void {
  declareCommand(webhook)
    .addHelpText(
      'after',
      examples([
        ['the 10 newest webhooks', 'svc webhook list'],
        ['the webhooks the service switched off (or you deactivated)', 'svc webhook list --status inactive --all'],
        ['find a webhook again by its name', `svc webhook list --all --json | jq -r '.webhooks[] | select(.name == "payments") | .id'`],
      ]),
    )
    .action(action(({ flags }, context) => run(parseWebhookListOptions(flags), context)));
}

export function parseWebhookListOptions(flags: WebhookListFlags): WebhookListOptions {
  return {
    status: flags.status === undefined ? undefined : parseChoice('--status', flags.status, WEBHOOK_STATUSES),
    paging: parsePaging(flags),
  };
}

export async function run(options: WebhookListOptions, context: CommandContext): Promise<void> {
  const [{ printListing }, { webhookListTable, webhookListTsv }] = await Promise.all([
    import('../shared/listing.js'),
    import('../../render/webhooks.js'),
  ]);
  const client = await context.client({ needsKey: true });
  // Newest first: a webhook created while the list is read pushes the others down a place, so the next page
  // starts with one already printed. It is printed once.
  const printedIds = new Set<string>();
  await printListing<ShownWebhook, WebhookPage>(context, {
    paging: options.paging,
    noun: 'webhooks',
    listField: 'webhooks',
    fetch: (request) => client.listWebhooks({ ...request, status: options.status }),
    items: (body) => body.webhooks,
    nextPageToken: (body) => body.nextPageToken,
    isNew: (webhook) => {
      if (webhook.id === undefined) return true;
      if (printedIds.has(webhook.id)) return false;
      printedIds.add(webhook.id);
      return true;
    },
    tsv: webhookListTsv,
    table: webhookListTable,
    footer: (body, shown) => {
      // Nothing shown: printListing has said "No webhooks found." on stderr.
      if (shown === 0) return undefined;
      let footer = `\nShowing ${countOf(shown, 'webhook', true)}.`;
      if (!options.paging.followPages && typeof body.nextPageToken === 'string' && body.nextPageToken !== '') {
        const flags = [
          options.status && `--status ${options.status}`,
          options.paging.pageSize && `--page-size ${options.paging.pageSize}`,
          `--page-token ${shellQuote(body.nextPageToken)}`,
        ].filter(Boolean);
        footer += `\nNext page: svc webhook list ${flags.join(' ')}`;
      }
      return footer + '\n';
    },
  });
}
