// Runs the built CLI in a real pseudo-terminal of a chosen size and plays a script on it: wait for text, type keys,
// resize the terminal, send a signal. Reports what the terminal received, the exit code, and how long the CLI took
// to end after the signal. Output is capped, so a CLI that floods its terminal cannot flood the test.
import { execa } from 'execa';
import { BIN, isolatedEnv, REPO_ROOT } from './cli.js';
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
    'python3',
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
