// The chain's kept records: the seed and end of the generated history (kind `chain`), each block made after it (kind
// `block`, keyed chainId:number, generated and injected alike), and the injected transactions an older emulator kept
// one by one (kind `transaction`, keyed by hash). Each start makes the history again from the kept seed and places
// the kept blocks after it, so what was listed is listed again, as it was.
import type { BlockFacts, StoredTx } from '../chain-data.js';
import { CHAINS, unknownChain } from '../chains.js';
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

/** A block as the chain holds it in memory. */
interface KeptBlock {
  injected: boolean;
  /** Hashes of its transactions a message names. */
  notified: readonly string[];
  txs: readonly StoredTx[];
}

/** A transaction as its block's record holds it: without what the block says once and what is derived from the rest. */
type RecordedTx = Pick<StoredTx, 'item' | 'detail' | 'blockIndex'>;

/** A block's record: its facts once, its transactions without what is derived (a sixth of their bytes). */
interface BlockRecord {
  injected: boolean;
  notified: readonly string[];
  facts: BlockFacts;
  txs: RecordedTx[];
}

/** A record as read or applied, made into a block when placed (a block's facts may need its parent). */
type Pending = { kind: string; key: string; value: KeptBlock } | { kind: string; key: string; block: ChainBlock };

export class ChainRecords implements KeptResource {
  readonly kinds = [BLOCK_KIND, LEGACY_TRANSACTION_KIND, CHAIN_KIND];
  genesis: ChainGenesis | undefined;
  /** Every kept block, by `kind key`. */
  private readonly records = new Map<string, Pending>();
  private ledger: ChainLedger | undefined;
  /** The block each record planned in this process was made from. */
  private readonly planned = new WeakMap<object, KeptBlock>();

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
    const record = blockRecord(block, block.facts);
    this.planned.set(record, block);
    return [[BLOCK_KIND, block.recordKey!, record]];
  }

  /** Records that go: blocks that left the window (see ChainLedger.takeLeftWindow). */
  planForget(blocks: readonly ChainBlock[]): KeptEntry[] {
    return blocks.map((block): KeptEntry => [
      block.injected && isLegacy(block) ? LEGACY_TRANSACTION_KIND : BLOCK_KIND,
      block.recordKey!,
      null,
    ]);
  }

  /** Every injected block kept, as the chain holds it (`ledger`: the chain the records joined). */
  injectedBlocks(ledger: ChainLedger): ChainBlock[] {
    if (this.ledger !== ledger) throw new Error('the kept blocks are not placed in this chain');
    return [...this.records.values()].flatMap((record) => ('block' in record && record.block.injected ? [record.block] : []));
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
    // A record planned here is applied with the transactions it was planned from; one read back is made whole again.
    const planned = typeof value === 'object' ? this.planned.get(value) : undefined;
    const record: Pending = { kind, key, value: planned ?? keptBlock(kind, value) };
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
      const block = 'value' in record ? record.value : record.block;
      if (record.kind === LEGACY_TRANSACTION_KIND) yield [record.kind, record.key, block.txs[0]];
      else yield [record.kind, record.key, blockRecord(block, block.txs[0]!.block!)];
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

/** A kept value as a block: an older emulator kept an injected transaction alone, as its own block. */
function keptBlock(kind: string, value: unknown): KeptBlock {
  if (kind === LEGACY_TRANSACTION_KIND) {
    const tx = value as StoredTx;
    return { injected: true, notified: [tx.item.txHash], txs: [tx] };
  }
  const record = value as BlockRecord;
  return { injected: record.injected, notified: record.notified, txs: record.txs.map((tx) => storedTx(tx, record.facts)) };
}

function blockRecord(block: KeptBlock, facts: BlockFacts): BlockRecord {
  return {
    injected: block.injected,
    notified: [...block.notified],
    facts,
    txs: block.txs.map(({ item, detail, blockIndex }) => ({ item, detail, blockIndex })),
  };
}

/** A recorded transaction made whole again: its sort keys, network and the addresses and topics a webhook matches on. */
function storedTx(recorded: RecordedTx, facts: BlockFacts): StoredTx {
  const { item, detail } = recorded;
  const info = CHAINS.find((chain) => chain.chainId === item.chainId) ?? unknownChain(item.chainId);
  const participants = new Set<string>([item.from.address.toLowerCase(), item.to.address.toLowerCase()]);
  for (const move of [...detail.erc20Transfers, ...detail.erc721Transfers, ...detail.erc1155Transfers, ...detail.internalTransactions]) {
    participants.add(move.from.toLowerCase()).add(move.to.toLowerCase());
  }
  for (const log of detail.logs) participants.add(log.address.toLowerCase());
  return {
    ms: item.blockTimestampMilliseconds!,
    chainNum: info.chainNum,
    network: info.network,
    blockIndex: recorded.blockIndex,
    item,
    detail,
    participants: [...participants],
    topic0s: [...new Set(detail.logs.map((log) => log.topic0.toLowerCase()))],
    block: facts,
  };
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
