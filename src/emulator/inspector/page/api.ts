// The page's requests to the emulator that served it: JSON in and out, the service's error body turned into a
// message, and the API key, which is kept in this tab (or on this computer if asked) and sent only in its header,
// never in a URL.
import { keyProblem } from './key.js';

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
  if (key) {
    // Not sent at all by the browser (fetch throws, as if nothing answered): refused here, saying why.
    const problem = keyProblem(key);
    if (problem) throw new ApiFailure(0, problem);
    headers[KEY_HEADER] = key;
  }
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

/** The key for the page's life, where this browser's storage refuses to keep it (a private window's policy). */
let keyInMemory: string | null = null;

/** One of the browser's storages, or null where it is refused (reading `localStorage` itself may throw). */
function storage(which: 'sessionStorage' | 'localStorage'): Storage | null {
  try {
    return window[which];
  } catch {
    return null;
  }
}

function attempt<T>(work: () => T, otherwise: T): T {
  try {
    return work();
  } catch {
    return otherwise;
  }
}

/**
 * The key given earlier: in this tab (sessionStorage, gone with the tab), else remembered on this computer
 * (localStorage, only where the user asked: another program served later at this address could read it), else in
 * memory.
 */
export function storedKey(): string | null {
  const read = (which: 'sessionStorage' | 'localStorage') => attempt(() => storage(which)?.getItem(KEY_STORAGE) ?? null, null);
  return read('sessionStorage') ?? read('localStorage') ?? keyInMemory;
}

/** Whether the key is remembered on this computer (localStorage). */
export function keyRemembered(): boolean {
  return attempt(() => storage('localStorage')?.getItem(KEY_STORAGE) != null, false);
}

/** Keeps the key for this tab, and on this computer only with `remember` (a key remembered before is forgotten). */
export function storeKey(key: string, remember = false): void {
  keyInMemory = key;
  attempt(() => storage('sessionStorage')?.setItem(KEY_STORAGE, key), undefined);
  attempt(
    () => (remember ? storage('localStorage')?.setItem(KEY_STORAGE, key) : storage('localStorage')?.removeItem(KEY_STORAGE)),
    undefined,
  );
}

export function forgetKey(): void {
  keyInMemory = null;
  for (const which of ['sessionStorage', 'localStorage'] as const) attempt(() => storage(which)?.removeItem(KEY_STORAGE), undefined);
}
