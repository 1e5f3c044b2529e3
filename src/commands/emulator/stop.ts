// `svc emulator stop`: ends an emulator this user runs, found through its record, cleanly (SIGTERM) and says so. It
// signals only a process proven to be that emulator, and waits for one that is still writing its last state.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import { LocalError, NotFoundError, UsageError } from '../../errors.js';
import { sleep } from '../../interrupt.js';
import { parseInteger } from '../../options.js';
import type { EmulatorRecord } from '../../settings/emulator-records.js';
import type { Action, FlagsOf } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import { findEmulators, shellQuoted, warnUnreadable } from './running.js';
import type { FoundEmulators } from './running.js';

/** How long an emulator is given to end after SIGTERM before we say it did not (it is never killed behind your back). */
const STOP_TIMEOUT_MS = 5_000;
/** How long, in all, one that says it is shutting down (writing its last state: a large data folder) is waited for. */
const STOPPING_TIMEOUT_MS = 60_000;
const POLL_MS = 25;
/** An emulator whose record holds no proof is asked who it is; it answers within this or is not taken for itself. */
const ANSWER_TIMEOUT_MS = 1_000;

export interface EmulatorStopOptions {
  port?: number;
  all: boolean;
}

/** The command and its flags, declared once: EmulatorStopFlags is read from here. */
function declareCommand(emulator: Command) {
  return emulator
    .command('stop')
    .description('Stop an emulator you run: SIGTERM, then up to 5 s (60 s while it writes its state); with one running, no flag needed')
    .option('--port <n>', 'the one listening on this port')
    .option('--all', 'every emulator you run (none running is no failure)');
}

export type EmulatorStopFlags = FlagsOf<ReturnType<typeof declareCommand>>;

export function register(emulator: Command, action: Action): void {
  declareCommand(emulator)
    .addHelpText(
      'after',
      examples([
        ['stop the emulator (the only one running)', 'svc emulator stop'],
        ['stop the one on port 4010', 'svc emulator stop --port 4010'],
        ['with several running, the one svc talks to', 'SVC_BASE_URL=http://127.0.0.1:4011 svc emulator stop'],
        ['stop them all, e.g. at the end of a CI job', 'svc emulator stop --all'],
      ]) +
        '\nOnly a process proven to be that emulator is signalled (its record names its pid and start time): a\n' +
        'record whose pid now runs another program is removed as stale. Without --port or --all, and with several\n' +
        'running, the one the base URL names (--base-url, SVC_BASE_URL or the profile) is stopped.\n',
    )
    .action(action(({ flags }, context) => run(parseEmulatorStopOptions(flags), context)));
}

export function parseEmulatorStopOptions(flags: EmulatorStopFlags): EmulatorStopOptions {
  if (flags.port !== undefined && flags.all) throw new UsageError('--port and --all: give one or the other');
  return { port: flags.port === undefined ? undefined : parseInteger('--port', flags.port, 1, 65535), all: flags.all === true };
}

/** Stopped (or gone already), not proven to be the emulator, or still running after this long. */
type Outcome = 'stopped' | 'unproven' | { stillRunningAfterMs: number };

