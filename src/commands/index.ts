// Every command of the program, one noun (or lone verb) a module. A command line loads the noun it names and lists
// the others by name and summary only (commands/nouns.ts): what `svc tx list` compiles and runs at start grows with
// what it needs, not with the number of commands (the register functions of every command cost ~10 ms here).
import type { Command } from '@commander-js/extra-typings';
import { NOUN_SUMMARIES } from './nouns.js';
import type { NounName } from './nouns.js';
import type { Action } from './shared/action.js';

interface NounModule {
  register(program: Command, action: Action): void;
}

/** Each noun's module, loaded on use; in help's order. */
const NOUNS: Array<{ name: NounName; load(): Promise<NounModule> }> = [
  { name: 'tx', load: () => import('./tx/index.js') },
  { name: 'chain', load: () => import('./chain/index.js') },
  // The chain's reads (EVM).
  { name: 'block', load: () => import('./block/index.js') },
  { name: 'address', load: () => import('./address/index.js') },
  { name: 'token', load: () => import('./token/index.js') },
  { name: 'balance', load: () => import('./balance.js') },
  { name: 'contract', load: () => import('./contract/index.js') },
  { name: 'nft', load: () => import('./nft/index.js') },
  { name: 'webhook', load: () => import('./webhook/index.js') },
  { name: 'event-signature', load: () => import('./event-signature.js') },
  { name: 'config', load: () => import('./config/index.js') },
  { name: 'emulator', load: () => import('./emulator/index.js') },
  { name: 'api', load: () => import('./api.js') },
  // It writes the completion scripts from the whole tree.
  { name: 'completion', load: () => import('./completion.js') },
];

/** Nouns whose commands need every other command registered (the completion writer walks the whole tree). */
const NEEDS_WHOLE_TREE: ReadonlySet<NounName> = new Set(['completion']);

/**
 * Registers the commands: every one, or, when `word` (the command line's first command word) names a noun, that
 * noun's and only the names and summaries of the others. Help of the program, `svc help ...`, an unknown word or none
 * load every noun.
 */
export async function registerCommands(program: Command, action: Action, word?: string): Promise<void> {
  const named = NOUNS.find((noun) => noun.name === word);
  const all = named === undefined || NEEDS_WHOLE_TREE.has(named.name);
  const modules = await Promise.all(NOUNS.map((noun) => (all || noun === named ? noun.load() : undefined)));
  NOUNS.forEach((noun, at) => {
    const module = modules[at];
    if (module) module.register(program, action);
    else
      program
        .command(noun.name)
        .description(NOUN_SUMMARIES[noun.name])
        .action(() => {
          // Never reached: the command line named another noun. Loud if the word was misread.
          throw new Error(`svc ${noun.name} was not loaded for this command line`);
        });
  });
}
