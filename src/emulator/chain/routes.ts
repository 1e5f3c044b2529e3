// The EVM chain's read operations (transactions, blocks, an address's history, a token's transfers, deployments,
// the health checks), answered from the one chain state (ledger.ts) in the operator's shapes. Each validates as the
// service does (400 naming the parameter), answers an unknown hash or block 404, and pages with tokens bound to
// their query.
import type { ServerResponse } from 'node:http';
import { NETWORKS, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, TX_STATUS_FILTERS } from '../../schema/index.js';
import type { StoredTx } from '../chain-data.js';
import { servedChains } from '../chain-routes.js';
import { CHAINS } from '../chains.js';
import type { NetworkKind } from '../chains.js';
import { sendError, sendJson } from '../http-util.js';
import { decodeChainToken, encodePageToken } from '../page-token.js';
import type { ChainCursor } from '../page-token.js';
import type { EmulatorState } from '../state.js';
import { parseQuery } from '../validation.js';
import type { BlockCursor, ChainBlock, ChainLedger, ChainPosition, SortOrder } from './ledger.js';
import { nftCollection } from './ledger.js';
import { addressTransaction, blockResponse, erc20Item, internalItem, nativeTransaction, nftItem, transactionResponse } from './shapes.js';

const HASH = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const DECIMAL = /^[0-9]{1,15}$/;
const CHAIN_ID = /^[0-9]{1,20}$/;
const CHAIN_RULE = 'chainId must be a chain id, e.g. "43114", or a blockchain id';
const ADDRESS_RULE = 'address must be an address: 0x followed by 40 hex digits';
const HASH_RULE = 'txHash must be a transaction hash: 0x followed by 64 hex digits';
const BLOCK_RULE = 'blockId must be a block number (decimal) or a block hash (0x followed by 64 hex digits)';
const HEALTHY = JSON.stringify({ status: 'ok', info: { database: { status: 'up' } }, error: {}, details: { database: { status: 'up' } } });

/** The path's segments a handler reads, raw. */
export type PathParams = Record<string, string>;

/** What each listing reads from the query once valid. */
interface Paging {
  pageSize: number;
  after: ChainCursor | null;
  /** What the page's tokens are bound to. */
  query: string;
}

interface Range {
  startBlock?: number;
  endBlock?: number;
}

/** The kinds of an address's typed listings, by the operation's path suffix. */
type AddressListing = 'native' | 'erc20' | 'erc721' | 'erc1155' | 'internal';

export class ChainRoutes {
  constructor(private readonly state: EmulatorState) {}

  private get ledger(): ChainLedger {
    return this.state.chain;
  }

  health(res: ServerResponse): void {
    sendJson(res, 200, HEALTHY);
  }

  getTransaction(res: ServerResponse, params: PathParams, search: string): void {
    const { errors } = parseQuery(search, []);
    const chainId = readChainId(params.chainId!, errors);
    const txHash = decoded(params.txHash!);
    if (!HASH.test(txHash)) errors.push(HASH_RULE);
    if (!this.valid(res, errors, chainId)) return;
    const placed = this.ledger.transaction(txHash);
    if (!placed || placed.tx.item.chainId !== chainId) {
      sendError(res, 404, `transaction ${txHash} not found on chain ${chainId}`);
      return;
    }
    sendJson(res, 200, JSON.stringify(transactionResponse(placed.tx, placed.block)));
  }

  /** listLatestTransactions: one chain's transactions, newest first, `status` filtering. */
  listLatestTransactions(res: ServerResponse, params: PathParams, search: string): void {
    const { params: query, errors } = parseQuery(search, ['pageToken', 'pageSize', 'status']);
    const chainId = readChainId(params.chainId!, errors);
    const status = query.get('status');
    if (status !== undefined && !(TX_STATUS_FILTERS as readonly string[]).includes(status)) {
      errors.push(`status must be one of: ${TX_STATUS_FILTERS.join(', ')}`);
    }
    const paging = readPaging(query, errors, `latestTransactions ${chainId} ${status ?? 'all'}`);
    if (!this.valid(res, errors, chainId)) return;
    const txStatus = status === undefined ? null : status === 'success' ? '1' : '0';
    const blocks = this.ledger.chain(chainId!)?.blocks ?? [];
    const page = this.ledger.walk(blocks, { order: 'desc', after: position(paging.after), limit: paging.pageSize }, (tx) =>
      txStatus === null || tx.item.txStatus === txStatus ? [tx] : [],
    );
    sendPage(res, 'transactions', page, paging, (tx) => nativeTransaction(tx));
  }

