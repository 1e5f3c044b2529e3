// The holdings operations under /v1 (getNativeBalance, listErc20Balances, listErc721Balances, listErc1155Balances,
// listCollectibleBalances, getContractMetadata, listTokens, getTokenDetails, reindexNft): validated as the service
// does (400 naming the parameter, 404 for an unknown chain, contract or token), paged with cursor tokens bound to
// their query, answered from the holdings (store.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DECIMAL_PATTERN, isAddress } from '../../schema/rules.js';
import { CHAINS } from '../chains.js';
import { sendError, sendJson } from '../http-util.js';
import { decodeHoldingsToken, encodePageToken } from '../page-token.js';
import type { EmulatorState } from '../state.js';
import { parseQuery } from '../validation.js';
import {
  contractAnswer,
  erc1155TokenBalance,
  erc20TokenBalance,
  erc721TokenBalance,
  nativeTokenBalance,
  nftTokenAnswer,
} from './answers.js';
import type { IndexedAt } from './answers.js';
import { REINDEX_INTERVAL_MS } from './reindexes.js';
import type { Holdings, NftToken } from './store.js';

/** The description's CurrencyCode: accepted, and answered without a price (the emulator has none). */
const CURRENCIES = ['usd', 'eur', 'aud', 'cad', 'chf', 'clp', 'cny', 'czk', 'dkk', 'gbp', 'hkd', 'huf', 'jpy', 'nzd'];
const BALANCES_PAGE_MAX = 500;
const TOKENS_PAGE_MAX = 100;
const PAGE_DEFAULT = 10;
const ADDRESS_RULE = 'must be an address: 0x followed by 40 hex digits';
const ANSWER_CACHE_ENTRIES = 1_000;

interface HoldingsCall {
  req: IncomingMessage;
  res: ServerResponse;
  params: Record<string, string>;
  search: string;
}

/** A route of the /v1 table (v1-routes.ts): reads are served without a key; a reindex is a write. */
export interface HoldingsRoute {
  method: string;
  pattern: string;
  key: 'optional' | 'required';
  write: boolean;
  handler: (call: HoldingsCall) => void | Promise<void>;
}

const ADDRESS_PATH = '/v1/chains/{chainId}/addresses/{address}';
const TOKENS_PATH = '/v1/chains/{chainId}/nfts/collections/{address}/tokens';

/** `emulator` gives the state when a request comes (the route table is made before it is set). */
export function holdingsRoutes(emulator: () => EmulatorState): HoldingsRoute[] {
  const answers = new AnswerCache();
  const read = (pattern: string, handler: (call: HoldingsCall, holdings: Holdings) => string | undefined): HoldingsRoute => ({
    method: 'GET',
    pattern,
    key: 'optional',
    write: false,
    handler: (call) => {
      const state = emulator();
      answers.serve(call, `${state.holdings.version} ${state.nftReindexes.version}`, () => handler(call, state.holdings));
    },
  });
  const indexedAt: IndexedAt = (token) => {
    const reindexed = emulator().nftReindexes.last(token.chainId, token.collection, token.tokenId);
    return reindexed === undefined ? token.firstSeen : Math.floor(reindexed / 1000);
  };
  return [
    read(`${ADDRESS_PATH}/balances:getNative`, getNativeBalance),
    read(`${ADDRESS_PATH}/balances:listErc20`, listErc20Balances),
    read(`${ADDRESS_PATH}/balances:listErc721`, (call, holdings) => listNftBalances(call, holdings, indexedAt, 'erc721')),
    read(`${ADDRESS_PATH}/balances:listErc1155`, (call, holdings) => listNftBalances(call, holdings, indexedAt, 'erc1155')),
    read(`${ADDRESS_PATH}/balances:listCollectibles`, (call, holdings) => listNftBalances(call, holdings, indexedAt, 'collectibles')),
    read(ADDRESS_PATH, getContractMetadata),
    {
      method: 'POST',
      pattern: `${TOKENS_PATH}/{tokenId}:reindex`,
      key: 'required',
      write: true,
      handler: (call) => reindexNft(call, emulator()),
    },
    read(TOKENS_PATH, (call, holdings) => listTokens(call, holdings, indexedAt)),
    read(`${TOKENS_PATH}/{tokenId}`, (call, holdings) => getTokenDetails(call, holdings, indexedAt)),
  ];
}

/** 200 answers are kept until the chain or a reindex changes: a burst of the same request costs one answer. */
class AnswerCache {
  private readonly bodies = new Map<string, Buffer>();
  private version = '';

