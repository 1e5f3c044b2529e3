// `svc` on the PATH of the tests' shells (the help examples, the documentation's recipes), run in this process: a bash
// script hands its command line, environment, working folder and standard streams to this process, which runs the
// line through the same parsing and commands as the built CLI (runCommandLine) and hands the exit code back. The
// shell's pipes, files, `$(...)` and exit statuses are real; a process of the CLI for each line cost ~0.1 CPU-s, the
// script a bash. What only the built CLI as a process shows (the launcher, signals, a reader gone mid-stream) is
// test/e2e/process-contract's. A line this process cannot run as the process would runs as the built CLI (see
// runsAsProcess): one that runs until stopped or starts a copy of itself, or whose streams cannot be opened here.
import { constants, createWriteStream, fstatSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import type { Readable, Writable } from 'node:stream';
import { allNodes, describeProgram } from '../../src/completion/model.js';
import { ioFlags, runCommandLine } from '../../src/cli.js';
import { InterruptedError, OutputError } from '../../src/errors.js';
import { decideColor, openInputFile, terminalWidth, watchOutput, writeWithBackpressure } from '../../src/io.js';
import type { IO, Spinner } from '../../src/io.js';
import { BIN } from './cli.js';
import { program } from './command-tree.js';

export interface ShellSvc {
  /** The folder holding `svc`: first on the shell's PATH. */
  binDir: string;
  /** The lines run here and as the built CLI, so a test can see that its shell used this host. */
  counts: { here: number; asProcess: number };
  close(): Promise<void>;
}

/**
 * How the script tells the state of each of its streams (0, 1, 2), one letter each: `d` a pipe or a device, opened
 * here through /proc (writes and reads go straight to it, as the process's would); `f` anything else for stdout or
 * stderr (a regular file, whose offset the shell shares with the commands after, or a socket, which /proc cannot
 * open): written here to a file of the host's that the script copies out when the line ends. A stdin that is neither a
 * pipe, a device nor a regular file makes the script run the built CLI.
 */
function script(port: number, outputs: string): string {
  return `#!/bin/bash
run_built() { exec node ${JSON.stringify(BIN)} "$@"; }
modes=
for fd in 0 1 2; do
  if [ -p /dev/fd/$fd ] || [ -c /dev/fd/$fd ] || { [ $fd = 0 ] && [ -f /dev/fd/0 ]; }; then modes+=d
  elif [ $fd = 0 ]; then run_built "$@"
  else modes+=f; fi
done
exec 3<>/dev/tcp/127.0.0.1/${port} || run_built "$@"
{
  printf '%s\\0' "$$" "$PWD" "$modes" "$#" "$@"
  while IFS= read -r name; do printf '%s=%s\\0' "$name" "\${!name}"; done < <(compgen -e)
  printf '\\0'
} >&3
IFS= read -r -u 3 reply
exec 3>&-
case $reply in
  run) run_built "$@" ;;
  exit\\ *)
    [ "\${modes:1:1}" = f ] && cat ${JSON.stringify(outputs)}/$$.1
    [ "\${modes:2:1}" = f ] && cat ${JSON.stringify(outputs)}/$$.2 >&2
    exit "\${reply#exit }" ;;
  *) echo 'svc: the test that ran this shell is gone' >&2; exit 70 ;;
esac
`;
}

interface Request {
  pid: number;
  cwd: string;
  modes: string;
  args: string[];
  env: Record<string, string>;
}

/** Parses the script's NUL-separated fields once they have all come: pid, folder, modes, argc, args, env, an empty field. */
function parseRequest(buffer: Buffer): Request | undefined {
  const fields: string[] = [];
  let start = 0;
  for (let at = buffer.indexOf(0); at >= 0; at = buffer.indexOf(0, start)) {
    fields.push(buffer.subarray(start, at).toString('utf8'));
    start = at + 1;
  }
  if (fields.length < 4) return undefined;
  const argc = Number(fields[3]);
  const envStart = 4 + argc;
  const end = fields.indexOf('', envStart);
  if (end < 0) return undefined;
  const env = Object.fromEntries(
    fields.slice(envStart, end).map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
  return { pid: Number(fields[0]), cwd: fields[1]!, modes: fields[2]!, args: fields.slice(4, envStart), env };
}

/** The options whose value is a file or folder: resolved against the shell's folder, as the process would open them. */
const PATH_OPTIONS = new Set(
  allNodes(describeProgram(program)).flatMap((node) =>
    node.options.filter((option) => option.valueName === 'path' || option.valueName === 'dir').flatMap((option) => option.names),
  ),
);

/** The command line with every relative file of a path option made absolute against `cwd` (`-` is stdin). */
function withAbsolutePaths(args: string[], cwd: string): string[] {
  const absolute = (value: string) => (value === '-' || isAbsolute(value) ? value : resolve(cwd, value));
  return args.map((arg, i) => {
    const equals = arg.indexOf('=');
    if (arg.startsWith('--') && equals > 0 && PATH_OPTIONS.has(arg.slice(0, equals)))
      return `${arg.slice(0, equals + 1)}${absolute(arg.slice(equals + 1))}`;
    return i > 0 && PATH_OPTIONS.has(args[i - 1]!) ? absolute(arg) : arg;
  });
}

/**
 * Lines the built CLI runs as a process: servers and followers (they run until the shell stops them with a signal),
 * a detached start (it starts a copy of the CLI it runs in), and apply reading its file from stdin (its addressesFile
 * is found from the working folder, which is this process's here).
 */
function runsAsProcess(args: string[]): boolean {
  const line = ` ${args.join(' ')} `;
  return (
    /^ emulator start /.test(line) ||
    /^ webhook listen /.test(line) ||
    line.includes(' --follow ') ||
    (/^ webhook apply /.test(line) && / (-f|--file) - /.test(line))
  );
}

/** A stream of the shell's: its pipe or device through /proc, else a file of the host's that the script copies out. */
function openOutput(pid: number, fd: 1 | 2, mode: string | undefined, outputs: string): Writable {
  if (mode === 'f') return createWriteStream(join(outputs, `${pid}.${fd}`));
  const opened = openSync(`/proc/${pid}/fd/${fd}`, constants.O_WRONLY | constants.O_NONBLOCK | constants.O_APPEND);
  if (fstatSync(opened).isFIFO()) return new Socket({ fd: opened, readable: false, writable: true });
  return createWriteStream('', { fd: opened });
}

/** The shell's stdin, opened on first read (most commands never read it). */
function lazyInput(pid: number): Readable {
  const input = new PassThrough();
  let opened = false;
  const open = () => {
    if (opened) return;
    opened = true;
    openInputFile(`/proc/${pid}/fd/0`).then(
      (stream) => stream.pipe(input),
      (error: Error) => input.destroy(error),
    );
  };
  input.on('resume', open);
  input.on('newListener', (event) => (event === 'data' || event === 'readable') && open());
  return input;
}

function ended(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || stream.writableFinished) return resolve();
    stream.once('close', () => resolve());
    stream.once('error', () => resolve());
    stream.end();
  });
}

