// Trigger: what `svc emulator trigger` makes, as a form: a transaction with its sender, recipient and value, its
// token transfers (ERC-20, ERC-721, ERC-1155), internal transactions, logs of 1 to 4 topics, or a contract
// creation. The emulator checks it, names each rule broken, and answers the message ids it sent: each a link. The
// fields and the body they make are trigger-state.ts; this renders the form and sends it.
import type { InjectTransactionAnswer } from '../../../schema/emulator-control.js';
import { ApiFailure, getJson, sendJson } from './api.js';
import { countOf, failure, fill, h, shown } from './dom.js';
import { addLabel, CALL_TYPES, GROUPS, TRANSACTION_FIELDS, triggerRequest } from './trigger-state.js';
import type { Field, Group, TriggerForm } from './trigger-state.js';
import type { ViewContext } from './view.js';

let nextId = 1;
const uniqueId = (stem: string) => `${stem}-${nextId++}`;

/**
 * A labelled input.
 * @param name what screen readers hear besides its label ("ERC-20 transfer 2")
 */
function input(field: Field, name?: string) {
  const { key, label, ...attributes } = field;
  const id = uniqueId(key);
  const control = h('input', { id, 'data-key': key, autocomplete: 'off', spellcheck: 'false', ...attributes, value: field.value ?? '' });
  if (name) control.setAttribute('aria-label', `${label}, ${name}`);
  return h('div', { class: 'field' }, h('label', { for: id }, label), control);
}

export function triggerView({ main }: ViewContext): void {
  const chainList = h('datalist', { id: 'chain-names' });
  const chain = input(TRANSACTION_FIELDS.chain);
  const from = input(TRANSACTION_FIELDS.from);
  const to = input(TRANSACTION_FIELDS.to);
  const value = input(TRANSACTION_FIELDS.value);
  const success = h('input', { type: 'radio', name: 'status', id: 'status-success', checked: true });
  const failed = h('input', { type: 'radio', name: 'status', id: 'status-failed' });
  const creation = h('input', { type: 'checkbox', id: 'contract-creation', onchange: () => creationChanged() });
  const groups = GROUPS.map((group) => groupSection(group));
  const outcome = h('div', { class: 'outcome', role: 'status' });
  const send = h('button', { type: 'submit' }, 'Trigger the transaction');
  let chainIds = new Map<string, string>();

  const form = h(
    'form',
    {
      class: 'trigger',
      'aria-labelledby': 'trigger-heading',
      onsubmit: (event) => {
        event.preventDefault();
        void trigger();
      },
    },
    h('fieldset', {}, h('legend', {}, 'The transaction'), chain, chainList, from, to, value),
    h(
      'fieldset',
      { class: 'inline' },
      h('legend', {}, 'Its status'),
      h('span', {}, success, ' ', h('label', { for: 'status-success' }, 'success')),
      h('span', {}, failed, ' ', h('label', { for: 'status-failed' }, 'failed')),
    ),
    h(
      'p',
      { class: 'field' },
      creation,
      ' ',
      h('label', { for: 'contract-creation' }, 'A contract creation: the sender makes a contract (no recipient, transfers, calls or logs)'),
    ),
    groups.map((group) => group.section),
    h(
      'datalist',
      { id: 'call-types' },
      CALL_TYPES.map((type) => h('option', { value: type })),
    ),
    h('p', {}, send),
    outcome,
  );
  fill(
    main,
    h('h1', { tabindex: -1, id: 'trigger-heading' }, 'Trigger'),
    h(
      'p',
      { class: 'note' },
      'Makes a transaction happen now, as svc emulator trigger does: every active webhook it matches is notified at once.',
    ),
    form,
  );

  getJson<{ chains: { name: string; chainId: string }[] }>('/_inspector/chains').then(
    (answer) => {
      chainIds = new Map(answer.chains.map((known) => [known.name, known.chainId]));
      fill(
        chainList,
        answer.chains.map((known) => h('option', { value: known.name }, known.chainId)),
      );
    },
    () => {
      // Ids still work: the names are a convenience.
    },
  );

  function creationChanged() {
    const making = creation.checked;
    for (const control of [to.querySelector('input'), ...groups.flatMap((group) => [...group.section.querySelectorAll('input, button')])]) {
      if (control) (control as HTMLInputElement | HTMLButtonElement).disabled = making;
    }
  }

  /** A fieldset of one kind of part, none at first, with a button that adds one (and each one's own to remove it). */
  function groupSection(group: Group) {
    const list = h('div', { class: 'entries' });
    const add = h('button', { type: 'button', onclick: () => addEntry() }, addLabel(group));
    const section = h('fieldset', { class: 'group', 'data-group': group.field }, h('legend', {}, group.legend), list, add);
    function addEntry() {
      const number = list.children.length + 1;
      const name = `${group.one} ${number}`;
      const entry = h(
        'div',
        { class: 'entry', role: 'group', 'aria-label': name },
        group.fields.map((field) => input(field, name)),
      );
      entry.append(
        h(
          'button',
          {
            type: 'button',
            class: 'remove',
            'aria-label': `Remove ${name}`,
            onclick: () => {
              entry.remove();
              add.focus();
            },
          },
          'Remove',
        ),
      );
      list.append(entry);
      entry.querySelector('input')!.focus();
    }
    /** The entries as the control API takes them. */
    function read() {
      return [...list.children].map((entry) => {
        const values: Record<string, string> = {};
        for (const control of entry.querySelectorAll('input')) {
          const text = control.value.trim();
          if (text !== '') values[control.dataset.key ?? ''] = text;
        }
        return values;
      });
    }
    return { group, section, read };
  }

  /** The form as typed. */
  function typed(): TriggerForm {
    const text = (field: HTMLElement) => field.querySelector('input')!.value.trim();
    return {
      chain: text(chain),
      from: text(from),
      to: text(to),
      value: text(value),
      failed: failed.checked,
      contractCreation: creation.checked,
      groups: Object.fromEntries(groups.map(({ group, read }) => [group.field, read()])),
    };
  }

  async function trigger() {
    const made = triggerRequest(typed(), chainIds);
    if ('problem' in made) return fill(outcome, failure(made.problem));
    send.disabled = true;
    fill(outcome, 'Sending\u2026');
    try {
      const { txHash, messageIds } = await sendJson<InjectTransactionAnswer>('POST', '/_emulator/transactions', made.request);
      fill(
        outcome,
        h(
          'p',
          {},
          'Transaction ',
          h('code', {}, shown(txHash)),
          ` on chain ${made.request.chainId}: `,
          messageIds.length === 0
            ? 'no active webhook watches it, so no message was sent.'
            : `${countOf(messageIds.length, 'message')} sent:`,
        ),
        messageIds.length > 0 &&
          h(
            'ul',
            { class: 'made' },
            messageIds.map((id) => h('li', {}, h('a', { href: `#/deliveries/${encodeURIComponent(id)}` }, h('code', {}, shown(id))))),
          ),
      );
    } catch (error) {
      // The emulator names every rule the form broke.
      fill(outcome, failure(error instanceof ApiFailure ? error.messages : String(error)));
    } finally {
      send.disabled = false;
    }
  }
}
