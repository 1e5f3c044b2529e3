// The zsh completion script: one _arguments function per command, _describe for subcommand names.
import { allNodes, describedValuesFunction, DYNAMIC_VALUE_COMMANDS, DYNAMIC_VALUE_FIELDS, firstLine } from './model.js';
import type { CompletionArgument, CompletionNode, CompletionOption, DynamicValues } from './model.js';

/** A single-quoted zsh word. */
function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Text inside an _arguments spec: brackets and colons are syntax there. */
function specText(text: string): string {
  return text.replace(/[\\[\]:]/g, (character) => `\\${character}`);
}

function functionName(node: CompletionNode): string {
  return ['_' + node.path[0], ...node.path.slice(1)].join('_').replace(/-/g, '_');
}

function valueAction(option: CompletionOption): string {
  if (option.values) return `(${option.values.join(' ')})`;
  if (option.file) return '_files';
  return ' ';
}

function optionSpecs(option: CompletionOption): string[] {
  const exclusion = option.exclusive ? '(- *)' : option.repeatable ? '*' : option.names.length > 1 ? `(${option.names.join(' ')})` : '';
  const explanation = `[${specText(firstLine(option.description))}]`;
  return option.names.map((name) => {
    if (option.valueName === undefined) return quote(`${exclusion}${name}${explanation}`);
    const joiner = name.startsWith('--') ? '=' : '+';
    return quote(`${exclusion}${name}${joiner}${explanation}:${specText(option.valueName)}:${valueAction(option)}`);
  });
}

/** The call that offers the values only the service knows, each with its description. */
function askedCall(label: string, dynamic: DynamicValues): string {
  const { value, description } = DYNAMIC_VALUE_FIELDS[dynamic];
  return `__svc_asked ${quote(label)} ${value},${description} ${DYNAMIC_VALUE_COMMANDS[dynamic]}`;
}

function argumentSpec(node: CompletionNode, argument: CompletionArgument, index: number): string {
  const position = argument.variadic ? '*' : String(index + 1);
  const optional = argument.required || argument.variadic ? '' : ':';
  const action = argument.described
    ? describedValuesFunction(node, argument)
    : argument.values
      ? `(${argument.values.join(' ')})`
      : argument.dynamic
        ? `{${askedCall(argument.name, argument.dynamic)}}`
        : ' ';
  return quote(`${position}:${optional}${specText(argument.name)}:${action}`);
}

function describeList(name: string, commands: CompletionNode[]): string[] {
  return [
    `    local -a ${name}=(`,
    ...commands.map((command) => `        ${quote(`${command.name.replace(/:/g, '\\:')}:${firstLine(command.description)}`)}`),
    '    )',
  ];
}

function groupFunction(node: CompletionNode): string {
  const label = node.path.join(' ');
  return [
    `${functionName(node)}() {`,
    '    local curcontext="$curcontext" state state_descr line ret=1',
    '    typeset -A opt_args',
    '    _arguments -C -s -S \\',
    ...node.options.flatMap(optionSpecs).map((spec) => `        ${spec} \\`),
    `        ${quote(': :->command')} \\`,
    `        ${quote('*:: :->argument')} && ret=0`,
    '    case $state in',
    '    command)',
    ...describeList('commands', node.subcommands).map((line) => '    ' + line),
    `        _describe -t commands ${quote(label + ' command')} commands && ret=0`,
    ...defaultArgumentValues(node),
    '        ;;',
    '    argument)',
    `        curcontext="\${curcontext%:*:*}:${node.path.join('-')}-$words[1]:"`,
    '        case $words[1] in',
    ...node.subcommands.map((sub) =>
      sub.isHelp
        ? `        ${sub.name}) __${node.path[0]}_help ${quote(label)} && ret=0 ;;`
        : `        ${sub.name}) ${functionName(sub)} && ret=0 ;;`,
    ),
    ...defaultCase(node),
    '        esac',
    '        ;;',
    '    esac',
    '    return ret',
    '}',
  ].join('\n');
}

