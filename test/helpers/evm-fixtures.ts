// Answers of the chain's reads shaped as the operator's description gives them (its required fields and its examples),
// for the recording server: one transaction with every kind of movement, blocks, transfers.

export const CHAIN = '43113';
export const TX_HASH = '0x3e9303f81be00b4af28515dab7b914bf3dbff209ea10e7071fa24d4af0a112d4';
export const BLOCK_HASH = '0x17533aeb5193378b9ff441d61728e7a2ebaf10f61fd5310759451627dfca2e7c';
export const PARENT_HASH = '0x0b6f2a1dbd4b3e8fd1bbcc7c0b3d8e3c93f4d0d6e8a1e5f2c7b9d0a3e4f5a6b7';
/** EIP-55 checksummed (the operator's example address). */
export const SENDER = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
export const RECEIVER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
export const TOKEN = '0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7';
export const NFT = '0x5425890298aed601595a70AB815c96711a31Bc65';

/** NativeTransaction. */
export function nativeTransaction(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    blockNumber: '339',
    blockTimestamp: 1648672486,
    blockHash: BLOCK_HASH,
    chainId: CHAIN,
    blockIndex: 0,
    txHash: TX_HASH,
    txStatus: '1',
    txType: 2,
    gasLimit: '51373',
    gasUsed: '51373',
    gasPrice: '470000000000',
    nonce: '1',
    from: { address: SENDER },
    to: { address: TOKEN, name: 'Wrapped AVAX', symbol: 'WAVAX', decimals: 18 },
    method: { callType: 'CONTRACT_CALL', methodHash: '0xa9059cbb', methodName: 'transfer(address,uint256)' },
    value: '10000000000000000000',
    ...overrides,
  };
}

const ERC20_TOKEN = { address: TOKEN, name: 'Wrapped AVAX', symbol: 'WAVAX', decimals: 18, ercType: 'ERC-20' };
const ERC721_TOKEN = {
  address: NFT,
  name: 'Kitties',
  symbol: 'KIT',
  ercType: 'ERC-721',
  tokenId: '42',
  tokenUri: 'ipfs://kitties/42',
  metadata: { indexStatus: 'indexed' },
};
const ERC1155_TOKEN = {
  address: NFT,
  ercType: 'ERC-1155',
  tokenId: '7',
  tokenUri: 'ipfs://items/7',
  metadata: { indexStatus: 'indexed', symbol: 'ITEM', decimals: 2 },
};

/** GetTransactionResponse: the native transaction and one movement of each kind. */
export function transactionDetail(): Record<string, unknown> {
  return {
    networkTokenDetails: { networkToken: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 } },
    nativeTransaction: { ...nativeTransaction(), input: '0xa9059cbb', baseFeePerGas: '25000000000' },
    erc20Transfers: [
      { from: { address: SENDER }, to: { address: RECEIVER }, logIndex: 0, value: '1500000000000000000', erc20Token: ERC20_TOKEN },
    ],
    erc721Transfers: [{ from: { address: SENDER }, to: { address: RECEIVER }, logIndex: 1, erc721Token: ERC721_TOKEN }],
    erc1155Transfers: [{ from: { address: SENDER }, to: { address: RECEIVER }, logIndex: 2, value: '250', erc1155Token: ERC1155_TOKEN }],
    internalTransactions: [
      {
        from: { address: TOKEN },
        to: { address: RECEIVER },
        internalTxType: 'CALL',
        value: '5000000000000000',
        isReverted: false,
        gasUsed: '2300',
        gasLimit: '2300',
      },
    ],
  };
}

const PLACE = { blockNumber: '339', blockTimestamp: 1648672486, blockHash: BLOCK_HASH, txHash: TX_HASH };

/** Erc20Transfer, as listed on its own. */
export function erc20Transfer(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...PLACE,
    from: { address: SENDER },
    to: { address: RECEIVER },
    logIndex: 0,
    value: '1500000000000000000',
    erc20Token: ERC20_TOKEN,
    ...overrides,
  };
}

export function erc721Transfer(): Record<string, unknown> {
  return { ...PLACE, from: { address: SENDER }, to: { address: RECEIVER }, logIndex: 1, erc721Token: ERC721_TOKEN };
}

export function erc1155Transfer(): Record<string, unknown> {
  return { ...PLACE, from: { address: SENDER }, to: { address: RECEIVER }, logIndex: 2, value: '250', erc1155Token: ERC1155_TOKEN };
}

/** InternalTransaction, as listed on its own. */
export function internalTransaction(): Record<string, unknown> {
  return {
    ...PLACE,
    from: { address: TOKEN },
    to: { address: RECEIVER },
    internalTxType: 'CALL',
    value: '5000000000000000',
    isReverted: true,
    gasUsed: '2300',
    gasLimit: '2300',
  };
}

/** EvmBlock. */
export function block(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    chainId: CHAIN,
    blockNumber: '339',
    blockTimestamp: 1648672486,
    blockHash: BLOCK_HASH,
    txCount: 2,
    baseFee: '25000000000',
    gasUsed: '102746',
    gasLimit: '15000000',
    gasCost: '0',
    parentHash: PARENT_HASH,
    feesSpent: '2568650000000000',
    cumulativeTransactions: '1234',
    ...overrides,
  };
}
