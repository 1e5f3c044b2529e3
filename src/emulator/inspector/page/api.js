// The page's requests to the emulator that served it: JSON in and out, the service's error body turned into a
// message, and the API key, which is kept in this browser's storage and sent only in its header, never in a URL.

/** The header the emulator reads the key from (the seed's name; the CLI's default). */
const KEY_HEADER = 'x-service-api-key';
/** Under the emulator's own origin: each emulator (each port) has its own. */
const KEY_STORAGE = 'svc-inspector.api-key';

export class ApiFailure extends Error {
  /**
   * @param {number} status 0 when nothing answered
   * @param {string | string[]} messages the service's message, or several
   * @param {number | undefined} [retryAfterSeconds]
   */
  constructor(status, messages, retryAfterSeconds) {
    super(Array.isArray(messages) ? messages.join('; ') : messages);
    this.status = status;
    this.messages = messages;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * A path with its query; parameters without a value are left out.
 * @param {string} path
 * @param {Record<string, string | number | undefined | null>} params
 */
export function withQuery(path, params) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * @param {string} method
 * @param {string} path
 * @param {{ body?: unknown, key?: string | null }} [options]
 * @returns {Promise<any>}
 */
async function request(method, path, { body, key } = {}) {
  /** @type {Record<string, string>} */
  const headers = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (key) headers[KEY_HEADER] = key;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), redirect: 'error' });
  } catch {
    throw new ApiFailure(0, 'the emulator does not answer: is it still running? (svc emulator status)');
  }
  const text = await response.text();
  let parsed;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const message =
      parsed && (typeof parsed.message === 'string' || Array.isArray(parsed.message))
        ? parsed.message
        : `${response.status} ${response.statusText}`;
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ApiFailure(response.status, message, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
  }
  return parsed;
}

/**
 * @param {string} path
 * @param {{ key?: string | null }} [options]
 */
export function getJson(path, options = {}) {
  return request('GET', path, options);
}

/**
 * @param {'POST' | 'PATCH' | 'DELETE'} method
 * @param {string} path
 * @param {unknown} body
 * @param {{ key?: string | null }} [options]
 */
export function sendJson(method, path, body, options = {}) {
  return request(method, path, { ...options, body });
}

/** The key given earlier in this browser, if any (storage may be refused: a private window's policy). */
export function storedKey() {
  try {
    return localStorage.getItem(KEY_STORAGE);
  } catch {
    return null;
  }
}

/** @param {string} key */
export function storeKey(key) {
  try {
    localStorage.setItem(KEY_STORAGE, key);
    return true;
  } catch {
    return false;
  }
}

export function forgetKey() {
  try {
    localStorage.removeItem(KEY_STORAGE);
  } catch {
    // Nothing was kept.
  }
}
