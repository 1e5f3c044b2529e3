// Webhooks of a key: status, URL, event type, how many addresses and the first of them; activate and deactivate.
// The key is asked once and kept in this browser's storage; it travels in its header only, never in a URL.
import type { Webhook } from '../../../schema/webhooks.js';
import { ApiFailure, forgetKey, getJson, sendJson, storedKey, storeKey, withQuery } from './api.js';
import type { ViewContext } from './view.js';
import { announce, failure, fill, h, short, shown, shownUrl, table, time } from './dom.js';

const PAGE_SIZE = 25;
const FIRST_ADDRESSES = 3;
const HEADINGS = ['Webhook', 'Status', 'URL', 'Event type', 'Chain', 'Addresses', 'Created', 'Actions'];

/** The key for the page's life where this browser's storage refuses to keep it. */
let keyInMemory: string | null = null;

/** What `svc config get api-key` shows of a key: its last 4 characters, none of a short one. */
const masked = (key: string) => (key.length > 8 ? `****${key.slice(-4)}` : '****');

export function webhooksView({ main }: ViewContext): void {
  const key = storedKey() ?? keyInMemory;
  const region = h('div');
  fill(main, h('h1', { tabindex: -1 }, 'Webhooks'), region);
  if (key) showList(key);
  else askKey();

  /** @param why what was wrong with the key given before */
  function askKey(why?: string) {
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
    const form = h(
      'form',
      {
        class: 'key-form',
        onsubmit: (event) => {
          event.preventDefault();
          const given = input.value.trim();
          if (!given) return;
          keyInMemory = given;
          storeKey(given);
          showList(given);
        },
      },
      h('label', { for: 'api-key' }, 'API key'),
      ' ',
      input,
      ' ',
      h('button', { type: 'submit' }, 'Show its webhooks'),
      h(
        'p',
        { id: 'api-key-note', class: 'note' },
        'A webhook belongs to the key that created it (svc sends SVC_API_KEY). The emulator takes any key unless started with --api-key. ' +
          'The key is kept in this browser for this emulator\u2019s address and sent only in the x-service-api-key header, never in a URL.',
      ),
    );
    fill(region, why && failure(why), form);
    if (why) input.focus();
  }

  function showList(givenKey: string) {
    const body = h('tbody');
    const summary = h('p', { class: 'summary' }, 'Loading\u2026');
    const problem = h('div');
    let nextPageToken: string | undefined;
    const more = h('button', { type: 'button', hidden: true, onclick: () => void load(nextPageToken) }, 'Show more webhooks');
    const statusSelect = h(
      'select',
      { id: 'filter-status', onchange: () => void load() },
      h('option', { value: '' }, 'any'),
      h('option', { value: 'active' }, 'active'),
      h('option', { value: 'inactive' }, 'inactive'),
    );
    fill(
      region,
      h(
        'p',
        { class: 'key' },
        'Key ',
        h('code', {}, masked(givenKey)),
        ' ',
        h(
          'button',
          {
            type: 'button',
            onclick: () => {
              forgetKey();
              keyInMemory = null;
              askKey();
            },
          },
          'Use another key',
        ),
      ),
      h('div', { class: 'filters' }, h('label', { for: 'filter-status' }, 'Status'), statusSelect),
      summary,
      problem,
      table('Webhooks of this key, newest first', HEADINGS, body),
      more,
    );

    async function load(pageToken?: string) {
      more.disabled = true;
      try {
        const answer = await getJson<{ webhooks: Webhook[]; nextPageToken?: string }>(
          withQuery('/v1/webhooks', { pageSize: PAGE_SIZE, status: statusSelect.value, pageToken }),
          {
            key: givenKey,
          },
        );
        if (pageToken === undefined) body.replaceChildren();
        for (const webhook of answer.webhooks) {
          const row = h('tr', { 'data-webhook-id': webhook.id });
          showRow(row, webhook);
          body.append(row);
        }
        nextPageToken = answer.nextPageToken || undefined;
        more.hidden = !nextPageToken;
        fill(problem);
        summary.textContent =
          body.rows.length === 0
            ? 'This key has no webhooks yet: svc webhook create makes one.'
            : `${body.rows.length} shown${nextPageToken ? '; more below' : ''}.`;
      } catch (error) {
        refused(error, 'Cannot list the webhooks');
      } finally {
        more.disabled = false;
      }
    }

    function showRow(row: HTMLTableRowElement, webhook: Webhook) {
      const addresses = Array.isArray(webhook.metadata?.addresses) ? webhook.metadata.addresses : null;
      const name = webhook.name ? shown(webhook.name) : 'unnamed';
      const active = webhook.status === 'active';
      fill(
        row,
        h(
          'th',
          { scope: 'row' },
          h('span', { class: webhook.name ? '' : 'note' }, name),
          h('br'),
          h('code', { class: 'id' }, shown(webhook.id)),
        ),
        h('td', {}, h('span', { class: `state state-${active ? 'active' : 'inactive'}` }, shown(String(webhook.status)))),
        h('td', {}, h('code', {}, shownUrl(String(webhook.url)))),
        h('td', {}, shown(String(webhook.eventType))),
        h('td', {}, shown(String(webhook.chainId))),
        h(
          'td',
          {},
          addresses === null
            ? '\u2014'
            : [
                h('strong', {}, String(addresses.length)),
                addresses.length > 0 && ': ',
                addresses.slice(0, FIRST_ADDRESSES).flatMap((address, index) => [index > 0 && ', ', short(String(address))]),
                addresses.length > FIRST_ADDRESSES && ` and ${addresses.length - FIRST_ADDRESSES} more`,
              ],
        ),
        h('td', {}, time(webhook.createdAt)),
        h(
          'td',
          { class: 'actions' },
          h(
            'button',
            {
              type: 'button',
              class: 'toggle',
              'aria-label': `${active ? 'Deactivate' : 'Activate'} ${name}`,
              onclick: () => void setStatus(row, webhook, active ? 'inactive' : 'active'),
            },
            active ? 'Deactivate' : 'Activate',
          ),
          ' ',
          h('a', { href: withQuery('#/deliveries', { webhook: webhook.id }) }, 'Messages'),
        ),
      );
    }

    async function setStatus(row: HTMLTableRowElement, webhook: Webhook, status: 'active' | 'inactive') {
      const name = webhook.name ? shown(webhook.name) : webhook.id;
      // As `svc webhook deactivate` asks at a terminal: its messages still being retried are given up at once.
      if (status === 'inactive' && !confirm(`Deactivate ${name}? Its messages still being retried are given up, and no new ones are sent.`))
        return;
      const button = row.querySelector<HTMLButtonElement>('button.toggle')!;
      button.disabled = true;
      try {
        const updated = await sendJson<Webhook>('PATCH', `/v1/webhooks/${encodeURIComponent(webhook.id)}`, { status }, { key: givenKey });
        showRow(row, updated);
        row.querySelector<HTMLButtonElement>('button.toggle')!.focus();
        announce(`${name} is ${updated.status}.`);
      } catch (error) {
        button.disabled = false;
        refused(error, `Cannot ${status === 'active' ? 'activate' : 'deactivate'} ${name}`);
      }
    }

    function refused(error: unknown, what: string) {
      if (error instanceof ApiFailure && error.status === 401) {
        forgetKey();
        keyInMemory = null;
        askKey(`The emulator refused the key: ${error.message}`);
        return;
      }
      const wait = error instanceof ApiFailure && error.retryAfterSeconds ? ` (try again in ${error.retryAfterSeconds} s)` : '';
      fill(problem, failure(`${what}: ${(error as Error).message}${wait}`));
    }

    void load();
  }
}
