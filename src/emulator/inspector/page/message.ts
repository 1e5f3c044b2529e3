// A message: what it is, its attempts as a timeline (when, how long, what the receiver answered, made safe to read,
// the headers sent, the next attempt), the body as sent, and Redeliver, to its webhook's URL or another.
import type { DeliveryAttempt, DeliveryDetail, DeliveryRecord, RedeliverAnswer } from '../../../schema/emulator-control.js';
import { ApiFailure, getJson, sendJson, withQuery } from './api.js';
import type { ViewContext } from './view.js';
import { countOf, failure, fill, fromNow, h, shown, shownUrl, time } from './dom.js';

/** How an attempt ended, in words. */
function outcome(attempt: DeliveryAttempt): string {
  if (attempt.status !== null) return `answered ${attempt.status}`;
  return `no answer: ${attempt.error ?? 'other'}${attempt.errorMessage ? ` (${shown(attempt.errorMessage)})` : ''}`;
}

const succeeded = (attempt: DeliveryAttempt) => attempt.status !== null && attempt.status >= 200 && attempt.status < 300;

export function messageView({ main, follow }: ViewContext, messageId: string): void {
  const path = `/_emulator/deliveries/${encodeURIComponent(messageId)}`;
  const attemptsShown = new Set<number>();
  let bodySent = '';
  const facts = h('dl', { class: 'facts' });
  const attempts = h('ol', { class: 'timeline', 'aria-label': 'Attempts, oldest first' });
  const ahead = h('p', { class: 'ahead' });
  const problem = h('div');
  // A box that scrolls, reached by keyboard; named by the section it is in (a <pre> itself may carry no name).
  const bodyShown = h('pre', { class: 'body', tabindex: 0 });
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

  fill(
    main,
    h('p', {}, h('a', { href: '#/deliveries' }, '\u2190 Deliveries')),
    h('h1', { tabindex: -1 }, 'Message ', h('code', {}, shown(messageId))),
    problem,
    facts,
    h('section', { 'aria-labelledby': 'attempts-heading' }, h('h2', { id: 'attempts-heading' }, 'Attempts'), attempts, ahead),
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

  async function load() {
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
    fill(problem);
    showFacts(detail.delivery);
    for (const attempt of detail.attempts) {
      if (attemptsShown.has(attempt.number)) continue;
      attemptsShown.add(attempt.number);
      attempts.append(attemptItem(attempt, detail.delivery.url));
    }
    showAhead(detail.delivery);
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

  function showFacts(delivery: DeliveryRecord) {
    webhookUrl.textContent = shownUrl(delivery.url);
    const webhook = withQuery('#/deliveries', { webhook: delivery.webhookId });
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
        h('a', { href: webhook }, delivery.webhookName ? `${shown(delivery.webhookName)} ` : '', h('code', {}, shown(delivery.webhookId))),
      ),
      h('dt', {}, 'URL'),
      h('dd', {}, h('code', {}, shownUrl(delivery.url))),
      h('dt', {}, 'Created'),
      h('dd', {}, time(delivery.createdAt)),
      h('dt', {}, 'Attempts'),
      h('dd', {}, String(delivery.attempts)),
    );
  }

  /** @param messageUrl the message's URL, beside which another one is pointed out */
  function attemptItem(attempt: DeliveryAttempt, messageUrl: string) {
    const headers = Object.entries(attempt.requestHeaders ?? {});
    const answer =
      attempt.responseBody === undefined
        ? null
        : h(
            'details',
            { open: !succeeded(attempt) },
            h(
              'summary',
              {},
              `The answer${attempt.responseBodyCut ? ' (its first 4 KB)' : ''}${attempt.responseBody === '' ? ': empty' : ''}`,
            ),
            attempt.responseBody !== '' && h('pre', { class: 'answer', tabindex: 0 }, shown(attempt.responseBody)),
          );
    return h(
      'li',
      { class: succeeded(attempt) ? 'attempt attempt-ok' : 'attempt attempt-failed', 'data-attempt': attempt.number },
      h('h3', {}, `Attempt ${attempt.number}`, attempt.redelivery && h('span', { class: 'tag' }, 'redelivery')),
      h('p', {}, time(attempt.startedAt), ` \u00b7 took ${attempt.durationMs} ms \u00b7 `, h('strong', {}, outcome(attempt))),
      attempt.url !== messageUrl && h('p', {}, 'Sent to ', h('code', {}, shownUrl(attempt.url))),
      h(
        'details',
        {},
        h('summary', {}, `Request headers (${headers.length})`),
        h(
          'table',
          { class: 'headers' },
          h(
            'tbody',
            {},
            headers.map(([name, value]) => h('tr', {}, h('th', { scope: 'row' }, shown(name)), h('td', {}, shown(String(value))))),
          ),
        ),
      ),
      answer,
    );
  }

  function showAhead(delivery: DeliveryRecord) {
    if (delivery.state === 'delivered') fill(ahead, 'Delivered: no more attempts.');
    else if (delivery.state === 'failed') fill(ahead, `Given up after ${countOf(delivery.attempts, 'attempt')}; Redeliver still sends it.`);
    else if (delivery.nextAttemptAt)
      fill(ahead, h('strong', {}, 'Next attempt '), time(delivery.nextAttemptAt), ` (${fromNow(delivery.nextAttemptAt)})`);
    else fill(ahead, 'An attempt is under way, or waiting for a free slot.');
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
      const inactive = error instanceof ApiFailure && error.status === 409;
      fill(
        sent,
        failure((error as Error).message),
        inactive && h('p', {}, 'Activate it on the ', h('a', { href: '#/webhooks' }, 'Webhooks'), ' page, then redeliver.'),
      );
    } finally {
      send.disabled = false;
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
    if (news.kind === 'reload' || news.delivery.messageId === messageId) void load();
  });
  void load();
}
