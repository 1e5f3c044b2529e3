// The transport: node's own HTTP client with keep-alive, a whole-request time limit, the contract's retry rules, typed
// errors. node:http rather than undici: it is part of node (nothing to pin, nothing private to reach into), its parser
// is node's own native one, and it loads in a few milliseconds where undici's entry (fetch, WebSocket, caches, mocks)
// made a cold `svc tx list` ~1.7x a bare request (bench/run.js, txhttp).
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { ApiError, NetworkError, ResponseShapeError } from '../errors.js';
import type { NetworkFailure } from '../errors.js';
import { interruption, sleep } from '../interrupt.js';
import { API_KEY_HEADER, REASON_PHRASES } from '../schema/index.js';
import { RETRYABLE_STATUSES, retryDelayMs } from './retry.js';
import { maskKey } from '../mask.js';

/**
 * How a request may be retried, by what repeating it would do.
 * - `repeatable`: repeating it changes nothing more (reads, deactivation, setting fields or adding present
 *   addresses with the same body): retried on 429/500/502/503 and every network error.
 * - `at-most-once`: repeating it could act twice (a creation, a rotation): retried only where the service surely
 *   did not act (429, or no connection made).
 */
export type RetryPolicy = 'repeatable' | 'at-most-once';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface TransportOptions {
  /** Normalised: no trailing slash; may carry a path prefix. */
  baseUrl: string;
  apiKey?: string;
  /** The header the key goes in; the seed's x-service-api-key unless the settings name another. */
  apiKeyHeader?: string;
  timeoutMs: number;
  /** Retries after the first attempt, per request. */
  retries: number;
  userAgent: string;
  /** Called once per HTTP exchange (for --verbose); never given the key. */
  onExchange?: (line: string) => void;
  /** Aborted on SIGINT/SIGTERM. */
  interrupt?: AbortSignal;
}

export interface RequestSpec {
  method: HttpMethod;
  /** Appended to the base URL; may carry a query string of its own, which `query` adds to. */
  path: string;
  /** By name; or as name-value pairs, in order, where a name may repeat. */
  query?: Record<string, string | number | undefined> | ReadonlyArray<readonly [string, string]>;
  /** Serialised once: every retry sends the same bytes. */
  jsonBody?: unknown;
  /** The body's bytes as given (sent as JSON unless `headers` names another content-type); instead of `jsonBody`. */
  rawBody?: Uint8Array;
  /** More request headers (names in lower case), sent after svc's own and over them. */
  headers?: Readonly<Record<string, string>>;
  /** With --verbose, also the request's headers (the key masked) and the answer's status and headers, on stderr. */
  traceHeaders?: boolean;
  retryPolicy: RetryPolicy;
  /** Whether the endpoint needs the key (checked by the caller; here it decides if the header is sent). */
  sendKey: boolean;
  /**
   * For `at-most-once` requests: what to check before trying again when the service may have acted (the request
   * was sent, then the connection broke or a 5xx came back), in the words of the resource it touches.
   */
  outcomeUnknownHint?: string;
  /** Hints for error statuses, in the words of this operation (naming no command or flag: the command layer adds those). */
  statusHints?: Readonly<Partial<Record<number, string>>>;
  /** The most of the answer read, for operations whose answers are known to be larger; MAX_BODY_BYTES otherwise. */
  maxBodyBytes?: number;
  /**
   * `edges`: of a 2xx answer keep only its first and last EDGE_BYTES (HttpResponse.edgesOnly says so), for answers
   * nothing is read from but their shape on their face; errors are always read whole. Default `whole`.
   */
  successBody?: 'whole' | 'edges';
}

export interface HttpResponse {
  status: number;
  /** As received, names in lower case. */
  headers: ResponseHeaders;
  /** The body; with `successBody: 'edges'`, only its first and last EDGE_BYTES, joined. */
  body: Buffer;
  contentType: string | undefined;
  /** True when `body` holds only the edges of a longer answer. */
  edgesOnly?: boolean;
}

export type ResponseHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** How much of each end of an answer `successBody: 'edges'` keeps. */
export const EDGE_BYTES = 64;

