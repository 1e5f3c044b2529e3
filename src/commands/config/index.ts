// `svc config`: the settings store, per profile.
import type { Command } from '@commander-js/extra-typings';
import type { Action } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import * as get from './get.js';
import * as list from './list.js';
import * as path from './path.js';
import * as set from './set.js';
import * as unset from './unset.js';
import { NOUN_SUMMARIES } from '../nouns.js';

export function register(program: Command, action: Action): void {
  const config = program
    .command('config')
    .description(NOUN_SUMMARIES.config)
    .addHelpText('after', examples([['every setting in effect and where it comes from', 'svc config list']]));
  for (const verb of [set, get, unset, list, path]) verb.register(config, action);
}
