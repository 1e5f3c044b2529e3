// `svc nft get <collection> <token-id> --chain-id <chain>`: getTokenDetails, one token with what its metadata says.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import type { Action, FlagsOf } from '../shared/action.js';
import { chainAddressOrDefault, chainIdOption, parseChainAddress, parseTokenId } from '../shared/evm-input.js';
import type { GivenChainAddress } from '../shared/evm-input.js';
import { examples } from '../shared/help-text.js';
import { jqOption } from '../shared/jq-option.js';
import { spinning } from '../shared/spinning.js';
import { EXAMPLE_COLLECTION, FIRST_TOKEN } from './list.js';

export interface NftGetOptions {
  /** The address, and --chain-id's id: undefined for the default chain, resolved when the command runs. */
  where: GivenChainAddress;
  tokenId: string;
}

function declareCommand(nft: Command) {
  return nft
    .command('get')
    .description('Show one NFT: its collection, owner, token URI and the metadata read from it')
    .argument('<collection>', "the collection's contract address, 0x + 40 hex")
    .argument('<token-id>', 'the token id, a decimal integer')
    .addOption(chainIdOption())
    .addOption(jqOption());
}

export type NftGetFlags = FlagsOf<ReturnType<typeof declareCommand>>;

export function register(nft: Command, action: Action): void {
  declareCommand(nft)
    .addHelpText(
      'after',
      examples([
        [
          'the first token of a collection on Fuji, and what its metadata says',
          `svc nft get ${EXAMPLE_COLLECTION} "$(${FIRST_TOKEN})" --chain-id fuji`,
        ],
        [
          "the image of the collection's first token, for a script",
          `svc nft get ${EXAMPLE_COLLECTION} "$(${FIRST_TOKEN})" --chain-id 43113 --json | jq -r .metadata.imageUri`,
        ],
      ]),
    )
    .action(
      action(async ({ args: [collection, tokenId], flags }, context) => run(await parseNftGetOptions(collection, tokenId, flags), context)),
    );
}

export async function parseNftGetOptions(collection: string, tokenId: string, flags: NftGetFlags): Promise<NftGetOptions> {
  return {
    where: await parseChainAddress(flags.chainId, 'collection', collection),
    tokenId: parseTokenId(tokenId),
  };
}

export async function run(options: NftGetOptions, context: CommandContext): Promise<void> {
  const { io, globals } = context;
  const where = await chainAddressOrDefault(options.where, context);
  const client = await context.client({ needsKey: false });
  const fetched = await spinning(context, 'Fetching token', () => client.getTokenDetails(where, options.tokenId));
  if (globals.json) {
    const { asReturned } = await import('../../render/json.js');
    await io.write(asReturned(fetched.raw));
    return;
  }
  const { nftDetails, nftTsv } = await import('../../render/nfts.js');
  await io.write(io.isStdoutTTY ? await nftDetails(fetched.data, { width: io.columns, color: io.colorEnabled }) : nftTsv(fetched.data));
}
