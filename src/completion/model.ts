// The commander tree read into plain data for the script writers: commands, options, arguments, value lists.
import type { Argument, CommandUnknownOpts, Option } from '@commander-js/extra-typings';
import { offeredValueDescriptions, offeredValues } from './offered-values.js';
import { SETTING_KEYS } from '../settings/store.js';

export interface CompletionOption {
  /** Every spelling, e.g. ['-v', '--verbose']. */
  names: string[];
  description: string;
  /** The placeholder of the value ("network"), when the option takes one. */
  valueName?: string;
  /** The values to offer: a closed set, or the known values of an open one (chain names and ids). */
  values?: readonly string[];
  /** The value is a file path. */
  file: boolean;
  repeatable: boolean;
  /** -h/--help, -V/--version: nothing else makes sense with them. */
  exclusive: boolean;
  /** A program option, accepted before or after any command. */
  global: boolean;
}

export interface CompletionArgument {
  name: string;
  description: string;
  required: boolean;
  variadic: boolean;
  values?: readonly string[];
  /** Values offered with a description each (where a shell shows one); `values` holds the same values. */
  described?: ReadonlyArray<{ value: string; description: string }>;
  /** Values the script asks the service for when completing (bounded by a short timeout, silent on failure). */
  dynamic?: DynamicValues;
}

/**
 * Values only the service knows: `webhook-ids` lists the key's webhooks (id, and name as the description),
 * `message-ids` the emulator's newest messages (id, and state as the description).
 */
export type DynamicValues = 'webhook-ids' | 'message-ids';

/**
 * The command a script runs for dynamic values: one page, one short request and no retry, so a slow or absent
 * service costs a Tab press about two seconds at most, and prints nothing but rows (its errors go nowhere).
 */
export const DYNAMIC_VALUE_COMMANDS: Record<DynamicValues, string> = {
  'webhook-ids': 'webhook list --limit 100 --timeout 2 --retries 0',
  'message-ids': 'emulator deliveries --limit 100 --timeout 2 --retries 0',
};

/** Where the value and its description are in the command's piped rows: `cut -f` fields, value first. */
export const DYNAMIC_VALUE_FIELDS: Record<DynamicValues, { value: number; description: number }> = {
  'webhook-ids': { value: 1, description: 2 },
  'message-ids': { value: 2, description: 6 },
};

export interface CompletionNode {
  name: string;
  /** From the program down, e.g. ['svc', 'tx', 'list']. */
  path: string[];
  description: string;
  /** Its own options and the global ones, so every command completes the flags it accepts. */
  options: CompletionOption[];
  arguments: CompletionArgument[];
  subcommands: CompletionNode[];
  /** A `help [command...]` command: completes the names of its group's commands. */
  isHelp: boolean;
  /**
   * The subcommand a group runs when no command word is typed (`svc webhook addresses <id>` runs `addresses list`):
   * the group completes its options too, and a word that is not a command is that subcommand's first argument.
   */
  defaultCommand?: string;
}

/**
 * Argument values the tree does not declare as commander choices (the command validates the text itself, with a
 * message of its own), keyed by argument name. Option values are declared on the option itself
 * (OfferedValuesOption), so one option name can offer different values under different commands.
 */
const ARGUMENT_VALUES: Record<string, readonly string[]> = {
  key: SETTING_KEYS,
};
/** Arguments whose values the service knows, by argument name: every `<id>` is a webhook id, every `<messageId>` a message's. */
const ARGUMENT_DYNAMIC: Record<string, DynamicValues> = {
  id: 'webhook-ids',
  messageId: 'message-ids',
};
/** The placeholder that marks an option's value as a file path (`--file <path>`): it completes file names. */
export const FILE_PLACEHOLDER = 'path';

