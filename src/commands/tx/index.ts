// `svc tx`: transactions across EVM chains.
import type { Command } from '@commander-js/extra-typings';
import type { Action } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import * as get from './get.js';
import * as list from './list.js';
import { NOUN_SUMMARIES } from '../nouns.js';

export function register(program: Command, action: Action): void {
  const tx = program
    .command('tx')
    .description(NOUN_SUMMARIES.tx)
    .addHelpText(
      'after',
      examples([
        ['the latest failed transactions on the Fuji C-Chain', 'svc tx list --chain-id fuji --status failed'],
        ['the latest failed transactions on every chain of the test network', 'svc tx list --network fuji --status failed'],
      ]),
    );
  for (const verb of [list, get]) verb.register(tx, action);
}
