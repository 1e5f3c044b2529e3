// What command modules share: the action wrapper type, paging flags, and the Examples section of help.
import type { Command } from 'commander';
import type { CommandContext } from '../context.js';

export interface Invocation<Flags> {
  /** Positional arguments, in order (variadic ones as arrays). */
  args: unknown[];
  flags: Flags;
}

export type Handler<Flags> = (invocation: Invocation<Flags>, context: CommandContext) => Promise<void>;

/** Provided by cli.ts: turns a handler into a commander action that builds the context first. */
export type Action = <Flags>(handler: Handler<Flags>) => (...commanderArgs: unknown[]) => Promise<void>;

export function addPagingOptions(command: Command, noun: string): Command {
  return command
    .option('--page-size <n>', `${noun} per request, 1-100 (default 10 for one page; with --limit/--all the largest needed)`)
    .option('--page-token <token>', 'continue from the nextPageToken of a previous page')
    .option('--limit <n>', `follow pages until n ${noun} are printed`)
    .option('--all', 'follow pages until the service has no more');
}

/** gh-style Examples section: a comment line and the invocation under it. */
export function examples(pairs: Array<[comment: string, invocation: string]>): string {
  return '\nExamples:\n' + pairs.map(([comment, invocation]) => `  # ${comment}\n  $ ${invocation}\n`).join('\n');
}

/** Quotes a value for a shell command line shown to the user, only when it needs it. */
export function shellQuote(value: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}
