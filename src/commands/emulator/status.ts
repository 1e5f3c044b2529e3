// `svc emulator status`: the emulators this user runs, found through their records, each asked how it is doing.
import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import type { EmulatorStatusAnswer } from '../../schema/emulator-control.js';
import type { EmulatorRecord } from '../../settings/emulator-records.js';
import type { Action } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import { findEmulators, formatUptime } from './running.js';

/** An emulator that does not answer its control API within this is shown as not answering, not waited for. */
const ANSWER_TIMEOUT_MS = 1_000;

/** running: it answered; not-answering: its process is there but its URL is not; stale: its process is gone. */
type EmulatorState = 'running' | 'not-answering' | 'stale';

interface EmulatorLine {
  record: EmulatorRecord;
  state: EmulatorState;
  answer?: EmulatorStatusAnswer;
}

export function register(emulator: Command, action: Action): void {
  emulator
    .command('status')
    .description('List the emulators you run: URL, pid, uptime, webhooks and messages pending (exit 3 when none runs)')
    .addHelpText(
      'after',
      examples([
        ['which emulators run, and since when', 'svc emulator status'],
        ['the URL of the one running, for a script', 'svc emulator status | cut -f1'],
        ['everything about them, as JSON', 'svc emulator status --json'],
      ]) +
        '\nPiped, one line per emulator: url, pid, uptime in seconds, webhooks, pending messages, state\n' +
        '(running, not-answering, stale). A record whose process is gone is shown as stale once and removed.\n',
    )
    .action(action<[], Record<string, never>>((_, context) => run(context)));
}

export async function run(context: CommandContext): Promise<void> {
  const { io } = context;
  const found = await findEmulators(io.env);
  const lines: EmulatorLine[] = [
    ...(await Promise.all(found.running.map((record) => ask(record, context)))),
    ...found.stale.map((record): EmulatorLine => ({ record, state: 'stale' })),
  ].sort((a, b) => a.record.port - b.record.port);
  if (lines.length > 0) await print(lines, context);
  if (found.running.length === 0) {
    throw new NotFoundError('no emulator is running', 'start one in the background: svc emulator start --detach');
  }
}

async function ask(record: EmulatorRecord, context: CommandContext): Promise<EmulatorLine> {
  const { EmulatorControlClient } = await import('../../api/emulator-control.js');
  const client = new EmulatorControlClient({
    baseUrl: record.url,
    timeoutMs: ANSWER_TIMEOUT_MS,
    retries: 0,
    userAgent: `svc/${context.version} node/${process.version}`,
    interrupt: context.interrupt,
  });
  try {
    return { record, state: 'running', answer: await client.status() };
  } catch {
    // Starting, stopping, hung, or an older emulator without the status endpoint: its process is there all the same.
    return { record, state: 'not-answering' };
  } finally {
    await client.close();
  }
}

function uptimeSeconds(record: EmulatorRecord): number {
  return Math.max(0, Math.floor((Date.now() - Date.parse(record.startedAt)) / 1000));
}

async function print(lines: EmulatorLine[], context: CommandContext): Promise<void> {
  const { io } = context;
  if (context.globals.json) {
    const emulators = lines.map(({ record, state, answer }) => ({
      url: record.url,
      port: record.port,
      pid: record.pid,
      state,
      startedAt: record.startedAt,
      uptimeSeconds: state === 'stale' ? null : uptimeSeconds(record),
      webhooks: answer?.webhooks ?? null,
      pendingMessages: answer?.pendingMessages ?? null,
      dataDir: record.dataDir,
      logFile: record.logFile,
      version: answer?.version ?? record.version,
    }));
    await io.write(JSON.stringify({ emulators }) + '\n');
    return;
  }
  if (!io.isStdoutTTY) {
    const { tsvRow } = await import('../../render/tsv.js');
    await io.write(
      lines
        .map(({ record, state, answer }) =>
          tsvRow([
            record.url,
            record.pid,
            state === 'stale' ? '' : uptimeSeconds(record),
            answer?.webhooks ?? '',
            answer?.pendingMessages ?? '',
            state,
          ]),
        )
        .join(''),
    );
    return;
  }
  const { renderTable } = await import('../../render/table.js');
  const rows = lines.map(({ record, state, answer }) => [
    record.url,
    String(record.pid),
    state === 'stale' ? '' : formatUptime(uptimeSeconds(record)),
    answer ? String(answer.webhooks) : '',
    answer ? String(answer.pendingMessages) : '',
    state === 'stale' ? 'stale (process gone; record removed)' : state === 'not-answering' ? 'not answering' : 'running',
    record.dataDir ?? '(in memory)',
  ]);
  await io.write(
    renderTable(
      [
        { header: 'URL', shrink: 'none' },
        { header: 'PID', shrink: 'none', align: 'right' },
        { header: 'UPTIME', shrink: 'none', align: 'right' },
        { header: 'WEBHOOKS', shrink: 'none', align: 'right' },
        { header: 'PENDING', shrink: 'none', align: 'right' },
        { header: 'STATE', shrink: 'end', dropOrder: 2 },
        { header: 'DATA DIR', shrink: 'middle', dropOrder: 1 },
      ],
      rows,
      { width: io.columns, color: io.colorEnabled },
    ),
  );
}
