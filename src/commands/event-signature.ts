// `svc event-signature <declaration...>`: keccak-256 topic0 of event declarations, offline.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../context.js';
import { UsageError } from '../errors.js';
import type { Action } from './shared/action.js';
import { examples } from './shared/help-text.js';
import { NOUN_SUMMARIES } from './nouns.js';
import { jqOption } from './shared/jq-option.js';

export function register(program: Command, action: Action): void {
  program
    .command('event-signature')
    .description(NOUN_SUMMARIES['event-signature'])
    .argument(
      '<declaration...>',
      'e.g. "Transfer(address,address,uint256)" or "event Transfer(address indexed from, address indexed to, uint256 value)"',
    )
    .addHelpText(
      'after',
      examples([
        ['the ERC-20 (and ERC-721) Transfer signature', "svc event-signature 'Transfer(address,address,uint256)'"],
        [
          'a declaration copied from Solidity',
          "svc event-signature 'event Approval(address indexed owner, address indexed spender, uint256 value)'",
        ],
        ['canonical forms too', "svc event-signature 'Transfer(address,address,uint)' --json | jq -r '.[].canonical'"],
      ]),
    )
    .addOption(jqOption())
    .action(action(({ args: [declarations] }, context) => run(declarations, context)));
}

export async function run(declarations: string[], context: CommandContext): Promise<void> {
  const { eventSignature, DeclarationError } = await import('../evm/event-signature.js');
  const signatures = declarations.map((declaration) => {
    try {
      return eventSignature(declaration);
    } catch (error) {
      if (error instanceof DeclarationError) throw new UsageError(`declaration ${JSON.stringify(declaration)}: ${error.message}`);
      throw error;
    }
  });
  if (context.globals.json) await context.io.write(JSON.stringify(signatures) + '\n');
  else await context.io.write(signatures.map((entry) => entry.signature + '\n').join(''));
}
