// How a block is shown: a table row or a FIELD/value listing for people (fees in the chain's coin, hashes shortened
// only where the terminal is narrow), one TSV row for pipes (raw integers, whole hashes).
import { nameOfChainId } from '../schema/chain-names.js';
import type { ShownBlock } from '../schema/blocks.js';
import { formatNativeAmount, isoTime, readableTime } from './format.js';
import type { Column, TableStyle } from './table.js';
import { safeText } from './text.js';
import { tsvRow } from './tsv.js';

/** The TSV columns of a block, in order. */
export const BLOCK_TSV_COLUMNS = [
  'time',
  'chain id',
  'block',
  'block hash',
  'txs',
  'gas used',
  'gas limit',
  'base fee',
  'fees spent',
  'parent hash',
] as const;

const COLUMNS: Column[] = [
  { header: 'TIME (UTC)', shrink: 'none', dropOrder: 4 },
  { header: 'CHAIN', shrink: 'end', minWidth: 5, dropOrder: 5 },
  { header: 'BLOCK', shrink: 'end', minWidth: 8, align: 'right' },
  { header: 'HASH', shrink: 'middle', minWidth: 11 },
  { header: 'TXS', shrink: 'none', align: 'right' },
  { header: 'GAS USED', shrink: 'end', minWidth: 8, align: 'right', dropOrder: 2 },
  { header: 'BASE FEE', shrink: 'end', minWidth: 8, align: 'right', dropOrder: 1 },
  { header: 'FEES', shrink: 'end', minWidth: 8, align: 'right', dropOrder: 3 },
];

/** An amount of the chain's coin in wei as a person reads it: 18 decimals, as every chain the service serves. */
function coins(wei: unknown): string {
  return wei === undefined || wei === null ? '' : formatNativeAmount(String(wei));
}

export function blockTsv(block: ShownBlock): string {
  return tsvRow([
    isoTime(block.blockTimestamp),
    block.chainId,
    block.blockNumber,
    block.blockHash,
    block.txCount,
    block.gasUsed,
    block.gasLimit,
    block.baseFee,
    block.feesSpent,
    block.parentHash,
  ]);
}

/** The table renderers (cli-table3, chalk) load on first use, here and below: piped output never needs them. */
export async function blockTable(blocks: ShownBlock[], style: TableStyle): Promise<string> {
  const { renderTable } = await import('./table.js');
  const rows = blocks.map((block) =>
    [
      readableTime(block.blockTimestamp),
      nameOfChainId(block.chainId) ?? block.chainId,
      block.blockNumber,
      block.blockHash,
      block.txCount,
      block.gasUsed,
      block.baseFee === undefined ? undefined : `${formatNativeAmount(String(block.baseFee), 9)} gwei`,
      coins(block.feesSpent),
    ].map(safeText),
  );
  return renderTable(COLUMNS, rows, style);
}

/** A count for a person: digits grouped (1,234,567), as every count at a terminal; anything else as it came. */
function grouped(count: unknown): string {
  const text = safeText(count);
  return /^\d+$/.test(text) ? text.replace(/\B(?=(\d{3})+$)/g, ',') : text;
}

export async function blockDetails(block: ShownBlock, style: TableStyle): Promise<string> {
  const { renderDetails } = await import('./table.js');
  const name = nameOfChainId(block.chainId);
  const pairs: Array<[string, string]> = [
    ['BLOCK', safeText(block.blockNumber)],
    ['HASH', safeText(block.blockHash)],
    ['CHAIN', name ? `${safeText(block.chainId)} (${name})` : safeText(block.chainId)],
    ['TIME', block.blockTimestamp === undefined ? '' : `${readableTime(block.blockTimestamp)} UTC`],
    ['TRANSACTIONS', grouped(block.txCount)],
    ['PARENT HASH', safeText(block.parentHash)],
    ['GAS USED', [safeText(block.gasUsed), block.gasLimit === undefined ? '' : `of ${safeText(block.gasLimit)}`].filter(Boolean).join(' ')],
    ['BASE FEE', block.baseFee === undefined ? '' : `${safeText(block.baseFee)} wei`],
    ['FEES SPENT', coins(block.feesSpent)],
    ['CHAIN TOTAL', block.cumulativeTransactions === undefined ? '' : `${grouped(block.cumulativeTransactions)} transactions`],
  ];
  return renderDetails(pairs, style);
}
