// The spec's endpoints under /v1, as a route table: admission (keys, rate limits, read-only keys), validation, ownership, paging.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WebhookAddressListResponse, WebhookStatus } from '../schema/index.js';
import {
  AddressesChangeRequestSchema,
  API_KEY_HEADER,
  OPERATOR_API_KEY_HEADER,
  NETWORKS,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  PAGE_SIZE_MIN,
  TX_STATUS_FILTERS,
  UpdateWebhookRequestSchema,
  WEBHOOK_STATUSES,
} from '../schema/index.js';
import { getChain, listChains, unsupportedChainMessage } from './chain-routes.js';
import { ChainRoutes } from './chain/routes.js';
import type { NetworkKind } from './chains.js';
import { holdingsRoutes } from './holdings/routes.js';
import { readJsonBody, sendError, sendJson, sendJsonParts } from './http-util.js';
import type { EmulatorOptions } from './options.js';
import { decodeAddressToken, decodeTxToken, decodeWebhookToken, encodePageToken, filtersKey } from './page-token.js';
import type { RateLimiter } from './rate-limit.js';
import { RouteTable, sendNoRoute } from './router.js';
import type { RouteEntry } from './router.js';
import type { EmulatorState } from './state.js';
import type { TxCursor } from './transactions/store.js';
import { isOtherEventType, parseQuery, validateCreateWebhook, validateOtherWebhook, validateStrictBody } from './validation.js';
import { webhookJsonParts } from './webhooks/store.js';
import type { StoredWebhook, WebhookChanges, WebhookCursor } from './webhooks/store.js';

/** Creation bodies of 100,000+ addresses must fit, with room to spare. */
const BODY_LIMIT_BYTES = 64 * 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ID_RULE = 'id must be a UUID, e.g. 3f2b8c1e-9a4d-4e7f-8b2a-1c5d6e7f8a9b';
const KEYLESS_RATE_SHARE = 0.1;
/** Served pages are cached until the listing changes; a burst of identical requests costs one page build. */
const PAGE_CACHE_ENTRIES = 1_000;

/** What PATCH /v1/webhooks/{id} may change; any other field is a 400. */
const UPDATE_FIELDS = ['url', 'name', 'description', 'status', 'includeLogs', 'includeInternalTxs'] as const;

type Caller = { key: string | null; readOnly: boolean };

/** What a handler gets once the dispatcher has admitted the caller. */
interface V1Call {
  req: IncomingMessage;
  res: ServerResponse;
  caller: Caller;
  /** The pattern's `{name}` segments, raw (not percent-decoded). */
  params: Record<string, string>;
  search: string;
}

interface V1Route extends RouteEntry {
  /** 'optional': keyless callers are served, at a share of the rate limit. */
  key: 'optional' | 'required';
  /** Read-only keys get 403. */
  write: boolean;
  handler: (call: V1Call) => void | Promise<void>;
}

