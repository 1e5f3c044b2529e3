// `svc tx list`: GET /v1/transactions, one page or many, never the same (chainId, txHash) twice in a run.
import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import { NETWORKS, TX_STATUS_FILTERS } from '../../schema/rules.js';
import type { Network, TxStatusFilter } from '../../schema/rules.js';
import type { ListedTransaction, TransactionPage } from '../../schema/transactions.js';
import { parseChoice } from '../../options.js';
import type { Action } from '../shared/action.js';
import { examples, shellQuote } from '../shared/help-text.js';
import { OfferedValuesOption } from '../../completion/offered-values.js';
import { addPagingOptions, parsePaging } from '../shared/paging.js';
import type { PagingFlags, PagingOptions } from '../shared/paging.js';

export interface TxListOptions {
  network?: Network;
  status?: TxStatusFilter;
  paging: PagingOptions;
}

export interface TxListFlags extends PagingFlags {
  network?: string;
  status?: string;
}

export function register(tx: Command, action: Action): void {
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
  addPagingOptions(command, 'transactions');
  command.addHelpText(
    'after',
    examples([
      ['the 10 latest transactions on every chain', 'svc tx list'],
      ['failed transactions on the test network', 'svc tx list --network fuji --status failed'],
      ['250 transactions as JSON, one page per line', 'svc tx list --limit 250 --json'],
      [
        'hashes of failed fuji transactions',
        "svc tx list --network fuji --status failed --limit 100 --json | jq -r '.transactions[].txHash'",
      ],
    ]),
  );
  command.action(action<[], TxListFlags>(({ flags }, context) => run(parseTxListOptions(flags), context)));
}

export function parseTxListOptions(flags: TxListFlags): TxListOptions {
  return {
    network: flags.network === undefined ? undefined : parseChoice('--network', flags.network, NETWORKS),
    status: flags.status === undefined ? undefined : parseChoice('--status', flags.status, TX_STATUS_FILTERS),
    paging: parsePaging(flags),
  };
}

export async function run(options: TxListOptions, context: CommandContext): Promise<void> {
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
