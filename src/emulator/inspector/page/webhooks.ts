// Webhooks of a key: status (live: switched off by failures, deactivated or activated anywhere), why one is off, its
// failed messages and last success, URL, event type, addresses; Activate and Deactivate; Recover a webhook's failed
// messages since a time; Reset the emulator. The state is webhooks-state.ts; this renders it and sends what is asked.
// The key is kept for this tab (on this computer only if asked) and travels in its header only, never in a URL.
import type { RecoverAnswer, WebhookSummary, WebhookSummaryAnswer } from '../../../schema/emulator-control.js';
import type { Webhook } from '../../../schema/webhooks.js';
import { ApiFailure, forgetKey, getJson, keyRemembered, sendJson, storedKey, storeKey, withQuery } from './api.js';
import { announce, countOf, failure, fill, h, short, shown, shownUrl, table, time } from './dom.js';
import type { Children } from './dom.js';
import { keyProblem, maskedKey } from './key.js';
import type { StreamListener, ViewContext } from './view.js';
import {
  deactivateQuestion,
  emulatorReset,
  initialWebhooks,
  pageLoaded,
  recoveredText,
  recoverQuestion,
  recoverSince,
  RESET_FORGETS,
  RESET_QUESTION,
  summariesLoaded,
  switchedOffText,
  webhookChanged,
  webhookLabel,
  webhookUpdated,
} from './webhooks-state.js';
import type { StatusFilter, WebhooksState } from './webhooks-state.js';

const PAGE_SIZE = 25;
const FIRST_ADDRESSES = 3;
const HEADINGS = ['Webhook', 'Status', 'Failures', 'URL', 'Event type', 'Chain', 'Addresses', 'Created', 'Actions'];
/** Attempts that end close together ask for the summaries once, a moment after the first of them. */
const SUMMARY_AFTER_MS = 300;
/** "Recover failed messages since": an hour ago unless changed. */
const RECOVER_DEFAULT_MS = 60 * 60 * 1000;

