// `svc tx`: transactions across EVM chains.
import type { Command } from 'commander';
import type { Action } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import * as list from './list.js';

export function register(program: Command, action: Action): void {
  const tx = program
    .command('tx')
    .description('Transactions across EVM chains')
    .addHelpText('after', examples([['the latest failed transactions on Fuji', 'svc tx list --network fuji --status failed']]));
  for (const verb of [list]) verb.register(tx, action);
}
