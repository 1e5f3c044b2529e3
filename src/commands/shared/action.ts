// How a command module hands its work to the CLI: a handler of typed positional arguments and flags.
import type { CommandContext } from '../../context.js';

export interface Invocation<Args extends unknown[], Flags> {
  /** Positional arguments in order, as the command declares them (variadic ones as arrays, optional ones maybe undefined). */
  args: Args;
  flags: Flags;
}

export type Handler<Args extends unknown[], Flags> = (invocation: Invocation<Args, Flags>, context: CommandContext) => Promise<void>;

/** Provided by cli.ts: turns a handler into a commander action that builds the context first and closes it after. */
export type Action = <Args extends unknown[], Flags>(handler: Handler<Args, Flags>) => (...commanderArgs: unknown[]) => Promise<void>;

/** For repeatable flags: `--address a --address b` collects ['a', 'b']. */
export const collect = (value: string, previous: string[]): string[] => [...previous, value];
