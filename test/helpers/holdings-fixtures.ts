// Bodies shaped as the operator's description gives them (its required fields and its examples) for the balance,
// contract and NFT operations, and a paging handler for the recording server.
import { json } from './test-server.js';
import type { Handler } from './test-server.js';

export const HOLDER = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
export const USDC = '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E';
export const WAVAX = '0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7';
export const COLLECTION = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
export const TX_HASH = '0x3e9303f81be00b4af28515dab7b914bf3dbff209ea10e7071fa24d4af0a112d4';

/** GetNativeBalanceResponse. */
export function nativeBalance(balance = '2000000000000000000', overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { nativeTokenBalance: { name: 'Avalanche', symbol: 'AVAX', decimals: 18, chainId: '43113', balance, ...overrides } };
}

/** An Erc20TokenBalance. */
export function erc20Balance(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    address: USDC,
    name: 'USD Coin',
    symbol: 'USDC',
    decimals: 6,
    ercType: 'ERC-20',
    chainId: '43113',
    balance: '2500000',
    tokenReputation: null,
    ...overrides,
  };
}

/** An Erc721Token (a collection's token; with `chainId`, an Erc721TokenBalance). */
export function erc721Token(tokenId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    address: COLLECTION,
    name: 'Punks',
    symbol: 'PNK',
    ercType: 'ERC-721',
    tokenId,
    tokenUri: `ipfs://punks/${tokenId}`,
    metadata: { indexStatus: 'INDEXED', name: `Punk #${tokenId}`, imageUri: `https://img.example/${tokenId}.png` },
    ownerAddress: HOLDER,
    ...overrides,
  };
}

/** An Erc1155TokenBalance. */
export function erc1155Balance(tokenId: string, balance: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    address: COLLECTION,
    ercType: 'ERC-1155',
    tokenId,
    tokenUri: `ipfs://items/${tokenId}`,
    metadata: { indexStatus: 'INDEXED', name: `Item ${tokenId}`, decimals: 2 },
    chainId: '43113',
    balance,
    ...overrides,
  };
}

/** An Erc20Contract with its deployment details. */
export function erc20Contract(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    address: USDC,
    ercType: 'ERC-20',
    name: 'USD Coin',
    symbol: 'USDC',
    decimals: 6,
    description: 'A dollar on chain',
    officialSite: 'https://www.circle.com',
    tags: ['stablecoin'],
    deploymentDetails: { txHash: TX_HASH, deployerAddress: HOLDER },
    ...overrides,
  };
}

/** GetTransactionResponse of a contract's deployment (its required fields). */
export function deploymentTransaction(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    networkTokenDetails: { networkToken: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 } },
    nativeTransaction: {
      blockNumber: '339',
      blockTimestamp: 1648672486,
      blockHash: '0x17533aeb5193378b9ff441d61728e7a2ebaf10f61fd5310759451627dfca2e7c',
      chainId: '43113',
      blockIndex: 0,
      txHash: TX_HASH,
      txStatus: '1',
      txType: 2,
      gasLimit: '51373',
      gasUsed: '51373',
      gasPrice: '470000000000',
      nonce: '1',
      from: { address: HOLDER },
      to: { address: '0x0000000000000000000000000000000000000000' },
      value: '0',
      input: '0x60806040',
      baseFeePerGas: '25000000000',
      ...overrides,
    },
  };
}

/** An address numbered n: 0x + 40 hex, all lower case. */
export function numbered(n: number): string {
  return '0x' + n.toString(16).padStart(40, '0');
}

/**
 * Serves `items` under `listField`, each page as large as pageSize (default 10), tokens "p<offset>"; `extra` is sent
 * beside the list in every page (an ERC-20 page's nativeTokenBalance).
 */
export function paged(listField: string, items: unknown[], extra: Record<string, unknown> = {}): Handler {
  return (request) => {
    const token = typeof request.query.pageToken === 'string' ? request.query.pageToken : 'p0';
    const offset = Number(token.slice(1)) || 0;
    const size = request.query.pageSize === undefined ? 10 : Number(request.query.pageSize);
    const page = items.slice(offset, offset + size);
    const next = offset + size < items.length ? `p${offset + size}` : undefined;
    return json({ ...extra, [listField]: page, ...(next ? { nextPageToken: next } : {}) });
  };
}
