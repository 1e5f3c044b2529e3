// `svc completion <shell>`: prints the completion script for bash, zsh or fish, written from the command tree.
import { Argument } from '@commander-js/extra-typings';
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../context.js';
import { SHELLS } from '../completion/shells.js';
import type { Shell } from '../completion/shells.js';
import type { Action } from './shared/action.js';
import { examples } from './shared/help-text.js';
import { NOUN_SUMMARIES } from './nouns.js';

export function register(program: Command, action: Action): void {
  program
    .command('completion')
    .description(NOUN_SUMMARIES.completion)
    .addArgument(new Argument('<shell>', 'the shell to complete in').choices(SHELLS))
    .addHelpText(
      'after',
      examples([
        ['bash: this shell only', 'source <(svc completion bash)'],
        [
          'bash: every new shell (needs the bash-completion package)',
          'mkdir -p ~/.local/share/bash-completion/completions && svc completion bash > ~/.local/share/bash-completion/completions/svc',
        ],
        [
          'zsh: a directory in $fpath, with "fpath=(~/.zfunc $fpath)" before compinit in ~/.zshrc',
          'mkdir -p ~/.zfunc && svc completion zsh > ~/.zfunc/_svc',
        ],
        ['fish', 'mkdir -p ~/.config/fish/completions && svc completion fish > ~/.config/fish/completions/svc.fish'],
      ]) + '\nThe same scripts ship in the package under completions/.\n',
    )
    .action(action(({ args: [shell] }, context) => run(program, shell, context)));
}

/** Writes the script for `shell`; `program` is the tree the script completes. */
export async function run(program: Command, shell: Shell, context: CommandContext): Promise<void> {
  const { completionScript } = await import('../completion/index.js');
  await context.io.write(completionScript(program, shell));
}
