// `svc emulator start --detach`: a copy of the command in the background, its output in a log file, and this
// process back at the prompt once it listens (as `docker run -d` or `pg_ctl start` do).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { CommandContext, DetachedEmulatorCopy } from '../../context.js';
import { LocalError, SvcError } from '../../errors.js';
import { emulatorsDir, ensureEmulatorsDir, LOG_FILE_VARIABLE, READY_FD_VARIABLE } from '../../settings/paths.js';

/** A start that takes longer than this is not going to listen: something is wrong, and the log says what. */
const START_TIMEOUT_MS = 30_000;
/** The copy's end of the pipe it reports on once it listens (READY_FD_VARIABLE): the first past stdin, stdout and stderr. */
const READY_FD = 3;

/** The background copy ended before it listened: its own message and exit code, as if it had run here. */
class DetachedStartError extends SvcError {
  constructor(
    message: string,
    hint: string | undefined,
    readonly exitCode: number,
  ) {
    super(message, hint);
  }
}

/**
 * The copy's arguments: this command as it was given, less --detach. Rebuilt from what was parsed (context.commandLine),
 * not taken from process.argv (tests run the CLI in-process), so every flag of the command, and the global ones, go too.
 */
export function childArguments(commandLine: readonly string[]): string[] {
  // Values are joined to their flags (`--api-key=--detach`), so only the flag itself is this word.
  return commandLine.filter((arg) => arg !== '--detach');
}

export async function startDetached(context: CommandContext): Promise<void> {
  const env = context.io.env;
  // Started once the flags are valid, from what was parsed. The launcher that runs this process (bin/svc.js), under the
  // same node: the copy is this very CLI.
  let copy: DetachedEmulatorCopy;
  try {
    copy = spawnDetachedCopy(process.argv[1]!, childArguments(context.commandLine), env);
  } catch (error) {
    throw new LocalError(`cannot create ${emulatorsDir(env)} for the emulator's log and record: ${(error as Error).message}`);
  }
  // Loaded while the copy starts, not before: nothing here is needed to start it.
  const records = await import('../../settings/emulator-records.js');
  const { child, startingLog, exited } = copy;
  const pid = child.pid;
  try {
    const outcome = await untilListening(copy, context.interrupt);
    if (outcome === 'timeout') {
      throw new LocalError(
        `the emulator (pid ${pid}) did not start listening within ${START_TIMEOUT_MS / 1000} s`,
        `see its log: ${startingLog}; end it with: kill ${pid}`,
      );
    }
    if (outcome === 'interrupted') {
      child.kill('SIGTERM');
      rmSync(startingLog, { force: true });
      throw context.interrupt.reason;
    }
    // It ended before it listened (or its pipe closed without a word, as when it ends): what it said.
    if (outcome === 'ended') throw failedStart(startingLog, await exited);
    const record = records.reportedRecord(outcome.line);
    if (!record) {
      throw new LocalError(`the emulator (pid ${pid}) reported that it listens in a form not understood`, `see its log: ${startingLog}`);
    }
    // stdout is what `eval "$(svc emulator start --detach)"` runs: the export line alone (a line with the bare URL
    // made the shell try to run it: "No such file or directory"). The URL heads stderr's first line too. On a
    // terminal (no eval) a person reads what started first, the line to paste last.
    const exportLine = `export SVC_BASE_URL=${record.url}\n`;
    if (!context.io.isStdoutTTY) await context.io.write(exportLine);
    if (!context.io.quiet) {
      context.io.warn(`Emulator listening on ${record.url} in the background (pid ${record.pid})`);
      if (record.logFile) context.io.warn(`  log: ${record.logFile} (svc emulator logs)`);
      if (record.inspectorUrl) context.io.warn(`  inspector: ${record.inspectorUrl} (svc emulator open)`);
      context.io.warn('  stop it with: svc emulator stop' + (records.runningEmulators(env).length > 1 ? ` --port ${record.port}` : ''));
    }
    if (context.io.isStdoutTTY) await context.io.write(exportLine);
  } finally {
    // Nothing more to hear from it: this process must not wait for it to end.
    (child.stdio[READY_FD] as Readable | null)?.destroy();
    child.removeAllListeners();
    child.unref();
  }
}

