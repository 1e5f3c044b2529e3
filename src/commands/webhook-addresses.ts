// `svc webhook addresses <id>`: GET /v1/webhooks/{id}/addresses, page by page, streamed. Also the group of
// `addresses list|add|remove <id>`: a word that names no subcommand is the id, as before the group existed.
import type { Command } from 'commander';
import type { CommandContext } from '../context.js';
import { UsageError } from '../errors.js';
import type { AddressPage } from '../schema/webhooks.js';
import { checkWebhookId } from '../options.js';
import { closestName } from './help.js';
import type { Action } from './shared/action.js';
import { examples, shellQuote } from './shared/help-text.js';
import { addPagingOptions, parsePaging } from './shared/paging.js';
import type { PagingFlags, PagingOptions } from './shared/paging.js';

export interface WebhookAddressesOptions {
  webhookId: string;
  paging: PagingOptions;
  /** The command the footer's next-page line repeats: `svc webhook addresses` or `svc webhook addresses list`. */
  commandName?: string;
}

/** Registers `addresses <id>` and returns it, the group its subcommands are registered in. */
export function register(webhook: Command, action: Action): Command {
  const command = webhook
    .command('addresses')
    .description('List the addresses an address-activity webhook watches; add or remove some (list, add, remove)')
    .usage('[options] <id>  |  svc webhook addresses <list|add|remove> <id> [options]')
    .argument('<id>', 'the webhook id')
    // Words beyond the id are named here: `addresses ad <id>` is a mistyped command, not two ids.
    .allowExcessArguments()
    .allowUnknownOption()
    // Inherited by list/add/remove: their help's "Global Options" are the program's, not this listing's paging flags.
    .configureHelp({
      showGlobalOptions: true,
      visibleGlobalOptions(cmd: Command) {
        let root = cmd;
        while (root.parent) root = root.parent;
        return root === cmd ? [] : root.options.filter((option) => !option.hidden);
      },
    });
  addPagingOptions(command, 'addresses');
  command.addHelpText(
    'after',
    examples([
      ['the first 10 watched addresses', 'svc webhook addresses 3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60'],
      ['every watched address to a file, one per line', 'svc webhook addresses "$WEBHOOK_ID" --all > addresses.txt'],
      ['the count the service reports', 'svc webhook addresses "$WEBHOOK_ID" --page-size 1 --json | jq .totalAddresses'],
      [
        'watch two more addresses',
        'svc webhook addresses add "$WEBHOOK_ID" --address 0x71C7656EC7ab88b098defB751B7401B5f6d8976F,0xab5801a7d398351b8be11c439e05c5b3259aec9b',
      ],
    ]),
  );
  command.action(
    action<[id: string], PagingFlags>(({ args: [id], flags }, context) => {
      checkNoSecondWord(command);
      return run(parseWebhookAddressesOptions(id, flags), context);
    }),
  );
  return command;
}

/**
 * The paging flags given to `addresses list <id> ...`. commander lets a group parse its own options wherever they
 * stand (only a program with positional options would stop it, and svc takes global options anywhere), so
 * `addresses list <id> --all` may reach this group rather than `list`: both are read.
 */
export function listingFlags(command: Command): PagingFlags {
  return { ...(command.parent?.opts() as PagingFlags), ...(command.opts() as PagingFlags) };
}

/** For add and remove: this group's listing flags given to them are unknown options there, as anywhere else. */
export function refuseListingFlags(command: Command): void {
  const group = command.parent;
  const given = group?.options.find((option) => group.getOptionValueSource(option.attributeName()) === 'cli');
  if (given?.long) {
    throw new UsageError(
      `unknown option '${given.long}' for 'svc webhook addresses ${command.name()}'`,
      `see: svc webhook addresses ${command.name()} --help`,
    );
  }
}

/**
 * What commander leaves in `args` beyond the id (it lets them through, to be named here): `addresses ad <id> --address
 * X` is a mistyped command, not two ids and an unknown option; `addresses <id> --bogus` is an unknown option.
 */
function checkNoSecondWord(command: Command): void {
  const words = command.args;
  const unknownOption = words.find((word) => word.startsWith('-'));
  if (words.length <= 1 && !unknownOption) return;
  const names = command.commands.map((sub) => sub.name()).filter((name) => name !== 'help');
  const first = words[0]!;
  const suggestion = first.startsWith('-') ? undefined : closestName(first, names);
  if (unknownOption && !(suggestion && words.length > 1)) {
    const flag = unknownOption.replace(/=.*$/, '=…');
    const near = closestName(
      flag,
      command.options.map((option) => option.long ?? ''),
    );
    throw new UsageError(`unknown option '${flag}'`, near ? `Did you mean ${near}?` : 'see: svc webhook addresses --help');
  }
  throw new UsageError(
    `unknown command '${first}' for 'svc webhook addresses'`,
    suggestion ? `Did you mean ${suggestion}?` : `commands: ${names.join(', ')}; see: svc webhook addresses --help`,
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
        footer += `\nNext page: ${options.commandName ?? 'svc webhook addresses'} ${shellQuote(options.webhookId)}${pageSize} --page-token ${shellQuote(body.nextPageToken)}`;
      }
      return footer + '\n';
    },
  });
}
