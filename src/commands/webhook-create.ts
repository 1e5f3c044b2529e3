// `svc webhook create`: POST /v1/webhooks for address_activity; never retried where it could create a second one.
import type { Command } from 'commander';
import type { CommandContext } from '../context.js';
import type { CreateWebhookRequest } from '../api/types.js';
import { InterruptedError, UsageError } from '../errors.js';
import { isAddress } from '../evm/address.js';
import { DeclarationError, eventSignature, isEventSignature } from '../evm/event-signature.js';
import { parseChainId, parseHttpUrl } from '../options.js';
import { examples } from './help.js';
import type { Action } from './help.js';

interface WebhookCreateFlags {
  url?: string;
  chainId?: string;
  address: string[];
  addressesFile?: string;
  eventSignature: string[];
  event: string[];
  name?: string;
  description?: string;
  includeLogs?: boolean;
  includeInternalTxs?: boolean;
}

export interface WebhookCreateOptions {
  request: CreateWebhookRequest;
}

const collect = (value: string, previous: string[]) => [...previous, value];

export function register(webhook: Command, action: Action): void {
  webhook
    .command('create')
    .description('Create an address-activity webhook that notifies a URL of activity on watched addresses')
    .option('--url <url>', 'where notifications are sent (required; absolute http or https URL)')
    .option('--chain-id <id>', 'the chain to watch, decimal (required; e.g. 43114 C-Chain, 43113 Fuji)')
    .option('--address <addresses>', 'an address to watch, 0x + 40 hex; repeatable or comma-separated', collect, [])
    .option('--addresses-file <path>', 'addresses one per line ("-" for stdin); blank lines and # comments ignored')
    .option('--event-signature <signature>', 'only activity with a log of this topic0, 0x + 64 hex; repeatable', collect, [])
    .option('--event <declaration>', 'like --event-signature, from a declaration such as "Transfer(address,address,uint256)"; repeatable', collect, [])
    .option('--name <text>', 'a name for the webhook')
    .option('--description <text>', 'a description for the webhook')
    .option('--include-logs', 'ask for the transaction logs in each notification')
    .option('--include-internal-txs', 'ask for internal transactions in each notification')
    .addHelpText(
      'after',
      examples([
        ['watch one address on Fuji', 'svc webhook create --url https://example.com/hook --chain-id 43113 --address 0x71C7656EC7ab88b098defB751B7401B5f6d8976F'],
        ['only ERC-20/ERC-721 transfers, addresses from a file', 'svc webhook create --url https://example.com/hook --chain-id 43114 --addresses-file watch.txt --event "Transfer(address,address,uint256)"'],
        ['in CI: capture the new id', 'WEBHOOK_ID=$(svc webhook create --url "$HOOK_URL" --chain-id 43113 --address "$ADDR" --json | jq -r .id)'],
      ]),
    )
    .action(action<WebhookCreateFlags>(async ({ flags }, context) => run(await parseWebhookCreateOptions(flags, context), context)));
}

export async function parseWebhookCreateOptions(flags: WebhookCreateFlags, context: CommandContext): Promise<WebhookCreateOptions> {
  if (flags.url === undefined) throw new UsageError('--url is required: where notifications are sent');
  if (flags.chainId === undefined) throw new UsageError('--chain-id is required: the decimal id of the chain to watch');
  const url = parseHttpUrl('--url', flags.url);
  const chainId = parseChainId(flags.chainId);

  const candidates: Array<{ address: string; origin: string }> = [];
  for (const value of flags.address) {
    for (const part of value.split(',')) candidates.push({ address: part.trim(), origin: '--address' });
  }
  if (flags.addressesFile !== undefined) {
    const text = await readAddressesFile(flags.addressesFile, context);
    const before = candidates.length;
    text.split(/\r?\n/).forEach((line, index) => {
      const address = line.replace(/#.*/, '').trim();
      if (address !== '') candidates.push({ address, origin: `--addresses-file ${flags.addressesFile} line ${index + 1}:` });
    });
    if (candidates.length === before) {
      throw new UsageError(`--addresses-file ${flags.addressesFile}: holds no addresses (one per line, # for comments)`);
    }
  }
  if (candidates.length === 0) throw new UsageError('at least one address is required: use --address or --addresses-file');
  const addresses: string[] = [];
  const seen = new Set<string>();
  for (const { address, origin } of candidates) {
    if (!isAddress(address)) throw new UsageError(`${origin} ${JSON.stringify(address)}: must be an address, 0x followed by 40 hex characters`);
    const key = address.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    addresses.push(address);
  }

  const eventSignatures: string[] = [];
  for (const signature of flags.eventSignature) {
    if (!isEventSignature(signature)) {
      throw new UsageError(`--event-signature ${JSON.stringify(signature)}: must be 0x followed by 64 hex characters`);
    }
    eventSignatures.push(signature);
  }
  for (const declaration of flags.event) {
    try {
      eventSignatures.push(eventSignature(declaration).signature);
    } catch (error) {
      if (error instanceof DeclarationError) throw new UsageError(`--event ${JSON.stringify(declaration)}: ${error.message}`);
      throw error;
    }
  }
  const uniqueSignatures = [...new Map(eventSignatures.map((signature) => [signature.toLowerCase(), signature])).values()];

  const request: CreateWebhookRequest = {
    url,
    chainId,
    eventType: 'address_activity',
    metadata: uniqueSignatures.length ? { addresses, eventSignatures: uniqueSignatures } : { addresses },
  };
  if (flags.name !== undefined) request.name = flags.name;
  if (flags.description !== undefined) request.description = flags.description;
  if (flags.includeLogs) request.includeLogs = true;
  if (flags.includeInternalTxs) request.includeInternalTxs = true;
  return { request };
}

async function readAddressesFile(path: string, context: CommandContext): Promise<string> {
  if (path === '-') {
    if (context.io.isStdinTTY) throw new UsageError('--addresses-file -: reads addresses from stdin, but stdin is a terminal; pipe a file in');
    const chunks: Buffer[] = [];
    for await (const chunk of context.io.in) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }
  const { readFile } = await import('node:fs/promises');
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    throw new UsageError(`--addresses-file ${path}: cannot read it (${why})`);
  }
}

export async function run(options: WebhookCreateOptions, context: CommandContext): Promise<void> {
  const [{ connect }, { printWebhook }] = await Promise.all([import('../session.js'), import('./webhook-output.js')]);
  const client = connect(context, { needsKey: true });
  const spinner = await context.io.spinner(context.globals.json);
  try {
    spinner.update('Creating webhook');
    let created;
    try {
      created = await client.createWebhook(options.request);
    } catch (error) {
      if (error instanceof InterruptedError) {
        error.hint = 'interrupted while the request was under way: the webhook may have been created; check for notifications at its url before creating it again';
      }
      throw error;
    }
    spinner.clear();
    await printWebhook(created, context);
  } finally {
    spinner.clear();
    await client.close();
  }
}
