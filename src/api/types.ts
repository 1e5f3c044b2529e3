// The service's resources, field for field as the spec (sections 2.1–2.6) gives them; shared by client and emulator.

/** 2.1 address-info object. */
export interface AddressInfo {
  name?: string;
  symbol?: string;
  decimals?: number;
  logoUri?: string;
  address: string;
}

/** 2.1 method object. */
export interface TxMethod {
  callType: string;
  methodHash: string;
  methodName?: string;
}

/** 2.1 transaction list item. */
export interface Transaction {
  blockNumber: string;
  blockTimestamp: number;
  blockTimestampMilliseconds: number;
  blockMinDelayExcess: number;
  blockHash: string;
  chainId: string;
  blockIndex: number;
  txHash: string;
  /** "1" success, "0" failed. */
  txStatus: string;
  txType: number;
  gasLimit: string;
  gasUsed: string;
  gasPrice: string;
  nonce: string;
  from: AddressInfo;
  to: AddressInfo;
  method: TxMethod;
  /** Decimal amount in the smallest unit (wei). */
  value: string;
}

/** 2.2 */
export interface TransactionListResponse {
  transactions: Transaction[];
  nextPageToken?: string;
}

export type WebhookStatus = 'active' | 'inactive';
export type EventType = 'address_activity';

export interface WebhookMetadata {
  addresses: string[];
  eventSignatures?: string[];
}

/** 2.3 */
export interface Webhook {
  id: string;
  url: string;
  chainId: string;
  status: WebhookStatus | string;
  createdAt: number;
  name?: string;
  description?: string;
  eventType: EventType | string;
  metadata: WebhookMetadata;
  includeInternalTxs?: boolean;
  includeLogs?: boolean;
}

/** 4.2 request body. */
export interface CreateWebhookRequest {
  url: string;
  chainId: string;
  eventType: EventType;
  metadata: WebhookMetadata;
  name?: string;
  description?: string;
  includeInternalTxs?: boolean;
  includeLogs?: boolean;
}

/** 2.4 */
export interface WebhookAddressListResponse {
  addresses: string[];
  nextPageToken?: string;
  totalAddresses?: number;
}

/** 2.5 ERC-20 transfer inside a notification. */
export interface Erc20Transfer {
  transactionHash: string;
  type: 'ERC20';
  from: string;
  to: string;
  value: string;
  blockTimestamp: number;
  logIndex: number;
  erc20Token: {
    address: string;
    name: string;
    symbol: string;
    decimals: number;
    valueWithDecimals: string;
  };
}

/** 2.5 internal transaction. */
export interface InternalTransaction {
  from: string;
  to: string;
  internalTxType: 'CALL' | 'DELEGATECALL' | string;
  value: string;
  gasUsed: string;
  gasLimit: string;
  transactionHash: string;
}

/** 2.5 log. */
export interface TxLog {
  address: string;
  topic0: string;
  topic1: string | null;
  topic2: string | null;
  topic3: string | null;
  data: string;
  transactionIndex: number;
  logIndex: number;
  removed: boolean;
}

/** 2.5 event.transaction. */
export interface NotificationTransaction {
  blockHash: string;
  blockNumber: string;
  blockTimestamp: number;
  from: string;
  to: string;
  gas: string;
  gasPrice: string;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  txHash: string;
  txStatus: string;
  input: string;
  nonce: string;
  transactionIndex: number;
  value: string;
  type: number;
  chainId: string;
  receiptCumulativeGasUsed: string;
  receiptGasUsed: string;
  receiptEffectiveGasPrice: string;
  receiptRoot: string;
  erc20Transfers: Erc20Transfer[];
  erc721Transfers: unknown[];
  erc1155Transfers: unknown[];
  internalTransactions: InternalTransaction[];
}

/** 2.5 notification message. */
export interface NotificationMessage {
  webhookId: string;
  eventType: EventType;
  messageId: string;
  event: {
    transaction: NotificationTransaction;
    logs: TxLog[];
  };
}

/** 2.6 error body. `message` is a string, or an array of strings for several invalid fields. */
export interface ErrorBody {
  message: string | string[];
  statusCode: number;
  error: string;
}

export type Network = 'mainnet' | 'fuji' | 'testnet';
export type TxStatusFilter = 'failed' | 'success';

export const NETWORKS: readonly Network[] = ['mainnet', 'fuji', 'testnet'];
export const TX_STATUS_FILTERS: readonly TxStatusFilter[] = ['failed', 'success'];
export const PAGE_SIZE_MIN = 1;
export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 10;

/** Reason phrases of section 7, by status. */
export const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** The header that carries the API key (section 5). */
export const API_KEY_HEADER = 'x-service-api-key';
