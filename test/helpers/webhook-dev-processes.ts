// Long-running CLI processes for the webhook-development e2e tests: `svc emulator start` and `svc webhook listen`
// as real children on port 0, their output read line by line, and every child killed at the end; `svc emulator
// start` in this process where a child adds nothing; the short commands (create, trigger, ...) in this process.
import { execa } from 'execa';
import type { ResultPromise } from 'execa';
import { BIN, REPO_ROOT, freshConfigDir, isolatedEnv, runInProcess, startInProcess } from './cli.js';
import type { RunOptions, RunResult } from './cli.js';
import * as v from 'valibot';
import { DeliveriesAnswerSchema } from '../../src/schema/emulator-control.js';
import type { DeliveryRecord } from '../../src/schema/emulator-control.js';

export interface Exit {
  exitCode: number | undefined;
  signal: string | undefined;
  /** Milliseconds from the signal being sent to the process ending. */
  afterMs: number;
}

export interface CliProcess {
  pid: number;
  stdoutLines: string[];
  stderrLines: string[];
  /** Resolves with the first line (already seen or yet to come) that passes `test` (a string: equal to it). */
  waitForLine(stream: Stream, test: LineTest, timeoutMs?: number): Promise<string>;
  /** Sends the signal and waits for the process to end (killed for good after `timeoutMs`). */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<Exit>;
  readonly exited: boolean;
}

type Child = ResultPromise<{ buffer: false; reject: false }>;

type Stream = 'stdout' | 'stderr';
type LineTest = string | RegExp | ((line: string) => boolean);

/**
 * A command's output as lines, and waits for a line to come: shared by a child process (spawnCli) and a command run
 * in this process (startCliInProcess). `name` says which command in a failure; `beforeLook` brings the lines up to
 * date before a wait looks at them; `ended` says no line can come any more.
 */
function outputLines(name: string, ended: () => boolean, beforeLook: () => void = () => {}) {
  const lines: Record<Stream, string[]> = { stdout: [], stderr: [] };
  const waiters: Array<{ stream: Stream; test: (line: string) => boolean; resolve: (line: string) => void; fail: (why: string) => void }> =
    [];
  return {
    lines,
    add(stream: Stream, line: string): void {
      lines[stream].push(line);
      for (const waiter of [...waiters]) {
        if (waiter.stream === stream && waiter.test(line)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(line);
        }
      }
    },
    /** Fails every wait still open: the command has ended. */
    failWaits(why: string): void {
      for (const waiter of waiters.splice(0)) waiter.fail(why);
    },
    waitForLine(stream: Stream, test: LineTest, timeoutMs = 10_000): Promise<string> {
      const matches =
        typeof test === 'function' ? test : typeof test === 'string' ? (line: string) => line === test : (line: string) => test.test(line);
      beforeLook();
      const seen = lines[stream].find(matches);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise<string>((resolve, reject) => {
        const fail = (why: string) => {
          clearTimeout(timer);
          reject(
            new Error(
              `no ${stream} line of ${name} matched ${String(test)}: ${why}` +
                `\nstdout:\n${lines.stdout.join('\n')}\nstderr:\n${lines.stderr.join('\n')}`,
            ),
          );
        };
        const waiter = {
          stream,
          test: matches,
          resolve: (line: string) => {
            clearTimeout(timer);
            resolve(line);
          },
          fail,
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          fail(`nothing within ${timeoutMs} ms`);
        }, timeoutMs);
        if (ended()) return fail('the command has ended');
        waiters.push(waiter);
      });
    },
  };
}

const children = new Set<Child>();

/** Kills every child still running; for afterAll/afterEach, so nothing outlives a failed test. */
export async function killAllChildren(): Promise<void> {
  const running = [...children];
  children.clear();
  for (const child of running) child.kill('SIGKILL');
  await Promise.all(running.map((child) => child.catch(() => undefined)));
}

/** Starts `svc <args>` without waiting for it to end. */
export function spawnCli(args: string[], options: RunOptions = {}): CliProcess {
  const child = execa('node', [BIN, ...args], {
    env: isolatedEnv(options),
    extendEnv: false,
    stdin: 'ignore',
    buffer: false,
    reject: false,
    cwd: REPO_ROOT,
  }) as Child;
  children.add(child);
  let exited = false;
  let endedAt = 0;
  const output = outputLines(`svc ${args.join(' ')}`, () => exited);
  const onLine = output.add;
  for (const stream of ['stdout', 'stderr'] as const) {
    let partial = '';
    child[stream]!.setEncoding('utf8');
    child[stream]!.on('data', (chunk: string) => {
      partial += chunk;
      for (let newline = partial.indexOf('\n'); newline >= 0; newline = partial.indexOf('\n')) {
        onLine(stream, partial.slice(0, newline));
        partial = partial.slice(newline + 1);
      }
    });
    child[stream]!.on('end', () => {
      if (partial !== '') onLine(stream, partial);
      partial = '';
    });
  }
  const ended = child.then((result) => {
    exited = true;
    endedAt = performance.now();
    children.delete(child);
    // Once both streams are drained no line can come any more: waiting on would only burn the timeout.
    setImmediate(() => output.failWaits('the process has ended'));
    return result;
  });

  return {
    pid: child.pid!,
    stdoutLines: output.lines.stdout,
    stderrLines: output.lines.stderr,
    get exited() {
      return exited;
    },
    waitForLine: output.waitForLine,
    async stop(signal = 'SIGINT', timeoutMs = 5_000) {
      const sentAt = performance.now();
      if (!exited) child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const result = await ended;
      clearTimeout(timer);
      return {
        exitCode: result.exitCode,
        signal: result.signal,
        afterMs: Math.max(0, endedAt - sentAt),
      };
    },
  };
}

