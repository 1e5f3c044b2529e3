// Runs the built CLI (bin/svc.js) in an isolated environment: piped (execa) or under a pseudo-terminal (python pty).
import { execa } from 'execa';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { python3 } from './tools.js';

export const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const BIN = join(REPO_ROOT, 'bin', 'svc.js');

export interface RunOptions {
  /** Extra environment variables (after isolation); `undefined` values remove a variable. */
  env?: Record<string, string | undefined>;
  /** Text written to stdin (then closed). Without it stdin is empty (closed), not a terminal. */
  input?: string;
  baseUrl?: string;
  apiKey?: string;
  /** Defaults to a fresh temp directory per call. */
  configDir?: string;
  /** Milliseconds before the process is killed. */
  timeout?: number;
}

export interface RunResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Variables by which the CLI and its libraries (ora through is-in-ci, the launcher) know they run in CI. */
const CI_MARKERS = new Set(['CI', 'CONTINUOUS_INTEGRATION', 'BUILD_NUMBER', 'RUN_ID']);

export function freshConfigDir(): string {
  return mkdtempSync(join(tmpdir(), 'svc-test-'));
}

/** The parent environment without any SVC_* or colour variables, plus the isolation the tests need. */
export function isolatedEnv(options: RunOptions): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined) continue;
    if (name.startsWith('SVC_') || name === 'NO_COLOR' || name === 'FORCE_COLOR' || name === 'COLUMNS') continue;
    // The same CLI in CI as on a laptop: a CI marker turns off ora's spinner (and node's compile cache, from Node 22).
    // Tests of those set it themselves.
    if (CI_MARKERS.has(name)) continue;
    env[name] = value;
  }
  env.NO_COLOR = '1';
  env.SVC_CONFIG_DIR = options.configDir ?? freshConfigDir();
  if (options.baseUrl !== undefined) env.SVC_BASE_URL = options.baseUrl;
  if (options.apiKey !== undefined) env.SVC_API_KEY = options.apiKey;
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

export async function runCli(args: string[], options: RunOptions = {}): Promise<RunResult> {
  const result = await execa('node', [BIN, ...args], {
    env: isolatedEnv(options),
    extendEnv: false,
    input: options.input ?? '',
    reject: false,
    timeout: options.timeout ?? 15_000,
    stripFinalNewline: false,
    cwd: REPO_ROOT,
  });
  return {
    exitCode: result.exitCode ?? (result.signal ? 128 : -1),
    stdout: String(result.stdout ?? ''),
    stderr: String(result.stderr ?? ''),
  };
}

export interface TtyOptions extends RunOptions {
  columns?: number;
  rows?: number;
  /** Written to the terminal once `waitFor` appeared in the output (or at once without it). */
  typeAfter?: { waitFor: string; text: string };
}

export interface TtyResult {
  exitCode: number;
  /** stdout and stderr together, as the terminal showed them; "\r\n" turned into "\n". */
  output: string;
}

// Spawns argv under a pty of the given size, copies its output to our stdout, types the answer when asked.
const PTY_RUNNER = `
import fcntl, os, pty, struct, sys, termios, time, select
cols, rows = int(sys.argv[1]), int(sys.argv[2])
wait_for, answer = sys.argv[3].encode(), sys.argv[4].encode()
argv = sys.argv[5:]
pid, fd = pty.fork()
if pid == 0:
    fcntl.ioctl(sys.stdout.fileno(), termios.TIOCSWINSZ, struct.pack('HHHH', rows, cols, 0, 0))
    os.execvp(argv[0], argv)
out = b''
typed = len(answer) == 0
if not typed and len(wait_for) == 0:
    os.write(fd, answer); typed = True
while True:
    try:
        r, _, _ = select.select([fd], [], [], 0.05)
    except InterruptedError:
        continue
    if r:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
        if not typed and wait_for in out:
            time.sleep(0.05)
            os.write(fd, answer); typed = True
    else:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            # drain what is left
            try:
                while True:
                    r, _, _ = select.select([fd], [], [], 0.05)
                    if not r: break
                    chunk = os.read(fd, 65536)
                    if not chunk: break
                    out += chunk
            except OSError:
                pass
            sys.stdout.buffer.write(out); sys.stdout.flush()
            sys.exit(os.waitstatus_to_exitcode(status) if os.waitstatus_to_exitcode(status) >= 0 else 128)
_, status = os.waitpid(pid, 0)
sys.stdout.buffer.write(out); sys.stdout.flush()
code = os.waitstatus_to_exitcode(status)
sys.exit(code if code >= 0 else 128)
`;

