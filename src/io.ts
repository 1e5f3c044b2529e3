// The IO object: streams, terminal facts and colour decided once, output with backpressure, a lazy spinner; and
// reading what the user names (files, FIFOs, stdin) so that an interrupt always ends the wait.
import type { Readable, Writable } from 'node:stream';
import { isatty } from 'node:tty';
import { OutputError } from './errors.js';
import { interruption } from './interrupt.js';

export interface Spinner {
  /** Shows or updates the line (stderr). */
  update(text: string): void;
  /** Removes the line; must be called before anything goes to stdout. */
  clear(): void;
}

export interface IO {
  readonly out: Writable;
  readonly err: Writable;
  readonly in: Readable;
  readonly isStdoutTTY: boolean;
  readonly isStderrTTY: boolean;
  readonly isStdinTTY: boolean;
  readonly colorEnabled: boolean;
  /** stdout's width in columns, read when asked (a terminal may be resized): see terminalWidth. */
  readonly columns: number;
  /** stderr's width in columns, as `columns` is stdout's: what warnings and prompts are fitted to. */
  readonly stderrColumns: number;
  readonly quiet: boolean;
  readonly env: NodeJS.ProcessEnv;
  /** Writes to stdout, waiting for 'drain' when the reader is slower than we are. */
  write(text: string | Uint8Array): Promise<void>;
  /** One line to stderr; on a terminal, broken at spaces into lines that fit its width. */
  warn(line: string): void;
  /** A spinner on stderr when it is a terminal and not --quiet/--json; else a no-op. */
  spinner(json: boolean): Promise<Spinner>;
}

export interface ColorInputs {
  env: NodeJS.ProcessEnv;
  noColorFlag: boolean;
  isTTY: boolean;
}

/**
 * Colour as gh decides it: --no-color and NO_COLOR (any non-empty value) win; FORCE_COLOR (not "0") forces
 * it even when piped; TERM=dumb turns it off; otherwise only on a terminal.
 */
export function decideColor({ env, noColorFlag, isTTY }: ColorInputs): boolean {
  if (noColorFlag) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '' && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false') return true;
  if (env.TERM === 'dumb') return false;
  return isTTY;
}

const NO_SPINNER: Spinner = { update() {}, clear() {} };

/**
 * The one notion of a terminal's width: the stream's columns when positive, else COLUMNS, else 80. Terminals made
 * by `script`, some CI runners and containers report 0 columns; a width of 0 must never reach arithmetic that
 * divides by it or loops on it.
 */
export function terminalWidth(stream: { columns?: number } | undefined, env: NodeJS.ProcessEnv): number {
  const reported = stream?.columns;
  if (typeof reported === 'number' && Number.isFinite(reported) && reported > 0) return Math.floor(reported);
  const fromEnv = Number(env.COLUMNS);
  if (Number.isFinite(fromEnv) && fromEnv >= 1) return Math.min(Math.floor(fromEnv), 10_000);
  return 80;
}

export async function createProcessIO(options: { noColor: boolean; quiet: boolean }): Promise<IO> {
  const out = process.stdout;
  const err = process.stderr;
  const isStdoutTTY = Boolean(out.isTTY);
  const isStderrTTY = Boolean(err.isTTY);
  // stderr is only for people: a write to it that fails (a pipe nobody reads, EPIPE, EAGAIN, a full disk) loses that
  // line and nothing else; stdout goes on. Unheard, the error would end the process with exit 1.
  err.on('error', () => {});
  // stdout's failures are kept and raised by the next write or flushOutput.
  watchOutput(out);
  const stderrColumns = () => terminalWidth(err, process.env);
  // On a terminal, warnings are fitted to its width: a line wider than it would be cut mid-word by the terminal, or
  // overlap the spinner's line. (Display widths need string-width: loaded only then.)
  const { wrapLines } = isStderrTTY ? await import('./render/width.js') : { wrapLines: undefined };
  const fitToStderr = (text: string) => (wrapLines ? wrapLines(text, stderrColumns()) : text);
  return {
    out,
    err,
    // process.stdin is made on first use (a stream over /dev/null, a pipe or a terminal): most commands never read it.
    get in() {
      return process.stdin;
    },
    isStdoutTTY,
    isStderrTTY,
    get isStdinTTY() {
      return isatty(0);
    },
    colorEnabled: decideColor({ env: process.env, noColorFlag: options.noColor, isTTY: isStdoutTTY }),
    get columns() {
      return terminalWidth(out, process.env);
    },
    get stderrColumns() {
      return stderrColumns();
    },
    quiet: options.quiet,
    env: process.env,
    write: (text) => writeWithBackpressure(out, text),
    warn: (line) => {
      err.write(fitToStderr(line) + '\n');
    },
    async spinner(json) {
      if (!isStderrTTY || options.quiet || json || process.env.TERM === 'dumb') return NO_SPINNER;
      // Its own colour decision: the spinner is on stderr, which may be a terminal while stdout is piped.
      const color = decideColor({ env: process.env, noColorFlag: options.noColor, isTTY: isStderrTTY });
      return delayedSpinner(() => oraSpinner(err, color));
    },
  };
}

