// Which requests the emulator serves at all: none that a web page the user merely visits could have sent it.
// A page cannot read the emulator's answers (it sends no CORS headers), but it can send it requests: a simple
// cross-site POST (a form, or fetch with a text/plain body) needs no preflight, and a page whose name is rebound to
// 127.0.0.1 (DNS rebinding) is the emulator's own origin to the browser. Local dev servers learned this the hard way
// (webpack-dev-server and Vite both check Host); the rules here are theirs: a Host the emulator is known by, and
// for a state-changing request no other site's Origin or Sec-Fetch-Site and no body that is not JSON. svc, the
// operator's SDK and curl send no Origin and no Sec-Fetch-Site, and declare their JSON.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { sendError } from './http-util.js';

/** Methods that only read: a page may send them anywhere, and cannot read the answer of another origin. */
const READING_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What a browser says of a request the user made themselves (`none`) or a page of the emulator's own origin made. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

/**
 * A function that refuses, with the service's error body, a request a web page could have sent (true: it was
 * answered), and lets any other through (false). `listenHost` is the address the emulator was told to listen on
 * (`--host`): the name clients reach it by, besides loopback.
 */
export function requestGuard(listenHost: string): (req: IncomingMessage, res: ServerResponse) => boolean {
  const ownName = listenHost.toLowerCase();
  return (req, res) => {
    const reason = foreignHost(req.headers.host, ownName) ?? (READING_METHODS.has(req.method ?? 'GET') ? undefined : foreignWrite(req));
    if (reason === undefined) return false;
    // The body (if any) is not read: the connection goes with the answer.
    sendError(res, reason.status, reason.message, { connection: 'close' });
    return true;
  };
}

interface Refusal {
  status: 400 | 403;
  message: string;
}

/**
 * A Host header naming something other than this emulator, as a page rebound to 127.0.0.1 sends its own name. Any
 * IP address passes (a page that reached the emulator by address is of that address's origin, which a page cannot
 * be rebound to), as do `localhost` and its subdomains (browsers resolve them to loopback themselves) and the name
 * given to --host. No Host at all is no browser's request.
 */
function foreignHost(host: string | undefined, ownName: string): Refusal | undefined {
  if (host === undefined) return undefined;
  const name = hostName(host);
  if (name !== undefined && (isIP(name) !== 0 || name === 'localhost' || name.endsWith('.localhost') || name === ownName)) {
    return undefined;
  }
  return {
    status: 403,
    message: `the emulator answers requests addressed to it only (loopback, an IP address, or its --host), not to Host ${JSON.stringify(host.slice(0, 200))}; start it with --host <that name> to reach it by that name`,
  };
}

/** The name in a Host header (`name`, `1.2.3.4`, `[::1]`, each with an optional port), lower-case, unbracketed. */
function hostName(host: string): string | undefined {
  const name = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/i.exec(host)?.[1];
  return name?.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

/** A state-changing request from another site (Origin, Sec-Fetch-Site), or with a body that is not JSON. */
function foreignWrite(req: IncomingMessage): Refusal | undefined {
  const { origin, host } = req.headers;
  const fetchSite = req.headers['sec-fetch-site'];
  // A page's own origin is the Host it sent the request to; "null" is an opaque origin (a sandboxed frame, a file).
  const ownOrigins = host === undefined ? [] : [`http://${host}`.toLowerCase(), `https://${host}`.toLowerCase()];
  if (origin !== undefined && !ownOrigins.includes(origin.toLowerCase())) {
    return {
      status: 403,
      message: `the emulator takes no state-changing request from another site (Origin ${JSON.stringify(origin.slice(0, 200))})`,
    };
  }
  if (fetchSite !== undefined && !OWN_FETCH_SITES.has(fetchSite)) {
    return {
      status: 403,
      message: `the emulator takes no state-changing request from another site (Sec-Fetch-Site: ${fetchSite.slice(0, 40)})`,
    };
  }
  const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  if (hasBody && !/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) {
    return { status: 400, message: 'Content-Type must be application/json' };
  }
  return undefined;
}
