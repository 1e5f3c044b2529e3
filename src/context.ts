// What every command gets: the IO object, the global options, the signal that says "stop now", and its clients.
import type { ChildProcess } from 'node:child_process';
import type { EmulatorControlClient } from './api/emulator-control.js';
import type { ServiceClient } from './api/client.js';
import type { IO } from './io.js';
import type { GlobalOptions } from './globals.js';
import type { Session } from './session.js';

export type { GlobalOptions };

export interface CommandContext {
  io: IO;
  globals: GlobalOptions;
  /** Aborted on SIGINT/SIGTERM; its reason is the InterruptedError to end with. */
  interrupt: AbortSignal;
  version: string;
  /**
   * The service client, made on first call from the settings (flag > env > profile > default); the key checks of
   * the contract run here, before any request. Closed by the caller of the command once it returns.
   */
  client(options: { needsKey: boolean }): Promise<ServiceClient>;
  /** A client for the emulator's control API at the same base URL. */
  emulatorControl(): Promise<EmulatorControlClient>;
  /**
   * The command as it was given, rebuilt from its parse (commands/shared/command-line.ts): what a copy of it in another
   * process runs with (`emulator start --detach`). Empty where `run` is called without a command line (tests).
   */
  commandLine: readonly string[];
}

/** A background copy of the CLI running `svc emulator start` with its output in a log (commands/emulator/detach.ts). */
export interface DetachedEmulatorCopy {
  child: ChildProcess;
  /** Renamed `<port>.log` by the copy once it listens. */
  startingLog: string;
  /** The copy's exit code (143 for SIGTERM), whenever it ends: listened for from its start, so no exit is missed. */
  exited: Promise<number>;
  /** The line the copy writes on its pipe once it listens and is recorded; undefined if the pipe closes without one. */
  listening: Promise<string | undefined>;
}

/**
 * A context whose clients come from a Session loaded on first use (commands that talk to no service never load
 * the transport, node:http), and the function that closes them once the command is done.
 */
export function createContext(inputs: Omit<CommandContext, 'client' | 'emulatorControl'>): {
  context: CommandContext;
  close(): Promise<void>;
} {
  let session: Promise<Session> | undefined;
  const open = () => (session ??= import('./session.js').then(({ Session }) => new Session(inputs)));
  return {
    context: {
      ...inputs,
      client: async (options) => (await open()).client(options),
      emulatorControl: async () => (await open()).emulatorControl(),
    },
    close: async () => {
      if (session) await (await session).close();
    },
  };
}

/** Resolves when the user asks a long-running command (a server) to stop. */
export function untilInterrupted(interrupt: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    if (interrupt.aborted) resolve();
    else interrupt.addEventListener('abort', () => resolve(), { once: true });
  });
}

/**
 * How a long-running command ends once it has shut down cleanly: with what stopped it, so Ctrl-C exits 130 and
 * SIGTERM 143 as the contract says (a reader that left stdout, `| head`, still ends with 0).
 */
export function endAsInterrupted(interrupt: AbortSignal): never {
  throw interrupt.reason;
}
