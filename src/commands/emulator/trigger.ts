// `svc emulator trigger`: makes a transaction happen in the running emulator, delivering its notifications now.
import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import type { InjectTransactionRequest } from '../../api/emulator-control.js';
import { UsageError } from '../../errors.js';
import { parseChainId, parseChoice } from '../../options.js';
import { safeText } from '../../render/text.js';
import { isAddress, isEventSignature } from '../../schema/rules.js';
import { collect } from '../shared/action.js';
import type { Action } from '../shared/action.js';
import { checkChecksums } from '../../given-address.js';
import type { GivenAddress } from '../../given-address.js';
import { examples } from '../shared/help-text.js';
import { controlApiAdvice } from '../shared/hints.js';
import { OfferedValuesOption } from '../../completion/offered-values.js';

export interface EmulatorTriggerFlags {
  chainId?: string;
  from?: string;
  to?: string;
  value?: string;
  status?: string;
  erc20: string[];
  log: string[];
}

const TRIGGER_STATUSES = ['success', 'failed'] as const;
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

export function register(emulator: Command, action: Action): void {
  emulator
    .command('trigger')
    .description('Make a transaction happen in the running emulator; matching webhooks are notified at once')
    .option('--chain-id <id>', 'chain of the transaction, decimal (required)')
    .option('--from <address>', 'sender (default: generated)')
    .option('--to <address>', 'recipient (default: generated)')
    .option('--value <wei>', 'native value in wei, decimal')
    .addOption(new OfferedValuesOption('--status <status>', 'success or failed', TRIGGER_STATUSES).default('success'))
    .option('--erc20 <from:to:value>', 'an ERC-20 transfer in the transaction; repeatable', collect, [])
    .option('--log <address:topic0>', 'a log emitted by address with this topic0; repeatable', collect, [])
    .addHelpText(
      'after',
      examples([
        [
          'activity from a watched address on Fuji',
          'svc emulator trigger --chain-id 43113 --from 0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
        ],
        [
          'an ERC-20 transfer of 2.5 tokens (18 decimals)',
          'svc emulator trigger --chain-id 43113 --erc20 0x71C7656EC7ab88b098defB751B7401B5f6d8976F:0x8ba1f109551bD432803012645Ac136ddd64DBA72:2500000000000000000',
        ],
        ['the message ids, for a test', 'svc emulator trigger --chain-id 43113 --to "$ADDR" --json | jq -r \'.messageIds[]\''],
      ]),
    )
    .action(action<[], EmulatorTriggerFlags>(async ({ flags }, context) => run(await parseEmulatorTriggerOptions(flags), context)));
}

function decimal(flag: string, text: string): string {
  if (!/^\d+$/.test(text)) throw new UsageError(`${flag} "${text}": must be a whole decimal amount in the smallest unit`);
  return text;
}

export async function parseEmulatorTriggerOptions(flags: EmulatorTriggerFlags): Promise<InjectTransactionRequest> {
  if (flags.chainId === undefined) throw new UsageError('--chain-id is required: the chain the transaction happens on');
  const given: GivenAddress[] = [];
  const address = (flag: string, text: string): string => {
    if (!isAddress(text)) throw new UsageError(`${flag} "${text}": must be an address, 0x followed by 40 hex characters`);
    given.push({ address: text, origin: flag });
    return text;
  };
  const request: InjectTransactionRequest = { chainId: parseChainId(flags.chainId) };
  if (flags.from !== undefined) request.from = address('--from', flags.from);
  if (flags.to !== undefined) request.to = address('--to', flags.to);
  if (flags.value !== undefined) request.value = decimal('--value', flags.value);
  if (flags.status !== undefined) request.txStatus = parseChoice('--status', flags.status, TRIGGER_STATUSES) === 'success' ? '1' : '0';
  if (flags.erc20.length) {
    request.erc20Transfers = flags.erc20.map((text) => {
      const [from = '', to = '', value = '', ...extra] = text.split(':');
      if (extra.length) throw new UsageError(`--erc20 "${text}": must be from:to:value`);
      return { from: address('--erc20 from', from), to: address('--erc20 to', to), value: decimal('--erc20 value', value) };
    });
  }
  if (flags.log.length) {
    request.logs = flags.log.map((text) => {
      const [logAddress = '', topic0 = TRANSFER_TOPIC, ...extra] = text.split(':');
      if (extra.length) throw new UsageError(`--log "${text}": must be address:topic0`);
      if (!isEventSignature(topic0)) throw new UsageError(`--log "${text}": topic0 must be 0x followed by 64 hex characters`);
      return { address: address('--log address', logAddress), topics: [topic0], data: '0x' };
    });
  }
  await checkChecksums(given);
  return request;
}

export async function run(request: InjectTransactionRequest, context: CommandContext): Promise<void> {
  const { io, globals } = context;
  const client = await context.emulatorControl();
  const injected = await client.injectTransaction(request).catch((error: unknown) => {
    throw controlApiAdvice(error);
  });
  if (globals.json) {
    const { asReturned } = await import('../../render/json.js');
    await io.write(asReturned(injected.raw));
  } else if (io.isStdoutTTY) {
    const { txHash, messageIds } = injected.data;
    const delivered =
      messageIds.length === 0
        ? 'no webhook matched'
        : `${messageIds.length} notification${messageIds.length === 1 ? '' : 's'}: ${messageIds.join(', ')}`;
    await io.write(safeText(`Transaction ${txHash} on chain ${request.chainId}; ${delivered}`) + '\n');
  } else {
    const { tsvRow } = await import('../../render/tsv.js');
    await io.write(tsvRow([injected.data.txHash, ...injected.data.messageIds]));
  }
}
