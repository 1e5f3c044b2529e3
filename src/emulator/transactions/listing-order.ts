// The order of the transaction listing, shared by the generator (chain-data.ts) and the listing (store.ts).

/** The sort key of a listed transaction; a page token carries the key of the last one served. */
export interface TxCursor {
  ms: number;
  chainNum: number;
  blockIndex: number;
}

/** Negative when `a` is listed before `b`: newest first, then chainId ascending, then blockIndex descending. */
export function compareListing(a: TxCursor, b: TxCursor): number {
  if (a.ms !== b.ms) return b.ms - a.ms;
  if (a.chainNum !== b.chainNum) return a.chainNum - b.chainNum;
  return b.blockIndex - a.blockIndex;
}
