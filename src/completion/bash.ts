// The bash completion script: a table of the tree (one case per command) and a walker over COMP_WORDS.
import { allNodes, DYNAMIC_VALUE_COMMANDS, DYNAMIC_VALUE_FIELDS, valueOptionNames } from './model.js';
import type { CompletionNode } from './model.js';

/** A single-quoted bash word. */
function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function nodeCase(node: CompletionNode): string {
  const commands = node.subcommands.filter((sub) => !sub.isHelp).map((sub) => sub.name);
  const lines = [`    ${quote(node.path.join(' '))})`];
  if (commands.length > 0) lines.push(`        __svc_commands=${quote(commands.join(' '))}`);
  if (node.subcommands.some((sub) => sub.isHelp)) lines.push('        __svc_has_help=1');
  lines.push(`        __svc_options=${quote(node.options.flatMap((option) => option.names).join(' '))}`);
  const valueOptions = valueOptionNames(node);
  if (valueOptions.length > 0) lines.push(`        __svc_value_options=${quote(valueOptions.join(' '))}`);
  if (node.defaultCommand) lines.push(`        __svc_default=${quote(node.defaultCommand)}`);
  lines.push('        ;;');
  return lines.join('\n');
}

function optionValueCases(node: CompletionNode): string[] {
  const cases: string[] = [];
  for (const option of node.options) {
    const patterns = option.names.map((name) => quote(`${node.path.join(' ')} ${name}`)).join('|');
    if (option.values) cases.push(`    ${patterns}) __svc_reply_words ${quote(option.values.join(' '))} ;;`);
    else if (option.file) cases.push(`    ${patterns}) __svc_reply_files ;;`);
  }
  return cases;
}

function argumentValueCases(node: CompletionNode): string[] {
  const cases: string[] = [];
  node.arguments.forEach((argument, index) => {
    const pattern = argument.variadic ? `${quote(node.path.join(' ') + ' ')}*` : quote(`${node.path.join(' ')} ${index + 1}`);
    if (argument.values) cases.push(`    ${pattern}) __svc_reply_words ${quote(argument.values.join(' '))} ;;`);
    else if (argument.dynamic) {
      const { value } = DYNAMIC_VALUE_FIELDS[argument.dynamic];
      cases.push(`    ${pattern}) __svc_reply_asked ${quote(DYNAMIC_VALUE_COMMANDS[argument.dynamic])} ${value} ;;`);
    }
  });
  return cases;
}

