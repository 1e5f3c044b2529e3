// How a contract is shown (`contract get`, `contract deployments`): a table row or a FIELD/value listing with its
// deployment as a section for people, one TSV row for pipes, whichever command printed it.
import type { DeploymentAnswer, ShownContract } from '../schema/contracts.js';
import { readableTime, txStatusWord } from './format.js';
import type { Column, TableStyle } from './table.js';
import { safeText } from './text.js';
import { tsvRow } from './tsv.js';

/** The TSV columns of a contract, in order (docs/holdings.md lists them). */
export const CONTRACT_TSV_COLUMNS = ['address', 'erc type', 'name', 'symbol', 'decimals', 'deployer', 'deployment tx'] as const;

const COLUMNS: Column[] = [
  { header: 'ADDRESS', shrink: 'middle', minWidth: 13 },
  { header: 'TYPE', shrink: 'end', minWidth: 8, dropOrder: 3 },
  { header: 'NAME', shrink: 'end', minWidth: 8, dropOrder: 4 },
  { header: 'SYMBOL', shrink: 'end', minWidth: 6, dropOrder: 2 },
  { header: 'DECIMALS', shrink: 'none', align: 'right', dropOrder: 1 },
  { header: 'DEPLOYER', shrink: 'middle', minWidth: 13, dropOrder: 0 },
  { header: 'DEPLOYMENT TX', shrink: 'middle', minWidth: 13, dropOrder: 5 },
];

/** Who deployed it and in which transaction: the contract's own details, else its deployment transaction's. */
function deploymentCells(contract: ShownContract, deployment: DeploymentAnswer | undefined): [unknown, unknown] {
  const native = deployment?.nativeTransaction;
  return [contract.deploymentDetails?.deployerAddress ?? native?.from?.address, contract.deploymentDetails?.txHash ?? native?.txHash];
}

/** The row's cells: the deployer and its transaction as the contract's own details give them. */
function cells(contract: ShownContract): unknown[] {
  return [contract.address, contract.ercType, contract.name, contract.symbol, contract.decimals, ...deploymentCells(contract, undefined)];
}

export function contractTsv(contract: ShownContract): string {
  return tsvRow(cells(contract));
}

/** Loads the table renderer (cli-table3, chalk) on first use: piped output never needs it. */
export async function contractTable(contracts: ShownContract[], style: TableStyle): Promise<string> {
  const { renderTable } = await import('./table.js');
  return renderTable(
    COLUMNS,
    contracts.map((contract) => cells(contract).map(safeText)),
    style,
  );
}

/** One contract for people, then its deployment as a section of its own when there is one. */
export async function contractDetails(
  contract: ShownContract,
  deployment: DeploymentAnswer | undefined,
  style: TableStyle,
): Promise<string> {
  const { palette, renderDetails } = await import('./table.js');
  const pairs: Array<[string, string]> = [
    ['ADDRESS', safeText(contract.address)],
    ['TYPE', safeText(contract.ercType)],
    ['NAME', safeText(contract.name)],
  ];
  const optional: Array<[string, unknown]> = [
    ['SYMBOL', contract.symbol],
    ['DECIMALS', contract.decimals],
    ['DESCRIPTION', contract.description],
    ['SITE', contract.officialSite],
    ['TAGS', contract.tags?.length ? contract.tags.map(safeText).join(', ') : undefined],
  ];
  for (const [label, value] of optional) if (value !== undefined && value !== '') pairs.push([label, safeText(value)]);
  let text = renderDetails(pairs, style);
  const [deployer, txHash] = deploymentCells(contract, deployment);
  if (deployer === undefined && txHash === undefined) return text;
  const native = deployment?.nativeTransaction;
  const section: Array<[string, string]> = [
    ['TX HASH', safeText(txHash)],
    ['DEPLOYER', safeText(deployer)],
  ];
  if (contract.deploymentDetails?.deployerContractAddress)
    section.push(['BY CONTRACT', safeText(contract.deploymentDetails.deployerContractAddress)]);
  if (native?.blockNumber !== undefined) section.push(['BLOCK', safeText(native.blockNumber)]);
  const time = readableTime(native?.blockTimestamp);
  if (time) section.push(['TIME', `${time} UTC`]);
  if (native?.txStatus !== undefined) section.push(['STATUS', safeText(txStatusWord(native.txStatus))]);
  text += `\n${palette(style.color).bold('Deployment')}\n` + renderDetails(section, style);
  return text;
}
