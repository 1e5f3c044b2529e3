// The chains the emulator serves and the well-known contracts on them, so generated activity looks like the real networks.
import { keccak256Hex } from '../evm/keccak.js';
import { toChecksumAddress } from '../evm/address.js';
import type { ChainFeature } from '../schema/rules.js';

export type NetworkKind = 'mainnet' | 'testnet';

export interface TokenInfo {
  /** Lower-case, the form every comparison uses. */
  address: string;
  name: string;
  symbol: string;
  decimals: number;
  logoUri: string;
}

export interface ChainInfo {
  chainId: string;
  /** chainId as a number: the second sort key of the listing. */
  chainNum: number;
  /** null for chains only seen through injection or webhooks: they belong to neither `network` filter. */
  network: NetworkKind | null;
  nativeSymbol: string;
  firstBlockNumber: number;
  blockIntervalMs: number;
  /** Share of the generated history, relative to the other chains. */
  historyWeight: number;
  /** The first is the wrapped native token, the leg every generated swap starts from. */
  knownTokens: Omit<TokenInfo, 'logoUri'>[];
  knownRouter?: string;
  /** What `GET /v1/chains` tells of it (see chain-routes.ts); chains without it are not listed there. */
  about?: ChainAbout;
}

export interface ChainAbout {
  chainName: string;
  description: string;
  /** The native coin's name; its symbol is nativeSymbol. */
  nativeName: string;
  /** Its blockchain id on the platform, for the primary network's chains (getChainInfo takes it as well). */
  blockchainId?: string;
  subnetId?: string;
  features: ChainFeature[];
}

/** The primary network's id: the subnet of the C-Chain, on mainnet and Fuji alike. */
const PRIMARY_NETWORK = '11111111111111111111111111111111LpoYY';

interface Signature {
  text: string;
  selector: string;
}

function method(text: string): Signature {
  return { text, selector: keccak256Hex(text).slice(0, 10) };
}

/** Function selectors computed, not copied: the first 4 bytes of keccak-256 over the signature. */
export const METHODS = {
  transfer: method('transfer(address,uint256)'),
  approve: method('approve(address,uint256)'),
  swapExactNativeForTokens: method('swapExactAVAXForTokens(uint256,address[],address,uint256)'),
  execute: method('execute(bytes)'),
  multicall: method('multicall(bytes[])'),
  mint: method('mint(address,uint256)'),
};

export const SWAP_SIGNATURE = keccak256Hex('Swap(address,uint256,uint256,uint256,uint256,address)');
/** The wrapped native token's `Deposit(address indexed dst, uint wad)`: two topics. */
export const DEPOSIT_SIGNATURE = keccak256Hex('Deposit(address,uint256)');
/** A pair's `Sync(uint112 reserve0, uint112 reserve1)`: topic0 alone, its reserves as data. */
export const SYNC_SIGNATURE = keccak256Hex('Sync(uint112,uint112)');
/** A smart wallet's `ExecutionSuccess(bytes32 indexed txHash, uint256 payment)`: two topics. */
export const EXECUTION_SUCCESS_SIGNATURE = keccak256Hex('ExecutionSuccess(bytes32,uint256)');