/** Runs one line for the script on `socket`: the exit code, or `run` for the script to start the built CLI. */
async function serve(request: Request, socket: Socket, outputs: string, counts: ShellSvc['counts']): Promise<void> {
  if (runsAsProcess(request.args)) {
    counts.asProcess++;
    socket.end('run\n');
    return;
  }
  let out: Writable;
  let err: Writable;
  try {
    out = openOutput(request.pid, 1, request.modes[1], outputs);
    err = openOutput(request.pid, 2, request.modes[2], outputs);
  } catch {
    counts.asProcess++;
    socket.end('run\n');
    return;
  }
  counts.here++;
  const interrupts = new AbortController();
  // The script ended (the shell stopped it): as SIGTERM to the process.
  socket.once('close', () => interrupts.abort(new InterruptedError(143)));
  // stdout failed (the reader left, a full disk): what is running stops, as in the process (src/cli.ts main).
  out.on('error', (error: NodeJS.ErrnoException) => interrupts.abort(new OutputError(error)));
  watchOutput(out);
  err.on('error', () => {});
  const flags = ioFlags(request.args);
  const env = request.env;
  const io: IO = {
    out,
    err,
    in: lazyInput(request.pid),
    isStdoutTTY: false,
    isStderrTTY: false,
    isStdinTTY: false,
    colorEnabled: decideColor({ env, noColorFlag: flags.noColor, isTTY: false }),
    columns: terminalWidth(undefined, env),
    stderrColumns: terminalWidth(undefined, env),
    quiet: flags.quiet,
    env,
    write: (text) => writeWithBackpressure(out, text),
    warn: (line) => void err.write(`${line}\n`),
    spinner: async (): Promise<Spinner> => ({ update() {}, clear() {} }),
  };
  const exitCode = await runCommandLine(['node', 'svc', ...withAbsolutePaths(request.args, request.cwd)], {
    io,
    interrupt: interrupts.signal,
  });
  await Promise.all([ended(out), ended(err)]);
  socket.end(`exit ${exitCode}\n`);
}

/** Starts the host and writes its `svc` into a folder of its own. */
export async function startShellSvc(): Promise<ShellSvc> {
  const folder = mkdtempSync(join(tmpdir(), 'svc-shell-'));
  const binDir = join(folder, 'bin');
  const outputs = join(folder, 'outputs');
  mkdirSync(binDir);
  mkdirSync(outputs);
  const counts = { here: 0, asProcess: 0 };
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    let buffer = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      const request = parseRequest(buffer);
      if (!request) return;
      socket.off('data', onData);
      serve(request, socket, outputs, counts).catch((error: Error) => {
        socket.end(`exit 70\n`);
        process.stderr.write(`shell svc: ${error.stack}\n`);
      });
    };
    socket.on('data', onData);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  writeFileSync(join(binDir, 'svc'), script((server.address() as AddressInfo).port, outputs), { mode: 0o755 });
  return {
    binDir,
    counts,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((done) => server.close(done));
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
