// `svc tx get <hash>`: GET /v1/chains/{chainId}/transactions/{txHash} (getTransaction), one transaction with its
// ERC-20/721/1155 transfers and internal transactions.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import { parseChainId } from '../../options.js';
import type { Action, FlagsOf } from '../shared/action.js';
import { chainIdOption, chainIdOrDefault, parseTxHash } from '../shared/evm-input.js';
import { examples } from '../shared/help-text.js';
import { jqOption } from '../shared/jq-option.js';
import { spinning } from '../shared/spinning.js';

export interface TxGetOptions {
  txHash: string;
  /** --chain-id as its id; undefined: the profile's default, else a usage error (chainIdOrDefault). */
  chainId?: string;
}

function declareCommand(tx: Command) {
  return tx
    .command('get')
    .description(
      'Show one transaction: who sent what to whom, its fee and status, then the token transfers and internal transactions in it',
    )
    .argument('<hash>', 'the transaction hash: 0x and 64 hex digits')
    .addOption(chainIdOption())
    .addOption(jqOption());
}

export type TxGetFlags = FlagsOf<ReturnType<typeof declareCommand>>;

export function register(tx: Command, action: Action): void {
  declareCommand(tx)
    .addHelpText(
      'after',
      examples([
        [
          'the latest transaction on Fuji, in full',
          `svc tx get "$(svc tx list --chain-id fuji --page-size 1 --jq '.transactions[0].txHash')" --chain-id fuji`,
        ],
        [
          'the ERC-20 transfers of a transaction, piped: one row each, its kind first',
          `svc tx get "$(svc tx list --chain-id fuji --page-size 1 --jq '.transactions[0].txHash')" --chain-id fuji | awk -F'\\t' '$1 == "erc20"'`,
        ],
        [
          'who received the tokens, as JSON',
          `svc tx get "$(svc tx list --chain-id fuji --page-size 1 --jq '.transactions[0].txHash')" --chain-id fuji --jq '.erc20Transfers[].to.address'`,
        ],
      ]),
    )
    .action(action(({ args: [hash], flags }, context) => run(parseTxGetOptions(hash, flags), context)));
}

export function parseTxGetOptions(hash: string, flags: TxGetFlags): TxGetOptions {
  return {
    txHash: parseTxHash('tx hash', hash),
    chainId: flags.chainId === undefined ? undefined : parseChainId(flags.chainId),
  };
}

export async function run(options: TxGetOptions, context: CommandContext): Promise<void> {
  const { io, globals } = context;
  const chainId = await chainIdOrDefault(options.chainId, context);
  const client = await context.client({ needsKey: false });
  const fetched = await spinning(context, 'Fetching transaction', () => client.getEvmTransaction(chainId, options.txHash));
  if (globals.json) {
    const { asReturned } = await import('../../render/json.js');
    await io.write(asReturned(fetched.raw));
    return;
  }
  const { transactionDetails, transactionDetailTsv } = await import('../../render/evm-transactions.js');
  await io.write(
    io.isStdoutTTY
      ? await transactionDetails(fetched.data, { width: io.columns, color: io.colorEnabled })
      : transactionDetailTsv(fetched.data),
  );
}
