// `svc webhook addresses list <id>`: GET /v1/webhooks/{id}/addresses, page by page, streamed. The group's default
// command, so the older `svc webhook addresses <id>` runs it too.
import type { Command, CommandUnknownOpts } from '@commander-js/extra-typings';
import type { CommandContext } from '../../../context.js';
import type { AddressPage } from '../../../schema/webhooks.js';
import { checkWebhookId } from '../../../options.js';
import type { Action } from '../../shared/action.js';
import { examples, shellQuote } from '../../shared/help-text.js';
import { addPagingOptions, parsePaging } from '../../shared/paging.js';
import type { PagingFlags, PagingOptions } from '../../shared/paging.js';
import { countOf, partOf } from '../../../render/count.js';
import { jqOption } from '../../shared/jq-option.js';

export interface WebhookAddressesOptions {
  webhookId: string;
  paging: PagingOptions;
  /** The command the footer's next-page line repeats: `svc webhook addresses` or `svc webhook addresses list`. */
  commandName: string;
}

export function register(addresses: Command, action: Action): void {
  const command = addresses
    .command('list', { isDefault: true })
    .description('List the addresses a webhook watches (also: svc webhook addresses <id>)')
    .argument('<id>', 'the webhook id');
  addPagingOptions(command, 'addresses')
    .addOption(jqOption())
    .addHelpText(
      'after',
      examples([
        ['the first 10 watched addresses', 'svc webhook addresses list 3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60'],
        ['every watched address to a file, one per line', 'svc webhook addresses list "$WEBHOOK_ID" --all > addresses.txt'],
        [
          'is an address watched? (case-insensitive)',
          'svc webhook addresses list "$WEBHOOK_ID" --all | grep -qi 0x71c7656ec7ab88b098defb751b7401b5f6d8976f',
        ],
      ]),
    )
    .action(action(({ args: [id], flags }, context) => run(parseWebhookAddressesOptions(id, flags, invokedAs(command)), context)));
}

/** `svc webhook addresses list` when the word was typed, `svc webhook addresses` when the group ran its default. */
function invokedAs(command: CommandUnknownOpts): string {
  const group = command.parent!;
  return group.args[0] === command.name() ? 'svc webhook addresses list' : 'svc webhook addresses';
}

export function parseWebhookAddressesOptions(id: string, flags: PagingFlags, commandName: string): WebhookAddressesOptions {
  return { webhookId: checkWebhookId(id), paging: parsePaging(flags), commandName };
}

export async function run(options: WebhookAddressesOptions, context: CommandContext): Promise<void> {
  const [{ printListing }, { addressTable, addressTsv }] = await Promise.all([
    import('../../shared/listing.js'),
    import('../../../render/addresses.js'),
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
      // A footer is for a terminal only: digits grouped.
      const counted =
        body.totalAddresses === undefined ? countOf(shown, 'address', true) : partOf(shown, body.totalAddresses, 'address', true);
      let footer = `\nShowing ${counted}.`;
      if (!options.paging.followPages && typeof body.nextPageToken === 'string' && body.nextPageToken !== '') {
        const pageSize = options.paging.pageSize ? ` --page-size ${options.paging.pageSize}` : '';
        footer += `\nNext page: ${options.commandName} ${shellQuote(options.webhookId)}${pageSize} --page-token ${shellQuote(body.nextPageToken)}`;
      }
      return footer + '\n';
    },
  });
}
