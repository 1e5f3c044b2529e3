// `svc webhook create`: POST /v1/webhooks for address_activity; never retried where it could create a second one.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import { InterruptedError, UsageError } from '../../errors.js';
import type { IO } from '../../io.js';
import { parseChainId, parseHttpUrl } from '../../options.js';
import { OfferedValuesOption } from '../../completion/offered-values.js';
import { CHAIN_VALUES } from '../../schema/chain-names.js';
import { isEventSignature } from '../../schema/rules.js';
import type { CreateWebhookRequest } from '../../schema/webhooks.js';
import { collect } from '../shared/action.js';
import type { Action, FlagsOf } from '../shared/action.js';
import { spinning } from '../shared/spinning.js';
import { readAddressInput } from '../shared/address-input.js';
import { examples } from '../shared/help-text.js';
import { jqOption } from '../shared/jq-option.js';

export interface WebhookCreateOptions {
  request: CreateWebhookRequest;
}

/** The command and its flags, declared once: WebhookCreateFlags is read from here. */
function declareCommand(webhook: Command) {
  return webhook
    .command('create')
    .description('Create an address-activity webhook that notifies a URL of activity on watched addresses')
    .option('--url <url>', 'where notifications are sent (required; absolute http or https URL)')
    .addOption(
      new OfferedValuesOption(
        '--chain-id <id>',
        'the chain to watch (required): its id, or its name (43114 or c-chain, 43113 or fuji)',
        CHAIN_VALUES,
      ),
    )
    .option('--address <addresses>', 'an address to watch, 0x + 40 hex; repeatable or comma-separated', collect, [])
    .option('--addresses-file <path>', 'addresses one per line ("-" for stdin); blank lines and # comments ignored')
    .option('--event-signature <signature>', 'only activity with a log of this topic0, 0x + 64 hex; repeatable', collect, [])
    .option(
      '--event <declaration>',
      'like --event-signature, from a declaration such as "Transfer(address,address,uint256)"; repeatable',
      collect,
      [],
    )
    .option('--name <text>', 'a name for the webhook')
    .option('--description <text>', 'a description for the webhook')
    .option('--include-logs', 'ask for the transaction logs in each notification')
    .option('--include-internal-txs', 'ask for internal transactions in each notification')
    .addOption(jqOption());
}

export type WebhookCreateFlags = FlagsOf<ReturnType<typeof declareCommand>>;

export function register(webhook: Command, action: Action): void {
  declareCommand(webhook)
    .addHelpText(
      'after',
      examples([
        [
          'watch one address on Fuji (a chain by its name, or its id: 43113)',
          'svc webhook create --url https://example.com/hook --chain-id fuji --address 0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
        ],
        [
          'only ERC-20/ERC-721 transfers, addresses from a file',
          'svc webhook create --url https://example.com/hook --chain-id 43114 --addresses-file watch.txt --event "Transfer(address,address,uint256)"',
        ],
        [
          'in CI: capture the new id',
          'WEBHOOK_ID=$(svc webhook create --url "$HOOK_URL" --chain-id 43113 --address "$ADDR" --json | jq -r .id)',
        ],
      ]),
    )
    .action(action(async ({ flags }, context) => run(await parseWebhookCreateOptions(flags, context.io, context.interrupt), context)));
}

/** `interrupt` ends a wait for --addresses-file (a FIFO nobody writes, stdin). */
export async function parseWebhookCreateOptions(flags: WebhookCreateFlags, io: IO, interrupt?: AbortSignal): Promise<WebhookCreateOptions> {
  if (flags.url === undefined) throw new UsageError('--url is required: where notifications are sent');
  if (flags.chainId === undefined)
    throw new UsageError('--chain-id is required: the id or name of the chain to watch (svc chain list shows them)');
  const url = parseHttpUrl('--url', flags.url);
  const chainId = parseChainId(flags.chainId);
  const addresses = await readAddressInput(flags, io, interrupt);
  const eventSignatures = await parseEventSignatures(flags);
  const request: CreateWebhookRequest = {
    url,
    chainId,
    eventType: 'address_activity',
    metadata: eventSignatures.length ? { addresses, eventSignatures } : { addresses },
  };
  if (flags.name !== undefined) request.name = flags.name;
  if (flags.description !== undefined) request.description = flags.description;
  if (flags.includeLogs) request.includeLogs = true;
  if (flags.includeInternalTxs) request.includeInternalTxs = true;
  return { request };
}

/** --event-signature values and the signatures of --event declarations, each once (keccak loaded only for --event). */
async function parseEventSignatures(flags: Pick<WebhookCreateFlags, 'eventSignature' | 'event'>): Promise<string[]> {
  const eventSignatures: string[] = [];
  for (const signature of flags.eventSignature) {
    if (!isEventSignature(signature)) {
      throw new UsageError(`--event-signature ${JSON.stringify(signature)}: must be 0x followed by 64 hex characters`);
    }
    eventSignatures.push(signature);
  }
  if (flags.event.length > 0) {
    const { DeclarationError, eventSignature } = await import('../../evm/event-signature.js');
    for (const declaration of flags.event) {
      try {
        eventSignatures.push(eventSignature(declaration).signature);
      } catch (error) {
        if (error instanceof DeclarationError) throw new UsageError(`--event ${JSON.stringify(declaration)}: ${error.message}`);
        throw error;
      }
    }
  }
  return [...new Map(eventSignatures.map((signature) => [signature.toLowerCase(), signature])).values()];
}

export async function run(options: WebhookCreateOptions, context: CommandContext): Promise<void> {
  const { printAcceptedChange, printWebhook } = await import('../shared/webhook-output.js');
  const client = await context.client({ needsKey: true });
  const created = await spinning(context, 'Creating webhook', async () => {
    try {
      return await client.createWebhook(options.request);
    } catch (error) {
      if (error instanceof InterruptedError) {
        error.hint =
          'interrupted while the request was under way: the webhook may have been created; check for notifications at its url before creating it again';
      }
      throw error;
    }
  });
  const id = created.data.id;
  const change = {
    done: id === undefined ? 'the webhook was created (the answer held no id)' : `webhook ${id} was created`,
    headline: id === undefined ? 'Created the webhook' : `Created webhook ${id}`,
    notAgain: 'do not run the command again: that would create a second webhook',
  };
  await printAcceptedChange(change, context, () => printWebhook(created, context));
}
