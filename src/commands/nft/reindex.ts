// `svc nft reindex <collection> <token-id> --chain-id <chain>`: reindexNft, asking the service to read a token's
// metadata again. A write the service takes once an hour per token: sent at most once, retried only where the service
// surely did not act.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import { InterruptedError, SvcError } from '../../errors.js';
import type { Action, FlagsOf } from '../shared/action.js';
import { chainAddressOrDefault, chainIdOption, parseChainAddress, parseTokenId } from '../shared/evm-input.js';
import type { GivenChainAddress } from '../shared/evm-input.js';
import { examples } from '../shared/help-text.js';
import { jqOption } from '../shared/jq-option.js';
import { spinning } from '../shared/spinning.js';
import { EXAMPLE_COLLECTION, FIRST_TOKEN } from './list.js';

export interface NftReindexOptions {
  /** The address, and --chain-id's id: undefined for the default chain, resolved when the command runs. */
  where: GivenChainAddress;
  tokenId: string;
}

function declareCommand(nft: Command) {
  return nft
    .command('reindex')
    .description("Ask the service to read an NFT's metadata again from its token URI (once an hour per token)")
    .argument('<collection>', "the collection's contract address, 0x + 40 hex")
    .argument('<token-id>', 'the token id, a decimal integer')
    .addOption(chainIdOption())
    .addOption(jqOption());
}

export type NftReindexFlags = FlagsOf<ReturnType<typeof declareCommand>>;

export function register(nft: Command, action: Action): void {
  declareCommand(nft)
    .addHelpText(
      'after',
      examples([
        [
          "the collection's first token changed its metadata: have it read again",
          `svc nft reindex ${EXAMPLE_COLLECTION} "$(${FIRST_TOKEN})" --chain-id fuji`,
        ],
      ]) + '\nThe service takes one reindexing an hour per token; see the result with svc nft get.\n',
    )
    .action(
      action(async ({ args: [collection, tokenId], flags }, context) =>
        run(await parseNftReindexOptions(collection, tokenId, flags), context),
      ),
    );
}

export async function parseNftReindexOptions(collection: string, tokenId: string, flags: NftReindexFlags): Promise<NftReindexOptions> {
  return {
    where: await parseChainAddress(flags.chainId, 'collection', collection),
    tokenId: parseTokenId(tokenId),
  };
}

export async function run(options: NftReindexOptions, context: CommandContext): Promise<void> {
  const { tokenId } = options;
  const where = await chainAddressOrDefault(options.where, context);
  // A write: the service takes it only with a key (the reads answer without one).
  const client = await context.client({ needsKey: true });
  const check = `svc nft get ${where.address} ${tokenId} --chain-id ${where.chainId}`;
  let answer: Awaited<ReturnType<typeof client.reindexNft>>;
  try {
    answer = await spinning(context, 'Asking for reindexing', () => client.reindexNft(where, tokenId));
  } catch (error) {
    if (error instanceof InterruptedError) {
      error.hint = `interrupted while the request was under way: the reindexing may have been asked for; see the token's metadata with: ${check}`;
    } else if (error instanceof SvcError && error.outcomeUnknown) {
      error.hint = `${error.hint ?? 'the reindexing may have been asked for'}; see the token's metadata with: ${check}`;
    }
    throw error;
  }
  const { printAcceptedChange } = await import('../shared/webhook-output.js');
  const change = {
    done: `reindexing of token ${tokenId} was asked for`,
    headline: `Asked for token ${tokenId} of ${where.address} on chain ${where.chainId} to be reindexed; see it with: ${check}`,
    notAgain: 'do not ask again within the hour: the service takes one reindexing an hour per token',
  };
  await printAcceptedChange(change, context, async () => {
    // Nothing in the answer is relied on (the operator's is 201 with no body): --json prints what there is, as returned.
    if (context.globals.json && answer.body.length > 0) {
      const { asReturned } = await import('../../render/json.js');
      await context.io.write(asReturned(answer.body));
    }
  });
}
