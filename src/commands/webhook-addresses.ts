// `svc webhook addresses <id>`: GET /v1/webhooks/{id}/addresses, page by page, streamed.
import type { Command } from 'commander';
import type { CommandContext } from '../context.js';
import type { AddressPage } from '../schema/webhooks.js';
import { checkWebhookId } from '../options.js';
import type { Action } from './shared/action.js';
import { examples, shellQuote } from './shared/help-text.js';
import { addPagingOptions, parsePaging } from './shared/paging.js';
import type { PagingFlags, PagingOptions } from './shared/paging.js';

export interface WebhookAddressesOptions {
  webhookId: string;
  paging: PagingOptions;
}

export function register(webhook: Command, action: Action): void {
  const command = webhook
    .command('addresses')
    .description('List the addresses an address-activity webhook watches')
    .argument('<id>', 'the webhook id');
  addPagingOptions(command, 'addresses');
  command.addHelpText(
    'after',
    examples([
      ['the first 10 watched addresses', 'svc webhook addresses 3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60'],
      ['every watched address to a file, one per line', 'svc webhook addresses "$WEBHOOK_ID" --all > addresses.txt'],
      ['the count the service reports', 'svc webhook addresses "$WEBHOOK_ID" --page-size 1 --json | jq .totalAddresses'],
    ]),
  );
  command.action(
    action<[id: string], PagingFlags>(({ args: [id], flags }, context) => run(parseWebhookAddressesOptions(id, flags), context)),
  );
}

export function parseWebhookAddressesOptions(id: string, flags: PagingFlags): WebhookAddressesOptions {
  return { webhookId: checkWebhookId(id), paging: parsePaging(flags) };
}

export async function run(options: WebhookAddressesOptions, context: CommandContext): Promise<void> {
  const [{ printListing }, { addressTable, addressTsv }] = await Promise.all([
    import('./shared/listing.js'),
    import('../render/addresses.js'),
  ]);
  const client = await context.client({ needsKey: true });
  await printListing<string, AddressPage>(context, {
    paging: options.paging,
    noun: 'addresses',
    listField: 'addresses',
    fetch: (request) => client.listWebhookAddresses(options.webhookId, request),
    items: (body) => body.addresses,
    nextPageToken: (body) => body.nextPageToken,
    tsv: addressTsv,
    table: addressTable,
    total: (body) => body.totalAddresses,
    footer: (body, shown) => {
      const total = body.totalAddresses === undefined ? '' : ` of ${body.totalAddresses}`;
      let footer = `\nShowing ${shown}${total} addresses.`;
      if (!options.paging.follow && typeof body.nextPageToken === 'string' && body.nextPageToken !== '') {
        const pageSize = options.paging.pageSize ? ` --page-size ${options.paging.pageSize}` : '';
        footer += `\nNext page: svc webhook addresses ${shellQuote(options.webhookId)}${pageSize} --page-token ${shellQuote(body.nextPageToken)}`;
      }
      return footer + '\n';
    },
  });
}