export class V1Routes {
  private pageCache = new Map<string, Buffer>();
  private pageCacheVersion = -1;
  private readonly acceptedKeys: Set<string>;
  private readonly chain: ChainRoutes;
  private readonly readOnlyKeys: Set<string>;
  private readonly routes = new RouteTable<V1Route>([
    {
      method: 'GET',
      pattern: '/v1/transactions',
      key: 'optional',
      write: false,
      handler: (call) => this.listTransactions(call.res, call.search),
    },
    {
      method: 'GET',
      pattern: '/v1/chains',
      key: 'optional',
      write: false,
      handler: (call) => listChains(call.res, call.search),
    },
    {
      method: 'GET',
      pattern: '/v1/chains/{chainId}',
      key: 'optional',
      write: false,
      handler: (call) => getChain(call.res, call.params.chainId!),
    },
    ...this.chainRouteEntries(),
    ...holdingsRoutes(() => this.state),
    {
      method: 'POST',
      pattern: '/v1/webhooks',
      key: 'required',
      write: true,
      handler: (call) => this.createWebhook(call.req, call.res, call.caller),
    },
    {
      method: 'GET',
      pattern: '/v1/webhooks',
      key: 'required',
      write: false,
      handler: (call) => this.listWebhooks(call.res, call.caller, call.search),
    },
    {
      method: 'GET',
      pattern: '/v1/webhooks:getSharedSecret',
      key: 'required',
      write: false,
      handler: async (call) => sendJson(call.res, 200, JSON.stringify({ secret: await this.state.sharedSecret(call.caller.key!) })),
    },
    {
      // No body is read: the operation takes none, and whatever is sent is ignored.
      method: 'POST',
      pattern: '/v1/webhooks:generateOrRotateSharedSecret',
      key: 'required',
      write: true,
      handler: async (call) => sendJson(call.res, 201, JSON.stringify({ secret: await this.state.rotateSharedSecret(call.caller.key!) })),
    },
    {
      method: 'GET',
      pattern: '/v1/webhooks/{id}',
      key: 'required',
      write: false,
      handler: (call) => this.getWebhook(call.res, call.caller, call.params.id!),
    },
    {
      method: 'PATCH',
      pattern: '/v1/webhooks/{id}',
      key: 'required',
      write: true,
      handler: (call) => this.updateWebhook(call, call.params.id!),
    },
    {
      method: 'DELETE',
      pattern: '/v1/webhooks/{id}',
      key: 'required',
      write: true,
      handler: (call) => this.deactivateWebhook(call.res, call.caller, call.params.id!),
    },
    {
      method: 'PATCH',
      pattern: '/v1/webhooks/{id}/addresses',
      key: 'required',
      write: true,
      handler: (call) => this.changeAddresses(call, call.params.id!, 'add'),
    },
    {
      method: 'DELETE',
      pattern: '/v1/webhooks/{id}/addresses',
      key: 'required',
      write: true,
      handler: (call) => this.changeAddresses(call, call.params.id!, 'remove'),
    },
    {
      method: 'GET',
      pattern: '/v1/webhooks/{id}/addresses',
      key: 'required',
      write: false,
      handler: (call) => this.listAddresses(call.res, call.caller, call.params.id!, call.search),
    },
  ]);

  constructor(
    private readonly state: EmulatorState,
    private readonly options: EmulatorOptions,
    private readonly limiter: RateLimiter,
  ) {
    this.chain = new ChainRoutes(state);
    this.readOnlyKeys = new Set(options.readOnlyKeys);
    this.acceptedKeys = new Set([...options.apiKeys, ...options.readOnlyKeys]);
  }

  /** The EVM chain's reads (chain/routes.ts): keyless callers are served, as for the transactions listing. */
  private chainRouteEntries(): V1Route[] {
    const read = (pattern: string, handler: (call: V1Call) => void): V1Route => ({
      method: 'GET',
      pattern,
      key: 'optional',
      write: false,
      handler,
    });
    const address = '/v1/chains/{chainId}/addresses/{address}/transactions';
    return [
      read('/v1/health-check', (call) => this.chain.health(call.res)),
      read('/v1/live-check', (call) => this.chain.health(call.res)),
      read('/v1/blocks', (call) => this.chain.listLatestBlocksAllChains(call.res, call.search)),
      read('/v1/chains/{chainId}/blocks', (call) => this.chain.getLatestBlocks(call.res, call.params, call.search)),
      read('/v1/chains/{chainId}/blocks/{blockId}', (call) => this.chain.getBlock(call.res, call.params, call.search)),
      read('/v1/chains/{chainId}/blocks/{blockId}/transactions', (call) =>
        this.chain.getTransactionsForBlock(call.res, call.params, call.search),
      ),
      read('/v1/chains/{chainId}/transactions', (call) => this.chain.listLatestTransactions(call.res, call.params, call.search)),
      read('/v1/chains/{chainId}/transactions/{txHash}', (call) => this.chain.getTransaction(call.res, call.params, call.search)),
      read(address, (call) => this.chain.listTransactions(call.res, call.params, call.search, false)),
      read('/v2/chains/{chainId}/addresses/{address}/transactions', (call) =>
        this.chain.listTransactions(call.res, call.params, call.search, true),
      ),
      read(`${address}:listNative`, (call) => this.chain.listAddressItems(call.res, call.params, call.search, 'native')),
      read(`${address}:listErc20`, (call) => this.chain.listAddressItems(call.res, call.params, call.search, 'erc20')),
      read(`${address}:listErc721`, (call) => this.chain.listAddressItems(call.res, call.params, call.search, 'erc721')),
      read(`${address}:listErc1155`, (call) => this.chain.listAddressItems(call.res, call.params, call.search, 'erc1155')),
      read(`${address}:listInternals`, (call) => this.chain.listAddressItems(call.res, call.params, call.search, 'internal')),
      read('/v1/chains/{chainId}/tokens/{address}/transfers', (call) => this.chain.listTransfers(call.res, call.params, call.search)),
      read('/v1/chains/{chainId}/contracts/{address}/transactions:getDeployment', (call) =>
        this.chain.getDeploymentTransaction(call.res, call.params, call.search),
      ),
      read('/v1/chains/{chainId}/contracts/{address}/deployments', (call) =>
        this.chain.listContractDeployments(call.res, call.params, call.search),
      ),
      read('/v1/address/{address}/chains', (call) => this.chain.listAddressChains(call.res, call.params, call.search)),
    ];
  }

