// The chain's kept records: the seed and end of the generated history (kind `chain`), each block made after it (kind
// `block`, keyed chainId:number, generated and injected alike), and the injected transactions an older emulator kept
// one by one (kind `transaction`, keyed by hash). Each start makes the history again from the kept seed and places
// the kept blocks after it, so what was listed is listed again, as it was.
import type { StoredTx } from '../chain-data.js';
import type { KeptEntry, KeptResource } from '../kept/change.js';
import { blockOf } from './blocks.js';
import type { ChainBlock, ChainLedger } from './ledger.js';

const BLOCK_KIND = 'block';
const LEGACY_TRANSACTION_KIND = 'transaction';
const CHAIN_KIND = 'chain';
const GENESIS_KEY = 'genesis';

/** What the generated history is made from: kept at the first start, so an unseeded folder makes it the same again. */
export interface ChainGenesis {
  seed: number;
  historyEndMs: number;
  /** Absent in folders of an earlier emulator, which made 3,000. */
  historyTransactions?: number;
}

/** A block's record. */
interface KeptBlock {
  injected: boolean;
  /** Hashes of its transactions a message names. */
  notified: string[];
  txs: StoredTx[];
}

/** A record as read or applied, made into a block when placed (a block's facts may need its parent). */
type Pending = { kind: string; key: string; value: KeptBlock } | { kind: string; key: string; block: ChainBlock };

export class ChainRecords implements KeptResource {
  readonly kinds = [BLOCK_KIND, LEGACY_TRANSACTION_KIND, CHAIN_KIND];
  genesis: ChainGenesis | undefined;
  /** Every kept block, by `kind key`. */
  private readonly records = new Map<string, Pending>();
  private ledger: ChainLedger | undefined;

  /** The chain, once made: the kept blocks are placed in it now, in chain order, and later ones as applied. */
  join(ledger: ChainLedger): void {
    this.ledger = ledger;
    const waiting = [...this.records.values()].sort((a, b) => oldestFirst(firstTx(a), firstTx(b)));
    for (const record of waiting) this.place(record);
  }

  /** Every kept transaction, in no particular order: where the generator goes on from after a restart. */
  keptTransactions(): StoredTx[] {
    return [...this.records.values()].flatMap((record) => ('block' in record ? record.block.txs : record.value.txs));
  }

  /** The record of a block made now; `notified` names the transactions a message is made for. */
  planBlock(block: ChainBlock): KeptEntry[] {
    const value: KeptBlock = { injected: block.injected, notified: [...block.notified], txs: [...block.txs] };
    return [[BLOCK_KIND, block.recordKey!, value]];
  }

  /** Records that go: blocks that left the window (see ChainLedger.takeLeftWindow). */
  planForget(blocks: readonly ChainBlock[]): KeptEntry[] {
    return blocks.map((block): KeptEntry => [
      block.injected && isLegacy(block) ? LEGACY_TRANSACTION_KIND : BLOCK_KIND,
      block.recordKey!,
      null,
    ]);
  }

  /** The records that forget every injected block (a reset; generated blocks stay). */
  planReset(): KeptEntry[] {
    const entries: KeptEntry[] = [];
    for (const record of this.records.values()) {
      const injected = 'block' in record ? record.block.injected : record.value.injected;
      if (injected) entries.push([record.kind, record.key, null]);
    }
    return entries;
  }

  planGenesis(genesis: ChainGenesis): KeptEntry[] {
    return [[CHAIN_KIND, GENESIS_KEY, genesis]];
  }

  applyEntry(kind: string, key: string, value: unknown): void {
    if (kind === CHAIN_KIND) {
      if (key === GENESIS_KEY) this.genesis = (value as ChainGenesis | null) ?? undefined;
      return;
    }
    const id = `${kind} ${key}`;
    const before = this.records.get(id);
    if (before) {
      this.records.delete(id);
      if ('block' in before) this.ledger?.forgetBlock(before.block);
    }
    if (value === null) return;
    const record: Pending = { kind, key, value: keptBlock(kind, value) };
    this.records.set(id, record);
    if (this.ledger) this.place(record);
  }

  restore(tables: ReadonlyMap<string, ReadonlyMap<string, unknown>>): void {
    this.genesis = tables.get(CHAIN_KIND)?.get(GENESIS_KEY) as ChainGenesis | undefined;
    for (const kind of [BLOCK_KIND, LEGACY_TRANSACTION_KIND]) {
      for (const [key, value] of tables.get(kind) ?? []) this.records.set(`${kind} ${key}`, { kind, key, value: keptBlock(kind, value) });
    }
  }

  *snapshot(): Iterable<KeptEntry> {
    if (this.genesis) yield* this.planGenesis(this.genesis);
    for (const record of this.records.values()) {
      if ('value' in record) yield [record.kind, record.key, record.value];
      else {
        const { block } = record;
        yield [
          record.kind,
          record.key,
          record.kind === LEGACY_TRANSACTION_KIND ? block.txs[0] : { injected: block.injected, notified: block.notified, txs: block.txs },
        ];
      }
    }
  }

  private place(record: Pending): void {
    if ('block' in record) return;
    const { value } = record;
    const block = blockOf(
      value.txs,
      { injected: value.injected, notified: value.notified, recordKey: record.key },
      this.ledger!.head(value.txs[0]!.item.chainId),
    );
    // The record now holds the block the chain holds (one copy in memory, not two).
    this.records.set(`${record.kind} ${record.key}`, { kind: record.kind, key: record.key, block });
    this.ledger!.placeBlock(block);
  }
}

/** A kept value as a block's record: an older emulator kept an injected transaction alone, as its own block. */
function keptBlock(kind: string, value: unknown): KeptBlock {
  if (kind === LEGACY_TRANSACTION_KIND) {
    const tx = value as StoredTx;
    return { injected: true, notified: [tx.item.txHash], txs: [tx] };
  }
  return value as KeptBlock;
}

function isLegacy(block: ChainBlock): boolean {
  return !block.recordKey!.includes(':');
}

function firstTx(record: Pending): StoredTx {
  return 'block' in record ? record.block.txs[0]! : record.value.txs[0]!;
}

/** Chain order across chains: older first, so each chain's blocks come in their order. */
function oldestFirst(a: StoredTx, b: StoredTx): number {
  return a.ms - b.ms || b.chainNum - a.chainNum || Number(a.item.blockNumber) - Number(b.item.blockNumber);
}
