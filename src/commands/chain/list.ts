// `svc chain list`: GET /v1/chains, the EVM chains the service supports, each with the name every --chain-id takes.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import { parseChoice } from '../../options.js';
import { CHAIN_FEATURES, NETWORKS } from '../../schema/rules.js';
import type { ChainFeature, Network } from '../../schema/rules.js';
import type { ChainPage, ShownChain } from '../../schema/chains.js';
import { OfferedValuesOption } from '../../completion/offered-values.js';
import type { Action, FlagsOf } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import { jqOption } from '../shared/jq-option.js';

export interface ChainListOptions {
  network?: Network;
  feature?: ChainFeature;
}

/** The command and its flags, declared once: ChainListFlags is read from here. */
function declareCommand(chain: Command) {
  return chain
    .command('list')
    .description('List the EVM chains the service supports: id, the name --chain-id takes, network, native token')
    .addOption(
      new OfferedValuesOption(
        '--network <network>',
        `only this network: ${NETWORKS.join(', ')} (fuji and testnet are the same; default: all)`,
        NETWORKS,
      ),
    )
    .addOption(
      new OfferedValuesOption('--feature <feature>', `only chains with this feature: ${CHAIN_FEATURES.join(', ')}`, CHAIN_FEATURES),
    )
    .addOption(jqOption());
}

export type ChainListFlags = FlagsOf<ReturnType<typeof declareCommand>>;

export function register(chain: Command, action: Action): void {
  declareCommand(chain)
    .addHelpText(
      'after',
      examples([
        ['every chain', 'svc chain list'],
        ['the chains where webhooks can watch addresses', 'svc chain list --feature webhooks'],
        ['the ids of the test network', "svc chain list --network fuji --json | jq -r '.chains[].chainId'"],
      ]),
    )
    .action(action(({ flags }, context) => run(parseChainListOptions(flags), context)));
}

export function parseChainListOptions(flags: ChainListFlags): ChainListOptions {
  return {
    network: flags.network === undefined ? undefined : parseChoice('--network', flags.network, NETWORKS),
    feature: flags.feature === undefined ? undefined : parseChoice('--feature', flags.feature, CHAIN_FEATURES),
  };
}

export async function run(options: ChainListOptions, context: CommandContext): Promise<void> {
  const [{ printListing }, { chainTable, chainTsv }] = await Promise.all([
    import('../shared/listing.js'),
    import('../../render/chains.js'),
  ]);
  const client = await context.client({ needsKey: false });
  // One answer, no pages: the operation takes no page token.
  await printListing<ShownChain, ChainPage>(context, {
    paging: { followPages: false },
    noun: 'chains',
    listField: 'chains',
    fetch: () => client.listChains(options),
    items: (body) => body.chains,
    nextPageToken: () => undefined,
    tsv: chainTsv,
    table: chainTable,
  });
}