// The first failure of each output stream. process.stdout forgets its own: after an error it is made writable again
// (`errored` back to null), so a later write would seem to succeed.
const outputFailures = new WeakMap<Writable, NodeJS.ErrnoException>();
const watchedOutputs = new WeakSet<Writable>();

/** Starts keeping the first failure of an output stream; until then an 'error' nobody listens to ends the process. */
export function watchOutput(stream: Writable): void {
  if (watchedOutputs.has(stream)) return;
  watchedOutputs.add(stream);
  stream.on('error', keepFailure);
}

function keepFailure(this: Writable, error: NodeJS.ErrnoException): void {
  if (!outputFailures.has(this)) outputFailures.set(this, error);
}

function failureOf(stream: Writable): OutputError | undefined {
  if (!outputFailures.has(stream) && stream.errored) outputFailures.set(stream, stream.errored as NodeJS.ErrnoException);
  const failure =
    outputFailures.get(stream) ?? (stream.destroyed ? Object.assign(new Error('stdout is closed'), { code: 'EPIPE' }) : undefined);
  return failure && new OutputError(failure);
}

/**
 * Writes to stdout, waiting for 'drain' when the reader is slower than we are. A failed stdout (the reader gone, a
 * full disk) rejects with an OutputError, for this write or the next: a write that fails at once (a file, a device)
 * reports its error only after write() returned.
 */
export function writeWithBackpressure(stream: Writable, text: string | Uint8Array): Promise<void> {
  watchOutput(stream);
  const before = failureOf(stream);
  if (before) return Promise.reject(before);
  const ready = stream.write(text);
  const failed = failureOf(stream);
  if (failed) return Promise.reject(failed);
  if (ready) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const settle = () => {
      stream.off('drain', settle);
      stream.off('error', settle);
      stream.off('close', settle);
      const failure = failureOf(stream);
      if (failure) reject(failure);
      else resolve();
    };
    stream.on('drain', settle);
    stream.on('error', settle);
    stream.on('close', settle);
  });
}

/** Resolves once everything written to stdout has been handed to the system; rejects if any of it failed. */
export async function flushOutput(stream: Writable): Promise<void> {
  watchOutput(stream);
  // An empty write's callback runs once every write before it has been handed over (or has failed).
  if (stream.writableLength > 0 && !stream.destroyed) await new Promise<void>((resolve) => stream.write('', () => resolve()));
  const failure = failureOf(stream);
  if (failure) throw failure;
}

/**
 * The whole text of a file the user named, be it a regular file, a FIFO (`mkfifo`, `<(...)`), a socket or a device:
 * see openInputFile. `interrupt` (Ctrl-C, SIGTERM) ends the wait at once, rejecting with its reason.
 */
export async function readInputFile(path: string, interrupt?: AbortSignal): Promise<string> {
  return readStreamText(await openInputFile(path), interrupt);
}

/**
 * A stream of a file the user named, be it a regular file, a FIFO (`mkfifo`, `<(...)`), a socket or a device.
 * Nothing waits in a blocking system call: a FIFO nobody writes would hold a thread of node's pool, and with it
 * process.exit, for ever. It is opened non-blocking and read through the event loop, so destroying the stream ends
 * the wait at once. Errors are node's (`code` ENOENT, EISDIR, ...; ETERMINAL for a terminal).
 */
