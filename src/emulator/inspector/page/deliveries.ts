// Deliveries: the emulator's messages, newest first, a page at a time read from the emulator (to the oldest it
// keeps), searched by message id, transaction hash or address, filtered by state, webhook and time, and kept true
// from the stream without reloading: each row says what the message was about and what happened to it, and counts
// down to its next attempt. Its state and the words it shows are deliveries-state.ts's; this module renders them.
import type { DeliveriesAnswer, DeliveryRecord } from '../../../schema/emulator-control.js';
import { DELIVERY_STATES } from '../../../schema/emulator-control.js';
import { getJson, withQuery } from './api.js';
import {
  aboutParts,
  afterNews,
  filtersFrom,
  filtersQuery,
  happened,
  initialState,
  listingQuery,
  pageRead,
  summaryOf,
} from './deliveries-state.js';
import type { DeliveriesState, DeliveryFilters } from './deliveries-state.js';
import { failure, fill, h, short, shown, table, time } from './dom.js';
import type { StreamNews } from './events.js';
import type { ViewContext } from './view.js';

/**
 * News that comes close together changes the page once, a moment after the first of it; and a busy emulator (dozens
 * of attempts a second) changes it at most every FLUSH_EVERY_MS: each change lays out and paints the table again,
 * and the browser's work must not slow the emulator it runs beside. Either way a change shows within a second.
 */
const FLUSH_AFTER_MS = 200;
const FLUSH_EVERY_MS = 800;
/** Countdowns ("retrying in 12 s") are brought up to date this often. */
const TICK_MS = 1_000;
const HEADINGS = ['Message', 'Created', 'About', 'What happened', 'Webhook', 'Attempts'];

