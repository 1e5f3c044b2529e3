// `svc webhook listen`'s server: takes notification POSTs, spots duplicates by messageId, forwards if asked.
import { createServer, request as httpRequest } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import * as v from 'valibot';
import { ReceivedNotificationSchema } from '../schema/notifications.js';
import type { ReceivedNotification } from '../schema/notifications.js';
import { MAX_NOTIFICATION_BYTES } from '../schema/rules.js';
import { SIGNATURE_HEADER } from '../signature/index.js';

export interface ReceiverOptions {
  port: number;
  host: string;
  /** Only this path is accepted when set; any path otherwise. */
  path?: string;
  /** Each message is relayed here; its status is what the sender gets back. */
  forwardTo?: string;
  /**
   * With --verify: checks each message's signature (the raw body and its x-signature header) before anything else is
   * done with it; an invalid one is answered 401, reported as `unverified`, and neither shown nor forwarded.
   */
  checkSignature?(body: string, signature: string | undefined): Promise<SignatureCheck>;
  onEvent(event: ReceiverEvent): void;
}

export type SignatureCheck = { valid: true } | { valid: false; reason: string };

export type ReceiverEvent =
  | {
      kind: 'message';
      message: ReceivedNotification;
      /** The body as received. */
      body: string;
      receivedAt: Date;
      duplicate: boolean;
      /** Its signature was checked and is right (only with `checkSignature`). */
      verified: boolean;
      forward?: { status?: number; error?: string };
    }
  /** Answered `status`: 413 for a body over the size limit, 400 for one that is no notification. */
  | { kind: 'malformed'; status: 400 | 413; reason: string; receivedAt: Date }
  /**
   * Answered 401: the signature is missing or wrong. `messageId` and `webhookId` when the body holds readable ones;
   * who sent it: its address and its user-agent, as given.
   */
  | {
      kind: 'unverified';
      reason: string;
      messageId?: string;
      webhookId?: string;
      sender: { address: string; userAgent?: string };
      receivedAt: Date;
    }
  | { kind: 'rejected'; method: string; path: string; status: number; receivedAt: Date };

export interface RunningReceiver {
  url: string;
  close(): Promise<void>;
}

/** Bodies larger than this are refused. */
const MAX_BODY_BYTES = MAX_NOTIFICATION_BYTES;
/** How many messageIds are remembered for duplicate detection; the oldest are forgotten first. */
const REMEMBERED_MESSAGE_IDS = 100_000;
const FORWARD_TIMEOUT_MS = 10_000;

export async function startReceiver(options: ReceiverOptions): Promise<RunningReceiver> {
  const forwardTarget = options.forwardTo === undefined ? undefined : relayTarget(options.forwardTo);
  const seenMessageIds = new Set<string>();
  const remember = (messageId: string) => {
    seenMessageIds.add(messageId);
    if (seenMessageIds.size > REMEMBERED_MESSAGE_IDS) {
      seenMessageIds.delete(seenMessageIds.values().next().value as string);
    }
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) answer(response, 500, { message: 'receiver error' });
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const receivedAt = new Date();
    const path = (request.url ?? '/').split('?')[0]!;
    if (options.path !== undefined && path !== options.path) {
      options.onEvent({ kind: 'rejected', method: request.method ?? '?', path, status: 404, receivedAt });
      return answer(response, 404, { message: `not found: notifications are taken at ${options.path}` });
    }
    if (request.method !== 'POST') {
      options.onEvent({ kind: 'rejected', method: request.method ?? '?', path, status: 405, receivedAt });
      response.setHeader('allow', 'POST');
      return answer(response, 405, { message: 'notifications are sent with POST' });
    }
    const body = await readBody(request);
    if (body === undefined) {
      options.onEvent({ kind: 'malformed', status: 413, reason: `body larger than ${MAX_BODY_BYTES} bytes`, receivedAt });
      return answer(response, 413, { message: 'body too large' });
    }
    const signatureHeader = request.headers[SIGNATURE_HEADER];
    const signature = Array.isArray(signatureHeader) ? signatureHeader[0] : signatureHeader;
    if (options.checkSignature) {
      const check = await options.checkSignature(body, signature);
      if (!check.valid) {
        const userAgent = request.headers['user-agent'];
        options.onEvent({
          kind: 'unverified',
          reason: check.reason,
          ...readableIds(body),
          sender: { address: request.socket.remoteAddress ?? 'unknown', ...(userAgent ? { userAgent } : {}) },
          receivedAt,
        });
        return answer(response, 401, { message: `invalid signature: ${check.reason}` });
      }
    }
    const checked = checkNotification(body);
    if (typeof checked === 'string') {
      options.onEvent({ kind: 'malformed', status: 400, reason: checked, receivedAt });
      return answer(response, 400, { message: `malformed notification: ${checked}` });
    }
    const duplicate = seenMessageIds.has(checked.messageId);
    remember(checked.messageId);
    let status = 200;
    let forward: { status?: number; error?: string } | undefined;
    if (forwardTarget) {
      forward = await relay(forwardTarget, body, request.headers['content-type'], signature);
      // The sender learns how the real consumer fared, so its retries can be rehearsed too.
      status = forward.status !== undefined && forward.status >= 200 && forward.status < 300 ? 200 : 502;
    }
    options.onEvent({
      kind: 'message',
      message: checked,
      body,
      receivedAt,
      duplicate,
      verified: options.checkSignature !== undefined,
      forward,
    });
    answer(response, status, { received: true, duplicate });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}${options.path ?? '/'}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The notification, or why it is not one (the fields the receiver relies on, per spec 2.5). */
