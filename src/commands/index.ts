// Every command of the program, one noun (or lone verb) a module, in the order help lists them.
import type { Command } from 'commander';
import * as completion from './completion.js';
import * as config from './config/index.js';
import * as emulator from './emulator/index.js';
import * as eventSignature from './event-signature.js';
import type { Action } from './shared/action.js';
import * as tx from './tx/index.js';
import * as webhook from './webhook/index.js';

export function registerCommands(program: Command, action: Action): void {
  for (const noun of [tx, webhook, eventSignature, config, emulator, completion]) noun.register(program, action);
}