export function deliveriesView({ main, query, follow, online }: ViewContext): () => void {
  let state: DeliveriesState = initialState(filtersFrom(query));
  /** The rows on the page, by message id, with the record each shows. */
  const shownRows = new Map<string, { record: DeliveryRecord; row: HTMLTableRowElement }>();
  /** News heard while a page is being read, or between flushes: folded in, in order, after. */
  let pending: StreamNews[] = [];
  let reading = false;
  /** The page asked for last and not read yet. */
  let wantedPage: number | undefined;
  let flushTimer: number | undefined;
  let flushedAt = 0;
  let firstShown = false;

  const body = h('tbody');
  const summary = h('p', { class: 'summary', role: 'status' }, 'Loading\u2026');
  const problem = h('div');
  const newer = h('button', { type: 'button', hidden: true, onclick: () => void readPage(state.page - 1) }, '\u2190 Newer');
  const older = h('button', { type: 'button', hidden: true, onclick: () => void readPage(state.page + 1) }, 'Older \u2192');
  const searchInput = h('input', {
    id: 'filter-q',
    type: 'search',
    value: state.filters.q,
    placeholder: 'message id, transaction hash or address',
    autocomplete: 'off',
    spellcheck: 'false',
    size: 44,
  });
  const stateSelect = h(
    'select',
    { id: 'filter-state', onchange: () => apply() },
    h('option', { value: '' }, 'any'),
    DELIVERY_STATES.map((name) => h('option', { value: name }, name)),
  );
  stateSelect.value = state.filters.state;
  const webhookInput = h('input', {
    id: 'filter-webhook',
    list: 'webhook-choices',
    value: state.filters.webhookId,
    placeholder: 'any',
    autocomplete: 'off',
    spellcheck: 'false',
    size: 38,
  });
  const webhookChoices = h('datalist', { id: 'webhook-choices' });
  const sinceInput = h('input', { id: 'filter-since', type: 'datetime-local', step: 1, value: localInput(state.filters.since) });
  const untilInput = h('input', { id: 'filter-until', type: 'datetime-local', step: 1, value: localInput(state.filters.until) });
  const form = h(
    'form',
    {
      class: 'filters',
      role: 'search',
      'aria-label': 'Search and filter messages',
      onsubmit: (event) => {
        event.preventDefault();
        apply();
      },
    },
    h('label', { for: 'filter-q' }, 'Search'),
    searchInput,
    h('label', { for: 'filter-state' }, 'State'),
    stateSelect,
    h('label', { for: 'filter-webhook' }, 'Webhook id'),
    webhookInput,
    webhookChoices,
    h('label', { for: 'filter-since' }, 'Created from'),
    sinceInput,
    h('label', { for: 'filter-until' }, 'until'),
    untilInput,
    h('button', { type: 'submit' }, 'Search'),
  );
  fill(
    main,
    h('h1', { tabindex: -1 }, 'Deliveries'),
    form,
    summary,
    problem,
    table('Messages, newest first', HEADINGS, body, 'deliveries cards'),
    h('p', { class: 'pager' }, newer, ' ', older),
  );

  /** The filters in the address (so a reload or a shared link keeps them), applied where the user is: no navigation. */
  function apply() {
    const filters: DeliveryFilters = {
      state: stateSelect.value as DeliveryFilters['state'],
      webhookId: webhookInput.value.trim(),
      q: searchInput.value.trim(),
      since: isoOf(sinceInput.value),
      until: isoOf(untilInput.value),
    };
    history.replaceState(null, '', withQuery('#/deliveries', filtersQuery(filters)));
    state = initialState(filters);
    void readPage(0);
  }

  /**
   * Reads page `page` (its token known) and shows it, with the news heard meanwhile folded in after. Asked again while
   * a page is read, it reads the page asked last once that read ends: the view shows what was asked last.
   */
  async function readPage(page: number) {
    wantedPage = page;
    if (reading) return;
    reading = true;
    newer.disabled = older.disabled = true;
    while (wantedPage !== undefined) {
      const target = wantedPage;
      wantedPage = undefined;
      const filters = state.filters;
      try {
        const answer = await getJson<DeliveriesAnswer>(withQuery('/_emulator/deliveries', listingQuery(filters, state.pageTokens[target])));
        // Filters changed while it was read: that answer is another view's.
        if (filters === state.filters) state = pageRead(state, target, answer);
        fill(problem);
      } catch (error) {
        fill(problem, failure(`Cannot list the messages: ${(error as Error).message}`));
      }
    }
    reading = false;
    newer.disabled = older.disabled = false;
    flush();
    if (!firstShown && state.loaded) {
      firstShown = true;
      // Once the first page is painted (the frame that shows it, then a task after that frame): the figure
      // bench/run.js measures.
      requestAnimationFrame(() => setTimeout(() => performance.mark('svc:deliveries-shown')));
    }
  }

  /** The news heard since the last flush folded into the state, and the page shown as it now is. */
  function flush() {
    window.clearTimeout(flushTimer);
    flushTimer = undefined;
    if (reading) return;
    flushedAt = performance.now();
    const news = pending;
    pending = [];
    for (const item of news) {
      const next = afterNews(state, item);
      state = next.state;
      if (next.reread) return void readPage(state.page);
    }
    render();
  }

  function render() {
    const rows = state.rows.map((record) => {
      const known = shownRows.get(record.messageId);
      if (known && known.record === record) return known.row;
      const row = known?.row ?? h('tr', { 'data-message-id': record.messageId });
      showRow(row, record);
      return row;
    });
    shownRows.clear();
    state.rows.forEach((record, index) => shownRows.set(record.messageId, { record, row: rows[index]! }));
    // Only what changed moves: rows gone are taken out, new ones put in their place, the rest stay (a focused link in
    // one keeps its focus, and a busy emulator's new messages cost the browser a few rows, not the whole table).
    for (const row of [...body.rows]) if (!shownRows.has(row.dataset.messageId ?? '')) row.remove();
    rows.forEach((row, index) => {
      if (body.rows[index] !== row) body.insertBefore(row, body.rows[index] ?? null);
    });
    newer.hidden = state.page === 0;
    older.hidden = state.nextPageToken === undefined;
    showSummary();
  }

  function showRow(row: HTMLTableRowElement, record: DeliveryRecord) {
    const about = aboutParts(record);
    fill(
      row,
      h(
        'th',
        { scope: 'row', 'data-label': 'Message' },
        h(
          'a',
          { href: `#/deliveries/${encodeURIComponent(record.messageId)}`, 'aria-label': `Message ${record.messageId}` },
          shown(record.messageId.slice(0, 8)),
        ),
      ),
      h('td', { 'data-label': 'Created' }, time(record.createdAt)),
      h(
        'td',
        { class: 'about', 'data-label': 'About' },
        about
          ? [
              h('span', { class: 'chain' }, shown(about.chain)),
              ' ',
              short(about.transactionHash),
              about.addresses.length > 0 && [' ', short(about.addresses[0] ?? '')],
              about.addresses.length > 1 && ` +${about.addresses.length - 1}`,
            ]
          : '\u2014',
      ),
      h(
        'td',
        { 'data-label': 'What happened' },
        h('span', { class: `state state-${record.state}` }, record.state),
        ' ',
        h('span', { class: 'happened', 'data-happened': record.messageId }, happened(record, Date.now(), online())),
      ),
      h(
        'td',
        { class: 'webhook', 'data-label': 'Webhook' },
        h(
          'a',
          { href: withQuery('#/deliveries', { webhook: record.webhookId }), title: `Only webhook ${record.webhookId}` },
          record.webhookName ? shown(record.webhookName) : short(record.webhookId),
        ),
      ),
      h('td', { class: 'number', 'data-label': 'Attempts' }, record.attempts),
    );
  }

  /** Countdowns, and what a row says while the emulator cannot be heard, brought up to date in place. */
  function tick() {
    const now = Date.now();
    const live = online();
    for (const { record, row } of shownRows.values()) {
      if (record.state !== 'retrying') continue;
      const cell = row.querySelector('.happened');
      const words = happened(record, now, live);
      if (cell && cell.textContent !== words) cell.textContent = words;
    }
  }

  function showSummary() {
    const filtered = Object.values(filtersQuery(state.filters)).some(Boolean);
    const forgotten =
      state.dropped > 0
        ? ` ${state.dropped} older message${state.dropped === 1 ? '' : 's'} forgotten (emulator start --keep-messages).`
        : '';
    summary.textContent =
      state.rows.length === 0 && state.page === 0
        ? filtered
          ? 'No message matches: new ones that do appear here as they are sent.'
          : 'No messages yet: a webhook and a transaction it watches make one (Trigger, or svc emulator trigger). New ones appear here as they are sent.'
        : `${summaryOf(state)}, newest first${state.page === 0 ? ', following new ones' : ''}.${forgotten}`;
    const webhooks = [...new Map(state.rows.map((record) => [record.webhookId, record.webhookName]))].slice(0, 50);
    const offered = webhooks.map(([id]) => id).join();
    if (offered !== webhookChoices.dataset.offered) {
      webhookChoices.dataset.offered = offered;
      fill(
        webhookChoices,
        webhooks.map(([id, name]) => h('option', { value: id }, name ? shown(name) : id)),
      );
    }
  }

  follow((news) => {
    if (news.kind === 'connection') return tick();
    pending.push(news);
    if (news.kind === 'reload' || news.kind === 'reset') return flush();
    flushTimer ??= window.setTimeout(flush, Math.max(FLUSH_AFTER_MS, flushedAt + FLUSH_EVERY_MS - performance.now()));
  });
  const ticker = window.setInterval(tick, TICK_MS);
  void readPage(0);
  return () => {
    window.clearTimeout(flushTimer);
    window.clearInterval(ticker);
  };
}

/** An ISO 8601 time as a datetime-local input shows it (local time, to the second); empty stays empty. */
function localInput(iso: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

/** A datetime-local input's value (local time) as ISO 8601; empty when empty or not a time. */
function isoOf(local: string): string {
  if (!local) return '';
  const time = new Date(local).getTime();
  return Number.isNaN(time) ? '' : new Date(time).toISOString();
}
