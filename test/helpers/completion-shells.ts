// The committed completion scripts run in their real shells, for the tests that check what a Tab offers: bash
// (COMP_WORDS/COMPREPLY), zsh (an interactive shell on a zpty, compadd wrapped to print its candidates) and fish
// (complete -C).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { REPO_ROOT } from './cli.js';

export const COMPLETIONS = join(REPO_ROOT, 'completions');
export const COMPLETION_FILES = { bash: 'svc.bash', zsh: '_svc', fish: 'svc.fish' } as const;

/** Sources the bash script, sets COMP_WORDS/COMP_CWORD for `words` (the last is the one completed), calls _svc. */
export function completeInBash(words: string[], env?: Record<string, string>) {
  const quoted = words.map((word) => `'${word.replace(/'/g, `'\\''`)}'`).join(' ');
  const script = `source ${JSON.stringify(join(COMPLETIONS, COMPLETION_FILES.bash))}
COMP_WORDS=(${quoted}); COMP_CWORD=$(( \${#COMP_WORDS[@]} - 1 )); COMP_LINE="\${COMP_WORDS[*]}"; COMP_POINT=\${#COMP_LINE}
_svc
printf '%s\\n' "\${COMPREPLY[@]}"`;
  return execa('bash', ['--norc', '--noprofile', '-c', script], { cwd: REPO_ROOT, env, reject: false });
}

/** fish's own answer for `line`: one candidate per line, a tab before its description. */
export function completeInFish(line: string, env?: Record<string, string>) {
  return execa('fish', ['--no-config', '-c', `source ${join(COMPLETIONS, COMPLETION_FILES.fish)}; complete -C ${JSON.stringify(line)}`], {
    cwd: REPO_ROOT,
    env,
    reject: false,
  });
}

// An interactive zsh on a pseudo-terminal (zpty) with compinit and the script on $fpath; compadd is wrapped to print
// every candidate it is given, then Tab is typed after the command line.
const ZSH_SETUP = `
PROMPT='' RPROMPT=''
fpath=(${COMPLETIONS} $fpath)
autoload -U compinit && compinit -u -D
zstyle ':completion:*' list-grouped false
zstyle ':completion:*' insert-tab false
compadd() {
  if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then
    builtin compadd "$@"
    return $?
  fi
  local -a __hits
  builtin compadd -O __hits "$@"
  local __hit
  for __hit in $__hits; do print -r -- "<<$__hit>>"; done
  builtin compadd "$@"
}
__capture_done() { print -r -- '<<END>>' }
comppostfuncs=(__capture_done)
bindkey '^I' complete-word
print -r -- '<<READY>>'
`;
const ZSH_DRIVER = `
zmodload zsh/zpty
zpty z zsh -f -i
zpty -w z "source \${(q)1}"
zpty -r z out '*<<READY>>*'
zpty -w -n z "$2"$'\\t'
zpty -r z out '*<<END>>*'
print -r -- "$out"
zpty -d z
`;

/** Types `line` and Tab in zsh; the candidates compadd was given, and the shell's exit code. */
export async function completeInZsh(line: string, env: Record<string, string> = {}): Promise<{ exitCode: number; candidates: string[] }> {
  const directory = mkdtempSync(join(tmpdir(), 'svc-zsh-'));
  writeFileSync(join(directory, 'setup.zsh'), ZSH_SETUP);
  writeFileSync(join(directory, 'driver.zsh'), ZSH_DRIVER);
  const result = await execa('zsh', ['-f', join(directory, 'driver.zsh'), join(directory, 'setup.zsh'), line], {
    reject: false,
    timeout: 15_000,
    env: { HOME: directory, TERM: 'xterm', ...env },
    cwd: REPO_ROOT,
  });
  const candidates = [...String(result.stdout).matchAll(/<<([^>]*)>>/g)].map((match) => match[1]!).filter((word) => word !== 'END');
  return { exitCode: result.exitCode ?? -1, candidates };
}

/** Splits a batch's output at its separator lines: one piece per line completed. */
function splitReplies(stdout: string, separator: string, count: number): string[][] {
  const replies: string[][] = [[]];
  for (const line of stdout.split('\n')) {
    if (line === separator) replies.push([]);
    else if (line !== '') replies.at(-1)!.push(line);
  }
  return replies.slice(0, count);
}

const BATCH_SEPARATOR = '<<NEXT>>';

/**
 * The words bash gives a completion function for a line typed up to its end: split at spaces, and at ":" too (in
 * COMP_WORDBREAKS), which is a word of its own ("http://h:1" is "http", ":", "//h", ":", "1").
 */
export function wordsAsBashSplits(line: string): string[] {
  const words = line.split(/\s+/).flatMap((token) => token.split(/(:+)/).filter((piece) => piece !== ''));
  return /\s$/.test(line) || line === '' ? [...words.filter((word) => word !== ''), ''] : words;
}

/**
 * completeInBash for several lines in one bash (the script sourced once, each line completed in a subshell of its
 * own): what each line is offered, in order.
 */
export async function completeManyInBash(
  lines: Array<string[] | string>,
  env?: Record<string, string>,
): Promise<{ exitCode: number; stderr: string; replies: string[][] }> {
  const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;
  const completions = lines.map((given) => {
    const words = typeof given === 'string' ? wordsAsBashSplits(given) : given;
    const line = typeof given === 'string' ? quote(given) : '"${COMP_WORDS[*]}"';
    return `(
COMP_WORDS=(${words.map(quote).join(' ')}); COMP_CWORD=$(( \${#COMP_WORDS[@]} - 1 )); COMP_LINE=${line}; COMP_POINT=\${#COMP_LINE}
_svc
printf '%s\\n' "\${COMPREPLY[@]}"
)
echo '${BATCH_SEPARATOR}'`;
  });
  const script = `source ${JSON.stringify(join(COMPLETIONS, COMPLETION_FILES.bash))}\n${completions.join('\n')}`;
  const result = await execa('bash', ['--norc', '--noprofile', '-c', script], { cwd: REPO_ROOT, env, reject: false });
  return {
    exitCode: result.exitCode ?? -1,
    stderr: String(result.stderr),
    replies: splitReplies(String(result.stdout), BATCH_SEPARATOR, lines.length),
  };
}

/** completeInFish for several lines in one fish: each line's candidates ("word<TAB>description"), in order. */
export async function completeManyInFish(
  lines: string[],
  env?: Record<string, string>,
): Promise<{ exitCode: number; stderr: string; replies: string[][] }> {
  const completions = lines.map((line) => `complete -C ${JSON.stringify(line)}; echo '${BATCH_SEPARATOR}'`);
  const script = `source ${join(COMPLETIONS, COMPLETION_FILES.fish)}\n${completions.join('\n')}`;
  const result = await execa('fish', ['--no-config', '-c', script], { cwd: REPO_ROOT, env, reject: false });
  return {
    exitCode: result.exitCode ?? -1,
    stderr: String(result.stderr),
    replies: splitReplies(String(result.stdout), BATCH_SEPARATOR, lines.length),
  };
}

// ZSH_SETUP for several lines in one shell: zsh empties comppostfuncs after each completion, so Tab is bound to a
// widget that sets it again before completing.
const ZSH_SETUP_MANY = `${ZSH_SETUP.replace("print -r -- '<<READY>>'\n", '')}
__capture_complete() { comppostfuncs=(__capture_done); zle complete-word }
zle -N __capture_complete
bindkey '^I' __capture_complete
print -r -- '<<READY>>'
`;
// Types each line and Tab, waits for the end of its completion, prints what was offered and a separator, then
// clears the line (Ctrl-U) for the next one.
const ZSH_DRIVER_MANY = `
zmodload zsh/zpty
zpty z zsh -f -i
zpty -w z "source \${(q)1}"
zpty -r z out '*<<READY>>*'
shift
for line in "$@"; do
  zpty -w -n z "$line"$'\\t'
  zpty -r z out '*<<END>>*'
  print -r -- "$out"
  print -r -- '${BATCH_SEPARATOR}'
  zpty -w -n z $'\\x15'
done
zpty -d z
`;

/**
 * completeInZsh for several lines in one interactive zsh (compinit, the costly part, once): the candidates compadd
 * was given for each line, in order, and the shell's exit code.
 */
export async function completeManyInZsh(
  lines: string[],
  env: Record<string, string> = {},
): Promise<{ exitCode: number; replies: string[][] }> {
  const directory = mkdtempSync(join(tmpdir(), 'svc-zsh-'));
  writeFileSync(join(directory, 'setup.zsh'), ZSH_SETUP_MANY);
  writeFileSync(join(directory, 'driver.zsh'), ZSH_DRIVER_MANY);
  const result = await execa('zsh', ['-f', join(directory, 'driver.zsh'), join(directory, 'setup.zsh'), ...lines], {
    reject: false,
    timeout: 15_000 + 2_000 * lines.length,
    env: { HOME: directory, TERM: 'xterm', ...env },
    cwd: REPO_ROOT,
  });
  const pieces = String(result.stdout).split(BATCH_SEPARATOR).slice(0, lines.length);
  const replies = pieces.map((piece) =>
    [...piece.matchAll(/<<([^>]*)>>/g)].map((match) => match[1]!).filter((word) => word !== 'END' && word !== 'READY'),
  );
  return { exitCode: result.exitCode ?? -1, replies };
}