  getLatestBlocks(res: ServerResponse, params: PathParams, search: string): void {
    const { params: query, errors } = parseQuery(search, ['pageToken', 'pageSize']);
    const chainId = readChainId(params.chainId!, errors);
    const paging = readPaging(query, errors, `latestBlocks ${chainId}`);
    if (!this.valid(res, errors, chainId)) return;
    const after = paging.after && 'number' in paging.after ? paging.after.number : null;
    const page = this.ledger.latestBlocks(chainId!, after, paging.pageSize);
    const last = page.blocks[page.blocks.length - 1];
    const token =
      page.more && last ? encodePageToken({ kind: 'chain', query: paging.query }, { number: last.number, index: 0, item: 0 }) : undefined;
    sendJson(res, 200, JSON.stringify({ blocks: page.blocks.map(blockResponse), ...(token ? { nextPageToken: token } : {}) }));
  }

  listLatestBlocksAllChains(res: ServerResponse, search: string): void {
    const { params: query, errors } = parseQuery(search, ['pageToken', 'pageSize', 'network']);
    const networkParam = query.get('network');
    let network: NetworkKind | null = null;
    if (networkParam !== undefined) {
      if (!(NETWORKS as readonly string[]).includes(networkParam)) errors.push(`network must be one of: ${NETWORKS.join(', ')}`);
      else network = networkParam === 'mainnet' ? 'mainnet' : 'testnet';
    }
    const paging = readPaging(query, errors, `latestBlocksAllChains ${network ?? 'all'}`);
    if (errors.length > 0) {
      sendError(res, 400, errors);
      return;
    }
    const after = paging.after && 'ms' in paging.after ? paging.after : null;
    const page = this.ledger.latestBlocksAllChains(network, after, paging.pageSize);
    const last = page.blocks[page.blocks.length - 1];
    const cursor: BlockCursor | undefined = last ? { ms: last.ms, chainNum: last.chainNum } : undefined;
    const token = page.more && cursor ? encodePageToken({ kind: 'chain', query: paging.query }, cursor) : undefined;
    sendJson(res, 200, JSON.stringify({ blocks: page.blocks.map(blockResponse), ...(token ? { nextPageToken: token } : {}) }));
  }

  getBlock(res: ServerResponse, params: PathParams, search: string): void {
    const { errors } = parseQuery(search, []);
    const chainId = readChainId(params.chainId!, errors);
    const blockId = decoded(params.blockId!);
    if (!DECIMAL.test(blockId) && !HASH.test(blockId)) errors.push(BLOCK_RULE);
    if (!this.valid(res, errors, chainId)) return;
    const block = this.block(chainId!, blockId);
    if (!block) {
      sendError(res, 404, `block ${blockId} not found on chain ${chainId}`);
      return;
    }
    sendJson(res, 200, JSON.stringify(blockResponse(block)));
  }

  /** getTransactionsForBlock: the block's transactions in their order; pageSize 0 (the default) is all of them. */
  getTransactionsForBlock(res: ServerResponse, params: PathParams, search: string): void {
    const { params: query, errors } = parseQuery(search, ['pageToken', 'pageSize']);
    const chainId = readChainId(params.chainId!, errors);
    const blockId = decoded(params.blockId!);
    if (!DECIMAL.test(blockId) && !HASH.test(blockId)) errors.push(BLOCK_RULE);
    const paging = readPaging(query, errors, `blockTransactions ${chainId} ${blockId.toLowerCase()}`, 0);
    if (!this.valid(res, errors, chainId)) return;
    const block = this.block(chainId!, blockId);
    if (!block) {
      sendError(res, 404, `block ${blockId} not found on chain ${chainId}`);
      return;
    }
    const limit = paging.pageSize === 0 ? block.txs.length : paging.pageSize;
    const page = this.ledger.walk([block], { order: 'asc', after: position(paging.after), limit }, (tx) => [tx]);
    sendPage(res, 'transactions', page, paging, (tx) => nativeTransaction(tx));
  }

