// What the blocks whose records are gone carried (kind `carried`): a block that leaves the window, or a message's block
// no longer pinned, has its record deleted, yet what it moved still happened. In the same change that deletes its
// record (one line of the log: both or neither, whatever crashes when), its moves are added here, so a restart counts
// every block exactly once: from its record while it has one, from this summary after. A reset's forgotten blocks
// add only their heights and their senders' nonces: neither is made again.
//
// Keys, each the latest value (see kept/change.ts), so an eviction writes only what its blocks touched:
//   `<chainId> head`               the newest such block (number, hash, time, cumulative count) and how many
//                                  transactions the evicted blocks held;
//   `<chainId> account <address>`  its net native change and its next nonce;
//   `<chainId> erc20 <address> <token>`, `<chainId> erc1155 <address> <collection> <tokenId>`  a net token change;
//   `<chainId> nft <collection> <tokenId>`  an NFT the blocks showed: its standard, when first seen, its last transfer;
//   `<chainId> contract <address>` a contract the blocks showed, as the holdings knew it.
// A folder written before this record existed has none: what left its window before is not counted (see
// docs/emulator-chain.md).
import type { CarriedGeneratorState, StoredTx } from '../chain-data.js';
import { ZERO_ADDRESS } from '../genesis.js';
import { movements } from '../holdings/movements.js';
import type { CarriedHoldings, ContractRecord, Holdings, NftErcType } from '../holdings/store.js';
import type { KeptEntry, KeptResource } from '../kept/change.js';
import type { ChainBlock } from './ledger.js';
import type { PositionMove } from './token-positions.js';

const CARRIED_KIND = 'carried';

/** A chain's newest block whose record is gone: where the chain goes on from after a restart. */
interface CarriedHead {
  number: number;
  hash: string;
  ms: number;
  cumulativeTransactions: number;
}

interface HeadValue extends CarriedHead {
  /** Transactions of the evicted blocks (not of blocks a reset forgot: those never happened). */
  transactions: number;
}

/** Amounts are decimal strings (JSON has no bigint), a token's in a key of its own: a busy account's value stays small. */
interface AccountValue {
  native: string;
  /** The next nonce of the address as sender, when it sent one. */
  nonce?: number;
}

/** An ERC-721 transfer's place in the chain: block, transaction index, transfer index, compared in that order. */
type TransferPlace = [block: number, index: number, transfer: number];

interface NftValue {
  ercType: NftErcType;
  /** Unix seconds of the first block that showed it. */
  firstSeen: number;
  /** ERC-721: the last transfer, whose recipient owns it (none when it is the zero address: burned). */
  owner?: { place: TransferPlace; transfer: string; to: string };
}

export class ChainCarried implements KeptResource {
  readonly kinds = [CARRIED_KIND];
  /** Every key's value as applied; values are never changed in place (a plan makes new ones). */
  private readonly values = new Map<string, unknown>();

