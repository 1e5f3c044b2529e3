// The typed client: one method per service operation, each with its retry policy, its own words for errors, and
// its answer checked against the schema of what the CLI relies on.
import * as v from 'valibot';
import { ResponseShapeError, UnsafeIdError } from '../errors.js';
import { isSafeId, SAFE_ID_RULE } from '../schema/rules.js';
import {
  AddressCountSchema,
  AddressPageSchema,
  CollectibleBalancePageSchema,
  ContractPageSchema,
  DeploymentAnswerSchema,
  Erc1155BalancePageSchema,
  Erc20BalancePageSchema,
  Erc721BalancePageSchema,
  NativeBalanceAnswerSchema,
  NftPageSchema,
  ShownContractSchema,
  ShownNftSchema,
  ChainPageSchema,
  SharedSecretSchema,
  ShownChainSchema,
  ShownWebhookSchema,
  TransactionPageSchema,
  WebhookPageSchema,
} from '../schema/index.js';
import type {
  AddressPage,
  CollectibleBalancePage,
  ContractPage,
  DeploymentAnswer,
  Erc1155BalancePage,
  Erc20BalancePage,
  Erc721BalancePage,
  NativeBalanceAnswer,
  NftPage,
  ShownContract,
  ShownNft,
  ChainFeature,
  ChainPage,
  CreateWebhookRequest,
  ListedTransaction,
  Network,
  SharedSecret,
  ShownChain,
  ShownWebhook,
  TransactionPage,
  TxStatusFilter,
  UpdateWebhookRequest,
  WebhookPage,
  WebhookStatus,
} from '../schema/index.js';
import { BlockPageSchema, ShownBlockSchema } from '../schema/blocks.js';
import type { BlockPage, ShownBlock } from '../schema/blocks.js';
import {
  AddressChainsSchema,
  AddressTransactionPageSchema,
  InternalTransactionPageSchema,
  TokenTransferPageSchema,
  TransactionDetailSchema,
  TransferTransactionPageSchema,
} from '../schema/evm-transactions.js';
import type {
  AddressChains,
  AddressTransactionPage,
  InternalTransactionPage,
  TokenTransferPage,
  TransactionDetail,
  TransferTransactionPage,
} from '../schema/evm-transactions.js';
import type { SortOrder, TransactionKind } from '../schema/evm-rules.js';
import { Transport } from './http.js';
import type { HttpMethod, HttpResponse, RequestSpec, TransportOptions } from './http.js';

/** A parsed body together with the bytes it came from, so `--json` can print them exactly as returned. */
export interface Fetched<T> {
  data: T;
  raw: Buffer;
}

export interface TransactionQuery {
  pageToken?: string;
  pageSize?: number;
  network?: Network;
  status?: TxStatusFilter;
}

export interface ChainQuery {
  network?: Network;
  feature?: ChainFeature;
}

export interface PageQuery {
  pageToken?: string;
  pageSize?: number;
}

export interface WebhookQuery extends PageQuery {
  status?: WebhookStatus;
}

/** Where a chain-scoped read looks: the chain (a decimal id) and the address the operation is about. */
export interface ChainAddress {
  chainId: string;
  address: string;
}

/** The balance listings: a page, and the contracts to keep (`contractAddresses` for ERC-20, one `contractAddress` else). */
export interface BalanceQuery extends PageQuery {
  contracts?: readonly string[];
}

/** The four balance listings, by the kind of token they list. */
export type BalanceListing = 'erc20' | 'erc721' | 'erc1155' | 'collectibles';

/** A block range of the chain's listings: startBlock inclusive, endBlock exclusive, as the operator defines them. */
export interface BlockRangeQuery extends PageQuery {
  startBlock?: number;
  endBlock?: number;
}

export interface AddressHistoryQuery extends BlockRangeQuery {
  sortOrder?: SortOrder;
  /** Asks listTransactionsV2, which leaves out transfers of tokens it takes for spam. */
  filterSpamTokens?: boolean;
}

export interface LatestTransactionsQuery extends PageQuery {
  status?: TxStatusFilter;
}

export interface LatestBlocksQuery extends PageQuery {
  network?: Network;
}

