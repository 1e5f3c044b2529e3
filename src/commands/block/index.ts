// `svc block`: a chain's blocks.
import type { Command } from '@commander-js/extra-typings';
import type { Action } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import * as get from './get.js';
import * as list from './list.js';
import { NOUN_SUMMARIES } from '../nouns.js';

export function register(program: Command, action: Action): void {
  const block = program
    .command('block')
    .description(NOUN_SUMMARIES.block)
    .addHelpText('after', examples([['the latest blocks of the Fuji C-Chain', 'svc block list --chain-id fuji']]));
  for (const verb of [list, get]) verb.register(block, action);
}