  /**
   * The entries that add `blocks` (whose records the same change deletes) to the summary: each touched key's new
   * value, from the value applied now. Only one such change may be planned at a time (see EmulatorState).
   */
  planCarry(blocks: readonly ChainBlock[], holdings: Holdings): KeptEntry[] {
    const changed = new Map<string, unknown>();
    const value = <T>(key: string): T | undefined => (changed.has(key) ? changed.get(key) : this.values.get(key)) as T | undefined;
    for (const block of blocks) {
      const chainId = block.chainId;
      const headKey = `${chainId} head`;
      const head = value<HeadValue>(headKey);
      changed.set(headKey, { ...newerHead(head, block), transactions: (head?.transactions ?? 0) + block.txs.length });
      for (const tx of block.txs) {
        const account = (address: string): AccountValue => {
          const key = `${chainId} account ${address}`;
          const before = value<AccountValue>(key);
          const copy: AccountValue = { ...before, native: before?.native ?? '0' };
          changed.set(key, copy);
          return copy;
        };
        const addToken = (key: string, delta: bigint): void => {
          changed.set(key, String(BigInt(value<string>(key) ?? '0') + delta));
        };
        const sender = account(tx.item.from.address.toLowerCase());
        sender.nonce = Math.max(sender.nonce ?? 0, Number(tx.item.nonce) + 1);
        const moves = movements(tx);
        addNative(account(moves.payer), -moves.gas);
        for (const move of moves.native) {
          addNative(account(move.from), -move.value);
          addNative(account(move.to), move.value);
        }
        for (const move of moves.erc20) {
          if (move.from !== ZERO_ADDRESS) addToken(`${chainId} erc20 ${move.from} ${move.token}`, -move.value);
          if (move.to !== ZERO_ADDRESS) addToken(`${chainId} erc20 ${move.to} ${move.token}`, move.value);
        }
        const seconds = tx.item.blockTimestamp;
        const nft = (collection: string, tokenId: bigint, ercType: NftErcType): NftValue => {
          const key = `${chainId} nft ${collection} ${tokenId}`;
          const before = value<NftValue>(key);
          // An ERC-1155 id seen before is unchanged: no write (an ERC-721's owner is, below, at each transfer).
          // Stryker disable next-line ConditionalExpression,EqualityOperator: without it (or at equal seconds) the same value is written again
          if (ercType === 'ERC-1155' && before && before.firstSeen <= seconds) return before;
          const next: NftValue = { ...before, ercType, firstSeen: Math.min(before?.firstSeen ?? seconds, seconds) };
          changed.set(key, next);
          return next;
        };
        for (const move of moves.erc1155) {
          nft(move.collection, move.tokenId, 'ERC-1155');
          const id = `${move.collection} ${move.tokenId}`;
          if (move.from !== ZERO_ADDRESS) addToken(`${chainId} erc1155 ${move.from} ${id}`, -move.value);
          if (move.to !== ZERO_ADDRESS) addToken(`${chainId} erc1155 ${move.to} ${id}`, move.value);
        }
        moves.erc721.forEach((move, index) => {
          const token = nft(move.collection, move.tokenId, 'ERC-721');
          const place: TransferPlace = [block.number, tx.blockIndex, index];
          // A pinned block leaves after newer ones: an older transfer never takes the place of a newer one.
          // Stryker disable next-line EqualityOperator: an equal place is the same transfer, and sets the same owner
          if (!token.owner || comparePlaces(token.owner.place, place) < 0) token.owner = { place, transfer: move.transfer, to: move.to };
        });
        for (const address of contractsOf(tx)) {
          const known = holdings.contract(chainId, address);
          const key = `${chainId} contract ${address}`;
          // A token's record is the same at nearly every transfer: written when it changes, not at each one.
          if (known && JSON.stringify(known) !== JSON.stringify(value(key))) changed.set(key, copyContract(known));
        }
      }
    }
    return [...changed].map(([key, next]): KeptEntry => [CARRIED_KIND, key, next]);
  }

  /**
   * The entries that keep the heights of blocks a reset forgets, and their senders' nonces: what it forgets never
   * happened, but no block number, nor a sender's nonce, goes back to before it (as in the process that reset).
   */
  planHeights(blocks: readonly ChainBlock[]): KeptEntry[] {
    const changed = new Map<string, unknown>();
    const value = <T>(key: string): T | undefined => (changed.has(key) ? changed.get(key) : this.values.get(key)) as T | undefined;
    for (const block of blocks) {
      const key = `${block.chainId} head`;
      const head = value<HeadValue>(key);
      changed.set(key, { ...newerHead(head, block), transactions: head?.transactions ?? 0 });
      for (const tx of block.txs) {
        const accountKey = `${block.chainId} account ${tx.item.from.address.toLowerCase()}`;
        const account = value<AccountValue>(accountKey);
        changed.set(accountKey, {
          ...account,
          native: account?.native ?? '0',
          nonce: Math.max(account?.nonce ?? 0, Number(tx.item.nonce) + 1),
        });
      }
    }
    return [...changed].map(([key, next]): KeptEntry => [CARRIED_KIND, key, next]);
  }

  applyEntry(_kind: string, key: string, value: unknown): void {
    if (value === null) this.values.delete(key);
    else this.values.set(key, value);
  }

  restore(tables: ReadonlyMap<string, ReadonlyMap<string, unknown>>): void {
    for (const [key, value] of tables.get(CARRIED_KIND) ?? []) this.values.set(key, value);
  }

  *snapshot(): Iterable<KeptEntry> {
    for (const [key, value] of this.values) yield [CARRIED_KIND, key, value];
  }

