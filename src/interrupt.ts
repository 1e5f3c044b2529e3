// Ending waits on the interrupt signal (Ctrl-C, SIGTERM, a stdout that failed): one rule for every wait.
import { ExitCode, InterruptedError, SvcError } from './errors.js';

/** What an aborted interrupt ends a command with: its own reason (exit 130, 143, or an output error), else Ctrl-C's. */
export function interruption(interrupt: AbortSignal | undefined): SvcError {
  return interrupt?.reason instanceof SvcError ? interrupt.reason : new InterruptedError(ExitCode.interrupted);
}

/** Waits `ms`, or ends at once with the interruption when `interrupt` aborts (before or during the wait). */
export function sleep(ms: number, interrupt: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(interruption(interrupt));
    };
    const timer = setTimeout(() => {
      interrupt?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    if (interrupt?.aborted) onAbort();
    else interrupt?.addEventListener('abort', onAbort, { once: true });
  });
}
