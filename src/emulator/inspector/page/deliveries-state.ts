// The Deliveries view's state, apart from its rendering: the filters, the page of messages shown and where it sits
// among the pages, the true total; each answer and each event of the stream folded into it; and what a row says.
// Pure: no DOM, tested in Node (test/unit/inspector-deliveries-state.test.ts).
import type { DeliveriesAnswer, DeliveryRecord, DeliveryState } from '../../../schema/emulator-control.js';
import { DELIVERY_STATES } from '../../../schema/emulator-control.js';
import { nameOfChainId } from '../../../schema/chain-names.js';
import { isNotOlder } from './events.js';
import type { StreamNews } from './events.js';

export const PAGE_SIZE = 50;
/**
 * Rows the first page holds while new messages come in above it: beyond, it is read again (a fresh first page and
 * the token after it), rather than rows being dropped from its end, which the next page's token would then skip.
 */
export const MOST_ROWS = 200;

export interface DeliveryFilters {
  state: DeliveryState | '';
  webhookId: string;
  /** A message id (or its first 8+ characters), a transaction hash or an address. */
  q: string;
  /** ISO 8601: `createdAt` at or after `since` and before `until`. */
  since: string;
  until: string;
}

export interface DeliveriesState {
  filters: DeliveryFilters;
  /** The rows shown, newest first. */
  rows: DeliveryRecord[];
  /** Which page is shown: 0 the newest; each one's token (undefined for the first), to go back to it. */
  page: number;
  pageTokens: (string | undefined)[];
  nextPageToken: string | undefined;
  /** How many kept messages match the filters, on every page; undefined until read (or from an older emulator). */
  total: number | undefined;
  dropped: number;
  loaded: boolean;
}

/** The filters a view's address gives (`#/deliveries?state=failed&q=0x...`), anything unknown left out. */
export function filtersFrom(query: URLSearchParams): DeliveryFilters {
  const state = query.get('state') ?? '';
  return {
    state: (DELIVERY_STATES as readonly string[]).includes(state) ? (state as DeliveryState) : '',
    webhookId: query.get('webhook')?.trim() ?? '',
    q: query.get('q')?.trim() ?? '',
    since: isoOrEmpty(query.get('since')),
    until: isoOrEmpty(query.get('until')),
  };
}

/** The address's query for filters: what filtersFrom reads back. */
export function filtersQuery(filters: DeliveryFilters): Record<'state' | 'webhook' | 'q' | 'since' | 'until', string> {
  return { state: filters.state, webhook: filters.webhookId, q: filters.q, since: filters.since, until: filters.until };
}

/** The control API's parameters for a page of them. */
export function listingQuery(filters: DeliveryFilters, pageToken: string | undefined): Record<string, string | number | undefined> {
  return {
    pageSize: PAGE_SIZE,
    state: filters.state,
    webhookId: filters.webhookId,
    q: filters.q,
    since: filters.since,
    until: filters.until,
    pageToken,
  };
}

function isoOrEmpty(text: string | null): string {
  if (!text) return '';
  const time = Date.parse(text);
  return Number.isNaN(time) ? '' : new Date(time).toISOString();
}

export function initialState(filters: DeliveryFilters): DeliveriesState {
  return { filters, rows: [], page: 0, pageTokens: [undefined], nextPageToken: undefined, total: undefined, dropped: 0, loaded: false };
}

/** The page `page` (whose token is `pageTokens[page]`) as the emulator answered it. */
export function pageRead(state: DeliveriesState, page: number, answer: DeliveriesAnswer): DeliveriesState {
  const pageTokens = state.pageTokens.slice(0, page + 1);
  if (answer.nextPageToken !== undefined) pageTokens[page + 1] = answer.nextPageToken;
  return {
    ...state,
    rows: answer.deliveries,
    page,
    pageTokens,
    nextPageToken: answer.nextPageToken,
    total: answer.total,
    dropped: answer.dropped,
    loaded: true,
  };
}

/** Whether a message belongs to the view's filters, as the emulator filters them. */
export function matches(filters: DeliveryFilters, record: DeliveryRecord): boolean {
  if (filters.state && record.state !== filters.state) return false;
  if (filters.webhookId && record.webhookId !== filters.webhookId) return false;
  if (filters.since && record.createdAt < filters.since) return false;
  if (filters.until && record.createdAt >= filters.until) return false;
  if (filters.q) {
    const q = filters.q.toLowerCase();
    const id = record.messageId.toLowerCase();
    const about = record.about;
    const hit =
      id === q ||
      (q.length >= 8 && id.startsWith(q)) ||
      about?.transactionHash.toLowerCase() === q ||
      (about?.addresses.some((address) => address.toLowerCase() === q) ?? false);
    if (!hit) return false;
  }
  return true;
}

/**
 * The state after a piece of news, and whether the view must read its page again instead (everything may have
 * changed: a reset, events missed, or the first page grown past MOST_ROWS).
 */