export function bashScript(root: CompletionNode): string {
  const nodes = allNodes(root).filter((node) => !node.isHelp);
  const program = root.name;
  return `# bash completion for ${program}                                  -*- shell-script -*-
# Generated from the command tree by \`${program} completion bash\`; do not edit.
#
# Load it in the current shell:  source <(${program} completion bash)
# Load it in every new shell:    mkdir -p ~/.local/share/bash-completion/completions &&
#   ${program} completion bash > ~/.local/share/bash-completion/completions/${program}

# Sets the subcommands, options, value-taking options and default subcommand of the command at path "$1".
__svc_node() {
    __svc_commands='' __svc_has_help=0 __svc_options='' __svc_value_options='' __svc_default=''
    case "$1" in
${nodes.map(nodeCase).join('\n')}
    esac
}

# Completes the value of option "$2" of the command at path "$1".
__svc_option_values() {
    case "$1 $2" in
${nodes.flatMap(optionValueCases).join('\n')}
    esac
}

# Completes positional argument number "$2" (from 1) of the command at path "$1".
__svc_argument_values() {
    case "$1 $2" in
${nodes.flatMap(argumentValueCases).join('\n')}
    esac
}

__svc_reply_words() {
    COMPREPLY=($(compgen -W "$1" -- "$cur"))
}

# Offers column "$2" of what "${program} $1" prints piped (the service's ids); nothing when it fails.
__svc_reply_asked() {
    local values
    values=$(command ${program} $1 2>/dev/null | cut -f"$2")
    local IFS=$'\\n'
    COMPREPLY=($(compgen -W "$values" -- "$cur"))
}

__svc_reply_files() {
    local IFS=$'\\n'
    compopt -o filenames 2>/dev/null
    COMPREPLY=($(compgen -f -- "$cur"))
}

# The command line in words as svc reads them, into "words" and "cword": bash splits a word at ":" too
# (COMP_WORDBREAKS), so an operation path ("balances:listErc20") or a URL's port comes in pieces; the pieces no space
# parts are joined again.
__svc_words() {
    local i piece gap rest at=0
    words=() cword=0
    for ((i = 0; i < \${#COMP_WORDS[@]}; i++)); do
        piece=\${COMP_WORDS[i]}
        rest=\${COMP_LINE:at}
        gap=\${rest%%[![:space:]]*}
        at=$((at + \${#gap} + \${#piece}))
        if ((i > 0 && \${#gap} == 0)) && [[ $piece == : || \${words[\${#words[@]} - 1]} == *: ]]; then
            words[\${#words[@]} - 1]+=$piece
        else
            words+=("$piece")
        fi
        if ((i == COMP_CWORD)); then cword=$((\${#words[@]} - 1)); fi
    done
}

_svc() {
    local words cword
    __svc_words
    local cur="\${words[cword]}"
    local cmdpath=${quote(program)} word pending='' helping=0 argc=0 i
    local __svc_commands __svc_has_help __svc_options __svc_value_options __svc_default
    COMPREPLY=()
    __svc_node "$cmdpath"
    for ((i = 1; i < cword; i++)); do
        word=\${words[i]}
        if [[ $word == -* ]]; then
            # An option taking a value skips it ("--network fuji", or "--network = fuji" as bash splits "=").
            if [[ " $__svc_value_options " == *" $word "* ]]; then
                if [[ \${words[i+1]} == = ]]; then i=$((i + 1)); fi
                if ((i + 1 == cword)); then pending=$word; fi
                i=$((i + 1))
            fi
        elif ((!helping && __svc_has_help)) && [[ $word == help ]]; then
            helping=1
        elif [[ -n $__svc_commands && " $__svc_commands " == *" $word "* ]]; then
            cmdpath+=" $word"
            __svc_node "$cmdpath"
        elif [[ -n $__svc_default ]]; then
            # Not a command of a group that has a default one ("addresses <id>"): that command's first argument.
            cmdpath+=" $__svc_default"
            __svc_node "$cmdpath"
            argc=1
        else
            argc=$((argc + 1))
        fi
    done
    if [[ -n $pending ]]; then
        __svc_option_values "$cmdpath" "$pending"
    elif ((helping)); then
        __svc_reply_words "$__svc_commands"
    elif [[ $cur == -* ]]; then
        __svc_reply_words "$__svc_options"
    elif [[ -n $__svc_default ]]; then
        # A group with a default command ("addresses <id>"): its commands, and that command's first argument.
        __svc_argument_values "$cmdpath $__svc_default" 1
        local offered=("\${COMPREPLY[@]}") group_words=$__svc_commands
        if ((__svc_has_help)); then group_words+=' help'; fi
        __svc_reply_words "$group_words"
        COMPREPLY+=("\${offered[@]}")
    elif ((__svc_has_help)); then
        __svc_reply_words "$__svc_commands help"
    elif [[ -n $__svc_commands ]]; then
        __svc_reply_words "$__svc_commands"
    else
        __svc_argument_values "$cmdpath" $((argc + 1))
    fi
    # Bash replaces only its own last piece of the word: what comes before it is cut off each reply.
    local before=\${cur%"\${COMP_WORDS[COMP_CWORD]}"}
    if [[ -n $before ]]; then
        for ((i = 0; i < \${#COMPREPLY[@]}; i++)); do COMPREPLY[i]=\${COMPREPLY[i]#"$before"}; done
    fi
    return 0
}

complete -F _svc ${program}
`;
}
