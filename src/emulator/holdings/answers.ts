// The answers of the holdings operations, in the shapes of the operator's description (NativeTokenBalance,
// Erc20TokenBalance, Erc721TokenBalance, Erc1155TokenBalance, the contract union, Erc721Token, Erc1155Token).
import { checksum, CHAINS } from '../chains.js';
import type { ContractRecord, NftToken } from './store.js';

/** Addresses under the reserved .invalid domain (RFC 2606), as the chains' answers use: no image or metadata is served. */
const EMULATED = 'svc-emulator.invalid';

export interface NativeTokenBalance {
  name: string;
  symbol: string;
  decimals: number;
  logoUri: string;
  chainId: string;
  balance: string;
}

/** The chain's native coin: the catalogue's name and symbol, or a plain Ether for a chain only injections made. */
export function nativeTokenBalance(chainId: string, balance: bigint): NativeTokenBalance {
  const info = CHAINS.find((chain) => chain.chainId === chainId);
  return {
    name: info?.about?.nativeName ?? 'Ether',
    symbol: info?.nativeSymbol ?? 'ETH',
    decimals: 18,
    logoUri: `https://images.${EMULATED}/chains/${chainId}/token.png`,
    chainId,
    balance: balance.toString(),
  };
}

export function erc20TokenBalance(chainId: string, contract: ContractRecord, balance: bigint): Record<string, unknown> {
  return {
    address: checksum(contract.address),
    name: contract.name ?? '',
    symbol: contract.symbol ?? '',
    decimals: contract.decimals ?? 18,
    ...(contract.logoUri !== undefined && { logoUri: contract.logoUri }),
    ercType: 'ERC-20',
    chainId,
    balance: balance.toString(),
    // Only the C-Chain's tokens are assessed by the service; the emulator assesses none.
    tokenReputation: null,
  };
}

/** When a token's metadata was last indexed (Unix seconds): when the chain first showed it, or its last reindex. */
export type IndexedAt = (token: NftToken) => number;

function tokenUri(chainId: string, token: NftToken): string {
  return `https://nft.${EMULATED}/${chainId}/${checksum(token.collection)}/${token.tokenId}.json`;
}

/** The metadata the emulator's indexer finds at a token's URI: made from the collection and the id. */
function tokenMetadata(
  chainId: string,
  token: NftToken,
  contract: ContractRecord | undefined,
  indexedAt: IndexedAt,
): Record<string, unknown> {
  const name = `${contract?.name ?? 'Token'} #${token.tokenId}`;
  return {
    indexStatus: 'INDEXED',
    metadataLastUpdatedTimestamp: indexedAt(token),
    name,
    ...(contract?.symbol !== undefined && { symbol: contract.symbol }),
    imageUri: `https://images.${EMULATED}/nfts/${chainId}/${checksum(token.collection)}/${token.tokenId}.png`,
    description: `${name}, an emulated ${token.ercType} token.`,
    ...(token.ercType === 'ERC-1155' ? { decimals: 0, properties: '{}' } : { attributes: '[]' }),
  };
}

/** Erc721Token or Erc1155Token: a collection's token as listTokens and getTokenDetails answer it. */
export function nftTokenAnswer(
  chainId: string,
  token: NftToken,
  contract: ContractRecord | undefined,
  indexedAt: IndexedAt,
): Record<string, unknown> {
  const common = {
    address: checksum(token.collection),
    ercType: token.ercType,
    tokenId: token.tokenId.toString(),
    tokenUri: tokenUri(chainId, token),
    metadata: tokenMetadata(chainId, token, contract, indexedAt),
  };
  if (token.ercType === 'ERC-1155') return common;
  const { address, ...rest } = common;
  return {
    address,
    name: contract?.name ?? '',
    symbol: contract?.symbol ?? '',
    ...rest,
    ...(token.owner !== undefined && { ownerAddress: checksum(token.owner) }),
  };
}

/** Erc721TokenBalance: an ERC-721 token the address owns. */
export function erc721TokenBalance(
  chainId: string,
  token: NftToken,
  contract: ContractRecord | undefined,
  indexedAt: IndexedAt,
): Record<string, unknown> {
  return { ...nftTokenAnswer(chainId, token, contract, indexedAt), chainId };
}

/** Erc1155TokenBalance: an ERC-1155 id the address holds, with how many. */
export function erc1155TokenBalance(
  chainId: string,
  token: NftToken,
  contract: ContractRecord | undefined,
  indexedAt: IndexedAt,
  balance: bigint,
): Record<string, unknown> {
  return { ...nftTokenAnswer(chainId, token, contract, indexedAt), chainId, balance: balance.toString() };
}

/** One member of getContractMetadata's union, chosen by ercType. */
export function contractAnswer(contract: ContractRecord): Record<string, unknown> {
  return {
    ...(contract.name !== undefined && { name: contract.name }),
    ...(contract.logoUri !== undefined && { logoAsset: { imageUri: contract.logoUri } }),
    address: checksum(contract.address),
    ...(contract.deployment && {
      deploymentDetails: { txHash: contract.deployment.txHash, deployerAddress: checksum(contract.deployment.deployer) },
    }),
    ercType: contract.ercType,
    ...(contract.ercType !== 'UNKNOWN' && contract.symbol !== undefined && { symbol: contract.symbol }),
    ...(contract.ercType === 'ERC-20' && { decimals: contract.decimals ?? 18 }),
  };
}
