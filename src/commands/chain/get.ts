// `svc chain get <chain>`: GET /v1/chains/{chainId}, one chain by its id, its blockchain id or the name svc knows it by.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import { OfferedValuesArgument } from '../../completion/offered-values.js';
import { parseChainArgument } from '../../options.js';
import { CHAIN_VALUES } from '../../schema/chain-names.js';
import type { Action } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import { spinning } from '../shared/spinning.js';
import { jqOption } from '../shared/jq-option.js';

export interface ChainGetOptions {
  /** The chain id (a name given is its id already) or blockchain id to ask for. */
  chainId: string;
}

export function register(chain: Command, action: Action): void {
  chain
    .command('get')
    .description('Show one chain: its name, network, status, native token, RPC URL and features')
    .addArgument(
      new OfferedValuesArgument('<chain>', 'a chain id (43113), a blockchain id, or the name svc knows it by (fuji)', CHAIN_VALUES),
    )
    .addHelpText(
      'after',
      examples([
        ['the Fuji C-Chain, by name', 'svc chain get fuji'],
        ['the same, by id', 'svc chain get 43113'],
        ['its native token', "svc chain get c-chain --json | jq -r '.networkToken.symbol'"],
      ]),
    )
    .addOption(jqOption())
    .action(action(({ args: [chain] }, context) => run(parseChainGetOptions(chain), context)));
}

export function parseChainGetOptions(chain: string): ChainGetOptions {
  return { chainId: parseChainArgument(chain) };
}

export async function run(options: ChainGetOptions, context: CommandContext): Promise<void> {
  const { io, globals } = context;
  const client = await context.client({ needsKey: false });
  const fetched = await spinning(context, 'Fetching chain', () => client.getChain(options.chainId));
  if (globals.json) {
    const { asReturned } = await import('../../render/json.js');
    await io.write(asReturned(fetched.raw));
    return;
  }
  const { chainDetails, chainTsv } = await import('../../render/chains.js');
  await io.write(io.isStdoutTTY ? await chainDetails(fetched.data, { width: io.columns, color: io.colorEnabled }) : chainTsv(fetched.data));
}
