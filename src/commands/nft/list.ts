// `svc nft list <collection> --chain-id <chain>`: listTokens, the tokens of one collection, one page or many, each
// printed once.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import type { NftPage, ShownNft } from '../../schema/nfts.js';
import type { Action, FlagsOf } from '../shared/action.js';
import { chainAddressOrDefault, chainIdOption, parseChainAddress } from '../shared/evm-input.js';
import type { GivenChainAddress } from '../shared/evm-input.js';
import { examples } from '../shared/help-text.js';
import { jqOption } from '../shared/jq-option.js';
import { addPagingOptions, parsePaging } from '../shared/paging.js';
import type { PagingOptions } from '../shared/paging.js';

export interface NftListOptions {
  /** The address, and --chain-id's id: undefined for the default chain, resolved when the command runs. */
  where: GivenChainAddress;
  paging: PagingOptions;
}

/** A collection the examples show: the emulator's ERC-721 collection on Fuji, whatever its seed. */
export const EXAMPLE_COLLECTION = '0x9047787E3e4F025b967e064a9e9603cFB414024c';

/** The command line the examples find a token of it with (its ids are the emulator's seed's). */
export const FIRST_TOKEN = `svc nft list ${EXAMPLE_COLLECTION} --chain-id fuji --page-size 1 --json | jq -r '.tokens[0].tokenId'`;

function declareCommand(nft: Command) {
  const command = nft
    .command('list')
    .description('List the tokens of an NFT collection (ERC-721 or ERC-1155): id, name, owner, metadata status')
    .argument('<collection>', "the collection's contract address, 0x + 40 hex")
    .addOption(chainIdOption());
  return addPagingOptions(command, 'tokens').addOption(jqOption());
}

export type NftListFlags = FlagsOf<ReturnType<typeof declareCommand>>;

export function register(nft: Command, action: Action): void {
  declareCommand(nft)
    .addHelpText(
      'after',
      examples([
        ['the first tokens of a collection on Fuji', `svc nft list ${EXAMPLE_COLLECTION} --chain-id fuji`],
        ['every token id, every page', `svc nft list ${EXAMPLE_COLLECTION} --chain-id 43113 --all --json | jq -r '.tokens[].tokenId'`],
      ]),
    )
    .action(action(async ({ args: [collection], flags }, context) => run(await parseNftListOptions(collection, flags), context)));
}

export async function parseNftListOptions(collection: string, flags: NftListFlags): Promise<NftListOptions> {
  return {
    where: await parseChainAddress(flags.chainId, 'collection', collection),
    paging: parsePaging(flags),
  };
}

export async function run(options: NftListOptions, context: CommandContext): Promise<void> {
  const [{ printListing }, { printedOnce, nextPageFooter }, { nftTable, nftTsv }] = await Promise.all([
    import('../shared/listing.js'),
    import('../shared/chain-listing.js'),
    import('../../render/nfts.js'),
  ]);
  const client = await context.client({ needsKey: false });
  const { paging } = options;
  const where = await chainAddressOrDefault(options.where, context);
  await printListing<ShownNft, NftPage>(context, {
    paging,
    noun: 'tokens',
    listField: 'tokens',
    fetch: (request) => client.listTokens(where, request),
    items: (body) => body.tokens,
    nextPageToken: (body) => body.nextPageToken,
    isNew: printedOnce((token: ShownNft) => (token.tokenId === undefined ? undefined : String(token.tokenId))),
    tsv: nftTsv,
    table: nftTable,
    footer: (body) => nextPageFooter(['nft', 'list', where.address, `--chain-id ${where.chainId}`], paging, body.nextPageToken),
  });
}
