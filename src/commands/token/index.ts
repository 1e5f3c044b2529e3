// `svc token`: a token contract's transfers.
import type { Command } from '@commander-js/extra-typings';
import type { Action } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import * as transfers from './transfers.js';
import { NOUN_SUMMARIES } from '../nouns.js';

export function register(program: Command, action: Action): void {
  const token = program
    .command('token')
    .description(NOUN_SUMMARIES.token)
    .addHelpText(
      'after',
      examples([
        ['the latest transfers of a token on Fuji', 'svc token transfers 0x5425890298aed601595a70AB815c96711a31Bc65 --chain-id fuji'],
      ]),
    );
  for (const verb of [transfers]) verb.register(token, action);
}
