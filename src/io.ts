// The IO object: streams, terminal facts and colour decided once, output with backpressure, a lazy spinner.
import type { Readable, Writable } from 'node:stream';

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
  readonly quiet: boolean;
  readonly env: NodeJS.ProcessEnv;
  /** Writes to stdout, waiting for 'drain' when the reader is slower than we are. */
  write(text: string | Uint8Array): Promise<void>;
  /** One line to stderr. */
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

export function createProcessIO(options: { noColor: boolean; quiet: boolean }): IO {
  const out = process.stdout;
  const err = process.stderr;
  const isStdoutTTY = Boolean(out.isTTY);
  const isStderrTTY = Boolean(err.isTTY);
  return {
    out,
    err,
    in: process.stdin,
    isStdoutTTY,
    isStderrTTY,
    isStdinTTY: Boolean(process.stdin.isTTY),
    colorEnabled: decideColor({ env: process.env, noColorFlag: options.noColor, isTTY: isStdoutTTY }),
    get columns() {
      return terminalWidth(out, process.env);
    },
    quiet: options.quiet,
    env: process.env,
    write: (text) => writeWithBackpressure(out, text),
    warn: (line) => {
      err.write(line + '\n');
    },
    async spinner(json) {
      if (!isStderrTTY || options.quiet || json || process.env.TERM === 'dumb') return NO_SPINNER;
      // Its own colour decision: the spinner is on stderr, which may be a terminal while stdout is piped.
      return oraSpinner(err, decideColor({ env: process.env, noColorFlag: options.noColor, isTTY: isStderrTTY }));
    },
  };
}

export function writeWithBackpressure(stream: Writable, text: string | Uint8Array): Promise<void> {
  if (stream.write(text)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onDrain = () => {
      stream.off('error', onError);
      resolve();
    };
    const onError = (error: Error) => {
      stream.off('drain', onDrain);
      reject(error);
    };
    stream.once('drain', onDrain);
    stream.once('error', onError);
  });
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
