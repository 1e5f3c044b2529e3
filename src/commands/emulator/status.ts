// `svc emulator status`: the emulators this user runs, found through their records, each asked how it is doing.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import { LocalError, NotFoundError } from '../../errors.js';
import type { EmulatorRecord } from '../../settings/emulator-records.js';
import type { Action } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import type { EmulatorLine } from '../../render/emulators.js';
import { findEmulators, warnUnreadable } from './running.js';
import type { UnreadableRecord } from './running.js';
import { jqOption } from '../shared/jq-option.js';

/** An emulator that does not answer its control API within this is shown as not answering, not waited for. */
const ANSWER_TIMEOUT_MS = 1_000;

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
        '(running, stopping, not-answering, stale). A record whose process is gone (or whose pid now runs another\n' +
        'program) is shown as stale once and removed. A record file that cannot be read is named on stderr.\n',
    )
    .addOption(jqOption())
    .action(action((_, context) => run(context)));
}

export async function run(context: CommandContext): Promise<void> {
  const { io } = context;
  const found = await findEmulators(io.env);
  const lines: EmulatorLine[] = [
    ...(await Promise.all(found.running.map((record) => ask(record, context)))),
    ...found.stale.map((record): EmulatorLine => ({ record, state: 'stale' })),
  ].sort((a, b) => a.record.port - b.record.port);
  if (lines.length > 0 || (context.globals.json && found.unreadable.length > 0)) await print(lines, found.unreadable, context);
  warnUnreadable(io, found.unreadable);
  if (found.running.length === 0 && found.unreadable.length > 0) {
    // "None runs" would be a guess: an emulator may be behind each of them.
    const which = found.unreadable.length === 1 ? 'its record cannot' : `${found.unreadable.length} records cannot`;
    throw new LocalError(`cannot tell whether an emulator is running: ${which} be read (see above)`);
  }
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
  // Shutting down, it writes its last state: it may answer meanwhile, or no longer.
  const stopping = record.stoppingSince !== undefined;
  try {
    return { record, state: stopping ? 'stopping' : 'running', answer: await client.status() };
  } catch {
    // Starting, hung, or an older emulator without the status endpoint: its process is there all the same.
    return { record, state: stopping ? 'stopping' : 'not-answering' };
  } finally {
    await client.close();
  }
}

async function print(lines: EmulatorLine[], unreadable: UnreadableRecord[], context: CommandContext): Promise<void> {
  const { io } = context;
  const { emulatorTable, emulatorTsv, uptimeSeconds } = await import('../../render/emulators.js');
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
      stoppingSince: record.stoppingSince ?? null,
    }));
    const unreadableRecords = unreadable.map(({ file, port, reason }) => ({ file, port, reason }));
    await io.write(JSON.stringify({ emulators, unreadableRecords }) + '\n');
  } else if (io.isStdoutTTY) {
    await io.write(await emulatorTable(lines, { width: io.columns, color: io.colorEnabled }));
  } else {
    await io.write(lines.map(emulatorTsv).join(''));
  }
}
