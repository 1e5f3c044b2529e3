// The inspector's own reads (/_inspector/...), which the real service does not have: their answers, typed once for
// the emulator that makes them (src/emulator/inspector/) and the page that shows them (its page/ modules).
import type { AddressInfo } from './transactions.js';

/** A transaction as `GET /_inspector/transactions` lists it: the listing's fields, and counts of what it holds besides. */
export interface TransactionGlance {
  txHash: string;
  chainId: string;
  /** The name `--chain-id` takes for it (`fuji`); absent for chains svc knows by id only. */
  chainName?: string;
  /** The native coin's symbol, for `value`. */
  nativeSymbol: string;
  blockNumber: string;
  blockTimestampMilliseconds: number;
  /** "1" success, "0" failed. */
  txStatus: string;
  /** Wei, decimal. */
  value: string;
  from: AddressInfo;
  to: AddressInfo;
  method: { callType: string; methodHash: string; methodName?: string };
  erc20Transfers: number;
  erc721Transfers: number;
  erc1155Transfers: number;
  internalTransactions: number;
  /** One entry per log, in order: how many topics it has (1 to 4). */
  logTopics: number[];
  /** The contract a contract creation made. */
  contractAddress?: string;
}
