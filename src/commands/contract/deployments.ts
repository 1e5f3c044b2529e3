// `svc contract deployments <deployer> --chain-id <chain>`: listContractDeployments, the contracts an address
// deployed, one page or many, each printed once.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import type { ContractPage, ShownContract } from '../../schema/contracts.js';
import type { Action, FlagsOf } from '../shared/action.js';
import { chainAddressOrDefault, chainIdOption, parseChainAddress } from '../shared/evm-input.js';
import type { GivenChainAddress } from '../shared/evm-input.js';
import { examples } from '../shared/help-text.js';
import { jqOption } from '../shared/jq-option.js';
import { addPagingOptions, parsePaging } from '../shared/paging.js';
import type { PagingOptions } from '../shared/paging.js';

export interface ContractDeploymentsOptions {
  /** The address, and --chain-id's id: undefined for the default chain, resolved when the command runs. */
  where: GivenChainAddress;
  paging: PagingOptions;
}

const EXAMPLE_DEPLOYER = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';

function declareCommand(contract: Command) {
  const command = contract
    .command('deployments')
    .description('List the contracts an address deployed on a chain')
    .argument('<deployer>', 'the address that deployed them, 0x + 40 hex')
    .addOption(chainIdOption());
  return addPagingOptions(command, 'contracts').addOption(jqOption());
}

export type ContractDeploymentsFlags = FlagsOf<ReturnType<typeof declareCommand>>;

export function register(contract: Command, action: Action): void {
  declareCommand(contract)
    .addHelpText(
      'after',
      examples([
        ['the contracts an address deployed on Fuji', `svc contract deployments ${EXAMPLE_DEPLOYER} --chain-id fuji`],
        [
          'their addresses, every page',
          `svc contract deployments ${EXAMPLE_DEPLOYER} --chain-id 43113 --all --json | jq -r '.contracts[].address'`,
        ],
      ]),
    )
    .action(action(async ({ args: [deployer], flags }, context) => run(await parseContractDeploymentsOptions(deployer, flags), context)));
}

export async function parseContractDeploymentsOptions(
  deployer: string,
  flags: ContractDeploymentsFlags,
): Promise<ContractDeploymentsOptions> {
  return {
    where: await parseChainAddress(flags.chainId, 'deployer', deployer),
    paging: parsePaging(flags),
  };
}

export async function run(options: ContractDeploymentsOptions, context: CommandContext): Promise<void> {
  const [{ printListing }, { printedOnce, nextPageFooter }, { contractTable, contractTsv }] = await Promise.all([
    import('../shared/listing.js'),
    import('../shared/chain-listing.js'),
    import('../../render/contracts.js'),
  ]);
  const client = await context.client({ needsKey: false });
  const { paging } = options;
  const where = await chainAddressOrDefault(options.where, context);
  await printListing<ShownContract, ContractPage>(context, {
    paging,
    noun: 'contracts',
    listField: 'contracts',
    fetch: (request) => client.listContractDeployments(where, request),
    items: (body) => body.contracts,
    nextPageToken: (body) => body.nextPageToken,
    isNew: printedOnce((contract: ShownContract) => contract.address?.toLowerCase()),
    tsv: contractTsv,
    table: contractTable,
    footer: (body) => nextPageFooter(['contract', 'deployments', where.address, `--chain-id ${where.chainId}`], paging, body.nextPageToken),
  });
}
