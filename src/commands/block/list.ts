// `svc block list`: the latest blocks of every chain (listLatestBlocksAllChains, --network narrowing it) or of one
// (getLatestBlocks), newest first, one page or many.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import { UsageError } from '../../errors.js';
import { parseChainId, parseChoice } from '../../options.js';
import { NETWORKS } from '../../schema/rules.js';
import type { Network } from '../../schema/rules.js';
import type { BlockPage, ShownBlock } from '../../schema/blocks.js';
import { OfferedValuesOption } from '../../completion/offered-values.js';
import type { Action, FlagsOf } from '../shared/action.js';
import { chainIdOption } from '../shared/evm-input.js';
import { examples, shellQuote } from '../shared/help-text.js';
import { jqOption } from '../shared/jq-option.js';
import { addPagingOptions, parsePaging } from '../shared/paging.js';
import type { PagingOptions } from '../shared/paging.js';

export interface BlockListOptions {
  /** One chain's blocks; undefined: every chain's (a profile's default chain does not narrow them, as for tx list). */
  chainId?: string;
  network?: Network;
  paging: PagingOptions;
}

function declareCommand(block: Command) {
  const command = block
    .command('list')
    .description("List the latest blocks, newest first: of every chain, of a network's chains, or of one chain")
    .addOption(chainIdOption('only this chain: an id (43113) or a name (fuji); default: every chain'))
    .addOption(
      new OfferedValuesOption(
        '--network <network>',
        `every chain of this network: ${NETWORKS.join(', ')} (fuji and testnet are the same: the whole test network; default: every chain)`,
        NETWORKS,
      ),
    );
  return addPagingOptions(command, 'blocks').addOption(jqOption());
}

export type BlockListFlags = FlagsOf<ReturnType<typeof declareCommand>>;

export function register(block: Command, action: Action): void {
  declareCommand(block)
    .addHelpText(
      'after',
      examples([
        ['the 10 latest blocks of every chain', 'svc block list'],
        ['the latest blocks of the Fuji C-Chain', 'svc block list --chain-id fuji'],
        ['the number of the latest block on Fuji', "svc block list --chain-id fuji --page-size 1 --jq '.blocks[0].blockNumber'"],
        ['200 blocks of the test network as JSON, one page per line', 'svc block list --network fuji --limit 200 --json'],
      ]),
    )
    .action(action(({ flags }, context) => run(parseBlockListOptions(flags), context)));
}

export function parseBlockListOptions(flags: BlockListFlags): BlockListOptions {
  if (flags.chainId !== undefined && flags.network !== undefined) {
    throw new UsageError('--chain-id and --network: use one or the other (--network lists every chain of a network; --chain-id one chain)');
  }
  return {
    chainId: flags.chainId === undefined ? undefined : parseChainId(flags.chainId),
    network: flags.network === undefined ? undefined : parseChoice('--network', flags.network, NETWORKS),
    paging: parsePaging(flags),
  };
}

export async function run(options: BlockListOptions, context: CommandContext): Promise<void> {
  const [{ printListing }, { blockTable, blockTsv }] = await Promise.all([
    import('../shared/listing.js'),
    import('../../render/blocks.js'),
  ]);
  const client = await context.client({ needsKey: false });
  // A block once per run, by its chain and number: the newest-first listing shifts while blocks are made.
  const printed = new Set<string>();
  await printListing<ShownBlock, BlockPage>(context, {
    paging: options.paging,
    noun: 'blocks',
    listField: 'blocks',
    fetch: (request) => client.listLatestBlocks(options.chainId, { ...request, network: options.network }),
    items: (body) => body.blocks,
    nextPageToken: (body) => body.nextPageToken,
    isNew: (block) => {
      if (block.chainId === undefined || block.blockNumber === undefined) return true;
      const key = `${block.chainId}:${block.blockNumber}`;
      if (printed.has(key)) return false;
      printed.add(key);
      return true;
    },
    tsv: blockTsv,
    table: blockTable,
    footer: (body) => {
      if (options.paging.followPages || typeof body.nextPageToken !== 'string' || body.nextPageToken === '') return undefined;
      const flags = [
        options.chainId && `--chain-id ${options.chainId}`,
        options.network && `--network ${options.network}`,
        options.paging.pageSize && `--page-size ${options.paging.pageSize}`,
        `--page-token ${shellQuote(body.nextPageToken)}`,
      ].filter(Boolean);
      return `\nNext page: svc block list ${flags.join(' ')}\n`;
    },
  });
}