export interface EmulatorProcess extends CliProcess {
  url: string;
}

/** `svc emulator start --port 0 --block-time 0 --seed <seed> ...extra`, once its URL is printed. */
export async function startEmulatorProcess(extra: string[] = [], seed = 11): Promise<EmulatorProcess> {
  const child = spawnCli(['emulator', 'start', '--port', '0', '--seed', String(seed), '--block-time', '0', ...extra]);
  const first = await child.waitForLine('stdout', () => true, 15_000);
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(first)) throw new Error(`unexpected first line of emulator start: ${first}`);
  return Object.assign(child, { url: first });
}

export interface InProcessEmulator {
  url: string;
  /** What the command wrote to stderr so far. */
  stderr(): string;
  /** Interrupts the command as Ctrl-C would; resolves with its exit code. */
  stop(): Promise<number>;
}

/**
 * `svc emulator start --port 0 --block-time 0 --seed <seed> ...extra` run in this process (runCommandLine with a
 * test IO: the same flag parsing and emulator as the process, without a Node start), once its URL is printed.
 */
export async function startEmulatorInProcess(extra: string[] = [], seed = 11): Promise<InProcessEmulator> {
  const args = ['emulator', 'start', '--port', '0', '--seed', String(seed), '--block-time', '0', ...extra];
  const running = await startInProcess(args);
  const first = running.stdout().split('\n')[0]!;
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(first)) throw new Error(`svc ${args.join(' ')}: no URL: ${running.stdout()}${running.stderr()}`);
  return { url: first, stderr: running.stderr, stop: running.stop };
}

export interface ListenProcess extends CliProcess {
  /** Where notifications are taken, as printed on the Ready line. */
  url: string;
  /** stdout lines parsed as JSON (the --json mode). */
  messages(): any[];
  /** Resolves once a JSON message passing `test` is on stdout. */
  waitForMessage(test: (message: any) => boolean, timeoutMs?: number): Promise<any>;
}

const READY = /^Ready: notifications to (\S+)/;

/** `svc webhook listen --port 0 --json ...extra`, once it said it is ready. */
export async function startListenProcess(extra: string[] = []): Promise<ListenProcess> {
  const child = spawnCli(['webhook', 'listen', '--port', '0', '--json', ...extra]);
  const ready = await child.waitForLine('stderr', READY, 15_000);
  return withListenMessages(child, ready);
}

/** `--json` messages, parsed, of a listen (a process or in-process) that printed `ready`. */
function withListenMessages<T extends Pick<ListenProcess, 'stdoutLines' | 'waitForLine'>>(
  cli: T,
  ready: string,
): T & Pick<ListenProcess, 'url' | 'messages' | 'waitForMessage'> {
  const parse = (line: string): any => {
    try {
      return JSON.parse(line);
    } catch {
      return undefined;
    }
  };
  return Object.assign(cli, {
    url: READY.exec(ready)![1]!,
    messages: () => cli.stdoutLines.map(parse),
    async waitForMessage(test: (message: any) => boolean, timeoutMs = 8_000) {
      const line = await cli.waitForLine(
        'stdout',
        (text) => {
          const message = parse(text);
          return message !== undefined && test(message);
        },
        timeoutMs,
      );
      return parse(line);
    },
  });
}

/**
 * A CLI invocation against `baseUrl`, with a key (any key works with the emulator) and its own config dir. It runs
 * in this process (runInProcess: the same parsing, commands, output and exit codes as `svc`, without a Node start
 * per call); the long-running `svc emulator start` and `svc webhook listen` above stay real processes.
 */
export function svc(baseUrl: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  return runInProcess(args, { baseUrl, apiKey: 'sk_webhook_dev_0001', configDir: freshConfigDir(), ...options });
}

/** `svc webhook create --json`; fails the test with the CLI's stderr when it did not work. */
export async function createWebhook(baseUrl: string, args: string[]): Promise<any> {
  const result = await svc(baseUrl, ['webhook', 'create', '--json', ...args]);
  if (result.exitCode !== 0) throw new Error(`webhook create failed (${result.exitCode}): ${result.stderr}`);
  return JSON.parse(result.stdout);
}

