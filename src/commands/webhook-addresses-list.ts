// `svc webhook addresses list <id>`: the listing `svc webhook addresses <id>` prints, under the name the group gives it.
import type { Command } from 'commander';
import type { Action } from './shared/action.js';
import { examples } from './shared/help-text.js';
import { addPagingOptions } from './shared/paging.js';
import { listingFlags, parseWebhookAddressesOptions, run } from './webhook-addresses.js';

export function register(addresses: Command, action: Action): void {
  const command = addresses
    .command('list')
    .description('List the addresses a webhook watches (the same as svc webhook addresses <id>)')
    .argument('<id>', 'the webhook id')
    // The group lets extra words through to name them itself; here one id is all there is.
    .allowExcessArguments(false);
  addPagingOptions(command, 'addresses');
  command.addHelpText(
    'after',
    examples([
      ['the first 10 watched addresses', 'svc webhook addresses list 3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60'],
      ['every watched address to a file, one per line', 'svc webhook addresses list "$WEBHOOK_ID" --all > addresses.txt'],
      [
        'is an address watched? (case-insensitive)',
        'svc webhook addresses list "$WEBHOOK_ID" --all | grep -qi 0x71c7656ec7ab88b098defb751b7401b5f6d8976f',
      ],
    ]),
  );
  command.action(
    action<[id: string], unknown>(({ args: [id] }, context) =>
      run({ ...parseWebhookAddressesOptions(id, listingFlags(command)), commandName: 'svc webhook addresses list' }, context),
    ),
  );
}
