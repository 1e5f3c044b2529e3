// Runs the built CLI in a real pseudo-terminal of a chosen size and plays a script on it: wait for text, type keys,
// resize the terminal, send a signal. Reports what the terminal received, the exit code, and how long the CLI took
// to end after the signal. Output is capped, so a CLI that floods its terminal cannot flood the test.
import { execa } from 'execa';
import { BIN, isolatedEnv, REPO_ROOT } from './cli.js';
import { python3 } from './tools.js';
import type { RunOptions } from './cli.js';

export type PtyStep =
  /** Waits until the text appears, its words separated by any white space (the terminal may wrap between them). */
  | { waitFor: string }
  | { type: string }
  | { resize: [columns: number, rows: number] }
  | { signal: 'SIGINT' | 'SIGTERM' }
  | { sleepMs: number };

export interface PtyRun {
  /** Exit code; 124 when the CLI was still running at the deadline (then killed). */
  exitCode: number;
  /** What the terminal received, "\r\n" turned into "\n". */
  output: string;
  /** Bytes received in all (the output kept is capped at 1 MiB). */
  bytes: number;
  /** Milliseconds from the signal step to the CLI's exit, when there was one. */
  signalToExitMs?: number;
  /** True when a waitFor step never saw its text before the deadline. */
  waitTimedOut: boolean;
}

const RUNNER = `
import fcntl, json, os, pty, re, select, signal, struct, sys, termios, time
cols, rows, deadline_s = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
steps = json.loads(sys.argv[4])
argv = sys.argv[5:]
CAP = 1 << 20
pid, fd = pty.fork()
if pid == 0:
    fcntl.ioctl(sys.stdout.fileno(), termios.TIOCSWINSZ, struct.pack('HHHH', rows, cols, 0, 0))
    os.execvp(argv[0], argv)
out = bytearray(); total = 0; status = None; signalled_at = None; wait_timed_out = False
deadline = time.monotonic() + deadline_s
def pump(timeout):
    global total, status
    try:
        r, _, _ = select.select([fd], [], [], timeout)
    except InterruptedError:
        return
    if r:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            chunk = b''
        total += len(chunk)
        if len(out) < CAP: out.extend(chunk[:CAP - len(out)])
    if status is None:
        done, st = os.waitpid(pid, os.WNOHANG)
        if done: status = st
for step in steps:
    if status is not None: break
    if 'waitFor' in step:
        # The CLI wraps its lines to the terminal, so the words of the text may stand on two lines: any run of
        # white space (line breaks included) between two words matches.
        needle = re.compile(rb'\\s+'.join(re.escape(word.encode()) for word in step['waitFor'].split()))
        while not needle.search(out) and status is None and time.monotonic() < deadline: pump(0.02)
        if not needle.search(out): wait_timed_out = True
    elif 'type' in step:
        os.write(fd, step['type'].encode())
    elif 'resize' in step:
        c, r = step['resize']
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack('HHHH', r, c, 0, 0))
    elif 'sleepMs' in step:
        end = time.monotonic() + step['sleepMs'] / 1000
        while time.monotonic() < end and status is None: pump(0.01)
    elif 'signal' in step:
        os.kill(pid, getattr(signal, step['signal'])); signalled_at = time.monotonic()
while status is None and time.monotonic() < deadline: pump(0.02)
exited_at = time.monotonic()
if status is None:
    os.kill(pid, signal.SIGKILL); _, status = os.waitpid(pid, 0); code = 124
else:
    code = os.waitstatus_to_exitcode(status)
    if code < 0: code = 128 - code
try:
    while True:
        r, _, _ = select.select([fd], [], [], 0.02)
        if not r: break
        chunk = os.read(fd, 65536)
        if not chunk: break
        total += len(chunk)
        if len(out) < CAP: out.extend(chunk[:CAP - len(out)])
except OSError:
    pass
result = {'exitCode': code, 'bytes': total, 'output': out.decode('utf-8', 'replace'), 'waitTimedOut': wait_timed_out}
if signalled_at is not None: result['signalToExitMs'] = round((exited_at - signalled_at) * 1000)
sys.stdout.write(json.dumps(result))
`;

export async function runInPty(
  args: string[],
  options: RunOptions & { columns: number; rows?: number; steps?: PtyStep[]; deadlineMs?: number },
): Promise<PtyRun> {
  const env = isolatedEnv(options);
  if (options.env?.TERM === undefined) env.TERM = 'xterm-256color';
  const deadlineMs = options.deadlineMs ?? 10_000;
  const result = await execa(
    python3(),
    [
      // -I -S: no user site or site-packages to look through; python starts in half the time.
      '-I',
      '-S',
      '-c',
      RUNNER,
      String(options.columns),
      String(options.rows ?? 24),
      String(deadlineMs / 1000),
      JSON.stringify(options.steps ?? []),
      'node',
      BIN,
      ...args,
    ],
    { env, extendEnv: false, reject: false, timeout: deadlineMs + 10_000, cwd: REPO_ROOT },
  );
  const parsed = JSON.parse(String(result.stdout)) as PtyRun;
  return { ...parsed, output: parsed.output.replace(/\r\n/g, '\n') };
}

