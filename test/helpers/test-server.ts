// A real HTTP server on 127.0.0.1 for tests: records every request and answers each from a script (a handler or
// a queue of answers) with a canned response or a fault (dropped or stalled, before headers or mid-body).
import { createServer } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** The path without the query string, exactly as sent (percent-encoding kept). */
  path: string;
  /** The raw request target (path + query). */
  rawUrl: string;
  /** The query as a plain object; a repeated name gives an array. */
  query: Record<string, string | string[]>;
  /** The same query as URLSearchParams (order and repeats kept). */
  searchParams: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** performance.now() when the request arrived. */
  at: number;
}

/** A normal response. */
export interface Reply {
  status?: number;
  /** Merged over `content-type: application/json`. */
  headers?: Record<string, string>;
  /** A string or Buffer is sent as is; anything else is JSON.stringify'd. */
  body?: unknown;
  /** Milliseconds to wait before answering. */
  delayMs?: number;
}

export type Fault =
  /** Destroy the socket after the request was read, before any header. */
  | { fault: 'drop' }
  /** Headers and the first part of the body (content-length promises more), then destroy the socket. */
  | { fault: 'drop-mid-body'; status?: number; headers?: Record<string, string>; body: string }
  /** Never answer. */
  | { fault: 'stall' }
  /** Headers and part of the body, then nothing more. */
  | { fault: 'stall-mid-body'; status?: number; headers?: Record<string, string>; body: string };

export type Answer = Reply | Fault;

export type Handler = (request: RecordedRequest, index: number) => Answer | Promise<Answer>;

/**
 * A handler, or a queue of answers, each given once, in order. A request beyond the queue is answered 500 and fails
 * the test at verify(), and so does an answer left in the queue (as gh's httpmock does): a test says exactly which
 * requests it expects. `repeatedly(answer)` answers every request alike, where the count is not the point.
 */
export type Script = Handler | Answer[];

export interface TestServer {
  url: string;
  requests: RecordedRequest[];
  /** Connections accepted, including those dropped before a request was read. */
  readonly connections: number;
  /** Destroy every new connection as soon as it is accepted (before the request is read). */
  dropOnConnect: boolean;
  /** Replaces the script; answers the old one still held count as never asked for (unless `optional`). */
  respond(script: Script, options?: { optional?: boolean }): void;
  /**
   * Throws when a request came that the script had no answer for, or an answer was never asked for; then starts
   * afresh (nothing pending). useRecordingServer calls it after each test; close() calls it too.
   */
  verify(): void;
  /** Destroys every open socket (stalled ones too) and stops listening. */
  close(): Promise<void>;
}

/** A JSON response: `body` JSON.stringify'd unless it is already a string. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** The spec's error body (2.6), with exactly the headers given. */
export function errorBody(status: number, message: string | string[] = `error ${status}`, headers: Record<string, string> = {}): Reply {
  return json({ message, statusCode: status, error: REASONS[status] ?? 'Error' }, status, headers);
}

/** `errorBody` plus `Retry-After: 0` on retryable statuses (429, 500, 502, 503), so retries cost no time. */
export function errorAnswer(status: number, message?: string | string[], headers: Record<string, string> = {}): Reply {
  const retry: Record<string, string> = [429, 500, 502, 503].includes(status) ? { 'retry-after': '0' } : {};
  return errorBody(status, message, { ...retry, ...headers });
}

/** A handler giving every request the same answer. */
export function repeatedly(answer: Answer): Handler {
  return () => answer;
}

/** What a script left unmet: requests it had no answer for, answers nobody asked for. */
interface Unmet {
  unanswered: string[];
  unused: number;
}

/** `optional`: answers a test may leave unasked (a file's default script) are not counted as never asked for. */
function toHandler(script: Script, unmet: Unmet, optional = false): { handler: Handler; pending: () => number; drop: () => void } {
  if (typeof script === 'function') return { handler: script, pending: () => 0, drop: () => {} };
  const queue = [...script];
  return {
    handler: (request) => {
      const answer = queue.shift();
      if (answer) return answer;
      unmet.unanswered.push(`${request.method} ${request.rawUrl}`);
      return { status: 500, body: { message: `test server: no answer scripted for ${request.method} ${request.rawUrl}` } };
    },
    pending: () => (optional ? 0 : queue.length),
    drop: () => void queue.splice(0),
  };
}

