// The chain's transactions as the operator describes them (getTransaction, an address's history and its typed
// listings, a token's transfers, the chains an address appears on), read as the CLI relies on them: the list array
// and the page token are checked; every field the CLI only shows is taken when it has its type, shown empty otherwise
// (`--json` keeps the bytes as returned either way).
import * as v from 'valibot';
import { PageTokenSchema, plainObject, shownBoolean, shownNumber, shownString } from './common.js';
import { ShownChainSchema } from './chains.js';
import { ListedTransactionSchema } from './transactions.js';

/** A number shown as digits (block numbers, amounts): a string as the operator sends it, or a JSON number. */
const shownDigits = v.fallback(v.optional(v.union([v.string(), v.number()])), undefined);

/** RichAddress: an address, and the name, symbol and decimals of a contract where the service knows them. */
export const ShownRichAddressSchema = v.fallback(
  v.optional(v.looseObject({ address: shownString, name: shownString, symbol: shownString, decimals: shownNumber })),
  undefined,
);
export type ShownRichAddress = v.InferOutput<typeof ShownRichAddressSchema>;

/** The token of a transfer (Erc20Token, Erc721Token, Erc1155Token): what the CLI shows of each. */
const ShownTokenSchema = v.fallback(
  v.optional(
    v.looseObject({
      address: shownString,
      name: shownString,
      symbol: shownString,
      decimals: shownNumber,
      ercType: shownString,
      tokenId: shownString,
      metadata: v.fallback(v.optional(v.looseObject({ name: shownString, symbol: shownString, decimals: shownNumber })), undefined),
    }),
  ),
  undefined,
);
export type ShownToken = v.InferOutput<typeof ShownTokenSchema>;

/** Where a transfer or internal transaction sits, when listed on its own (the typed listings, listTransfers). */
const LISTED_PLACE = {
  blockNumber: shownDigits,
  blockTimestamp: shownDigits,
  blockHash: shownString,
  txHash: shownString,
};

/**
 * One ERC-20, ERC-721 or ERC-1155 transfer: within a transaction (Erc20TransferDetails, ...) or listed on its own
 * (Erc20Transfer, ...). Its token is under the field its standard names.
 */
export const ShownTransferSchema = v.looseObject({
  ...LISTED_PLACE,
  from: ShownRichAddressSchema,
  to: ShownRichAddressSchema,
  logIndex: shownNumber,
  value: shownDigits,
  erc20Token: ShownTokenSchema,
  erc721Token: ShownTokenSchema,
  erc1155Token: ShownTokenSchema,
});
export type ShownTransfer = v.InferOutput<typeof ShownTransferSchema>;

/** InternalTransaction(Details). */
export const ShownInternalTransactionSchema = v.looseObject({
  ...LISTED_PLACE,
  from: ShownRichAddressSchema,
  to: ShownRichAddressSchema,
  internalTxType: shownString,
  value: shownDigits,
  isReverted: shownBoolean,
  gasUsed: shownDigits,
  gasLimit: shownDigits,
});
export type ShownInternalTransaction = v.InferOutput<typeof ShownInternalTransactionSchema>;

/** A list the CLI only shows: an array of objects, else shown as none. */
const shownList = <S extends v.GenericSchema>(item: S) => v.fallback(v.optional(v.array(item)), undefined);

/** FullNativeTransactionDetails: the native transaction as getTransaction gives it. */
export const FullNativeTransactionSchema = v.looseObject({
  ...ListedTransactionSchema.entries,
  blockHash: shownString,
  blockIndex: shownNumber,
  txType: shownNumber,
  gasLimit: shownDigits,
  gasUsed: shownDigits,
  gasPrice: shownDigits,
  nonce: shownDigits,
  input: shownString,
  baseFeePerGas: shownDigits,
  maxFeePerGas: shownDigits,
  maxPriorityFeePerGas: shownDigits,
  method: v.fallback(v.optional(v.looseObject({ callType: shownString, methodHash: shownString, methodName: shownString })), undefined),
});
export type FullNativeTransaction = v.InferOutput<typeof FullNativeTransactionSchema>;

/** GetTransactionResponse: the native transaction (relied on), its network token, and what moved within it. */
export const TransactionDetailSchema = v.pipe(
  plainObject('must be a JSON object'),
  v.looseObject({
    nativeTransaction: v.pipe(plainObject('must be a JSON object'), FullNativeTransactionSchema),
    networkTokenDetails: v.fallback(
      v.optional(
        v.looseObject({
          networkToken: v.fallback(v.optional(v.looseObject({ name: shownString, symbol: shownString, decimals: shownNumber })), undefined),
        }),
      ),
      undefined,
    ),
    erc20Transfers: shownList(ShownTransferSchema),
    erc721Transfers: shownList(ShownTransferSchema),
    erc1155Transfers: shownList(ShownTransferSchema),
    internalTransactions: shownList(ShownInternalTransactionSchema),
  }),
);
export type TransactionDetail = v.InferOutput<typeof TransactionDetailSchema>;

/** One item of an address's history (TransactionDetails, TransactionDetailsV2): the native transaction is what a row shows. */
export const AddressTransactionSchema = v.looseObject({
  nativeTransaction: v.pipe(plainObject('must be a JSON object'), ListedTransactionSchema),
});
export type AddressTransaction = v.InferOutput<typeof AddressTransactionSchema>;

/** listTransactions / listTransactionsV2. */
export const AddressTransactionPageSchema = v.looseObject({
  transactions: v.array(AddressTransactionSchema),
  nextPageToken: PageTokenSchema,
});
export type AddressTransactionPage = v.InferOutput<typeof AddressTransactionPageSchema>;

/** listErc20Transactions, listErc721Transactions, listErc1155Transactions: transfers, under `transactions`. */
export const TransferTransactionPageSchema = v.looseObject({
  transactions: v.array(ShownTransferSchema),
  nextPageToken: PageTokenSchema,
});
export type TransferTransactionPage = v.InferOutput<typeof TransferTransactionPageSchema>;

/** listInternalTransactions. */
export const InternalTransactionPageSchema = v.looseObject({
  transactions: v.array(ShownInternalTransactionSchema),
  nextPageToken: PageTokenSchema,
});
export type InternalTransactionPage = v.InferOutput<typeof InternalTransactionPageSchema>;

/** listTransfers: a token contract's transfers, under `transfers`. */
export const TokenTransferPageSchema = v.looseObject({
  transfers: v.array(ShownTransferSchema),
  nextPageToken: PageTokenSchema,
});
export type TokenTransferPage = v.InferOutput<typeof TokenTransferPageSchema>;

/** listAddressChains: the chains the address appears on that the service indexes, and the ids of others. */
export const AddressChainsSchema = v.pipe(
  plainObject('must be a JSON object'),
  v.looseObject({
    indexedChains: v.optional(v.array(ShownChainSchema)),
    unindexedChains: v.fallback(v.optional(v.array(v.unknown())), undefined),
  }),
);
export type AddressChains = v.InferOutput<typeof AddressChainsSchema>;