/** Where the first word may be the default command's first argument ("addresses <id>"): the values it takes too. */
function defaultArgumentValues(node: CompletionNode): string[] {
  const argument = node.subcommands.find((sub) => sub.name === node.defaultCommand)?.arguments[0];
  return argument?.dynamic ? [`        ${askedCall(argument.name, argument.dynamic)} && ret=0`] : [];
}

/** A first word that is no command of a group with a default one: completed as that command, the word its argument. */
function defaultCase(node: CompletionNode): string[] {
  const target = node.subcommands.find((sub) => sub.name === node.defaultCommand);
  if (!target) return [];
  return [`        *) words=(${target.name} $words); (( CURRENT++ )); ${functionName(target)} && ret=0 ;;`];
}

function leafFunction(node: CompletionNode): string {
  const specs = [...node.options.flatMap(optionSpecs), ...node.arguments.map((argument, index) => argumentSpec(node, argument, index))];
  return [`${functionName(node)}() {`, '    _arguments -s -S \\', specs.map((spec) => `        ${spec}`).join(' \\\n'), '}'].join('\n');
}

/** Offers an argument's values with their descriptions (colons in a value escaped, as _describe reads them). */
function describedValuesFunctions(root: CompletionNode): string[] {
  return allNodes(root).flatMap((node) =>
    node.arguments
      .filter((argument) => argument.described)
      .map((argument) =>
        [
          `${describedValuesFunction(node, argument)}() {`,
          '    local -a values=(',
          ...argument.described!.map(
            ({ value, description }) => `        ${quote(`${value.replace(/:/g, '\\:')}:${firstLine(description)}`)}`,
          ),
          '    )',
          `    _describe -t values ${quote(argument.name)} values`,
          '}',
        ].join('\n'),
      ),
  );
}

/** `help [command...]`: the names of the commands under the group and the words typed after "help". */
function helpFunction(root: CompletionNode): string {
  const groups = allNodes(root).filter((node) => node.subcommands.some((sub) => !sub.isHelp));
  return [
    `__${root.name}_help() {`,
    '    local key="$1${words[2,CURRENT-1]:+ ${(j: :)words[2,CURRENT-1]}}"',
    '    case $key in',
    ...groups.flatMap((group) => [
      `    ${quote(group.path.join(' '))})`,
      ...describeList(
        'commands',
        group.subcommands.filter((sub) => !sub.isHelp),
      ).map((line) => '    ' + line),
      `        _describe -t commands ${quote(group.path.join(' ') + ' command')} commands`,
      '        ;;',
    ]),
    '    *) return 1 ;;',
    '    esac',
    '}',
  ].join('\n');
}

export function zshScript(root: CompletionNode): string {
  const program = root.name;
  const functions = allNodes(root)
    .filter((node) => !node.isHelp && node !== root)
    .map((node) => (node.subcommands.length > 0 ? groupFunction(node) : leafFunction(node)));
  return `#compdef ${program}
# zsh completion for ${program}, generated from the command tree by \`${program} completion zsh\`; do not edit.
#
# Install: put it in a directory of $fpath as _${program}, e.g.
#   mkdir -p ~/.zfunc && ${program} completion zsh > ~/.zfunc/_${program}
# with "fpath=(~/.zfunc $fpath)" before "autoload -U compinit && compinit" in ~/.zshrc.
# Or load it in the current shell, after compinit:  source <(${program} completion zsh)

${functions.join('\n\n')}

${[...describedValuesFunctions(root), helpFunction(root)].join('\n\n')}

# Offers what "${program} <command>" prints piped, "value<TAB>description" per row (the service's ids, which hold no
# colon, and names); nothing when it fails.
__svc_asked() {
    local label=$1 fields=$2; shift 2
    local -a rows
    rows=(\${(f)"$(command ${program} "$@" 2>/dev/null | cut -f"$fields")"})
    rows=(\${rows/$'\\t'/:})
    _describe -t values $label rows
}

${groupFunction(root)}

# Autoloaded from $fpath, this file is the body of _${program}: define the functions, then complete.
# Sourced, it registers _${program} for ${program}.
if [[ $funcstack[1] == _${program} ]]; then
    _${program} "$@"
else
    compdef _${program} ${program}
fi
`;
}
