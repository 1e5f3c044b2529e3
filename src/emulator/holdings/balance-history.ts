// One balance through a chain's blocks: the balance after each block that changed it, so the latest balance and
// the balance at any earlier block (the operations' `blockNumber`) are a lookup.

export class BalanceHistory {
  /** Ascending block numbers, each with the balance once that block is applied. */
  private blocks: number[] = [];
  private balances: bigint[] = [];

  /** The same balances, in arrays of its own. */
  copy(): BalanceHistory {
    const copy = new BalanceHistory();
    copy.blocks = this.blocks.slice();
    copy.balances = this.balances.slice();
    return copy;
  }

  latest(): bigint {
    return this.balances[this.balances.length - 1] ?? 0n;
  }

  /** The balance once `block` is applied; the latest without one. */
  at(block?: number): bigint {
    if (block === undefined) return this.latest();
    const index = this.countUpTo(block) - 1;
    return index < 0 ? 0n : this.balances[index]!;
  }

  /**
   * Adds `delta` from `block` on. Blocks come in chain order, so this is nearly always an append; a block placed
   * out of order (a restored transaction older than the history made at start) is inserted and every later balance
   * moved with it. Undoing a change is adding its opposite.
   */
  add(block: number, delta: bigint): void {
    const last = this.blocks.length - 1;
    if (last < 0 || this.blocks[last]! < block) {
      this.blocks.push(block);
      this.balances.push(this.latest() + delta);
      return;
    }
    let position = this.countUpTo(block) - 1;
    if (this.blocks[position] !== block) {
      position += 1;
      this.blocks.splice(position, 0, block);
      this.balances.splice(position, 0, position === 0 ? 0n : this.balances[position - 1]!);
    }
    for (let later = position; later < this.balances.length; later++) this.balances[later] = this.balances[later]! + delta;
  }

  /** How many blocks are at or before `block`. */
  private countUpTo(block: number): number {
    let low = 0;
    let high = this.blocks.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.blocks[mid]! <= block) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
