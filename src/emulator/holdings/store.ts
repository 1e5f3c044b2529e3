// What addresses hold, derived from the chain: native balances, ERC-20, ERC-721 and ERC-1155 holdings, the contracts
// that appear and the NFTs of each collection. Every transaction placed in the chain is applied once, in chain order
// (placed), and undone when it leaves (removed: the reset of injected ones), so every answer is a lookup, not a scan.
// Nothing here is kept: on a restart it is rebuilt from the restored chain, and from what the blocks whose records
// are gone carried (carry()).
import type { StoredTx } from '../chain-data.js';
import { checksum } from '../chains.js';
import { genesisNativeBalance, ZERO_ADDRESS } from '../genesis.js';
import { BalanceHistory } from './balance-history.js';
import { movements } from './movements.js';

export type ErcType = 'ERC-20' | 'ERC-721' | 'ERC-1155' | 'UNKNOWN';
export type NftErcType = 'ERC-721' | 'ERC-1155';

/** A contract as the chain shows it; addresses lower-case. */
export interface ContractRecord {
  address: string;
  ercType: ErcType;
  name?: string;
  symbol?: string;
  decimals?: number;
  logoUri?: string;
  deployment?: { txHash: string; deployer: string };
}

/** One NFT of a collection; `owner` (ERC-721 only) is its last recipient, none once burned. */
export interface NftToken {
  chainId: string;
  collection: string;
  ercType: NftErcType;
  tokenId: bigint;
  /** When the chain first showed it (Unix seconds): its metadata's indexing time until it is reindexed. */
  firstSeen: number;
  owner?: string;
}

/** An ERC-721 token's transfers, oldest first, from which its owner is read (and read again when one is undone). */
interface Ownership {
  block: number;
  transfer: string;
  to: string;
}

/** What an address holds of one token or NFT id: the token's contract, and the id for ERC-1155. */
export interface Holding {
  contract: ContractRecord;
  balance: bigint;
}

/** A key of one NFT: its collection (lower-case) and its id, in an order that sorts ids numerically. */
function nftKey(collection: string, tokenId: bigint): string {
  const digits = tokenId.toString();
  return `${collection}:${digits.length.toString().padStart(3, '0')}:${digits}`;
}

/** One chain's holdings. */
class ChainHoldings {
  constructor(readonly chainId: string) {}

  readonly native = new Map<string, BalanceHistory>();
  /** address → token → its balance. */
  readonly erc20 = new Map<string, Map<string, BalanceHistory>>();
  /** address → NFT key → its ERC-1155 balance. */
  readonly erc1155 = new Map<string, Map<string, BalanceHistory>>();
  /** address → keys of the ERC-721 tokens it owns. */
  readonly erc721Owned = new Map<string, Set<string>>();
  readonly contracts = new Map<string, ContractRecord>();
  /** collection → NFT key → token, and the ERC-721 tokens' transfers. */
  readonly nfts = new Map<string, Map<string, NftToken>>();
  readonly ownerships = new Map<string, Ownership[]>();
  latestBlock = 0;
  /** Transactions applied: a chain with none was never seen. */
  transactions = 0;

  history<K>(map: Map<string, Map<K, BalanceHistory>>, address: string, key: K): BalanceHistory {
    let byKey = map.get(address);
    if (!byKey) {
      byKey = new Map();
      map.set(address, byKey);
    }
    let history = byKey.get(key);
    if (!history) {
      history = new BalanceHistory();
      byKey.set(key, history);
    }
    return history;
  }

  /**
   * The same holdings, with nothing shared that changes: maps, sets, balances, contract records and tokens of its own
   * (what a change to either would otherwise show in the other). Transfers and deployments are never changed, only
   * replaced, so they are shared.
   */
  copy(): ChainHoldings {
    const copy = new ChainHoldings(this.chainId);
    for (const [address, history] of this.native) copy.native.set(address, history.copy());
    copyBalances(this.erc20, copy.erc20);
    copyBalances(this.erc1155, copy.erc1155);
    for (const [address, keys] of this.erc721Owned) copy.erc721Owned.set(address, new Set(keys));
    for (const [address, contract] of this.contracts) copy.contracts.set(address, { ...contract });
    for (const [collection, tokens] of this.nfts) {
      const copied = new Map<string, NftToken>();
      for (const [key, token] of tokens) copied.set(key, { ...token });
      copy.nfts.set(collection, copied);
    }
    for (const [key, transfers] of this.ownerships) copy.ownerships.set(key, transfers.slice());
    copy.latestBlock = this.latestBlock;
    copy.transactions = this.transactions;
    return copy;
  }

