// How the chain's transactions are shown beyond the latest-transactions row (render/transactions.ts): one transaction
// laid out for a person with what moved in it (`tx get`), token transfers and internal transactions as listed rows.
// Amounts in the token's units with its decimals at a terminal; raw integers, whole addresses and hashes when piped.
import { nameOfChainId } from '../schema/chain-names.js';
import type { ShownInternalTransaction, ShownToken, ShownTransfer, TransactionDetail } from '../schema/evm-transactions.js';
import { formatNativeAmount, isoTime, readableTime, txStatusWord } from './format.js';
import type { Column, TableStyle } from './table.js';
import { safeText } from './text.js';
import { tsvRow } from './tsv.js';

/** The token of a transfer, whichever standard's field holds it. */
function tokenOf(transfer: ShownTransfer): ShownToken {
  return transfer.erc20Token ?? transfer.erc721Token ?? transfer.erc1155Token;
}

/** ERC-20, ERC-721 or ERC-1155, as the field holding the token says (the service's ercType where it gives one). */
function standardOf(transfer: ShownTransfer): string {
  const token = tokenOf(transfer);
  if (token?.ercType) return token.ercType;
  if (transfer.erc20Token) return 'ERC-20';
  if (transfer.erc721Token) return 'ERC-721';
  if (transfer.erc1155Token) return 'ERC-1155';
  return '';
}

/** Its decimals: an ERC-20's own, an ERC-1155's from its metadata; none for an ERC-721 (one token, no amount). */
function decimalsOf(token: ShownToken): number | undefined {
  const decimals = token?.decimals ?? token?.metadata?.decimals;
  return decimals !== undefined && Number.isInteger(decimals) && decimals >= 0 && decimals <= 255 ? decimals : undefined;
}

/** An amount for a person: in the token's units when its decimals are known, the raw integer otherwise. */
function amountForPeople(value: unknown, decimals: number | undefined): string {
  if (value === undefined || value === null) return '';
  return decimals === undefined ? String(value) : formatNativeAmount(String(value), decimals);
}

/** The token as a person names it: its symbol, else its name, else its contract address. */
function tokenLabel(token: ShownToken): string {
  return token?.symbol || token?.metadata?.symbol || token?.name || token?.metadata?.name || token?.address || '';
}

/** The TSV columns of a listed transfer (`tx list --kind erc20|erc721|erc1155`, `token transfers`), in order. */
export const TRANSFER_TSV_COLUMNS = ['time', 'block', 'tx hash', 'from', 'to', 'standard', 'token', 'token id', 'value'] as const;

const TRANSFER_COLUMNS: Column[] = [
  { header: 'TIME (UTC)', shrink: 'none', dropOrder: 3 },
  { header: 'BLOCK', shrink: 'end', minWidth: 8, align: 'right', dropOrder: 1 },
  { header: 'TX HASH', shrink: 'middle', minWidth: 11 },
  { header: 'FROM', shrink: 'middle', minWidth: 13, dropOrder: 5 },
  { header: 'TO', shrink: 'middle', minWidth: 13, dropOrder: 4 },
  { header: 'STANDARD', shrink: 'end', minWidth: 8, dropOrder: 2 },
  { header: 'TOKEN', shrink: 'end', minWidth: 6 },
  { header: 'TOKEN ID', shrink: 'middle', minWidth: 8, align: 'right', dropOrder: 6 },
  { header: 'VALUE', shrink: 'end', minWidth: 8, align: 'right' },
];

export function transferTsv(transfer: ShownTransfer): string {
  const token = tokenOf(transfer);
  return tsvRow([
    isoTime(transfer.blockTimestamp),
    transfer.blockNumber,
    transfer.txHash,
    transfer.from?.address,
    transfer.to?.address,
    standardOf(transfer),
    token?.address,
    token?.tokenId,
    transfer.value,
  ]);
}

function transferCells(transfer: ShownTransfer): string[] {
  const token = tokenOf(transfer);
  return [
    readableTime(transfer.blockTimestamp),
    transfer.blockNumber,
    transfer.txHash,
    transfer.from?.address,
    transfer.to?.address,
    standardOf(transfer),
    tokenLabel(token),
    token?.tokenId,
    amountForPeople(transfer.value, decimalsOf(token)),
  ].map(safeText);
}

/** Loads the table renderer (cli-table3, chalk) on first use, here and below: piped output never needs it. */
export async function transferTable(transfers: ShownTransfer[], style: TableStyle): Promise<string> {
  const { renderTable } = await import('./table.js');
  return renderTable(TRANSFER_COLUMNS, transfers.map(transferCells), style);
}

/** The TSV columns of a listed internal transaction (`tx list --kind internal`), in order. */
export const INTERNAL_TSV_COLUMNS = ['time', 'block', 'tx hash', 'from', 'to', 'type', 'value', 'reverted'] as const;

