// How the chains of an address are shown (listAddressChains): the chains the service indexes with the columns of
// `chain list`, then the ids of those it does not, each row saying which it is.
import { nameOfChainId } from '../schema/chain-names.js';
import type { AddressChains } from '../schema/evm-transactions.js';
import type { ShownChain } from '../schema/chains.js';
import type { Column, TableStyle } from './table.js';
import { safeText } from './text.js';
import { tsvRow } from './tsv.js';

/** The TSV columns of a chain an address appears on, in order: `chain list`'s, then whether the service indexes it. */
export const ADDRESS_CHAIN_TSV_COLUMNS = ['chain id', 'name', 'chain name', 'network', 'token', 'indexed'] as const;

const COLUMNS: Column[] = [
  { header: 'CHAIN ID', shrink: 'end', minWidth: 8 },
  { header: 'NAME', shrink: 'end', minWidth: 6 },
  { header: 'CHAIN NAME', shrink: 'end', minWidth: 10, dropOrder: 3 },
  { header: 'NETWORK', shrink: 'end', minWidth: 7, dropOrder: 2 },
  { header: 'TOKEN', shrink: 'end', minWidth: 5, dropOrder: 1 },
  { header: 'INDEXED', shrink: 'none' },
];

function indexedCells(chain: ShownChain): unknown[] {
  const network = chain.isTestnet === undefined ? '' : chain.isTestnet ? 'testnet' : 'mainnet';
  return [chain.chainId, nameOfChainId(chain.chainId), chain.chainName, network, chain.networkToken?.symbol];
}

/** Every row's cells, the indexed chains first; `yes` and `no` for people, `true` and `false` for pipes. */
function rows(answer: AddressChains, [indexed, unindexed]: [string, string]): unknown[][] {
  return [
    ...(answer.indexedChains ?? []).map((chain) => [...indexedCells(chain), indexed]),
    ...(answer.unindexedChains ?? []).map((chainId) => [chainId, nameOfChainId(chainId), '', '', '', unindexed]),
  ];
}

export function addressChainsTsv(answer: AddressChains): string {
  return rows(answer, ['true', 'false'])
    .map((cells) => tsvRow(cells))
    .join('');
}

export async function addressChainsTable(answer: AddressChains, style: TableStyle): Promise<string> {
  const { renderTable } = await import('./table.js');
  return renderTable(
    COLUMNS,
    rows(answer, ['yes', 'no']).map((cells) => cells.map(safeText)),
    style,
  );
}

/** How many rows an answer makes: none says so at a terminal. */
export function addressChainCount(answer: AddressChains): number {
  return (answer.indexedChains?.length ?? 0) + (answer.unindexedChains?.length ?? 0);
}