export function afterNews(state: DeliveriesState, news: StreamNews): { state: DeliveriesState; reread: boolean } {
  if (news.kind === 'reload' || news.kind === 'reset') return { state, reread: true };
  if (news.kind === 'connection' || news.kind === 'webhook') return { state, reread: false };
  const record = news.delivery;
  const at = state.rows.findIndex((row) => row.messageId === record.messageId);
  const known = at === -1 ? undefined : state.rows[at];
  if (known && !isNotOlder(record, known)) return { state, reread: false };
  const fits = matches(state.filters, record);
  // Whether it counted before: a message shown did; one not shown did if it matched as it was before this news.
  const previously = known === undefined ? stateBefore(news) : known.state;
  const counted = previously !== undefined && matches(state.filters, { ...record, state: previously });
  const total = state.total === undefined ? undefined : state.total + (fits ? 1 : 0) - (counted ? 1 : 0);
  if (known) {
    const rows = fits ? state.rows.map((row, index) => (index === at ? record : row)) : state.rows.filter((_, index) => index !== at);
    return { state: { ...state, rows, total }, reread: false };
  }
  if (!fits || !belongsHere(state, record)) return { state: { ...state, total }, reread: false };
  const rows = [...state.rows];
  const before = rows.findIndex((row) => row.createdAt <= record.createdAt);
  rows.splice(before === -1 ? rows.length : before, 0, record);
  return { state: { ...state, rows, total }, reread: rows.length > MOST_ROWS };
}

/**
 * A message's state before the news that carries it as it is after: none for a new one; a message retrying now was
 * retrying before; one a redelivery ended was as it is now (a redelivery follows the end of its tries); one an
 * attempt or a giving up ended was retrying. Only the count of a filtered view uses it, and any page read makes that
 * exact again.
 */
function stateBefore(news: Extract<StreamNews, { delivery: DeliveryRecord }>): DeliveryState | undefined {
  if (news.kind === 'message') return undefined;
  if (news.delivery.state === 'retrying') return 'retrying';
  return news.attempt?.redelivery ? news.delivery.state : 'retrying';
}

/**
 * Whether a message that newly matches goes on the page shown: the first page takes every newer one; any page takes
 * one within its span (between its newest and oldest rows), or past its oldest when no page follows.
 */
function belongsHere(state: DeliveriesState, record: DeliveryRecord): boolean {
  const newest = state.rows[0];
  const oldest = state.rows[state.rows.length - 1];
  if (!newest || !oldest) return state.page === 0;
  if (record.createdAt > newest.createdAt) return state.page === 0;
  return record.createdAt >= oldest.createdAt || state.nextPageToken === undefined;
}

/** "in 12 s", "in 2 min", "now": how far off a moment is, seen at `now` (milliseconds). */
export function fromNow(iso: string, now: number): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  if (seconds <= 0) return 'now';
  return seconds < 120 ? `in ${seconds} s` : seconds < 7200 ? `in ${Math.round(seconds / 60)} min` : `in ${Math.round(seconds / 3600)} h`;
}

/** Why a message was given up, in words (absent from messages kept by an older emulator). */
export const GIVEN_UP_WORDS: Readonly<Record<NonNullable<DeliveryRecord['givenUpReason']>, string>> = {
  attempts_exhausted: 'attempts used up',
  expired: 'expired',
  queue_full: 'too many waiting',
  webhook_deactivated: 'webhook deactivated',
  webhook_switched_off: 'webhook switched off',
};

/** How its last attempt ended: "200", "500", "refused", or nothing before the first attempt. */
function lastAnswer(record: DeliveryRecord): string {
  if (record.attempts === 0) return '';
  return record.lastStatus !== null ? String(record.lastStatus) : (record.lastError ?? 'no answer');
}

/**
 * What happened to a message, in words: "delivered 200", "failed: webhook switched off", "retrying in 12 s (last
 * 500)", "waiting for its first attempt". While the emulator cannot be heard, a countdown would be a guess: it says so.
 */
export function happened(record: DeliveryRecord, now: number, online: boolean): string {
  const last = lastAnswer(record);
  if (record.state === 'delivered') return `delivered ${last}`.trim();
  if (record.state === 'failed') {
    const why = record.givenUpReason ? GIVEN_UP_WORDS[record.givenUpReason] : last ? `last ${last}` : 'given up';
    return `failed: ${why}`;
  }
  const after = last ? ` (last ${last})` : '';
  if (!online) return `retrying, not known now: the emulator is unreachable${after}`;
  if (record.nextAttemptAt) return `retrying ${fromNow(record.nextAttemptAt, now)}${after}`;
  return record.attempts === 0 ? 'waiting for its first attempt' : `retrying: an attempt under way${after}`;
}

/** What a message was about: its chain (by name where svc knows one), its transaction, the address(es) watched. */
export function aboutParts(record: DeliveryRecord): { chain: string; transactionHash: string; addresses: string[] } | undefined {
  const about = record.about;
  if (!about) return undefined;
  return { chain: nameOfChainId(about.chainId) ?? about.chainId, transactionHash: about.transactionHash, addresses: about.addresses };
}

/** "53 messages", "51-100 of 230 messages": the rows shown among the total. */
export function summaryOf(state: DeliveriesState): string {
  const count = state.rows.length;
  const first = state.page * PAGE_SIZE + 1;
  if (state.total === undefined) return `${count} message${count === 1 ? '' : 's'} shown`;
  const of = `${state.total} message${state.total === 1 ? '' : 's'}`;
  if (count === 0) return of;
  return state.page === 0 && state.nextPageToken === undefined ? of : `${first}\u2013${first + count - 1} of ${of}`;
}
