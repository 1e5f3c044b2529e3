// `svc webhook addresses remove <id>`: DELETE /v1/webhooks/{id}/addresses in batches; removing an absent address
// changes nothing, so each batch is retried with the same body and the whole command can be run again.
import type { Command } from '@commander-js/extra-typings';
import type { Action } from '../../shared/action.js';
import { addAddressChangeOptions, parseAddressChangeOptions, runAddressChange } from '../../shared/address-change.js';
import { examples } from '../../shared/help-text.js';
import { jqOption } from '../../shared/jq-option.js';

export function register(addresses: Command, action: Action): void {
  const command = addresses
    .command('remove')
    .description("Remove addresses from a webhook's watch list, in batches; prints the count it watches after the change")
    .argument('<id>', 'the webhook id');
  addAddressChangeOptions(command, 'remove')
    .addOption(jqOption())
    .addHelpText(
      'after',
      examples([
        [
          'stop watching one address',
          'svc webhook addresses remove 3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60 --address 0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
        ],
        ['every address listed in a file', 'svc webhook addresses remove "$WEBHOOK_ID" --addresses-file retired.txt'],
        ['the count left, for a script', 'n=$(svc webhook addresses remove "$WEBHOOK_ID" --address "$ADDR" | cut -d" " -f1)'],
      ]),
    )
    .action(
      action(async ({ args: [id], flags }, context) => {
        return runAddressChange(await parseAddressChangeOptions('remove', id, flags, context.io, context.interrupt), context);
      }),
    );
}
