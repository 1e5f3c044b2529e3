// A transaction as the inspector's Transactions page lists it: the listing's fields and what the transaction holds
// besides (transfers, calls, logs and their topics, the contract it made), which the listing does not tell. Counts,
// not the parts themselves: the page shows the kinds at a glance, and a message's body shows the rest.
import { nameOfChainId } from '../../schema/chain-names.js';
import type { TransactionGlance } from '../../schema/inspector.js';
import type { StoredTx } from '../chain-data.js';
import { CHAINS, unknownChain } from '../chains.js';

const NATIVE_SYMBOLS = new Map(CHAINS.map((chain) => [chain.chainId, chain.nativeSymbol]));

export function glance(tx: StoredTx): TransactionGlance {
  const { item, detail } = tx;
  const chainName = nameOfChainId(item.chainId);
  return {
    txHash: item.txHash,
    chainId: item.chainId,
    ...(chainName === undefined ? {} : { chainName }),
    nativeSymbol: NATIVE_SYMBOLS.get(item.chainId) ?? unknownChain(item.chainId).nativeSymbol,
    blockNumber: item.blockNumber,
    blockTimestampMilliseconds: item.blockTimestampMilliseconds,
    txStatus: item.txStatus,
    value: item.value,
    from: item.from,
    to: item.to,
    method: item.method,
    erc20Transfers: detail.erc20Transfers.length,
    erc721Transfers: detail.erc721Transfers.length,
    erc1155Transfers: detail.erc1155Transfers.length,
    internalTransactions: detail.internalTransactions.length,
    // topic3 is null, and topic1 and topic2 absent, where a log has fewer topics (schema/notifications.ts).
    logTopics: detail.logs.map((log) => 1 + [log.topic1, log.topic2, log.topic3].filter((topic) => typeof topic === 'string').length),
    ...(detail.contractAddress === undefined ? {} : { contractAddress: detail.contractAddress }),
  };
}
