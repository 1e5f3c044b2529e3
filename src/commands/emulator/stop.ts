// `svc emulator stop`: ends an emulator this user runs, found through its record, cleanly (SIGTERM) and says so.
import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import { LocalError, NotFoundError, UsageError } from '../../errors.js';
import { parseInteger } from '../../options.js';
import type { EmulatorRecord } from '../../settings/emulator-records.js';
import type { Action } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import { findEmulators } from './running.js';

/** How long a stopping emulator is given to shut down before we say it did not (it is never killed behind your back). */
const STOP_TIMEOUT_MS = 5_000;
const POLL_MS = 25;

export interface EmulatorStopFlags {
  port?: string;
  all?: boolean;
}

export interface EmulatorStopOptions {
  port?: number;
  all: boolean;
}

export function register(emulator: Command, action: Action): void {
  emulator
    .command('stop')
    .description('Stop an emulator you run (SIGTERM, waiting up to 5 s); with one running, no flag is needed')
    .option('--port <n>', 'the one listening on this port')
    .option('--all', 'every emulator you run')
    .addHelpText(
      'after',
      examples([
        ['stop the emulator (the only one running)', 'svc emulator stop'],
        ['stop the one on port 4010', 'svc emulator stop --port 4010'],
        ['stop them all, e.g. at the end of a CI job', 'svc emulator stop --all'],
      ]),
    )
    .action(action<[], EmulatorStopFlags>(({ flags }, context) => run(parseEmulatorStopOptions(flags), context)));
}

export function parseEmulatorStopOptions(flags: EmulatorStopFlags): EmulatorStopOptions {
  if (flags.port !== undefined && flags.all) throw new UsageError('--port and --all: give one or the other');
  return { port: flags.port === undefined ? undefined : parseInteger('--port', flags.port, 1, 65535), all: flags.all === true };
}

export async function run(options: EmulatorStopOptions, context: CommandContext): Promise<void> {
  const { io } = context;
  const found = await findEmulators(io.env);
  for (const record of found.stale)
    io.warn(`svc: the emulator at ${record.url} (pid ${record.pid}) was gone already; its record is removed`);
  const targets = chooseTargets(options, found.running);
  const records = await import('../../settings/emulator-records.js');
  const stillRunning: EmulatorRecord[] = [];
  // One after another would make `--all` wait 5 s per hung emulator; they shut down side by side.
  await Promise.all(
    targets.map(async (record) => {
      try {
        process.kill(record.pid, 'SIGTERM');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH') {
          throw new LocalError(`cannot stop the emulator at ${record.url} (pid ${record.pid}): ${(error as Error).message}`);
        }
      }
      if (await exited(record.pid)) {
        // A clean shutdown removes its record; one that ended otherwise leaves it, and it is of no use now.
        records.forgetEmulatorRecord(io.env, record.port);
        io.warn(`Stopped the emulator at ${record.url} (pid ${record.pid})`);
      } else {
        stillRunning.push(record);
      }
    }),
  );
  if (stillRunning.length > 0) {
    const named = stillRunning.map((record) => `${record.url} (pid ${record.pid})`).join(', ');
    throw new LocalError(
      `the emulator at ${named} is still running ${STOP_TIMEOUT_MS / 1000} s after SIGTERM`,
      `see what it is doing in its log, or end it at once: kill -9 ${stillRunning.map((record) => record.pid).join(' ')}`,
    );
  }
}

function chooseTargets(options: EmulatorStopOptions, running: EmulatorRecord[]): EmulatorRecord[] {
  if (options.port !== undefined) {
    const record = running.find((candidate) => candidate.port === options.port);
    if (!record) {
      const others = running.map((candidate) => candidate.port).join(', ');
      throw new NotFoundError(`no emulator of yours is running on port ${options.port}`, others ? `running on: ${others}` : undefined);
    }
    return [record];
  }
  if (running.length === 0) throw new NotFoundError('no emulator is running', 'svc emulator status lists what runs');
  if (options.all || running.length === 1) return running;
  throw new UsageError(
    `${running.length} emulators are running, on ports ${running.map((record) => record.port).join(', ')}: which one?`,
    `choose one: svc emulator stop --port ${running[0]!.port}, or stop them all: svc emulator stop --all`,
  );
}

/** Whether the process ended within the time limit. */
async function exited(pid: number): Promise<boolean> {
  const { isProcessAlive } = await import('../../settings/emulator-records.js');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (isProcessAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return true;
}