/** `svc emulator trigger --json`; the control API's answer. */
export async function trigger(baseUrl: string, args: string[]): Promise<{ txHash: string; messageIds: string[] }> {
  const result = await svc(baseUrl, ['emulator', 'trigger', '--json', ...args]);
  if (result.exitCode !== 0) throw new Error(`emulator trigger failed (${result.exitCode}): ${result.stderr}`);
  return JSON.parse(result.stdout);
}

/** The control API directly, for what `emulator trigger` has no flag for (internal transactions). */
export async function injectDirect(baseUrl: string, body: Record<string, unknown>): Promise<{ txHash: string; messageIds: string[] }> {
  const response = await fetch(`${baseUrl}/_emulator/transactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`inject answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

export type { DeliveryRecord };

/** The emulator's deliveries, checked against the control API's schema. */
export async function deliveries(baseUrl: string): Promise<DeliveryRecord[]> {
  const response = await fetch(`${baseUrl}/_emulator/deliveries`);
  return v.parse(DeliveriesAnswerSchema, await response.json()).deliveries;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `check` until it returns something other than undefined. */
export async function until<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs = 8_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await sleep(25);
  }
}

export interface InProcessCli {
  stdoutLines: string[];
  stderrLines: string[];
  /** Resolves with the first line (already seen or yet to come) that passes `test` (a string: equal to it). */
  waitForLine(stream: Stream, test: LineTest, timeoutMs?: number): Promise<string>;
  /** Interrupts the command as Ctrl-C would; resolves with its exit code. */
  stop(): Promise<number>;
  readonly exited: boolean;
}

const runningInProcess = new Set<InProcessCli>();

/** Interrupts every command startCliInProcess started that is still running; for afterAll/afterEach. */
export async function stopAllInProcess(): Promise<void> {
  const running = [...runningInProcess];
  runningInProcess.clear();
  await Promise.all(running.map((cli) => cli.stop()));
}

/**
 * A long-running command (`svc emulator start`, `svc webhook listen`) run in this process (runCommandLine with a test
 * IO, the same parsing and command as the process), its output read line by line as spawnCli reads a child's: for
 * tests of what it prints and serves, where a Node start per server would add nothing. Signals, real stdio and exit
 * codes as the shell sees them stay with spawnCli.
 */
export async function startCliInProcess(args: string[], options: RunOptions = {}): Promise<InProcessCli> {
  const [{ runCommandLine, ioFlags }, { createTestIO }, { InterruptedError }] = await Promise.all([
    import('../../src/cli.js'),
    import('./test-io.js'),
    import('../../src/errors.js'),
  ]);
  const base = createTestIO({ env: isolatedEnv(options), input: options.input, ...ioFlags(args) });
  const taken = { stdout: 0, stderr: 0 };
  let exited = false;
  const output = outputLines(
    `svc ${args.join(' ')} (in-process)`,
    () => exited,
    () => refresh(),
  );
  // The whole text so far, cut into the lines not yet taken (the last one once it is complete, or at the end).
  const refresh = () => {
    for (const stream of ['stdout', 'stderr'] as const) {
      const text = stream === 'stdout' ? base.stdout() : base.stderr();
      const end = exited ? text.length : text.lastIndexOf('\n') + 1;
      if (end <= taken[stream]) continue;
      const fresh = text.slice(taken[stream], end).replace(/\n$/, '').split('\n');
      taken[stream] = end;
      for (const line of fresh) output.add(stream, line);
    }
  };
  const io = {
    ...base,
    async write(text: string | Uint8Array) {
      await base.write(text);
      refresh();
    },
    warn(line: string) {
      base.warn(line);
      refresh();
    },
  };
  const interrupts = new AbortController();
  const ended = runCommandLine(['node', 'svc', ...args], { io, interrupt: interrupts.signal }).then((exitCode) => {
    exited = true;
    refresh();
    output.failWaits(`the command has ended (exit ${exitCode})`);
    return exitCode;
  });
  const cli: InProcessCli = {
    stdoutLines: output.lines.stdout,
    stderrLines: output.lines.stderr,
    get exited() {
      return exited;
    },
    waitForLine: output.waitForLine,
    stop() {
      runningInProcess.delete(cli);
      if (!exited) interrupts.abort(new InterruptedError(130));
      return ended;
    },
  };
  runningInProcess.add(cli);
  return cli;
}

export interface ListenInProcess extends InProcessCli {
  /** Where notifications are taken, as printed on the Ready line. */
  url: string;
  /** stdout lines parsed as JSON (the --json mode). */
  messages(): any[];
  /** Resolves once a JSON message passing `test` is on stdout. */
  waitForMessage(test: (message: any) => boolean, timeoutMs?: number): Promise<any>;
}

/** `svc webhook listen --port 0 --json ...extra` in this process (startCliInProcess), once it said it is ready. */
export async function startListenInProcess(extra: string[] = []): Promise<ListenInProcess> {
  const cli = await startCliInProcess(['webhook', 'listen', '--port', '0', '--json', ...extra]);
  const ready = await cli.waitForLine('stderr', READY, 15_000);
  return withListenMessages(cli, ready);
}
