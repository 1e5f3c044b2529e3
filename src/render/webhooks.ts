// How a webhook is shown: a FIELD/value listing for people, one TSV row for pipes; and a list of webhooks, as a
// table or TSV rows.
import { displayUrl } from '../mask.js';
import type { ShownWebhook } from '../schema/webhooks.js';
import { formatCount } from './count.js';
import { isoTime, readableTime } from './format.js';
import { renderDetails, renderTable } from './table.js';
import type { Column, TableStyle } from './table.js';
import { safeText } from './text.js';
import { tsvRow } from './tsv.js';

/**
 * One webhook as a TSV row, the columns of `webhook list` (WEBHOOK_TSV_COLUMNS): every command that prints a webhook
 * prints the same columns, so `cut -f4` is the status whichever command printed it.
 */
export function webhookTsv(webhook: ShownWebhook): string {
  return tsvRow(listCells(webhook, false));
}

/** The TSV columns of a webhook, in order (the README lists them). */
export const WEBHOOK_TSV_COLUMNS = ['id', 'name', 'chain id', 'status', 'addresses', 'url', 'created', 'event type'] as const;

export function webhookDetails(webhook: ShownWebhook, style: TableStyle): string {
  const addresses = webhook.metadata?.addresses ?? [];
  const signatures = webhook.metadata?.eventSignatures ?? [];
  const pairs: Array<[string, string]> = [
    ['ID', safeText(webhook.id)],
    ['NAME', safeText(webhook.name)],
    ['STATUS', safeText(webhook.status)],
    ['CHAIN ID', safeText(webhook.chainId)],
    ['URL', safeText(shownUrl(webhook.url))],
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
  return values.length > 3 ? `${formatCount(values.length, true)}: ${shown}, …` : shown;
}

const LIST_COLUMNS: Column[] = [
  // Narrow terminals leave out columns rather than wrap (lowest drop order first), down to the id and status. The id
  // is what every other webhook command takes: a UUID stays whole (only a longer, odd one is shortened to that width).
  { header: 'ID', shrink: 'middle', minWidth: 36 },
  { header: 'NAME', shrink: 'end', minWidth: 8, dropOrder: 4 },
  { header: 'CHAIN', shrink: 'end', minWidth: 5, dropOrder: 3 },
  { header: 'STATUS', shrink: 'end', minWidth: 8 },
  { header: 'ADDRESSES', shrink: 'none', align: 'right', dropOrder: 2 },
  { header: 'URL', shrink: 'middle', minWidth: 16, dropOrder: 5 },
  { header: 'CREATED (UTC)', shrink: 'none', dropOrder: 1 },
  // The real service lists webhooks of other event types too (validator_activity, ...): said for each, never refused.
  { header: 'EVENT TYPE', shrink: 'end', minWidth: 8, dropOrder: 0 },
];
const STATUS_COLUMN = 3;

/**
 * A listed webhook's cells in the table's order: id, name, chain id, status, number of addresses, url, created, event
 * type (last, so the columns before it keep their places for `cut`).
 */
function listCells(webhook: ShownWebhook, forPeople: boolean): unknown[] {
  const addresses = webhook.metadata?.addresses;
  const time = forPeople ? readableTime : isoTime;
  return [
    webhook.id,
    webhook.name,
    webhook.chainId,
    webhook.status,
    addresses === undefined ? undefined : formatCount(addresses.length, forPeople),
    shownUrl(webhook.url),
    time(webhook.createdAt),
    webhook.eventType,
  ];
}

/** One row of `webhook list` for pipes: the table's columns, the time in ISO 8601 (`cut -f1` gives the id). */
export function webhookListTsv(webhook: ShownWebhook): string {
  return tsvRow(listCells(webhook, false));
}

export function webhookListTable(webhooks: ShownWebhook[], style: TableStyle): string {
  const rows = webhooks.map((webhook) => listCells(webhook, true).map(safeText));
  return renderTable(LIST_COLUMNS, rows, style, (column, text, chalk) => {
    if (column !== STATUS_COLUMN) return text;
    if (text === 'active') return chalk.green(text);
    if (text === 'inactive') return chalk.yellow(text);
    return text;
  });
}

/** A webhook's URL without the user name and password it may carry (notifications are sent with them). */
function shownUrl(url: string | undefined): string | undefined {
  return url === undefined ? undefined : displayUrl(url);
}
