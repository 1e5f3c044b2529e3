// `svc tx list`: the latest transactions, of every chain or a network's (GET /v1/transactions) or of one chain
// (listLatestTransactions); an address's history (listTransactions, listTransactionsV2, and the typed listings with
// --kind); a block's transactions (getTransactionsForBlock). One page or many, never the same (chainId, txHash) twice
// in a run; with --follow, the latest page and then each new transaction as it appears.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import { NETWORKS, TX_STATUS_FILTERS } from '../../schema/rules.js';
import type { Network, TxStatusFilter } from '../../schema/rules.js';
import type { ListedTransaction, TransactionPage } from '../../schema/transactions.js';
import { SORT_ORDERS, TRANSACTION_KINDS } from '../../schema/evm-rules.js';
import type { SortOrder, TransactionKind } from '../../schema/evm-rules.js';
import type { ServiceClient } from '../../api/client.js';
import { UsageError } from '../../errors.js';
import { parseChainId, parseChoice } from '../../options.js';
import type { Action, FlagsOf } from '../shared/action.js';
import { examples, shellQuote } from '../shared/help-text.js';
import { OfferedValuesOption } from '../../completion/offered-values.js';
import { addPagingOptions, parsePaging } from '../shared/paging.js';
import type { PagingOptions } from '../shared/paging.js';
import { printedOnce, transferKey } from '../shared/chain-listing.js';
import { jqOption } from '../shared/jq-option.js';
import {
  checkAddress,
  chainIdOption,
  chainIdOrDefault,
  DEFAULT_CHAIN_NOTE,
  parseAddress,
  parseBlockId,
  parseBlockNumber,
} from '../shared/evm-input.js';
import type { ListingSpec } from '../shared/listing.js';
import type {
  AddressTransaction,
  AddressTransactionPage,
  InternalTransactionPage,
  ShownInternalTransaction,
  ShownTransfer,
  TransferTransactionPage,
} from '../../schema/evm-transactions.js';

export interface TxListOptions {
  /** Every chain of this network (GET /v1/transactions); never with a chain. */
  network?: Network;
  status?: TxStatusFilter;
  /** --chain-id as its id. Needed by --address and --block, which take the profile's default without it. */
  chainId?: string;
  /** An address's history. */
  address?: AddressHistory;
  /** A block's transactions: its number or hash. */
  blockId?: string;
  paging: PagingOptions;
  /** --follow: poll for new transactions every `intervalMs` (the parse rule is 0.5 s at least; tests go faster). */
  follow?: { intervalMs: number };
}

export interface AddressHistory {
  address: string;
  /** A typed listing (--kind); undefined for the history itself, each transaction with what moved in it. */
  kind?: TransactionKind;
  startBlock?: number;
  endBlock?: number;
  sortOrder?: SortOrder;
  filterSpamTokens: boolean;
}

/** The shortest wait between polls a user may ask for, and the default. */
export const MIN_INTERVAL_SECONDS = 0.5;
export const DEFAULT_INTERVAL_SECONDS = 2;
const MAX_INTERVAL_SECONDS = 3600;