  serve(call: HoldingsCall, version: string, answer: () => string | undefined): void {
    if (version !== this.version) {
      this.bodies.clear();
      this.version = version;
    }
    const key = call.req.url ?? '';
    let body = this.bodies.get(key);
    if (body === undefined) {
      const text = answer();
      // None: the request was refused, and its error sent.
      if (text === undefined) return;
      body = Buffer.from(text);
      if (this.bodies.size >= ANSWER_CACHE_ENTRIES) this.bodies.clear();
      this.bodies.set(key, body);
    }
    sendJson(call.res, 200, body);
  }
}

/** The path's chain and address, checked: the chain id (or a primary network chain's blockchain id) of a known chain. */
function pathTarget(call: HoldingsCall, holdings: Holdings, errors: string[]): { chainId: string; address: string } | null {
  const chainId = resolveChain(decoded(call.params.chainId!), holdings);
  const address = decoded(call.params.address!);
  if (!isAddress(address)) errors.unshift(`address ${ADDRESS_RULE}`);
  if (errors.length > 0) {
    sendError(call.res, 400, errors);
    return null;
  }
  if (chainId === undefined) {
    sendError(call.res, 404, `chain ${decoded(call.params.chainId!)} is not supported; GET /v1/chains lists the supported chains`);
    return null;
  }
  return { chainId, address: address.toLowerCase() };
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A catalogue chain by its id or blockchain id, or a chain the emulator was made to see (injections). */
function resolveChain(given: string, holdings: Holdings): string | undefined {
  const known = CHAINS.find((chain) => chain.chainId === given || chain.about?.blockchainId === given);
  if (known) return known.chainId;
  return holdings.knows(given) ? given : undefined;
}

function readBlockNumber(params: Map<string, string>, errors: string[]): number | undefined {
  const text = params.get('blockNumber');
  if (text === undefined) return undefined;
  if (!DECIMAL_PATTERN.test(text) || !Number.isSafeInteger(Number(text))) {
    errors.push('blockNumber must be a block number: a decimal integer, e.g. "6479329"');
    return undefined;
  }
  return Number(text);
}

function checkCurrency(params: Map<string, string>, errors: string[]): void {
  const currency = params.get('currency');
  if (currency !== undefined && !CURRENCIES.includes(currency)) errors.push(`currency must be one of: ${CURRENCIES.join(', ')}`);
}

function readPageSize(params: Map<string, string>, max: number, errors: string[]): number {
  const text = params.get('pageSize');
  if (text === undefined) return PAGE_DEFAULT;
  const size = /^[0-9]{1,4}$/.test(text) ? Number(text) : NaN;
  if (size >= 1 && size <= max) return size;
  errors.push(`pageSize must be an integer from 1 to ${max}`);
  return PAGE_DEFAULT;
}

function readContractAddress(params: Map<string, string>, errors: string[]): string | undefined {
  const text = params.get('contractAddress');
  if (text === undefined) return undefined;
  if (!isAddress(text)) errors.push(`contractAddress ${ADDRESS_RULE}`);
  return text.toLowerCase();
}

/** One page of `items` (sorted by `key`, ascending) after the cursor, and the token of the next when there is one. */
function pageOf<T>(
  items: readonly T[],
  key: (item: T) => string,
  pageSize: number,
  query: string,
  after: string | undefined,
): { page: T[]; nextPageToken?: string } {
  let start = 0;
  if (after !== undefined) while (start < items.length && key(items[start]!) <= after) start++;
  const page = items.slice(start, start + pageSize);
  if (start + pageSize >= items.length || page.length === 0) return { page };
  return { page, nextPageToken: encodePageToken({ kind: 'holdings', query }, key(page[page.length - 1]!)) };
}

/** The pageToken's cursor, or an error pushed; undefined for the first page. */
function readCursor(params: Map<string, string>, query: string, errors: string[]): string | undefined {
  const token = params.get('pageToken');
  if (token === undefined || token === '' || errors.length > 0) return undefined;
  const cursor = decodeHoldingsToken(token, query);
  if (cursor.ok) return cursor.cursor;
  errors.push(cursor.message);
  return undefined;
}

function getNativeBalance(call: HoldingsCall, holdings: Holdings): string | undefined {
  const { params, errors } = parseQuery(call.search, ['blockNumber', 'currency']);
  const block = readBlockNumber(params, errors);
  checkCurrency(params, errors);
  const target = pathTarget(call, holdings, errors);
  if (!target) return;
  const balance = holdings.nativeBalance(target.chainId, target.address, block);
  return JSON.stringify({ nativeTokenBalance: nativeTokenBalance(target.chainId, balance) });
}

function listErc20Balances(call: HoldingsCall, holdings: Holdings): string | undefined {
  const { params, errors } = parseQuery(call.search, [
    'blockNumber',
    'pageToken',
    'pageSize',
    'filterSpamTokens',
    'contractAddresses',
    'currency',
  ]);
  const block = readBlockNumber(params, errors);
  const pageSize = readPageSize(params, BALANCES_PAGE_MAX, errors);
  const spam = params.get('filterSpamTokens');
  if (spam !== undefined && spam !== 'true' && spam !== 'false') errors.push('filterSpamTokens must be a boolean: true or false');
  checkCurrency(params, errors);
  const contractsText = params.get('contractAddresses');
  let contracts: Set<string> | undefined;
  if (contractsText !== undefined) {
    const listed = contractsText.split(',').map((text) => text.trim());
    const invalid = listed.filter((text) => !isAddress(text));
    if (invalid.length > 0)
      errors.push(
        `contractAddresses must be a comma-separated list of addresses (0x followed by 40 hex digits); not: ${invalid.join(', ')}`,
      );
    contracts = new Set(listed.map((text) => text.toLowerCase()));
  }
  const target = pathTarget(call, holdings, errors);
  if (!target) return;
  const query = ['erc20', target.chainId, target.address, block ?? 'latest', [...(contracts ?? [])].sort().join(',')].join(' ');
  const after = readCursor(params, query, errors);
  if (errors.length > 0) {
    sendError(call.res, 400, errors);
    return undefined;
  }
  const held = holdings
    .erc20Holdings(target.chainId, target.address, block)
    .filter((holding) => contracts === undefined || contracts.has(holding.contract.address));
  const { page, nextPageToken } = pageOf(held, (holding) => holding.contract.address, pageSize, query, after);
  return JSON.stringify({
    ...(nextPageToken !== undefined && { nextPageToken }),
    nativeTokenBalance: nativeTokenBalance(target.chainId, holdings.nativeBalance(target.chainId, target.address, block)),
    erc20TokenBalances: page.map((holding) => erc20TokenBalance(target.chainId, holding.contract, holding.balance)),
  });
}

type NftListing = 'erc721' | 'erc1155' | 'collectibles';

/** listErc721Balances, listErc1155Balances (which alone takes blockNumber) and listCollectibleBalances (both kinds). */
function listNftBalances(call: HoldingsCall, holdings: Holdings, indexedAt: IndexedAt, listing: NftListing): string | undefined {
  const allowed = ['pageToken', 'pageSize', 'contractAddress', ...(listing === 'erc1155' ? ['blockNumber'] : [])];
  const { params, errors } = parseQuery(call.search, allowed);
  const block = readBlockNumber(params, errors);
  const pageSize = readPageSize(params, BALANCES_PAGE_MAX, errors);
  const contract = readContractAddress(params, errors);
  const target = pathTarget(call, holdings, errors);
  if (!target) return;
  const { chainId, address } = target;
  const query = [listing, chainId, address, block ?? 'latest', contract ?? ''].join(' ');
  const after = readCursor(params, query, errors);
  if (errors.length > 0) {
    sendError(call.res, 400, errors);
    return undefined;
  }
  // Each item's sort key made once: an account the generator uses often holds hundreds of NFTs.
  const held: { key: string; token: NftToken; balance: bigint }[] = [];
  const keep = (token: NftToken, balance: bigint): void => {
    if (contract === undefined || token.collection === contract)
      held.push({ key: `${token.collection} ${token.ercType} ${nftOrder(token.tokenId)}`, token, balance });
  };
  if (listing !== 'erc1155') for (const token of holdings.erc721Owned(chainId, address)) keep(token, 1n);
  if (listing !== 'erc721') for (const { token, balance } of holdings.erc1155Held(chainId, address, block)) keep(token, balance);
  held.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const { page, nextPageToken } = pageOf(held, (item) => item.key, pageSize, query, after);
  const answers = page.map(({ token, balance }) => {
    const contractRecord = holdings.contract(chainId, token.collection);
    return token.ercType === 'ERC-721'
      ? erc721TokenBalance(chainId, token, contractRecord, indexedAt)
      : erc1155TokenBalance(chainId, token, contractRecord, indexedAt, balance);
  });
  const body =
    listing === 'collectibles'
      ? { ...(nextPageToken !== undefined && { nextPageToken }), collectibleBalances: answers }
      : {
          ...(nextPageToken !== undefined && { nextPageToken }),
          nativeTokenBalance: nativeTokenBalance(chainId, holdings.nativeBalance(chainId, address, block)),
          [listing === 'erc721' ? 'erc721TokenBalances' : 'erc1155TokenBalances']: answers,
        };
  return JSON.stringify(body);
}

/** A token id as text that sorts numerically. */
function nftOrder(tokenId: bigint): string {
  const digits = tokenId.toString();
  return `${digits.length.toString().padStart(3, '0')}:${digits}`;
}

function getContractMetadata(call: HoldingsCall, holdings: Holdings): string | undefined {
  const { errors } = parseQuery(call.search, []);
  const target = pathTarget(call, holdings, errors);
  if (!target) return;
  const contract = holdings.contract(target.chainId, target.address);
  if (!contract) {
    sendError(call.res, 404, `no contract is known at ${decoded(call.params.address!)} on chain ${target.chainId}`);
    return;
  }
  return JSON.stringify(contractAnswer(contract));
}

/** The path's collection, which must be an NFT collection the chain has shown, and its token id when the path has one. */
function nftTarget(
  call: HoldingsCall,
  holdings: Holdings,
  errors: string[],
): { chainId: string; collection: string; tokenId?: bigint; tokens: NftToken[] } | null {
  const tokenIdText = call.params.tokenId === undefined ? undefined : decoded(call.params.tokenId);
  if (tokenIdText !== undefined && (!DECIMAL_PATTERN.test(tokenIdText) || tokenIdText.length > 78)) {
    errors.push('tokenId must be a token id: a decimal integer, e.g. "145"');
  }
  const target = pathTarget(call, holdings, errors);
  if (!target) return null;
  const tokens = holdings.collectionTokens(target.chainId, target.address);
  if (!tokens) {
    sendError(call.res, 404, `no NFT collection is known at ${decoded(call.params.address!)} on chain ${target.chainId}`);
    return null;
  }
  return {
    chainId: target.chainId,
    collection: target.address,
    tokens,
    ...(tokenIdText !== undefined && { tokenId: BigInt(tokenIdText) }),
  };
}

function listTokens(call: HoldingsCall, holdings: Holdings, indexedAt: IndexedAt): string | undefined {
  const { params, errors } = parseQuery(call.search, ['pageToken', 'pageSize']);
  const pageSize = readPageSize(params, TOKENS_PAGE_MAX, errors);
  const target = nftTarget(call, holdings, errors);
  if (!target) return;
  const query = ['tokens', target.chainId, target.collection].join(' ');
  const after = readCursor(params, query, errors);
  if (errors.length > 0) {
    sendError(call.res, 400, errors);
    return undefined;
  }
  const { page, nextPageToken } = pageOf(target.tokens, (token) => nftOrder(token.tokenId), pageSize, query, after);
  const contract = holdings.contract(target.chainId, target.collection);
  return JSON.stringify({
    ...(nextPageToken !== undefined && { nextPageToken }),
    tokens: page.map((token) => nftTokenAnswer(target.chainId, token, contract, indexedAt)),
  });
}

function getTokenDetails(call: HoldingsCall, holdings: Holdings, indexedAt: IndexedAt): string | undefined {
  const { errors } = parseQuery(call.search, []);
  const target = nftTarget(call, holdings, errors);
  if (!target) return;
  const token = holdings.nftToken(target.chainId, target.collection, target.tokenId!);
  if (!token) {
    sendError(
      call.res,
      404,
      `token ${target.tokenId} of collection ${decoded(call.params.address!)} on chain ${target.chainId} is not known`,
    );
    return;
  }
  const contract = holdings.contract(target.chainId, target.collection);
  return JSON.stringify(nftTokenAnswer(target.chainId, token, contract, indexedAt));
}

/**
 * Reindexes the token's metadata: its metadataLastUpdatedTimestamp becomes now. As the service says, once per hour per
 * token: another within the hour is a 400 naming when it may be asked again. Answers 201 with no body, as the service.
 */
async function reindexNft(call: HoldingsCall, state: EmulatorState): Promise<void> {
  const holdings = state.holdings;
  const { errors } = parseQuery(call.search, []);
  const target = nftTarget(call, holdings, errors);
  if (!target) return;
  const { chainId, collection } = target;
  const tokenId = target.tokenId!;
  if (!holdings.nftToken(chainId, collection, tokenId)) {
    sendError(call.res, 404, `token ${tokenId} of collection ${decoded(call.params.address!)} on chain ${chainId} is not known`);
    return;
  }
  const refused = await state.reindexNft(chainId, collection, tokenId, Date.now(), REINDEX_INTERVAL_MS);
  if (refused !== undefined) {
    sendError(
      call.res,
      400,
      `tokenId ${tokenId}: its metadata can be reindexed once per hour; it was at ${new Date(refused).toISOString()}, so next at ${new Date(refused + REINDEX_INTERVAL_MS).toISOString()}`,
    );
    return;
  }
  call.res.writeHead(201, { 'content-length': 0 });
  call.res.end();
}