export async function run(options: EmulatorStopOptions, context: CommandContext): Promise<void> {
  const { io } = context;
  const found = await findEmulators(io.env);
  const { checkProcess } = await import('../../process-proof.js');
  for (const record of found.stale) io.warn(`svc: ${goneAlready(record, checkProcess(record.pid, null) !== 'gone')}`);
  warnUnreadable(io, found.unreadable);
  const targets = await chooseTargets(options, found, context);
  if (targets.length === 0 && found.unreadable.length === 0) {
    io.warn('No emulator is running: nothing to stop');
    return;
  }
  // One after another would make `--all` wait 5 s per hung emulator; they shut down side by side.
  const outcomes = await Promise.all(targets.map((record) => stop(record, context)));
  const stillRunning = targets.filter((_, index) => typeof outcomes[index] === 'object');
  const unproven = targets.filter((_, index) => outcomes[index] === 'unproven');
  if (stillRunning.length > 0) {
    const named = stillRunning.map((record) => `${record.url} (pid ${record.pid})`).join(', ');
    const waitedMs = Math.max(...outcomes.map((outcome) => (typeof outcome === 'object' ? outcome.stillRunningAfterMs : 0)));
    throw new LocalError(
      `the emulator at ${named} is still running ${Math.round(waitedMs / 1000)} s after SIGTERM`,
      `see what it is doing in its log, or end it at once: kill -9 ${stillRunning.map((record) => record.pid).join(' ')}`,
    );
  }
  if (unproven.length > 0) {
    const named = unproven.map((record) => `${record.url} (pid ${record.pid})`).join(', ');
    throw new LocalError(
      `not stopped: cannot tell that pid ${unproven.map((record) => record.pid).join(', ')} is still the emulator at ${named}: its record names no start time, and it does not answer as that emulator`,
      `if it is, end it with: kill ${unproven.map((record) => record.pid).join(' ')}; if not, remove its record: rm ${unproven
        .map((record) => shellQuoted(record.file))
        .join(' ')}`,
    );
  }
  // `--all` means every one: an emulator may still run behind a record that cannot be read (named above).
  if (options.all && found.unreadable.length > 0) {
    throw new LocalError(
      `${found.unreadable.length === 1 ? 'an emulator record cannot' : `${found.unreadable.length} emulator records cannot`} be read (see above): an emulator may still be running`,
    );
  }
}

async function chooseTargets(
  options: EmulatorStopOptions,
  { running, unreadable }: FoundEmulators,
  context: CommandContext,
): Promise<Array<EmulatorRecord & { file: string }>> {
  const { recordFile } = await import('../../settings/emulator-records.js');
  const withFile = (records: EmulatorRecord[]) => records.map((record) => ({ ...record, file: recordFile(context.io.env, record.port) }));
  if (options.port !== undefined) {
    const record = running.find((candidate) => candidate.port === options.port);
    if (record) return withFile([record]);
    if (unreadable.some((candidate) => candidate.port === options.port)) {
      throw new LocalError(`cannot stop an emulator on port ${options.port}: its record cannot be read (see above)`);
    }
    const others = running.map((candidate) => candidate.port).join(', ');
    throw new NotFoundError(`no emulator of yours is running on port ${options.port}`, others ? `running on: ${others}` : undefined);
  }
  if (options.all || running.length === 1) return withFile(running);
  if (running.length === 0) {
    if (unreadable.length > 0) {
      const which = unreadable.length === 1 ? 'its record cannot' : `${unreadable.length} records cannot`;
      throw new LocalError(`cannot tell whether an emulator is running: ${which} be read (see above)`);
    }
    throw new NotFoundError('no emulator is running', 'svc emulator status lists what runs');
  }
  const named = await namedByBaseUrl(running, context);
  if (named) return withFile([named]);
  throw new UsageError(
    `${running.length} emulators are running, on ports ${running.map((record) => record.port).join(', ')}: which one?`,
    `choose one: svc emulator stop --port ${running[0]!.port}, or stop them all: svc emulator stop --all`,
  );
}

/** The running emulator that the base URL names, when one was set (flag, environment or profile): the one svc talks to. */
async function namedByBaseUrl(running: EmulatorRecord[], context: CommandContext): Promise<EmulatorRecord | undefined> {
  const { isLoopbackHost, resolveSettings } = await import('../../settings/resolve.js');
  const { baseUrl } = resolveSettings({ profile: context.globals.profile, baseUrl: context.globals.baseUrl }, context.io.env);
  if (baseUrl.source === 'default') return undefined;
  const target = new URL(baseUrl.value);
  const portOf = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');
  return running.find((record) => {
    const url = new URL(record.url);
    if (portOf(url) !== portOf(target)) return false;
    return url.hostname === target.hostname || (isLoopbackHost(url.hostname) && isLoopbackHost(target.hostname));
  });
}

