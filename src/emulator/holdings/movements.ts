// What a transaction moves (native value, gas, token transfers), read once from its fields: what the holdings apply
// and what the kept summary of blocks gone from the window adds up (chain/carried.ts).
import type { StoredTx } from '../chain-data.js';

/** Native value internal calls of these types cannot carry. */
const VALUELESS_CALLS = new Set(['DELEGATECALL', 'STATICCALL']);

/** A movement a transaction makes; addresses lower-case. */
export interface Movements {
  native: { from: string; to: string; value: bigint; field: string }[];
  gas: bigint;
  payer: string;
  erc20: { token: string; from: string; to: string; value: bigint; field: string }[];
  erc721: { collection: string; tokenId: bigint; from: string; to: string; transfer: string; field: string }[];
  erc1155: { collection: string; tokenId: bigint; from: string; to: string; value: bigint; field: string }[];
}

/** What a transaction moves: gas always; its value, internal calls' values and token transfers only when it succeeded. */
export function movements(tx: StoredTx): Movements {
  const { item, detail } = tx;
  const payer = item.from.address.toLowerCase();
  const moves: Movements = { native: [], gas: BigInt(item.gasUsed) * BigInt(item.gasPrice), payer, erc20: [], erc721: [], erc1155: [] };
  if (item.txStatus !== '1') return moves;
  moves.native.push({ from: payer, to: item.to.address.toLowerCase(), value: BigInt(item.value), field: 'value' });
  detail.internalTransactions.forEach((call, index) => {
    const value = BigInt(call.value);
    if (value === 0n || VALUELESS_CALLS.has(call.internalTxType)) return;
    moves.native.push({ from: call.from.toLowerCase(), to: call.to.toLowerCase(), value, field: `internalTransactions[${index}]` });
  });
  detail.erc20Transfers.forEach((transfer, index) => {
    moves.erc20.push({
      token: transfer.erc20Token.address.toLowerCase(),
      from: transfer.from.toLowerCase(),
      to: transfer.to.toLowerCase(),
      value: BigInt(transfer.value),
      field: `erc20Transfers[${index}]`,
    });
  });
  detail.erc721Transfers.forEach((transfer, index) => {
    if (transfer.type !== 'ERC721') return;
    moves.erc721.push({
      collection: transfer.erc721Token.address.toLowerCase(),
      tokenId: BigInt(transfer.tokenId),
      from: transfer.from.toLowerCase(),
      to: transfer.to.toLowerCase(),
      transfer: `${transfer.transactionHash} ${transfer.logIndex}`,
      field: `erc721Transfers[${index}]`,
    });
  });
  detail.erc1155Transfers.forEach((transfer, index) => {
    if (transfer.type !== 'ERC1155') return;
    moves.erc1155.push({
      collection: transfer.erc1155Token.address.toLowerCase(),
      tokenId: BigInt(transfer.tokenId),
      from: transfer.from.toLowerCase(),
      to: transfer.to.toLowerCase(),
      value: BigInt(transfer.value),
      field: `erc1155Transfers[${index}]`,
    });
  });
  return moves;
}