/** The command and its flags, declared once: TxListFlags is read from here. */
function declareCommand(tx: Command) {
  const command = tx
    .command('list')
    .description(
      "List transactions, newest first: the latest of every chain, of a network's chains or of one chain; an address's history; a block's",
    )
    .addOption(
      new OfferedValuesOption(
        '--network <network>',
        `every chain of this network: ${NETWORKS.join(', ')} (fuji and testnet are the same: the whole test network, not the Fuji chain alone; for one chain use --chain-id; default: every chain)`,
        NETWORKS,
      ),
    )
    .addOption(
      chainIdOption(
        `only this chain: an id (43113) or a name (fuji); default: every chain, but --address and --block take ${DEFAULT_CHAIN_NOTE}`,
      ),
    )
    .addOption(
      new OfferedValuesOption(
        '--status <status>',
        `only ${TX_STATUS_FILTERS.join(' or ')} transactions (default: both)`,
        TX_STATUS_FILTERS,
      ),
    )
    .option('--address <address>', "the address's history on the chain: every transaction it took part in (0x and 40 hex digits)")
    .addOption(
      new OfferedValuesOption(
        '--kind <kind>',
        `with --address, one kind of its movements: ${TRANSACTION_KINDS.join(', ')} (default: every transaction, with what moved in it)`,
        TRANSACTION_KINDS,
      ),
    )
    .option('--start-block <n>', 'with --address, from this block on (inclusive)')
    .option('--end-block <n>', 'with --address, up to this block (exclusive)')
    .addOption(
      new OfferedValuesOption(
        '--sort-order <order>',
        `with --address: ${SORT_ORDERS.join(' (oldest first) or ')} (newest first; the default)`,
        SORT_ORDERS,
      ),
    )
    .option('--filter-spam-tokens', "with --address, leave out transfers of tokens the service takes for spam (its history's v2)")
    .option('--block <block>', 'the transactions of this block on the chain: its number or its hash');
  return addPagingOptions(command, 'transactions')
    .option('--follow', 'print the latest page oldest first, then each new transaction once as it appears, until Ctrl-C')
    .option(
      '--interval <seconds>',
      `with --follow, seconds between polls, at least ${MIN_INTERVAL_SECONDS} (default: ${DEFAULT_INTERVAL_SECONDS})`,
    )
    .addOption(jqOption());
}

export type TxListFlags = FlagsOf<ReturnType<typeof declareCommand>>;

export function register(tx: Command, action: Action): void {
  declareCommand(tx)
    .addHelpText(
      'after',
      examples([
        ['the 10 latest transactions on every chain', 'svc tx list'],
        ['the latest failed transactions of the Fuji C-Chain alone', 'svc tx list --chain-id fuji --status failed'],
        [
          'failed transactions on every chain of the test network (Fuji and the other test chains)',
          'svc tx list --network fuji --status failed',
        ],
        ['250 transactions as JSON, one page per line', 'svc tx list --limit 250 --json'],
        [
          'hashes of failed transactions on the test network',
          "svc tx list --network fuji --status failed --limit 100 --json | jq -r '.transactions[].txHash'",
        ],
        [
          "an address's history on Fuji, oldest first",
          'svc tx list --chain-id fuji --address 0x71C7656EC7ab88b098defB751B7401B5f6d8976F --sort-order asc',
        ],
        [
          'its ERC-20 transfers from block 100 on',
          'svc tx list --chain-id fuji --address 0x71C7656EC7ab88b098defB751B7401B5f6d8976F --kind erc20 --start-block 100',
        ],
        [
          "the transactions of Fuji's latest block",
          `svc tx list --chain-id fuji --block "$(svc block list --chain-id fuji --page-size 1 --jq '.blocks[0].blockNumber')"`,
        ],
        ['new transactions on the test network as they appear (Ctrl-C stops)', 'svc tx list --follow --network fuji'],
        ['the hash of each new transaction, one JSON document per transaction', 'svc tx list --follow --json | jq -r .txHash'],
      ]),
    )
    .action(action(({ flags }, context) => run(parseTxListOptions(flags), context)));
}

export function parseTxListOptions(flags: TxListFlags): TxListOptions {
  checkCombinations(flags);
  return {
    network: flags.network === undefined ? undefined : parseChoice('--network', flags.network, NETWORKS),
    status: flags.status === undefined ? undefined : parseChoice('--status', flags.status, TX_STATUS_FILTERS),
    chainId: flags.chainId === undefined ? undefined : parseChainId(flags.chainId),
    address: flags.address === undefined ? undefined : parseAddressHistory(flags.address, flags),
    blockId: flags.block === undefined ? undefined : parseBlockId('--block', flags.block),
    paging: parsePaging(flags),
    follow: parseFollow(flags),
  };
}

