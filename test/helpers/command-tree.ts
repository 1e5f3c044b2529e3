// The CLI's command tree as paths of words, for the tests that walk every command (help, examples, columns, counts).
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { buildProgram } from '../../src/cli.js';

/** The program with actions that do nothing: only its tree is read. */
export const program: CommandUnknownOpts = await buildProgram(() => async () => {});

/** Every command below the program, depth first: ['tx'], ['tx', 'list'], ... */
export function commandPaths(command: CommandUnknownOpts = program, path: string[] = []): string[][] {
  return command.commands.flatMap((sub) => [[...path, sub.name()], ...commandPaths(sub, [...path, sub.name()])]);
}

/** The commands that have no subcommands (the ones that run): the very arrays of `paths`, filtered. */
export function leafPaths(paths: string[][] = commandPaths()): string[][] {
  return paths.filter((path) =>
    paths.every((other) => other.length <= path.length || other.slice(0, path.length).join(' ') !== path.join(' ')),
  );
}