/** The typed listings of an address's history, by kind: the path's last segment. */
const HISTORY_LISTINGS: Record<TransactionKind, string> = {
  native: 'transactions:listNative',
  erc20: 'transactions:listErc20',
  erc721: 'transactions:listErc721',
  erc1155: 'transactions:listErc1155',
  internal: 'transactions:listInternals',
};

/** An operation as `svc api` sends it. */
export interface ServiceRequest {
  method: HttpMethod;
  /** From the base URL on: starts with `/`, may carry a query string. */
  path: string;
  /** Query parameters in order; a name may repeat. */
  query: ReadonlyArray<readonly [string, string]>;
  /** Sent as is, as JSON unless `headers` names another content-type. */
  body?: Uint8Array;
  /** Names in lower case. */
  headers: Readonly<Record<string, string>>;
}

/** The answer to one batch of an address change: the bytes as returned when kept, the address count when asked for. */
export interface AddressChangeAnswer {
  raw?: Buffer;
  addressCount?: number;
}

export type AddressChange = 'add' | 'remove';

/**
 * The most of an answer to an address change read. The answer is the whole webhook, addresses and all: ~45 bytes an
 * address, so 1,000,000 watched addresses make ~45 MB, more than MAX_BODY_BYTES. This leaves room for ~5,000,000.
 */
export const ADDRESS_CHANGE_MAX_BODY_BYTES = 256 * 1024 * 1024;

/** What a 403 or 404 about one webhook means, whichever operation met it. */
const WEBHOOK_HINTS = {
  403: 'this key may not do that; a read-only key can list but not create or change webhooks',
  404: 'check the webhook id; a webhook is visible only to the key that created it',
} as const;

export class ServiceClient {
  private readonly transport: Transport;

  constructor(options: TransportOptions) {
    this.transport = new Transport(options);
  }

  async listTransactions(query: TransactionQuery): Promise<Fetched<TransactionPage>> {
    return this.fetch(TransactionPageSchema, {
      method: 'GET',
      path: '/v1/transactions',
      query: { pageToken: query.pageToken, pageSize: query.pageSize, network: query.network, status: query.status },
      retryPolicy: 'repeatable',
      sendKey: true,
    });
  }

  async listChains(query: ChainQuery): Promise<Fetched<ChainPage>> {
    return this.fetch(ChainPageSchema, {
      method: 'GET',
      path: '/v1/chains',
      query: { network: query.network, feature: query.feature },
      retryPolicy: 'repeatable',
      sendKey: true,
    });
  }

  /** `chainId`: a chain id or a blockchain id, as the operation takes either. */
  async getChain(chainId: string): Promise<Fetched<ShownChain>> {
    return this.fetch(ShownChainSchema, {
      method: 'GET',
      path: `/v1/chains/${encodeId(chainId, 'chain id')}`,
      retryPolicy: 'repeatable',
      sendKey: true,
      statusHints: { 404: 'the service does not support that chain; svc chain list shows the ones it does' },
    });
  }

  // The chain's reads (EVM): one transaction, the latest of a chain, an address's history, blocks, transfers.

  async getEvmTransaction(chainId: string, txHash: string): Promise<Fetched<TransactionDetail>> {
    return this.fetch(TransactionDetailSchema, {
      method: 'GET',
      path: `${chainPath(chainId)}/transactions/${encodeId(txHash, 'transaction hash')}`,
      retryPolicy: 'repeatable',
      sendKey: true,
      statusHints: { 404: 'no transaction with that hash on that chain: check the hash and --chain-id' },
    });
  }

  async listLatestChainTransactions(chainId: string, query: LatestTransactionsQuery): Promise<Fetched<TransactionPage>> {
    return this.fetch(TransactionPageSchema, {
      method: 'GET',
      path: `${chainPath(chainId)}/transactions`,
      query: { pageToken: query.pageToken, pageSize: query.pageSize, status: query.status },
      retryPolicy: 'repeatable',
      sendKey: true,
      statusHints: { 404: CHAIN_NOT_FOUND_HINT },
    });
  }

