// The control API under /_emulator, for tests, people at a terminal and the inspector page: inject a transaction;
// list, search, show, redeliver and follow deliveries; recover a webhook's failed messages and sum each webhook up;
// reset.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EmulatorStatusAnswer } from '../schema/emulator-control.js';
import { DELIVERY_STATES } from '../schema/emulator-control.js';
import type { DeliveriesAnswer, DeliveryDetail, DeliveryState, RecoverAnswer, WebhookSummaryAnswer } from '../schema/emulator-control.js';
import type { DeliveryQuery } from './deliveries/queue.js';
import type { FeedEvent } from './deliveries/attempt-feed.js';
import { JSON_ANSWER_HEADERS, isLoopback, isWellEncoded, readJsonBody, sendError, sendJson } from './http-util.js';
import { RouteTable, sendNoRoute } from './router.js';
import type { RouteEntry } from './router.js';
import { InjectionRefused } from './state.js';
import type { EmulatorState } from './state.js';
import { validateInjection } from './validation.js';

const BODY_LIMIT_BYTES = 1024 * 1024;

/** Deliveries per page at most; a listing without pageSize gets every kept message, as it did before paging. */
const DELIVERY_PAGE_SIZE_MAX = 1_000;
/** What a stream may have waiting to be sent to a client that does not read. */
const STREAM_BUFFER_LIMIT_BYTES = 8 * 1024 * 1024;
/** A comment line on an idle stream, so proxies and clients see the connection is alive. */
const STREAM_KEEPALIVE_MS = 15_000;
/**
 * How soon a browser's EventSource comes back after the stream broke: a page shows the emulator's state again within
 * a second or so.
 */
const STREAM_RETRY_MS = 1_000;

/** What the emulator process tells about itself, besides its state. */
export interface EmulatorIdentity {
  version: string;
  startedAt: string;
  dataDir: string | null;
  /** The inspector page's path; null when it is not served. */
  inspectorPath: string | null;
}

interface ControlRequest {
  state: EmulatorState;
  identity: EmulatorIdentity;
  req: IncomingMessage;
  res: ServerResponse;
  params: Record<string, string>;
  query: URLSearchParams;
}

interface ControlRoute extends RouteEntry {
  handler: (request: ControlRequest) => void | Promise<void>;
}

const ROUTES = new RouteTable<ControlRoute>([
  { method: 'POST', pattern: '/_emulator/transactions', handler: ({ state, req, res }) => injectTransaction(state, req, res) },
  { method: 'GET', pattern: '/_emulator/status', handler: emulatorStatus },
  { method: 'GET', pattern: '/_emulator/deliveries', handler: listDeliveries },
  { method: 'GET', pattern: '/_emulator/deliveries/stream', handler: streamAttempts },
  { method: 'GET', pattern: '/_emulator/deliveries/{messageId}', handler: showDelivery },
  { method: 'POST', pattern: '/_emulator/deliveries/{messageId}/redeliver', handler: redeliver },
  { method: 'POST', pattern: '/_emulator/webhooks/{webhookId}/recover', handler: recover },
  { method: 'GET', pattern: '/_emulator/webhooks/summary', handler: webhookSummary },
  {
    method: 'POST',
    pattern: '/_emulator/reset',
    handler: async ({ state, req, res }) => {
      req.resume();
      await state.reset();
      sendJson(res, 200, JSON.stringify({ reset: true }));
    },
  },
]);

export function handleControl(
  state: EmulatorState,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  search: string,
  identity: EmulatorIdentity,
): void | Promise<void> {
  for (const [name, value] of Object.entries(JSON_ANSWER_HEADERS)) res.setHeader(name, value);
  // The control API can forge chain activity and wipe state, so only this machine may use it, even to learn its paths.
  if (!isLoopback(req.socket.remoteAddress)) {
    sendError(res, 403, 'the control API answers loopback clients only');
    return;
  }
  const method = req.method ?? 'GET';
  if (!isWellEncoded(path)) return sendError(res, 400, 'the path must be percent-encoded correctly (a % followed by two hex digits)');
  const found = ROUTES.match(method, path);
  if (!found) return sendNoRoute(res, method, path);
  const params = Object.fromEntries(Object.entries(found.params).map(([name, value]) => [name, decodeURIComponent(value)]));
  return found.route.handler({ state, identity, req, res, params, query: new URLSearchParams(search) });
}

function emulatorStatus({ state, res, identity }: ControlRequest): void {
  const answer: EmulatorStatusAnswer = {
    version: identity.version,
    startedAt: identity.startedAt,
    webhooks: state.webhooks.size,
    pendingMessages: state.deliveries.pending().messages,
    dataDir: identity.dataDir,
    pid: process.pid,
    inspectorPath: identity.inspectorPath,
  };
  sendJson(res, 200, JSON.stringify(answer));
}

