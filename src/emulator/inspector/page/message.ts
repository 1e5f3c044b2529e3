// A message: what it is and what was last done to it, kept true from the stream: first what comes next (the next
// attempt, counting down) or why it failed (and the message whose failure switched its webhook off); then its
// attempts as a timeline (when, how long, what the receiver answered, made safe to read, the headers sent and
// received), failed ones closed but the last; Redeliver, to its webhook's URL or another, or Activate first while the
// webhook is inactive; and the body as sent. Its state and words are message-state.ts's; this module renders them.
import type { DeliveryAttempt, DeliveryDetail, RedeliverAnswer, WebhookSummaryAnswer } from '../../../schema/emulator-control.js';
import type { Webhook } from '../../../schema/webhooks.js';
import { ApiFailure, getJson, sendJson, storedKey, storeKey, withQuery } from './api.js';
import { aboutParts, fromNow } from './deliveries-state.js';
import { failure, fill, h, short, shown, shownUrl, time } from './dom.js';
import { afterNews, givenUp, initialState, offer, read, timeline } from './message-state.js';
import type { MessageState } from './message-state.js';
import type { ViewContext } from './view.js';

const TICK_MS = 1_000;

/** How an attempt ended, in words. */
function outcome(attempt: DeliveryAttempt): string {
  if (attempt.status !== null) return `answered ${attempt.status}`;
  return `no answer: ${attempt.error ?? 'other'}${attempt.errorMessage ? ` (${shown(attempt.errorMessage)})` : ''}`;
}

const succeeded = (attempt: DeliveryAttempt) => attempt.status !== null && attempt.status >= 200 && attempt.status < 300;

/** Headers as a table of names and values, shown as text. */
function headersTable(headers: Record<string, string>) {
  return h(
    'table',
    { class: 'headers' },
    h(
      'tbody',
      {},
      Object.entries(headers).map(([name, value]) =>
        h('tr', {}, h('th', { scope: 'row' }, shown(name)), h('td', {}, shown(String(value)))),
      ),
    ),
  );
}

