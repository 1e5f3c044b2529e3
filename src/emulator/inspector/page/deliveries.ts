// Deliveries: the emulator's messages, newest first, a page at a time (the page asks for one page however many
// are kept), filtered by state and webhook, and kept up to date from the attempt stream without reloading.
import type { DeliveriesAnswer, DeliveryRecord } from '../../../schema/emulator-control.js';
import { getJson, withQuery } from './api.js';
import type { ViewContext } from './view.js';
import { countOf, failure, fill, fromNow, h, short, shown, table, time } from './dom.js';

const PAGE_SIZE = 50;
/** Rows the page holds while it follows: beyond, the oldest go (`svc emulator deliveries --all` lists every one). */
const MOST_ROWS = 200;
/**
 * Attempts that end close together change the page once, a moment after the first of them; and a busy emulator
 * (dozens of attempts a second) changes it at most every FLUSH_EVERY_MS: each change lays out and paints the table
 * again, and the browser's work must not slow the emulator it runs beside. Either way a message shows within a second.
 */
const FLUSH_AFTER_MS = 200;
const FLUSH_EVERY_MS = 800;
const STATES = ['delivered', 'retrying', 'failed'];
const HEADINGS = ['Message', 'Created', 'State', 'Webhook', 'Last answer', 'Attempts', 'Next attempt'];