export function checkNotification(body: string): ReceivedNotification | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (error) {
    return body.trim() === '' ? 'empty body' : `not JSON (${(error as Error).message})`;
  }
  const result = v.safeParse(ReceivedNotificationSchema, parsed, { abortEarly: true });
  return result.success ? result.output : result.issues[0].message;
}

/** The messageId of a body that may be anything (a forged message is not trusted to be a notification). */
function readableIds(body: string): { messageId?: string; webhookId?: string } {
  let parsed: { messageId?: unknown; webhookId?: unknown } | null;
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    return {};
  }
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  const [messageId, webhookId] = [text(parsed?.messageId), text(parsed?.webhookId)];
  return { ...(messageId === undefined ? {} : { messageId }), ...(webhookId === undefined ? {} : { webhookId }) };
}

/** Where and how messages are relayed: a URL's user:password travels as Basic auth, as curl sends it. */
interface RelayTarget {
  url: string;
  authorization?: string;
}

function relayTarget(forwardTo: string): RelayTarget {
  const url = new URL(forwardTo);
  if (!url.username && !url.password) return { url: forwardTo };
  const credentials = `${percentDecoded(url.username)}:${percentDecoded(url.password)}`;
  url.username = '';
  url.password = '';
  return { url: url.href, authorization: `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}` };
}

/** As curl reads a URL's user:password: escapes decoded, and a stray "%" taken as it is. */
function percentDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Relays one message with node's own client: it reaches whatever curl reaches (the fetch API refuses some ports, 6000
 * among them), and a failure is said by its cause: refused, timed out, reset, a name that does not resolve.
 */
function relay(
  target: RelayTarget,
  body: string,
  contentType: string | undefined,
  signature: string | undefined,
): Promise<{ status?: number; error?: string }> {
  const headers: Record<string, string> = {
    'content-type': contentType ?? 'application/json',
    'content-length': String(Buffer.byteLength(body)),
  };
  if (target.authorization) headers.authorization = target.authorization;
  // Passed on unchanged, so the consumer can verify the message itself, as it will in production.
  if (signature !== undefined) headers[SIGNATURE_HEADER] = signature;
  const url = new URL(target.url);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const request = send(url, { method: 'POST', headers, timeout: FORWARD_TIMEOUT_MS }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode }));
      response.on('error', () => resolve({ error: 'reset' }));
    });
    request.on('timeout', () => request.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: relayFailure(error.code) }));
    request.end(body);
  });
}

/** A failed relay in a word or two, as people say it. */
function relayFailure(code: string | undefined): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'refused';
    case 'ETIMEDOUT':
      return 'timed out';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'reset';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'unknown host';
    default:
      return code ?? 'failed';
  }
}
