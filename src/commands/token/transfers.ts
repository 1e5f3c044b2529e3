// `svc token transfers <contract>`: GET /v1/chains/{chainId}/tokens/{address}/transfers (listTransfers), an ERC-20,
// ERC-721 or ERC-1155 contract's transfers, newest first, one page or many.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import { UsageError } from '../../errors.js';
import { parseChainId } from '../../options.js';
import type { ShownTransfer, TokenTransferPage } from '../../schema/evm-transactions.js';
import type { Action, FlagsOf } from '../shared/action.js';
import { checkAddress, chainIdOption, chainIdOrDefault, parseAddress, parseBlockNumber } from '../shared/evm-input.js';
import { examples, shellQuote } from '../shared/help-text.js';
import { printedOnce, transferKey } from '../shared/chain-listing.js';
import { jqOption } from '../shared/jq-option.js';
import { addPagingOptions, parsePaging } from '../shared/paging.js';
import type { PagingOptions } from '../shared/paging.js';

export interface TokenTransfersOptions {
  contract: string;
  /** --chain-id as its id; undefined: the profile's default, else a usage error. */
  chainId?: string;
  startBlock?: number;
  endBlock?: number;
  paging: PagingOptions;
}

function declareCommand(token: Command) {
  const command = token
    .command('transfers')
    .description("List a token contract's transfers (ERC-20, ERC-721 or ERC-1155), newest first")
    .argument('<contract>', "the token's contract address: 0x and 40 hex digits (mixed case must be its EIP-55 checksum)")
    .addOption(chainIdOption())
    .option('--start-block <n>', 'from this block on (inclusive)')
    .option('--end-block <n>', 'up to this block (exclusive)');
  return addPagingOptions(command, 'transfers').addOption(jqOption());
}

export type TokenTransfersFlags = FlagsOf<ReturnType<typeof declareCommand>>;

const EXAMPLE_TOKEN = '0x5425890298aed601595a70AB815c96711a31Bc65';

export function register(token: Command, action: Action): void {
  declareCommand(token)
    .addHelpText(
      'after',
      examples([
        ['the 10 latest transfers of a token on Fuji', `svc token transfers ${EXAMPLE_TOKEN} --chain-id fuji`],
        [
          'every transfer from block 100 on, as JSON, one page per line',
          `svc token transfers ${EXAMPLE_TOKEN} --chain-id fuji --start-block 100 --all --json`,
        ],
        ['who received it lately', `svc token transfers ${EXAMPLE_TOKEN} --chain-id fuji --limit 50 | cut -f5 | sort -u`],
      ]),
    )
    .action(action(({ args: [contract], flags }, context) => run(parseTokenTransfersOptions(contract, flags), context)));
}

export function parseTokenTransfersOptions(contract: string, flags: TokenTransfersFlags): TokenTransfersOptions {
  const startBlock = flags.startBlock === undefined ? undefined : parseBlockNumber('--start-block', flags.startBlock);
  const endBlock = flags.endBlock === undefined ? undefined : parseBlockNumber('--end-block', flags.endBlock);
  if (startBlock !== undefined && endBlock !== undefined && startBlock >= endBlock) {
    throw new UsageError(
      `--start-block ${startBlock} and --end-block ${endBlock}: the start must be below the end (the end block is not included)`,
    );
  }
  return {
    contract: parseAddress('contract', contract),
    chainId: flags.chainId === undefined ? undefined : parseChainId(flags.chainId),
    startBlock,
    endBlock,
    paging: parsePaging(flags),
  };
}

export async function run(options: TokenTransfersOptions, context: CommandContext): Promise<void> {
  const chainId = await chainIdOrDefault(options.chainId, context);
  await checkAddress('contract', options.contract);
  const [{ printListing }, { transferTable, transferTsv }] = await Promise.all([
    import('../shared/listing.js'),
    import('../../render/evm-transactions.js'),
  ]);
  const client = await context.client({ needsKey: false });
  await printListing<ShownTransfer, TokenTransferPage>(context, {
    paging: options.paging,
    noun: 'transfers',
    listField: 'transfers',
    fetch: (request) =>
      client.listTokenTransfers(chainId, options.contract, { ...request, startBlock: options.startBlock, endBlock: options.endBlock }),
    items: (body) => body.transfers,
    nextPageToken: (body) => body.nextPageToken,
    isNew: printedOnce(transferKey),
    tsv: transferTsv,
    table: transferTable,
    footer: (body) => {
      if (options.paging.followPages || typeof body.nextPageToken !== 'string' || body.nextPageToken === '') return undefined;
      const flags = [
        `--chain-id ${chainId}`,
        options.startBlock !== undefined && `--start-block ${options.startBlock}`,
        options.endBlock !== undefined && `--end-block ${options.endBlock}`,
        options.paging.pageSize && `--page-size ${options.paging.pageSize}`,
        `--page-token ${shellQuote(body.nextPageToken)}`,
      ].filter(Boolean);
      return `\nNext page: svc token transfers ${options.contract} ${flags.join(' ')}\n`;
    },
  });
}
