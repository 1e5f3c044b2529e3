// How a webhook is shown: a FIELD/value listing for people, one TSV row for pipes.
import type { ShownWebhook } from '../schema/webhooks.js';
import { isoTime, readableTime } from './format.js';
import { renderDetails } from './table.js';
import type { TableStyle } from './table.js';
import { safeText } from './text.js';
import { tsvRow } from './tsv.js';

/** id, status, chain id, url, name, created: `cut -f1` gives the id. */
export function webhookTsv(webhook: ShownWebhook): string {
  return tsvRow([webhook.id, webhook.status, webhook.chainId, webhook.url, webhook.name, isoTime(webhook.createdAt)]);
}

export function webhookDetails(webhook: ShownWebhook, style: TableStyle): string {
  const addresses = webhook.metadata?.addresses ?? [];
  const signatures = webhook.metadata?.eventSignatures ?? [];
  const pairs: Array<[string, string]> = [
    ['ID', safeText(webhook.id)],
    ['NAME', safeText(webhook.name)],
    ['STATUS', safeText(webhook.status)],
    ['CHAIN ID', safeText(webhook.chainId)],
    ['URL', safeText(webhook.url)],
    ['EVENT TYPE', safeText(webhook.eventType)],
    ['ADDRESSES', describeList(addresses)],
    ['EVENT SIGNATURES', signatures.length ? describeList(signatures) : 'any'],
    ['INCLUDE LOGS', webhook.includeLogs === undefined ? '' : String(webhook.includeLogs)],
    ['INCLUDE INTERNAL TXS', webhook.includeInternalTxs === undefined ? '' : String(webhook.includeInternalTxs)],
    ['CREATED', webhook.createdAt === undefined ? '' : `${readableTime(webhook.createdAt)} UTC`],
  ];
  if (webhook.description) pairs.splice(2, 0, ['DESCRIPTION', safeText(webhook.description)]);
  return renderDetails(pairs, style);
}

function describeList(values: unknown[]): string {
  const shown = values.slice(0, 3).map(safeText).join(', ');
  return values.length > 3 ? `${values.length}: ${shown}, …` : shown;
}
