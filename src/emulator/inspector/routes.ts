// The inspector: a page for the browser (page/), served by the emulator at its own path, that works through the
// emulator's own APIs (the control API for deliveries, their stream, redelivery and injection; /v1 with the key the
// user gives for webhooks), and the two reads it adds under /_inspector/: the latest transactions at a glance, and
// the chains by name. A page of another site cannot use it: the request guard (request-guard.ts) refuses it before
// this is reached, and the page's headers below keep it from being framed or from running anything not its own.
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { NAMED_CHAINS } from '../../schema/chain-names.js';
import { JSON_ANSWER_HEADERS, isLoopback, isWellEncoded, sendError, sendJson } from '../http-util.js';
import type { EmulatorOptions } from '../options.js';
import { sendNoRoute } from '../router.js';
import type { EmulatorState } from '../state.js';
import { glance } from './glance.js';
import { pageFiles } from './page-files.js';

/** Where the page's files and reads are, whatever path the page itself is served at. */
export const INSPECTOR_PREFIX = '/_inspector/';

const PAGE_FILE = 'index.html';
const TRANSACTIONS_PAGE_SIZE = { default: 25, max: 100 };

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};

/**
 * Every file of the page: it runs only the scripts and styles the emulator sent (an answer shown on it can run
 * nothing, even if it were ever taken for HTML), talks only to the emulator, submits no form anywhere (a key typed
 * into a form never lands in a URL), and no other site may frame it (to trick a click on Redeliver or Deactivate).
 */
const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; " +
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  // Checked again on every load (and answered 304 while unchanged): a newer svc on the same port serves its own page.
  'cache-control': 'no-cache',
};

export interface Inspector {
  /** The page's path: `/`, or the one chosen, ending in `/`. */
  readonly path: string;
  /** Whether a request for this path is the inspector's: its page, or anything under INSPECTOR_PREFIX. */
  serves(path: string): boolean;
  serve(req: IncomingMessage, res: ServerResponse, path: string, search: string): void;
}

/** The inspector the options ask for, if any: by default, only for an emulator listening on loopback. */
export function inspectorFor(options: EmulatorOptions, state: EmulatorState): Inspector | undefined {
  const served = options.inspector ?? (options.host.toLowerCase() === 'localhost' || isLoopback(options.host));
  return served ? new InspectorRoutes(state, options.inspectorPath ?? '/') : undefined;
}

/** A page file in one encoding: compressed once, when first asked for. */
interface EncodedFile {
  body: Buffer;
  etag: string;
}

interface ServedFile {
  type: string;
  identity: EncodedFile;
  /** By content-coding, made on first use. */
  encoded: Map<'br' | 'gzip', EncodedFile>;
}

class InspectorRoutes implements Inspector {
  private files: Map<string, ServedFile> | undefined;
  /** Tells this emulator's answers from an earlier one's on the same port, which a browser may still have cached. */
  private readonly instance = randomBytes(6).toString('hex');

  constructor(
    private readonly state: EmulatorState,
    readonly path: string,
  ) {}

  serves(path: string): boolean {
    return path === this.path || path === this.path.slice(0, -1) || path.startsWith(INSPECTOR_PREFIX);
  }

  serve(req: IncomingMessage, res: ServerResponse, path: string, search: string): void {
    // The page's files set their own policy over these; the reads are JSON, as the control API's answers.
    for (const [name, value] of Object.entries(JSON_ANSWER_HEADERS)) res.setHeader(name, value);
    // Like the control API it drives, and for the same reasons: only this machine's browser.
    if (!isLoopback(req.socket.remoteAddress)) return sendError(res, 403, 'the inspector answers loopback clients only');
    if (!isWellEncoded(path)) return sendError(res, 400, 'the path must be percent-encoded correctly (a % followed by two hex digits)');
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') return sendNoRoute(res, method, path);
    if (path === this.path) return this.sendFile(req, res, PAGE_FILE);
    if (!path.startsWith(INSPECTOR_PREFIX)) {
      // The page's path without its last "/", as people type it.
      res.writeHead(308, { location: this.path, 'content-length': 0 });
      res.end();
      return;
    }
    const name = path.slice(INSPECTOR_PREFIX.length);
    if (name === 'transactions') return this.transactions(req, res, new URLSearchParams(search));
    if (name === 'chains') return sendJson(res, 200, JSON.stringify({ chains: NAMED_CHAINS }));
    // The page itself only at its own path: one address for it.
    if (name !== PAGE_FILE && this.served().has(name)) return this.sendFile(req, res, name);
    sendNoRoute(res, method, path);
  }

  private served(): Map<string, ServedFile> {
    this.files ??= new Map(
      [...pageFiles()].map(([name, body]) => [
        name,
        {
          type: CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream',
          identity: { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` },
          encoded: new Map(),
        },
      ]),
    );
    return this.files;
  }

  /** A page file, compressed as the browser accepts (br, else gzip), with an etag of its own per encoding. */
  private sendFile(req: IncomingMessage, res: ServerResponse, name: string): void {
    const file = this.served().get(name)!;
    const coding = acceptedCoding(req.headers['accept-encoding']);
    const sent = coding === undefined ? file.identity : encoded(file, coding);
    const headers = { ...PAGE_HEADERS, vary: 'accept-encoding', etag: sent.etag };
    if (req.headers['if-none-match'] === sent.etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    res.writeHead(200, {
      ...headers,
      'content-type': file.type,
      'content-length': sent.body.length,
      ...(coding === undefined ? {} : { 'content-encoding': coding }),
    });
    res.end(req.method === 'HEAD' ? undefined : sent.body);
  }

  /**
   * `GET /_inspector/transactions?pageSize=n`: the newest n of the listing, at a glance. The page asks every couple
   * of seconds; between blocks the browser's cache answers, revalidated with the listing's version (304, no body).
   */
  private transactions(req: IncomingMessage, res: ServerResponse, query: URLSearchParams): void {
    const text = query.get('pageSize');
    const pageSize = text === null ? TRANSACTIONS_PAGE_SIZE.default : Number(text);
    if (text !== null && (!/^\d+$/.test(text) || pageSize < 1 || pageSize > TRANSACTIONS_PAGE_SIZE.max)) {
      return sendError(res, 400, `pageSize must be a whole number from 1 to ${TRANSACTIONS_PAGE_SIZE.max}`);
    }
    const store = this.state.store;
    const etag = `"${this.instance}-${store.version}-${pageSize}"`;
    const headers = { etag, 'cache-control': 'no-cache' };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const page = store.page({ network: null, txStatus: null }, null, pageSize);
    sendJson(res, 200, JSON.stringify({ transactions: page.items.map(glance) }), headers);
  }
}

/** The content-coding to send: br when the browser takes it, else gzip when it does, else none. */
function acceptedCoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [coding, ...parameters] = part.trim().toLowerCase().split(';');
    const refused = parameters.some((parameter) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(parameter));
    if (coding && !refused) accepted.add(coding.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/** The file in this coding, compressed the first time it is asked for and kept. */
function encoded(file: ServedFile, coding: 'br' | 'gzip'): EncodedFile {
  let made = file.encoded.get(coding);
  if (!made) {
    const source = file.identity.body;
    const body =
      coding === 'br'
        ? brotliCompressSync(source, {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length },
          })
        : gzipSync(source, { level: 9 });
    made = { body, etag: `${file.identity.etag.slice(0, -1)}-${coding}"` };
    file.encoded.set(coding, made);
  }
  return made;
}