  /** listTransactions (listTransactionsV2 with `filterSpamTokens`): each item a transaction and what moved in it. */
  async listAddressTransactions(chainId: string, address: string, query: AddressHistoryQuery): Promise<Fetched<AddressTransactionPage>> {
    const version = query.filterSpamTokens ? 'v2' : 'v1';
    return this.fetch(AddressTransactionPageSchema, {
      method: 'GET',
      path: `/${version}/chains/${encodeId(chainId, 'chain id')}/addresses/${encodeId(address, 'address')}/transactions`,
      query: {
        pageToken: query.pageToken,
        pageSize: query.pageSize,
        startBlock: query.startBlock,
        endBlock: query.endBlock,
        sortOrder: query.sortOrder,
        filterSpamTokens: query.filterSpamTokens ? 'true' : undefined,
      },
      retryPolicy: 'repeatable',
      sendKey: true,
      statusHints: { 404: CHAIN_NOT_FOUND_HINT },
    });
  }

  async listAddressNativeTransactions(chainId: string, address: string, query: BlockRangeQuery): Promise<Fetched<TransactionPage>> {
    return this.fetch(TransactionPageSchema, this.historySpec('native', chainId, address, query));
  }

  async listAddressTransfers(
    kind: 'erc20' | 'erc721' | 'erc1155',
    chainId: string,
    address: string,
    query: BlockRangeQuery,
  ): Promise<Fetched<TransferTransactionPage>> {
    return this.fetch(TransferTransactionPageSchema, this.historySpec(kind, chainId, address, query));
  }

  async listAddressInternalTransactions(
    chainId: string,
    address: string,
    query: BlockRangeQuery,
  ): Promise<Fetched<InternalTransactionPage>> {
    return this.fetch(InternalTransactionPageSchema, this.historySpec('internal', chainId, address, query));
  }

  /** `blockId`: a block number or a block hash. */
  async listBlockTransactions(chainId: string, blockId: string, query: PageQuery): Promise<Fetched<TransactionPage>> {
    return this.fetch(TransactionPageSchema, {
      method: 'GET',
      path: `${chainPath(chainId)}/blocks/${encodeId(blockId, 'block')}/transactions`,
      query: { pageToken: query.pageToken, pageSize: query.pageSize },
      retryPolicy: 'repeatable',
      sendKey: true,
      statusHints: { 404: BLOCK_NOT_FOUND_HINT },
    });
  }

  /** listLatestBlocksAllChains without a chain, getLatestBlocks with one. */
  async listLatestBlocks(chainId: string | undefined, query: LatestBlocksQuery): Promise<Fetched<BlockPage>> {
    return this.fetch(BlockPageSchema, {
      method: 'GET',
      path: chainId === undefined ? '/v1/blocks' : `${chainPath(chainId)}/blocks`,
      query: { pageToken: query.pageToken, pageSize: query.pageSize, network: query.network },
      retryPolicy: 'repeatable',
      sendKey: true,
      statusHints: { 404: CHAIN_NOT_FOUND_HINT },
    });
  }

  async getBlock(chainId: string, blockId: string): Promise<Fetched<ShownBlock>> {
    return this.fetch(ShownBlockSchema, {
      method: 'GET',
      path: `${chainPath(chainId)}/blocks/${encodeId(blockId, 'block')}`,
      retryPolicy: 'repeatable',
      sendKey: true,
      statusHints: { 404: BLOCK_NOT_FOUND_HINT },
    });
  }

  async listAddressChains(address: string): Promise<Fetched<AddressChains>> {
    return this.fetch(AddressChainsSchema, {
      method: 'GET',
      path: `/v1/address/${encodeId(address, 'address')}/chains`,
      retryPolicy: 'repeatable',
      sendKey: true,
    });
  }

  /** listTransfers: a token contract's ERC-20, ERC-721 or ERC-1155 transfers. */
  async listTokenTransfers(chainId: string, contract: string, query: BlockRangeQuery): Promise<Fetched<TokenTransferPage>> {
    return this.fetch(TokenTransferPageSchema, {
      method: 'GET',
      path: `${chainPath(chainId)}/tokens/${encodeId(contract, 'address')}/transfers`,
      query: { pageToken: query.pageToken, pageSize: query.pageSize, startBlock: query.startBlock, endBlock: query.endBlock },
      retryPolicy: 'repeatable',
      sendKey: true,
      statusHints: { 404: CHAIN_NOT_FOUND_HINT },
    });
  }

