// How an amount of a fungible token is shown (the native balance, ERC-20 balances): a table row for people, in the
// token's units with its decimals; a TSV row for pipes, the amount as the raw integer the service sent.
import type { ShownTokenBalance } from '../schema/balances.js';
import { formatTokenAmount } from './format.js';
import type { Column, TableStyle } from './table.js';
import { safeText } from './text.js';
import { tsvRow } from './tsv.js';

/** The TSV columns of a token balance, in order (docs/holdings.md lists them); the native token has no contract. */
export const TOKEN_BALANCE_TSV_COLUMNS = ['contract', 'symbol', 'name', 'balance', 'decimals'] as const;

const COLUMNS: Column[] = [
  { header: 'CONTRACT', shrink: 'middle', minWidth: 13, dropOrder: 2 },
  { header: 'SYMBOL', shrink: 'end', minWidth: 6 },
  { header: 'NAME', shrink: 'end', minWidth: 8, dropOrder: 1 },
  { header: 'BALANCE', shrink: 'end', minWidth: 10, align: 'right' },
];

/** What a terminal shows for the contract of the chain's own token, which has none. */
const NATIVE = 'native';

export function tokenBalanceTsv(balance: ShownTokenBalance): string {
  return tsvRow([balance.address, balance.symbol, balance.name, balance.balance, balance.decimals]);
}

/** Loads the table renderer (cli-table3, chalk) on first use: piped output never needs it. */
export async function tokenBalanceTable(balances: ShownTokenBalance[], style: TableStyle): Promise<string> {
  const { renderTable } = await import('./table.js');
  const rows = balances.map((balance) =>
    [balance.address ?? NATIVE, balance.symbol, balance.name, formatTokenAmount(balance.balance, balance.decimals)].map(safeText),
  );
  return renderTable(COLUMNS, rows, style);
}
