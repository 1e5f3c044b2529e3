// The transaction listing (spec 2.1, 2.2): the full resource, and the page as the CLI relies on it.
import * as v from 'valibot';
import { PageTokenSchema, shownDigits, shownString } from './common.js';

/** 2.1 address-info object. */
export const AddressInfoSchema = v.object({
  name: v.optional(v.string()),
  symbol: v.optional(v.string()),
  decimals: v.optional(v.number()),
  logoUri: v.optional(v.string()),
  address: v.string(),
});
export type AddressInfo = v.InferOutput<typeof AddressInfoSchema>;

/** 2.1 method object. */
export const TxMethodSchema = v.object({
  callType: v.string(),
  methodHash: v.string(),
  methodName: v.optional(v.string()),
});

/** 2.1 transaction list item, as the spec gives it (what the emulator serves). */
export const TransactionSchema = v.object({
  blockNumber: v.string(),
  blockTimestamp: v.number(),
  blockTimestampMilliseconds: v.number(),
  blockMinDelayExcess: v.number(),
  blockHash: v.string(),
  chainId: v.string(),
  blockIndex: v.number(),
  txHash: v.string(),
  /** "1" success, "0" failed. */
  txStatus: v.string(),
  txType: v.number(),
  gasLimit: v.string(),
  gasUsed: v.string(),
  gasPrice: v.string(),
  nonce: v.string(),
  from: AddressInfoSchema,
  to: AddressInfoSchema,
  method: TxMethodSchema,
  /** Decimal amount in the smallest unit (wei). */
  value: v.string(),
});
export type Transaction = v.InferOutput<typeof TransactionSchema>;

/** 2.2 */
export const TransactionListResponseSchema = v.object({
  transactions: v.array(TransactionSchema),
  nextPageToken: v.optional(v.string()),
});
export type TransactionListResponse = v.InferOutput<typeof TransactionListResponseSchema>;

const ShownAddressInfoSchema = v.fallback(v.optional(v.looseObject({ address: shownString })), undefined);

/**
 * A listed transaction as the CLI reads it: an object whose shown fields are taken when they have their type.
 * Only the list being an array of objects is relied on; a field of another type is shown empty.
 */
export const ListedTransactionSchema = v.looseObject({
  blockNumber: shownDigits,
  blockTimestamp: shownDigits,
  chainId: shownString,
  txHash: shownString,
  txStatus: shownString,
  from: ShownAddressInfoSchema,
  to: ShownAddressInfoSchema,
  method: v.fallback(v.optional(v.looseObject({ methodHash: shownString, methodName: shownString })), undefined),
  value: shownDigits,
});
export type ListedTransaction = v.InferOutput<typeof ListedTransactionSchema>;

/** A page of the listing as the CLI relies on it (contract: "the list array, nextPageToken a string if present"). */
export const TransactionPageSchema = v.looseObject({
  transactions: v.array(ListedTransactionSchema),
  nextPageToken: PageTokenSchema,
});
export type TransactionPage = v.InferOutput<typeof TransactionPageSchema>;
