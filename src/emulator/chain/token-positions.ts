// What each address holds of each token on one chain, as the generator sees it while it makes transactions: so it
// moves only tokens a sender holds, and mints (a transfer from the zero address) what a sender lacks.
import { ZERO_ADDRESS } from '../genesis.js';

/** A token movement, addresses lower-case; `tokenId` for ERC-721 and ERC-1155. */
export interface PositionMove {
  standard: 'ERC20' | 'ERC721' | 'ERC1155';
  token: string;
  from: string;
  to: string;
  value: bigint;
  tokenId?: bigint;
}

export class TokenPositions {
  /** `token address` → holder → amount (ERC-20), `collection id` → holder → amount (ERC-1155). */
  private readonly amounts = new Map<string, Map<string, bigint>>();
  /** ERC-721 `collection id` → owner. */
  private readonly owners = new Map<string, string>();
  /** ERC-721 collection → owner → token ids. */
  private readonly owned = new Map<string, Map<string, Set<bigint>>>();
  /** The next id a mint of each ERC-721 collection takes (ids already taken are skipped). */
  private readonly nextIds = new Map<string, bigint>();

  copy(): TokenPositions {
    const copy = new TokenPositions();
    for (const [key, holders] of this.amounts) copy.amounts.set(key, new Map(holders));
    for (const [key, owner] of this.owners) copy.owners.set(key, owner);
    for (const [collection, byOwner] of this.owned) {
      copy.owned.set(collection, new Map([...byOwner].map(([owner, ids]) => [owner, new Set(ids)])));
    }
    for (const [collection, id] of this.nextIds) copy.nextIds.set(collection, id);
    return copy;
  }

  /** ERC-20 amount `holder` has of `token`. */
  erc20(token: string, holder: string): bigint {
    return this.amounts.get(token)?.get(holder) ?? 0n;
  }

  erc1155(collection: string, tokenId: bigint, holder: string): bigint {
    return this.amounts.get(`${collection} ${tokenId}`)?.get(holder) ?? 0n;
  }

  /**
   * One of the ERC-721 tokens `holder` owns in the collection, if any (the first, so the choice draws nothing). The
   * zero address owns none: what is sent to it is burned, and what it sends is minted.
   */
  ownedToken(collection: string, holder: string): bigint | undefined {
    if (holder === ZERO_ADDRESS) return undefined;
    const ids = this.owned.get(collection)?.get(holder);
    return ids?.values().next().value;
  }

  /** An ERC-721 id of the collection no one owns yet. */
  freshTokenId(collection: string): bigint {
    let id = this.nextIds.get(collection) ?? 1n;
    while (this.owners.has(`${collection} ${id}`)) id++;
    this.nextIds.set(collection, id + 1n);
    return id;
  }

  /** A movement that happened (a successful transaction's): the zero address mints and is never debited. */
  apply(move: PositionMove): void {
    if (move.standard === 'ERC721') {
      const key = `${move.token} ${move.tokenId}`;
      const before = this.owners.get(key);
      if (before !== undefined) this.owned.get(move.token)?.get(before)?.delete(move.tokenId!);
      // A token sent to the zero address is burned: no one owns it, and a later mint may make it again.
      if (move.to === ZERO_ADDRESS) {
        this.owners.delete(key);
        return;
      }
      this.owners.set(key, move.to);
      let byOwner = this.owned.get(move.token);
      if (!byOwner) this.owned.set(move.token, (byOwner = new Map()));
      let ids = byOwner.get(move.to);
      if (!ids) byOwner.set(move.to, (ids = new Set()));
      ids.add(move.tokenId!);
      return;
    }
    const key = move.standard === 'ERC20' ? move.token : `${move.token} ${move.tokenId}`;
    let holders = this.amounts.get(key);
    if (!holders) this.amounts.set(key, (holders = new Map()));
    if (move.from !== ZERO_ADDRESS) holders.set(move.from, (holders.get(move.from) ?? 0n) - move.value);
    holders.set(move.to, (holders.get(move.to) ?? 0n) + move.value);
  }
}
