// `svc emulator trigger`: makes a transaction happen in the running emulator, delivering its notifications now.
import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import type { InjectTransactionRequest } from '../../api/emulator-control.js';
import { SvcError, UsageError } from '../../errors.js';
import { parseChainId, parseChoice } from '../../options.js';
import { safeText } from '../../render/text.js';
import { isAddress, isEventSignature } from '../../schema/rules.js';
import { collect } from '../shared/action.js';
import type { Action } from '../shared/action.js';
import { checkChecksums } from '../../given-address.js';
import type { GivenAddress } from '../../given-address.js';
import { examples } from '../shared/help-text.js';
import { emulatorAdvice } from './running.js';
import { OfferedValuesOption } from '../../completion/offered-values.js';

export interface EmulatorTriggerFlags {
  chainId?: string;
  from?: string;
  to?: string;
  value?: string;
  status?: string;
  erc20: string[];
  erc721: string[];
  erc1155: string[];
  log: string[];
  contractCreation?: boolean;
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
    .option('--erc721 <from:to:tokenId>', "an ERC-721 transfer (of the chain's test collection); repeatable", collect, [])
    .option('--erc1155 <from:to:tokenId:value>', "an ERC-1155 transfer (of the chain's test collection); repeatable", collect, [])
    .option('--log <address:topic0>', 'a log emitted by address with this topic0; repeatable', collect, [])
    .option('--contract-creation', 'the transaction creates a contract (from --from; its address is in contractAddress)')
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
        [
          'an NFT sent to a watched address',
          'svc emulator trigger --chain-id 43113 --erc721 0x8ba1f109551bD432803012645Ac136ddd64DBA72:0x71C7656EC7ab88b098defB751B7401B5f6d8976F:42',
        ],
        [
          'a contract created by a watched address',
          'svc emulator trigger --chain-id 43113 --from 0x71C7656EC7ab88b098defB751B7401B5f6d8976F --contract-creation',
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
  if (flags.erc721.length) {
    request.erc721Transfers = flags.erc721.map((text) => {
      const [from = '', to = '', tokenId = '', ...extra] = text.split(':');
      if (extra.length) throw new UsageError(`--erc721 "${text}": must be from:to:tokenId`);
      return { from: address('--erc721 from', from), to: address('--erc721 to', to), tokenId: decimal('--erc721 tokenId', tokenId) };
    });
  }
  if (flags.erc1155.length) {
    request.erc1155Transfers = flags.erc1155.map((text) => {
      const [from = '', to = '', tokenId = '', value = '', ...extra] = text.split(':');
      if (extra.length || value === '') throw new UsageError(`--erc1155 "${text}": must be from:to:tokenId:value`);
      return {
        from: address('--erc1155 from', from),
        to: address('--erc1155 to', to),
        tokenId: decimal('--erc1155 tokenId', tokenId),
        value: decimal('--erc1155 value', value),
      };
    });
  }
  if (flags.contractCreation) {
    const others = [
      ['--to', flags.to !== undefined],
      ['--erc20', flags.erc20.length > 0],
      ['--erc721', flags.erc721.length > 0],
      ['--erc1155', flags.erc1155.length > 0],
      ['--log', flags.log.length > 0],
    ].flatMap(([flag, given]) => (given ? [flag] : []));
    if (others.length) throw new UsageError(`--contract-creation makes a transaction of its own: leave out ${others.join(', ')}`);
    request.contractCreation = true;
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
  const injected = await client.injectTransaction(request).catch(async (error: unknown) => {
    // The client says what to check; the command that lists them is the CLI's.
    if (error instanceof SvcError && error.outcomeUnknown) error.hint = `${error.hint}: svc emulator deliveries`;
    throw await emulatorAdvice(error, io.env);
  });
  if (globals.json) {
    const { asReturned } = await import('../../render/json.js');
    await io.write(asReturned(injected.raw));
  } else if (io.isStdoutTTY) {
    const { countOf } = await import('../../render/count.js');
    const { txHash, messageIds } = injected.data;
    const delivered =
      messageIds.length === 0 ? 'no webhook matched' : `${countOf(messageIds.length, 'notification', true)}: ${messageIds.join(', ')}`;
    await io.write(safeText(`Transaction ${txHash} on chain ${request.chainId}; ${delivered}`) + '\n');
  } else {
    const { tsvRow } = await import('../../render/tsv.js');
    await io.write(tsvRow([injected.data.txHash, ...injected.data.messageIds]));
  }
}