/** The filters of a listing, checked; their canonical text binds a page token to them. */
function deliveryFilters(query: URLSearchParams): { ok: true; value: DeliveryQuery; text: string } | { ok: false; errors: string[] } {
  const errors: string[] = [];
  const value: DeliveryQuery = {};
  const webhookId = query.get('webhookId');
  if (webhookId !== null) value.webhookId = webhookId;
  const state = query.get('state');
  if (state !== null) {
    if ((DELIVERY_STATES as readonly string[]).includes(state)) value.state = state as DeliveryState;
    else errors.push(`state must be one of ${DELIVERY_STATES.join(', ')}`);
  }
  for (const name of ['since', 'until'] as const) {
    const text = query.get(name);
    if (text === null) continue;
    const ms = isoTimeMs(text);
    if (ms === undefined) errors.push(`${name} must be an ISO 8601 time, e.g. 2026-01-31T12:00:00Z`);
    else value[name === 'since' ? 'sinceMs' : 'untilMs'] = ms;
  }
  const q = query.get('q');
  if (q !== null) {
    if (q.trim() === '') errors.push('q must be a message id, a transaction hash or an address; it is empty');
    else value.q = q.trim();
  }
  if (errors.length) return { ok: false, errors };
  return {
    ok: true,
    value,
    text: JSON.stringify([
      value.webhookId ?? null,
      value.state ?? null,
      value.sinceMs ?? null,
      value.untilMs ?? null,
      value.q?.toLowerCase() ?? null,
    ]),
  };
}

/** An ISO 8601 time in ms; undefined when the text is not one. */
function isoTimeMs(text: string): number | undefined {
  const ms = Date.parse(text);
  return Number.isNaN(ms) || !/^\d{4}-\d{2}-\d{2}T/.test(text) ? undefined : ms;
}

function encodeDeliveryToken(filters: string, beforeSequence: number): string {
  return Buffer.from(JSON.stringify({ v: 1, kind: 'deliveries', filters, before: beforeSequence })).toString('base64url');
}

function decodeDeliveryToken(token: string, filters: string): { ok: true; before: number } | { ok: false; message: string } {
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    payload = undefined;
  }
  const fields = payload as { v?: unknown; kind?: unknown; filters?: unknown; before?: unknown } | undefined;
  if (fields?.v !== 1 || fields.kind !== 'deliveries' || !Number.isSafeInteger(fields.before)) {
    return { ok: false, message: 'pageToken must be a nextPageToken returned by this listing' };
  }
  if (fields.filters !== filters) {
    return { ok: false, message: 'pageToken was issued for other filters; repeat them, or drop pageToken to start over' };
  }
  return { ok: true, before: fields.before as number };
}

function listDeliveries({ state, res, query }: ControlRequest): void {
  const filters = deliveryFilters(query);
  if (!filters.ok) return sendError(res, 400, filters.errors);
  const pageSizeText = query.get('pageSize');
  let pageSize: number | undefined;
  if (pageSizeText !== null) {
    pageSize = Number(pageSizeText);
    if (!/^\d+$/.test(pageSizeText) || pageSize < 1 || pageSize > DELIVERY_PAGE_SIZE_MAX) {
      return sendError(res, 400, `pageSize must be a whole number from 1 to ${DELIVERY_PAGE_SIZE_MAX}`);
    }
  }
  const token = query.get('pageToken');
  let beforeSequence: number | undefined;
  if (token !== null && token !== '') {
    const decoded = decodeDeliveryToken(token, filters.text);
    if (!decoded.ok) return sendError(res, 400, decoded.message);
    beforeSequence = decoded.before;
  }
  const page = state.deliveries.query({ ...filters.value, beforeSequence, limit: pageSize });
  const answer: DeliveriesAnswer = { deliveries: page.records, total: page.total, dropped: state.deliveries.dropped() };
  if (page.continueBefore !== undefined) answer.nextPageToken = encodeDeliveryToken(filters.text, page.continueBefore);
  sendJson(res, 200, JSON.stringify(answer));
}

function showDelivery({ state, res, params }: ControlRequest): void {
  const messageId = params['messageId']!;
  const stored = state.deliveries.get(messageId);
  if (!stored) return sendError(res, 404, `no message ${messageId} is kept (unknown, or forgotten as older than the last kept)`);
  const detail: DeliveryDetail = { delivery: stored.record, attempts: stored.attempts, body: stored.body };
  sendJson(res, 200, JSON.stringify(detail));
}

async function redeliver({ state, req, res, params }: ControlRequest): Promise<void> {
  const messageId = params['messageId']!;
  let url: string | undefined;
  if (
    req.headers['content-length'] !== '0' &&
    (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined)
  ) {
    const body = await readJsonBody(req, BODY_LIMIT_BYTES);
    if (!body.ok) return sendError(res, 400, body.message, { connection: 'close' });
    const given = (body.value ?? {}) as { url?: unknown };
    if (typeof given !== 'object' || (given.url !== undefined && !isHttpUrl(given.url))) {
      return sendError(res, 400, 'url must be an http or https URL');
    }
    url = given.url as string | undefined;
  } else {
    req.resume();
  }
  const stored = state.deliveries.get(messageId);
  if (!stored) return sendError(res, 404, `no message ${messageId} is kept (unknown, or forgotten as older than the last kept)`);
  const webhook = state.webhooks.get(stored.record.webhookId);
  if (!webhook) return sendError(res, 409, `webhook ${stored.record.webhookId} of message ${messageId} no longer exists`);
  if (webhook.webhook.status !== 'active') return sendError(res, 409, inactiveMessage(webhook.webhook));
  const event = await state.deliveries.redeliver(messageId, url);
  if (!event) return sendError(res, 404, `no message ${messageId} is kept`);
  sendJson(res, 200, JSON.stringify(event));
}

