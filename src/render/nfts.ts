// How an NFT is shown (a collection's tokens, the ERC-721 and ERC-1155 tokens an address holds, one token): a table
// row or a FIELD/value listing for people, one TSV row for pipes, whichever command printed it.
import type { ShownNft } from '../schema/nfts.js';
import { formatTokenAmount, readableTime } from './format.js';
import type { Column, TableStyle } from './table.js';
import { safeText } from './text.js';
import { tsvRow } from './tsv.js';

/** The TSV columns of an NFT, in order (docs/holdings.md lists them). */
export const NFT_TSV_COLUMNS = [
  'contract',
  'token id',
  'erc type',
  'collection',
  'symbol',
  'token name',
  'balance',
  'owner',
  'metadata',
] as const;

const COLUMNS: Column[] = [
  // Narrow terminals leave out columns rather than wrap (lowest drop order first), down to the token id: what varies
  // from row to row goes last (a collection's listing repeats its contract, name and symbol on every row).
  { header: 'CONTRACT', shrink: 'middle', minWidth: 13, dropOrder: 5 },
  { header: 'TOKEN ID', shrink: 'middle', minWidth: 8 },
  { header: 'TYPE', shrink: 'end', minWidth: 8, dropOrder: 4 },
  { header: 'COLLECTION', shrink: 'end', minWidth: 10, dropOrder: 3 },
  { header: 'SYMBOL', shrink: 'end', minWidth: 6, dropOrder: 1 },
  { header: 'TOKEN NAME', shrink: 'end', minWidth: 10, dropOrder: 7 },
  { header: 'BALANCE', shrink: 'end', minWidth: 7, align: 'right', dropOrder: 2 },
  { header: 'OWNER', shrink: 'middle', minWidth: 13, dropOrder: 6 },
  { header: 'METADATA', shrink: 'end', minWidth: 8, dropOrder: 0 },
];

/** The metadata's name where the token has one; an ERC-1155 token's name lives there only. */
function cells(nft: ShownNft, amount: (nft: ShownNft) => unknown): unknown[] {
  return [
    nft.address,
    nft.tokenId,
    nft.ercType,
    nft.name,
    nft.symbol ?? nft.metadata?.symbol,
    nft.metadata?.name,
    amount(nft),
    nft.ownerAddress,
    nft.metadata?.indexStatus,
  ];
}

export function nftTsv(nft: ShownNft): string {
  return tsvRow(cells(nft, (token) => token.balance));
}

/** An ERC-1155 amount in the token's units where its metadata gives decimals; ERC-721 tokens have none. */
function shownAmount(nft: ShownNft): string | undefined {
  return formatTokenAmount(nft.balance, nft.metadata?.decimals);
}

/** Loads the table renderer (cli-table3, chalk) on first use: piped output never needs it. */
export async function nftTable(nfts: ShownNft[], style: TableStyle): Promise<string> {
  const { renderTable } = await import('./table.js');
  return renderTable(
    COLUMNS,
    nfts.map((nft) => cells(nft, shownAmount).map(safeText)),
    style,
  );
}

/** One token for people: the row's fields, then what its metadata says. */
export async function nftDetails(nft: ShownNft, style: TableStyle): Promise<string> {
  const { renderDetails } = await import('./table.js');
  const metadata = nft.metadata;
  const pairs: Array<[string, string]> = [
    ['CONTRACT', safeText(nft.address)],
    ['TOKEN ID', safeText(nft.tokenId)],
    ['TYPE', safeText(nft.ercType)],
    ['COLLECTION', safeText([nft.name, nft.symbol && `(${nft.symbol})`].filter(Boolean).join(' '))],
    ['NAME', safeText(metadata?.name)],
  ];
  const optional: Array<[string, unknown]> = [
    ['DESCRIPTION', metadata?.description],
    ['OWNER', nft.ownerAddress],
    ['BALANCE', shownAmount(nft)],
    ['TOKEN URI', nft.tokenUri],
    ['IMAGE', metadata?.imageUri],
    ['ANIMATION', metadata?.animationUri],
    ['EXTERNAL URL', metadata?.externalUrl],
    ['METADATA', metadata?.indexStatus],
  ];
  for (const [label, value] of optional) if (value !== undefined && value !== '') pairs.push([label, safeText(value)]);
  const updated = readableTime(metadata?.metadataLastUpdatedTimestamp);
  if (updated) pairs.push(['METADATA UPDATED', `${updated} UTC`]);
  return renderDetails(pairs, style);
}
