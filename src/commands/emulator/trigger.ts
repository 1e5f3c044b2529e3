// `svc emulator trigger`: makes a transaction happen in the running emulator, delivering its notifications now.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import type { InjectTransactionRequest } from '../../api/emulator-control.js';
import { SvcError, UsageError } from '../../errors.js';
import { parseChainId, parseChoice } from '../../options.js';
import { safeText } from '../../render/text.js';
import { CHAIN_VALUES } from '../../schema/chain-names.js';
import { isAddress, isEventSignature } from '../../schema/rules.js';
import { collect } from '../shared/action.js';
import type { Action, FlagsOf } from '../shared/action.js';
import { checkChecksums } from '../../given-address.js';
import type { GivenAddress } from '../../given-address.js';
import { examples } from '../shared/help-text.js';
import { emulatorAdvice } from './running.js';
import { OfferedValuesOption } from '../../completion/offered-values.js';
import { jqOption } from '../shared/jq-option.js';

const TRIGGER_STATUSES = ['success', 'failed'] as const;
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** topic0, the event's signature, and one topic per indexed argument: at most three, as the EVM's LOG4 allows. */
const MAX_TOPICS = 4;
const HEX_DATA = /^0x([0-9a-fA-F]{2})*$/;
const CALL_TYPE = /^[A-Z][A-Z0-9_]*$/;
// What the examples use: a watched address and another, a wallet contract's implementation, Fuji's USDC (a token
// the emulator knows: as a sender, the listing shows its name, symbol, decimals and logo), a pair's Sync event.
const WATCHED = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const OTHER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const IMPLEMENTATION = '0x34cfac646f301356faa8b21e94227e3583fe3f5f';
const FUJI_USDC = '0x5425890298aed601595a70AB815c96711a31Bc65';
/** The sender of a mint. */
const ZERO = '0x0000000000000000000000000000000000000000';
const SYNC_TOPIC = '0x1c411e9a96e071241c2f21f7726b17ae89e3cab4c78be50e062b03a9fffbbad1';
const word = (hex: string) => '0x' + hex.toLowerCase().padStart(64, '0');

/** The command and its flags, declared once: EmulatorTriggerFlags is read from here. */
function declareCommand(emulator: Command) {
  return emulator
    .command('trigger')
    .description('Make a transaction happen in the running emulator; matching webhooks are notified at once')
    .addOption(new OfferedValuesOption('--chain-id <id>', 'chain of the transaction (required): its id, or its name (fuji)', CHAIN_VALUES))
    .option('--from <address>', 'sender (default: generated)')
    .option('--to <address>', 'recipient (default: generated)')
    .option('--value <wei>', 'native value in wei, decimal')
    .addOption(new OfferedValuesOption('--status <status>', 'success or failed', TRIGGER_STATUSES).default('success'))
    .option(
      '--erc20 <from:to:value>',
      'an ERC-20 transfer in the transaction (of --token, else of a token the chain picks); from the zero address, a mint; repeatable',
      collect,
      [],
    )
    .option(
      '--erc721 <from:to:tokenId>',
      "an ERC-721 transfer (of --token, else of the chain's test collection); from the zero address, a mint; repeatable",
      collect,
      [],
    )
    .option(
      '--erc1155 <from:to:tokenId:value>',
      "an ERC-1155 transfer (of --token, else of the chain's test collection); from the zero address, a mint; repeatable",
      collect,
      [],
    )
    .option('--token <address>', 'the token contract of the --erc20 transfers, or the collection of the --erc721 or --erc1155 ones')
    .option(
      '--internal <from:to:value[:type]>',
      'an internal transaction, a call the transaction made (type CALL by default, or DELEGATECALL, STATICCALL...); repeatable',
      collect,
      [],
    )
    .option(
      '--log <address[:topics[:data]]>',
      `a log emitted by address: 1 to ${MAX_TOPICS} comma-separated 32-byte topics, topic0 first (default: Transfer's), then its data in hex; repeatable`,
      collect,
      [],
    )
    .option('--contract-creation', 'the transaction creates a contract (from --from; its address is in contractAddress)')
    .addOption(jqOption());
}

export type EmulatorTriggerFlags = FlagsOf<ReturnType<typeof declareCommand>>;

