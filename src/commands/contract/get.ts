// `svc contract get <address> --chain-id <chain>`: getContractMetadata; at a terminal, the deployment it names too
// (getDeploymentTransaction) as a section; piped its row, and --json the contract as returned.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import { ApiError } from '../../errors.js';
import type { Action, FlagsOf } from '../shared/action.js';
import { chainAddressOrDefault, chainIdOption, parseChainAddress } from '../shared/evm-input.js';
import type { GivenChainAddress } from '../shared/evm-input.js';
import { examples } from '../shared/help-text.js';
import { jqOption } from '../shared/jq-option.js';
import { spinning } from '../shared/spinning.js';

export interface ContractGetOptions {
  /** The address, and --chain-id's id: undefined for the default chain, resolved when the command runs. */
  where: GivenChainAddress;
}

/** A token contract the examples show: the emulator's chains carry it from genesis, as the real Fuji does. */
export const EXAMPLE_CONTRACT = '0x5425890298aed601595a70AB815c96711a31Bc65';

function declareCommand(contract: Command) {
  return contract
    .command('get')
    .description('Show one contract: its type (ERC-20, ERC-721, ERC-1155), name, symbol, decimals, and its deployment')
    .argument('<address>', "the contract's address, 0x + 40 hex")
    .addOption(chainIdOption())
    .addOption(jqOption());
}

export type ContractGetFlags = FlagsOf<ReturnType<typeof declareCommand>>;

export function register(contract: Command, action: Action): void {
  declareCommand(contract)
    .addHelpText(
      'after',
      examples([
        ['a token contract on Fuji, with the transaction that deployed it', `svc contract get ${EXAMPLE_CONTRACT} --chain-id fuji`],
        ['its decimals, for a script', `svc contract get ${EXAMPLE_CONTRACT} --chain-id 43113 --json | jq -r .decimals`],
      ]) + '\nWith --json, the contract as the service returned it (its deploymentDetails name the transaction).\n',
    )
    .action(action(async ({ args: [address], flags }, context) => run(await parseContractGetOptions(address, flags), context)));
}

export async function parseContractGetOptions(address: string, flags: ContractGetFlags): Promise<ContractGetOptions> {
  return { where: await parseChainAddress(flags.chainId, 'address', address) };
}

export async function run(options: ContractGetOptions, context: CommandContext): Promise<void> {
  const { io, globals } = context;
  const where = await chainAddressOrDefault(options.where, context);
  const client = await context.client({ needsKey: false });
  if (globals.json || !io.isStdoutTTY) {
    // One request: the contract as returned, or its row, whose deployer and deployment tx its deploymentDetails give.
    const fetched = await spinning(context, 'Fetching contract', () => client.getContractMetadata(where));
    if (globals.json) {
      const { asReturned } = await import('../../render/json.js');
      await io.write(asReturned(fetched.raw));
    } else {
      const { contractTsv } = await import('../../render/contracts.js');
      await io.write(contractTsv(fetched.data));
    }
    return;
  }
  // At a terminal, the deployment as a section: asked for only when the contract names one (a contract made at genesis
  // has none). A 404 there leaves what the contract says of it: its transaction hash and deployer.
  const [contract, deployment] = await spinning(context, 'Fetching contract', async () => {
    const metadata = await client.getContractMetadata(where);
    if (!metadata.data.deploymentDetails?.txHash) return [metadata, undefined] as const;
    const transaction = await client.getDeploymentTransaction(where).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return undefined;
      throw error;
    });
    return [metadata, transaction] as const;
  });
  const { contractDetails } = await import('../../render/contracts.js');
  await io.write(await contractDetails(contract.data, deployment?.data, { width: io.columns, color: io.colorEnabled }));
}
