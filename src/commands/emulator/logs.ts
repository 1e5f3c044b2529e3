// `svc emulator logs [-f]`: the log of a detached emulator (its requests, its deliveries, what it said), found through
// its record as `stop` finds it; `-f` prints what it writes next until Ctrl-C, as `docker logs -f` does.
import { open, readdir, stat } from 'node:fs/promises';
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import { endAsInterrupted } from '../../context.js';
import { NotFoundError, UsageError } from '../../errors.js';
import { sleep } from '../../interrupt.js';
import { parseInteger } from '../../options.js';
import { emulatorLogFiles, emulatorsDir } from '../../settings/paths.js';
import type { Action, FlagsOf } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import { findEmulators, warnUnreadable } from './running.js';

/** How often a followed log is looked at for what was written since. */
const FOLLOW_POLL_MS = 200;
const CHUNK_BYTES = 64 * 1024;

export interface EmulatorLogsOptions {
  port?: number;
  follow: boolean;
  /** The log of the run before the last start on that port. */
  previous: boolean;
}

/** The command and its flags, declared once: EmulatorLogsFlags is read from here. */
function declareCommand(emulator: Command) {
  return emulator
    .command('logs')
    .description('Print the log of an emulator started with --detach; with one running, no flag needed')
    .option('--port <n>', 'the one on this port (running or ended)')
    .option('-f, --follow', 'then print what it writes, until Ctrl-C')
    .option('--previous', 'the log of its run before the last start on that port');
}

export type EmulatorLogsFlags = FlagsOf<ReturnType<typeof declareCommand>>;

export function register(emulator: Command, action: Action): void {
  declareCommand(emulator)
    .addHelpText(
      'after',
      examples([
        ['what the emulator running in the background said', 'svc emulator logs'],
        ['with several running, the one on port 4010', 'svc emulator logs --port 4010'],
      ]) +
        '\n-f prints what it writes next (its requests, its deliveries) until Ctrl-C, as docker logs -f does; --previous\n' +
        'the log of its run before the last start on that port (why it ended). With none running, the log of the one\n' +
        'that ended last is printed (stderr says so). One in the foreground has no log file: its output is in its terminal.\n',
    )
    .action(action(({ flags }, context) => run(parseEmulatorLogsOptions(flags), context)));
}

export function parseEmulatorLogsOptions(flags: EmulatorLogsFlags): EmulatorLogsOptions {
  if (flags.previous && flags.follow) throw new UsageError('--previous and --follow: the previous log is written no more: use one');
  return {
    port: flags.port === undefined ? undefined : parseInteger('--port', flags.port, 1, 65535),
    follow: flags.follow === true,
    previous: flags.previous === true,
  };
}

export async function run(options: EmulatorLogsOptions, context: CommandContext): Promise<void> {
  const { io } = context;
  const port = options.port ?? (await chosenPort(context));
  const files = emulatorLogFiles(io.env, port);
  const file = options.previous ? files.previous : files.current;
  let offset = await printFrom(file, 0, context).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
    throw new NotFoundError(
      options.previous
        ? `no previous log of the emulator on port ${port}: it was started there once only`
        : `no log of an emulator on port ${port}: only one started with --detach has one`,
    );
  });
  if (!options.follow) return;
  let identity = await fileIdentity(file);
  for (;;) {
    try {
      await sleep(FOLLOW_POLL_MS, context.interrupt);
    } catch {
      break;
    }
    const now = await fileIdentity(file);
    if (now === undefined) continue;
    // Started again on that port: the log it was is now the previous one; the new one is read from its start.
    if (now.inode !== identity?.inode || now.size < offset) {
      if (!io.quiet) io.warn(`svc: the emulator on port ${port} started again; following its new log`);
      offset = 0;
    }
    identity = now;
    if (now.size > offset) offset = await printFrom(file, offset, context);
  }
  return endAsInterrupted(context.interrupt);
}

/** The port of the one detached emulator running, or of the last that ended when none runs; refused when ambiguous. */
async function chosenPort(context: CommandContext): Promise<number> {
  const { io } = context;
  const found = await findEmulators(io.env);
  warnUnreadable(io, found.unreadable);
  const detached = found.running.filter((record) => record.logFile !== null);
  if (detached.length === 1) return detached[0]!.port;
  if (detached.length > 1) {
    throw new UsageError(
      `${detached.length} emulators run in the background (ports ${detached.map((record) => record.port).join(', ')}): choose one with --port`,
    );
  }
  const foreground = found.running[0];
  if (foreground) throw new NotFoundError(`the emulator on port ${foreground.port} runs in the foreground: its output is in its terminal`);
  const ended = await lastEndedPort(io.env);
  if (ended === undefined) {
    throw new NotFoundError('no emulator log: none was started in the background', 'start one: eval "$(svc emulator start --detach)"');
  }
  if (!io.quiet) io.warn(`svc: no emulator is running; the log of the one that ended last (port ${ended}):`);
  return ended;
}

/** The port of the newest `<port>.log`, if any. */
async function lastEndedPort(env: NodeJS.ProcessEnv): Promise<number | undefined> {
  const dir = emulatorsDir(env);
  const names = await readdir(dir).catch(() => [] as string[]);
  let newest: { port: number; modifiedMs: number } | undefined;
  for (const name of names) {
    const match = /^(\d+)\.log$/.exec(name);
    if (!match) continue;
    const port = Number(match[1]);
    const modifiedMs = (await stat(emulatorLogFiles(env, port).current).catch(() => undefined))?.mtimeMs;
    if (modifiedMs !== undefined && (newest === undefined || modifiedMs > newest.modifiedMs)) newest = { port, modifiedMs };
  }
  return newest?.port;
}

async function fileIdentity(file: string): Promise<{ inode: number; size: number } | undefined> {
  const info = await stat(file).catch(() => undefined);
  return info && { inode: info.ino, size: info.size };
}

/** Prints the file from `offset` to its present end, chunk by chunk as stdout takes them; returns where it stopped. */
async function printFrom(file: string, offset: number, context: CommandContext): Promise<number> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(CHUNK_BYTES);
    let position = offset;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, position);
      if (bytesRead === 0) return position;
      await context.io.write(Buffer.from(buffer.subarray(0, bytesRead)));
      position += bytesRead;
    }
  } finally {
    await handle.close();
  }
}