/** Runs the CLI with stdin, stdout and stderr on a pseudo-terminal. */
export async function runCliTty(args: string[], options: TtyOptions = {}): Promise<TtyResult> {
  const env = isolatedEnv(options);
  // A terminal, whatever the parent's TERM (CI often has none, or "dumb"), unless the test chose one.
  if (options.env?.TERM === undefined) env.TERM = env.TERM && env.TERM !== 'dumb' ? env.TERM : 'xterm';
  const result = await execa(
    python3(),
    [
      // -I -S: no user site or site-packages to look through; python starts in half the time.
      '-I',
      '-S',
      '-c',
      PTY_RUNNER,
      String(options.columns ?? 200),
      String(options.rows ?? 50),
      options.typeAfter?.waitFor ?? '',
      options.typeAfter?.text ?? '',
      'node',
      BIN,
      ...args,
    ],
    { env, extendEnv: false, reject: false, timeout: options.timeout ?? 15_000, stripFinalNewline: false, cwd: REPO_ROOT },
  );
  return { exitCode: result.exitCode ?? -1, output: String(result.stdout ?? '').replace(/\r\n/g, '\n') };
}

export interface InProcessOptions extends RunOptions {
  stdoutTTY?: boolean;
  stderrTTY?: boolean;
  stdinTTY?: boolean;
  columns?: number;
}

/**
 * Runs the CLI in this process, through the same parsing, commands and error reporting as `svc`, with a test IO
 * and the same isolated environment as runCli: the fast way to test options and `run`. What only a process can
 * show (the launcher, signals, a closed pipe, a terminal) stays with runCli and runCliTty. After `timeout` the
 * command is interrupted as by SIGTERM (exit 143).
 */
export async function runInProcess(args: string[], options: InProcessOptions = {}): Promise<RunResult> {
  const [{ runCommandLine, ioFlags }, { createTestIO }, { InterruptedError }] = await Promise.all([
    import('../../src/cli.js'),
    import('./test-io.js'),
    import('../../src/errors.js'),
  ]);
  const io = createTestIO({
    env: isolatedEnv(options),
    input: options.input,
    stdoutTTY: options.stdoutTTY,
    stderrTTY: options.stderrTTY,
    stdinTTY: options.stdinTTY,
    columns: options.columns,
    ...ioFlags(args),
  });
  const interrupts = new AbortController();
  const timer = setTimeout(() => interrupts.abort(new InterruptedError(143)), options.timeout ?? 15_000);
  try {
    const exitCode = await runCommandLine(['node', 'svc', ...args], { io, interrupt: interrupts.signal });
    return { exitCode, stdout: io.stdout(), stderr: io.stderr() };
  } finally {
    clearTimeout(timer);
  }
}

export interface RunningInProcess {
  /** What the command printed on stdout so far. */
  stdout(): string;
  stderr(): string;
  /** Interrupts the command as Ctrl-C would; resolves with its exit code. */
  stop(): Promise<number>;
}

export interface StartInProcessOptions extends InProcessOptions {
  /** Ready when a stderr line matches this (`webhook listen` says "Ready: ..." there), instead of at the first stdout. */
  readyOnStderr?: RegExp;
}

/**
 * Starts a long-running command (`emulator start`, `webhook listen`) in this process and resolves once it has printed
 * on stdout (a server prints its URL when it is ready), or a stderr line matching `readyOnStderr`; throws with its
 * stderr if it ends first.
 */
export async function startInProcess(args: string[], options: StartInProcessOptions = {}): Promise<RunningInProcess> {
  const [{ runCommandLine, ioFlags }, { createTestIO }, { InterruptedError }] = await Promise.all([
    import('../../src/cli.js'),
    import('./test-io.js'),
    import('../../src/errors.js'),
  ]);
  const base = createTestIO({
    env: isolatedEnv(options),
    input: options.input,
    stdoutTTY: options.stdoutTTY,
    stderrTTY: options.stderrTTY,
    columns: options.columns,
    ...ioFlags(args),
  });
  let printed: () => void = () => {};
  const written = new Promise<void>((resolve) => (printed = resolve));
  const io = {
    ...base,
    async write(text: string | Uint8Array) {
      await base.write(text);
      if (!options.readyOnStderr) printed();
    },
    warn(line: string) {
      base.warn(line);
      if (options.readyOnStderr?.test(line)) printed();
    },
  };
  const interrupts = new AbortController();
  const ended = runCommandLine(['node', 'svc', ...args], { io, interrupt: interrupts.signal });
  const outcome = await Promise.race([written.then(() => 'printed' as const), ended]);
  if (outcome !== 'printed') throw new Error(`svc ${args.join(' ')} ended (exit ${outcome}): ${base.stdout()}${base.stderr()}`);
  return {
    stdout: () => base.stdout(),
    stderr: () => base.stderr(),
    stop: () => {
      interrupts.abort(new InterruptedError(130));
      return ended;
    },
  };
}

/** Whether a process of this pid runs (signal 0 only asks). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // An ended process its parent has not collected yet (a zombie: a detached one waits for init, which may be slow)
  // still takes signal 0.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return !'ZX'.includes(stat[stat.lastIndexOf(')') + 2]!);
  } catch {
    return true;
  }
}

/**
 * How soon a command must end after Ctrl-C or SIGTERM in a test: far less than what one that failed to stop would
 * take (a listing without end, a 60 s wait, a stalled request, a receiver's open connections), and well above the
 * second the README promises, which `npm run bench -- --only=interrupt` measures (15-20 ms on a quiet machine): while
 * the whole suite runs, a stop is now and then scheduled late (1.15 s and 1.28 s were seen).
 */
export const PROMPT_STOP_MS = 3_000;