function describeOption(option: Option): CompletionOption {
  const names = [option.short, option.long].filter((name): name is string => name !== undefined);
  const long = option.long ?? '';
  const takesValue = option.required || option.optional;
  const valueName = takesValue ? (/[<[]([^>\]]+)[>\]]/.exec(option.flags)?.[1]?.replace(/\.\.\.$/, '') ?? 'value') : undefined;
  return {
    names,
    description: option.description,
    valueName,
    values: takesValue ? (option.argChoices ?? offeredValues(option)) : undefined,
    file: valueName === FILE_PLACEHOLDER,
    repeatable: option.variadic || Array.isArray(option.defaultValue),
    exclusive: long === '--help' || long === '--version',
    global: false,
  };
}

function describeArgument(argument: Argument): CompletionArgument {
  const values = argument.argChoices ?? offeredValues(argument) ?? ARGUMENT_VALUES[argument.name()];
  const descriptions = offeredValueDescriptions(argument);
  return {
    name: argument.name(),
    description: argument.description,
    required: argument.required,
    variadic: argument.variadic,
    values,
    described: descriptions && values?.map((value, at) => ({ value, description: descriptions[at] ?? '' })),
    dynamic: ARGUMENT_DYNAMIC[argument.name()],
  };
}

function describeCommand(command: CommandUnknownOpts, path: string[], globals: CompletionOption[]): CompletionNode {
  const help = command.createHelp();
  const globalNames = new Set(globals.flatMap((option) => option.names));
  const own = help
    .visibleOptions(command)
    .map(describeOption)
    .map((option) => ({ ...option, global: option.names.some((name) => globalNames.has(name)) }));
  const subcommands = help.visibleCommands(command).map((sub) => describeCommand(sub, [...path, sub.name()], globals));
  const defaultCommand = subcommands.find((sub) => sub.name === defaultCommandName(command));
  // The default command's own options are the group's too: `svc emulator deliveries --state` is its list's flag.
  const withDefault = defaultCommand ? [...own, ...defaultCommand.options.filter((option) => !option.global)] : own;
  const ownNames = new Set(withDefault.flatMap((option) => option.names));
  return {
    name: command.name(),
    path,
    description: command.summary() || command.description(),
    options: [...withDefault, ...globals.filter((option) => !option.names.some((name) => ownNames.has(name)))],
    arguments: command.registeredArguments.map(describeArgument),
    subcommands,
    isHelp: command.name() === 'help' && command.parent !== null && command.commands.length === 0,
    ...(defaultCommand ? { defaultCommand: defaultCommand.name } : {}),
  };
}

/**
 * The name given with `{ isDefault: true }`. commander keeps it in a field of its own and offers no getter; the
 * completion tests of the default-command forms fail if a commander release moves it.
 */
function defaultCommandName(command: CommandUnknownOpts): string | undefined {
  return (command as CommandUnknownOpts & { _defaultCommandName?: string | null })._defaultCommandName ?? undefined;
}

/** The program as a tree of nodes; global options (the program's, less help and version) appear on every node. */
export function describeProgram(program: CommandUnknownOpts): CompletionNode {
  const globals = program
    .createHelp()
    .visibleOptions(program)
    .map(describeOption)
    .filter((option) => !option.exclusive)
    .map((option) => ({ ...option, global: true }));
  return describeCommand(program, [program.name()], globals);
}

/** Every node, depth first, the program first. */
export function allNodes(root: CompletionNode): CompletionNode[] {
  return [root, ...root.subcommands.flatMap(allNodes)];
}

/** The options that take a value, by every spelling. */
export function valueOptionNames(node: CompletionNode): string[] {
  return node.options.filter((option) => option.valueName !== undefined).flatMap((option) => option.names);
}

/** The first line of a description, for shells that show one line per candidate. */
export function firstLine(text: string): string {
  return text.split('\n')[0]!.trim();
}

/** The name of the shell function that offers an argument's described values: `__svc_values_api_path`. */
export function describedValuesFunction(node: CompletionNode, argument: CompletionArgument): string {
  return ['__' + node.path[0], 'values', ...node.path.slice(1), argument.name].join('_').replace(/-/g, '_');
}
