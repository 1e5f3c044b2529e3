// `svc block get <number|hash>`: GET /v1/chains/{chainId}/blocks/{blockId} (getBlock), one block by number or hash.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import { parseChainId } from '../../options.js';
import type { Action, FlagsOf } from '../shared/action.js';
import { chainIdOption, chainIdOrDefault, parseBlockId } from '../shared/evm-input.js';
import { examples } from '../shared/help-text.js';
import { jqOption } from '../shared/jq-option.js';
import { spinning } from '../shared/spinning.js';

export interface BlockGetOptions {
  /** A block number or a block hash. */
  blockId: string;
  /** --chain-id as its id; undefined: the profile's default, else a usage error. */
  chainId?: string;
}

function declareCommand(block: Command) {
  return block
    .command('get')
    .description('Show one block: its hash, time, transaction count, gas and fees')
    .argument('<block>', 'the block number (decimal) or the block hash (0x and 64 hex digits)')
    .addOption(chainIdOption())
    .addOption(jqOption());
}

export type BlockGetFlags = FlagsOf<ReturnType<typeof declareCommand>>;

export function register(block: Command, action: Action): void {
  declareCommand(block)
    .addHelpText(
      'after',
      examples([
        [
          "the Fuji C-Chain's latest block, by its number",
          `svc block get "$(svc block list --chain-id fuji --page-size 1 --jq '.blocks[0].blockNumber')" --chain-id fuji`,
        ],
        [
          'the same block by its hash',
          `svc block get "$(svc block list --chain-id fuji --page-size 1 --jq '.blocks[0].blockHash')" --chain-id fuji`,
        ],
        [
          'its transaction count, for scripts',
          `svc block get "$(svc block list --chain-id fuji --page-size 1 --jq '.blocks[0].blockNumber')" --chain-id fuji --jq '.txCount'`,
        ],
      ]),
    )
    .action(action(({ args: [blockId], flags }, context) => run(parseBlockGetOptions(blockId, flags), context)));
}

export function parseBlockGetOptions(blockId: string, flags: BlockGetFlags): BlockGetOptions {
  return {
    blockId: parseBlockId('block', blockId),
    chainId: flags.chainId === undefined ? undefined : parseChainId(flags.chainId),
  };
}

export async function run(options: BlockGetOptions, context: CommandContext): Promise<void> {
  const { io, globals } = context;
  const chainId = await chainIdOrDefault(options.chainId, context);
  const client = await context.client({ needsKey: false });
  const fetched = await spinning(context, 'Fetching block', () => client.getBlock(chainId, options.blockId));
  if (globals.json) {
    const { asReturned } = await import('../../render/json.js');
    await io.write(asReturned(fetched.raw));
    return;
  }
  const { blockDetails, blockTsv } = await import('../../render/blocks.js');
  await io.write(io.isStdoutTTY ? await blockDetails(fetched.data, { width: io.columns, color: io.colorEnabled }) : blockTsv(fetched.data));
}