/**
 * The most of one answer svc reads. A page is a few hundred KB, so this is generous; a body that never ends (a broken
 * proxy, a hostile service) stops here instead of growing the process by gigabytes until the time limit.
 */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;

/** Error codes meaning the request never reached the service: safe to retry even a POST. */
const NOT_CONNECTED_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);

/** Failures that no retry can mend (bad certificate, unsupported protocol). */
const PERMANENT_NETWORK_CODES =
  /^(ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_|ERR_INVALID_URL|ERR_INVALID_PROTOCOL|ERR_UNESCAPED_CHARACTERS|ERR_INVALID_HTTP_TOKEN|ERR_INVALID_CHAR)/;

/** The answer's head, and its body to read (node's response). */
interface Exchange {
  statusCode: number;
  headers: ResponseHeaders;
  body: IncomingMessage;
}

export class Transport {
  /** Connections kept open between requests, one agent per scheme (https: loaded on first use). */
  private readonly agents: { 'http:'?: HttpAgent; 'https:'?: HttpAgent } = {};
  /** A controller whose signal no attempt is using and that never aborted: the next attempt takes it. */
  private idleController: AbortController | undefined;

  constructor(private readonly options: TransportOptions) {}

  /**
   * One request: resolves with the answer's head once it came (its body still to read), rejects with node's error (a
   * refused connection, a reset, an abort by `signal`). `target` must be http: or https:.
   */
  private async exchange(
    target: URL,
    method: string,
    headers: OutgoingHttpHeaders,
    body: string | Uint8Array | undefined,
    signal: AbortSignal,
  ): Promise<Exchange> {
    const secure = target.protocol === 'https:';
    let agent = this.agents[target.protocol as 'http:' | 'https:'];
    // Loaded only for https: node:https brings TLS, which a request to the emulator never needs.
    const https = secure ? await import('node:https') : undefined;
    if (!agent) {
      // Idle connections close after 4 s, before a server's own idle limit (node's is 5 s) could close one under a
      // request about to go out on it; node unrefs them, so they never keep the process alive.
      const agentOptions = { keepAlive: true, timeout: 4_000 };
      agent = https ? new https.Agent(agentOptions) : new HttpAgent(agentOptions);
      this.agents[target.protocol as 'http:' | 'https:'] = agent;
    }
    const send = https ? https.request : httpRequest;
    // Its length, always: node sends a DELETE's body neither chunked nor with a length of its own, so it would be lost.
    const sized = body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) };
    return new Promise<Exchange>((resolve, reject) => {
      const outgoing = send(target, { method, headers: sized, agent, signal }, (response) => {
        resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, body: response });
      });
      outgoing.once('error', reject);
      outgoing.end(body);
    });
  }

  url(spec: Pick<RequestSpec, 'path' | 'query'>): string {
    let url = this.options.baseUrl + spec.path;
    if (spec.query) {
      const params = new URLSearchParams();
      const entries: ReadonlyArray<readonly [string, string | number | undefined]> = Array.isArray(spec.query)
        ? spec.query
        : Object.entries(spec.query);
      for (const [name, value] of entries) {
        if (value !== undefined) params.append(name, String(value));
      }
      const text = params.toString();
      if (text) url += (spec.path.includes('?') ? '&' : '?') + text;
    }
    return url;
  }

  async send(spec: RequestSpec): Promise<HttpResponse> {
    const url = this.url(spec);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.options.userAgent,
    };
    if (spec.sendKey && this.options.apiKey) headers[this.options.apiKeyHeader ?? API_KEY_HEADER] = this.options.apiKey;
    let body: string | Uint8Array | undefined;
    if (spec.jsonBody !== undefined) {
      body = JSON.stringify(spec.jsonBody);
      headers['content-type'] = 'application/json';
    } else if (spec.rawBody !== undefined) {
      body = spec.rawBody;
      headers['content-type'] = 'application/json';
    }
    Object.assign(headers, spec.headers);
    if (spec.traceHeaders) this.traceRequest(spec.method, url, headers, body);
    const attempts = this.options.retries + 1;
    for (let attempt = 1; ; attempt++) {
      const startedAt = Date.now();
      const outcome = await this.attempt(
        spec.method,
        url,
        headers,
        body,
        spec.maxBodyBytes ?? MAX_BODY_BYTES,
        spec.successBody === 'edges',
      );
      const elapsed = Date.now() - startedAt;
      const canRetry = attempt < attempts && this.mayRetry(spec.retryPolicy, outcome);
      const waitMs = canRetry ? retryDelayMs(attempt - 1, outcome.kind === 'response' ? outcome.retryAfter : undefined) : 0;
      this.logExchange(spec.method, url, outcome, elapsed, attempt, attempts, canRetry ? waitMs : undefined);
      if (!canRetry) {
        if (spec.traceHeaders && outcome.kind === 'response') this.traceResponse(outcome.status, outcome.headers);
        return this.settle(spec, outcome);
      }
      await sleep(waitMs, this.options.interrupt);
    }
  }

  /**
   * A GET whose body is read as it comes and may never end (server-sent events): the time limit covers only the
   * wait for the answer's head. The body ends when the server closes it or `signal` (or an interrupt) aborts.
   */
  async openStream(
    spec: Pick<RequestSpec, 'path' | 'query'>,
    headers: Record<string, string>,
    signal: AbortSignal,
  ): Promise<AsyncIterable<Buffer>> {
    const target = new URL(this.url(spec));
    const controller = new AbortController();
    const abort = () => controller.abort();
    const listenFor = [signal, this.options.interrupt].filter((source) => source !== undefined);
    for (const source of listenFor) source.addEventListener('abort', abort, { once: true });
    const forget = () => {
      for (const source of listenFor) source.removeEventListener('abort', abort);
    };
    let timedOut = false;
    let connected = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.options.timeoutMs);
    const startedAt = Date.now();
    try {
      this.throwIfInterrupted();
      checkProtocol(target);
      const response = await this.exchange(
        target,
        'GET',
        { accept: 'text/event-stream', 'user-agent': this.options.userAgent, ...headers },
        undefined,
        controller.signal,
      );
      connected = true;
      this.options.onExchange?.(`GET ${redactUrl(target.href)} -> ${response.statusCode} (${Date.now() - startedAt} ms, a stream)`);
      if (response.statusCode !== 200) {
        const read = await readBounded(response.body, MAX_BODY_BYTES, false);
        const contentType = response.headers['content-type'];
        throw apiErrorFrom(response.statusCode, read?.bytes ?? Buffer.alloc(0), Array.isArray(contentType) ? contentType[0] : contentType);
      }
      response.body.once('close', forget);
      return response.body;
    } catch (error) {
      forget();
      if (error instanceof ApiError) throw error;
      this.throwIfInterrupted();
      const described = describeNetworkError(error, timedOut, this.options.timeoutMs, connected);
      throw new NetworkError(described.message, undefined, described.failure);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    for (const agent of Object.values(this.agents)) agent.destroy();
  }

  private async attempt(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: string | Uint8Array | undefined,
    maxBodyBytes: number,
    edgesOfSuccess: boolean,
  ): Promise<AttemptOutcome> {
    this.throwIfInterrupted();
    // One timer per attempt, cleared when it ends, and the signal of the last attempt reused while it was never
    // aborted: AbortSignal.timeout()/any() per request, or even a new signal per request handed to the client, made V8
    // promote ~0.5 KB per request to the old generation, so a 1,000,000-address listing grew by ~15 MB.
    // Attempts that overlap (none do today) each get their own controller.
    const controller = this.idleController ?? new AbortController();
    this.idleController = undefined;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.options.timeoutMs);
    const interrupt = this.options.interrupt;
    const onInterrupt = () => controller.abort(interrupt?.reason);
    interrupt?.addEventListener('abort', onInterrupt, { once: true });
    let connected = false;
    try {
      const target = new URL(url);
      checkProtocol(target);
      const response = await this.exchange(target, method, headers, body, controller.signal);
      connected = true;
      const header = (name: string): string | undefined => {
        const value = response.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const edgesOnly = edgesOfSuccess && response.statusCode >= 200 && response.statusCode < 300;
      const read = Number(header('content-length')) > maxBodyBytes ? undefined : await readBounded(response.body, maxBodyBytes, edgesOnly);
      if (read === undefined) {
        // Closes the connection: the rest of the body is never read.
        response.body.destroy();
        return { kind: 'oversized', status: response.statusCode, limit: maxBodyBytes };
      }
      return {
        kind: 'response',
        status: response.statusCode,
        headers: response.headers,
        body: read.bytes,
        contentType: header('content-type'),
        retryAfter: header('retry-after'),
        edgesOnly: read.edgesOnly,
      };
    } catch (error) {
      this.throwIfInterrupted();
      return { kind: 'network', error: describeNetworkError(error, timedOut, this.options.timeoutMs, connected) };
    } finally {
      clearTimeout(timer);
      interrupt?.removeEventListener('abort', onInterrupt);
      if (!controller.signal.aborted) this.idleController = controller;
    }
  }

  private mayRetry(policy: RetryPolicy, outcome: AttemptOutcome): boolean {
    // The same request would get the same endless answer.
    if (outcome.kind === 'oversized') return false;
    if (outcome.kind === 'response') {
      if (!RETRYABLE_STATUSES.has(outcome.status)) return false;
      return policy === 'repeatable' || outcome.status === 429;
    }
    if (outcome.error.permanent) return false;
    return policy === 'repeatable' || outcome.error.notConnected;
  }

  private settle(spec: RequestSpec, outcome: AttemptOutcome): HttpResponse {
    if (outcome.kind === 'network') {
      const { error } = outcome;
      if (spec.retryPolicy === 'at-most-once' && !error.notConnected) {
        const unknown = new NetworkError(
          `${error.message}: the request may have reached the service, so the outcome is unknown and it was not retried`,
          spec.outcomeUnknownHint ?? 'check whether the change was made before trying again',
          error.failure,
        );
        unknown.outcomeUnknown = true;
        throw unknown;
      }
      throw new NetworkError(error.message, undefined, error.failure);
    }
    if (outcome.kind === 'oversized') {
      const error = new ResponseShapeError(
        `unexpected response: HTTP ${outcome.status} with a body larger than ${outcome.limit / 1024 / 1024} MiB, the most svc reads; stopped reading it`,
      );
      error.oversized = true;
      if (spec.retryPolicy === 'at-most-once' && outcome.status < 300) {
        error.outcomeUnknown = true;
        error.hint = `the service may have acted; ${spec.outcomeUnknownHint ?? 'check whether the change was made before trying again'}`;
      }
      throw error;
    }
    if (outcome.status >= 200 && outcome.status < 300) {
      return {
        status: outcome.status,
        headers: outcome.headers,
        body: outcome.body,
        contentType: outcome.contentType,
        edgesOnly: outcome.edgesOnly || undefined,
      };
    }
    const error = apiErrorFrom(outcome.status, outcome.body, outcome.contentType, spec.statusHints);
    // A service (or proxy) that echoes the request back must not get the key printed by us.
    const apiKey = this.options.apiKey;
    if (apiKey && error.message.includes(apiKey)) error.message = error.message.split(apiKey).join(maskKey(apiKey));
    if (apiKey && error.reason?.includes(apiKey)) error.reason = error.reason.split(apiKey).join(maskKey(apiKey));
    const body =
      apiKey && outcome.body.includes(apiKey)
        ? Buffer.from(outcome.body.toString('utf8').split(apiKey).join(maskKey(apiKey)))
        : outcome.body;
    error.answer = { headers: outcome.headers, body };
    error.keySent = spec.sendKey && Boolean(apiKey);
    // A 5xx to an at-most-once request (often a gateway's) does not say whether the service acted: "try again" could act twice.
    if (spec.retryPolicy === 'at-most-once' && outcome.status >= 500) {
      error.outcomeUnknown = true;
      error.hint = `the outcome is unknown: the service may have acted before failing; ${spec.outcomeUnknownHint ?? 'check whether the change was made before trying again'}`;
    }
    throw error;
  }

  private logExchange(
    method: string,
    url: string,
    outcome: AttemptOutcome,
    elapsedMs: number,
    attempt: number,
    attempts: number,
    retryInMs: number | undefined,
  ): void {
    if (!this.options.onExchange) return;
    const result =
      outcome.kind === 'network'
        ? outcome.error.code
        : outcome.kind === 'oversized'
          ? `${outcome.status}, body over ${outcome.limit / 1024 / 1024} MiB`
          : String(outcome.status);
    const retry = retryInMs === undefined ? '' : `, retrying in ${(retryInMs / 1000).toFixed(1)} s`;
    this.options.onExchange(`${method} ${redactUrl(url)} -> ${result} (${elapsedMs} ms, attempt ${attempt}/${attempts}${retry})`);
  }

  /** The request as sent, for --verbose: every header, the key's value masked wherever it is. */
  private traceRequest(method: string, url: string, headers: Record<string, string>, body: string | Uint8Array | undefined): void {
    const trace = this.options.onExchange;
    if (!trace) return;
    const { apiKey } = this.options;
    const keyHeader = this.options.apiKeyHeader ?? API_KEY_HEADER;
    trace(`> ${method} ${redactUrl(url)}`);
    for (const [name, value] of Object.entries(headers)) {
      // The key's header, and any a user adds that holds a credential (another key header, authorization).
      let shown = name === keyHeader || /api-key|authorization|token|secret/i.test(name) ? maskKey(value) : value;
      if (apiKey) shown = shown.split(apiKey).join(maskKey(apiKey));
      trace(`> ${name}: ${shown}`);
    }
    if (body !== undefined) trace(`> (a body of ${Buffer.byteLength(body)} bytes)`);
  }

  private traceResponse(status: number, headers: ResponseHeaders): void {
    const trace = this.options.onExchange;
    if (!trace) return;
    trace(`< ${status} ${REASON_PHRASES[status] ?? ''}`.trimEnd());
    for (const [name, value] of Object.entries(headers)) {
      for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) trace(`< ${name}: ${one}`);
    }
  }

  private throwIfInterrupted(): void {
    const interrupt = this.options.interrupt;
    if (interrupt?.aborted) {
      throw interruption(interrupt);
    }
  }
}