  /** Each chain's summary, for the holdings at a restart (placed after the history, before the kept blocks). */
  holdings(): CarriedHoldings[] {
    const chains = new Map<string, CarriedHoldings>();
    const chain = (chainId: string): CarriedHoldings => {
      let carried = chains.get(chainId);
      if (!carried) {
        carried = { chainId, block: 0, transactions: 0, native: new Map(), erc20: [], erc1155: [], nfts: [], contracts: [] };
        chains.set(chainId, carried);
      }
      return carried;
    };
    for (const [key, value] of this.values) {
      const [chainId, part, ...rest] = key.split(' ') as [string, string, ...string[]];
      const carried = chain(chainId);
      if (part === 'head') {
        const head = value as HeadValue;
        carried.block = head.number;
        carried.transactions = head.transactions;
      } else if (part === 'account') {
        const address = rest[0]!;
        carried.native.set(address, BigInt((value as AccountValue).native));
      } else if (part === 'erc20') {
        carried.erc20.push({ address: rest[0]!, token: rest[1]!, amount: BigInt(value as string) });
      } else if (part === 'erc1155') {
        carried.erc1155.push({ address: rest[0]!, collection: rest[1]!, tokenId: BigInt(rest[2]!), amount: BigInt(value as string) });
      } else if (part === 'nft') {
        const nft = value as NftValue;
        carried.nfts.push({
          collection: rest[0]!,
          tokenId: BigInt(rest[1]!),
          ercType: nft.ercType,
          firstSeen: nft.firstSeen,
          ...(nft.owner && { owner: { block: nft.owner.place[0], transfer: nft.owner.transfer, to: nft.owner.to } }),
        });
      } else if (part === 'contract') carried.contracts.push(copyContract(value as ContractRecord));
    }
    return [...chains.values()];
  }

  /** Each chain's summary, for the generator at a restart: its head, nonces and token positions. */
  generator(): CarriedGeneratorState[] {
    const chains = new Map<string, { head: CarriedHead | undefined; nonces: Map<string, number>; moves: PositionMove[] }>();
    const chain = (chainId: string) => {
      let carried = chains.get(chainId);
      if (!carried) chains.set(chainId, (carried = { head: undefined, nonces: new Map(), moves: [] }));
      return carried;
    };
    for (const [key, value] of this.values) {
      const [chainId, part, ...rest] = key.split(' ') as [string, string, ...string[]];
      const carried = chain(chainId);
      if (part === 'head') {
        const { number, hash, ms, cumulativeTransactions } = value as HeadValue;
        carried.head = { number, hash, ms, cumulativeTransactions };
      } else if (part === 'account') {
        const nonce = (value as AccountValue).nonce;
        if (nonce !== undefined) carried.nonces.set(rest[0]!, nonce);
      } else if (part === 'erc20') {
        carried.moves.push({ standard: 'ERC20', token: rest[1]!, from: ZERO_ADDRESS, to: rest[0]!, value: BigInt(value as string) });
      } else if (part === 'erc1155') {
        carried.moves.push({
          standard: 'ERC1155',
          token: rest[1]!,
          from: ZERO_ADDRESS,
          to: rest[0]!,
          value: BigInt(value as string),
          tokenId: BigInt(rest[2]!),
        });
      } else if (part === 'nft') {
        const owner = (value as NftValue).owner;
        if (owner)
          carried.moves.push({
            standard: 'ERC721',
            token: rest[0]!,
            from: ZERO_ADDRESS,
            to: owner.to,
            value: 1n,
            tokenId: BigInt(rest[1]!),
          });
      }
    }
    return [...chains].map(([chainId, carried]) => ({ chainId, ...carried }));
  }
}

/** The newer of a kept head and a block: heights never go back. */
function newerHead(head: CarriedHead | undefined, block: ChainBlock): CarriedHead {
  // Stryker disable next-line EqualityOperator: a block of the head's number is the head's block
  if (head && head.number >= block.number) {
    const { number, hash, ms, cumulativeTransactions } = head;
    return { number, hash, ms, cumulativeTransactions };
  }
  return { number: block.number, hash: block.hash, ms: block.ms, cumulativeTransactions: block.facts.cumulativeTransactions };
}

function addNative(account: AccountValue, delta: bigint): void {
  account.native = String(BigInt(account.native) + delta);
}

function comparePlaces(a: TransferPlace, b: TransferPlace): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** The contracts a transaction shows the holdings (see Holdings.learnContracts), lower-case. */
function contractsOf(tx: StoredTx): Set<string> {
  const { detail } = tx;
  const addresses = new Set<string>();
  for (const transfer of detail.erc20Transfers) addresses.add(transfer.erc20Token.address.toLowerCase());
  for (const transfer of detail.erc721Transfers) if (transfer.type === 'ERC721') addresses.add(transfer.erc721Token.address.toLowerCase());
  for (const transfer of detail.erc1155Transfers)
    if (transfer.type === 'ERC1155') addresses.add(transfer.erc1155Token.address.toLowerCase());
  for (const log of detail.logs) addresses.add(log.address.toLowerCase());
  if (detail.contractAddress) addresses.add(detail.contractAddress.toLowerCase());
  return addresses;
}

function copyContract(contract: ContractRecord): ContractRecord {
  return { ...contract, ...(contract.deployment && { deployment: { ...contract.deployment } }) };
}
