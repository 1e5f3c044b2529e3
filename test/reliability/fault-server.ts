// A scriptable loopback HTTP server for fault tests: records every request and answers each with a chosen
// fault (status, dropped connection before headers or mid-body, stall before headers or mid-body, any body).
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface SeenRequest {
  method: string;
  /** Path without the query, as sent. */
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
  /** performance.now() at arrival. */
  at: number;
}

export type Answer =
  | { status?: number; headers?: Record<string, string>; body?: string | Buffer | object; delayMs?: number }
  /** Destroy the socket after the request was read, before any header. */
  | { fault: 'drop' }
  /** Headers and the first part of the body, then destroy the socket. */
  | { fault: 'drop-mid-body'; status?: number; body: string }
  /** Never answer. */
  | { fault: 'stall' }
  /** Headers and part of the body, then nothing more. */
  | { fault: 'stall-mid-body'; body: string };

export type Script = (request: SeenRequest, index: number) => Answer | Promise<Answer>;

export interface FaultServer {
  url: string;
  requests: SeenRequest[];
  /** Connections accepted, including those dropped before a request was read. */
  connections: number;
  script: Script;
  /** Destroy every new connection as soon as it is accepted (before the request is read). */
  dropOnConnect: boolean;
  close(): Promise<void>;
}

export function jsonAnswer(body: unknown, status = 200, headers: Record<string, string> = {}): Answer {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

const REASONS: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 429: 'Too Many Requests',
  500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable',
};

/** The spec's error body with `Retry-After: 0` on retryable statuses, so retries cost no time. */
export function errorAnswer(status: number, message: string | string[] = `injected ${status}`, headers: Record<string, string> = {}): Answer {
  const retry: Record<string, string> = [429, 500, 502, 503].includes(status) ? { 'retry-after': '0' } : {};
  return jsonAnswer({ message, statusCode: status, error: REASONS[status] ?? 'Error' }, status, { ...retry, ...headers });
}

export async function startFaultServer(script: Script = () => jsonAnswer({}), port = 0): Promise<FaultServer> {
  const sockets = new Set<Socket>();
  const stalled = new Set<ServerResponse>();
  const httpServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = req.url ?? '/';
      const parsed = new URL(raw, 'http://fault.local');
      const seen: SeenRequest = {
        method: req.method ?? '',
        path: raw.split('?')[0]!,
        query: parsed.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: performance.now(),
      };
      const index = server.requests.length;
      server.requests.push(seen);
      void Promise.resolve(server.script(seen, index)).then((answer) => answerWith(req, res, answer, stalled));
    });
  });
  httpServer.on('connection', (socket) => {
    server.connections++;
    if (server.dropOnConnect) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  httpServer.keepAliveTimeout = 2_000;
  await new Promise<void>((resolve) => httpServer.listen(port, '127.0.0.1', resolve));
  const server: FaultServer = {
    url: `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`,
    requests: [],
    connections: 0,
    script,
    dropOnConnect: false,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        httpServer.close(() => resolve());
      }),
  };
  return server;
}

async function answerWith(req: IncomingMessage, res: ServerResponse, answer: Answer, stalled: Set<ServerResponse>): Promise<void> {
  if ('fault' in answer) {
    switch (answer.fault) {
      case 'drop':
        req.socket.destroy();
        return;
      case 'stall':
        stalled.add(res);
        return;
      case 'drop-mid-body':
      case 'stall-mid-body': {
        const status = answer.fault === 'drop-mid-body' ? (answer.status ?? 200) : 200;
        res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(answer.body) * 2 + 16) });
        res.write(answer.body);
        if (answer.fault === 'drop-mid-body') setTimeout(() => req.socket.destroy(), 15);
        else stalled.add(res);
        return;
      }
    }
  }
  if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
  if (req.socket.destroyed) return;
  const body =
    answer.body === undefined ? '' : typeof answer.body === 'string' || Buffer.isBuffer(answer.body) ? answer.body : JSON.stringify(answer.body);
  res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
  res.end(body);
}

/** A small deterministic PRNG (mulberry32), so "random" faults are the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A transaction list item (spec 2.1) numbered `n`: its hash and block carry the number, so order can be checked. */
export function numberedTransaction(n: number, chainId = '43114'): Record<string, unknown> {
  const hex = n.toString(16).padStart(8, '0');
  return {
    blockNumber: String(1_000_000 - n),
    blockTimestamp: 1_750_000_000 - n,
    blockTimestampMilliseconds: (1_750_000_000 - n) * 1000,
    blockMinDelayExcess: 0,
    blockHash: '0x' + 'b'.repeat(56) + hex,
    chainId,
    blockIndex: 0,
    txHash: '0x' + 'a'.repeat(56) + hex,
    txStatus: n % 7 === 0 ? '0' : '1',
    txType: 2,
    gasLimit: '21000',
    gasUsed: '21000',
    gasPrice: '25000000000',
    nonce: String(n),
    from: { name: 'Alice', symbol: 'ALC', decimals: 18, logoUri: 'https://example.com/a.png', address: '0x71c7656ec7ab88b098defb751b7401b5f6d8976f' },
    to: { name: 'Bob', symbol: 'BOB', decimals: 18, logoUri: 'https://example.com/b.png', address: '0x52908400098527886e0f7030069857d2e4169ee7' },
    method: { callType: 'CONTRACT_CALL', methodHash: '0xa9059cbb', methodName: 'transfer(address,uint256)' },
    value: String(n) + '000000000000000',
  };
}

export function numberedAddress(n: number): string {
  return '0x' + n.toString(16).padStart(40, '0');
}