  /** listTransactions (v1) and listTransactionsV2: every transaction the address takes part in. */
  listTransactions(res: ServerResponse, params: PathParams, search: string, v2: boolean): void {
    const allowed = ['pageToken', 'pageSize', 'startBlock', 'endBlock', 'sortOrder', ...(v2 ? ['filterSpamTokens'] : [])];
    const { params: query, errors } = parseQuery(search, allowed);
    const spam = query.get('filterSpamTokens');
    if (spam !== undefined && spam !== 'true' && spam !== 'false') errors.push('filterSpamTokens must be true or false');
    const found = this.addressQuery(params, query, errors, `transactions${v2 ? 'V2' : ''}`, true);
    if (!found) return this.refuse(res, errors);
    const { chainId, address, range, order, paging } = found;
    if (!this.valid(res, errors, chainId)) return;
    const txs = this.ledger.chain(chainId)?.byAddress.get(address) ?? [];
    const page = this.ledger.walk(txs, { order, ...range, after: position(paging.after), limit: paging.pageSize }, (tx) => [tx]);
    sendPage(res, 'transactions', page, paging, (tx) => addressTransaction(tx, address, v2));
  }

  /** The typed listings of an address (transactions:listNative, :listErc20, :listErc721, :listErc1155, :listInternals). */
  listAddressItems(res: ServerResponse, params: PathParams, search: string, kind: AddressListing): void {
    const { params: query, errors } = parseQuery(search, ['pageToken', 'pageSize', 'startBlock', 'endBlock']);
    const found = this.addressQuery(params, query, errors, `address ${kind}`, false);
    if (!found) return this.refuse(res, errors);
    const { chainId, address, range, paging } = found;
    if (!this.valid(res, errors, chainId)) return;
    const txs = this.ledger.chain(chainId)?.byAddress.get(address) ?? [];
    const party = (move: { from: string; to: string }) => move.from.toLowerCase() === address || move.to.toLowerCase() === address;
    const expand = (tx: StoredTx): Record<string, unknown>[] => {
      const { detail } = tx;
      switch (kind) {
        case 'native':
          return party({ from: tx.item.from.address, to: tx.item.to.address })
            ? [nativeTransaction(tx) as unknown as Record<string, unknown>]
            : [];
        case 'erc20':
          return detail.erc20Transfers.filter(party).map((transfer) => erc20Item(transfer, tx));
        case 'erc721':
          return detail.erc721Transfers.filter(party).map((transfer) => nftItem(transfer, tx));
        case 'erc1155':
          return detail.erc1155Transfers.filter(party).map((transfer) => nftItem(transfer, tx));
        case 'internal':
          return detail.internalTransactions.filter(party).map((call) => internalItem(call, tx));
      }
    };
    const page = this.ledger.walk(txs, { order: 'desc', ...range, after: position(paging.after), limit: paging.pageSize }, expand);
    sendPage(res, 'transactions', page, paging, (item) => item);
  }

