// The notification message (spec 2.5): the full message the emulator sends, and the check `webhook listen` applies.
import * as v from 'valibot';
import { plainObject } from './common.js';

export const Erc20TransferSchema = v.object({
  transactionHash: v.string(),
  type: v.literal('ERC20'),
  from: v.string(),
  to: v.string(),
  value: v.string(),
  blockTimestamp: v.number(),
  logIndex: v.number(),
  erc20Token: v.object({
    address: v.string(),
    name: v.string(),
    symbol: v.string(),
    decimals: v.number(),
    valueWithDecimals: v.string(),
  }),
});
export type Erc20Transfer = v.InferOutput<typeof Erc20TransferSchema>;

/** The token of an ERC-721 or ERC-1155 transfer, in the shape of the operator's models (ERCToken). */
const NftTokenSchema = v.object({
  address: v.string(),
  name: v.string(),
  symbol: v.string(),
  decimals: v.number(),
  valueWithDecimals: v.string(),
});

/** An ERC-721 or ERC-1155 transfer (the seed lists the arrays; the operator's models give the shape). */
export const NftTransferSchema = v.variant('type', [
  v.object({
    transactionHash: v.string(),
    type: v.literal('ERC721'),
    from: v.string(),
    to: v.string(),
    value: v.string(),
    tokenId: v.string(),
    blockTimestamp: v.number(),
    logIndex: v.number(),
    erc721Token: NftTokenSchema,
  }),
  v.object({
    transactionHash: v.string(),
    type: v.literal('ERC1155'),
    from: v.string(),
    to: v.string(),
    value: v.string(),
    tokenId: v.string(),
    blockTimestamp: v.number(),
    logIndex: v.number(),
    erc1155Token: NftTokenSchema,
  }),
]);
export type NftTransfer = v.InferOutput<typeof NftTransferSchema>;

export const InternalTransactionSchema = v.object({
  from: v.string(),
  to: v.string(),
  /** CALL and DELEGATECALL are shown by the spec; others may come. */
  internalTxType: v.string(),
  value: v.string(),
  gasUsed: v.string(),
  gasLimit: v.string(),
  transactionHash: v.string(),
});
export type InternalTransaction = v.InferOutput<typeof InternalTransactionSchema>;

export const TxLogSchema = v.object({
  address: v.string(),
  topic0: v.string(),
  // A log with fewer topics leaves topic1 and topic2 out (the operator's SDK refuses null there); topic3 is null
  // when absent, as the seed shows it.
  topic1: v.optional(v.string()),
  topic2: v.optional(v.string()),
  topic3: v.nullable(v.string()),
  data: v.string(),
  transactionIndex: v.number(),
  logIndex: v.number(),
  removed: v.boolean(),
});
export type TxLog = v.InferOutput<typeof TxLogSchema>;

export const NotificationTransactionSchema = v.object({
  blockHash: v.string(),
  blockNumber: v.string(),
  blockTimestamp: v.number(),
  from: v.string(),
  to: v.string(),
  gas: v.string(),
  gasPrice: v.string(),
  maxFeePerGas: v.string(),
  maxPriorityFeePerGas: v.string(),
  txHash: v.string(),
  txStatus: v.string(),
  input: v.string(),
  nonce: v.string(),
  transactionIndex: v.number(),
  value: v.string(),
  type: v.number(),
  chainId: v.string(),
  receiptCumulativeGasUsed: v.string(),
  receiptGasUsed: v.string(),
  receiptEffectiveGasPrice: v.string(),
  receiptRoot: v.string(),
  erc20Transfers: v.array(Erc20TransferSchema),
  erc721Transfers: v.array(NftTransferSchema),
  erc1155Transfers: v.array(NftTransferSchema),
  internalTransactions: v.array(InternalTransactionSchema),
  /** The address of the contract a contract creation made; absent otherwise. */
  contractAddress: v.optional(v.string()),
});
export type NotificationTransaction = v.InferOutput<typeof NotificationTransactionSchema>;

/** 2.5, every field as the spec gives it (what the emulator sends). */
export const NotificationMessageSchema = v.object({
  webhookId: v.string(),
  eventType: v.literal('address_activity'),
  messageId: v.string(),
  event: v.object({
    transaction: NotificationTransactionSchema,
    logs: v.array(TxLogSchema),
  }),
});
export type NotificationMessage = v.InferOutput<typeof NotificationMessageSchema>;

const requiredText = (field: string) =>
  v.pipe(v.string(`"${field}" is missing or not a string`), v.nonEmpty(`"${field}" is missing or not a string`));
const shown = <T extends v.GenericSchema>(schema: T) => v.fallback(v.optional(schema), undefined);
/** An object's message: `whole` when it is not an object, else the message of the field found missing. */
const objectMessage = (whole: string, missing: Record<string, string>) => (issue: v.BaseIssue<unknown>) =>
  missing[String(issue.path?.[issue.path.length - 1]?.key)] ?? whole;

/**
 * What `webhook listen` relies on in a message: its ids and event type, an event with a transaction, logs an array
 * when present. Everything else is shown when it has its type, and passed on as received.
 */
export const ReceivedNotificationSchema = v.pipe(
  plainObject('not a JSON object'),
  v.looseObject(
    {
      messageId: requiredText('messageId'),
      webhookId: requiredText('webhookId'),
      eventType: requiredText('eventType'),
      event: v.looseObject(
        {
          transaction: v.looseObject(
            {
              chainId: shown(v.string()),
              txHash: shown(v.string()),
              from: shown(v.string()),
              to: shown(v.string()),
              erc20Transfers: shown(v.array(v.unknown())),
            },
            '"event.transaction" is missing or not an object',
          ),
          logs: v.optional(v.array(v.unknown(), '"event.logs" is not an array')),
        },
        objectMessage('"event" is missing or not an object', { transaction: '"event.transaction" is missing or not an object' }),
      ),
    },
    objectMessage('not a JSON object', {
      messageId: '"messageId" is missing or not a string',
      webhookId: '"webhookId" is missing or not a string',
      eventType: '"eventType" is missing or not a string',
      event: '"event" is missing or not an object',
    }),
  ),
);
export type ReceivedNotification = v.InferOutput<typeof ReceivedNotificationSchema>;
