// How a running emulator is shown by `svc emulator status`: a table row for people, a TSV row for pipes.
import type { EmulatorRecord, EmulatorStatusAnswer } from '../schema/emulator-control.js';
import { formatCount } from './count.js';
import type { Column, TableStyle } from './table.js';
import { safeText } from './text.js';
import { tsvRow } from './tsv.js';

/**
 * running: it answered; stopping: it is shutting down, writing its last state; not-answering: its process is there
 * but its URL is not; stale: its process is gone (or its pid runs another program now).
 */
export type EmulatorState = 'running' | 'stopping' | 'not-answering' | 'stale';

export interface EmulatorLine {
  record: EmulatorRecord;
  state: EmulatorState;
  answer?: EmulatorStatusAnswer;
}

/** The TSV columns of a running emulator, in order, as the README's Output section lists them. */
export const EMULATOR_TSV_COLUMNS = ['url', 'pid', 'uptime', 'webhooks', 'pending messages', 'state'] as const;

const COLUMNS: Column[] = [
  { header: 'URL', shrink: 'none' },
  { header: 'PID', shrink: 'none', align: 'right' },
  { header: 'UPTIME', shrink: 'none', align: 'right' },
  { header: 'WEBHOOKS', shrink: 'none', align: 'right' },
  { header: 'PENDING', shrink: 'none', align: 'right' },
  { header: 'STATE', shrink: 'end', dropOrder: 2 },
  { header: 'DATA DIR', shrink: 'middle', dropOrder: 1 },
];

const STATE_WORDS: Record<EmulatorState, string> = {
  running: 'running',
  stopping: 'stopping (writing its state)',
  'not-answering': 'not answering',
  stale: 'stale (process gone; record removed)',
};

export function uptimeSeconds(record: EmulatorRecord, now = Date.now()): number {
  return Math.max(0, Math.floor((now - Date.parse(record.startedAt)) / 1000));
}

/** 42s, 3m 07s, 2h 05m: how long it has run, for people. */
export function formatUptime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  if (hours > 0) return `${formatCount(hours, true)}h ${String(minutes).padStart(2, '0')}m`;
  if (minutes > 0) return `${minutes}m ${String(rest).padStart(2, '0')}s`;
  return `${rest}s`;
}

/** One row of EMULATOR_TSV_COLUMNS: the uptime in seconds, empty for a stale record. */
export function emulatorTsv({ record, state, answer }: EmulatorLine): string {
  return tsvRow([
    record.url,
    record.pid,
    state === 'stale' ? '' : uptimeSeconds(record),
    answer?.webhooks ?? '',
    answer?.pendingMessages ?? '',
    state,
  ]);
}

/** Loads the table renderer (cli-table3, chalk) on first use: piped output never needs it. */
export async function emulatorTable(lines: EmulatorLine[], style: TableStyle): Promise<string> {
  const { renderTable } = await import('./table.js');
  // The record is a file anyone with the config folder could edit: its text is made safe like the service's.
  const rows = lines.map(({ record, state, answer }) => [
    safeText(record.url),
    String(record.pid),
    state === 'stale' ? '' : formatUptime(uptimeSeconds(record)),
    answer ? formatCount(answer.webhooks, true) : '',
    answer ? formatCount(answer.pendingMessages, true) : '',
    STATE_WORDS[state],
    record.dataDir === undefined || record.dataDir === null ? '(in memory)' : safeText(record.dataDir),
  ]);
  return renderTable(COLUMNS, rows, style);
}
