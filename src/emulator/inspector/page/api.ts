// The page's requests to the emulator that served it: JSON in and out, the service's error body turned into a
// message, and the API key, which is kept in this browser's storage and sent only in its header, never in a URL.

/** The header the emulator reads the key from (the seed's name; the CLI's default). */
const KEY_HEADER = 'x-service-api-key';
/** Under the emulator's own origin: each emulator (each port) has its own. */
const KEY_STORAGE = 'svc-inspector.api-key';

export class ApiFailure extends Error {
  /**
   * @param status 0 when nothing answered
   * @param messages the service's message, or several
   */
  constructor(
    readonly status: number,
    readonly messages: string | string[],
    readonly retryAfterSeconds?: number,
  ) {
    super(Array.isArray(messages) ? messages.join('; ') : messages);
  }
}

/** A path with its query; parameters without a value are left out. */
export function withQuery(path: string, params: Record<string, string | number | undefined | null>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The key to send, if any. */
export interface KeyOption {
  key?: string | null;
}

/**
 * The answer's JSON, as the emulator's schemas (src/schema/) describe it: the page takes the emulator that served
 * it at its word, and checks nothing at run time.
 */
async function request<T>(method: string, path: string, { body, key }: KeyOption & { body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (key) headers[KEY_HEADER] = key;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), redirect: 'error' });
  } catch {
    throw new ApiFailure(0, 'the emulator does not answer: is it still running? (svc emulator status)');
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const said = (parsed as { message?: unknown } | undefined)?.message;
    const message =
      typeof said === 'string' || Array.isArray(said) ? (said as string | string[]) : `${response.status} ${response.statusText}`;
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ApiFailure(response.status, message, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
  }
  return parsed as T;
}

export function getJson<T>(path: string, options: KeyOption = {}): Promise<T> {
  return request<T>('GET', path, options);
}

export function sendJson<T>(method: 'POST' | 'PATCH' | 'DELETE', path: string, body: unknown, options: KeyOption = {}): Promise<T> {
  return request<T>(method, path, { ...options, body });
}

/** The key given earlier in this browser, if any (storage may be refused: a private window's policy). */
export function storedKey(): string | null {
  try {
    return localStorage.getItem(KEY_STORAGE);
  } catch {
    return null;
  }
}

export function storeKey(key: string): boolean {
  try {
    localStorage.setItem(KEY_STORAGE, key);
    return true;
  } catch {
    return false;
  }
}

export function forgetKey(): void {
  try {
    localStorage.removeItem(KEY_STORAGE);
  } catch {
    // Nothing was kept.
  }
}
