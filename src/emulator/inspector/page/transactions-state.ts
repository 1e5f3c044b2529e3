// The Transactions view's state, apart from its rendering: the newest transactions as the last answer listed them,
// which of them arrived since the answer before (marked a moment), and what each holds, in words. Pure: no DOM.

import type { TransactionGlance } from '../../../schema/inspector.js';

export type { TransactionGlance };
/** A sender or recipient: a token's symbol or a contract's name where it has one. */
export type Party = TransactionGlance['from'];

export interface TransactionsState {
  readonly transactions: readonly TransactionGlance[];
  /** Keys (`chainId:txHash`) of the transactions that were not in the answer before; none on the first. */
  readonly arrived: ReadonlySet<string>;
  /** Whether the last answer changed what is shown (a new list to render). */
  readonly changed: boolean;
}

export const INITIAL_TRANSACTIONS: TransactionsState = { transactions: [], arrived: new Set(), changed: false };

export const transactionKey = (tx: Pick<TransactionGlance, 'chainId' | 'txHash'>) => `${tx.chainId}:${tx.txHash}`;

/** An answer of `GET /_inspector/transactions`. */
export function transactionsListed(state: TransactionsState, transactions: readonly TransactionGlance[]): TransactionsState {
  const before = state.transactions.map(transactionKey);
  const now = transactions.map(transactionKey);
  if (before.join() === now.join()) return { ...state, changed: false };
  const known = new Set(before);
  const arrived = before.length === 0 ? new Set<string>() : new Set(now.filter((key) => !known.has(key)));
  return { transactions, arrived, changed: true };
}

/** The kind of a part, for its colour, and its words. */
export type Kind = readonly [kind: string, words: string];

const countOf = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * The kinds a transaction holds, in words: how it was called, a token contract as its sender, its transfers, internal
 * transactions and logs. A method's name from outside is cut at its arguments; the rendering shows it as text.
 */
export function kinds(tx: TransactionGlance): Kind[] {
  const found: Kind[] = [];
  const { callType, methodName, methodHash } = tx.method;
  if (callType === 'NATIVE_TRANSFER') found.push(['native', 'native transfer']);
  else if (callType === 'CONTRACT_CREATION') found.push(['creation', 'contract creation']);
  else found.push(['call', `call ${methodName ? methodName.replace(/\(.*$/s, '') : methodHash}`]);
  if (tx.from.symbol) found.push(['token', 'token sender']);
  if (tx.erc20Transfers) found.push(['erc20', `ERC-20 \u00d7${tx.erc20Transfers}`]);
  if (tx.erc721Transfers) found.push(['nft', `ERC-721 \u00d7${tx.erc721Transfers}`]);
  if (tx.erc1155Transfers) found.push(['nft', `ERC-1155 \u00d7${tx.erc1155Transfers}`]);
  if (tx.internalTransactions) found.push(['internal', `internal \u00d7${tx.internalTransactions}`]);
  const logs = tx.logTopics;
  if (logs.length === 1) found.push(['log', `log of ${countOf(logs[0] ?? 0, 'topic')}`]);
  else if (logs.length > 1) found.push(['log', `${logs.length} logs of ${logs.join(', ')} topics`]);
  return found;
}

/** A sender's or recipient's label: a token's symbol, or a contract's name; none for a plain address. */
export const partyLabel = (party: Party) => party.symbol ?? party.name;