export async function openInputFile(path: string): Promise<Readable> {
  const fs = await import('node:fs');
  const fd = await new Promise<number>((resolve, reject) =>
    fs.open(path, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK, (error, opened) => (error ? reject(error) : resolve(opened))),
  );
  try {
    const stats = fs.fstatSync(fd);
    if (stats.isFIFO() || stats.isSocket()) {
      const { Socket } = await import('node:net');
      return new Socket({ fd, readable: true, writable: false });
    }
    // Read in node's thread pool, a terminal would hold it as a FIFO would; `-` (stdin) is how to type input.
    if (isatty(fd)) throw Object.assign(new Error(`${path} is a terminal`), { code: 'ETERMINAL' });
    // A directory opens fine and fails on the first read (EISDIR), as the stream reports it.
    return fs.createReadStream('', { fd });
  } catch (error) {
    fs.closeSync(fd);
    throw error;
  }
}

/**
 * Calls `onLine` with the bytes of each line of a stream (without its line end, \n or \r\n) and its number from 1, as
 * they arrive: nothing but the line being read is kept, and no line becomes a string unless the caller makes it one. `onLine` may return a promise, which is waited for. `interrupt` destroys
 * the stream and rejects with its reason. A line longer than `maxLineBytes` is refused with a RangeError.
 */
export async function forEachLine(
  stream: Readable,
  onLine: (line: Buffer, lineNumber: number) => void | Promise<void>,
  { interrupt, maxLineBytes = 1 << 20 }: { interrupt?: AbortSignal; maxLineBytes?: number } = {},
): Promise<void> {
  const onInterrupt = () => stream.destroy(interruption(interrupt));
  if (interrupt?.aborted) onInterrupt();
  interrupt?.addEventListener('abort', onInterrupt, { once: true });
  let lineNumber = 0;
  let partial: Buffer | undefined;
  const emit = (bytes: Buffer) => onLine(bytes[bytes.length - 1] === 0x0d ? bytes.subarray(0, -1) : bytes, ++lineNumber);
  try {
    for await (const received of stream) {
      let chunk: Buffer = typeof received === 'string' ? Buffer.from(received) : (received as Buffer);
      let start = 0;
      for (let end = chunk.indexOf(0x0a); end !== -1; end = chunk.indexOf(0x0a, start)) {
        let line = chunk.subarray(start, end);
        if (partial) {
          line = Buffer.concat([partial, line]);
          partial = undefined;
        }
        const pending = emit(line);
        if (pending) await pending;
        start = end + 1;
      }
      if (start < chunk.length) {
        chunk = chunk.subarray(start);
        partial = partial ? Buffer.concat([partial, chunk]) : Buffer.from(chunk);
        if (partial.length > maxLineBytes) throw new RangeError(`line ${lineNumber + 1}: longer than ${maxLineBytes} bytes`);
      }
    }
    if (partial) {
      const pending = emit(partial);
      if (pending) await pending;
    }
  } catch (error) {
    if (interrupt?.aborted) throw interruption(interrupt);
    throw error;
  } finally {
    interrupt?.removeEventListener('abort', onInterrupt);
    stream.destroy();
  }
}

/** The whole of a stream as UTF-8 text; `interrupt` destroys the stream and rejects with its reason. */
export async function readStreamText(stream: Readable, interrupt?: AbortSignal): Promise<string> {
  return (await readStreamBytes(stream, { interrupt })).toString('utf8');
}

/** The bytes of a file the user named (see openInputFile); past `maxBytes` it stops reading and rejects with a TooLargeError. */
export async function readInputFileBytes(path: string, limits: ReadLimits = {}): Promise<Buffer> {
  return readStreamBytes(await openInputFile(path), limits);
}

export interface ReadLimits {
  interrupt?: AbortSignal;
  /** More than this many bytes: the stream is destroyed and the read rejects with a TooLargeError. */
  maxBytes?: number;
}

/** Input longer than the reader accepts (a body piped from the wrong place, /dev/zero). */
export class TooLargeError extends Error {
  readonly code = 'ETOOLARGE';
  constructor(readonly maxBytes: number) {
    super(`more than ${maxBytes} bytes`);
  }
}