const INTERNAL_COLUMNS: Column[] = [
  { header: 'TIME (UTC)', shrink: 'none', dropOrder: 3 },
  { header: 'BLOCK', shrink: 'end', minWidth: 8, align: 'right', dropOrder: 1 },
  { header: 'TX HASH', shrink: 'middle', minWidth: 11 },
  { header: 'FROM', shrink: 'middle', minWidth: 13, dropOrder: 5 },
  { header: 'TO', shrink: 'middle', minWidth: 13, dropOrder: 4 },
  { header: 'TYPE', shrink: 'end', minWidth: 4, dropOrder: 2 },
  { header: 'VALUE', shrink: 'end', minWidth: 8, align: 'right' },
  { header: 'REVERTED', shrink: 'none' },
];
const REVERTED_COLUMN = INTERNAL_COLUMNS.length - 1;

function revertedWord(internal: ShownInternalTransaction): string {
  return internal.isReverted === undefined ? '' : internal.isReverted ? 'yes' : 'no';
}

export function internalTsv(internal: ShownInternalTransaction): string {
  return tsvRow([
    isoTime(internal.blockTimestamp),
    internal.blockNumber,
    internal.txHash,
    internal.from?.address,
    internal.to?.address,
    internal.internalTxType,
    internal.value,
    internal.isReverted === undefined ? '' : String(internal.isReverted),
  ]);
}

/** Internal transactions move the chain's native coin: 18 decimals, as every chain the service serves. */
export async function internalTable(internals: ShownInternalTransaction[], style: TableStyle): Promise<string> {
  const { renderTable } = await import('./table.js');
  const rows = internals.map((internal) =>
    [
      readableTime(internal.blockTimestamp),
      internal.blockNumber,
      internal.txHash,
      internal.from?.address,
      internal.to?.address,
      internal.internalTxType,
      amountForPeople(internal.value, 18),
      revertedWord(internal),
    ].map(safeText),
  );
  return renderTable(INTERNAL_COLUMNS, rows, style, (column, text, chalk) =>
    column === REVERTED_COLUMN && text === 'yes' ? chalk.red(text) : text,
  );
}

/**
 * `tx get` piped: one row per record, its kind first, so `grep ^erc20` or `awk '$1 == "internal"'` picks a section:
 * `native` time, chain id, block, tx hash, from, to, method, value, status, gas used, gas price, nonce, block hash;
 * `erc20` / `erc721` / `erc1155` from, to, token contract, symbol, token id, value, log index;
 * `internal` from, to, type, value, reverted, gas used. Amounts are raw integers.
 */
export function transactionDetailTsv(detail: TransactionDetail): string {
  const tx = detail.nativeTransaction;
  let rows = tsvRow([
    'native',
    isoTime(tx.blockTimestamp),
    tx.chainId,
    tx.blockNumber,
    tx.txHash,
    tx.from?.address,
    tx.to?.address,
    tx.method?.methodName || tx.method?.methodHash || '',
    tx.value,
    txStatusWord(tx.txStatus),
    tx.gasUsed,
    tx.gasPrice,
    tx.nonce,
    tx.blockHash,
  ]);
  for (const [kind, transfers] of transferSections(detail)) {
    for (const transfer of transfers) {
      const token = tokenOf(transfer);
      rows += tsvRow([
        kind,
        transfer.from?.address,
        transfer.to?.address,
        token?.address,
        token?.symbol ?? token?.metadata?.symbol,
        token?.tokenId,
        transfer.value,
        transfer.logIndex,
      ]);
    }
  }
  for (const internal of detail.internalTransactions ?? []) {
    rows += tsvRow([
      'internal',
      internal.from?.address,
      internal.to?.address,
      internal.internalTxType,
      internal.value,
      internal.isReverted === undefined ? '' : String(internal.isReverted),
      internal.gasUsed,
    ]);
  }
  return rows;
}

function transferSections(detail: TransactionDetail): Array<['erc20' | 'erc721' | 'erc1155', ShownTransfer[]]> {
  return [
    ['erc20', detail.erc20Transfers ?? []],
    ['erc721', detail.erc721Transfers ?? []],
    ['erc1155', detail.erc1155Transfers ?? []],
  ];
}

/** The fee a transaction paid: gas used times gas price, when both are integers. */
function feeOf(gasUsed: unknown, gasPrice: unknown): string | undefined {
  const used = String(gasUsed ?? '');
  const price = String(gasPrice ?? '');
  return /^\d+$/.test(used) && /^\d+$/.test(price) ? String(BigInt(used) * BigInt(price)) : undefined;
}

/** A chain as a person reads it: its id, and the name --chain-id takes where svc knows one. */
function chainText(chainId: string | undefined): string {
  const name = nameOfChainId(chainId);
  return name ? `${safeText(chainId)} (${name})` : safeText(chainId);
}