export function register(emulator: Command, action: Action): void {
  declareCommand(emulator)
    .addHelpText(
      'after',
      examples([
        [
          'activity from a watched address on Fuji (by name; its id, 43113, works as well)',
          `svc emulator trigger --chain-id fuji --from ${WATCHED}`,
        ],
        ['a failed transaction to it', `svc emulator trigger --chain-id 43113 --to ${WATCHED} --status failed`],
        [
          'fund an address with 5 USDC (6 decimals): a mint, a transfer from the zero address, of a token you name',
          `svc emulator trigger --chain-id 43113 --erc20 ${ZERO}:${OTHER}:5000000 --token ${FUJI_USDC}`,
        ],
        [
          'then send 2.5 of them on: a sender must hold what it sends, else the emulator refuses the transaction, naming its balance',
          `svc emulator trigger --chain-id 43113 --erc20 ${OTHER}:${WATCHED}:2500000 --token ${FUJI_USDC}`,
        ],
        [
          'an NFT minted to an address, then sent on to a watched one',
          `svc emulator trigger --chain-id 43113 --erc721 ${ZERO}:${OTHER}:42 && svc emulator trigger --chain-id 43113 --erc721 ${OTHER}:${WATCHED}:42`,
        ],
        [
          'three items of an ERC-1155 collection minted to a watched address, then sent from it',
          `svc emulator trigger --chain-id 43113 --erc1155 ${ZERO}:${WATCHED}:7:3 && svc emulator trigger --chain-id 43113 --erc1155 ${WATCHED}:${OTHER}:7:3`,
        ],
        ['a contract created by a watched address', `svc emulator trigger --chain-id 43113 --from ${WATCHED} --contract-creation`],
        [
          'a wallet contract paying it: a DELEGATECALL to its implementation, then a CALL with the value',
          `svc emulator trigger --chain-id 43113 --to ${OTHER} --internal ${OTHER}:${IMPLEMENTATION}:0:DELEGATECALL --internal ${OTHER}:${WATCHED}:1000000000000000`,
        ],
        [
          'a token contract as the sender: the listing names the token',
          `svc emulator trigger --chain-id 43113 --from ${FUJI_USDC} --to ${WATCHED}`,
        ],
        [
          'a log of one topic with its data',
          `svc emulator trigger --chain-id 43113 --from ${WATCHED} --log ${OTHER}:${SYNC_TOPIC}:${word('2a')}`,
        ],
        [
          'a log of three topics: an ERC-20 Transfer minted to a watched address (its value as data)',
          `svc emulator trigger --chain-id 43113 --log ${FUJI_USDC}:${TRANSFER_TOPIC},${word('0')},${word(WATCHED.slice(2))}:${word('f4240')}`,
        ],
        ['the message ids, for a test', 'svc emulator trigger --chain-id 43113 --to "$ADDR" --json | jq -r \'.messageIds[]\''],
      ]),
    )
    .action(action(async ({ flags }, context) => run(await parseEmulatorTriggerOptions(flags), context)));
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
  request.txStatus = parseChoice('--status', flags.status, TRIGGER_STATUSES) === 'success' ? '1' : '0';
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
  if (flags.token !== undefined) {
    const kinds = [
      ['--erc20', flags.erc20.length > 0],
      ['--erc721', flags.erc721.length > 0],
      ['--erc1155', flags.erc1155.length > 0],
    ].flatMap(([flag, given]) => (given ? [flag] : []));
    if (kinds.length !== 1) {
      throw new UsageError(
        kinds.length === 0
          ? '--token names the contract of --erc20, --erc721 or --erc1155 transfers: give some'
          : `--token names one contract, which is one kind of token: give it with only one of ${kinds.join(', ')}`,
      );
    }
    const token = { address: address('--token', flags.token) };
    for (const transfer of [...(request.erc20Transfers ?? []), ...(request.erc721Transfers ?? []), ...(request.erc1155Transfers ?? [])]) {
      transfer.token = token;
    }
  }
  if (flags.contractCreation) {
    const others = [
      ['--to', flags.to !== undefined],
      ['--erc20', flags.erc20.length > 0],
      ['--erc721', flags.erc721.length > 0],
      ['--erc1155', flags.erc1155.length > 0],
      ['--internal', flags.internal.length > 0],
      ['--log', flags.log.length > 0],
    ].flatMap(([flag, given]) => (given ? [flag] : []));
    if (others.length) throw new UsageError(`--contract-creation makes a transaction of its own: leave out ${others.join(', ')}`);
    request.contractCreation = true;
  }
  if (flags.internal.length) {
    request.internalTransactions = flags.internal.map((text) => {
      const [from = '', to = '', value = '', type = 'CALL', ...extra] = text.split(':');
      if (extra.length || value === '') throw new UsageError(`--internal "${text}": must be from:to:value or from:to:value:type`);
      if (!CALL_TYPE.test(type))
        throw new UsageError(`--internal "${text}": the type must be an upper-case call type such as CALL or DELEGATECALL`);
      return {
        from: address('--internal from', from),
        to: address('--internal to', to),
        value: decimal('--internal value', value),
        internalTxType: type,
      };
    });
  }
  if (flags.log.length) request.logs = flags.log.map((text) => parseLog(text, address));
  await checkChecksums(given);
  return request;
}

/** `address[:topics[:data]]`: topics comma-separated, 1 to MAX_TOPICS of 32 bytes each, topic0 first; data in hex. */
function parseLog(text: string, address: (flag: string, text: string) => string): { address: string; topics: string[]; data: string } {
  const [logAddress = '', topicList = TRANSFER_TOPIC, data = '0x', ...extra] = text.split(':');
  if (extra.length) throw new UsageError(`--log "${text}": must be address, address:topics or address:topics:data`);
  const topics = topicList.split(',');
  if (topics.length > MAX_TOPICS) {
    throw new UsageError(
      `--log "${text}": must hold at most ${MAX_TOPICS} topics (topic0 and up to 3 indexed arguments); this has ${topics.length}`,
    );
  }
  topics.forEach((topic, index) => {
    if (!isEventSignature(topic)) throw new UsageError(`--log "${text}": topic${index} must be 32 bytes: 0x followed by 64 hex characters`);
  });
  if (!HEX_DATA.test(data)) throw new UsageError(`--log "${text}": data must be 0x followed by an even number of hex characters`);
  return { address: address('--log address', logAddress), topics, data };
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
