// An IO object for in-process tests: buffers for stdout and stderr, chosen TTY flags, stdin from a string.
import { Readable, Writable } from 'node:stream';
import { decideColor, terminalWidth, writeWithBackpressure } from '../../src/io.js';
import type { IO, Spinner } from '../../src/io.js';

export interface TestIOOptions {
  env?: NodeJS.ProcessEnv;
  /** Written to stdin (then closed); without it stdin is empty. */
  input?: string;
  stdoutTTY?: boolean;
  stderrTTY?: boolean;
  stdinTTY?: boolean;
  columns?: number;
  noColor?: boolean;
  quiet?: boolean;
}

export interface TestIO extends IO {
  stdout(): string;
  stderr(): string;
  /** Every text the spinner showed, in order (only when stderr is a "terminal"). */
  spinnerTexts: string[];
}

class Collector extends Writable {
  readonly chunks: Buffer[] = [];
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.chunks.push(Buffer.from(chunk));
    done();
  }
  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

export function createTestIO(options: TestIOOptions = {}): TestIO {
  const out = new Collector();
  const err = new Collector();
  const env = options.env ?? {};
  const stdoutTTY = Boolean(options.stdoutTTY);
  const stderrTTY = Boolean(options.stderrTTY);
  const spinnerTexts: string[] = [];
  const input = Readable.from(options.input === undefined ? [] : [Buffer.from(options.input)]);
  return {
    out,
    err,
    in: input,
    isStdoutTTY: stdoutTTY,
    isStderrTTY: stderrTTY,
    isStdinTTY: Boolean(options.stdinTTY),
    colorEnabled: decideColor({ env, noColorFlag: Boolean(options.noColor), isTTY: stdoutTTY }),
    columns: terminalWidth({ columns: options.columns }, env),
    stderrColumns: terminalWidth({ columns: options.columns }, env),
    quiet: Boolean(options.quiet),
    env,
    write: (text) => writeWithBackpressure(out, text),
    warn: (line) => {
      err.write(line + '\n');
    },
    async spinner(json): Promise<Spinner> {
      const shown = stderrTTY && !options.quiet && !json && env.TERM !== 'dumb';
      return { update: (text) => void (shown && spinnerTexts.push(text)), clear() {} };
    },
    stdout: () => out.text(),
    stderr: () => err.text(),
    spinnerTexts,
  };
}
