// `svc address`: what the service knows of an address across chains.
import type { Command } from '@commander-js/extra-typings';
import type { Action } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import * as chains from './chains.js';
import { NOUN_SUMMARIES } from '../nouns.js';

export function register(program: Command, action: Action): void {
  const address = program
    .command('address')
    .description(NOUN_SUMMARIES.address)
    .addHelpText(
      'after',
      examples([['the chains an address took part in', 'svc address chains 0x71C7656EC7ab88b098defB751B7401B5f6d8976F']]),
    );
  for (const verb of [chains]) verb.register(address, action);
}