type AttemptOutcome =
  | {
      kind: 'response';
      status: number;
      headers: ResponseHeaders;
      body: Buffer;
      contentType: string | undefined;
      retryAfter: string | undefined;
      edgesOnly: boolean;
    }
  /** An answer whose body passed MAX_BODY_BYTES: not read further. */
  | { kind: 'oversized'; status: number; limit: number }
  | { kind: 'network'; error: DescribedNetworkError };

/** A URL svc can send to; an error a retry cannot mend for any other (ftp:, file:, ...). */
function checkProtocol(target: URL): void {
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw Object.assign(new Error('Invalid URL protocol: the URL must start with `http:` or `https:`.'), {
      code: 'ERR_INVALID_PROTOCOL',
    });
  }
}

/** A body as read: whole, or only its edges when it was longer than both. */
interface ReadBody {
  bytes: Buffer;
  edgesOnly: boolean;
}

/**
 * The whole body, or undefined as soon as it passes `limit` bytes (nothing more is kept). With `edges`, only its first
 * and last EDGE_BYTES are kept (a view of the latest chunk and two small copies: no chunk is held or copied whole).
 * A time limit or an interrupt destroys the body, which rejects here.
 */
function readBounded(body: Readable, limit: number, edges: boolean): Promise<ReadBody | undefined> {
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = [];
    let length = 0;
    let head: Buffer = Buffer.alloc(0);
    let tail: Buffer = Buffer.alloc(0);
    body.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > limit) {
        chunks = [];
        body.pause();
        resolve(undefined);
      } else if (!edges) {
        chunks.push(chunk);
      } else {
        if (head.length < EDGE_BYTES) head = Buffer.concat([head, chunk.subarray(0, EDGE_BYTES - head.length)]);
        tail = chunk.length >= EDGE_BYTES ? chunk.subarray(-EDGE_BYTES) : Buffer.concat([tail, chunk]).subarray(-EDGE_BYTES);
      }
    });
    body.on('end', () => {
      if (!edges) return resolve({ bytes: Buffer.concat(chunks, length), edgesOnly: false });
      // No more than both edges: they overlap, and together they are the whole body.
      if (length <= 2 * EDGE_BYTES)
        return resolve({ bytes: Buffer.concat([head, tail.subarray(tail.length - (length - head.length))]), edgesOnly: false });
      resolve({ bytes: Buffer.concat([head, tail]), edgesOnly: true });
    });
    body.on('error', reject);
    // Closed before its end (the connection broke, or an abort destroyed it): settled as a reset unless settled already.
    body.on('close', () => {
      if (!body.readableEnded) reject(Object.assign(new Error('the connection closed before the body ended'), { code: 'ECONNRESET' }));
    });
  });
}