export function deliveriesView({ main, query, follow }: ViewContext): () => void {
  const filters = {
    state: STATES.includes(query.get('state') ?? '') ? (query.get('state') ?? '') : '',
    webhookId: query.get('webhook') ?? '',
  };
  const rows = new Map<string, { record: DeliveryRecord; row: HTMLTableRowElement }>();
  /** Messages as their latest attempt left them, waiting to be shown. */
  const pending = new Map<string, DeliveryRecord>();
  let nextPageToken: string | undefined;
  let loaded = false;
  let trimmed = false;
  let dropped = 0;
  let flushTimer: number | undefined;
  let flushedAt = 0;

  const body = h('tbody');
  const summary = h('p', { class: 'summary' }, 'Loading\u2026');
  const problem = h('div');
  const more = h('button', { type: 'button', hidden: true, onclick: () => void load(nextPageToken) }, 'Show older messages');
  const stateSelect = h(
    'select',
    { id: 'filter-state', onchange: () => apply() },
    h('option', { value: '' }, 'any'),
    STATES.map((state) => h('option', { value: state }, state)),
  );
  stateSelect.value = filters.state;
  const webhookInput = h('input', {
    id: 'filter-webhook',
    list: 'webhook-choices',
    value: filters.webhookId,
    placeholder: 'any',
    autocomplete: 'off',
    spellcheck: 'false',
    size: 38,
  });
  const webhookChoices = h('datalist', { id: 'webhook-choices' });
  const form = h(
    'form',
    {
      class: 'filters',
      role: 'search',
      'aria-label': 'Filter messages',
      onsubmit: (event) => {
        event.preventDefault();
        apply();
      },
    },
    h('label', { for: 'filter-state' }, 'State'),
    stateSelect,
    h('label', { for: 'filter-webhook' }, 'Webhook id'),
    webhookInput,
    webhookChoices,
    h('button', { type: 'submit' }, 'Filter'),
  );
  fill(
    main,
    h('h1', { tabindex: -1 }, 'Deliveries'),
    form,
    summary,
    problem,
    table('Messages, newest first', HEADINGS, body, 'deliveries'),
    more,
  );

  /** The filters in the address (so a reload or a shared link keeps them), applied where the user is: no navigation. */
  function apply() {
    filters.state = stateSelect.value;
    filters.webhookId = webhookInput.value.trim();
    history.replaceState(null, '', withQuery('#/deliveries', { state: filters.state, webhook: filters.webhookId }));
    void load();
  }

  /** @param pageToken the next page's; none: the first page, anew */
  async function load(pageToken?: string) {
    more.disabled = true;
    try {
      const answer = await getJson<DeliveriesAnswer>(
        withQuery('/_emulator/deliveries', { pageSize: PAGE_SIZE, state: filters.state, webhookId: filters.webhookId, pageToken }),
      );
      if (pageToken === undefined) {
        body.replaceChildren();
        rows.clear();
        trimmed = false;
      }
      for (const record of answer.deliveries) if (!rows.has(record.messageId)) addRow(record, false);
      nextPageToken = answer.nextPageToken;
      dropped = answer.dropped;
      fill(problem);
      if (!loaded) {
        loaded = true;
        // Once the first page is painted (the frame that shows it, then a task after that frame): the figure
        // bench/run.js measures.
        requestAnimationFrame(() => setTimeout(() => performance.mark('svc:deliveries-shown')));
      }
      flush();
    } catch (error) {
      fill(problem, failure(`Cannot list the messages: ${(error as Error).message}`));
    } finally {
      more.disabled = false;
    }
  }

  /** @param inOrder where it belongs among the rows (a live one); else after them (a page loaded) */
  function addRow(record: DeliveryRecord, inOrder: boolean) {
    const row = h('tr', { 'data-message-id': record.messageId });
    showRow(row, record);
    rows.set(record.messageId, { record, row });
    const before = inOrder ? [...body.rows].find((other) => (recordOf(other)?.createdAt ?? '') <= record.createdAt) : undefined;
    body.insertBefore(row, before ?? null);
  }

  function recordOf(row: HTMLTableRowElement | undefined) {
    return row && rows.get(row.dataset.messageId ?? '')?.record;
  }

  function showRow(row: HTMLTableRowElement, record: DeliveryRecord) {
    const lastAnswer = record.attempts === 0 ? 'none yet' : (record.lastStatus ?? record.lastError ?? 'none');
    fill(
      row,
      h(
        'th',
        { scope: 'row' },
        h(
          'a',
          { href: `#/deliveries/${encodeURIComponent(record.messageId)}`, 'aria-label': `Message ${record.messageId}` },
          shown(record.messageId.slice(0, 8)),
        ),
      ),
      h('td', {}, time(record.createdAt)),
      h(
        'td',
        {},
        h('span', { class: `state state-${record.state}` }, record.state),
        record.webhookDeactivated && h('span', { class: 'note' }, ' webhook switched off'),
      ),
      h(
        'td',
        {},
        h(
          'a',
          { href: withQuery('#/deliveries', { webhook: record.webhookId }), title: `Only webhook ${record.webhookId}` },
          record.webhookName ? shown(record.webhookName) : short(record.webhookId),
        ),
      ),
      h('td', { class: 'number' }, String(lastAnswer)),
      h('td', { class: 'number' }, record.attempts),
      h(
        'td',
        {},
        record.state === 'retrying' && record.nextAttemptAt
          ? [time(record.nextAttemptAt), ` (${fromNow(record.nextAttemptAt)})`]
          : '\u2014',
      ),
    );
  }

  function matches(record: DeliveryRecord) {
    return (!filters.state || record.state === filters.state) && (!filters.webhookId || record.webhookId === filters.webhookId);
  }

  /** The messages whose attempts ended since the last flush: rows changed, new ones put in their place. */
  function flush() {
    flushTimer = undefined;
    if (!loaded) return;
    flushedAt = performance.now();
    const oldest = recordOf(body.rows[body.rows.length - 1]);
    for (const record of pending.values()) {
      const known = rows.get(record.messageId);
      if (known) {
        known.record = record;
        showRow(known.row, record);
      } else if (matches(record) && !(nextPageToken && oldest && record.createdAt < oldest.createdAt)) {
        // One older than every row shown while older pages remain is on one of those pages, not here.
        addRow(record, true);
      }
    }
    pending.clear();
    while (body.rows.length > MOST_ROWS) {
      const row = body.rows[body.rows.length - 1]!;
      rows.delete(row.dataset.messageId ?? '');
      row.remove();
      trimmed = true;
    }
    more.hidden = !nextPageToken || trimmed;
    showSummary();
  }

  function showSummary() {
    const count = countOf(rows.size, 'message');
    const older = trimmed
      ? `; the newest ${MOST_ROWS} are kept here, svc emulator deliveries --all lists every one`
      : nextPageToken
        ? '; older ones below'
        : '';
    const forgotten = dropped > 0 ? ` ${countOf(dropped, 'older message')} forgotten (emulator start --keep-messages).` : '';
    summary.textContent =
      rows.size === 0
        ? 'No messages yet: a webhook and a transaction it watches make one (Trigger, or svc emulator trigger). New ones appear here as they are sent.'
        : `${count}, newest first, following new attempts${older}.${forgotten}`;
    const webhooks = [...new Map([...rows.values()].map(({ record }) => [record.webhookId, record.webhookName]))].slice(0, 50);
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
    if (news.kind === 'reload') return void load();
    pending.set(news.delivery.messageId, news.delivery);
    flushTimer ??= window.setTimeout(flush, Math.max(FLUSH_AFTER_MS, flushedAt + FLUSH_EVERY_MS - performance.now()));
  });
  void load();
  return () => window.clearTimeout(flushTimer);
}
