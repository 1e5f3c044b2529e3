// How a transaction list item is shown: a table row for people, a TSV row for pipes.
import { nameOfChainId } from '../schema/chain-names.js';
import type { ListedTransaction } from '../schema/transactions.js';
import { formatNativeAmount, isoTime, readableTime, txStatusWord } from './format.js';
import type { Column, TableStyle } from './table.js';
import { safeText } from './text.js';
import { tsvRow } from './tsv.js';

const COLUMNS: Column[] = [
  // Narrow terminals leave out columns rather than wrap (lowest drop order first), down to the hash and status.
  { header: 'TIME (UTC)', shrink: 'none', dropOrder: 5 },
  // Service values: normally short, but a hostile or broken one must not widen the table past the terminal.
  { header: 'CHAIN', shrink: 'end', minWidth: 5, dropOrder: 6 },
  { header: 'BLOCK', shrink: 'end', minWidth: 8, align: 'right', dropOrder: 1 },
  { header: 'TX HASH', shrink: 'middle', minWidth: 11 },
  { header: 'FROM', shrink: 'middle', minWidth: 13, dropOrder: 4 },
  { header: 'TO', shrink: 'middle', minWidth: 13, dropOrder: 3 },
  { header: 'METHOD', shrink: 'end', minWidth: 10, dropOrder: 2 },
  { header: 'VALUE', shrink: 'end', minWidth: 8, align: 'right', dropOrder: 7 },
  { header: 'STATUS', shrink: 'end', minWidth: 7 },
];
const STATUS_COLUMN = COLUMNS.length - 1;

/** The TSV columns of a transaction, in order, as the README's Output section lists them. */
export const TRANSACTION_TSV_COLUMNS = ['time', 'chain id', 'block', 'tx hash', 'from', 'to', 'method', 'value', 'status'] as const;

/** The method as named, else its selector. */
function methodLabel(tx: ListedTransaction): string {
  return tx.method?.methodName || tx.method?.methodHash || '';
}

/** A chain as a person reads it: the name svc knows it by (what --chain-id takes), else its id. */
function chainLabel(chainId: unknown): unknown {
  return nameOfChainId(chainId) ?? chainId;
}

function cells(tx: ListedTransaction, time: (unix: unknown) => string, chain: (chainId: unknown) => unknown): unknown[] {
  return [
    time(tx.blockTimestamp),
    chain(tx.chainId),
    tx.blockNumber,
    tx.txHash,
    tx.from?.address,
    tx.to?.address,
    methodLabel(tx),
    tx.value === undefined ? undefined : formatNativeAmount(String(tx.value)),
    txStatusWord(tx.txStatus),
  ];
}

export function transactionTsv(tx: ListedTransaction): string {
  // Piped, the id: what scripts match on, as in the JSON.
  return tsvRow(cells(tx, isoTime, (chainId) => chainId));
}

/** Loads the table renderer (cli-table3, chalk) on first use: piped output never needs it. */
export async function transactionTable(transactions: ListedTransaction[], style: TableStyle): Promise<string> {
  const { renderTable } = await import('./table.js');
  const rows = transactions.map((tx) => cells(tx, readableTime, chainLabel).map(safeText));
  return renderTable(COLUMNS, rows, style, (column, text, chalk) => {
    if (column !== STATUS_COLUMN) return text;
    if (text === 'success') return chalk.green(text);
    if (text === 'failed') return chalk.red(text);
    return text;
  });
}