/** Flags that do not go together: a usage error naming both, and why. */
function checkCombinations(flags: TxListFlags): void {
  const both = (first: string, second: string, why: string) => new UsageError(`${first} and ${second}: use one or the other (${why})`);
  if (flags.network !== undefined) {
    const scoped =
      flags.chainId !== undefined
        ? '--chain-id'
        : flags.address !== undefined
          ? '--address'
          : flags.block !== undefined
            ? '--block'
            : undefined;
    if (scoped) throw both('--network', scoped, '--network lists every chain of a network; the other, one chain');
  }
  if (flags.address !== undefined && flags.block !== undefined) {
    throw both('--address', '--block', "one is an address's history, the other a block's transactions");
  }
  if (flags.status !== undefined) {
    const other = flags.address !== undefined ? '--address' : flags.block !== undefined ? '--block' : undefined;
    if (other)
      throw both(
        '--status',
        other,
        `the service filters by status only the latest transactions, not ${other === '--address' ? "an address's history" : "a block's"}`,
      );
  }
  if (flags.address === undefined) {
    const addressOnly = ['kind', 'startBlock', 'endBlock', 'sortOrder', 'filterSpamTokens'] as const;
    const given = addressOnly.find((name) => flags[name] !== undefined);
    if (given) throw new UsageError(`${flagName(given)}: only with --address (it narrows an address's history)`);
  }
  if (flags.kind !== undefined) {
    if (flags.sortOrder !== undefined) throw both('--kind', '--sort-order', 'the typed listings come newest first only');
    if (flags.filterSpamTokens) throw both('--kind', '--filter-spam-tokens', 'spam tokens are left out of the whole history only');
  }
  if (flags.follow && (flags.address !== undefined || flags.block !== undefined)) {
    throw both(
      '--follow',
      flags.address !== undefined ? '--address' : '--block',
      '--follow watches the latest transactions, of every chain or of one',
    );
  }
}

