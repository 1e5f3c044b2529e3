// Test helpers for the emulator: start one on port 0, call it over real HTTP, and receive its notifications.
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EmulatorOptions, RunningEmulator } from '../../src/emulator/index.js';
import { startEmulatorServer } from '../../src/emulator/server.js';
import type { DeliveryTuning } from '../../src/emulator/deliveries/queue.js';
import { DEFAULT_DELIVERY_TUNING } from '../../src/emulator/deliveries/queue.js';
import type { NotificationMessage } from '../../src/schema/index.js';

export const API_KEY = 'test-key';

/** The real clock's timer, kept for time limits on waits even while a test fakes setTimeout. */
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;

export function testOptions(overrides: Partial<EmulatorOptions> = {}): EmulatorOptions {
  return {
    port: 0,
    host: '127.0.0.1',
    seed: 42,
    blockTimeMs: 0,
    apiKeys: [],
    readOnlyKeys: [],
    rateLimit: 0,
    faultRate: 0,
    latencyMs: 0,
    ...overrides,
  };
}

/**
 * A history of 300 transactions instead of 3,000, for emulators whose tests check only what they add to it (webhooks,
 * injections, messages, kept records): building a start's chain from its history (~50 CPU-ms for 3,000, more when
 * the seed's history is not yet made in this process) is most of what such an emulator costs.
 */
export const SHORT_HISTORY = { historyTransactions: 300 } as const;

/** Delivery timing short enough for tests: 300 ms attempts, 50 ms between retries. */
export const FAST_DELIVERY: DeliveryTuning = {
  ...DEFAULT_DELIVERY_TUNING,
  attemptTimeoutMs: 300,
  maxAttempts: 5,
  retryDelayMs: () => 50,
};

/**
 * FAST_DELIVERY's retries with the contract's 5 s per attempt: for tests that assert what each attempt got, which a
 * 300 ms limit on a loaded machine would turn into a timeout now and then.
 */
export const PATIENT_DELIVERY: DeliveryTuning = { ...FAST_DELIVERY, attemptTimeoutMs: 5_000 };

export function startTestEmulator(overrides: Partial<EmulatorOptions> = {}, tuning = FAST_DELIVERY): Promise<RunningEmulator> {
  return startEmulatorServer(testOptions(overrides), tuning);
}

export interface JsonResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/**
 * A request to the emulator (or any server) and its JSON answer, over node's http: fetch costs about twice the CPU
 * per request (its streams and connection pool), and the suite makes thousands. A new connection each time unless
 * `agent` keeps them: a kept one can outlive a server another test closed.
 */
export function call<T = any>(
  baseUrl: string,
  method: string,
  path: string,
  options: {
    key?: string;
    body?: unknown;
    rawBody?: string;
    contentType?: string;
    headers?: Record<string, string>;
    agent?: http.Agent;
  } = {},
): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== undefined) headers['x-service-api-key'] = options.key;
  let body: string | undefined;
  if (options.rawBody !== undefined || options.body !== undefined) {
    body = options.rawBody ?? JSON.stringify(options.body);
    headers['content-type'] = options.contentType ?? 'application/json';
    // As fetch sends it: node's http frames a DELETE's body only when told its length.
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  return new Promise((resolve, reject) => {
    const request = http.request(baseUrl + path, { method, headers, agent: options.agent ?? false }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(answer.headers)) {
          for (const one of Array.isArray(value) ? value : [value ?? '']) answerHeaders.append(name, one);
        }
        resolve({ status: answer.statusCode ?? 0, headers: answerHeaders, body: text === '' ? undefined : JSON.parse(text) });
      });
      answer.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

export function webhookBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    url: 'http://127.0.0.1:9/hook',
    chainId: '43114',
    eventType: 'address_activity',
    metadata: { addresses: ['0x1111111111111111111111111111111111111111'] },
    ...overrides,
  };
}

export interface Receiver {
  url: string;
  messages: NotificationMessage[];
  /** Every request seen, including the ones answered with an error, with the bytes and signature it came with. */
  requests: { contentType: string | undefined; body: NotificationMessage; rawBody: string; signature: string | undefined }[];
  /** Requests left unanswered ('hang') whose connection the sender has since closed. */
  abandoned: number;
  /** Status to answer for the n-th request (0-based); 200 when it returns undefined. */
  respond: (index: number) => number | 'hang' | undefined;
  /** Resolves once `count` messages were answered 2xx (checked as each request comes, no polling). */
  waitFor(count: number, timeoutMs?: number): Promise<NotificationMessage[]>;
  /**
   * Resolves with the first value other than undefined of `check`, tried now and after each request or abandonment;
   * `timeoutMs` is real time, also under fake timers.
   */
  until<T>(check: () => T | undefined, timeoutMs?: number, what?: string): Promise<T>;
  close(): Promise<void>;
}

/** A local webhook endpoint recording what the emulator posts; `messages` holds the 2xx-answered ones. */
export async function startReceiver(): Promise<Receiver> {
  const hanging: http.ServerResponse[] = [];
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of [...listeners]) listener();
  };
  const receiver: Receiver = {
    url: '',
    messages: [],
    requests: [],
    abandoned: 0,
    respond: () => undefined,
    waitFor(count, timeoutMs = 5_000) {
      return receiver.until(
        () => (receiver.messages.length >= count ? receiver.messages : undefined),
        timeoutMs,
        `${count} messages (got ${receiver.messages.length})`,
      );
    },
    until<T>(check: () => T | undefined, timeoutMs = 5_000, what = 'receiver condition') {
      const now = check();
      if (now !== undefined) return Promise.resolve(now);
      return new Promise<T>((resolve, reject) => {
        const listener = () => {
          const value = check();
          if (value === undefined) return;
          listeners.delete(listener);
          realClearTimeout(timer);
          resolve(value);
        };
        const timer = realSetTimeout(() => {
          listeners.delete(listener);
          reject(new Error(`${what} not met within ${timeoutMs} ms`));
        }, timeoutMs);
        listeners.add(listener);
      });
    },
    close: () =>
      new Promise((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const body = JSON.parse(rawBody) as NotificationMessage;
      const index = receiver.requests.length;
      const signature = req.headers['x-signature'];
      receiver.requests.push({
        contentType: req.headers['content-type'],
        body,
        rawBody,
        signature: typeof signature === 'string' ? signature : undefined,
      });
      const answer = receiver.respond(index) ?? 200;
      if (answer === 'hang') {
        hanging.push(res);
        res.on('close', () => {
          receiver.abandoned++;
          changed();
        });
        changed();
        return;
      }
      if (answer >= 200 && answer < 300) receiver.messages.push(body);
      res.writeHead(answer, { 'content-type': 'text/plain' });
      res.end('ok');
      changed();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return receiver;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `check` until it returns a value other than undefined. */
export async function eventually<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

/**
 * The URL an emulator started as a process prints on its first stdout line; rejects with its stderr if it ends first.
 */
export function printedUrl(child: ChildProcess): Promise<string> {
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  return new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
      if (stdout.includes('\n')) resolve(stdout.split('\n')[0]!);
    });
    child.once('exit', (code) => reject(new Error(`the emulator ended (exit ${code}): ${stderr}`)));
  });
}
