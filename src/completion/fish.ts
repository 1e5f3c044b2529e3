// The fish completion script: a walker that finds the command being typed, and `complete` lines per command.
import { allNodes, describedValuesFunction, DYNAMIC_VALUE_COMMANDS, DYNAMIC_VALUE_FIELDS, firstLine, valueOptionNames } from './model.js';
import type { CompletionNode, CompletionOption, DynamicValues } from './model.js';

/** A single-quoted fish word. */
function quote(text: string): string {
  return `'${text.replace(/[\\']/g, (character) => `\\${character}`)}'`;
}

function listFunction(name: string, comment: string, entries: Array<[path: string, words: string[]]>): string {
  return [
    `# ${comment}`,
    `function ${name}`,
    '    switch "$argv"',
    ...entries
      .filter(([, words]) => words.length > 0)
      .flatMap(([path, words]) => [`        case ${quote(path)}`, `            printf '%s\\n' ${words.join(' ')}`]),
    '    end',
    'end',
  ].join('\n');
}

function optionLine(option: CompletionOption, condition: string): string {
  const parts = ['complete -c svc'];
  if (condition) parts.push(`-n ${quote(condition)}`);
  for (const name of option.names) parts.push(name.startsWith('--') ? `-l ${name.slice(2)}` : `-s ${name.slice(1)}`);
  if (option.valueName !== undefined) {
    if (option.file) parts.push('-r -F');
    else parts.push('-x');
    if (option.values) parts.push(`-a ${quote(option.values.join(' '))}`);
  }
  parts.push(`-d ${quote(firstLine(option.description))}`);
  return parts.join(' ');
}

/** Rows of "value<TAB>description" from the service (fish shows the description beside it); nothing when it fails. */
function askedValues(dynamic: DynamicValues): string {
  const { value, description } = DYNAMIC_VALUE_FIELDS[dynamic];
  return `(command svc ${DYNAMIC_VALUE_COMMANDS[dynamic]} 2>/dev/null | cut -f${value},${description})`;
}

function nodeLines(node: CompletionNode): string[] {
  const path = node.path.join(' ');
  const lines = [`# ${path}`];
  for (const sub of node.subcommands) {
    lines.push(`complete -c svc -n ${quote(`__svc_is "${path}"`)} -a ${sub.name} -d ${quote(firstLine(sub.description))}`);
  }
  const helpable = node.subcommands.filter((sub) => !sub.isHelp);
  if (node.subcommands.some((sub) => sub.isHelp)) {
    for (const sub of helpable) {
      lines.push(`complete -c svc -n ${quote(`__svc_is "help:${path}"`)} -a ${sub.name} -d ${quote(firstLine(sub.description))}`);
    }
  }
  node.arguments.forEach((argument, index) => {
    const condition = argument.variadic ? `__svc_is "${path}"` : `__svc_is "${path}" ${index}`;
    const description = quote(firstLine(argument.description || argument.name));
    if (argument.described) {
      lines.push(`complete -c svc -n ${quote(condition)} -a ${quote(`(${describedValuesFunction(node, argument)})`)} -d ${description}`);
    } else if (argument.values) {
      lines.push(`complete -c svc -n ${quote(condition)} -a ${quote(argument.values.join(' '))} -d ${description}`);
    } else if (argument.dynamic) {
      lines.push(`complete -c svc -n ${quote(condition)} -a ${quote(askedValues(argument.dynamic))} -d ${description}`);
    }
  });
  // A group with a default command ("addresses <id>"): the first word may be that command's first argument.
  const defaultArgument = node.subcommands.find((sub) => sub.name === node.defaultCommand)?.arguments[0];
  if (defaultArgument?.dynamic) {
    const description = quote(firstLine(defaultArgument.description || defaultArgument.name));
    lines.push(`complete -c svc -n ${quote(`__svc_is "${path}"`)} -a ${quote(askedValues(defaultArgument.dynamic))} -d ${description}`);
  }
  for (const option of node.options) {
    if (!option.global) lines.push(optionLine(option, `__svc_is "${path}"`));
  }
  return lines;
}

/** Prints an argument's values, a tab before each one's description (fish shows it beside the value). */
function describedValuesFunctions(root: CompletionNode): string[] {
  return allNodes(root).flatMap((node) =>
    node.arguments
      .filter((argument) => argument.described)
      .map((argument) =>
        [
          `function ${describedValuesFunction(node, argument)}`,
          ...argument.described!.map(
            ({ value, description }) => `    printf '%s\\t%s\\n' ${quote(value)} ${quote(firstLine(description))}`,
          ),
          'end',
        ].join('\n'),
      ),
  );
}

export function fishScript(root: CompletionNode): string {
  const nodes = allNodes(root).filter((node) => !node.isHelp);
  const globals = root.options.filter((option) => option.global);
  return `# fish completion for ${root.name}, generated from the command tree by \`${root.name} completion fish\`; do not edit.
#
# Install: mkdir -p ~/.config/fish/completions && ${root.name} completion fish > ~/.config/fish/completions/${root.name}.fish

${listFunction(
  '__svc_subcommands',
  'Prints the subcommands of the command at path $argv.',
  nodes.map((node) => [node.path.join(' '), node.subcommands.map((sub) => sub.name)]),
)}

${listFunction(
  '__svc_default_command',
  'Prints the subcommand the group at path $argv runs when no command word is typed.',
  nodes.map((node) => [node.path.join(' '), node.defaultCommand ? [node.defaultCommand] : []]),
)}

${listFunction(
  '__svc_value_options',
  'Prints the options that take a value of the command at path $argv.',
  nodes.map((node) => [node.path.join(' '), valueOptionNames(node)]),
)}

${describedValuesFunctions(root).join('\n\n')}

# Prints the command being completed ("svc tx list"; "help:svc tx" after "help"), then how many arguments it has.
function __svc_state
    set -l tokens (commandline -opc)
    set -l path ${root.name}
    set -l helping 0
    set -l argc 0
    set -l skip 0
    for token in $tokens[2..-1]
        if test $skip = 1
            set skip 0
            continue
        end
        switch $token
            case '--*=*'
                continue
            case '-*'
                if contains -- $token (__svc_value_options $path)
                    set skip 1
                end
                continue
        end
        set -l subcommands (__svc_subcommands $path)
        set -l default (__svc_default_command $path)
        if test $helping = 0 -a "$token" = help; and contains -- help $subcommands
            set helping 1
        else if contains -- $token $subcommands
            set -a path $token
        else if test -n "$default"
            # Not a command of a group that has a default one ("addresses <id>"): that command's first argument.
            set -a path $default
            set argc 1
        else
            set argc (math $argc + 1)
        end
    end
    if test $helping = 1
        echo "help:$path"
    else
        echo "$path"
    end
    echo $argc
end

# True when the command being completed is $argv[1] and, if given, it has $argv[2] arguments so far.
function __svc_is
    set -l state (__svc_state)
    test "$state[1]" = "$argv[1]"; or return 1
    test (count $argv) -lt 2; or test "$state[2]" = "$argv[2]"
end

# No file names unless an option asks for one.
complete -c svc -f

# Global options, accepted before or after any command.
${globals.map((option) => optionLine(option, '')).join('\n')}

${nodes.map((node) => nodeLines(node).join('\n')).join('\n\n')}
`;
}