interface DescribedNetworkError {
  code: string;
  message: string;
  failure: NetworkFailure;
  notConnected: boolean;
  permanent: boolean;
}

function describeNetworkError(error: unknown, timedOut: boolean, timeoutMs: number, connected: boolean): DescribedNetworkError {
  if (timedOut) {
    return {
      code: 'TIMEOUT',
      message: `request timed out after ${timeoutMs / 1000} s`,
      failure: 'timeout',
      notConnected: false,
      permanent: false,
    };
  }
  const err = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = err.code ?? err.cause?.code ?? 'ENETWORK';
  const detail = err.cause?.message ?? err.message ?? String(error);
  const notConnected = !connected && NOT_CONNECTED_CODES.has(code);
  const permanent = PERMANENT_NETWORK_CODES.test(code);
  let message: string;
  let failure: NetworkFailure;
  switch (code) {
    case 'ECONNREFUSED':
      message = `connection refused (${detail.replace(/^connect ECONNREFUSED /, '')})`;
      failure = 'refused';
      break;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      message = `could not resolve host (${detail})`;
      failure = 'dns';
      break;
    case 'ECONNRESET':
    case 'EPIPE':
      message = 'connection closed by the server before the response was complete';
      failure = 'reset';
      break;
    default:
      message = permanent ? `TLS or protocol failure: ${detail}` : `network error: ${detail}`;
      failure = permanent ? 'tls' : 'other';
  }
  return { code, message, failure, notConnected, permanent };
}

