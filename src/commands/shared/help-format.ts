// How every command's help reads, set once on the program (gh's manner): defaults as a person writes them (30, not
// "30"; none for a repeatable flag's empty list), and the program's own flags listed in full under `svc --help` only,
// named in one compact "Inherited flags" line under every other command.
import { Help } from '@commander-js/extra-typings';
import type { Argument, CommandUnknownOpts, HelpConfiguration, Option } from '@commander-js/extra-typings';

/** A default worth showing, as typed on a command line; undefined for none (an empty list, false). */
function shownDefault(option: Option): string | undefined {
  const value: unknown = option.defaultValue;
  if (option.defaultValueDescription) return option.defaultValueDescription;
  if (value === undefined || value === false || (Array.isArray(value) && value.length === 0)) return undefined;
  if (option.isBoolean()) return undefined;
  return Array.isArray(value) ? value.join(',') : String(value);
}

function optionDescription(option: Option): string {
  const extra: string[] = [];
  if (option.argChoices) extra.push(`choices: ${option.argChoices.join(', ')}`);
  const value = shownDefault(option);
  // A description that already says its default (…; default 4010) is not told it twice.
  if (value !== undefined && !/\bdefault\b/.test(option.description)) extra.push(`default: ${value}`);
  if (option.envVar !== undefined) extra.push(`env: ${option.envVar}`);
  return extra.length ? `${option.description} (${extra.join(', ')})`.trim() : option.description;
}

function argumentDescription(argument: Argument): string {
  const extra: string[] = [];
  if (argument.argChoices) extra.push(`choices: ${argument.argChoices.join(', ')}`);
  if (argument.defaultValue !== undefined && !(Array.isArray(argument.defaultValue) && argument.defaultValue.length === 0)) {
    extra.push(`default: ${argument.defaultValueDescription ?? String(argument.defaultValue)}`);
  }
  return extra.length ? `${argument.description} (${extra.join(', ')})`.trim() : argument.description;
}

/** The program's flags in one line, for the help of every command under it. */
function inheritedFlags(cmd: CommandUnknownOpts, helper: Help): string {
  let root = cmd;
  while (root.parent) root = root.parent;
  // --version is the program's alone: `svc webhook --version` is refused (see versionAfterCommand in src/cli.ts).
  const flags = root.options
    .filter((option) => !option.hidden && option.long !== '--help' && option.long !== '--version')
    .map((option) => option.flags);
  const width = Math.max(40, (helper.helpWidth ?? 80) - 2);
  const lines: string[] = [];
  let line = '';
  for (const flag of [...flags.map((flag, i) => (i < flags.length - 1 ? `${flag},` : flag)), '(see: svc --help)']) {
    if (line && line.length + 1 + flag.length > width) {
      lines.push(line);
      line = flag;
    } else line = line ? `${line} ${flag}` : flag;
  }
  lines.push(line);
  return `\nInherited flags:\n${lines.map((text) => `  ${text}`).join('\n')}\n`;
}

/**
 * The flags of a group's default command (`svc emulator deliveries` runs `deliveries list`): the group's own help
 * would list only -h, hiding the flags its bare form takes.
 */
function defaultCommandOptions(cmd: CommandUnknownOpts, helper: Help): string {
  const name = (cmd as CommandUnknownOpts & { _defaultCommandName?: string | null })._defaultCommandName;
  const fallback = name ? cmd.commands.find((sub) => sub.name() === name) : undefined;
  if (!fallback) return '';
  const options = helper.visibleOptions(fallback).filter((option) => option.long !== '--help');
  if (options.length === 0) return '';
  const termWidth = Math.max(...options.map((option) => helper.optionTerm(option).length));
  const items = options.map((option) => helper.formatItem(helper.optionTerm(option), termWidth, helper.optionDescription(option), helper));
  return `\nOptions of its default command, ${fallback.name()}:\n${items.join('\n')}\n`;
}

export const HELP_CONFIGURATION: HelpConfiguration = {
  showGlobalOptions: false,
  optionDescription,
  argumentDescription,
  formatHelp(cmd: CommandUnknownOpts, helper: Help): string {
    const text = Help.prototype.formatHelp.call(helper, cmd, helper);
    return cmd.parent ? text + defaultCommandOptions(cmd, helper) + inheritedFlags(cmd, helper) : text;
  },
};
