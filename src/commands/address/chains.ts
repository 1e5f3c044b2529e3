// `svc address chains <address>`: GET /v1/address/{address}/chains (listAddressChains), the chains where the address
// sent or received a transaction or a token transfer.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import type { Action } from '../shared/action.js';
import { checkAddress, parseAddress } from '../shared/evm-input.js';
import { examples } from '../shared/help-text.js';
import { jqOption } from '../shared/jq-option.js';
import { spinning } from '../shared/spinning.js';

export interface AddressChainsOptions {
  address: string;
}

export function register(address: Command, action: Action): void {
  address
    .command('chains')
    .description('List the chains where an address sent or received a transaction or a token transfer')
    .argument('<address>', 'the address: 0x and 40 hex digits (mixed case must be its EIP-55 checksum)')
    .addOption(jqOption())
    .addHelpText(
      'after',
      examples([
        ['where an address has been active', 'svc address chains 0x71C7656EC7ab88b098defB751B7401B5f6d8976F'],
        [
          'the ids of those chains, for scripts',
          "svc address chains 0x71C7656EC7ab88b098defB751B7401B5f6d8976F --jq '.indexedChains[].chainId'",
        ],
      ]),
    )
    .action(action(({ args: [given] }, context) => run(parseAddressChainsOptions(given), context)));
}

export function parseAddressChainsOptions(address: string): AddressChainsOptions {
  return { address: parseAddress('address', address) };
}

export async function run(options: AddressChainsOptions, context: CommandContext): Promise<void> {
  const { io, globals } = context;
  await checkAddress('address', options.address);
  const client = await context.client({ needsKey: false });
  const fetched = await spinning(context, 'Fetching chains', () => client.listAddressChains(options.address));
  if (globals.json) {
    const { asReturned } = await import('../../render/json.js');
    await io.write(asReturned(fetched.raw));
    return;
  }
  const { addressChainCount, addressChainsTable, addressChainsTsv } = await import('../../render/address-chains.js');
  if (!io.isStdoutTTY) {
    await io.write(addressChainsTsv(fetched.data));
    return;
  }
  if (addressChainCount(fetched.data) === 0) {
    io.warn('No chains found: the address has not sent or received anything the service knows of.');
    return;
  }
  await io.write(await addressChainsTable(fetched.data, { width: io.columns, color: io.colorEnabled }));
}
