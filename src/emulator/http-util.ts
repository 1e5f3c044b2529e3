// Response and request-body helpers for the emulator's node:http handlers: JSON answers, spec error bodies, bounded bodies.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { ErrorBody } from '../schema/index.js';
import { REASON_PHRASES } from '../schema/index.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * On every answer of the control API and the inspector's reads: none is a page, none may be framed, sniffed into HTML or run anything (a
 * message's body or a receiver's answer in JSON stays data).
 */
export const JSON_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

export function sendJson(res: ServerResponse, status: number, body: string | Buffer, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'content-type': JSON_TYPE,
    'content-length': typeof body === 'string' ? Buffer.byteLength(body) : body.length,
    ...headers,
  });
  res.end(body);
}

/** A JSON answer given as parts written one after another (a large body whose parts are cached), without joining them. */
export function sendJsonParts(res: ServerResponse, status: number, parts: readonly Buffer[]): void {
  let length = 0;
  for (const part of parts) length += part.length;
  res.writeHead(status, { 'content-type': JSON_TYPE, 'content-length': length });
  res.cork();
  for (const part of parts) res.write(part);
  res.uncork();
  res.end();
}

/** The spec's error body (2.6); several messages go out as an array, one as a string. */
export function sendError(res: ServerResponse, status: number, message: string | string[], headers: Record<string, string> = {}): void {
  const body: ErrorBody = {
    message: Array.isArray(message) && message.length === 1 ? message[0]! : message,
    statusCode: status,
    error: REASON_PHRASES[status] ?? STATUS_CODES[status] ?? 'Error',
  };
  sendJson(res, status, JSON.stringify(body), headers);
}

export type BodyResult = { ok: true; value: unknown } | { ok: false; message: string };

/** Reads and parses a JSON body of at most `limitBytes`; an oversize body is cut off, not buffered. */
export function readJsonBody(req: IncomingMessage, limitBytes: number): Promise<BodyResult> {
  const tooLarge: BodyResult = { ok: false, message: `body must be at most ${limitBytes} bytes` };
  const declared = Number(req.headers['content-length']);
  if (declared > limitBytes) return Promise.resolve(tooLarge);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer): void => {
      received += chunk.length;
      if (received > limitBytes) {
        req.off('data', onData);
        req.off('end', onEnd);
        chunks.length = 0;
        resolve(tooLarge);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      const text = Buffer.concat(chunks, received).toString('utf8');
      if (text.trim() === '') {
        resolve({ ok: false, message: 'body must be a JSON document; it is empty' });
        return;
      }
      try {
        resolve({ ok: true, value: JSON.parse(text) });
      } catch (error) {
        resolve({ ok: false, message: `body must be valid JSON: ${(error as Error).message}` });
      }
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', () => resolve({ ok: false, message: 'body could not be read' }));
  });
}

/** True for 127.0.0.0/8 and ::1, in their plain and IPv4-mapped forms. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return plain === '::1' || plain.startsWith('127.');
}

/** Whether every % of a path starts an escape that decodes (to UTF-8 text). */
export function isWellEncoded(path: string): boolean {
  if (!path.includes('%')) return true;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
