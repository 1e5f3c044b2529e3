// The data directory of an earlier svc: one journal.jsonl of format 1 (changes and whole-queue snapshots, replayed
// in order). Read into the entries of the state it comes to, as the base the logs after it apply to, until a snapshot
// holds that state: only then is the journal removed. Frozen with that format: it knows the records the resources had then.
import { AddressList } from '../webhooks/address-list.js';
import type { KeptEntry } from './change.js';
import { KeptFileError } from './record-file.js';

/** The start count a migrated folder takes: its next start draws from the second set of streams, not the first. */
const LEGACY_STARTS = 1;

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

/** The journal's first line: refused unless it is a journal of format 1. */
export function readLegacyHeader(json: Buffer, file: string): { kind: string; format: number } {
  let header: { kind?: unknown; format?: unknown } | undefined;
  try {
    header = JSON.parse(json.toString('utf8'));
  } catch {
    header = undefined;
  }
  if (header?.kind !== 'svc-emulator-journal' || header.format !== 1) throw new KeptFileError(`${file} is not an emulator journal`);
  return header as { kind: string; format: number };
}

/**
 * The entries of the state the journal's whole records (after its header) come to. Its runs all drew ids from the
 * first random streams of their seed: the start count is set past them, so ids made from now on are never theirs.
 */
export function legacyJournalEntries(lines: readonly Buffer[]): KeptEntry[] {
  const records = lines.map((line) => JSON.parse(line.toString('utf8')) as LegacyRecord);
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

  const entries: KeptEntry[] = [['emulator', 'starts', LEGACY_STARTS]];
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