export async function startTestServer(script: Script = [], port = 0): Promise<TestServer> {
  const sockets = new Set<Socket>();
  const requests: RecordedRequest[] = [];
  const unmet: Unmet = { unanswered: [], unused: 0 };
  let scripted = toHandler(script, unmet);
  let connections = 0;

  const httpServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawUrl = req.url ?? '/';
      const searchParams = new URL(rawUrl, 'http://test.local').searchParams;
      const query: Record<string, string | string[]> = {};
      for (const [name, value] of searchParams) {
        const existing = query[name];
        if (existing === undefined) query[name] = value;
        else query[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
      }
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: rawUrl.split('?')[0]!,
        rawUrl,
        query,
        searchParams,
        headers: { ...req.headers },
        body: Buffer.concat(chunks).toString('utf8'),
        at: performance.now(),
      };
      const index = requests.length;
      requests.push(recorded);
      void Promise.resolve(scripted.handler(recorded, index)).then((answer) => answerWith(req, res, answer));
    });
  });
  httpServer.on('connection', (socket) => {
    connections++;
    if (server.dropOnConnect) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  httpServer.keepAliveTimeout = 2_000;
  await new Promise<void>((resolve) => httpServer.listen(port, '127.0.0.1', resolve));

  const server: TestServer = {
    url: `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`,
    requests,
    get connections() {
      return connections;
    },
    dropOnConnect: false,
    respond(next, options) {
      unmet.unused += scripted.pending();
      scripted = toHandler(next, unmet, options?.optional);
    },
    verify() {
      const unused = unmet.unused + scripted.pending();
      const unanswered = unmet.unanswered.splice(0);
      unmet.unused = 0;
      // A queue is spent once checked; a handler goes on answering (a server shared by the tests of a file).
      scripted.drop();
      const problems = [
        ...(unanswered.length ? [`requests the script had no answer for: ${unanswered.join(', ')}`] : []),
        ...(unused ? [`${unused} scripted answer(s) never asked for`] : []),
      ];
      if (problems.length) throw new Error(`test server: ${problems.join('; ')}`);
    },
    // Whoever started the server closes it, and learns then what its script left unmet.
    close: async () => {
      await new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        httpServer.close(() => resolve());
      });
      server.verify();
    },
  };
  return server;
}

/** Sends `answer` on `res`: a response, or the fault it names. */
export async function answerWith(req: IncomingMessage, res: ServerResponse, answer: Answer): Promise<void> {
  if ('fault' in answer) {
    switch (answer.fault) {
      case 'drop':
        req.socket.destroy();
        return;
      case 'stall':
        return;
      case 'drop-mid-body':
      case 'stall-mid-body':
        res.writeHead(answer.status ?? 200, {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(answer.body) * 2 + 16),
          ...answer.headers,
        });
        res.write(answer.body);
        if (answer.fault === 'drop-mid-body') setTimeout(() => req.socket.destroy(), 15);
        return;
    }
  }
  if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
  if (req.socket.destroyed) return;
  const body =
    answer.body === undefined
      ? ''
      : typeof answer.body === 'string' || Buffer.isBuffer(answer.body)
        ? answer.body
        : JSON.stringify(answer.body);
  res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
  res.end(body);
}

/**
 * One server for a test file: started before its tests, closed after them, its requests cleared
 * (and its script reset to `defaultScript()`, when given) before each test.
 */
export function useRecordingServer(defaultScript?: () => Script): TestServer {
  let started: TestServer | undefined;
  const current = (): TestServer => {
    if (!started) throw new Error('the test server is started in beforeAll');
    return started;
  };
  beforeAll(async () => {
    started = await startTestServer();
  });
  afterAll(async () => {
    await started?.close();
  });
  beforeEach(() => {
    current().requests.length = 0;
    // The file's default: a test that sends nothing leaves it unasked, and that is no failure.
    if (defaultScript) current().respond(defaultScript(), { optional: true });
  });
  afterEach(() => current().verify());
  return {
    get url() {
      return current().url;
    },
    get requests() {
      return current().requests;
    },
    get connections() {
      return current().connections;
    },
    get dropOnConnect() {
      return current().dropOnConnect;
    },
    set dropOnConnect(value: boolean) {
      current().dropOnConnect = value;
    },
    respond: (script, options) => current().respond(script, options),
    verify: () => current().verify(),
    close: () => current().close(),
  };
}
