// Questions asked on the terminal (stderr for the question, stdin for the answer).
import type { IO } from './io.js';
import { InterruptedError } from './errors.js';
import { interruption } from './interrupt.js';

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

/**
 * Reads a secret without echoing it: printable characters are kept, Backspace removes the last, Ctrl-U clears,
 * Enter ends; escape sequences (arrows, function keys, a paste's brackets) and other control keys are ignored, whole
 * (node's own keypress parser reads them). Ctrl-C, or `interrupt` (SIGTERM), ends it with the terminal as it was.
 */
export async function readHidden(io: IO, question: string, interrupt?: AbortSignal): Promise<string> {
  const { emitKeypressEvents } = await import('node:readline');
  const { wrapLines } = await import('./render/width.js');
  const input = io.in as NodeJS.ReadStream;
  emitKeypressEvents(input);
  const wasRaw = Boolean(input.isRaw);
  // Echo off before the question shows: a key pasted the moment it appears must not be echoed by the terminal.
  input.setRawMode?.(true);
  io.err.write(io.isStderrTTY ? wrapLines(question, io.stderrColumns) : question);
  return new Promise<string>((resolve, reject) => {
    let value = '';
    const finish = (error?: Error) => {
      input.off('keypress', onKeypress);
      interrupt?.removeEventListener('abort', onInterrupt);
      input.setRawMode?.(wasRaw);
      input.pause();
      io.err.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onInterrupt = () => finish(interruption(interrupt));
    const onKeypress = (text: string | undefined, key: { name?: string; ctrl?: boolean; meta?: boolean; sequence?: string } = {}) => {
      if (key.ctrl && key.name === 'c') return finish(new InterruptedError(130));
      if (key.name === 'return' || key.name === 'enter') return finish();
      if (key.name === 'backspace') {
        value = Array.from(value).slice(0, -1).join('');
        return;
      }
      if (key.ctrl && key.name === 'u') {
        value = '';
        return;
      }
      // A character typed or pasted: no modifier, nothing of an escape sequence, no control character.
      if (text !== undefined && !key.ctrl && !key.meta && !/[\p{Cc}]/u.test(text)) value += text;
    };
    if (interrupt?.aborted) return onInterrupt();
    interrupt?.addEventListener('abort', onInterrupt, { once: true });
    input.on('keypress', onKeypress);
    input.resume();
  });
}