/** The whole of a stream as bytes, exactly as read; `interrupt` destroys the stream and rejects with its reason. */
export function readStreamBytes(stream: Readable, { interrupt, maxBytes = Infinity }: ReadLimits = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (error?: unknown) => {
      if (settled) return;
      settled = true;
      interrupt?.removeEventListener('abort', onInterrupt);
      stream.off('data', onData);
      if (error === undefined) resolve(Buffer.concat(chunks));
      else reject(error);
    };
    const onData = (chunk: Buffer | string) => {
      const bytes = Buffer.from(chunk);
      size += bytes.length;
      if (size > maxBytes) {
        finish(new TooLargeError(maxBytes));
        stream.destroy();
        return;
      }
      chunks.push(bytes);
    };
    const onInterrupt = () => {
      finish(interruption(interrupt));
      stream.destroy();
    };
    if (interrupt?.aborted) return onInterrupt();
    interrupt?.addEventListener('abort', onInterrupt, { once: true });
    stream.on('data', onData);
    stream.once('end', () => finish());
    stream.on('error', finish);
  });
}

/** How long a wait goes unannounced: an answer within it draws no spinner, and loads none of its code. */
export const SPINNER_DELAY_MS = 100;

/**
 * A spinner shown once a wait has lasted SPINNER_DELAY_MS: a quick answer is printed with no line drawn and erased
 * before it (no flicker), and without ora's start (string-width's tables: ~45 ms, a fifth of a short command's run).
 * Once shown, it follows update() and clear() as it is told; cleared while it loads, it never draws.
 */
export function delayedSpinner(show: () => Promise<Spinner>, delayMs = SPINNER_DELAY_MS): Spinner {
  let text = '';
  let wanted = false;
  let timer: NodeJS.Timeout | undefined;
  let shown: Spinner | undefined;
  let loading = false;
  const load = () => {
    timer = undefined;
    loading = true;
    show().then(
      (spinner) => {
        loading = false;
        shown = spinner;
        if (wanted) spinner.update(text);
      },
      // No spinner code to load (a damaged install): the command goes on without one.
      () => {},
    );
  };
  return {
    update(next) {
      text = next;
      wanted = true;
      if (shown) shown.update(next);
      else if (!timer && !loading) {
        timer = setTimeout(load, delayMs);
        // A command ends when its work does, not when its spinner would have shown.
        timer.unref();
      }
    },
    clear() {
      wanted = false;
      clearTimeout(timer);
      timer = undefined;
      shown?.clear();
    },
  };
}

async function oraSpinner(stderr: NodeJS.WriteStream, color: boolean): Promise<Spinner> {
  const { default: ora } = await import('ora');
  // ora divides by the stream's columns to count the lines it must clear: with 0 (a terminal that reports no size)
  // it looped for ever. The stream it draws on reports our width instead; node's own resize handler still sets the
  // terminal's figure, which the width is computed from. (A Proxy would not do: ora swaps the stream's write.)
  let reportedColumns = stderr.columns;
  Object.defineProperty(stderr, 'columns', {
    configurable: true,
    enumerable: true,
    get: () => terminalWidth({ columns: reportedColumns }, process.env),
    set: (columns: number) => {
      reportedColumns = columns;
    },
  });
  const stream = stderr;
  // discardStdin false: ora's default puts stdin in raw mode, which swallows and delays Ctrl-C.
  // color false: ora's chalk ignores NO_COLOR and --no-color, so the decision is passed in.
  // isEnabled: whether to animate was decided above (stderr a terminal, not --quiet/--json, TERM not dumb);
  // ora's own guess turns CI=true into permanent "- text" lines on stderr.
  const spinner = ora({ stream, discardStdin: false, hideCursor: true, color: color ? 'cyan' : false, isEnabled: true });
  const { truncate } = await import('./render/width.js');
  return {
    update(text) {
      // One line, whatever the width: the frame and a space take two columns.
      spinner.text = truncate(text, Math.max(1, stream.columns - 2));
      if (!spinner.isSpinning) spinner.start();
    },
    clear() {
      if (spinner.isSpinning) spinner.stop();
    },
  };
}
