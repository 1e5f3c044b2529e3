// How the emulator's messages and their attempts are shown: a table or TSV row per message (`emulator deliveries`),
// a row per attempt (`--follow`, `redeliver`), and one message with every attempt (`deliveries show`).
import { displayUrl } from '../mask.js';
import type {
  AttemptEvent,
  DeliveryAttempt,
  DeliveryDetail,
  DeliveryRecord,
  GivenUpEvent,
  GivenUpReason,
} from '../schema/emulator-control.js';
import { palette, renderDetails, renderTable } from './table.js';
import type { Column, TableStyle } from './table.js';
import { quotedText, safeText } from './text.js';
import { tsvRow } from './tsv.js';

/** The TSV columns of a message, in order (the README lists them). */
export const DELIVERY_TSV_COLUMNS = [
  'created',
  'message id',
  'webhook id',
  'webhook name',
  'url',
  'state',
  'attempts',
  'last status',
  'next attempt',
] as const;

/** The TSV columns of an attempt, in order (the README lists them). */
export const ATTEMPT_TSV_COLUMNS = [
  'ended',
  'message id',
  'webhook id',
  'attempt',
  'url',
  'status',
  'duration ms',
  'state',
  'kind',
] as const;

/** `2026-11-23T14:05:09.123Z` as pipes get times: whole seconds. */
function isoSeconds(iso: string | undefined): string {
  return iso === undefined ? '' : iso.replace(/\.\d{3}Z$/, 'Z');
}

/** The same instant for people: `2026-11-23 14:05:09`, UTC. */
function readable(iso: string | undefined): string {
  return isoSeconds(iso).replace('T', ' ').replace('Z', '');
}

/** The last answer's status, or why there was none; empty before the first attempt. */
export function lastOutcome(record: Pick<DeliveryRecord, 'attempts' | 'lastStatus' | 'lastError'>): string {
  if (record.lastStatus !== null) return String(record.lastStatus);
  if (record.lastError !== undefined) return record.lastError;
  return '';
}

/** An attempt's status, or its network error. */
export function attemptOutcome(attempt: Pick<DeliveryAttempt, 'status' | 'error'>): string {
  return attempt.status !== null ? String(attempt.status) : (attempt.error ?? 'other');
}

/** Why a failed message was given up, in a few words for a table's state cell. */
const GIVEN_UP_WORDS: Record<GivenUpReason, string> = {
  attempts_exhausted: 'attempts used up',
  expired: 'out of time',
  queue_full: 'queue full',
  webhook_deactivated: 'webhook deactivated',
  webhook_switched_off: 'webhook switched off',
};

/** The state as people read it: a failed message says why it was given up, where the emulator told. */
export function stateWords(record: Pick<DeliveryRecord, 'state' | 'givenUpReason'>): string {
  return record.state === 'failed' && record.givenUpReason ? `failed (${GIVEN_UP_WORDS[record.givenUpReason]})` : record.state;
}

/** Why a failed message was given up, as a sentence for `deliveries show`. */
export function givenUpSentence(record: Pick<DeliveryRecord, 'givenUpReason' | 'switchedOffBy'>): string | undefined {
  switch (record.givenUpReason) {
    case 'attempts_exhausted':
      return 'every attempt the schedule allows failed';
    case 'expired':
      return 'it was still undelivered at the time limit';
    case 'queue_full':
      return 'too many messages were waiting, and it was among the oldest';
    case 'webhook_deactivated':
      return 'its webhook was deactivated';
    case 'webhook_switched_off':
      return `message ${record.switchedOffBy ?? '(unknown)'} of its webhook failed for good and switched the webhook off`;
    default:
      return undefined;
  }
}

function deliveryCells(record: DeliveryRecord, time: (iso: string | undefined) => string): unknown[] {
  return [
    time(record.createdAt),
    record.messageId,
    record.webhookId,
    record.webhookName ?? '',
    displayUrl(record.url),
    record.state,
    record.attempts,
    lastOutcome(record),
    record.state === 'retrying' ? time(record.nextAttemptAt) : '',
  ];
}

export function deliveryTsv(record: DeliveryRecord): string {
  return tsvRow(deliveryCells(record, isoSeconds));
}

const DELIVERY_COLUMNS: Column[] = [
  { header: 'CREATED (UTC)', shrink: 'none', dropOrder: 3 },
  { header: 'MESSAGE ID', shrink: 'middle', minWidth: 36 },
  { header: 'WEBHOOK ID', shrink: 'middle', minWidth: 12, dropOrder: 2 },
  { header: 'NAME', shrink: 'end', minWidth: 6, dropOrder: 4 },
  { header: 'URL', shrink: 'middle', minWidth: 16, dropOrder: 1 },
  { header: 'STATE', shrink: 'none' },
  { header: 'ATTEMPTS', shrink: 'none', align: 'right', dropOrder: 5 },
  { header: 'LAST', shrink: 'none' },
  { header: 'NEXT ATTEMPT', shrink: 'none', dropOrder: 0 },
];
const STATE_COLUMN = 5;

export function deliveryTable(records: DeliveryRecord[], style: TableStyle): string {
  const rows = records.map((record) => {
    const cells = deliveryCells(record, readable);
    cells[STATE_COLUMN] = stateWords(record);
    return cells.map(safeText);
  });
  return renderTable(DELIVERY_COLUMNS, rows, style, (column, text, chalk) => {
    if (column !== STATE_COLUMN) return text;
    if (text === 'delivered') return chalk.green(text);
    if (text.startsWith('failed')) return chalk.red(text);
    return chalk.yellow(text);
  });
}

