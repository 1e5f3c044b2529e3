// `svc tx`: transactions across EVM chains.
import type { Command } from '@commander-js/extra-typings';
import type { Action } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import * as list from './list.js';
import { NOUN_SUMMARIES } from '../nouns.js';

export function register(program: Command, action: Action): void {
  const tx = program
    .command('tx')
    .description(NOUN_SUMMARIES.tx)
    .addHelpText('after', examples([['the latest failed transactions on Fuji', 'svc tx list --network fuji --status failed']]));
  for (const verb of [list]) verb.register(tx, action);
}
