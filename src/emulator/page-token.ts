// Opaque page tokens: base64url JSON naming the query that issued them and the cursor to continue after.
import * as v from 'valibot';
import type { TxCursor } from './transactions/listing-order.js';
import type { WebhookCursor } from './webhooks/store.js';

/** A chain listing's position (chain/ledger.ts): a block, a transaction in it, an item of it; or a block across chains. */
export type ChainCursor = { number: number; index: number; item: number } | { ms: number; chainNum: number };

const TokenScopeSchema = v.variant('kind', [
  v.object({ kind: v.literal('transactions'), filters: v.string() }),
  v.object({ kind: v.literal('addresses'), webhookId: v.string() }),
  v.object({ kind: v.literal('webhooks'), filters: v.string() }),
  v.object({ kind: v.literal('holdings'), query: v.string() }),
  v.object({ kind: v.literal('chain'), query: v.string() }),
]);
/** What a token is bound to: a token is only honoured by the same listing with the same filters. */
export type TokenScope = v.InferOutput<typeof TokenScopeSchema>;

const TokenPayloadSchema = v.object({
  v: v.literal(1),
  scope: TokenScopeSchema,
  /**
   * Transactions and webhooks: the sort key of the last item served. Addresses: how many were served (new ones
   * are appended, so a position stays right while addresses are added). Holdings: the sort key of the last item served.
   */
  cursor: v.unknown(),
});
type TokenPayload = v.InferOutput<typeof TokenPayloadSchema>;

export function encodePageToken(scope: TokenScope, cursor: TxCursor | WebhookCursor | number | ChainCursor | string): string {
  const payload: TokenPayload = { v: 1, scope, cursor };
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

export type DecodedToken<C> = { ok: true; cursor: C } | { ok: false; message: string };

const MALFORMED = 'pageToken must be a nextPageToken returned by this listing';

export function decodeTxToken(token: string, filters: string): DecodedToken<TxCursor> {
  const payload = parse(token);
  if (payload?.scope.kind !== 'transactions' || !isTxCursor(payload.cursor)) return { ok: false, message: MALFORMED };
  if (payload.scope.filters !== filters) {
    return {
      ok: false,
      message: `pageToken was issued for a query with ${describeFilters(payload.scope.filters)}; repeat that query's network and status, or drop pageToken to start over`,
    };
  }
  return { ok: true, cursor: payload.cursor };
}

export function decodeAddressToken(token: string, webhookId: string): DecodedToken<number> {
  const payload = parse(token);
  if (
    payload?.scope.kind !== 'addresses' ||
    typeof payload.cursor !== 'number' ||
    !Number.isSafeInteger(payload.cursor) ||
    payload.cursor < 0
  ) {
    return { ok: false, message: MALFORMED };
  }
  if (payload.scope.webhookId !== webhookId) return { ok: false, message: 'pageToken was issued for the addresses of another webhook' };
  return { ok: true, cursor: payload.cursor };
}

export function decodeWebhookToken(token: string, filters: string): DecodedToken<WebhookCursor> {
  const payload = parse(token);
  if (payload?.scope.kind !== 'webhooks' || !isWebhookCursor(payload.cursor)) return { ok: false, message: MALFORMED };
  if (payload.scope.filters !== filters) {
    return {
      ok: false,
      message: `pageToken was issued for a query with ${payload.scope.filters}; repeat that query's status, or drop pageToken to start over`,
    };
  }
  return { ok: true, cursor: payload.cursor };
}

/** A listing of what an address or a collection holds (holdings/routes.ts), bound to its whole query. */
export function decodeHoldingsToken(token: string, query: string): DecodedToken<string> {
  const payload = parse(token);
  if (payload?.scope.kind !== 'holdings' || typeof payload.cursor !== 'string') return { ok: false, message: MALFORMED };
  if (payload.scope.query !== query) {
    return {
      ok: false,
      message: 'pageToken was issued for another query; repeat its address and filters, or drop pageToken to start over',
    };
  }
  return { ok: true, cursor: payload.cursor };
}

/**
 * A token of a chain listing (blocks, an address's or token's transactions): `query` names the operation and every
 * parameter but the page's, so a token is honoured only by the query that issued it.
 */
export function decodeChainToken(token: string, query: string): DecodedToken<ChainCursor> {
  const payload = parse(token);
  if (payload?.scope.kind !== 'chain' || !isChainCursor(payload.cursor)) return { ok: false, message: MALFORMED };
  if (payload.scope.query !== query) {
    return { ok: false, message: 'pageToken was issued for another query; repeat that query, or drop pageToken to start over' };
  }
  return { ok: true, cursor: payload.cursor };
}

/** The canonical text of a filter pair, as bound into tokens: `fuji` and `testnet` are the same network. */
export function filtersKey(network: string | null, status: string | null): string {
  return `network=${network ?? 'all'},status=${status ?? 'all'}`;
}

function describeFilters(filters: string): string {
  return filters.replace(',', ' and ');
}

function parse(token: string): TokenPayload | null {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return null;
  try {
    const payload = v.safeParse(TokenPayloadSchema, JSON.parse(Buffer.from(token, 'base64url').toString('utf8')));
    return payload.success ? payload.output : null;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isWebhookCursor(value: unknown): value is WebhookCursor {
  return isRecord(value) && Number.isSafeInteger(value.createdAt) && Number.isSafeInteger(value.sequence);
}

function isTxCursor(value: unknown): value is TxCursor {
  return (
    isRecord(value) &&
    Number.isSafeInteger(value.ms) &&
    typeof value.chainNum === 'number' &&
    Number.isFinite(value.chainNum) &&
    Number.isSafeInteger(value.blockIndex)
  );
}

function isChainCursor(value: unknown): value is ChainCursor {
  if (!isRecord(value)) return false;
  if ('ms' in value) return Number.isSafeInteger(value.ms) && Number.isSafeInteger(value.chainNum);
  return Number.isSafeInteger(value.number) && Number.isSafeInteger(value.index) && Number.isSafeInteger(value.item);
}
