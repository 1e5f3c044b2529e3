// Seeded history made once per process: a seeded start always makes the same history, and making it is most of the
// cost of a start (the tests start the emulator seeded many times in one process). Placed in a ledger and its
// holdings once too, from the second start on: placing 3,000 transactions (indexes, balances) was the most CPU an
// in-process start still cost after the history was shared, and copying what they hold is a fraction of it.
import { blockOf, blocksOldestFirst } from './chain/blocks.js';
import { ChainLedger } from './chain/ledger.js';
import type { LedgerOptions } from './chain/ledger.js';
import { ChainDataGenerator } from './chain-data.js';
import type { GeneratorPosition, StoredTx } from './chain-data.js';
import { Holdings } from './holdings/store.js';
import { Prng } from './prng.js';

interface Made {
  /** Every emulator started from this seed holds these same objects; frozen, deeply, once a second one does. */
  history: readonly StoredTx[];
  frozen: boolean;
  /** Where the generator stood after it, so each emulator's later blocks are the ones a fresh history leads to. */
  after: GeneratorPosition;
  /**
   * The history placed, by window size (see placedCopy()): never changed, only copied; null once a start placed it
   * itself, and not yet here.
   */
  placed: Map<string, { ledger: ChainLedger; holdings: Holdings } | null>;
}

/**
 * Histories kept, the least recently used forgotten first: a few seeds' worth, never more. A history of 3,000
 * transactions holds about 6 MB of heap, and about 3 MB more placed (each copy of it, 1 MB).
 */
const KEPT_HISTORIES = 4;
const made = new Map<string, Made>();

/**
 * The generator for a seed (its stream 1) and the history it makes first, the same as `new ChainDataGenerator(new
 * Prng(seed, 1)).history(endMs, totalTxs)` would give: the history is made on the first call for these arguments and
 * then shared (frozen from then on, so no emulator can change another's); the generator is each caller's own.
 */
export function seededHistory(
  seed: number,
  endMs: number,
  totalTxs: number,
): { generator: ChainDataGenerator; history: readonly StoredTx[] } {
  const entry = madeFor(seed, endMs, totalTxs);
  return { generator: new ChainDataGenerator(new Prng(seed, 1), entry.after), history: entry.history };
}

/**
 * The seeded history, as seededHistory() last gave it for these arguments, placed in a ledger with these options and
 * the holdings it feeds, each the caller's own: the same as placing every block of the history, oldest first, in
 * `new ChainLedger(options)` whose callbacks feed a `new Holdings()` (they are not called for the history's
 * transactions). Undefined the first time for a window size (retained and pinned transactions): the caller places the
 * history itself, as any start would, so that a single start (`svc emulator start`) pays for no copy. From the second
 * on, the history is placed once more, kept, and copied for each call.
 */
export function placedCopy(
  seed: number,
  endMs: number,
  totalTxs: number,
  options: LedgerOptions,
): { ledger: ChainLedger; holdings: Holdings } | undefined {
  // Not madeFor(): the caller has just had the history from it, and a second use would freeze it.
  const entry = made.get(`${seed} ${endMs} ${totalTxs}`);
  if (!entry) return undefined;
  const window = `${options.retainedTransactions} ${options.pinnedTransactions}`;
  let placed = entry.placed.get(window);
  if (placed === undefined) {
    entry.placed.set(window, null);
    return undefined;
  }
  if (placed === null) {
    const holdings = new Holdings();
    const ledger = new ChainLedger({
      retainedTransactions: options.retainedTransactions,
      pinnedTransactions: options.pinnedTransactions,
      onTransaction: (tx) => holdings.placed(tx),
    });
    for (const txs of blocksOldestFirst(entry.history)) {
      // Shared by every copy, as the transactions are: frozen, so that none can change another's.
      const block = blockOf(txs, { injected: false, notified: [] }, ledger.head(txs[0]!.item.chainId));
      Object.freeze(block.notified);
      ledger.placeBlock(Object.freeze(block));
    }
    placed = { ledger, holdings };
    entry.placed.set(window, placed);
  }
  return { ledger: placed.ledger.copy(options), holdings: placed.holdings.copy() };
}

/** The kept entry for these arguments, made on first use; the most recently used one from then on. */
function madeFor(seed: number, endMs: number, totalTxs: number): Made {
  const key = `${seed} ${endMs} ${totalTxs}`;
  let entry = made.get(key);
  if (entry) {
    made.delete(key);
    // Frozen when first shared, not when made: freezing costs a tenth of making it, which the usual single start
    // (`svc emulator start`) need not pay. Nothing changes a stored transaction; freezing makes sure it stays so.
    if (!entry.frozen) {
      for (const tx of entry.history) deepFreeze(tx);
      Object.freeze(entry.history);
      entry.frozen = true;
    }
  } else {
    const generator = new ChainDataGenerator(new Prng(seed, 1));
    const history = generator.history(endMs, totalTxs);
    entry = { history, frozen: false, after: generator.position(), placed: new Map() };
    if (made.size >= KEPT_HISTORIES) made.delete(made.keys().next().value!);
  }
  made.set(key, entry);
  return entry;
}

/** How many histories are kept, for the test that bounds it. */
export function keptHistories(): number {
  return made.size;
}

function deepFreeze(value: object): void {
  Object.freeze(value);
  for (const child of Object.values(value)) {
    if (typeof child === 'object' && child !== null && !Object.isFrozen(child)) deepFreeze(child);
  }
}