export function webhooksView({ main, follow }: ViewContext): () => void {
  const region = h('div');
  const resetOutcome = h('div', { role: 'status' });
  const resetButton = h('button', { type: 'button', class: 'danger', onclick: () => void reset() }, 'Reset the emulator');
  fill(
    main,
    h('h1', { tabindex: -1 }, 'Webhooks'),
    region,
    h(
      'section',
      { class: 'reset', 'aria-labelledby': 'reset-heading' },
      h('h2', { id: 'reset-heading' }, 'Reset'),
      h('p', { class: 'note' }, `Reset forgets ${RESET_FORGETS}`),
      resetButton,
      resetOutcome,
    ),
  );
  /** What follows the stream while a key's webhooks are shown. */
  let listening: StreamListener | undefined;
  let leaveList: (() => void) | undefined;
  follow((news) => listening?.(news));
  const key = storedKey();
  if (key) showList(key);
  else askKey();

  async function reset() {
    if (!confirm(RESET_QUESTION)) return;
    resetButton.disabled = true;
    try {
      await sendJson('POST', '/_emulator/reset', {});
      fill(resetOutcome, h('p', {}, 'The emulator was reset: no webhook, message or injected transaction is left.'));
      // As the stream's reset event says too (it may come later, or not at all while the stream is down).
      listening?.({ kind: 'reset' });
      announce('The emulator was reset.');
    } catch (error) {
      fill(resetOutcome, failure(`Cannot reset the emulator: ${(error as Error).message}`));
    } finally {
      resetButton.disabled = false;
    }
  }

  /** @param why what was wrong with the key given before */
  function askKey(why?: string) {
    leaveList?.();
    listening = undefined;
    // No name: the key could go nowhere as a form field even if the form were sent (and the page's policy lets no
    // form be sent at all).
    const input = h('input', {
      id: 'api-key',
      type: 'password',
      autocomplete: 'off',
      spellcheck: 'false',
      required: true,
      size: 40,
      'aria-describedby': 'api-key-note',
    });
    const remember = h('input', { type: 'checkbox', id: 'remember-key', checked: keyRemembered() });
    const problem = h('div');
    const form = h(
      'form',
      {
        class: 'key-form',
        onsubmit: (event) => {
          event.preventDefault();
          const given = input.value.trim();
          const wrong = keyProblem(given);
          if (wrong) {
            fill(problem, failure(wrong));
            input.focus();
            return;
          }
          storeKey(given, remember.checked);
          showList(given);
        },
      },
      problem,
      h('label', { for: 'api-key' }, 'API key'),
      ' ',
      input,
      ' ',
      h('button', { type: 'submit' }, 'Show its webhooks'),
      h('p', { class: 'field' }, remember, ' ', h('label', { for: 'remember-key' }, 'Remember on this computer')),
      h(
        'p',
        { id: 'api-key-note', class: 'note' },
        'A webhook belongs to the key that created it (svc sends SVC_API_KEY). The emulator takes any key unless started with --api-key. ' +
          'The key is kept for this tab only, unless remembered on this computer (where another program served later at this ' +
          'address could read it), and sent only in the x-service-api-key header, never in a URL.',
      ),
    );
    fill(region, form);
    if (why) {
      fill(problem, failure(why));
      input.focus();
    }
  }

  function showList(givenKey: string) {
    const wrong = keyProblem(givenKey);
    if (wrong) return askKey(wrong);
    let state: WebhooksState = initialWebhooks();
    const rows = new Map<string, { row: HTMLTableRowElement; shownAs: unknown[] }>();
    const body = h('tbody');
    const summaryLine = h('p', { class: 'summary' }, 'Loading\u2026');
    const problem = h('div');
    const more = h('button', { type: 'button', hidden: true, onclick: () => void load(state.nextPageToken) }, 'Show more webhooks');
    const statusSelect = h(
      'select',
      {
        id: 'filter-status',
        onchange: () => {
          state = initialWebhooks(statusSelect.value as StatusFilter);
          void load();
        },
      },
      h('option', { value: '' }, 'any'),
      h('option', { value: 'active' }, 'active'),
      h('option', { value: 'inactive' }, 'inactive'),
    );
    const recoverWebhook = h('select', { id: 'recover-webhook', required: true });
    const recoverSinceInput = h('input', {
      type: 'datetime-local',
      id: 'recover-since',
      step: 1,
      required: true,
      value: localInputValue(new Date(Date.now() - RECOVER_DEFAULT_MS)),
    });
    const recoverOutcome = h('div', { role: 'status' });
    const recoverButton = h('button', { type: 'submit' }, 'Recover');
    let summaryTimer: number | undefined;
    const summaryWanted = new Set<string>();

    fill(
      region,
      h(
        'p',
        { class: 'key' },
        'Key ',
        h('code', {}, maskedKey(givenKey)),
        keyRemembered() ? ' (remembered on this computer) ' : ' (for this tab) ',
        h(
          'button',
          {
            type: 'button',
            onclick: () => {
              forgetKey();
              askKey();
            },
          },
          'Use another key',
        ),
      ),
      h('div', { class: 'filters' }, h('label', { for: 'filter-status' }, 'Status'), statusSelect),
      summaryLine,
      problem,
      table('Webhooks of this key, newest first', HEADINGS, body, 'webhooks cards'),
      more,
      h(
        'form',
        {
          class: 'recover',
          'aria-labelledby': 'recover-heading',
          onsubmit: (event) => {
            event.preventDefault();
            void recover();
          },
        },
        h('h2', { id: 'recover-heading' }, 'Recover failed messages'),
        h('p', { class: 'note' }, 'Sends again, once each and oldest first, every failed message of a webhook created since a time.'),
        h(
          'div',
          { class: 'filters' },
          h('label', { for: 'recover-webhook' }, 'Webhook'),
          recoverWebhook,
          h('label', { for: 'recover-since' }, 'Since (your local time)'),
          recoverSinceInput,
          recoverButton,
        ),
        recoverOutcome,
      ),
    );

    listening = (news) => {
      if (news.kind === 'webhook') {
        render((state = webhookChanged(state, news.webhook)));
        // Its failures changed with it, and a webhook without a summary yet gets one (why it is off, and since when).
        if (rows.has(news.webhook.webhookId)) askSummaries([news.webhook.webhookId]);
      } else if (news.kind === 'reset') render((state = emulatorReset(state)));
      else if (news.kind === 'reload') void load();
      else if (news.kind !== 'connection' && rows.has(news.delivery.webhookId)) askSummaries([news.delivery.webhookId]);
    };
    leaveList = () => window.clearTimeout(summaryTimer);

    async function load(pageToken?: string) {
      more.disabled = true;
      try {
        // The emulator's webhooks are all of the address-activity kind this view shows.
        const answer = await getJson<{ webhooks: Webhook[]; nextPageToken?: string | null }>(
          withQuery('/v1/webhooks', { pageSize: PAGE_SIZE, status: state.statusFilter, pageToken }),
          { key: givenKey },
        );
        render((state = pageLoaded(state, answer, !pageToken)));
        fill(problem);
        askSummaries(answer.webhooks.map((webhook) => webhook.id));
      } catch (error) {
        refused(error, 'Cannot list the webhooks');
      } finally {
        more.disabled = false;
      }
    }

    /** The emulator's summaries of these webhooks, a moment later: asked once for the attempts that end together. */
    function askSummaries(webhookIds: string[]) {
      for (const id of webhookIds) summaryWanted.add(id);
      summaryTimer ??= window.setTimeout(() => {
        summaryTimer = undefined;
        const ids = [...summaryWanted];
        summaryWanted.clear();
        if (ids.length === 0) return;
        const query = new URLSearchParams(ids.map((id) => ['webhookId', id]));
        getJson<WebhookSummaryAnswer>(`/_emulator/webhooks/summary?${query}`).then(
          (answer) => render((state = summariesLoaded(state, answer.webhooks))),
          // The rows stand without them: the next attempt or load asks again.
          () => undefined,
        );
      }, SUMMARY_AFTER_MS);
    }

    /** The rows as the state has them: a row is filled again only where what it shows changed. */
    function render(next: WebhooksState) {
      const wanted = new Set(next.webhooks.map((webhook) => webhook.id));
      for (const [id, { row }] of rows) {
        if (wanted.has(id)) continue;
        row.remove();
        rows.delete(id);
      }
      let previous: HTMLTableRowElement | null = null;
      for (const webhook of next.webhooks) {
        const summary = next.summaries.get(webhook.id);
        let known = rows.get(webhook.id);
        if (!known) {
          known = { row: h('tr', { 'data-webhook-id': webhook.id }), shownAs: [] };
          rows.set(webhook.id, known);
        }
        if (known.shownAs[0] !== webhook || known.shownAs[1] !== summary) {
          showRow(known.row, webhook, summary);
          known.shownAs = [webhook, summary];
        }
        const expected: ChildNode | null = previous ? previous.nextSibling : body.firstChild;
        if (expected !== known.row) body.insertBefore(known.row, expected);
        previous = known.row;
      }
      more.hidden = !next.nextPageToken;
      summaryLine.textContent = !next.loaded
        ? 'Loading\u2026'
        : next.webhooks.length === 0
          ? 'This key has no webhooks yet: svc webhook create makes one.'
          : `${countOf(next.webhooks.length, 'webhook')} shown${next.nextPageToken ? '; more below' : ''}, following changes of status.`;
      const chosen = recoverWebhook.value;
      fill(
        recoverWebhook,
        next.webhooks.map((webhook) => h('option', { value: webhook.id }, webhookLabel(webhook))),
      );
      const withFailures = next.webhooks.find((webhook) => (next.summaries.get(webhook.id)?.failedMessages ?? 0) > 0);
      recoverWebhook.value = wanted.has(chosen) ? chosen : (withFailures?.id ?? next.webhooks[0]?.id ?? '');
    }

    function showRow(row: HTMLTableRowElement, webhook: Webhook, summary: WebhookSummary | undefined) {
      const addresses = Array.isArray(webhook.metadata?.addresses) ? webhook.metadata.addresses : null;
      const label = webhookLabel(webhook);
      const active = webhook.status === 'active';
      const why = switchedOffText(summary);
      const cell = (name: string, ...children: Children[]) => h('td', { 'data-label': name }, ...children);
      fill(
        row,
        h(
          'th',
          { scope: 'row', 'data-label': 'Webhook' },
          h('span', { class: webhook.name ? 'name' : 'note' }, webhook.name ? label : 'unnamed'),
          h('br'),
          h('code', { class: 'id' }, shown(webhook.id)),
        ),
        cell(
          'Status',
          h('span', { class: `state state-${active ? 'active' : 'inactive'}` }, shown(String(webhook.status))),
          why && h('span', { class: 'why' }, ` ${why}`),
          summary?.switchedOff?.byMessageId && [
            ' by ',
            h(
              'a',
              { href: `#/deliveries/${encodeURIComponent(summary.switchedOff.byMessageId)}` },
              `message ${shown(summary.switchedOff.byMessageId.slice(0, 8))}`,
            ),
          ],
          summary?.switchedOff && [' ', time(summary.switchedOff.at)],
        ),
        cell(
          'Failures',
          summary === undefined
            ? '\u2014'
            : [
                h('span', { class: summary.failedMessages > 0 ? 'bad' : '' }, countOf(summary.failedMessages, 'failed message')),
                h('br'),
                summary.lastSuccessAt ? ['last success ', time(summary.lastSuccessAt)] : h('span', { class: 'note' }, 'no success yet'),
              ],
        ),
        cell('URL', h('code', {}, shownUrl(String(webhook.url)))),
        cell('Event type', shown(String(webhook.eventType))),
        cell('Chain', shown(String(webhook.chainId))),
        cell(
          'Addresses',
          addresses === null
            ? '\u2014'
            : [
                h('strong', {}, String(addresses.length)),
                addresses.length > 0 && ': ',
                addresses.slice(0, FIRST_ADDRESSES).flatMap((address, index) => [index > 0 && ', ', short(String(address))]),
                addresses.length > FIRST_ADDRESSES && ` and ${addresses.length - FIRST_ADDRESSES} more`,
              ],
        ),
        cell('Created', time(webhook.createdAt)),
        h(
          'td',
          { class: 'actions', 'data-label': 'Actions' },
          h(
            'button',
            {
              type: 'button',
              class: 'toggle',
              'aria-label': `${active ? 'Deactivate' : 'Activate'} ${label}`,
              onclick: () => void setStatus(webhook, active ? 'inactive' : 'active'),
            },
            active ? 'Deactivate' : 'Activate',
          ),
          ' ',
          h('a', { href: withQuery('#/deliveries', { webhook: webhook.id }) }, 'Messages'),
        ),
      );
    }

    async function setStatus(webhook: Webhook, status: 'active' | 'inactive') {
      // As `svc webhook deactivate` asks at a terminal: its messages still being retried are given up at once.
      if (status === 'inactive' && !confirm(deactivateQuestion(webhook))) return;
      const button = rows.get(webhook.id)?.row.querySelector<HTMLButtonElement>('button.toggle');
      if (button) button.disabled = true;
      try {
        const updated = await sendJson<Webhook>('PATCH', `/v1/webhooks/${encodeURIComponent(webhook.id)}`, { status }, { key: givenKey });
        render((state = webhookUpdated(state, updated)));
        rows.get(webhook.id)?.row.querySelector<HTMLButtonElement>('button.toggle')?.focus();
        announce(`${webhookLabel(updated)} is ${updated.status}.`);
        askSummaries([webhook.id]);
      } catch (error) {
        if (button) button.disabled = false;
        refused(error, `Cannot ${status === 'active' ? 'activate' : 'deactivate'} ${webhookLabel(webhook)}`);
      }
    }

    async function recover() {
      const webhook = state.webhooks.find((one) => one.id === recoverWebhook.value);
      const since = recoverSince(recoverSinceInput.value);
      if (!webhook) return fill(recoverOutcome, failure('Webhook: choose one of the key\u2019s webhooks.'));
      if ('problem' in since) return fill(recoverOutcome, failure(since.problem));
      if (!confirm(recoverQuestion(webhook, state.summaries.get(webhook.id)?.failedMessages, since.since))) return;
      recoverButton.disabled = true;
      fill(recoverOutcome, 'Sending\u2026');
      try {
        const answer = await sendJson<RecoverAnswer>('POST', `/_emulator/webhooks/${encodeURIComponent(webhook.id)}/recover`, {
          since: since.since,
        });
        const words = recoveredText(webhook, answer);
        fill(
          recoverOutcome,
          h('p', {}, words),
          answer.messageIds.length > 0 &&
            h(
              'ul',
              { class: 'made' },
              answer.messageIds.map((id) =>
                h('li', {}, h('a', { href: `#/deliveries/${encodeURIComponent(id)}` }, h('code', {}, shown(id)))),
              ),
            ),
        );
        announce(words);
        askSummaries([webhook.id]);
      } catch (error) {
        const inactive = error instanceof ApiFailure && error.status === 409;
        fill(
          recoverOutcome,
          failure((error as Error).message),
          inactive && h('p', {}, `Activate ${webhookLabel(webhook)} above, then recover.`),
        );
      } finally {
        recoverButton.disabled = false;
      }
    }

    function refused(error: unknown, what: string) {
      if (error instanceof ApiFailure && error.status === 401) {
        forgetKey();
        askKey(`The emulator refused the key: ${error.message}`);
        return;
      }
      const wait = error instanceof ApiFailure && error.retryAfterSeconds ? ` (try again in ${error.retryAfterSeconds} s)` : '';
      fill(problem, failure(`${what}: ${(error as Error).message}${wait}`));
    }

    void load();
  }

  return () => leaveList?.();
}

/** A moment as a `datetime-local` field shows it: the browser's local time, to the second. */
function localInputValue(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}` +
    `T${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`
  );
}
