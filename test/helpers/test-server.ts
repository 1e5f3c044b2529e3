// A real HTTP server on 127.0.0.1 for tests: records every request and answers each from a script (a handler or
// a queue of answers) with a canned response or a fault (dropped or stalled, before headers or mid-body).
import { createServer } from 'node:http';
import { afterAll, beforeAll, beforeEach } from 'vitest';
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

/** A handler, or a queue of answers (the last one repeats when the queue runs out). */
export type Script = Handler | Answer[];

export interface TestServer {
  url: string;
  requests: RecordedRequest[];
  /** Connections accepted, including those dropped before a request was read. */
  readonly connections: number;
  /** Destroy every new connection as soon as it is accepted (before the request is read). */
  dropOnConnect: boolean;
  /** Replaces the script. */
  respond(script: Script): void;
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

function toHandler(script: Script): Handler {
  if (typeof script === 'function') return script;
  const queue = [...script];
  return (_request, index) => queue[Math.min(index, queue.length - 1)] ?? json({});
}

export async function startTestServer(script: Script = [json({})], port = 0): Promise<TestServer> {
  const sockets = new Set<Socket>();
  const requests: RecordedRequest[] = [];
  let handler = toHandler(script);
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
      void Promise.resolve(handler(recorded, index)).then((answer) => answerWith(req, res, answer));
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
    respond(next) {
      handler = toHandler(next);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        httpServer.close(() => resolve());
      }),
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
    if (defaultScript) current().respond(defaultScript());
  });
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
    respond: (script) => current().respond(script),
    close: () => current().close(),
  };
}
