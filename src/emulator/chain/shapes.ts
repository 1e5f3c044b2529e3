// The chain's answers in the operator's shapes (its published description's EvmBlock, GetTransactionResponse,
// TransactionDetails, the typed transfer listings): made from a block and its stored transactions.
import type { Erc20Transfer, InternalTransaction, NftTransfer, Transaction } from '../../schema/index.js';
import type { StoredTx } from '../chain-data.js';
import { CHAINS, unknownChain } from '../chains.js';
import type { ChainBlock } from './ledger.js';

interface RichAddress {
  address: string;
  name?: string;
  symbol?: string;
  decimals?: number;
  logoUri?: string;
}

/** The operator's indexer has not read any token's metadata here: the emulator serves no token URIs. */
const UNINDEXED_METADATA = { indexStatus: 'UNINDEXED' } as const;

function rich(address: string): RichAddress {
  return { address };
}

/** Where a transaction sits: the fields every typed listing's items start with. */
function located(tx: StoredTx): Record<string, unknown> {
  const { item } = tx;
  return {
    blockNumber: item.blockNumber,
    blockTimestamp: item.blockTimestamp,
    blockTimestampMilliseconds: item.blockTimestampMilliseconds,
    blockHash: item.blockHash,
    txHash: item.txHash,
  };
}

export function erc20Details(transfer: Erc20Transfer, v2 = false): Record<string, unknown> {
  const token = transfer.erc20Token;
  return {
    from: rich(transfer.from),
    to: rich(transfer.to),
    logIndex: transfer.logIndex,
    value: transfer.value,
    erc20Token: {
      address: token.address,
      name: token.name,
      symbol: token.symbol,
      decimals: token.decimals,
      ercType: 'ERC-20',
      ...(v2 ? { tokenReputation: null } : {}),
    },
  };
}

export function nftDetails(transfer: NftTransfer): Record<string, unknown> {
  const common = { from: rich(transfer.from), to: rich(transfer.to), logIndex: transfer.logIndex };
  if (transfer.type === 'ERC721') {
    const collection = transfer.erc721Token;
    return {
      ...common,
      erc721Token: {
        address: collection.address,
        name: collection.name,
        symbol: collection.symbol,
        ercType: 'ERC-721',
        tokenId: transfer.tokenId,
        tokenUri: '',
        metadata: UNINDEXED_METADATA,
      },
    };
  }
  return {
    ...common,
    value: transfer.value,
    erc1155Token: {
      address: transfer.erc1155Token.address,
      ercType: 'ERC-1155',
      tokenId: transfer.tokenId,
      tokenUri: '',
      metadata: UNINDEXED_METADATA,
    },
  };
}

export function internalDetails(call: InternalTransaction, tx: StoredTx): Record<string, unknown> {
  return {
    from: rich(call.from),
    to: rich(call.to),
    internalTxType: call.internalTxType,
    value: call.value,
    isReverted: tx.item.txStatus === '0',
    gasUsed: call.gasUsed,
    gasLimit: call.gasLimit,
  };
}

/** An ERC-20 transfer as listErc20Transactions and listTransfers list it. */
export function erc20Item(transfer: Erc20Transfer, tx: StoredTx): Record<string, unknown> {
  return { ...located(tx), ...erc20Details(transfer) };
}

export function nftItem(transfer: NftTransfer, tx: StoredTx): Record<string, unknown> {
  return { ...located(tx), ...nftDetails(transfer) };
}

export function internalItem(call: InternalTransaction, tx: StoredTx): Record<string, unknown> {
  return { ...located(tx), ...internalDetails(call, tx) };
}

/** The listing's transaction (NativeTransaction): as GET /v1/transactions lists it. */
export function nativeTransaction(tx: StoredTx): Transaction {
  return tx.item;
}

/** getTransaction's answer: the whole transaction, every transfer and internal call in it. */
export function transactionResponse(tx: StoredTx, block: ChainBlock): Record<string, unknown> {
  const { detail } = tx;
  return {
    erc20Transfers: detail.erc20Transfers.map((transfer) => erc20Details(transfer)),
    erc721Transfers: detail.erc721Transfers.map(nftDetails),
    erc1155Transfers: detail.erc1155Transfers.map(nftDetails),
    internalTransactions: detail.internalTransactions.map((call) => internalDetails(call, tx)),
    networkTokenDetails: { networkToken: networkToken(tx.item.chainId) },
    nativeTransaction: {
      ...tx.item,
      input: detail.input,
      baseFeePerGas: block.facts.baseFeePerGas,
      maxFeePerGas: detail.maxFeePerGas,
      maxPriorityFeePerGas: detail.maxPriorityFeePerGas,
    },
  };
}

/**
 * An address's transaction as listTransactions (v1 and v2) lists it: the transfers and internal calls only those
 * the address sends or receives, as the operator's description says.
 */
export function addressTransaction(tx: StoredTx, address: string, v2: boolean): Record<string, unknown> {
  const { detail } = tx;
  const party = (move: { from: string; to: string }) => move.from.toLowerCase() === address || move.to.toLowerCase() === address;
  const answer: Record<string, unknown> = { nativeTransaction: tx.item };
  const erc20 = detail.erc20Transfers.filter(party);
  if (erc20.length > 0) answer.erc20Transfers = erc20.map((transfer) => erc20Details(transfer, v2));
  const erc721 = detail.erc721Transfers.filter(party);
  if (erc721.length > 0) answer.erc721Transfers = erc721.map(nftDetails);
  const erc1155 = detail.erc1155Transfers.filter(party);
  if (erc1155.length > 0) answer.erc1155Transfers = erc1155.map(nftDetails);
  const internals = detail.internalTransactions.filter(party);
  if (internals.length > 0) answer.internalTransactions = internals.map((call) => internalDetails(call, tx));
  return answer;
}

export function blockResponse(block: ChainBlock): Record<string, unknown> {
  const first = block.txs[0]!.item;
  let gasUsed = 0n;
  let gasCost = 0n;
  for (const tx of block.txs) {
    gasUsed += BigInt(tx.item.gasUsed);
    gasCost += BigInt(tx.item.gasUsed) * BigInt(tx.item.gasPrice);
  }
  return {
    chainId: block.chainId,
    blockNumber: String(block.number),
    blockTimestamp: first.blockTimestamp,
    blockTimestampMilliseconds: block.ms,
    blockMinDelayExcess: first.blockMinDelayExcess,
    blockHash: block.hash,
    txCount: block.txs.length,
    baseFee: block.facts.baseFeePerGas,
    gasUsed: String(gasUsed),
    gasLimit: block.facts.gasLimit,
    gasCost: String(gasCost),
    parentHash: block.facts.parentHash,
    // The base fee of every unit of gas used is burned.
    feesSpent: String(gasUsed * BigInt(block.facts.baseFeePerGas)),
    cumulativeTransactions: String(block.facts.cumulativeTransactions),
  };
}

/** The chain's native coin, as networkTokenDetails names it. */
function networkToken(chainId: string): Record<string, unknown> {
  const info = CHAINS.find((chain) => chain.chainId === chainId) ?? unknownChain(chainId);
  return {
    name: info.about?.nativeName ?? info.nativeSymbol,
    symbol: info.nativeSymbol,
    decimals: 18,
    description: `The native coin of ${info.about?.chainName ?? `chain ${chainId}`}.`,
  };
}