  /** Admission runs in a fixed order for every route: key (401), rate limit (429), read-only key on a write (403). */
  handle(req: IncomingMessage, res: ServerResponse, path: string, search: string): void | Promise<void> {
    const method = req.method ?? 'GET';
    const found = this.routes.match(method, path);
    if (!found) return sendNoRoute(res, method, path);
    const { route, params } = found;
    const caller = this.admit(req, res, route.key === 'required');
    if (!caller || (route.write && !this.writable(res, caller))) return;
    return route.handler({ req, res, caller, params, search });
  }

  /** Key check (401) then rate limit (429); the caller, or null once an error has been sent. */
  private admit(req: IncomingMessage, res: ServerResponse, keyRequired: boolean): Caller | null {
    // The seed's header, or the operator's (its SDK sends that one): the first that holds a key.
    const [keyHeader, header] = [API_KEY_HEADER, OPERATOR_API_KEY_HEADER]
      .map((name) => [name, req.headers[name]] as const)
      .find(([, value]) => typeof value === 'string' && value.trim() !== '') ?? [API_KEY_HEADER, undefined];
    const key = typeof header === 'string' ? header.trim() : null;
    if (key === null && keyRequired) {
      // Both headers it reads: the operator's SDKs send the second.
      sendError(res, 401, `an API key is required: send it in the ${API_KEY_HEADER} header (or ${OPERATOR_API_KEY_HEADER})`);
      return null;
    }
    if (key !== null && this.options.apiKeys.length > 0 && !this.acceptedKeys.has(key)) {
      sendError(res, 401, `the API key in ${keyHeader} is not valid`);
      return null;
    }
    const decision =
      key === null
        ? this.limiter.take(`address:${req.socket.remoteAddress ?? ''}`, KEYLESS_RATE_SHARE, Date.now())
        : this.limiter.take(`key:${key}`, 1, Date.now());
    if (!decision.allowed) {
      const limit = key === null ? this.options.rateLimit * KEYLESS_RATE_SHARE : this.options.rateLimit;
      sendError(
        res,
        429,
        `rate limit of ${limit} requests per second ${key === null ? 'without an API key' : 'for this API key'} exceeded; retry after ${decision.retryAfterSeconds} s`,
        { 'retry-after': String(decision.retryAfterSeconds) },
      );
      return null;
    }
    return { key, readOnly: key !== null && this.readOnlyKeys.has(key) };
  }

  private writable(res: ServerResponse, caller: Caller): boolean {
    if (!caller.readOnly) return true;
    sendError(
      res,
      403,
      'this API key is read-only: it may list and read but not create, change or deactivate webhooks, or rotate the shared secret',
    );
    return false;
  }