  async createWebhook(body: CreateWebhookRequest): Promise<Fetched<ShownWebhook>> {
    const response = await this.transport.send({
      method: 'POST',
      path: '/v1/webhooks',
      jsonBody: body,
      retryPolicy: 'at-most-once',
      sendKey: true,
      outcomeUnknownHint: 'check whether the webhook was created before trying again (it would start sending notifications to its url)',
      // A creation names no webhook: a 404 there means the base URL does not lead to the service.
      statusHints: { 403: WEBHOOK_HINTS[403] },
    });
    try {
      return { data: parseAnswer(ShownWebhookSchema, response), raw: response.body };
    } catch (error) {
      // The service accepted it: whatever is wrong with the answer, running the command again would make a second one.
      if (error instanceof ResponseShapeError) {
        error.message = `the webhook was created (HTTP ${response.status}), but its answer could not be read: ${error.message.replace(/^unexpected response: /, '')}`;
        error.hint = 'do not create it again: it is already sending notifications to its url';
      }
      throw error;
    }
  }

  async deactivateWebhook(id: string): Promise<Fetched<ShownWebhook>> {
    return this.fetch(ShownWebhookSchema, {
      method: 'DELETE',
      path: `/v1/webhooks/${encodeId(id)}`,
      retryPolicy: 'repeatable',
      sendKey: true,
      statusHints: WEBHOOK_HINTS,
    });
  }

  async listWebhookAddresses(id: string, query: PageQuery): Promise<Fetched<AddressPage>> {
    return this.fetch(AddressPageSchema, {
      method: 'GET',
      path: `/v1/webhooks/${encodeId(id)}/addresses`,
      query: { pageToken: query.pageToken, pageSize: query.pageSize },
      retryPolicy: 'repeatable',
      sendKey: true,
      statusHints: WEBHOOK_HINTS,
    });
  }

  async listWebhooks(query: WebhookQuery): Promise<Fetched<WebhookPage>> {
    return this.fetch(WebhookPageSchema, {
      method: 'GET',
      path: '/v1/webhooks',
      query: { pageToken: query.pageToken, pageSize: query.pageSize, status: query.status },
      retryPolicy: 'repeatable',
      sendKey: true,
      // A listing names no webhook: a 404 there means the base URL does not lead to the service.
      statusHints: { 403: WEBHOOK_HINTS[403] },
    });
  }

  async getWebhook(id: string): Promise<Fetched<ShownWebhook>> {
    return this.fetch(ShownWebhookSchema, {
      method: 'GET',
      path: `/v1/webhooks/${encodeId(id)}`,
      retryPolicy: 'repeatable',
      sendKey: true,
      statusHints: WEBHOOK_HINTS,
    });
  }

  /** PATCH with only the fields given; setting a field to the value it has changes nothing, so it is retried like a read. */
  async updateWebhook(id: string, body: UpdateWebhookRequest): Promise<Fetched<ShownWebhook>> {
    return this.fetch(ShownWebhookSchema, {
      method: 'PATCH',
      path: `/v1/webhooks/${encodeId(id)}`,
      jsonBody: body,
      retryPolicy: 'repeatable',
      sendKey: true,
      statusHints: WEBHOOK_HINTS,
    });
  }

  /** One batch; adding a present address changes nothing, so the same body is re-sent on retry. */
  async addWebhookAddresses(id: string, addresses: readonly string[]): Promise<Fetched<ShownWebhook>> {
    return this.changeAddresses('PATCH', id, addresses);
  }

  /** One batch; removing an absent address changes nothing, so the same body is re-sent on retry. */
  async removeWebhookAddresses(id: string, addresses: readonly string[]): Promise<Fetched<ShownWebhook>> {
    return this.changeAddresses('DELETE', id, addresses);
  }

  /**
   * One batch of a large change, as `addresses add`/`remove` send them. The answer is the whole webhook (tens of MB
   * with a million addresses, once per batch): it is parsed only for `countAddresses` (the last batch), and kept only
   * for that or `keepAnswer` (--json prints it). Otherwise only its first and last bytes are read into memory, to
   * check that it is a JSON object on its face: nothing else in it is relied on, and holding or parsing each would
   * cost more than the request.
   */
  async changeWebhookAddressBatch(
    change: AddressChange,
    id: string,
    addresses: readonly string[],
    { countAddresses, keepAnswer }: { countAddresses: boolean; keepAnswer: boolean },
  ): Promise<AddressChangeAnswer> {
    const spec = this.addressChangeSpec(change === 'add' ? 'PATCH' : 'DELETE', id, addresses);
    const keep = countAddresses || keepAnswer;
    const response = await this.transport.send({ ...spec, successBody: keep ? 'whole' : 'edges' });
    if (!looksLikeJsonObject(response.body)) parseAnswer(v.looseObject({}), response);
    if (!keep) return {};
    if (!countAddresses) return { raw: response.body };
    return { raw: response.body, addressCount: parseAnswer(AddressCountSchema, response).metadata.addresses.length };
  }

