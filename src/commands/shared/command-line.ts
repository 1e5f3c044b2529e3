// A command as it was given, rebuilt from commander's parse of it: what a copy of the command in another process runs.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';

/**
 * The command's words, the flags given to it and to the commands above it (the program's global ones), and its
 * operands, as arguments for `svc`. Read from the declared options and the values commander parsed, never listed by
 * hand, so a flag added to a command is carried too. Only flags given are written (a default comes again by itself),
 * each by its long name with its value joined by `=`, so that no value is ever read as a flag; a repeatable flag once
 * per value.
 */
export function givenCommandLine(command: CommandUnknownOpts): string[] {
  const words: string[] = [];
  const flags: string[] = [];
  for (let at: CommandUnknownOpts | null = command; at; at = at.parent) {
    if (at.parent) words.unshift(at.name());
    flags.push(...givenFlags(at));
  }
  return [...words, ...flags, ...(command.args.length ? ['--', ...command.args] : [])];
}

function givenFlags(command: CommandUnknownOpts): string[] {
  const values = command.opts();
  return command.options.flatMap((option) => {
    const key = option.attributeName();
    const source = command.getOptionValueSource(key);
    if (source === undefined || source === 'default') return [];
    const value = values[key];
    const name = option.long ?? option.name();
    // A negatable flag (--no-color, --no-include-logs) was given when its value is false; its positive one, when true.
    if (option.negate) return value === false ? [name] : [];
    if (value === true) return [name];
    if (typeof value === 'string') return [`${name}=${value}`];
    if (Array.isArray(value)) return value.map((each) => `${name}=${String(each)}`);
    return [];
  });
}
