// A real HTTP server on 127.0.0.1:0 that records every request and answers from a script (canned responses or a handler).
import { createServer } from 'node:http';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** The path without the query string, exactly as sent (percent-encoding kept). */
  path: string;
  /** The raw request target (path + query). */
  rawUrl: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** performance.now() when the request arrived. */
  at: number;
}

export type CannedResponse =
  | {
      status?: number;
      headers?: Record<string, string>;
      /** A string is sent as is; anything else is JSON.stringify'd. */
      body?: unknown;
      /** Milliseconds to wait before answering. */
      delayMs?: number;
    }
  /** Destroy the socket before any response header is written. */
  | { action: 'drop' }
  /** Send headers and part of the body, then destroy the socket. */
  | { action: 'partial'; status?: number; headers?: Record<string, string>; body: string }
  /** Never answer. */
  | { action: 'stall' };

export type Handler = (request: RecordedRequest, index: number) => CannedResponse | Promise<CannedResponse>;

export interface RecordingServer {
  url: string;
  requests: RecordedRequest[];
  /** Replaces the script: a handler, or a queue of responses (the last one repeats when the queue runs out). */
  respond(script: Handler | CannedResponse[]): void;
  close(): Promise<void>;
}

/**
 * One recording server for a test file: started before its tests, closed after them, its requests cleared
 * (and its script reset to `defaultScript()`, when given) before each test.
 */
export function useRecordingServer(defaultScript?: () => Handler | CannedResponse[]): RecordingServer {
  let started: RecordingServer | undefined;
  const current = (): RecordingServer => {
    if (!started) throw new Error('the recording server is started in beforeAll');
    return started;
  };
  beforeAll(async () => {
    started = await startRecordingServer();
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
    respond: (script) => current().respond(script),
    close: () => current().close(),
  };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): CannedResponse {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) };
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

/** The spec's error body (2.6). */
export function errorBody(status: number, message: string | string[] = `error ${status}`, headers: Record<string, string> = {}): CannedResponse {
  return json({ message, statusCode: status, error: REASONS[status] ?? 'Error' }, status, headers);
}

function toHandler(script: Handler | CannedResponse[]): Handler {
  if (typeof script === 'function') return script;
  const queue = [...script];
  return (_request, index) => queue[Math.min(index, queue.length - 1)] ?? json({});
}

export async function startRecordingServer(script: Handler | CannedResponse[] = [json({})]): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  let handler = toHandler(script);

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawUrl = req.url ?? '/';
      const parsed = new URL(rawUrl, 'http://recording.local');
      const query: Record<string, string | string[]> = {};
      for (const [name, value] of parsed.searchParams) {
        const existing = query[name];
        if (existing === undefined) query[name] = value;
        else query[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
      }
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: rawUrl.split('?')[0]!,
        rawUrl,
        query,
        headers: { ...req.headers },
        body: Buffer.concat(chunks).toString('utf8'),
        at: performance.now(),
      };
      const index = requests.length;
      requests.push(recorded);
      void Promise.resolve(handler(recorded, index)).then((answer) => answerWith(req, res, answer));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.keepAliveTimeout = 1000;

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respond(next) {
      handler = toHandler(next);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

async function answerWith(req: IncomingMessage, res: ServerResponse, answer: CannedResponse): Promise<void> {
  if ('action' in answer) {
    if (answer.action === 'drop') {
      req.socket.destroy();
      return;
    }
    if (answer.action === 'stall') return;
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(answer.body) * 2 + 10), ...answer.headers });
    res.write(answer.body);
    setTimeout(() => req.socket.destroy(), 20);
    return;
  }
  if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
  const body = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  const headers: Record<string, string> = { 'content-type': 'application/json', ...answer.headers };
  res.writeHead(answer.status ?? 200, headers);
  res.end(body);
}

let txCounter = 0;

/** A transaction list item (spec 2.1) with sensible values; `overrides` replace fields. */
export function makeTransaction(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  txCounter++;
  const n = txCounter.toString(16).padStart(4, '0');
  return {
    blockNumber: '4821337',
    blockTimestamp: 1_700_000_000,
    blockTimestampMilliseconds: 1_700_000_000_000,
    blockMinDelayExcess: 0,
    blockHash: '0x' + 'b'.repeat(60) + n,
    chainId: '43114',
    blockIndex: 0,
    txHash: '0x' + 'a'.repeat(60) + n,
    txStatus: '1',
    txType: 2,
    gasLimit: '21000',
    gasUsed: '21000',
    gasPrice: '25000000000',
    nonce: '7',
    from: { name: 'Alice', symbol: 'ALC', decimals: 18, logoUri: 'https://example.com/a.png', address: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F' },
    to: { name: 'Bob', symbol: 'BOB', decimals: 18, logoUri: 'https://example.com/b.png', address: '0x52908400098527886E0F7030069857D2E4169EE7' },
    method: { callType: 'CONTRACT_CALL', methodHash: '0xa9059cbb', methodName: 'transfer(address,uint256)' },
    value: '1000000000000000000',
    ...overrides,
  };
}

/** `count` distinct transactions. */
export function makeTransactions(count: number, overrides: Record<string, unknown> = {}): Record<string, unknown>[] {
  return Array.from({ length: count }, () => makeTransaction(overrides));
}

/** A webhook object (spec 2.3). */
export function makeWebhook(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: '3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60',
    url: 'https://example.com/hook',
    chainId: '43113',
    status: 'active',
    createdAt: 1_700_000_000,
    name: 'my hook',
    description: 'watches things',
    eventType: 'address_activity',
    metadata: { addresses: ['0x71c7656ec7ab88b098defb751b7401b5f6d8976f'], eventSignatures: [] },
    includeInternalTxs: false,
    includeLogs: false,
    ...overrides,
  };
}