  async getSharedSecret(): Promise<Fetched<SharedSecret>> {
    return this.fetch(SharedSecretSchema, {
      method: 'GET',
      // The literal ':' is part of the operation's name; it must not be sent as %3A.
      path: '/v1/webhooks:getSharedSecret',
      retryPolicy: 'repeatable',
      sendKey: true,
      statusHints: { 403: WEBHOOK_HINTS[403] },
    });
  }

  /** A rotation acts twice if repeated (the secret just fetched would be replaced again): retried like a creation. */
  async rotateSharedSecret(): Promise<Fetched<SharedSecret>> {
    return this.fetch(SharedSecretSchema, {
      method: 'POST',
      path: '/v1/webhooks:generateOrRotateSharedSecret',
      retryPolicy: 'at-most-once',
      sendKey: true,
      outcomeUnknownHint: 'the secret may have been rotated: read the one in effect before rotating again',
      statusHints: { 403: WEBHOOK_HINTS[403] },
    });
  }

  // The chain's holdings: balances, contracts, NFTs. Every path segment is checked by the command first (a decimal chain
  // id, an address, a decimal token id); encodeId is the last line of defence. The ':' of an operation's name is sent
  // as it is, as the shared-secret paths send theirs.

  async getNativeBalance(where: ChainAddress): Promise<Fetched<NativeBalanceAnswer>> {
    return this.fetch(NativeBalanceAnswerSchema, {
      method: 'GET',
      path: `${addressPath(where)}/balances:getNative`,
      retryPolicy: 'repeatable',
      sendKey: true,
      statusHints: { 404: CHAIN_NOT_FOUND_HINT },
    });
  }

  async listErc20Balances(where: ChainAddress, query: BalanceQuery): Promise<Fetched<Erc20BalancePage>> {
    return this.listBalances(Erc20BalancePageSchema, where, 'listErc20', query, 'contractAddresses');
  }

  async listErc721Balances(where: ChainAddress, query: BalanceQuery): Promise<Fetched<Erc721BalancePage>> {
    return this.listBalances(Erc721BalancePageSchema, where, 'listErc721', query, 'contractAddress');
  }

  async listErc1155Balances(where: ChainAddress, query: BalanceQuery): Promise<Fetched<Erc1155BalancePage>> {
    return this.listBalances(Erc1155BalancePageSchema, where, 'listErc1155', query, 'contractAddress');
  }

  async listCollectibleBalances(where: ChainAddress, query: BalanceQuery): Promise<Fetched<CollectibleBalancePage>> {
    return this.listBalances(CollectibleBalancePageSchema, where, 'listCollectibles', query, 'contractAddress');
  }

  async getContractMetadata(where: ChainAddress): Promise<Fetched<ShownContract>> {
    return this.fetch(ShownContractSchema, {
      method: 'GET',
      path: addressPath(where),
      retryPolicy: 'repeatable',
      sendKey: true,
      statusHints: { 404: 'the service knows no contract at that address on that chain' },
    });
  }

  async getDeploymentTransaction(where: ChainAddress): Promise<Fetched<DeploymentAnswer>> {
    return this.fetch(DeploymentAnswerSchema, {
      method: 'GET',
      path: `${contractPath(where)}/transactions:getDeployment`,
      retryPolicy: 'repeatable',
      sendKey: true,
      statusHints: { 404: 'the service knows no deployment of a contract at that address on that chain' },
    });
  }

  /** The contracts `where.address` deployed. */
  async listContractDeployments(where: ChainAddress, query: PageQuery): Promise<Fetched<ContractPage>> {
    return this.fetch(ContractPageSchema, {
      method: 'GET',
      path: `${contractPath(where)}/deployments`,
      query: { pageToken: query.pageToken, pageSize: query.pageSize },
      retryPolicy: 'repeatable',
      sendKey: true,
      statusHints: { 404: CHAIN_NOT_FOUND_HINT },
    });
  }

