// A block made of its transactions: they share its number, hash, time and facts (see BlockFacts).
import type { BlockFacts, StoredTx } from '../chain-data.js';
import type { ChainBlock } from './ledger.js';

const ZERO_HASH = '0x' + '0'.repeat(64);
const BLOCK_GAS_LIMIT = '15000000';

export interface BlockOrigin {
  injected: boolean;
  notified: readonly string[];
  recordKey?: string;
}

/**
 * The block holding `txs` (one block's, in their order). Transactions an older emulator kept have no facts: they are
 * derived from the chain's previous block and the transactions' own fees.
 */
export function blockOf(txs: readonly StoredTx[], origin: BlockOrigin, previous: ChainBlock | undefined): ChainBlock {
  const first = txs[0]!;
  return {
    chainId: first.item.chainId,
    chainNum: first.chainNum,
    network: first.network,
    number: Number(first.item.blockNumber),
    hash: first.item.blockHash,
    ms: first.ms,
    facts: first.block ?? derivedFacts(txs, previous),
    txs,
    injected: origin.injected,
    notified: origin.notified,
    ...(origin.recordKey === undefined ? {} : { recordKey: origin.recordKey }),
  };
}

/** The key of a block's record. */
export function blockRecordKey(chainId: string, blockNumber: string | number): string {
  return `${chainId}:${blockNumber}`;
}

/** Transactions oldest first (as ChainDataGenerator.history() gives them) grouped into their blocks, oldest block first. */
export function blocksOldestFirst(txs: readonly StoredTx[]): StoredTx[][] {
  const blocks = new Map<string, StoredTx[]>();
  for (const tx of txs) {
    const key = blockRecordKey(tx.item.chainId, tx.item.blockNumber);
    let block = blocks.get(key);
    if (!block) blocks.set(key, (block = []));
    block.push(tx);
  }
  return [...blocks.values()].map((block) => block.sort((a, b) => a.blockIndex - b.blockIndex));
}

function derivedFacts(txs: readonly StoredTx[], previous: ChainBlock | undefined): BlockFacts {
  // A type-2 transaction's tip is what it pays over the base fee; without one, the cheapest price is the closest bound.
  let baseFee: bigint | undefined;
  for (const tx of txs) {
    const fee = BigInt(tx.item.gasPrice) - (tx.item.txType === 2 ? BigInt(tx.detail.maxPriorityFeePerGas) : 0n);
    if (baseFee === undefined || fee < baseFee) baseFee = fee;
  }
  return {
    parentHash: previous?.hash ?? ZERO_HASH,
    baseFeePerGas: String(baseFee ?? 0n),
    gasLimit: BLOCK_GAS_LIMIT,
    cumulativeTransactions: (previous?.facts.cumulativeTransactions ?? 0) + txs.length,
  };
}