function inactiveMessage(webhook: { id: string; name?: string }): string {
  const name = webhook.name ? ` (${webhook.name})` : '';
  return `webhook ${webhook.id}${name} is inactive: activate it to redeliver its messages`;
}

/**
 * `POST /_emulator/webhooks/{webhookId}/recover` with `{ "since": ISO 8601 }`: every failed message of the webhook
 * made since then is sent once more, oldest first, as a redelivery; the answer names them at once, and their attempts
 * come on the stream.
 */
async function recover({ state, req, res, params }: ControlRequest): Promise<void> {
  const webhookId = params['webhookId']!;
  const body = await readJsonBody(req, BODY_LIMIT_BYTES);
  if (!body.ok) return sendError(res, 400, body.message, { connection: 'close' });
  const given = body.value as { since?: unknown } | null;
  const sinceMs = typeof given?.since === 'string' ? isoTimeMs(given.since) : undefined;
  if (sinceMs === undefined) return sendError(res, 400, 'since must be an ISO 8601 time, e.g. 2026-01-31T12:00:00Z');
  const webhook = state.webhooks.get(webhookId);
  if (!webhook) return sendError(res, 404, `no webhook ${webhookId} exists`);
  if (webhook.webhook.status !== 'active') return sendError(res, 409, inactiveMessage(webhook.webhook));
  const messageIds = state.deliveries.recover(webhookId, sinceMs, webhook.webhook.url);
  const answer: RecoverAnswer = { recovered: messageIds.length, messageIds };
  sendJson(res, 200, JSON.stringify(answer));
}

/** `GET /_emulator/webhooks/summary[?webhookId=a&webhookId=b]`: each webhook's failures, last success and why it is off. */
function webhookSummary({ state, res, query }: ControlRequest): void {
  const webhookIds = query.getAll('webhookId');
  const answer: WebhookSummaryAnswer = { webhooks: state.webhookSummaries(webhookIds.length > 0 ? webhookIds : undefined) };
  sendJson(res, 200, JSON.stringify(answer));
}

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Server-sent events: first a `ready` event whose id is the newest event's, then every change of state as it happens:
 * a message made (`message`), its next attempt set (`scheduled`), an attempt ended (`attempt`), a message given up
 * without an attempt to tell it (`given-up`), a webhook switched on or off (`webhook`), a reset (`reset`). A client
 * sends the last id it got back as Last-Event-ID when it reconnects, to get the events it missed meanwhile (a `missed`
 * event says how many were no longer kept). With `webhookId`, only that webhook's events, and resets.
 */
function streamAttempts({ state, req, res, query }: ControlRequest): void {
  const webhookId = query.get('webhookId') ?? undefined;
  const lastEventId = req.headers['last-event-id'];
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.flushHeaders();
  const send = (event: FeedEvent): void => {
    if (webhookId !== undefined && event.webhookId !== undefined && event.webhookId !== webhookId) return;
    // A client that stopped reading (a paused pager) must not grow the emulator without end: it is cut off, and
    // when it reconnects with its Last-Event-ID it gets what is still kept and is told what is not.
    if (res.writableLength > STREAM_BUFFER_LIMIT_BYTES) {
      res.destroy();
      return;
    }
    res.write(`event: ${event.name}\nid: ${event.id}\ndata: ${event.data}\n\n`);
  };
  const feed = state.deliveries.feed;
  // Where the client stands, so that after a lost connection it resumes from here even if no attempt came yet.
  const position = feed.position();
  res.write(`retry: ${STREAM_RETRY_MS}\n\nevent: ready\nid: ${position}\ndata: {}\n\n`);
  const replay = feed.replayAfter(typeof lastEventId === 'string' ? lastEventId : undefined);
  if (replay.missed > 0) res.write(`event: missed\nid: ${position}\ndata: ${JSON.stringify({ missed: replay.missed })}\n\n`);
  for (const event of replay.events) send(event);
  const unsubscribe = feed.subscribe(send);
  const keepalive = setInterval(() => res.write(': ping\n\n'), STREAM_KEEPALIVE_MS);
  keepalive.unref();
  res.on('close', () => {
    clearInterval(keepalive);
    unsubscribe();
  });
}

async function injectTransaction(state: EmulatorState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readJsonBody(req, BODY_LIMIT_BYTES);
  if (!body.ok) {
    sendError(res, 400, body.message, { connection: 'close' });
    return;
  }
  const validated = validateInjection(body.value);
  if (!validated.ok) {
    sendError(res, 400, validated.errors);
    return;
  }
  try {
    sendJson(res, 201, JSON.stringify(await state.inject(validated.value)));
  } catch (error) {
    if (!(error instanceof InjectionRefused)) throw error;
    sendError(res, 400, error.problems);
  }
}