  /** listTransfers: a token contract's transfers, newest first. */
  listTransfers(res: ServerResponse, params: PathParams, search: string): void {
    const { params: query, errors } = parseQuery(search, ['pageToken', 'pageSize', 'startBlock', 'endBlock']);
    const found = this.addressQuery(params, query, errors, 'transfers', false);
    if (!found) return this.refuse(res, errors);
    const { chainId, address, range, paging } = found;
    if (!this.valid(res, errors, chainId)) return;
    const txs = this.ledger.chain(chainId)?.byToken.get(address) ?? [];
    const page = this.ledger.walk(txs, { order: 'desc', ...range, after: position(paging.after), limit: paging.pageSize }, (tx) => [
      ...tx.detail.erc20Transfers
        .filter((transfer) => transfer.erc20Token.address.toLowerCase() === address)
        .map((transfer) => erc20Item(transfer, tx)),
      ...[...tx.detail.erc721Transfers, ...tx.detail.erc1155Transfers]
        .filter((transfer) => nftCollection(transfer).address.toLowerCase() === address)
        .sort((a, b) => a.logIndex - b.logIndex)
        .map((transfer) => nftItem(transfer, tx)),
    ]);
    sendPage(res, 'transfers', page, paging, (item) => item);
  }

  getDeploymentTransaction(res: ServerResponse, params: PathParams, search: string): void {
    const { errors } = parseQuery(search, ['currency']);
    const chainId = readChainId(params.chainId!, errors);
    const address = decoded(params.address!);
    if (!ADDRESS.test(address)) errors.push(ADDRESS_RULE);
    if (!this.valid(res, errors, chainId)) return;
    const tx = this.ledger.chain(chainId!)?.deployment.get(address.toLowerCase());
    const placed = tx && this.ledger.transaction(tx.item.txHash);
    if (!placed) {
      sendError(res, 404, `no deployment of contract ${address} found on chain ${chainId}`);
      return;
    }
    sendJson(res, 200, JSON.stringify(transactionResponse(placed.tx, placed.block)));
  }

  /** listContractDeployments: the contracts an address created, newest first. */
  listContractDeployments(res: ServerResponse, params: PathParams, search: string): void {
    const { params: query, errors } = parseQuery(search, ['pageToken', 'pageSize']);
    const found = this.addressQuery(params, query, errors, 'deployments', false);
    if (!found) return this.refuse(res, errors);
    const { chainId, address, paging } = found;
    if (!this.valid(res, errors, chainId)) return;
    const txs = this.ledger.chain(chainId)?.byDeployer.get(address) ?? [];
    const page = this.ledger.walk(txs, { order: 'desc', after: position(paging.after), limit: paging.pageSize }, (tx) => [tx]);
    sendPage(res, 'contracts', page, paging, (tx) => ({
      address: tx.detail.contractAddress!,
      ercType: 'UNKNOWN',
      deploymentDetails: { txHash: tx.item.txHash, deployerAddress: tx.item.from.address },
    }));
  }

  /** listAddressChains: the chains on which the address takes part in a transaction the chain holds. */
  listAddressChains(res: ServerResponse, params: PathParams, search: string): void {
    const { errors } = parseQuery(search, []);
    const address = decoded(params.address!);
    if (!ADDRESS.test(address)) errors.push(ADDRESS_RULE);
    if (errors.length > 0) {
      sendError(res, 400, errors);
      return;
    }
    const lower = address.toLowerCase();
    const active = new Set(this.ledger.chainIds().filter((chainId) => this.ledger.chain(chainId)!.byAddress.has(lower)));
    const indexedChains = servedChains().filter((chain) => active.has(chain.chainId));
    sendJson(res, 200, JSON.stringify({ indexedChains, unindexedChains: [] }));
  }

  /** The chain, address, block range, sort order and paging of an address's or contract's listing; undefined once refused. */
  private addressQuery(
    params: PathParams,
    query: Map<string, string>,
    errors: string[],
    operation: string,
    sortable: boolean,
  ): { chainId: string; address: string; range: Range; order: SortOrder; paging: Paging } | undefined {
    const chainId = readChainId(params.chainId!, errors);
    const raw = decoded(params.address!);
    if (!ADDRESS.test(raw)) errors.push(ADDRESS_RULE);
    const address = raw.toLowerCase();
    const range = readRange(query, errors);
    const sortOrder = query.get('sortOrder');
    if (sortable && sortOrder !== undefined && sortOrder !== 'asc' && sortOrder !== 'desc')
      errors.push('sortOrder must be one of: asc, desc');
    const order: SortOrder = sortOrder === 'asc' ? 'asc' : 'desc';
    const paging = readPaging(
      query,
      errors,
      `${operation} ${chainId} ${address} ${range.startBlock ?? ''}-${range.endBlock ?? ''} ${order}`,
    );
    if (chainId === undefined || errors.length > 0) return undefined;
    return { chainId, address, range, order, paging };
  }