  nativeHistory(address: string): BalanceHistory {
    let history = this.native.get(address);
    if (!history) {
      history = new BalanceHistory();
      this.native.set(address, history);
    }
    return history;
  }
}

function copyBalances<K>(from: Map<string, Map<K, BalanceHistory>>, to: Map<string, Map<K, BalanceHistory>>): void {
  for (const [address, byKey] of from) {
    const copied = new Map<K, BalanceHistory>();
    for (const [key, history] of byKey) copied.set(key, history.copy());
    to.set(address, copied);
  }
}

/**
 * What blocks whose records are gone moved on one chain (chain/carried.ts keeps it): added at a restart after the
 * history and before the kept blocks, so each block counts once. Their moves are counted at the newest of them.
 */
export interface CarriedHoldings {
  chainId: string;
  /** The newest of those blocks. */
  block: number;
  transactions: number;
  /** Address → net native change. */
  native: Map<string, bigint>;
  erc20: { address: string; token: string; amount: bigint }[];
  erc1155: { address: string; collection: string; tokenId: bigint; amount: bigint }[];
  nfts: {
    collection: string;
    tokenId: bigint;
    ercType: NftErcType;
    firstSeen: number;
    /** ERC-721: the last transfer (to the zero address: burned). */
    owner?: { block: number; transfer: string; to: string };
  }[];
  contracts: ContractRecord[];
}

export class Holdings {
  private readonly chains = new Map<string, ChainHoldings>();
  /** Bumped on every change, for caches of served answers. */
  version = 0;

  /** The same holdings, in objects of their own: a change to either is not seen by the other. */
  copy(): Holdings {
    const copy = new Holdings();
    for (const [chainId, chain] of this.chains) copy.chains.set(chainId, chain.copy());
    copy.version = this.version;
    return copy;
  }

  /** A transaction joins the chain. */
  placed(tx: StoredTx): void {
    this.version++;
    const chain = this.chain(tx.item.chainId);
    chain.transactions += 1;
    chain.latestBlock = Math.max(chain.latestBlock, Number(tx.item.blockNumber));
    this.learnContracts(chain, tx);
    this.apply(chain, tx, 1n);
  }

  /** A transaction leaves the chain (a reset forgets the injected ones): what it moved is moved back. */
  removed(tx: StoredTx): void {
    this.version++;
    const chain = this.chains.get(tx.item.chainId);
    if (!chain) return;
    chain.transactions -= 1;
    this.apply(chain, tx, -1n);
    const created = tx.detail.contractAddress?.toLowerCase();
    const contract = created === undefined ? undefined : chain.contracts.get(created);
    if (contract?.deployment?.txHash === tx.item.txHash) delete contract.deployment;
  }

  /** What blocks no longer kept moved (see CarriedHoldings). */
  carry(carried: CarriedHoldings): void {
    this.version++;
    const chain = this.chain(carried.chainId);
    chain.transactions += carried.transactions;
    chain.latestBlock = Math.max(chain.latestBlock, carried.block);
    for (const contract of carried.contracts) {
      const known = chain.contracts.get(contract.address);
      if (!known || known.ercType === 'UNKNOWN') chain.contracts.set(contract.address, { ...known, ...contract });
      else {
        // As learnContracts() has it: what is known stays, what it lacks is added.
        if (known.logoUri === undefined && contract.logoUri !== undefined) known.logoUri = contract.logoUri;
        if (known.deployment === undefined && contract.deployment !== undefined) known.deployment = contract.deployment;
      }
    }
    for (const [address, change] of carried.native) chain.nativeHistory(address).add(carried.block, change);
    for (const { address, token, amount } of carried.erc20) chain.history(chain.erc20, address, token).add(carried.block, amount);
    for (const nft of carried.nfts) {
      const { key, token } = this.nftSeen(chain, nft.collection, nft.tokenId, nft.ercType, nft.firstSeen);
      if (nft.owner) this.transferred(chain, key, token, nft.owner, 1n);
    }
    for (const { address, collection, tokenId, amount } of carried.erc1155) {
      chain.history(chain.erc1155, address, nftKey(collection, tokenId)).add(carried.block, amount);
    }
  }

