// The completion script for a shell, written from the commander tree.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { bashScript } from './bash.js';
import { fishScript } from './fish.js';
import { describeProgram } from './model.js';
import type { Shell } from './shells.js';
import { zshScript } from './zsh.js';

export function completionScript(program: CommandUnknownOpts, shell: Shell): string {
  const root = describeProgram(program);
  if (shell === 'bash') return bashScript(root);
  if (shell === 'zsh') return zshScript(root);
  return fishScript(root);
}