  private listTransactions(res: ServerResponse, search: string): void {
    if (this.pageCacheVersion !== this.state.store.version) {
      this.pageCache.clear();
      this.pageCacheVersion = this.state.store.version;
    }
    const cached = this.pageCache.get(search);
    if (cached) {
      sendJson(res, 200, cached);
      return;
    }
    const { params, errors } = parseQuery(search, ['pageToken', 'pageSize', 'network', 'status']);
    const pageSize = readPageSize(params.get('pageSize'), errors);
    const networkParam = params.get('network');
    let network: NetworkKind | null = null;
    if (networkParam !== undefined) {
      if (!(NETWORKS as readonly string[]).includes(networkParam)) errors.push(`network must be one of: ${NETWORKS.join(', ')}`);
      else network = networkParam === 'mainnet' ? 'mainnet' : 'testnet';
    }
    const statusParam = params.get('status');
    if (statusParam !== undefined && !(TX_STATUS_FILTERS as readonly string[]).includes(statusParam)) {
      errors.push(`status must be one of: ${TX_STATUS_FILTERS.join(', ')}`);
    }
    const status = statusParam === 'success' || statusParam === 'failed' ? statusParam : null;
    const filters = filtersKey(network, status);
    let after: TxCursor | null = null;
    const pageToken = params.get('pageToken');
    if (pageToken !== undefined && pageToken !== '' && errors.length === 0) {
      const decoded = decodeTxToken(pageToken, filters);
      if (decoded.ok) after = decoded.cursor;
      else errors.push(decoded.message);
    }
    if (errors.length > 0) {
      sendError(res, 400, errors);
      return;
    }
    const txStatus = status === 'success' ? '1' : status === 'failed' ? '0' : null;
    const store = this.state.store;
    const page = store.page({ network, txStatus }, after, pageSize);
    let text = '{"transactions":[';
    for (let i = 0; i < page.items.length; i++) text += (i === 0 ? '' : ',') + store.listingJson(page.items[i]!);
    text += ']';
    if (page.nextCursor) text += `,"nextPageToken":"${encodePageToken({ kind: 'transactions', filters }, page.nextCursor)}"`;
    text += '}';
    const body = Buffer.from(text);
    if (this.pageCache.size >= PAGE_CACHE_ENTRIES) this.pageCache.clear();
    this.pageCache.set(search, body);
    sendJson(res, 200, body);
  }

  private async createWebhook(req: IncomingMessage, res: ServerResponse, caller: Caller): Promise<void> {
    const body = await readJsonRequest(req, res);
    if (!body) return;
    const value = body.value as Record<string, unknown> | null;
    if (value !== null && typeof value === 'object' && isOtherEventType(value.eventType)) {
      const other = validateOtherWebhook(value);
      if (!other.ok) sendError(res, 400, other.errors);
      else sendJsonParts(res, 201, webhookJsonParts(await this.state.createOtherWebhook(other.value, caller.key!)));
      return;
    }
    const validated = validateCreateWebhook(body.value);
    if (!validated.ok) {
      sendError(res, 400, validated.errors);
      return;
    }
    // As the service: a webhook watches a chain it serves, never one GET /v1/chains/{chainId} answers 404 for.
    const unsupported = this.options.unlistedChains ? undefined : unsupportedChainMessage(validated.value.chainId);
    if (unsupported) {
      sendError(res, 400, unsupported);
      return;
    }
    const cap = this.options.maxAddresses;
    const count = validated.value.metadata.addresses.length;
    if (cap !== undefined && count > cap) {
      sendError(res, 400, `metadata.addresses must hold at most ${cap} addresses (this emulator's --max-addresses); it has ${count}`);
      return;
    }
    const stored = await this.state.createWebhook(validated.value, caller.key!);
    sendJsonParts(res, 201, webhookJsonParts(stored));
  }

