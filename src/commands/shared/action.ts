// How a command module hands its work to the CLI: a handler of the positional arguments and flags its commander
// declaration gives it (typed from that declaration by @commander-js/extra-typings, never restated by hand).
import type { CommandUnknownOpts, OptionValues } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';

export interface Invocation<Args extends unknown[], Flags> {
  /** Positional arguments in order, as the command declares them (variadic ones as arrays, optional ones maybe undefined). */
  args: Args;
  flags: Flags;
}

export type Handler<Args extends unknown[], Flags> = (invocation: Invocation<Args, Flags>, context: CommandContext) => Promise<void>;

/**
 * Provided by cli.ts: turns a handler into a commander action that builds the context first and closes it after.
 * Called inside `.action(...)`, its arguments and flags are inferred from the command (commander passes the declared
 * positional arguments, then the flags, then the command).
 */
export type Action = <Args extends unknown[], Flags extends OptionValues>(
  handler: Handler<Args, Flags>,
) => (...commanderArgs: [...Args, Flags, CommandUnknownOpts]) => Promise<void>;

/** The flags a command declares (`.option()`, `.addOption()`), as its handler receives them. */
export type FlagsOf<Declared extends { opts(): unknown }> = ReturnType<Declared['opts']>;

/** For repeatable flags: `--address a --address b` collects ['a', 'b']. */
export const collect = (value: string, previous: string[]): string[] => [...previous, value];
