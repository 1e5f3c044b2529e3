// Questions asked on the terminal (stderr for the question, stdin for the answer).
import type { IO } from './io.js';
import { InterruptedError } from './errors.js';

/** A yes/no question whose default is no. */
export async function confirm(io: IO, question: string): Promise<boolean> {
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: io.in, output: io.err, terminal: true });
  try {
    const answer = await new Promise<string>((resolve, reject) => {
      rl.on('SIGINT', () => reject(new InterruptedError(130)));
      rl.question(`${question} [y/N] `).then(resolve, reject);
    });
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    rl.close();
  }
}

/** Reads a secret without echoing it. */
export async function readHidden(io: IO, question: string): Promise<string> {
  const input = io.in as NodeJS.ReadStream;
  io.err.write(question);
  return new Promise<string>((resolve, reject) => {
    let value = '';
    input.setRawMode?.(true);
    input.resume();
    input.setEncoding('utf8');
    const finish = (error?: Error) => {
      input.setRawMode?.(false);
      input.pause();
      input.off('data', onData);
      io.err.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return finish();
        if (ch === '\u0003') return finish(new InterruptedError(130));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    input.on('data', onData);
  });
}