/** `tx get` at a terminal: the transaction field by field, then a table per kind of movement it holds. */
export async function transactionDetails(detail: TransactionDetail, style: TableStyle): Promise<string> {
  const { palette, renderDetails, renderTable } = await import('./table.js');
  const chalk = palette(style.color);
  const tx = detail.nativeTransaction;
  const coin = detail.networkTokenDetails?.networkToken;
  const decimals = coin?.decimals !== undefined && Number.isInteger(coin.decimals) ? coin.decimals : 18;
  const inCoin = (amount: unknown) => {
    const text = amountForPeople(amount, decimals);
    return text && coin?.symbol ? `${text} ${safeText(coin.symbol)}` : text;
  };
  const status = txStatusWord(tx.txStatus);
  const fee = feeOf(tx.gasUsed, tx.gasPrice);
  const method = tx.method?.methodName
    ? `${safeText(tx.method.methodName)}${tx.method.methodHash ? ` (${safeText(tx.method.methodHash)})` : ''}`
    : safeText(tx.method?.methodHash);
  const pairs: Array<[string, string]> = [
    ['HASH', safeText(tx.txHash)],
    ['CHAIN', chainText(tx.chainId)],
    ['STATUS', status === 'success' ? chalk.green(status) : status === 'failed' ? chalk.red(status) : safeText(status)],
    ['BLOCK', `${safeText(tx.blockNumber)}${tx.blockIndex === undefined ? '' : `, index ${tx.blockIndex}`}`],
    ['BLOCK HASH', safeText(tx.blockHash)],
    ['TIME', tx.blockTimestamp === undefined ? '' : `${readableTime(tx.blockTimestamp)} UTC`],
    ['FROM', addressText(tx.from)],
    ['TO', addressText(tx.to)],
    ['METHOD', [method, safeText(tx.method?.callType)].filter(Boolean).join(', ')],
    ['VALUE', inCoin(tx.value)],
    ['FEE', fee === undefined ? '' : inCoin(fee)],
    ['GAS USED', [safeText(tx.gasUsed), tx.gasLimit === undefined ? '' : `of ${safeText(tx.gasLimit)}`].filter(Boolean).join(' ')],
    ['GAS PRICE', tx.gasPrice === undefined ? '' : `${safeText(tx.gasPrice)} wei`],
    ['NONCE', safeText(tx.nonce)],
    ['TYPE', safeText(tx.txType)],
  ];
  if (tx.input !== undefined && tx.input !== '0x') pairs.push(['INPUT', safeText(tx.input)]);
  let text = renderDetails(pairs, style);

  const heading = (title: string, count: number) => `\n${chalk.bold(`${title} (${count})`)}\n`;
  const titles = { erc20: 'ERC-20 transfers', erc721: 'ERC-721 transfers', erc1155: 'ERC-1155 transfers' } as const;
  for (const [kind, transfers] of transferSections(detail)) {
    if (transfers.length === 0) continue;
    const withAmount = kind !== 'erc721';
    const columns: Column[] = [
      { header: 'FROM', shrink: 'middle', minWidth: 13 },
      { header: 'TO', shrink: 'middle', minWidth: 13 },
      { header: 'TOKEN', shrink: 'end', minWidth: 6 },
      { header: 'CONTRACT', shrink: 'middle', minWidth: 13, dropOrder: 1 },
      ...(kind === 'erc20' ? [] : [{ header: 'TOKEN ID', shrink: 'middle', minWidth: 8, align: 'right' } as Column]),
      ...(withAmount ? [{ header: 'VALUE', shrink: 'end', minWidth: 8, align: 'right' } as Column] : []),
    ];
    const rows = transfers.map((transfer) => {
      const token = tokenOf(transfer);
      return [
        transfer.from?.address,
        transfer.to?.address,
        tokenLabel(token),
        token?.address,
        ...(kind === 'erc20' ? [] : [token?.tokenId]),
        ...(withAmount ? [amountForPeople(transfer.value, decimalsOf(token))] : []),
      ].map(safeText);
    });
    text += heading(titles[kind], transfers.length) + renderTable(columns, rows, style);
  }
  const internals = detail.internalTransactions ?? [];
  if (internals.length > 0) {
    const columns: Column[] = [
      { header: 'TYPE', shrink: 'end', minWidth: 4 },
      { header: 'FROM', shrink: 'middle', minWidth: 13 },
      { header: 'TO', shrink: 'middle', minWidth: 13 },
      { header: 'VALUE', shrink: 'end', minWidth: 8, align: 'right' },
      { header: 'REVERTED', shrink: 'none', dropOrder: 1 },
    ];
    const rows = internals.map((internal) =>
      [internal.internalTxType, internal.from?.address, internal.to?.address, inCoin(internal.value), revertedWord(internal)].map(safeText),
    );
    text += heading('Internal transactions', internals.length) + renderTable(columns, rows, style);
  }
  return text;
}

/** An address, with the contract's name where the service gives one. */
function addressText(rich: { address?: string; name?: string } | undefined): string {
  if (!rich) return '';
  return rich.name ? `${safeText(rich.address)} (${safeText(rich.name)})` : safeText(rich.address);
}
