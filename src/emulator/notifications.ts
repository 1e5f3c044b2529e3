// Builds the notification message (spec 2.5) a webhook receives for a stored transaction, honouring its include flags.
import type { NotificationMessage } from '../schema/index.js';
import type { StoredTx } from './chain-data.js';
import type { StoredWebhook } from './webhooks/store.js';

export function buildNotification(tx: StoredTx, stored: StoredWebhook, messageId: string): NotificationMessage {
  const { item, detail } = tx;
  const webhook = stored.webhook;
  return {
    webhookId: webhook.id,
    eventType: 'address_activity',
    messageId,
    event: {
      transaction: {
        blockHash: item.blockHash,
        blockNumber: item.blockNumber,
        blockTimestamp: item.blockTimestamp,
        from: item.from.address,
        to: item.to.address,
        gas: item.gasLimit,
        gasPrice: item.gasPrice,
        maxFeePerGas: detail.maxFeePerGas,
        maxPriorityFeePerGas: detail.maxPriorityFeePerGas,
        txHash: item.txHash,
        txStatus: item.txStatus,
        input: detail.input,
        nonce: item.nonce,
        transactionIndex: item.blockIndex,
        value: item.value,
        type: item.txType,
        chainId: item.chainId,
        receiptCumulativeGasUsed: detail.receiptCumulativeGasUsed,
        receiptGasUsed: item.gasUsed,
        receiptEffectiveGasPrice: item.gasPrice,
        receiptRoot: detail.receiptRoot,
        erc20Transfers: detail.erc20Transfers,
        erc721Transfers: detail.erc721Transfers,
        erc1155Transfers: detail.erc1155Transfers,
        internalTransactions: webhook.includeInternalTxs ? detail.internalTransactions : [],
        ...(detail.contractAddress === undefined ? {} : { contractAddress: detail.contractAddress }),
      },
      logs: webhook.includeLogs ? detail.logs : [],
    },
  };
}
