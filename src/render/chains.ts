// How a chain is shown: a table row or a FIELD/value listing for people, one TSV row for pipes. Each row starts
// with the chain id and the name svc knows it by, the name every --chain-id takes.
import { nameOfChainId } from '../schema/chain-names.js';
import type { ShownChain } from '../schema/chains.js';
import type { Column, TableStyle } from './table.js';
import { safeText } from './text.js';
import { tsvRow } from './tsv.js';

/** The TSV columns of a chain, in order (the README lists them). */
export const CHAIN_TSV_COLUMNS = ['chain id', 'name', 'chain name', 'network', 'token', 'status'] as const;

const COLUMNS: Column[] = [
  { header: 'CHAIN ID', shrink: 'end', minWidth: 8 },
  { header: 'NAME', shrink: 'end', minWidth: 6 },
  { header: 'CHAIN NAME', shrink: 'end', minWidth: 10, dropOrder: 3 },
  { header: 'NETWORK', shrink: 'end', minWidth: 7, dropOrder: 2 },
  { header: 'TOKEN', shrink: 'end', minWidth: 5, dropOrder: 1 },
  { header: 'STATUS', shrink: 'end', minWidth: 6 },
];
const STATUS_COLUMN = COLUMNS.length - 1;

/** mainnet or testnet, as `isTestnet` says; empty when the service does not. */
function networkWord(chain: ShownChain): string {
  return chain.isTestnet === undefined ? '' : chain.isTestnet ? 'testnet' : 'mainnet';
}

function cells(chain: ShownChain): unknown[] {
  return [chain.chainId, nameOfChainId(chain.chainId), chain.chainName, networkWord(chain), chain.networkToken?.symbol, chain.status];
}

export function chainTsv(chain: ShownChain): string {
  return tsvRow(cells(chain));
}

/** The table renderers (cli-table3, chalk) load on first use, here and below: piped output never needs them. */
export async function chainTable(chains: ShownChain[], style: TableStyle): Promise<string> {
  const { renderTable } = await import('./table.js');
  const rows = chains.map((chain) => cells(chain).map(safeText));
  return renderTable(COLUMNS, rows, style, (column, text, chalk) => {
    if (column !== STATUS_COLUMN) return text;
    if (text === 'OK') return chalk.green(text);
    if (text === 'UNAVAILABLE') return chalk.yellow(text);
    return text;
  });
}

export async function chainDetails(chain: ShownChain, style: TableStyle): Promise<string> {
  const { renderDetails } = await import('./table.js');
  const token = chain.networkToken;
  const tokenText = [token?.symbol, token?.name && `(${token.name}, ${token.decimals ?? '?'} decimals)`].filter(Boolean).join(' ');
  const pairs: Array<[string, string]> = [
    ['CHAIN ID', safeText(chain.chainId)],
    ['NAME', nameOfChainId(chain.chainId) ?? ''],
    ['CHAIN NAME', safeText(chain.chainName)],
    ['DESCRIPTION', safeText(chain.description)],
    ['NETWORK', networkWord(chain)],
    ['STATUS', safeText(chain.status)],
    ['TOKEN', safeText(tokenText)],
    ['VM', safeText(chain.vmName)],
    ['RPC URL', safeText(chain.rpcUrl)],
    ['EXPLORER', safeText(chain.explorerUrl)],
    ['FEATURES', (chain.enabledFeatures ?? []).map(safeText).join(', ')],
  ];
  if (chain.platformChainId) pairs.push(['BLOCKCHAIN ID', safeText(chain.platformChainId)]);
  if (chain.subnetId) pairs.push(['SUBNET ID', safeText(chain.subnetId)]);
  return renderDetails(pairs, style);
}
