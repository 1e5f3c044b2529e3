// `svc webhook addresses add <id>`: PATCH /v1/webhooks/{id}/addresses in batches; adding a present address changes
// nothing, so each batch is retried with the same body and the whole command can be run again.
import type { Command } from '@commander-js/extra-typings';
import type { Action } from '../../shared/action.js';
import { addAddressChangeOptions, parseAddressChangeOptions, runAddressChange } from '../../shared/address-change.js';
import { examples } from '../../shared/help-text.js';
import { jqOption } from '../../shared/jq-option.js';

export function register(addresses: Command, action: Action): void {
  const command = addresses
    .command('add')
    .description("Add addresses to a webhook's watch list, in batches; prints the count it watches after the change")
    .argument('<id>', 'the webhook id');
  addAddressChangeOptions(command, 'add')
    .addOption(jqOption())
    .addHelpText(
      'after',
      examples([
        [
          'watch one more address',
          'svc webhook addresses add 3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60 --address 0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
        ],
        [
          'a million addresses from a file, 1,000 a request',
          'svc webhook addresses add "$WEBHOOK_ID" --addresses-file wallets.txt --batch-size 1000',
        ],
        ['from another command', 'cut -f2 new-wallets.tsv | svc webhook addresses add "$WEBHOOK_ID" --addresses-file -'],
      ]),
    )
    .action(
      action(async ({ args: [id], flags }, context) => {
        return runAddressChange(await parseAddressChangeOptions('add', id, flags, context.io, context.interrupt), context);
      }),
    );
}
