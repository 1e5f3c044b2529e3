// `svc nft`: NFT collections on a chain: their tokens, one token with its metadata, and reindexing a token's metadata.
import type { Command } from '@commander-js/extra-typings';
import type { Action } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import * as get from './get.js';
import * as list from './list.js';
import * as reindex from './reindex.js';
import { EXAMPLE_COLLECTION } from './list.js';
import { NOUN_SUMMARIES } from '../nouns.js';

export function register(program: Command, action: Action): void {
  const nft = program
    .command('nft')
    .description(NOUN_SUMMARIES.nft)
    .addHelpText('after', examples([['the tokens of a collection on Fuji', `svc nft list ${EXAMPLE_COLLECTION} --chain-id fuji`]]));
  for (const verb of [list, get, reindex]) verb.register(nft, action);
}