/** Signals the emulator once it is proven to be that process, and waits for it to end. */
async function stop(record: EmulatorRecord & { file: string }, context: CommandContext): Promise<Outcome> {
  const { io } = context;
  const [records, { checkProcess }] = await Promise.all([import('../../settings/emulator-records.js'), import('../../process-proof.js')]);
  const verdict = checkProcess(record.pid, record.proof);
  if (verdict === 'gone') {
    io.warn(`svc: ${goneAlready(record, checkProcess(record.pid, null) !== 'gone')}`);
    forgetIfStale(records, io.env, record.port);
    return 'stopped';
  }
  if (verdict === 'unknown' && !(await answersAs(record, context))) return 'unproven';
  // Signalled once only: a second signal ends an svc process at once, mid-write. So not one already shutting down,
  // nor one that another `svc emulator stop` is stopping; both are waited for.
  const claim = records.claimStop(io.env, record.port);
  let waitedMs: number | undefined;
  try {
    if (!claim.claimed) {
      io.warn(`Another svc emulator stop (pid ${String(claim.by)}) is stopping the emulator at ${record.url}: waiting for it to end`);
    } else if (record.stoppingSince !== undefined) {
      io.warn(waitingLine(record));
    } else {
      try {
        process.kill(record.pid, 'SIGTERM');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH') {
          throw new LocalError(`cannot stop the emulator at ${record.url} (pid ${record.pid}): ${(error as Error).message}`);
        }
      }
    }
    waitedMs = await waitForEnd(record, context, () => {
      const now = records.readEmulatorRecord(io.env, record.port);
      return now?.kind === 'record' && now.record.pid === record.pid && now.record.stoppingSince !== undefined;
    });
  } finally {
    if (claim.claimed) records.releaseStop(io.env, record.port);
  }
  if (waitedMs !== undefined) return { stillRunningAfterMs: waitedMs };
  // A clean shutdown removes its record; one that ended otherwise leaves it, and it is of no use now.
  forgetIfStale(records, io.env, record.port);
  io.warn(`Stopped the emulator at ${record.url} (pid ${record.pid})`);
  return 'stopped';
}

/** Removes the port's record if its process is gone (not one another emulator took since). */
function forgetIfStale(records: typeof import('../../settings/emulator-records.js'), env: NodeJS.ProcessEnv, port: number): void {
  const found = records.readEmulatorRecord(env, port);
  if (found?.kind === 'record' && found.verdict === 'gone') records.removeStaleRecord(found);
}

/**
 * Waits for the process to end: 5 s after the signal, or, for one that says it is shutting down (its record marked as
 * stopping: it writes its last state), 60 s, saying that it waits. Undefined once it ended, else how long it waited.
 */
async function waitForEnd(record: EmulatorRecord, context: CommandContext, isStopping: () => boolean): Promise<number | undefined> {
  const { checkProcess } = await import('../../process-proof.js');
  const signalledAt = Date.now();
  let waiting = record.stoppingSince !== undefined;
  let deadline = signalledAt + (waiting ? STOPPING_TIMEOUT_MS : STOP_TIMEOUT_MS);
  for (;;) {
    // Gone, or its pid is another process's already: either way that emulator has ended.
    if (checkProcess(record.pid, record.proof) === 'gone') return undefined;
    if (Date.now() > deadline) {
      if (waiting || !isStopping()) return deadline - signalledAt;
      waiting = true;
      deadline = signalledAt + STOPPING_TIMEOUT_MS;
      context.io.warn(waitingLine(record));
    }
    await sleep(POLL_MS, context.interrupt);
  }
}

function waitingLine(record: EmulatorRecord): string {
  return `The emulator at ${record.url} (pid ${record.pid}) is shutting down: waiting for it to finish writing its state (up to ${STOPPING_TIMEOUT_MS / 1000} s)`;
}

function goneAlready(record: EmulatorRecord, pidReused: boolean): string {
  return `the emulator at ${record.url} (pid ${record.pid}) was gone already${pidReused ? ` (pid ${record.pid} is another program now, left alone)` : ''}; its record is removed`;
}

/**
 * For a record without a proof to check (written where none could be read, or by an older svc): the emulator at its
 * URL says which process it is. Only that answer makes the pid safe to signal.
 */
async function answersAs(record: EmulatorRecord, context: CommandContext): Promise<boolean> {
  const { EmulatorControlClient } = await import('../../api/emulator-control.js');
  const client = new EmulatorControlClient({
    baseUrl: record.url,
    timeoutMs: ANSWER_TIMEOUT_MS,
    retries: 0,
    userAgent: `svc/${context.version} node/${process.version}`,
    interrupt: context.interrupt,
  });
  try {
    return (await client.status()).pid === record.pid;
  } catch {
    return false;
  } finally {
    await client.close();
  }
}