/** The lines as a terminal shows them: escape sequences removed, carriage-return rewrites collapsed to what stays. */
export function visibleLines(output: string): string[] {
  // Cursor to column 1 (what ora uses to redraw) is a carriage return; other sequences take no room.
  const plain = output
    .replace(/\u001b\[1?G/g, '\r')
    .replace(/\u001b\[[0-9;?]*[A-Za-z]|\u001b\][^\u0007]*\u0007|\u001b[()][0-9A-B]|\u001b[=>78]/g, '');
  return plain.split('\n').map((line) => line.split('\r').pop() ?? '');
}

/** One terminal of a runInPtys batch: the CLI's arguments, its environment's options, the terminal's size and script. */
export interface PtySession extends RunOptions {
  args: string[];
  columns: number;
  rows?: number;
  steps?: PtyStep[];
  deadlineMs?: number;
}

// runInPty's runner for several terminals at once, each with its own script and deadline, played side by side in one
// select loop: one python for a batch instead of one per terminal (python's start is about a third of a short run's
// CPU). A terminal's steps and results mean what they mean in runInPty.
const MANY_RUNNER = `
import fcntl, json, os, pty, re, select, signal, struct, sys, termios, time
sessions = json.loads(sys.stdin.buffer.read())
CAP = 1 << 20
now = time.monotonic
for s in sessions:
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(sys.stdout.fileno(), termios.TIOCSWINSZ, struct.pack('HHHH', s['rows'], s['columns'], 0, 0))
        os.execvpe(s['argv'][0], s['argv'], s['env'])
    s.update(pid=pid, fd=fd, out=bytearray(), total=0, status=None, code=None, step=0, sleep_until=None,
             signalled_at=None, exited_at=None, wait_timed_out=False, open=True, quiet_since=None,
             deadline=now() + s['deadlineMs'] / 1000)
def needle(text):
    # Words separated by any white space: the CLI wraps its lines to the terminal.
    return re.compile(rb'\\s+'.join(re.escape(word.encode()) for word in text.split()))
def advance(s):
    steps = s['steps']
    while s['status'] is None and s['step'] < len(steps):
        step = steps[s['step']]
        if 'waitFor' in step:
            if not needle(step['waitFor']).search(s['out']):
                if now() < s['deadline']: return
                s['wait_timed_out'] = True
        elif 'type' in step:
            os.write(s['fd'], step['type'].encode())
        elif 'resize' in step:
            c, r = step['resize']
            fcntl.ioctl(s['fd'], termios.TIOCSWINSZ, struct.pack('HHHH', r, c, 0, 0))
        elif 'sleepMs' in step:
            if s['sleep_until'] is None: s['sleep_until'] = now() + step['sleepMs'] / 1000
            if now() < s['sleep_until']: return
            s['sleep_until'] = None
        elif 'signal' in step:
            os.kill(s['pid'], getattr(signal, step['signal'])); s['signalled_at'] = now()
        s['step'] += 1
def read(s):
    try:
        chunk = os.read(s['fd'], 65536)
    except OSError:
        chunk = b''
    if not chunk:
        s['open'] = False
        return
    s['total'] += len(chunk); s['quiet_since'] = None
    if len(s['out']) < CAP: s['out'].extend(chunk[:CAP - len(s['out'])])
while not all(s['status'] is not None and not s['open'] for s in sessions):
    for s in sessions:
        if s['open']: advance(s)
    ready = select.select([s['fd'] for s in sessions if s['open']], [], [], 0.01)[0]
    for s in sessions:
        if s['open'] and s['fd'] in ready: read(s)
        if s['status'] is None:
            done, st = os.waitpid(s['pid'], os.WNOHANG)
            if done:
                s['status'] = st; s['exited_at'] = now()
                code = os.waitstatus_to_exitcode(st); s['code'] = code if code >= 0 else 128 - code
            elif now() >= s['deadline']:
                s['exited_at'] = now()
                os.kill(s['pid'], signal.SIGKILL); _, s['status'] = os.waitpid(s['pid'], 0); s['code'] = 124
        elif s['open'] and s['fd'] not in ready:
            # Ended: what it wrote is read until the terminal is closed or says nothing for 20 ms.
            if s['quiet_since'] is None: s['quiet_since'] = now()
            elif now() - s['quiet_since'] > 0.02: s['open'] = False
results = []
for s in sessions:
    os.close(s['fd'])
    steps = s['steps'][s['step']:]
    # A text that never came, the CLI having ended first: the wait timed out, as in runInPty.
    if steps and 'waitFor' in steps[0] and not needle(steps[0]['waitFor']).search(s['out']): s['wait_timed_out'] = True
    result = {'exitCode': s['code'], 'bytes': s['total'], 'output': s['out'].decode('utf-8', 'replace'), 'waitTimedOut': s['wait_timed_out']}
    if s['signalled_at'] is not None: result['signalToExitMs'] = round((s['exited_at'] - s['signalled_at']) * 1000)
    results.append(result)
sys.stdout.write(json.dumps(results))
`;

/**
 * Runs the built CLI in several pseudo-terminals at once, each as runInPty would (its own size, script, environment
 * and deadline), from one python process; the results are in the order of `sessions`.
 */
export async function runInPtys(sessions: PtySession[]): Promise<PtyRun[]> {
  const specs = sessions.map(({ args, columns, rows, steps, deadlineMs, ...options }) => {
    const env = isolatedEnv(options);
    if (options.env?.TERM === undefined) env.TERM = 'xterm-256color';
    return { argv: ['node', BIN, ...args], env, columns, rows: rows ?? 24, steps: steps ?? [], deadlineMs: deadlineMs ?? 10_000 };
  });
  const longest = Math.max(0, ...specs.map((spec) => spec.deadlineMs));
  const result = await execa(python3(), ['-I', '-S', '-c', MANY_RUNNER], {
    input: JSON.stringify(specs),
    extendEnv: false,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    reject: false,
    timeout: longest + 10_000,
    cwd: REPO_ROOT,
  });
  if (result.exitCode !== 0) throw new Error(`the pty runner failed (exit ${result.exitCode}): ${String(result.stderr)}`);
  const parsed = JSON.parse(String(result.stdout)) as PtyRun[];
  return parsed.map((run) => ({ ...run, output: run.output.replace(/\r\n/g, '\n') }));
}
