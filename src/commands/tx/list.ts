// `svc tx list`: GET /v1/transactions, one page or many, never the same (chainId, txHash) twice in a run; with
// --follow, the latest page and then each new transaction as it appears.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import { NETWORKS, TX_STATUS_FILTERS } from '../../schema/rules.js';
import type { Network, TxStatusFilter } from '../../schema/rules.js';
import type { ListedTransaction, TransactionPage } from '../../schema/transactions.js';
import { UsageError } from '../../errors.js';
import { parseChoice } from '../../options.js';
import type { Action, FlagsOf } from '../shared/action.js';
import { examples, shellQuote } from '../shared/help-text.js';
import { OfferedValuesOption } from '../../completion/offered-values.js';
import { addPagingOptions, parsePaging } from '../shared/paging.js';
import type { PagingOptions } from '../shared/paging.js';
import { jqOption } from '../shared/jq-option.js';

export interface TxListOptions {
  network?: Network;
  status?: TxStatusFilter;
  paging: PagingOptions;
  /** --follow: poll for new transactions every `intervalMs` (the parse rule is 0.5 s at least; tests go faster). */
  follow?: { intervalMs: number };
}

/** The shortest wait between polls a user may ask for, and the default. */
export const MIN_INTERVAL_SECONDS = 0.5;
export const DEFAULT_INTERVAL_SECONDS = 2;
const MAX_INTERVAL_SECONDS = 3600;

/** The command and its flags, declared once: TxListFlags is read from here. */
function declareCommand(tx: Command) {
  const command = tx
    .command('list')
    .description('List the latest transactions across EVM chains, newest first')
    .addOption(
      new OfferedValuesOption(
        '--network <network>',
        `only this network: ${NETWORKS.join(', ')} (fuji and testnet are the same; default: all)`,
        NETWORKS,
      ),
    )
    .addOption(
      new OfferedValuesOption(
        '--status <status>',
        `only ${TX_STATUS_FILTERS.join(' or ')} transactions (default: both)`,
        TX_STATUS_FILTERS,
      ),
    );
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
        ['failed transactions on the test network', 'svc tx list --network fuji --status failed'],
        ['250 transactions as JSON, one page per line', 'svc tx list --limit 250 --json'],
        [
          'hashes of failed fuji transactions',
          "svc tx list --network fuji --status failed --limit 100 --json | jq -r '.transactions[].txHash'",
        ],
        ['new transactions on the test network as they appear (Ctrl-C stops)', 'svc tx list --follow --network fuji'],
        ['the hash of each new transaction, one JSON document per transaction', 'svc tx list --follow --json | jq -r .txHash'],
      ]),
    )
    .action(action(({ flags }, context) => run(parseTxListOptions(flags), context)));
}

export function parseTxListOptions(flags: TxListFlags): TxListOptions {
  return {
    network: flags.network === undefined ? undefined : parseChoice('--network', flags.network, NETWORKS),
    status: flags.status === undefined ? undefined : parseChoice('--status', flags.status, TX_STATUS_FILTERS),
    paging: parsePaging(flags),
    follow: parseFollow(flags),
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
  const [{ printListing }, { transactionTable, transactionTsv }, { transactionKey }] = await Promise.all([
    import('../shared/listing.js'),
    import('../../render/transactions.js'),
    import('../../api/client.js'),
  ]);
  const client = await context.client({ needsKey: false });
  const printedKeys = new Set<string>();
  await printListing<ListedTransaction, TransactionPage>(context, {
    paging: options.paging,
    noun: 'transactions',
    listField: 'transactions',
    fetch: (request) => client.listTransactions({ ...request, network: options.network, status: options.status }),
    items: (body) => body.transactions,
    nextPageToken: (body) => body.nextPageToken,
    isNew: (tx) => {
      const key = transactionKey(tx);
      if (key === undefined) return true;
      if (printedKeys.has(key)) return false;
      printedKeys.add(key);
      return true;
    },
    tsv: transactionTsv,
    table: transactionTable,
    footer: (body) => {
      if (options.paging.followPages || typeof body.nextPageToken !== 'string' || body.nextPageToken === '') return undefined;
      const flags = [
        options.network && `--network ${options.network}`,
        options.status && `--status ${options.status}`,
        options.paging.pageSize && `--page-size ${options.paging.pageSize}`,
        `--page-token ${shellQuote(body.nextPageToken)}`,
      ].filter(Boolean);
      return `\nNext page: svc tx list ${flags.join(' ')}\n`;
    },
  });
}

/** --follow: never returns; ends by Ctrl-C or SIGTERM (its reason thrown) or an error that is not an outage. */
async function follow(options: TxListOptions, intervalMs: number, context: CommandContext): Promise<never> {
  const [{ followListing }, { transactionTable, transactionTsv }, { transactionKey }] = await Promise.all([
    import('../shared/follow.js'),
    import('../../render/transactions.js'),
    import('../../api/client.js'),
  ]);
  const client = await context.client({ needsKey: false });
  return followListing<ListedTransaction, TransactionPage>(context, {
    intervalMs,
    pageSize: options.paging.pageSize,
    noun: 'transaction',
    listField: 'transactions',
    fetch: (request) => client.listTransactions({ ...request, network: options.network, status: options.status }),
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
