// Trigger: what `svc emulator trigger` makes, as a form: a transaction with its sender, recipient and value, its
// token transfers (ERC-20, ERC-721, ERC-1155), internal transactions, logs of 1 to 4 topics, or a contract
// creation. The emulator checks it, names each rule broken, and answers the message ids it sent: each a link.
import { ApiFailure, getJson, sendJson } from './api.js';
import type { InjectTransactionAnswer } from '../../../schema/emulator-control.js';
import type { ViewContext } from './view.js';
import { countOf, failure, fill, h, shown } from './dom.js';
import type { Attributes } from './dom.js';

const ADDRESS = { pattern: '0x[0-9a-fA-F]{40}', placeholder: '0x\u2026 (40 hex digits)', size: 44 };
const AMOUNT = { pattern: '[0-9]+', placeholder: 'decimal', size: 24, inputmode: 'numeric' };
const TOPIC = { pattern: '0x[0-9a-fA-F]{64}', placeholder: '0x\u2026 (64 hex digits)', size: 68 };
/** An ERC-20 or ERC-721 Transfer: what a log's topic0 is unless told otherwise (as `svc emulator trigger --log`). */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const CALL_TYPES = ['CALL', 'DELEGATECALL', 'STATICCALL', 'CALLCODE', 'CREATE', 'CREATE2'];

type Field = { key: string; label: string; value?: string } & Attributes;
interface Group {
  field: string;
  legend: string;
  one: string;
  fields: Field[];
}

const GROUPS: Group[] = [
  {
    field: 'erc20Transfers',
    legend: 'ERC-20 transfers',
    one: 'ERC-20 transfer',
    fields: [
      { key: 'from', label: 'From', required: true, ...ADDRESS },
      { key: 'to', label: 'To', required: true, ...ADDRESS },
      { key: 'value', label: 'Value (smallest unit)', required: true, ...AMOUNT },
    ],
  },
  {
    field: 'erc721Transfers',
    legend: 'ERC-721 transfers (the chain\u2019s test collection)',
    one: 'ERC-721 transfer',
    fields: [
      { key: 'from', label: 'From', required: true, ...ADDRESS },
      { key: 'to', label: 'To', required: true, ...ADDRESS },
      { key: 'tokenId', label: 'Token id', required: true, ...AMOUNT },
    ],
  },
  {
    field: 'erc1155Transfers',
    legend: 'ERC-1155 transfers (the chain\u2019s test collection)',
    one: 'ERC-1155 transfer',
    fields: [
      { key: 'from', label: 'From', required: true, ...ADDRESS },
      { key: 'to', label: 'To', required: true, ...ADDRESS },
      { key: 'tokenId', label: 'Token id', required: true, ...AMOUNT },
      { key: 'value', label: 'Amount', required: true, ...AMOUNT },
    ],
  },
  {
    field: 'internalTransactions',
    legend: 'Internal transactions (calls the transaction made)',
    one: 'internal transaction',
    fields: [
      { key: 'from', label: 'From', required: true, ...ADDRESS },
      { key: 'to', label: 'To', required: true, ...ADDRESS },
      { key: 'value', label: 'Value (wei)', required: true, value: '0', ...AMOUNT },
      { key: 'internalTxType', label: 'Type', required: true, value: 'CALL', list: 'call-types', pattern: '[A-Z][A-Z0-9_]*', size: 14 },
    ],
  },
  {
    field: 'logs',
    legend: 'Logs (1 to 4 topics: topic0, the event\u2019s signature, then one per indexed argument)',
    one: 'log',
    fields: [
      { key: 'address', label: 'Emitted by', required: true, ...ADDRESS },
      { key: 'topic0', label: 'topic0', required: true, value: TRANSFER_TOPIC, ...TOPIC },
      { key: 'topic1', label: 'topic1', ...TOPIC },
      { key: 'topic2', label: 'topic2', ...TOPIC },
      { key: 'topic3', label: 'topic3', ...TOPIC },
      { key: 'data', label: 'Data', value: '0x', pattern: '0x([0-9a-fA-F]{2})*', placeholder: '0x\u2026 (hex)', size: 68 },
    ],
  },
];

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
  const chain = input({
    key: 'chain',
    label: 'Chain: its name or id',
    required: true,
    value: 'fuji',
    list: 'chain-names',
    size: 20,
    pattern: '[A-Za-z0-9\\-]+',
  });
  const from = input({ key: 'from', label: 'From (generated when empty)', ...ADDRESS });
  const to = input({ key: 'to', label: 'To (generated when empty)', ...ADDRESS });
  const value = input({ key: 'value', label: 'Value in wei', ...AMOUNT });
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
    const add = h('button', { type: 'button', onclick: () => addEntry() }, `Add ${/^[aeiou]/i.test(group.one) ? 'an' : 'a'} ${group.one}`);
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

  /** The body of `POST /_emulator/transactions`, or what is wrong with the form. */
  function body():
    { request: Record<string, unknown> & { chainId: string }; problem?: undefined } | { request?: undefined; problem: string } {
    const text = (field: HTMLElement) => field.querySelector('input')!.value.trim();
    const chainText = text(chain);
    const chainId = /^\d+$/.test(chainText) ? chainText : chainIds.get(chainText.toLowerCase());
    if (chainId === undefined)
      return { problem: `Chain "${chainText}": give its id, or one of the names: ${[...chainIds.keys()].join(', ')}` };
    const request: Record<string, unknown> & { chainId: string } = { chainId };
    if (text(from)) request.from = text(from);
    if (text(value)) request.value = text(value);
    if (failed.checked) request.txStatus = '0';
    if (creation.checked) {
      request.contractCreation = true;
      return { request };
    }
    if (text(to)) request.to = text(to);
    for (const { group, read } of groups) {
      const entries = read();
      if (entries.length === 0) continue;
      if (group.field !== 'logs') {
        request[group.field] = entries;
        continue;
      }
      const logs = [];
      for (const [index, entry] of entries.entries()) {
        const topics = ['topic0', 'topic1', 'topic2', 'topic3'].map((key) => entry[key]);
        const count = topics.filter(Boolean).length;
        // topic1 empty and topic2 given would be read as topic1: the topics are in order, none skipped.
        if (topics.slice(0, count).some((topic) => !topic))
          return { problem: `Log ${index + 1}: give its topics in order, topic0 first, none skipped` };
        logs.push({ address: entry.address, topics: topics.slice(0, count), data: entry.data ?? '0x' });
      }
      request.logs = logs;
    }
    return { request };
  }

  async function trigger() {
    const made = body();
    if (!made.request) return fill(outcome, failure(made.problem ?? 'the form is not complete'));
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