type Waited = { line: string } | 'timeout' | 'interrupted' | 'ended';

/**
 * Until the copy reports on its pipe that it listens (its record, as a line), or why it will not: it ended (its pipe
 * closes then too), the start took too long, or this command was interrupted.
 */
async function untilListening(copy: DetachedEmulatorCopy, interrupt: AbortSignal): Promise<Waited> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  try {
    return await Promise.race<Waited>([
      copy.listening.then(async (line) => {
        if (line !== undefined) return { line };
        await copy.exited;
        return 'ended';
      }),
      copy.exited.then(() => 'ended'),
      new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), START_TIMEOUT_MS);
      }),
      new Promise<'interrupted'>((resolve) => {
        onAbort = () => resolve('interrupted');
        if (interrupt.aborted) onAbort();
        else interrupt.addEventListener('abort', onAbort, { once: true });
      }),
    ]);
  } finally {
    clearTimeout(timer);
    if (onAbort) interrupt.removeEventListener('abort', onAbort);
  }
}

/** What the copy said before it ended (its `svc: ...` lines), as this command's error; its log is of no more use. */
function failedStart(logFile: string, exitCode: number): SvcError {
  let lines: string[] = [];
  try {
    lines = readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '');
  } catch {
    // No log: said below.
  }
  const first = lines.findIndex((line) => line.startsWith('svc: '));
  rmSync(logFile, { force: true });
  if (first < 0)
    return new DetachedStartError(`the emulator ended before it listened (exit ${exitCode})`, lines.join(' ') || undefined, exitCode);
  const rest = lines.slice(first + 1).map((line) => line.replace(/^svc: /, ''));
  return new DetachedStartError(lines[first]!.slice('svc: '.length), rest.join(' ') || undefined, exitCode || 1);
}

/**
 * Starts the copy: this CLI (`launcher`, under the same node) with the arguments given, less `--detach`, its output in a
 * new log under the emulators folder. Throws when the folder cannot be made (the caller words it).
 */
function spawnDetachedCopy(launcher: string, args: readonly string[], env: NodeJS.ProcessEnv): DetachedEmulatorCopy {
  const dir = ensureEmulatorsDir(env);
  // A start that fails (the port is taken) must not write into the log of the emulator already on that port.
  const startingLog = join(dir, `starting-${process.pid}-${Date.now()}.log`);
  const logFd = openSync(startingLog, 'a', 0o600);
  let child: ChildProcess;
  try {
    child = spawn(process.execPath, [launcher, ...args], {
      detached: true,
      // A pipe it reports on once it listens: told at once, rather than looking for its record now and then.
      stdio: ['ignore', logFd, logFd, 'pipe'],
      env: { ...env, [LOG_FILE_VARIABLE]: startingLog, [READY_FD_VARIABLE]: String(READY_FD) },
    });
  } finally {
    closeSync(logFd);
  }
  const exited = new Promise<number>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? (signal === 'SIGTERM' ? 143 : 1)));
    child.once('error', () => resolve(1));
  });
  const listening = new Promise<string | undefined>((resolve) => {
    const pipe = child.stdio[READY_FD] as Readable | null;
    if (!pipe) return resolve(undefined);
    let text = '';
    pipe.setEncoding('utf8');
    pipe.on('data', (chunk: string) => {
      text += chunk;
      const end = text.indexOf('\n');
      if (end >= 0) resolve(text.slice(0, end));
    });
    pipe.once('close', () => resolve(undefined));
    pipe.once('error', () => resolve(undefined));
  });
  return { child, startingLog, exited, listening };
}
