// `svc contract`: contracts on a chain, one by its address (with its deployment) and those an address deployed.
import type { Command } from '@commander-js/extra-typings';
import type { Action } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import * as deployments from './deployments.js';
import * as get from './get.js';
import { NOUN_SUMMARIES } from '../nouns.js';

export function register(program: Command, action: Action): void {
  const contract = program
    .command('contract')
    .description(NOUN_SUMMARIES.contract)
    .addHelpText(
      'after',
      examples([['a token contract on Fuji and its deployment', `svc contract get ${get.EXAMPLE_CONTRACT} --chain-id fuji`]]),
    );
  for (const verb of [get, deployments]) verb.register(contract, action);
}