  /**
   * Why the chain cannot take `tx` (one message per rule broken, naming the field and the balance), or none: its
   * sender must pay its value and gas, and (when it succeeds) each internal call its value and each token transfer's
   * sender hold what it sends, in the order they happen; transfers from the zero address are mints.
   */
  refusal(tx: StoredTx): string[] {
    const chainId = tx.item.chainId;
    const chain = this.chains.get(chainId);
    const moves = movements(tx);
    const problems: string[] = [];
    const native = new Map<string, bigint>();
    const nativeOf = (address: string): bigint =>
      native.get(address) ?? genesisNativeBalance(chainId, address) + (chain?.native.get(address)?.latest() ?? 0n);
    // As a node admits a transaction: its sender pays the value and the gas up front, even if it then fails.
    const payer = moves.payer;
    const value = BigInt(tx.item.value);
    if (nativeOf(payer) < value + moves.gas) {
      problems.push(
        `from ${checksum(payer)} holds ${nativeOf(payer)} wei on chain ${chainId}, less than the transaction's value (${value}) and gas (${moves.gas} wei)`,
      );
    }
    native.set(payer, nativeOf(payer) - moves.gas);
    for (const call of moves.native) {
      // The transaction's own value was checked with its gas, above.
      if (call.field !== 'value' && nativeOf(call.from) < call.value) {
        problems.push(
          `${call.field}.from ${checksum(call.from)} holds ${nativeOf(call.from)} wei on chain ${chainId}, less than its value (${call.value})`,
        );
      }
      native.set(call.from, nativeOf(call.from) - call.value);
      native.set(call.to, nativeOf(call.to) + call.value);
    }
    const tokens = new Map<string, bigint>();
    const tokenBalance = (key: string, address: string, stored: () => bigint | undefined): bigint =>
      tokens.get(`${address} ${key}`) ?? stored() ?? 0n;
    for (const move of moves.erc20) {
      const held = tokenBalance(move.token, move.from, () => chain?.erc20.get(move.from)?.get(move.token)?.latest());
      if (move.from !== ZERO_ADDRESS && held < move.value) {
        problems.push(
          `${move.field}.from ${checksum(move.from)} holds ${held} of token ${checksum(move.token)} on chain ${chainId}, less than ${move.value}: mint it first (a transfer from ${ZERO_ADDRESS})`,
        );
      }
      tokens.set(`${move.from} ${move.token}`, held - move.value);
      tokens.set(
        `${move.to} ${move.token}`,
        tokenBalance(move.token, move.to, () => chain?.erc20.get(move.to)?.get(move.token)?.latest()) + move.value,
      );
    }
    const owners = new Map<string, string | undefined>();
    for (const move of moves.erc721) {
      const key = nftKey(move.collection, move.tokenId);
      const owner = owners.has(key) ? owners.get(key) : chain?.nfts.get(move.collection)?.get(key)?.owner;
      if (move.from === ZERO_ADDRESS && owner !== undefined) {
        problems.push(
          `${move.field}: token ${move.tokenId} of ${checksum(move.collection)} exists already (owned by ${checksum(owner)}), so it cannot be minted`,
        );
      } else if (move.from !== ZERO_ADDRESS && owner !== move.from) {
        problems.push(
          `${move.field}.from ${checksum(move.from)} does not hold token ${move.tokenId} of ${checksum(move.collection)} on chain ${chainId} (${owner === undefined ? 'no one does: mint it first, a transfer from ' + ZERO_ADDRESS : 'its owner is ' + checksum(owner)})`,
        );
      }
      owners.set(key, move.to === ZERO_ADDRESS ? undefined : move.to);
    }
    for (const move of moves.erc1155) {
      const key = nftKey(move.collection, move.tokenId);
      const held = tokenBalance(key, move.from, () => chain?.erc1155.get(move.from)?.get(key)?.latest());
      if (move.from !== ZERO_ADDRESS && held < move.value) {
        problems.push(
          `${move.field}.from ${checksum(move.from)} holds ${held} of token ${move.tokenId} of ${checksum(move.collection)} on chain ${chainId}, less than ${move.value}: mint it first (a transfer from ${ZERO_ADDRESS})`,
        );
      }
      tokens.set(`${move.from} ${key}`, held - move.value);
      tokens.set(`${move.to} ${key}`, tokenBalance(key, move.to, () => chain?.erc1155.get(move.to)?.get(key)?.latest()) + move.value);
    }
    return problems;
  }

  /** How many transactions the chain holds, on every chain: what the benchmark fills to its size. */
  get placedTransactions(): number {
    let count = 0;
    for (const chain of this.chains.values()) count += chain.transactions;
    return count;
  }

