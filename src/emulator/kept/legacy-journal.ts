// The data directory of an earlier svc: one journal.jsonl of format 1 (changes and whole-queue snapshots, replayed
// in order). Read once, into the entries of the state it comes to; the data directory then writes them as its first
// snapshot and removes the journal. Frozen with that format: it knows the records the resources had then.
import { AddressList } from '../webhooks/address-list.js';
import type { KeptEntry } from './change.js';
import { KeptFileError, lineAt } from './record-file.js';

interface LegacyWebhook {
  webhook: { id: string; status: string; url: string } & Record<string, unknown>;
  addresses: string[];
  eventSignatures: string[];
  ownerKey: string;
  other?: unknown;
}

interface LegacyDelivery {
  sequence: number;
  record: {
    messageId: string;
    webhookId: string;
    webhookName: string | null;
    url: string;
    createdAt: string;
    state: string;
    webhookDeactivated?: boolean;
  };
  ownerKey: string;
  body: string;
  attempts: Array<{ number: number }>;
}

type LegacyRecord =
  | { op: 'webhook'; webhook: LegacyWebhook }
  | { op: 'update'; id: string; changes: Record<string, unknown> }
  | { op: 'deactivate'; id: string }
  | { op: 'addresses'; id: string; add?: string[]; remove?: string[] }
  | { op: 'secret'; key: string; secret: string }
  | { op: 'inject'; tx: { item: { txHash: string } } }
  | { op: 'reset' }
  | { op: 'deliveries'; deliveries: { messages: LegacyDelivery[]; pending: Array<{ messageId: string }>; dropped: number } }
  | { op: 'ids' };

export function readLegacyJournal(data: Buffer, file: string, warn: (line: string) => void): KeptEntry[] {
  const records: LegacyRecord[] = [];
  let offset = 0;
  let header: { kind?: unknown; format?: unknown } | undefined;
  while (offset < data.length) {
    const line = lineAt(data, offset);
    if (!line) break;
    const value = JSON.parse(line.json.toString('utf8'));
    if (header === undefined) header = value;
    else records.push(value);
    offset = line.next;
  }
  if (data.length > 0 && (header?.kind !== 'svc-emulator-journal' || header.format !== 1)) {
    throw new KeptFileError(`${file} is not an emulator journal`);
  }
  if (offset < data.length)
    warn(`svc: ${file}: its last ${data.length - offset} bytes are not a whole record (a write cut short): dropped`);

  const webhooks = new Map<string, { value: LegacyWebhook; addresses: AddressList }>();
  const secrets = new Map<string, string>();
  const transactions = new Map<string, unknown>();
  let deliveries: Extract<LegacyRecord, { op: 'deliveries' }>['deliveries'] | undefined;
  for (const record of records) {
    if (record.op === 'webhook') {
      webhooks.set(record.webhook.webhook.id, { value: record.webhook, addresses: new AddressList(record.webhook.addresses) });
    } else if (record.op === 'update') {
      const found = webhooks.get(record.id);
      if (found) for (const [field, value] of Object.entries(record.changes)) if (value !== undefined) found.value.webhook[field] = value;
    } else if (record.op === 'deactivate') {
      const found = webhooks.get(record.id);
      if (found) found.value.webhook.status = 'inactive';
    } else if (record.op === 'addresses') {
      const found = webhooks.get(record.id);
      if (found?.addresses) {
        for (const change of found.addresses.planAdd(record.add ?? [])) found.addresses.setChunk(change.id, change.addresses);
        for (const change of found.addresses.planRemove(record.remove ?? [])) found.addresses.setChunk(change.id, change.addresses);
      }
    } else if (record.op === 'secret') {
      secrets.set(record.key, record.secret);
    } else if (record.op === 'inject') {
      transactions.set(record.tx.item.txHash, record.tx);
    } else if (record.op === 'reset') {
      webhooks.clear();
      secrets.clear();
      transactions.clear();
      deliveries = undefined;
    } else if (record.op === 'deliveries') {
      deliveries = record.deliveries;
    }
  }

  const entries: KeptEntry[] = [];
  let sequence = 0;
  for (const [id, { value, addresses }] of webhooks) {
    const { webhook, ownerKey, eventSignatures, other } = value;
    entries.push(['webhook', id, { webhook, ownerKey, eventSignatures, sequence: sequence++, ...(other ? { other } : {}) }]);
    for (const chunk of addresses.chunkRecords()) entries.push(['addresses', `${id}/${chunk.id}`, JSON.parse(chunk.json.toString())]);
  }
  for (const [ownerKey, secret] of secrets) entries.push(['secret', ownerKey, secret]);
  for (const [txHash, tx] of transactions) entries.push(['transaction', txHash, tx]);
  if (deliveries) {
    const pending = new Set(deliveries.pending.map((job) => job.messageId));
    for (const { sequence, record, ownerKey, body, attempts } of deliveries.messages) {
      const { messageId, webhookId, webhookName, url, createdAt } = record;
      entries.push(['message', messageId, { sequence, webhookId, webhookName, url, createdAt, ownerKey, body }]);
      for (const attempt of attempts) entries.push(['attempt', `${messageId}/${attempt.number}`, attempt]);
      if (!pending.has(messageId) && record.state !== 'retrying') {
        entries.push(['outcome', messageId, { state: record.state, ...(record.webhookDeactivated ? { webhookDeactivated: true } : {}) }]);
      }
    }
    entries.push(['deliveries', 'dropped', deliveries.dropped]);
  }
  return entries;
}