/** When an attempt ended: its start plus how long it took. */
function attemptEnded(attempt: DeliveryAttempt): string {
  return new Date(Date.parse(attempt.startedAt) + attempt.durationMs).toISOString();
}

function attemptCells(event: AttemptEvent, time: (iso: string | undefined) => string): unknown[] {
  const { attempt, delivery } = event;
  return [
    time(attemptEnded(attempt)),
    delivery.messageId,
    delivery.webhookId,
    attempt.number,
    displayUrl(attempt.url),
    attemptOutcome(attempt),
    attempt.durationMs,
    delivery.state,
    attempt.redelivery ? 'redelivery' : 'automatic',
  ];
}

/**
 * A message given up without an attempt to tell it, in an attempt's columns: no attempt number or duration, the
 * reason where the status goes, `given-up` for its kind.
 */
function givenUpCells({ delivery, givenUpAt }: GivenUpEvent, time: (iso: string | undefined) => string): unknown[] {
  return [
    time(givenUpAt),
    delivery.messageId,
    delivery.webhookId,
    '',
    displayUrl(delivery.url),
    delivery.givenUpReason ?? '',
    '',
    delivery.state,
    'given-up',
  ];
}

export function attemptTsv(event: AttemptEvent | GivenUpEvent): string {
  return tsvRow('attempt' in event ? attemptCells(event, isoSeconds) : givenUpCells(event, isoSeconds));
}

/**
 * One attempt as a line for a terminal, printed as it happens (a table would need every row before its widths):
 * the columns of the TSV, two spaces apart.
 */
export function attemptLine(event: AttemptEvent | GivenUpEvent, color: boolean): string {
  const chalk = palette(color);
  if (!('attempt' in event)) {
    const { delivery } = event;
    const cells = givenUpCells(event, readable).map(safeText);
    const why = givenUpSentence(delivery);
    return [cells[0], cells[1], cells[2], chalk.red('given up'), safeText(displayUrl(delivery.url)), `${delivery.attempts} attempts`]
      .concat(why ? [safeText(why)] : [])
      .join('  ')
      .concat('\n');
  }
  const cells = attemptCells(event, readable).map(safeText);
  const outcome = cells[5]!;
  const ok = event.attempt.status !== null && event.attempt.status >= 200 && event.attempt.status < 300;
  cells[5] = ok ? chalk.green(outcome) : chalk.red(outcome);
  cells[3] = `#${cells[3]}`;
  cells[6] = `${cells[6]} ms`;
  cells[7] = safeText(stateWords(event.delivery));
  // What the schedule made needs no word; a redelivery says so.
  if (cells[8] === 'automatic') cells.pop();
  return cells.join('  ') + '\n';
}

/** One message and every attempt, in order, for people. */
export function deliveryDetails(detail: DeliveryDetail, style: TableStyle): string {
  const { delivery } = detail;
  const pairs: Array<[string, string]> = [
    ['MESSAGE ID', safeText(delivery.messageId)],
    ['WEBHOOK', safeText(delivery.webhookName ? `${delivery.webhookId} (${delivery.webhookName})` : delivery.webhookId)],
    ['URL', safeText(displayUrl(delivery.url))],
    ['STATE', safeText(stateWords(delivery))],
    ['CREATED', `${readable(delivery.createdAt)} UTC`],
    ['ATTEMPTS', String(delivery.attempts)],
  ];
  if (delivery.state === 'retrying' && delivery.nextAttemptAt) pairs.push(['NEXT ATTEMPT', `${readable(delivery.nextAttemptAt)} UTC`]);
  const why = delivery.state === 'failed' ? givenUpSentence(delivery) : undefined;
  if (why) pairs.push(['GIVEN UP', safeText(why)]);
  if (delivery.webhookDeactivated) pairs.push(['WEBHOOK DEACTIVATED', 'yes, by this message failing for good']);
  let text = renderDetails(pairs, style);
  if (!text.endsWith('\n')) text += '\n';
  for (const attempt of detail.attempts) text += '\n' + attemptDetails(attempt);
  return text;
}

/** One attempt: when, how long, where, the headers sent, and the answer (safe for a terminal, the cut said) or the error. */
export function attemptDetails(attempt: DeliveryAttempt): string {
  const redelivery = attempt.redelivery ? ' (redelivery)' : '';
  const lines = [
    `Attempt ${attempt.number}${redelivery}: ${readable(attempt.startedAt)} UTC, ${attempt.durationMs} ms, POST ${safeText(displayUrl(attempt.url))}`,
    '  Request headers:',
    ...Object.entries(attempt.requestHeaders).map(([name, value]) => `    ${safeText(name)}: ${safeText(value)}`),
  ];
  if (attempt.status === null) {
    const detail = attempt.errorMessage ? ` (${quotedText(attempt.errorMessage, 200)})` : '';
    lines.push(`  No answer: ${attempt.error ?? 'other'}${detail}`);
  } else {
    lines.push(`  Status: ${attempt.status}`);
    const body = attempt.responseBody ?? '';
    if (body === '') lines.push('  Answer body: empty');
    else {
      lines.push('  Answer body:');
      // Each line made safe on its own, so the answer keeps its lines without carrying escape sequences.
      for (const line of body.split(/\r?\n/)) lines.push(`    ${safeText(line)}`);
    }
    if (attempt.responseBodyCut) lines.push('  (the answer was longer; only its first 4 KB are kept)');
  }
  return lines.join('\n') + '\n';
}