  private refuse(res: ServerResponse, errors: string[]): void {
    sendError(res, 400, errors);
  }

  /** False once an answer is sent: 400 for invalid parameters, 404 for a chain the emulator does not know. */
  private valid(res: ServerResponse, errors: string[], chainId: string | undefined): chainId is string {
    if (errors.length > 0 || chainId === undefined) {
      sendError(res, 400, errors);
      return false;
    }
    if (!CHAINS.some((chain) => chain.chainId === chainId) && !this.ledger.chain(chainId)) {
      sendError(res, 404, `chain ${chainId} is not supported; GET /v1/chains lists the supported chains`);
      return false;
    }
    return true;
  }

  private block(chainId: string, blockId: string): ChainBlock | undefined {
    return DECIMAL.test(blockId) ? this.ledger.blockByNumber(chainId, Number(blockId)) : this.ledger.blockByHash(chainId, blockId);
  }
}

/** A path segment as given (percent-decoded); an undecodable one stays raw and fails its rule. */
function decoded(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** A chain id, or a blockchain id of a catalogue chain (the operations take either); undefined after an error. */
function readChainId(raw: string, errors: string[]): string | undefined {
  const id = decoded(raw);
  if (CHAIN_ID.test(id)) return id;
  const byBlockchain = CHAINS.find((chain) => chain.about?.blockchainId === id);
  if (byBlockchain) return byBlockchain.chainId;
  errors.push(CHAIN_RULE);
  return undefined;
}

function readRange(query: Map<string, string>, errors: string[]): Range {
  const range: Range = {};
  for (const name of ['startBlock', 'endBlock'] as const) {
    const text = query.get(name);
    if (text === undefined) continue;
    if (DECIMAL.test(text)) range[name] = Number(text);
    else errors.push(`${name} must be a block number: a decimal integer, 0 or more`);
  }
  if (range.startBlock !== undefined && range.endBlock !== undefined && range.startBlock > range.endBlock) {
    errors.push('startBlock must not be greater than endBlock');
  }
  return range;
}

function readPaging(query: Map<string, string>, errors: string[], bound: string, minimumPageSize = 1): Paging {
  const text = query.get('pageSize');
  let pageSize = minimumPageSize === 0 ? 0 : PAGE_SIZE_DEFAULT;
  if (text !== undefined) {
    const size = /^[0-9]{1,4}$/.test(text) ? Number(text) : NaN;
    if (size >= minimumPageSize && size <= PAGE_SIZE_MAX) pageSize = size;
    else errors.push(`pageSize must be an integer from ${minimumPageSize} to ${PAGE_SIZE_MAX}`);
  }
  let after: ChainCursor | null = null;
  const pageToken = query.get('pageToken');
  if (pageToken !== undefined && pageToken !== '' && errors.length === 0) {
    const decodedToken = decodeChainToken(pageToken, bound);
    if (decodedToken.ok) after = decodedToken.cursor;
    else errors.push(decodedToken.message);
  }
  return { pageSize, after, query: bound };
}

function position(cursor: ChainCursor | null): ChainPosition | null {
  return cursor && 'number' in cursor ? cursor : null;
}

function sendPage<T>(
  res: ServerResponse,
  field: string,
  page: { items: { item: T; position: ChainPosition }[]; more: boolean },
  paging: Paging,
  shape: (item: T) => unknown,
): void {
  const last = page.items[page.items.length - 1];
  const answer: Record<string, unknown> = { [field]: page.items.map(({ item }) => shape(item)) };
  if (page.more && last) answer.nextPageToken = encodePageToken({ kind: 'chain', query: paging.query }, last.position);
  sendJson(res, 200, JSON.stringify(answer));
}