  /** Whether the chain is one the holdings know: it has had a transaction. */
  knows(chainId: string): boolean {
    return (this.chains.get(chainId)?.transactions ?? 0) > 0;
  }

  latestBlock(chainId: string): number {
    return this.chains.get(chainId)?.latestBlock ?? 0;
  }

  /** The native balance: the genesis allocation, plus what was received, less what was sent and the gas paid. */
  nativeBalance(chainId: string, address: string, block?: number): bigint {
    const change = this.chains.get(chainId)?.native.get(address)?.at(block) ?? 0n;
    return genesisNativeBalance(chainId, address) + change;
  }

  /** The address's ERC-20 holdings above zero at the block (the latest without one), ordered by token address. */
  erc20Holdings(chainId: string, address: string, block?: number): Holding[] {
    const chain = this.chains.get(chainId);
    const held: Holding[] = [];
    for (const [token, history] of chain?.erc20.get(address) ?? []) {
      const balance = history.at(block);
      if (balance > 0n) held.push({ contract: chain!.contracts.get(token)!, balance });
    }
    return held.sort((a, b) => compareText(a.contract.address, b.contract.address));
  }

  /** The ERC-721 tokens the address owns, ordered by collection and id. */
  erc721Owned(chainId: string, address: string): NftToken[] {
    const chain = this.chains.get(chainId);
    const keys = [...(chain?.erc721Owned.get(address) ?? [])].sort(compareText);
    return keys.map((key) => chain!.nfts.get(key.slice(0, 42))!.get(key)!);
  }

  /** The ERC-1155 ids the address holds at the block (above zero), with the amount, ordered by collection and id. */
  erc1155Held(chainId: string, address: string, block?: number): { token: NftToken; balance: bigint }[] {
    const chain = this.chains.get(chainId);
    const held: { key: string; token: NftToken; balance: bigint }[] = [];
    for (const [key, history] of chain?.erc1155.get(address) ?? []) {
      const balance = history.at(block);
      if (balance > 0n) held.push({ key, token: chain!.nfts.get(key.slice(0, 42))!.get(key)!, balance });
    }
    return held.sort((a, b) => compareText(a.key, b.key)).map(({ token, balance }) => ({ token, balance }));
  }

  contract(chainId: string, address: string): ContractRecord | undefined {
    return this.chains.get(chainId)?.contracts.get(address);
  }

  /** A collection's tokens ordered by id, or undefined when the address is no NFT collection. */
  collectionTokens(chainId: string, collection: string): NftToken[] | undefined {
    const tokens = this.chains.get(chainId)?.nfts.get(collection);
    if (!tokens) return undefined;
    return [...tokens.entries()].sort(([a], [b]) => compareText(a, b)).map(([, token]) => token);
  }

  nftToken(chainId: string, collection: string, tokenId: bigint): NftToken | undefined {
    return this.chains.get(chainId)?.nfts.get(collection)?.get(nftKey(collection, tokenId));
  }

  private chain(chainId: string): ChainHoldings {
    let chain = this.chains.get(chainId);
    if (!chain) {
      chain = new ChainHoldings(chainId);
      this.chains.set(chainId, chain);
    }
    return chain;
  }

  /** Every token contract a transfer names, every contract created and every log's emitter (only contracts log). */
  private learnContracts(chain: ChainHoldings, tx: StoredTx): void {
    const { detail, item } = tx;
    const logos = new Map<string, string>();
    for (const info of [item.from, item.to]) if (info.logoUri) logos.set(info.address.toLowerCase(), info.logoUri);
    const learn = (address: string, ercType: ErcType, named: { name?: string; symbol?: string; decimals?: number }): void => {
      const known = chain.contracts.get(address);
      const logoUri = logos.get(address);
      if (known && (known.ercType !== 'UNKNOWN' || ercType === 'UNKNOWN')) {
        // A token's logo comes with the listing's address info, when the token is a transaction's sender or recipient.
        if (known.logoUri === undefined && logoUri !== undefined) known.logoUri = logoUri;
        return;
      }
      chain.contracts.set(address, {
        ...known,
        address,
        ercType,
        ...(named.name !== undefined && { name: named.name }),
        ...(named.symbol !== undefined && { symbol: named.symbol }),
        ...(named.decimals !== undefined && ercType === 'ERC-20' && { decimals: named.decimals }),
        ...(logoUri !== undefined && { logoUri }),
      });
    };
    for (const transfer of detail.erc20Transfers) {
      const token = transfer.erc20Token;
      learn(token.address.toLowerCase(), 'ERC-20', token);
    }
    for (const transfer of detail.erc721Transfers) {
      if (transfer.type === 'ERC721') learn(transfer.erc721Token.address.toLowerCase(), 'ERC-721', transfer.erc721Token);
    }
    for (const transfer of detail.erc1155Transfers) {
      if (transfer.type === 'ERC1155') learn(transfer.erc1155Token.address.toLowerCase(), 'ERC-1155', transfer.erc1155Token);
    }
    for (const log of detail.logs) learn(log.address.toLowerCase(), 'UNKNOWN', {});
    if (detail.contractAddress) {
      const created = detail.contractAddress.toLowerCase();
      learn(created, 'UNKNOWN', {});
      chain.contracts.get(created)!.deployment = { txHash: item.txHash, deployer: item.from.address.toLowerCase() };
    }
  }