/** `startBlock` as commander names it, as the user typed it: --start-block. */
function flagName(attribute: string): string {
  return `--${attribute.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

function parseAddressHistory(address: string, flags: TxListFlags): AddressHistory {
  const startBlock = flags.startBlock === undefined ? undefined : parseBlockNumber('--start-block', flags.startBlock);
  const endBlock = flags.endBlock === undefined ? undefined : parseBlockNumber('--end-block', flags.endBlock);
  if (startBlock !== undefined && endBlock !== undefined && startBlock >= endBlock) {
    throw new UsageError(
      `--start-block ${startBlock} and --end-block ${endBlock}: the start must be below the end (the end block is not included)`,
    );
  }
  return {
    address: parseAddress('--address', address),
    kind: flags.kind === undefined ? undefined : parseChoice('--kind', flags.kind, TRANSACTION_KINDS),
    startBlock,
    endBlock,
    sortOrder: flags.sortOrder === undefined ? undefined : parseChoice('--sort-order', flags.sortOrder, SORT_ORDERS),
    filterSpamTokens: Boolean(flags.filterSpamTokens),
  };
}

function parseFollow(flags: TxListFlags): TxListOptions['follow'] {
  if (!flags.follow) {
    if (flags.interval !== undefined) {
      throw new UsageError('--interval: only with --follow (it is the wait between polls for new transactions)');
    }
    return undefined;
  }
  const paging = flags.limit !== undefined ? '--limit' : flags.all ? '--all' : flags.pageToken !== undefined ? '--page-token' : undefined;
  if (paging) {
    throw new UsageError(
      `--follow and ${paging}: use one or the other (--follow prints the latest page, then new transactions as they come; ${paging} pages back through older ones)`,
    );
  }
  return { intervalMs: Math.round(parseInterval(flags.interval ?? String(DEFAULT_INTERVAL_SECONDS)) * 1000) };
}

function parseInterval(text: string): number {
  const value = Number(text);
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(text.trim()) || !(value >= MIN_INTERVAL_SECONDS) || value > MAX_INTERVAL_SECONDS) {
    throw new UsageError(
      `--interval "${text}": must be a number of seconds from ${MIN_INTERVAL_SECONDS} to ${MAX_INTERVAL_SECONDS} (decimals allowed, e.g. 1.5)`,
    );
  }
  return value;
}

export async function run(options: TxListOptions, context: CommandContext): Promise<void> {
  if (options.follow) return follow(options, options.follow.intervalMs, context);
  // Only an address's history and a block's transactions need a chain; the latest transactions are of every chain
  // unless --chain-id names one (a profile's default chain does not narrow them).
  const chainScoped = options.address !== undefined || options.blockId !== undefined;
  const chainId = chainScoped ? await chainIdOrDefault(options.chainId, context) : options.chainId;
  if (options.address) await checkAddress('--address', options.address.address);
  const [{ printListing }, { transactionTable, transactionTsv }, { transactionKey }] = await Promise.all([
    import('../shared/listing.js'),
    import('../../render/transactions.js'),
    import('../../api/client.js'),
  ]);
  const client = await context.client({ needsKey: false });
  const footer = (body: { nextPageToken?: string | null }) => {
    if (options.paging.followPages || typeof body.nextPageToken !== 'string' || body.nextPageToken === '') return undefined;
    return `\nNext page: svc tx list ${[...givenFlags(options, chainId), `--page-token ${shellQuote(body.nextPageToken)}`].join(' ')}\n`;
  };
  const print = <Item, Body extends { nextPageToken?: string | null }>(
    spec: Pick<ListingSpec<Item, Body>, 'fetch' | 'items' | 'isNew' | 'tsv' | 'table'>,
  ) =>
    printListing<Item, Body>(context, {
      paging: options.paging,
      noun: options.address?.kind && options.address.kind !== 'native' ? LISTING_NOUNS[options.address.kind] : 'transactions',
      // Every listing of this command holds its items under `transactions`.
      listField: 'transactions',
      nextPageToken: (body) => body.nextPageToken,
      footer,
      ...spec,
    });
  // A transaction once per run, by its chain and hash.
  const printedKeys = new Set<string>();
  const isNewTransaction = (tx: ListedTransaction) => {
    const key = transactionKey(tx);
    if (key === undefined) return true;
    if (printedKeys.has(key)) return false;
    printedKeys.add(key);
    return true;
  };
  const transactions = (fetch: ListingSpec<ListedTransaction, TransactionPage>['fetch']) =>
    print<ListedTransaction, TransactionPage>({
      fetch,
      items: (body) => body.transactions,
      isNew: isNewTransaction,
      tsv: transactionTsv,
      table: transactionTable,
    });

  if (options.address) return printAddressHistory(options.address, chainId!, client, print, transactions);
  if (options.blockId !== undefined) {
    const blockId = options.blockId;
    return transactions((request) => client.listBlockTransactions(chainId!, blockId, request));
  }
  if (chainId !== undefined)
    return transactions((request) => client.listLatestChainTransactions(chainId, { ...request, status: options.status }));
  return transactions((request) => client.listTransactions({ ...request, network: options.network, status: options.status }));
}

const LISTING_NOUNS = {
  erc20: 'ERC-20 transfers',
  erc721: 'ERC-721 transfers',
  erc1155: 'ERC-1155 transfers',
  internal: 'internal transactions',
};

type Print = <Item, Body extends { nextPageToken?: string | null }>(
  spec: Pick<ListingSpec<Item, Body>, 'fetch' | 'items' | 'isNew' | 'tsv' | 'table'>,
) => Promise<void>;

/** An address's history, or one kind of its movements (--kind): each listing with its own rows. */
async function printAddressHistory(
  history: AddressHistory,
  chainId: string,
  client: ServiceClient,
  print: Print,
  transactions: (fetch: ListingSpec<ListedTransaction, TransactionPage>['fetch']) => Promise<void>,
): Promise<void> {
  const range = { startBlock: history.startBlock, endBlock: history.endBlock };
  const { address, kind } = history;
  if (kind === 'native') return transactions((request) => client.listAddressNativeTransactions(chainId, address, { ...request, ...range }));
  if (kind === undefined) {
    const [{ transactionTable, transactionTsv }, { transactionKey }] = await Promise.all([
      import('../../render/transactions.js'),
      import('../../api/client.js'),
    ]);
    const printedKeys = new Set<string>();
    return print<AddressTransaction, AddressTransactionPage>({
      fetch: (request) =>
        client.listAddressTransactions(chainId, address, {
          ...request,
          ...range,
          sortOrder: history.sortOrder,
          filterSpamTokens: history.filterSpamTokens,
        }),
      items: (body) => body.transactions,
      isNew: ({ nativeTransaction }) => {
        const key = transactionKey(nativeTransaction);
        if (key === undefined) return true;
        if (printedKeys.has(key)) return false;
        printedKeys.add(key);
        return true;
      },
      // A row is the transaction itself, with the columns of every other transaction listing; --json has the rest.
      tsv: (item) => transactionTsv(item.nativeTransaction),
      table: (items, style) =>
        transactionTable(
          items.map((item) => item.nativeTransaction),
          style,
        ),
    });
  }
  const { internalTable, internalTsv, transferTable, transferTsv } = await import('../../render/evm-transactions.js');
  if (kind === 'internal') {
    return print<ShownInternalTransaction, InternalTransactionPage>({
      fetch: (request) => client.listAddressInternalTransactions(chainId, address, { ...request, ...range }),
      items: (body) => body.transactions,
      tsv: internalTsv,
      table: internalTable,
    });
  }
  return print<ShownTransfer, TransferTransactionPage>({
    fetch: (request) => client.listAddressTransfers(kind, chainId, address, { ...request, ...range }),
    items: (body) => body.transactions,
    isNew: printedOnce(transferKey),
    tsv: transferTsv,
    table: transferTable,
  });
}

/** The flags of this listing as given, for the command of its next page (names as --chain-id's id). */
function givenFlags(options: TxListOptions, chainId: string | undefined): string[] {
  const history = options.address;
  return [
    options.network && `--network ${options.network}`,
    chainId && `--chain-id ${chainId}`,
    options.status && `--status ${options.status}`,
    history && `--address ${history.address}`,
    history?.kind && `--kind ${history.kind}`,
    history?.startBlock !== undefined && `--start-block ${history.startBlock}`,
    history?.endBlock !== undefined && `--end-block ${history.endBlock}`,
    history?.sortOrder && `--sort-order ${history.sortOrder}`,
    history?.filterSpamTokens && '--filter-spam-tokens',
    options.blockId !== undefined && `--block ${options.blockId}`,
    options.paging.pageSize && `--page-size ${options.paging.pageSize}`,
  ].filter((flag): flag is string => typeof flag === 'string');
}

/** --follow: never returns; ends by Ctrl-C or SIGTERM (its reason thrown) or an error that is not an outage. */
async function follow(options: TxListOptions, intervalMs: number, context: CommandContext): Promise<never> {
  const [{ followListing }, { transactionTable, transactionTsv }, { transactionKey }] = await Promise.all([
    import('../shared/follow.js'),
    import('../../render/transactions.js'),
    import('../../api/client.js'),
  ]);
  const client = await context.client({ needsKey: false });
  const { chainId } = options;
  return followListing<ListedTransaction, TransactionPage>(context, {
    intervalMs,
    pageSize: options.paging.pageSize,
    noun: 'transaction',
    listField: 'transactions',
    fetch: (request) =>
      chainId === undefined
        ? client.listTransactions({ ...request, network: options.network, status: options.status })
        : client.listLatestChainTransactions(chainId, { ...request, status: options.status }),
    items: (body) => body.transactions,
    nextPageToken: (body) => body.nextPageToken,
    key: transactionKey,
    timeMs: transactionTimeMs,
    tsv: transactionTsv,
    table: transactionTable,
  });
}

/** When the transaction's block was made, in ms: blockTimestampMilliseconds where given, else blockTimestamp (s). */
function transactionTimeMs(tx: ListedTransaction): number | undefined {
  const ms = (tx as { blockTimestampMilliseconds?: unknown }).blockTimestampMilliseconds;
  if (typeof ms === 'number' && Number.isFinite(ms)) return ms;
  const seconds = typeof tx.blockTimestamp === 'string' && /^\d+$/.test(tx.blockTimestamp) ? Number(tx.blockTimestamp) : tx.blockTimestamp;
  return typeof seconds === 'number' && Number.isFinite(seconds) ? seconds * 1000 : undefined;
}
