// `svc chain`: the chains the service supports, and the names svc knows them by.
import type { Command } from '@commander-js/extra-typings';
import type { Action } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import * as get from './get.js';
import * as list from './list.js';
import { NOUN_SUMMARIES } from '../nouns.js';

export function register(program: Command, action: Action): void {
  const chain = program
    .command('chain')
    .description(NOUN_SUMMARIES.chain)
    .addHelpText('after', examples([['the chains of the test network', 'svc chain list --network fuji']]));
  for (const verb of [list, get]) verb.register(chain, action);
}