export function messageView({ main, follow, online }: ViewContext, messageId: string): () => void {
  const path = `/_emulator/deliveries/${encodeURIComponent(messageId)}`;
  let state: MessageState = initialState(messageId);
  let reading: Promise<void> | undefined;
  let readAgain = false;
  /** The number of attempts the timeline shows, to lay it out again only when it changes. */
  let attemptsShown = -1;
  let bodySent = '';
  const ahead = h('div', { class: 'ahead' });
  const facts = h('dl', { class: 'facts' });
  const attempts = h('ol', { class: 'timeline', 'aria-label': 'Attempts, oldest first' });
  const problem = h('div');
  const bodyShown = h('pre', { class: 'body', tabindex: 0, role: 'region', 'aria-labelledby': 'body-heading' });
  const copied = h('span', { class: 'note', role: 'status' });

  const toWebhook = h('input', { type: 'radio', name: 'target', id: 'target-webhook', checked: true, onchange: () => targetChanged() });
  const toOther = h('input', { type: 'radio', name: 'target', id: 'target-other', onchange: () => targetChanged() });
  const webhookUrl = h('code');
  const otherUrl = h('input', {
    type: 'url',
    id: 'other-url',
    placeholder: 'http://127.0.0.1:3000/hooks',
    disabled: true,
    size: 40,
    autocomplete: 'off',
  });
  const send = h('button', { type: 'submit' }, 'Redeliver');
  const sent = h('div', { class: 'sent', role: 'status' });

  const redeliverForm = h(
    'form',
    {
      class: 'redeliver',
      'aria-labelledby': 'redeliver-heading',
      onsubmit: (event) => {
        event.preventDefault();
        void redeliver();
      },
    },
    h('h2', { id: 'redeliver-heading' }, 'Redeliver'),
    h('p', { class: 'note' }, 'The same messageId and body, signed with the key\u2019s secret as it is now, as one more attempt.'),
    h(
      'fieldset',
      {},
      h('legend', {}, 'Send it to'),
      h('div', {}, toWebhook, ' ', h('label', { for: 'target-webhook' }, 'its webhook\u2019s URL '), webhookUrl),
      h('div', {}, toOther, ' ', h('label', { for: 'target-other' }, 'another URL, for this attempt only')),
      h('div', { class: 'indent' }, h('label', { for: 'other-url', class: 'visually-hidden' }, 'Other URL'), otherUrl),
    ),
    send,
    sent,
  );

  const keyInput = h('input', { id: 'activate-key', type: 'password', autocomplete: 'off', spellcheck: 'false', size: 30 });
  const keyField = h('p', { class: 'field' }, h('label', { for: 'activate-key' }, 'API key (the webhook\u2019s owner)'), ' ', keyInput);
  const activate = h('button', { type: 'submit' }, 'Activate the webhook');
  const activated = h('div', { role: 'status' });
  const activateForm = h(
    'form',
    {
      class: 'activate',
      'aria-labelledby': 'activate-heading',
      hidden: true,
      onsubmit: (event) => {
        event.preventDefault();
        void activateWebhook();
      },
    },
    h('h2', { id: 'activate-heading' }, 'Activate its webhook'),
    h(
      'p',
      { class: 'note' },
      'Its webhook is inactive: a redelivery would be refused. Activate it first; then Redeliver sends the message again.',
    ),
    keyField,
    activate,
    activated,
  );

  fill(
    main,
    h('p', {}, h('a', { href: '#/deliveries' }, '\u2190 Deliveries')),
    h('h1', { tabindex: -1 }, 'Message ', h('code', {}, shown(messageId))),
    problem,
    ahead,
    facts,
    h('section', { 'aria-labelledby': 'attempts-heading' }, h('h2', { id: 'attempts-heading' }, 'Attempts'), attempts),
    activateForm,
    redeliverForm,
    h(
      'section',
      { 'aria-labelledby': 'body-heading' },
      h('h2', { id: 'body-heading' }, 'Body'),
      h(
        'p',
        {},
        h('button', { type: 'button', onclick: () => void copy() }, 'Copy the body'),
        ' ',
        h('span', { class: 'note' }, 'exactly as sent: what the signature covers'),
        ' ',
        copied,
      ),
      bodyShown,
    ),
  );

  function targetChanged() {
    otherUrl.disabled = !toOther.checked;
    otherUrl.required = toOther.checked;
    if (toOther.checked) otherUrl.focus();
  }

  /** Reads the message (and its webhook's summary) and shows it; asked again while reading, reads once more after. */
  function load(): Promise<void> {
    if (reading) {
      readAgain = true;
      return reading;
    }
    reading = (async () => {
      let detail: DeliveryDetail;
      try {
        detail = await getJson<DeliveryDetail>(path);
      } catch (error) {
        const gone = error instanceof ApiFailure && error.status === 404;
        fill(
          problem,
          failure(
            gone
              ? `No message ${messageId} is kept: unknown, or forgotten as older than the messages kept.`
              : `Cannot show the message: ${(error as Error).message}`,
          ),
        );
        return;
      }
      const summary = await getJson<WebhookSummaryAnswer>(
        withQuery('/_emulator/webhooks/summary', { webhookId: detail.delivery.webhookId }),
      ).catch(() => undefined);
      state = read(
        state,
        detail,
        summary?.webhooks.find((webhook) => webhook.webhookId === detail.delivery.webhookId),
      );
      fill(problem);
      render();
    })().finally(() => {
      reading = undefined;
      if (readAgain) {
        readAgain = false;
        void load();
      }
    });
    return reading;
  }

  function render() {
    const detail = state.detail;
    if (!detail) return;
    const { delivery } = detail;
    showAhead();
    webhookUrl.textContent = shownUrl(delivery.url);
    const about = aboutParts(delivery);
    const webhookStatus = state.webhook?.status;
    const switchedOff = state.webhook?.switchedOff;
    fill(
      facts,
      h('dt', {}, 'State'),
      h(
        'dd',
        {},
        h('span', { class: `state state-${delivery.state}` }, delivery.state),
        delivery.webhookDeactivated && ' \u2014 its last attempt switched the webhook off',
      ),
      h('dt', {}, 'Webhook'),
      h(
        'dd',
        {},
        h(
          'a',
          { href: withQuery('#/deliveries', { webhook: delivery.webhookId }) },
          delivery.webhookName ? `${shown(delivery.webhookName)} ` : '',
          h('code', {}, shown(delivery.webhookId)),
        ),
        webhookStatus && [' ', h('span', { class: `state state-${webhookStatus}`, 'data-webhook-status': webhookStatus }, webhookStatus)],
        switchedOff?.byMessageId && [
          ' \u2014 switched off by message ',
          h('a', { href: `#/deliveries/${encodeURIComponent(switchedOff.byMessageId)}` }, h('code', {}, shown(switchedOff.byMessageId))),
        ],
      ),
      h('dt', {}, 'URL'),
      h('dd', {}, h('code', {}, shownUrl(delivery.url))),
      h('dt', {}, 'Created'),
      h('dd', {}, time(delivery.createdAt)),
      about && [
        h('dt', {}, 'About'),
        h(
          'dd',
          {},
          `${shown(about.chain)}: transaction `,
          short(about.transactionHash),
          about.addresses.length > 0 && [', address ', ...about.addresses.flatMap((address, index) => [index > 0 && ', ', short(address)])],
        ),
      ],
      h('dt', {}, 'Attempts'),
      h('dd', {}, String(delivery.attempts)),
    );
    if (detail.attempts.length !== attemptsShown) {
      attemptsShown = detail.attempts.length;
      fill(
        attempts,
        timeline(detail.attempts).map(({ attempt, open }) => attemptItem(attempt, open, delivery.url)),
      );
    }
    const offered = offer(state);
    activateForm.hidden = offered !== 'activate';
    redeliverForm.hidden = offered !== 'redeliver';
    keyField.hidden = storedKey() !== null;
    if (bodySent !== detail.body) {
      bodySent = detail.body;
      let formatted = detail.body;
      try {
        formatted = JSON.stringify(JSON.parse(detail.body), null, 2);
      } catch {
        // Shown as sent.
      }
      bodyShown.textContent = shown(formatted);
    }
  }

  /** What comes next, at the top: the next attempt counting down, why it was given up, or that it was delivered. */
  function showAhead() {
    const delivery = state.detail?.delivery;
    if (!delivery) return;
    const ended = givenUp(delivery);
    if (delivery.state === 'delivered') fill(ahead, h('p', {}, 'Delivered: no more attempts.'));
    else if (ended)
      fill(
        ahead,
        h(
          'p',
          {},
          h('strong', {}, ended.words),
          ended.switchedOffBy && [
            ' (message ',
            h('a', { href: `#/deliveries/${encodeURIComponent(ended.switchedOffBy)}` }, h('code', {}, shown(ended.switchedOffBy))),
            ')',
          ],
          '.',
        ),
      );
    else if (!online()) fill(ahead, h('p', {}, h('strong', {}, 'Next attempt: not known now'), ': the emulator is unreachable.'));
    else if (delivery.nextAttemptAt)
      fill(
        ahead,
        h('p', {}, h('strong', {}, 'Next attempt '), time(delivery.nextAttemptAt), ` (${fromNow(delivery.nextAttemptAt, Date.now())})`),
      );
    else fill(ahead, h('p', {}, 'An attempt is under way, or waiting for a free slot.'));
  }

  /** @param messageUrl the message's URL, beside which another one is pointed out */
  function attemptItem(attempt: DeliveryAttempt, open: boolean, messageUrl: string) {
    const ok = succeeded(attempt);
    return h(
      'li',
      { class: ok ? 'attempt attempt-ok' : 'attempt attempt-failed', 'data-attempt': attempt.number },
      h(
        'details',
        { open },
        h(
          'summary',
          {},
          h('strong', {}, `Attempt ${attempt.number}`),
          attempt.redelivery && h('span', { class: 'tag' }, 'redelivery'),
          ' \u00b7 ',
          time(attempt.startedAt),
          ` \u00b7 ${outcome(attempt)}`,
        ),
        h('p', {}, `Took ${attempt.durationMs} ms.`),
        attempt.url !== messageUrl && h('p', {}, 'Sent to ', h('code', {}, shownUrl(attempt.url))),
        h(
          'details',
          {},
          h('summary', {}, `Request headers (${Object.keys(attempt.requestHeaders).length})`),
          headersTable(attempt.requestHeaders),
        ),
        attempt.responseHeaders &&
          h(
            'details',
            {},
            h('summary', {}, `Response headers (${Object.keys(attempt.responseHeaders).length})`),
            headersTable(attempt.responseHeaders),
          ),
        attempt.responseBody !== undefined &&
          h(
            'details',
            { open: !ok },
            h(
              'summary',
              {},
              `The answer${attempt.responseBodyCut ? ' (its first 4 KB)' : ''}${attempt.responseBody === '' ? ': empty' : ''}`,
            ),
            attempt.responseBody !== '' && h('pre', { class: 'answer', tabindex: 0 }, shown(attempt.responseBody)),
          ),
      ),
    );
  }

  async function redeliver() {
    const url = toOther.checked ? otherUrl.value.trim() : undefined;
    if (toOther.checked && !otherUrl.reportValidity()) return;
    send.disabled = true;
    fill(sent, 'Sending\u2026');
    try {
      const { attempt } = await sendJson<RedeliverAnswer>('POST', `${path}/redeliver`, url === undefined ? {} : { url });
      fill(
        sent,
        h('p', { class: succeeded(attempt) ? 'ok' : 'bad' }, `Attempt ${attempt.number}: ${outcome(attempt)} in ${attempt.durationMs} ms.`),
      );
      await load();
    } catch (error) {
      fill(sent, failure((error as Error).message));
      // Inactive after all (switched off meanwhile): the summary says so, and Activate is offered.
      if (error instanceof ApiFailure && error.status === 409) await load();
    } finally {
      send.disabled = false;
    }
  }

  async function activateWebhook() {
    const webhookId = state.detail?.delivery.webhookId;
    if (!webhookId) return;
    const key = storedKey() ?? keyInput.value.trim();
    if (!key) {
      fill(activated, failure('API key: give the key that created the webhook'));
      keyInput.focus();
      return;
    }
    activate.disabled = true;
    try {
      const updated = await sendJson<Webhook>('PATCH', `/v1/webhooks/${encodeURIComponent(webhookId)}`, { status: 'active' }, { key });
      if (storedKey() === null) storeKey(key);
      state = { ...state, webhook: { status: updated.status } };
      fill(activated);
      render();
      send.focus();
    } catch (error) {
      fill(activated, failure(`Cannot activate the webhook: ${(error as Error).message}`));
    } finally {
      activate.disabled = false;
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(bodySent);
      copied.textContent = 'Copied.';
    } catch {
      // No clipboard here (a page not served from loopback is no secure context): the text is selected to copy.
      const range = document.createRange();
      range.selectNodeContents(bodyShown);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
      copied.textContent = 'Selected (formatted): copy it with your keyboard.';
    }
  }

  follow((news) => {
    if (news.kind === 'connection') return showAhead();
    const next = afterNews(state, news);
    state = next.state;
    if (next.reread) void load();
    else render();
  });
  const ticker = window.setInterval(() => {
    if (state.detail?.delivery.state === 'retrying') showAhead();
  }, TICK_MS);
  void load();
  return () => window.clearInterval(ticker);
}