/** Builds the typed error from a non-2xx answer; the body may be the spec's JSON, or a proxy's HTML page. */
export function apiErrorFrom(
  status: number,
  body: Buffer,
  contentType: string | undefined,
  statusHints: Readonly<Partial<Record<number, string>>> = {},
): ApiError {
  const reasonPhrase = REASON_PHRASES[status];
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (parsed && typeof parsed === 'object') {
    const record = parsed as { message?: unknown; error?: unknown; statusCode?: unknown };
    const message = Array.isArray(record.message)
      ? record.message.map(String).join('; ')
      : typeof record.message === 'string'
        ? record.message
        : undefined;
    const reason = typeof record.error === 'string' ? record.error : reasonPhrase;
    const error = new ApiError(status, message ?? `HTTP ${status}${reason ? ' ' + reason : ''}`, reason);
    // An operation's own words; the advice that names commands and flags is the command layer's (commands/shared/hints.ts).
    error.hint = statusHints[status];
    return error;
  }
  const kind = contentType ? contentType.split(';')[0]!.trim() : 'no content type';
  const empty = body.length === 0 ? 'an empty body' : `a body that is not JSON (${kind})`;
  const error = new ApiError(status, `HTTP ${status}${reasonPhrase ? ' ' + reasonPhrase : ''} with ${empty}`, reasonPhrase);
  if (status >= 500 || /html/i.test(kind)) error.hint = 'a proxy or gateway may stand between you and the service; try again later';
  return error;
}

/** The URL as it may be shown: any user:password in it replaced. */
export function redactUrl(url: string): string {
  return url.replace(/^(\w+:\/\/)[^/@]*@/, '$1***@');
}
