// What every command gets: the IO object, the global options, and the signal that says "stop now".
import type { IO } from './io.js';

export interface GlobalOptions {
  baseUrl?: string;
  profile?: string;
  json: boolean;
  timeoutMs: number;
  retries: number;
  verbose: boolean;
  quiet: boolean;
}

export interface CommandContext {
  io: IO;
  globals: GlobalOptions;
  /** Aborted on SIGINT/SIGTERM; its reason is the InterruptedError to end with. */
  interrupt: AbortSignal;
  version: string;
}

/** Resolves when the user asks a long-running command (a server) to stop. */
export function untilInterrupted(interrupt: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    if (interrupt.aborted) resolve();
    else interrupt.addEventListener('abort', () => resolve(), { once: true });
  });
}