  /** The tokens of the collection at `where.address`. */
  async listTokens(where: ChainAddress, query: PageQuery): Promise<Fetched<NftPage>> {
    return this.fetch(NftPageSchema, {
      method: 'GET',
      path: `${collectionPath(where)}/tokens`,
      query: { pageToken: query.pageToken, pageSize: query.pageSize },
      retryPolicy: 'repeatable',
      sendKey: true,
      statusHints: { 404: 'the service knows no NFT collection at that address on that chain' },
    });
  }

  async getTokenDetails(where: ChainAddress, tokenId: string): Promise<Fetched<ShownNft>> {
    return this.fetch(ShownNftSchema, {
      method: 'GET',
      path: `${collectionPath(where)}/tokens/${encodeId(tokenId, 'token id')}`,
      retryPolicy: 'repeatable',
      sendKey: true,
      statusHints: { 404: NFT_HINT },
    });
  }

  /**
   * Asks the service to read the token's metadata again. Nothing in the answer is relied on (the operator's answer is
   * 201 with no body): its bytes are kept for --json. The service takes one request an hour per token, so a second
   * one is not harmless: retried like a creation, only where the service surely did not act.
   */
  async reindexNft(where: ChainAddress, tokenId: string): Promise<HttpResponse> {
    return this.transport.send({
      method: 'POST',
      path: `${collectionPath(where)}/tokens/${encodeId(tokenId, 'token id')}:reindex`,
      retryPolicy: 'at-most-once',
      sendKey: true,
      outcomeUnknownHint: 'the reindexing may have been asked for (the service takes one an hour per token)',
      statusHints: { 404: NFT_HINT },
    });
  }

  /**
   * Any operation of the service, as the user gives it (`svc api`): the answer as returned, whatever its body; an error
   * status raises as for every operation. A GET is retried like every read; any other method may act, and nothing
   * says that repeating it would not act twice, so it is sent at most once (retried only where the service surely did
   * not act: a 429, or no connection made).
   */
  async call(request: ServiceRequest): Promise<HttpResponse> {
    return this.transport.send({
      method: request.method,
      path: request.path,
      query: request.query,
      rawBody: request.body,
      headers: request.headers,
      traceHeaders: true,
      retryPolicy: request.method === 'GET' ? 'repeatable' : 'at-most-once',
      sendKey: true,
      outcomeUnknownHint: 'check whether the service made the change before sending the request again',
    });
  }

  close(): Promise<void> {
    return this.transport.close();
  }

  private historySpec(kind: TransactionKind, chainId: string, address: string, query: BlockRangeQuery): RequestSpec {
    return {
      method: 'GET',
      path: `${chainPath(chainId)}/addresses/${encodeId(address, 'address')}/${HISTORY_LISTINGS[kind]}`,
      query: { pageToken: query.pageToken, pageSize: query.pageSize, startBlock: query.startBlock, endBlock: query.endBlock },
      retryPolicy: 'repeatable',
      sendKey: true,
      statusHints: { 404: CHAIN_NOT_FOUND_HINT },
    };
  }

  private async changeAddresses(method: 'PATCH' | 'DELETE', id: string, addresses: readonly string[]): Promise<Fetched<ShownWebhook>> {
    return this.fetch(ShownWebhookSchema, this.addressChangeSpec(method, id, addresses));
  }

  private addressChangeSpec(method: 'PATCH' | 'DELETE', id: string, addresses: readonly string[]): RequestSpec {
    return {
      method,
      path: `/v1/webhooks/${encodeId(id)}/addresses`,
      jsonBody: { addresses },
      retryPolicy: 'repeatable',
      sendKey: true,
      statusHints: WEBHOOK_HINTS,
      maxBodyBytes: ADDRESS_CHANGE_MAX_BODY_BYTES,
    };
  }

  private async listBalances<S extends v.GenericSchema>(
    schema: S,
    where: ChainAddress,
    operation: string,
    query: BalanceQuery,
    contractParameter: 'contractAddresses' | 'contractAddress',
  ): Promise<Fetched<v.InferOutput<S>>> {
    return this.fetch(schema, {
      method: 'GET',
      path: `${addressPath(where)}/balances:${operation}`,
      query: {
        pageToken: query.pageToken,
        pageSize: query.pageSize,
        [contractParameter]: query.contracts?.length ? query.contracts.join(',') : undefined,
      },
      retryPolicy: 'repeatable',
      sendKey: true,
      statusHints: { 404: CHAIN_NOT_FOUND_HINT },
    });
  }