  private listWebhooks(res: ServerResponse, caller: Caller, search: string): void {
    const { params, errors } = parseQuery(search, ['pageToken', 'pageSize', 'status']);
    const pageSize = readPageSize(params.get('pageSize'), errors);
    const statusParam = params.get('status');
    let status: WebhookStatus | null = null;
    if (statusParam !== undefined) {
      if (statusParam === 'active' || statusParam === 'inactive') status = statusParam;
      else errors.push(`status must be one of: ${WEBHOOK_STATUSES.join(', ')}`);
    }
    const filters = `status=${status ?? 'all'}`;
    let after: WebhookCursor | null = null;
    const pageToken = params.get('pageToken');
    if (pageToken !== undefined && pageToken !== '' && errors.length === 0) {
      const decoded = decodeWebhookToken(pageToken, filters);
      if (decoded.ok) after = decoded.cursor;
      else errors.push(decoded.message);
    }
    if (errors.length > 0) {
      sendError(res, 400, errors);
      return;
    }
    const page = this.state.webhooks.listPage(caller.key!, status, after, pageSize);
    const parts: Buffer[] = [Buffer.from('{"webhooks":[')];
    page.items.forEach((stored, index) => {
      if (index > 0) parts.push(Buffer.from(','));
      parts.push(...webhookJsonParts(stored));
    });
    const token = page.next ? `,"nextPageToken":"${encodePageToken({ kind: 'webhooks', filters }, page.next)}"` : '';
    parts.push(Buffer.from(`]${token}}`));
    sendJsonParts(res, 200, parts);
  }

  private getWebhook(res: ServerResponse, caller: Caller, id: string): void {
    const stored = this.ownedValidWebhook(res, caller, id);
    if (stored) sendJsonParts(res, 200, webhookJsonParts(stored));
  }

  private async updateWebhook(call: V1Call, id: string): Promise<void> {
    if (!UUID.test(id)) {
      sendError(call.res, 400, ID_RULE);
      return;
    }
    const body = await readJsonRequest(call.req, call.res);
    if (!body) return;
    const validated = validateStrictBody(UpdateWebhookRequestSchema, UPDATE_FIELDS, body.value);
    if (!validated.ok) {
      sendError(call.res, 400, validated.errors);
      return;
    }
    const changes: WebhookChanges = {};
    for (const field of UPDATE_FIELDS) {
      if (validated.value[field] !== undefined) Object.assign(changes, { [field]: validated.value[field] });
    }
    await this.state.withWebhook(id.toLowerCase(), async (stored) => {
      if (!this.owned(call.res, call.caller, id, stored)) return;
      await this.state.updateWebhook(stored, changes);
      sendJsonParts(call.res, 200, webhookJsonParts(stored));
    });
  }

  /** PATCH adds, DELETE removes: both answer the whole webhook, and cost the batch rather than the list. */
  private async changeAddresses(call: V1Call, id: string, change: 'add' | 'remove'): Promise<void> {
    const { res } = call;
    if (!UUID.test(id)) {
      sendError(res, 400, ID_RULE);
      return;
    }
    const body = await readJsonRequest(call.req, res);
    if (!body) return;
    const validated = validateStrictBody(AddressesChangeRequestSchema, ['addresses'], body.value);
    if (!validated.ok) {
      sendError(res, 400, validated.errors);
      return;
    }
    // Kept as given; the list compares them case-insensitively.
    const addresses = validated.value.addresses;
    await this.state.withWebhook(id.toLowerCase(), async (stored) => {
      if (!this.owned(res, call.caller, id, stored) || !this.evm(res, id, stored)) return;
      if (change === 'add') {
        const cap = this.options.maxAddresses;
        const total = cap === undefined ? 0 : stored.addresses.size + stored.addresses.countAbsent(addresses);
        if (cap !== undefined && total > cap) {
          sendError(
            res,
            400,
            `addresses: a webhook may watch at most ${cap} addresses (this emulator's --max-addresses); this change would make ${total}`,
          );
          return;
        }
        await this.state.addAddresses(stored, addresses);
      } else if (!(await this.state.removeAddresses(stored, addresses))) {
        sendError(
          res,
          400,
          `addresses: a webhook must keep at least 1 address, and this would remove all ${stored.addresses.size}; to stop its notifications, deactivate it`,
        );
        return;
      }
      sendJsonParts(res, 200, webhookJsonParts(stored));
    });
  }

  private async deactivateWebhook(res: ServerResponse, caller: Caller, id: string): Promise<void> {
    if (!UUID.test(id)) {
      sendError(res, 400, ID_RULE);
      return;
    }
    await this.state.withWebhook(id.toLowerCase(), async (stored) => {
      if (!this.owned(res, caller, id, stored)) return;
      await this.state.deactivateWebhook(stored);
      sendJsonParts(res, 200, webhookJsonParts(stored));
    });
  }