  private apply(chain: ChainHoldings, tx: StoredTx, sign: 1n | -1n): void {
    const block = Number(tx.item.blockNumber);
    const moves = movements(tx);
    chain.nativeHistory(moves.payer).add(block, -sign * moves.gas);
    for (const move of moves.native) {
      chain.nativeHistory(move.from).add(block, -sign * move.value);
      chain.nativeHistory(move.to).add(block, sign * move.value);
    }
    for (const move of moves.erc20) {
      if (move.from !== ZERO_ADDRESS) chain.history(chain.erc20, move.from, move.token).add(block, -sign * move.value);
      if (move.to !== ZERO_ADDRESS) chain.history(chain.erc20, move.to, move.token).add(block, sign * move.value);
    }
    const seconds = tx.item.blockTimestamp;
    for (const move of moves.erc1155) {
      const key = this.nftSeen(chain, move.collection, move.tokenId, 'ERC-1155', seconds).key;
      if (move.from !== ZERO_ADDRESS) chain.history(chain.erc1155, move.from, key).add(block, -sign * move.value);
      if (move.to !== ZERO_ADDRESS) chain.history(chain.erc1155, move.to, key).add(block, sign * move.value);
    }
    for (const move of moves.erc721) {
      const { key, token } = this.nftSeen(chain, move.collection, move.tokenId, 'ERC-721', seconds);
      this.transferred(chain, key, token, { block, transfer: move.transfer, to: move.to }, sign);
    }
  }

  /** An ERC-721 transfer placed (sign 1) or undone (-1): its token's owner is the recipient of its last transfer. */
  private transferred(chain: ChainHoldings, key: string, token: NftToken, ownership: Ownership, sign: 1n | -1n): void {
    let transfers = chain.ownerships.get(key);
    if (!transfers) {
      transfers = [];
      chain.ownerships.set(key, transfers);
    }
    if (sign > 0n) {
      let position = transfers.length;
      while (position > 0 && transfers[position - 1]!.block > ownership.block) position--;
      transfers.splice(position, 0, ownership);
    } else {
      const index = transfers.findIndex((each) => each.transfer === ownership.transfer);
      if (index >= 0) transfers.splice(index, 1);
    }
    const last = transfers[transfers.length - 1];
    const owner = last === undefined || last.to === ZERO_ADDRESS ? undefined : last.to;
    if (token.owner !== undefined) chain.erc721Owned.get(token.owner)?.delete(key);
    if (owner === undefined) delete token.owner;
    else {
      token.owner = owner;
      let owned = chain.erc721Owned.get(owner);
      if (!owned) {
        owned = new Set();
        chain.erc721Owned.set(owner, owned);
      }
      owned.add(key);
    }
  }

  private nftSeen(
    chain: ChainHoldings,
    collection: string,
    tokenId: bigint,
    ercType: NftErcType,
    seconds: number,
  ): { key: string; token: NftToken } {
    const key = nftKey(collection, tokenId);
    let tokens = chain.nfts.get(collection);
    if (!tokens) {
      tokens = new Map();
      chain.nfts.set(collection, tokens);
    }
    let token = tokens.get(key);
    if (!token) {
      token = { chainId: chain.chainId, collection, ercType, tokenId, firstSeen: seconds };
      tokens.set(key, token);
    } else if (seconds < token.firstSeen) {
      // A kept block older than what a restart placed before it (a message's block, pinned after newer ones left).
      token.firstSeen = seconds;
    }
    return { key, token };
  }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