  private async fetch<S extends v.GenericSchema>(schema: S, spec: RequestSpec): Promise<Fetched<v.InferOutput<S>>> {
    const response = await this.transport.send(spec);
    return { data: parseAnswer(schema, response), raw: response.body };
  }
}

const CHAIN_NOT_FOUND_HINT = 'the service does not know that chain; svc chain list shows the ones it supports';
const BLOCK_NOT_FOUND_HINT = 'no block with that number or hash on that chain: check it and --chain-id';
const NFT_HINT = 'the service knows no such token in that collection on that chain';

/** The root of a chain's operations. */
function chainPath(chainId: string): string {
  return `/v1/chains/${encodeId(chainId, 'chain id')}`;
}

/** /v1/chains/{chainId}/addresses/{address}: the address operations, and getContractMetadata itself. */
function addressPath({ chainId, address }: ChainAddress): string {
  return `${chainPath(chainId)}/addresses/${encodeId(address, 'address')}`;
}

function contractPath({ chainId, address }: ChainAddress): string {
  return `${chainPath(chainId)}/contracts/${encodeId(address, 'address')}`;
}

function collectionPath({ chainId, address }: ChainAddress): string {
  return `${chainPath(chainId)}/nfts/collections/${encodeId(address, 'collection address')}`;
}

/** Refuses ids that could reach another route, then percent-encodes the rest. */
function encodeId(id: string, what = 'webhook id'): string {
  if (!isSafeId(id)) throw new UnsafeIdError(`${what} ${JSON.stringify(id)}: ${SAFE_ID_RULE}`);
  return encodeURIComponent(id);
}

/** Whether the bytes start with `{` and end with `}`, whitespace aside: a JSON object on its face, without parsing it. */
function looksLikeJsonObject(body: Buffer): boolean {
  const isSpace = (byte: number | undefined) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
  let first = 0;
  while (isSpace(body[first])) first++;
  let last = body.length - 1;
  while (last > first && isSpace(body[last])) last--;
  return body[first] === 0x7b && body[last] === 0x7d && last > first;
}

/** The body parsed and checked against `schema`, or a ResponseShapeError saying what is wrong with it. */
export function parseAnswer<S extends v.GenericSchema>(schema: S, response: HttpResponse): v.InferOutput<S> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(response.body.toString('utf8'));
  } catch {
    const kind = response.contentType?.split(';')[0] ?? 'no content type';
    throw new ResponseShapeError(
      response.body.length === 0
        ? `unexpected response: HTTP ${response.status} with an empty body`
        : `unexpected response: HTTP ${response.status} with a body that is not JSON (${kind})`,
    );
  }
  const result = v.safeParse(schema, parsed, { abortEarly: true });
  if (result.success) return result.output;
  throw new ResponseShapeError(`unexpected response: ${describeIssue(result.issues[0])}`);
}

/** One issue in the words of a person reading the body: which field, and what it should have been. */
function describeIssue(issue: v.BaseIssue<unknown>): string {
  const keys = (issue.path ?? []).map((item) => item.key);
  const expected: Record<string, string> = { Array: 'an array', string: 'a string', number: 'a number', Object: 'an object' };
  const wanted = expected[issue.expected ?? ''] ?? `of type ${issue.expected}`;
  if (keys.length === 0) return `the body is not ${wanted === 'an object' ? 'a JSON object' : wanted}`;
  const [field, index] = keys;
  // A value of the right type that breaks a rule of its own: the rule, in its own words.
  if (issue.kind === 'validation') return `"${keys.map(String).join('.')}" ${issue.message}`;
  if (keys.length === 1) return `"${String(field)}" is not ${wanted}`;
  if (typeof index === 'number') return `an element of "${String(field)}" has the wrong type`;
  return `"${keys.map(String).join('.')}" is not ${wanted}`;
}

/** The identity the contract dedupes transactions on. */
export function transactionKey(tx: ListedTransaction): string | undefined {
  return tx.chainId !== undefined && tx.txHash !== undefined ? `${tx.chainId}:${tx.txHash.toLowerCase()}` : undefined;
}
