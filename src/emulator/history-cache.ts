// Seeded history made once per process: a seeded start always makes the same history, and making it is most of the
// cost of a start (the tests start the emulator seeded many times in one process).
import { ChainDataGenerator } from './chain-data.js';
import type { GeneratorPosition, StoredTx } from './chain-data.js';
import { Prng } from './prng.js';

interface Made {
  /** Every emulator started from this seed holds these same objects; frozen, deeply, once a second one does. */
  history: readonly StoredTx[];
  frozen: boolean;
  /** Where the generator stood after it, so each emulator's later blocks are the ones a fresh history leads to. */
  after: GeneratorPosition;
}

/** Histories kept, the least recently used forgotten first: a few seeds' worth (about 12 MB each), never more. */
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
    entry = { history, frozen: false, after: generator.position() };
    if (made.size >= KEPT_HISTORIES) made.delete(made.keys().next().value!);
  }
  made.set(key, entry);
  return { generator: new ChainDataGenerator(new Prng(seed, 1), entry.after), history: entry.history };
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