export const CHAINS: readonly ChainInfo[] = [
  {
    chainId: '43114',
    chainNum: 43114,
    network: 'mainnet',
    nativeSymbol: 'AVAX',
    firstBlockNumber: 71_402_118,
    blockIntervalMs: 1_700,
    historyWeight: 4,
    knownTokens: [
      { address: '0xb31f66aa3c1e785363f0875a1b74e27b85fd66c7', name: 'Wrapped AVAX', symbol: 'WAVAX', decimals: 18 },
      { address: '0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e', name: 'USD Coin', symbol: 'USDC', decimals: 6 },
      { address: '0x9702230a8ea53601f5cd2dc00fdbc13d4df4a8c7', name: 'TetherToken', symbol: 'USDt', decimals: 6 },
      { address: '0x6e84a6216ea6dacc71ee8e6b0a5b7322eebc0fdd', name: 'JoeToken', symbol: 'JOE', decimals: 18 },
    ],
    knownRouter: '0x60ae616a2155ee3d9a68541ba4544862310933d4',
    about: {
      chainName: 'Avalanche C-Chain',
      description: "The contract chain of Avalanche's primary network.",
      nativeName: 'Avalanche',
      blockchainId: '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5',
      subnetId: PRIMARY_NETWORK,
      features: ['nftIndexing', 'webhooks', 'teleporter'],
    },
  },
  {
    chainId: '432204',
    chainNum: 432204,
    network: 'mainnet',
    nativeSymbol: 'ALOT',
    firstBlockNumber: 19_877_304,
    blockIntervalMs: 2_000,
    historyWeight: 1,
    knownTokens: [{ address: '', name: 'Wrapped ALOT', symbol: 'WALOT', decimals: 18 }],
    about: {
      chainName: 'Dexalot',
      description: 'An Avalanche L1 for a decentralized exchange with a central limit order book.',
      nativeName: 'Dexalot',
      features: ['webhooks', 'teleporter'],
    },
  },
  {
    chainId: '53935',
    chainNum: 53935,
    network: 'mainnet',
    nativeSymbol: 'JEWEL',
    firstBlockNumber: 52_611_907,
    blockIntervalMs: 2_000,
    historyWeight: 1,
    knownTokens: [
      { address: '0xccb93dabd71c8dad03fc4ce5559dc3d89f67a260', name: 'Wrapped JEWEL', symbol: 'WJEWEL', decimals: 18 },
      { address: '', name: 'Crystal', symbol: 'CRYSTAL', decimals: 18 },
    ],
    about: {
      chainName: 'DFK Chain',
      description: 'An Avalanche L1 for the DeFi Kingdoms game.',
      nativeName: 'Jewel',
      features: ['webhooks', 'teleporter'],
    },
  },
  {
    chainId: '43113',
    chainNum: 43113,
    network: 'testnet',
    nativeSymbol: 'AVAX',
    firstBlockNumber: 48_263_550,
    blockIntervalMs: 2_000,
    historyWeight: 2,
    knownTokens: [
      { address: '0xd00ae08403b9bbb9124bb305c09058e32c39a48c', name: 'Wrapped AVAX', symbol: 'WAVAX', decimals: 18 },
      { address: '0x5425890298aed601595a70ab815c96711a31bc65', name: 'USD Coin', symbol: 'USDC', decimals: 6 },
    ],
    about: {
      chainName: 'Avalanche Fuji C-Chain',
      description: "The contract chain of Avalanche's test network, Fuji.",
      nativeName: 'Avalanche',
      blockchainId: 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp',
      subnetId: PRIMARY_NETWORK,
      features: ['nftIndexing', 'webhooks', 'teleporter'],
    },
  },
  {
    chainId: '432201',
    chainNum: 432201,
    network: 'testnet',
    nativeSymbol: 'ALOT',
    firstBlockNumber: 14_520_331,
    blockIntervalMs: 2_000,
    historyWeight: 1,
    knownTokens: [{ address: '', name: 'Wrapped ALOT', symbol: 'WALOT', decimals: 18 }],
    about: {
      chainName: 'Dexalot Testnet',
      description: "Dexalot's test chain, on Fuji.",
      nativeName: 'Dexalot',
      features: ['webhooks'],
    },
  },
  {
    chainId: '335',
    chainNum: 335,
    network: 'testnet',
    nativeSymbol: 'JEWEL',
    firstBlockNumber: 31_004_776,
    blockIntervalMs: 2_000,
    historyWeight: 1,
    knownTokens: [{ address: '', name: 'Wrapped JEWEL', symbol: 'WJEWEL', decimals: 18 }],
    about: {
      chainName: 'DFK Chain Testnet',
      description: "DeFi Kingdoms' test chain, on Fuji.",
      nativeName: 'Jewel',
      features: ['webhooks'],
    },
  },
];

/** Chains a webhook or an injection names that the emulator does not model: plain defaults. */
export function unknownChain(chainId: string): ChainInfo {
  return {
    chainId,
    chainNum: Number(chainId),
    network: null,
    nativeSymbol: 'ETH',
    firstBlockNumber: 1_000_000,
    blockIntervalMs: 2_000,
    historyWeight: 0,
    knownTokens: [{ address: '', name: 'Wrapped Ether', symbol: 'WETH', decimals: 18 }],
  };
}

export function logoUri(chainId: string, address: string): string {
  return `https://images.svc-emulator.invalid/tokens/${chainId}/${address}/logo.png`;
}

const checksumCache = new Map<string, string>();
const CHECKSUM_CACHE_LIMIT = 100_000;

/** EIP-55 form of a lower-case address, cached: the same few hundred accounts recur in every block. */
export function checksum(address: string): string {
  let cached = checksumCache.get(address);
  if (cached === undefined) {
    if (checksumCache.size >= CHECKSUM_CACHE_LIMIT) checksumCache.clear();
    cached = toChecksumAddress(address);
    checksumCache.set(address, cached);
  }
  return cached;
}
