// The Trigger view's state, apart from its rendering: the parts a transaction may hold (each a group of fields), and
// the form's values turned into the body of `POST /_emulator/transactions`, or what is wrong with them. Pure: no DOM.
import type { InjectTransactionRequest } from '../../../schema/emulator-control.js';

/** A field of the form: its key in the request, its label, and the input's attributes (pattern, size, ...). */
export interface Field {
  key: string;
  label: string;
  value?: string;
  required?: boolean;
  pattern?: string;
  placeholder?: string;
  size?: number;
  inputmode?: string;
  list?: string;
}

/** A kind of part a transaction may hold several of: its field in the request, and the fields of one. */
export interface Group {
  field: 'erc20Transfers' | 'erc721Transfers' | 'erc1155Transfers' | 'internalTransactions' | 'logs';
  legend: string;
  /** One of them, in words ("ERC-20 transfer"). */
  one: string;
  fields: Field[];
}

const ADDRESS = { pattern: '0x[0-9a-fA-F]{40}', placeholder: '0x\u2026 (40 hex digits)', size: 44 };
const AMOUNT = { pattern: '[0-9]+', placeholder: 'decimal', size: 24, inputmode: 'numeric' };
const TOPIC = { pattern: '0x[0-9a-fA-F]{64}', placeholder: '0x\u2026 (64 hex digits)', size: 68 };
/** An ERC-20 or ERC-721 Transfer: what a log's topic0 is unless told otherwise (as `svc emulator trigger --log`). */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
export const CALL_TYPES = ['CALL', 'DELEGATECALL', 'STATICCALL', 'CALLCODE', 'CREATE', 'CREATE2'];

export const TRANSACTION_FIELDS = {
  chain: {
    key: 'chain',
    label: 'Chain: its name or id',
    required: true,
    value: 'fuji',
    list: 'chain-names',
    size: 20,
    pattern: '[A-Za-z0-9\\-]+',
  },
  from: { key: 'from', label: 'From (generated when empty)', ...ADDRESS },
  to: { key: 'to', label: 'To (generated when empty)', ...ADDRESS },
  value: { key: 'value', label: 'Value in wei', ...AMOUNT },
} satisfies Record<string, Field>;

export const GROUPS: readonly Group[] = [
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

/** "Add an ERC-20 transfer", "Add a log". */
export const addLabel = (group: Group) => `Add ${/^[aeiou]/i.test(group.one) ? 'an' : 'a'} ${group.one}`;

/** The form as typed: each field's text (trimmed; empty when not given), each group's entries in order. */
export interface TriggerForm {
  chain: string;
  from: string;
  to: string;
  value: string;
  failed: boolean;
  contractCreation: boolean;
  groups: Partial<Record<Group['field'], Record<string, string>[]>>;
}

/**
 * The body of `POST /_emulator/transactions`, or what is wrong with the form (the emulator checks the rest, naming
 * each rule). `chainIds`: the chains' names, to their ids.
 */
export function triggerRequest(
  form: TriggerForm,
  chainIds: ReadonlyMap<string, string>,
): { request: InjectTransactionRequest } | { problem: string } {
  const chainId = /^\d+$/.test(form.chain) ? form.chain : chainIds.get(form.chain.toLowerCase());
  if (chainId === undefined)
    return { problem: `Chain "${form.chain}": give its id, or one of the names: ${[...chainIds.keys()].join(', ')}` };
  const request: Record<string, unknown> = { chainId };
  if (form.from) request.from = form.from;
  if (form.value) request.value = form.value;
  if (form.failed) request.txStatus = '0';
  if (form.contractCreation) return { request: { ...request, contractCreation: true } as InjectTransactionRequest };
  if (form.to) request.to = form.to;
  for (const group of GROUPS) {
    const entries = (form.groups[group.field] ?? []).map((entry) =>
      Object.fromEntries(Object.entries(entry).filter(([, text]) => text !== '')),
    );
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
  return { request: request as unknown as InjectTransactionRequest };
}