  private listAddresses(res: ServerResponse, caller: Caller, id: string, search: string): void {
    const { params, errors } = parseQuery(search, ['pageToken', 'pageSize']);
    if (!UUID.test(id)) errors.unshift(ID_RULE);
    const pageSize = readPageSize(params.get('pageSize'), errors);
    const pageToken = params.get('pageToken');
    let offset = 0;
    if (pageToken !== undefined && pageToken !== '' && errors.length === 0) {
      const decoded = decodeAddressToken(pageToken, id.toLowerCase());
      if (decoded.ok) offset = decoded.cursor;
      else errors.push(decoded.message);
    }
    if (errors.length > 0) {
      sendError(res, 400, errors);
      return;
    }
    const stored = this.ownedEvmWebhook(res, caller, id);
    if (!stored) return;
    const addresses = stored.addresses;
    const response: WebhookAddressListResponse = {
      addresses: addresses.slice(offset, pageSize),
      totalAddresses: addresses.size,
    };
    if (offset + pageSize < addresses.size) {
      response.nextPageToken = encodePageToken({ kind: 'addresses', webhookId: stored.webhook.id }, offset + pageSize);
    }
    sendJson(res, 200, JSON.stringify(response));
  }

  /** As ownedWebhook, after checking the id's form (400). */
  private ownedValidWebhook(res: ServerResponse, caller: Caller, id: string): StoredWebhook | null {
    if (UUID.test(id)) return this.ownedWebhook(res, caller, id);
    sendError(res, 400, ID_RULE);
    return null;
  }

  /** As ownedWebhook, for the address operations: a webhook of another event type has none (400, in the seed's words). */
  private ownedEvmWebhook(res: ServerResponse, caller: Caller, id: string): StoredWebhook | null {
    const stored = this.ownedWebhook(res, caller, id);
    return stored && this.evm(res, id, stored) ? stored : null;
  }

  /** The webhook, or null after a 404: unknown ids and other keys' webhooks look the same. */
  private ownedWebhook(res: ServerResponse, caller: Caller, id: string): StoredWebhook | null {
    const stored = this.state.webhooks.get(id.toLowerCase());
    return this.owned(res, caller, id, stored) ? stored : null;
  }

  /** Whether the caller owns this webhook; a 404 is sent when not. */
  private owned(res: ServerResponse, caller: Caller, id: string, stored: StoredWebhook | undefined): stored is StoredWebhook {
    if (stored && stored.ownerKey === caller.key) return true;
    sendError(res, 404, `webhook ${id} not found`);
    return false;
  }

  /** Whether the webhook watches addresses; a 400 is sent when it is of another event type. */
  private evm(res: ServerResponse, id: string, stored: StoredWebhook): boolean {
    if (!stored.other) return true;
    sendError(res, 400, `addresses: valid only for EVM activity webhooks; webhook ${id} is ${stored.webhook.eventType}`);
    return false;
  }
}

/** A JSON request body, or null once a 400 was sent (not declared as JSON, too large, not JSON). */
async function readJsonRequest(req: IncomingMessage, res: ServerResponse): Promise<{ value: unknown } | null> {
  const contentType = req.headers['content-type'] ?? '';
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    sendError(res, 400, 'Content-Type must be application/json');
    return null;
  }
  const body = await readJsonBody(req, BODY_LIMIT_BYTES);
  if (!body.ok) {
    sendError(res, 400, body.message, { connection: 'close' });
    return null;
  }
  return { value: body.value };
}

function readPageSize(text: string | undefined, errors: string[]): number {
  if (text === undefined) return PAGE_SIZE_DEFAULT;
  const size = /^[0-9]{1,4}$/.test(text) ? Number(text) : NaN;
  if (!(size >= PAGE_SIZE_MIN && size <= PAGE_SIZE_MAX)) {
    errors.push(`pageSize must be an integer from ${PAGE_SIZE_MIN} to ${PAGE_SIZE_MAX}`);
    return PAGE_SIZE_DEFAULT;
  }
  return size;
}
