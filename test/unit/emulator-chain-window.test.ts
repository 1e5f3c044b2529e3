// The chain's window across restarts (issue 37, item 1): blocks leave a small window and their records are deleted,
// yet a restart at any point (a clean stop; a kill with the eviction's log line torn; a kill right after it) answers
// every balance, owner, contract and NFT as an emulator that never restarted, the generator goes on from the
// positions and nonces those blocks left (it never spends what a sender does not hold, never reuses a nonce), heights
// never go back, a reset's heights are never made again, and every transaction a message names stays found by hash.
// The state is driven in this process with an injected clock: no timers (a kill waits 50 ms for file operations).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { InjectionInput, StoredTx } from '../../src/emulator/chain-data.js';
import { Holdings } from '../../src/emulator/holdings/store.js';
import { DataDir, NODE_FILES } from '../../src/emulator/kept/data-dir.js';
import type { KeptFiles } from '../../src/emulator/kept/data-dir.js';
import { EmulatorState } from '../../src/emulator/state.js';
import { FAST_DELIVERY } from '../helpers/emulator-helpers.js';
import { check } from '../helpers/check.js';

/** A window far smaller than a run: blocks leave it every few ticks. */
const WINDOW = 60;
/** Transactions a message names kept findable past the window: small, so their records go too. */
const PINNED = 4;
const HISTORY = 40;
const SEED = 7;
const START_MS = 1_800_000_000_000;
const SENDER = '0x71c7656ec7ab88b098defb751b7401b5f6d8976f';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A kill the test arms: the next write to the log holding an eviction's summary is cut at `fraction` of its bytes, and the process stops there. */
interface Kill {
  armed: boolean;
  fraction: number;
  happened?: () => void;
}

interface Running {
  state: EmulatorState;
  dataDir: DataDir;
  killed: Promise<void>;
}

async function open(folder: string, kill: Kill): Promise<Running> {
  /** Set once opened: the files' writes reach it only after. */
  const opened: { dataDir?: DataDir } = {};
  let happened!: () => void;
  const killed = new Promise<void>((resolve) => (happened = resolve));
  /** Snapshots being written: a kill in one loses nothing acknowledged, and may land while a change is being synced. */
  const snapshots = new WeakSet<object>();
  const files: KeptFiles = {
    ...NODE_FILES,
    async write(handle, data) {
      if (data.includes('svc-emulator-snapshot')) snapshots.add(handle);
      if (kill.armed && !snapshots.has(handle) && data.includes('"carried"')) {
        kill.armed = false;
        const cut = Math.floor(data.length * kill.fraction);
        if (cut > 0) await handle.write(data, 0, cut);
        opened.dataDir!.abandon();
        happened();
        return new Promise<void>(() => {});
      }
      return NODE_FILES.write(handle, data);
    },
  };
  const state = new EmulatorState(SEED, true, FAST_DELIVERY, undefined, {
    retainedTransactions: WINDOW,
    pinnedTransactions: PINNED,
    historyTransactions: HISTORY,
  });
  const dataDir = await DataDir.open(folder, state.router, { warn: () => {}, files, compactAfterBytes: 40_000 });
  opened.dataDir = dataDir;
  state.keepWith(dataDir);
  await state.begin();
  return { state, dataDir, killed };
}

/** Every balance, owner, NFT and contract the reference knows of, as `holdings` answers it. */
function holdingsView(holdings: Holdings, seen: Seen): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  for (const [chainId, addresses] of seen.addresses) {
    view[`${chainId} latest`] = holdings.latestBlock(chainId);
    view[`${chainId} known`] = holdings.knows(chainId);
    for (const address of addresses) {
      view[`${chainId} ${address} native`] = String(holdings.nativeBalance(chainId, address));
      view[`${chainId} ${address} erc20`] = holdings
        .erc20Holdings(chainId, address)
        .map((held) => `${held.contract.address} ${held.balance}`);
      view[`${chainId} ${address} erc721`] = holdings.erc721Owned(chainId, address).map((token) => `${token.collection} ${token.tokenId}`);
      view[`${chainId} ${address} erc1155`] = holdings
        .erc1155Held(chainId, address)
        .map(({ token, balance }) => `${token.collection} ${token.tokenId} ${balance}`);
      view[`${chainId} ${address} contract`] = holdings.contract(chainId, address);
    }
    for (const collection of seen.collections.get(chainId) ?? []) {
      view[`${chainId} ${collection} tokens`] = holdings
        .collectionTokens(chainId, collection)
        ?.map((token) => `${token.tokenId} ${token.owner ?? '-'} ${token.firstSeen}`);
    }
  }
  view.placed = holdings.placedTransactions;
  return view;
}

/** Everything listed so far, fed in chain order to holdings that never restart. */
class Seen {
  readonly reference = new Holdings();
  readonly txs = new Map<string, string>();
  readonly blocks = new Map<string, string>();
  readonly heads = new Map<string, number>();
  readonly nonces = new Map<string, number>();
  readonly addresses = new Map<string, Set<string>>();
  readonly collections = new Map<string, Set<string>>();
  /** Injected transactions, oldest first: the newest PINNED of them must be found by hash. */
  readonly named: string[] = [];
  /** How many transactions each address of chain 43113 sent. */
  readonly senders = new Map<string, number>();

  /** Takes in what the state lists now that was not listed before, checking each new transaction as the chain takes it. */
  take(state: EmulatorState, restartedAt: Map<string, number> | undefined): void {
    const fresh = state.store.all().filter((tx) => !this.txs.has(tx.item.txHash));
    fresh.sort((a, b) => a.chainNum - b.chainNum || Number(a.item.blockNumber) - Number(b.item.blockNumber) || a.blockIndex - b.blockIndex);
    for (const tx of fresh) {
      const { chainId, blockNumber, blockHash, txHash } = tx.item;
      this.txs.set(txHash, JSON.stringify(state.store.listingJson(tx)));
      const blockKey = `${chainId}:${blockNumber}`;
      check((this.blocks.get(blockKey) ?? blockHash) === blockHash, () => `block ${blockKey} made twice`);
      this.blocks.set(blockKey, blockHash);
      if (restartedAt?.has(chainId)) {
        check(Number(blockNumber) > restartedAt.get(chainId)!, () => `chain ${chainId} made a block at or below a height it had made`);
      }
      this.heads.set(chainId, Math.max(this.heads.get(chainId) ?? 0, Number(blockNumber)));
      const sender = `${chainId} ${tx.item.from.address.toLowerCase()}`;
      const nonce = Number(tx.item.nonce);
      if (this.nonces.has(sender)) check(nonce > this.nonces.get(sender)!, () => `nonce ${nonce} of ${sender} used again`);
      this.nonces.set(sender, Math.max(this.nonces.get(sender) ?? -1, nonce));
      const refusal = this.reference.refusal(tx);
      check(refusal.length === 0, () => `transaction ${txHash} spends what its sender does not hold: ${refusal.join('; ')}`);
      this.reference.placed(tx);
      this.learn(tx);
      if (chainId === '43113')
        this.senders.set(tx.item.from.address.toLowerCase(), (this.senders.get(tx.item.from.address.toLowerCase()) ?? 0) + 1);
    }
  }

  private learn(tx: StoredTx): void {
    const chainId = tx.item.chainId;
    let addresses = this.addresses.get(chainId);
    if (!addresses) this.addresses.set(chainId, (addresses = new Set()));
    let collections = this.collections.get(chainId);
    if (!collections) this.collections.set(chainId, (collections = new Set()));
    for (const address of tx.participants) addresses.add(address);
    if (tx.detail.contractAddress) addresses.add(tx.detail.contractAddress.toLowerCase());
    for (const transfer of [...tx.detail.erc721Transfers, ...tx.detail.erc1155Transfers]) {
      collections.add((transfer.type === 'ERC721' ? transfer.erc721Token : transfer.erc1155Token).address.toLowerCase());
    }
  }
}

type Step =
  | { kind: 'ticks'; count: number }
  | { kind: 'inject' }
  /** A tick and injections at once: changes that carry blocks out of the window may be planned side by side. */
  | { kind: 'together' }
  /** Tokens minted to the generator's busiest sender: a reset must take them back from what the generator moves too. */
  | { kind: 'mint' }
  | { kind: 'reset' }
  | { kind: 'restart'; how: 'clean' | 'after' | 'torn'; fraction: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 2, max: 8 }).map((count): Step => ({ kind: 'ticks', count })) },
  { weight: 2, arbitrary: fc.constant<Step>({ kind: 'inject' }) },
  { weight: 2, arbitrary: fc.constant<Step>({ kind: 'together' }) },
  { weight: 1, arbitrary: fc.constant<Step>({ kind: 'mint' }) },
  { weight: 1, arbitrary: fc.constant<Step>({ kind: 'reset' }) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom('clean' as const, 'after' as const, 'torn' as const), fc.double({ min: 0, max: 0.99, noNaN: true }))
      .map(([how, fraction]): Step => ({ kind: 'restart', how, fraction })),
  },
);

function injection(count: number): InjectionInput {
  return {
    chainId: '43113',
    from: SENDER,
    value: BigInt(count),
    erc20Transfers: [],
    internalTransactions: [],
    logs: [],
    // An NFT of the sender's own, minted to it: its owner must survive the block's leaving.
    erc721Transfers: [{ from: '0x0000000000000000000000000000000000000000', to: SENDER, tokenId: 1_000_000n + BigInt(count) }],
    erc1155Transfers: [],
  };
}

/** An ERC-20 mint of each of three tokens (the generator's choice) to `holder`: more than it will ever send. */
function mint(holder: string): InjectionInput {
  const transfer = { from: '0x0000000000000000000000000000000000000000', to: holder, value: 10n ** 30n };
  return {
    chainId: '43113',
    from: SENDER,
    erc20Transfers: [transfer, transfer, transfer],
    internalTransactions: [],
    logs: [],
    erc721Transfers: [],
    erc1155Transfers: [],
  };
}

const RESET_WHILE_WAITING_TO_BE_CARRIED: Step[] = [
  { kind: 'together' },
  { kind: 'together' },
  { kind: 'ticks', count: 4 },
  { kind: 'reset' },
  { kind: 'ticks', count: 2 },
  { kind: 'ticks', count: 2 },
  { kind: 'mint' },
  { kind: 'restart', how: 'clean', fraction: 0 },
  { kind: 'inject' },
  { kind: 'ticks', count: 2 },
];

describe('the chain past its window, across restarts', () => {
  it('answers every balance, owner and nonce after any restart as it did before, counting each evicted block once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 6, maxLength: 12 }), async (steps) => {
        const folder = mkdtempSync(join(tmpdir(), 'svc-window-'));
        folders.push(folder);
        const kill: Kill = { armed: false, fraction: 0 };
        let running = await open(folder, kill);
        const seen = new Seen();
        let clock = START_MS;
        let injected = 0;
        /** After a reset, NFTs and contracts that only forgotten transactions showed stay known until a restart. */
        let resetYet = false;
        /** Each chain's head when the emulator last restarted or reset: no block at or below it may be made after. */
        let madeUpTo: Map<string, number> | undefined;
        seen.take(running.state, madeUpTo);
        const ticks = async (count: number) => {
          for (let tick = 0; tick < count; tick++) {
            clock += 2_000;
            // A kill leaves the tick's change unsettled for good: the kill is what ends the wait.
            await Promise.race([running.state.syntheticTick(clock), running.killed]);
            seen.take(running.state, madeUpTo);
          }
        };
        try {
          for (const step of [...steps, { kind: 'restart', how: 'clean', fraction: 0 } as Step]) {
            if (step.kind === 'ticks') await ticks(step.count);
            else if (step.kind === 'inject') {
              injected++;
              const made = await running.state.inject(injection(injected));
              seen.named.push(made.txHash);
              seen.take(running.state, madeUpTo);
            } else if (step.kind === 'together') {
              clock += 2_000;
              const made = await Promise.all([
                running.state.syntheticTick(clock),
                ...[1, 2, 3].map(() => running.state.inject(injection(++injected))),
              ]);
              for (const answer of made.slice(1)) seen.named.push((answer as { txHash: string }).txHash);
              seen.take(running.state, madeUpTo);
            } else if (step.kind === 'mint') {
              const busiest = [...seen.senders].sort((a, b) => b[1] - a[1])[0]![0];
              const made = await running.state.inject(mint(busiest));
              seen.named.push(made.txHash);
              seen.take(running.state, madeUpTo);
            } else if (step.kind === 'reset') {
              const state = running.state;
              const forgotten = state.chainRecords.injectedBlocks(state.chain).flatMap((block) => block.txs);
              await state.reset();
              // What the reset forgot leaves the reference as it leaves the emulator's holdings: newest first.
              for (const tx of forgotten.reverse()) seen.reference.removed(tx);
              resetYet = true;
              // A reset forgets the injected transactions, and the messages that named them.
              seen.named.length = 0;
              madeUpTo = new Map(seen.heads);
            } else {
              if (step.how === 'torn') {
                kill.armed = true;
                kill.fraction = step.fraction;
                // Ticks until one carries blocks out of the window, whose line is then cut: that change is never
                // applied, so the state in memory is what was acknowledged.
                for (let guard = 0; guard < 40 && kill.armed; guard++) await ticks(1);
              }
              const before = running.state;
              const beforeView = holdingsView(before.holdings, seen);
              const beforeHeads = new Map(before.chain.chainIds().map((chainId) => [chainId, before.chain.head(chainId)?.number]));
              if (step.how === 'clean') {
                before.close();
                await running.dataDir.close();
              } else {
                running.dataDir.abandon();
                before.close();
                kill.armed = false;
                rmSync(join(folder, 'emulator.lock'), { force: true });
                // A file operation under way (a compaction's removal of a log) completes, as the system completes a
                // dead process's: the next start must not read the folder meanwhile (as the model test waits).
                await new Promise((resolve) => setTimeout(resolve, 50));
              }
              running = await open(folder, kill);
              madeUpTo = new Map(seen.heads);
              const after = running.state;
              const afterView = holdingsView(after.holdings, seen);
              const compared = (view: Record<string, unknown>) =>
                resetYet ? Object.fromEntries(Object.entries(view).filter(([key]) => !/ (tokens|contract)$/.test(key))) : view;
              expect(compared(afterView), 'the holdings after the restart').toEqual(compared(holdingsView(seen.reference, seen)));
              // What was answered just before a clean stop, or an acknowledged change, is answered the same.
              expect(compared(afterView), 'the holdings before and after the restart').toEqual(compared(beforeView));
              for (const [chainId, head] of beforeHeads) {
                expect(after.chain.head(chainId)?.number, `the head of chain ${chainId} moved`).toBe(head);
              }
              for (const hash of seen.named.slice(-PINNED)) {
                expect(after.chain.transaction(hash)?.tx.item.txHash, `injected ${hash} not found by hash`).toBe(hash);
              }
            }
          }
        } finally {
          running.state.close();
          await running.dataDir.close().catch(() => {});
        }
      }),
      // As in the model test: SVC_MODEL_RUNS runs more; SVC_MODEL_SEED and SVC_MODEL_PATH replay a failure printed.
      {
        numRuns: Number(process.env.SVC_MODEL_RUNS ?? 4),
        // Always first, a draw that once failed: an injected block out of the window, its record not yet deleted, forgotten
        // by a reset and then carried into the summary all the same (back after a restart).
        examples: [[RESET_WHILE_WAITING_TO_BE_CARRIED]],
        ...(process.env.SVC_MODEL_SEED && { seed: Number(process.env.SVC_MODEL_SEED), path: process.env.SVC_MODEL_PATH }),
      },
    );
  }, 60_000);

  it('after a reset, generates no transfer of tokens that only the forgotten injections gave', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'svc-window-'));
    folders.push(folder);
    const running = await open(folder, { armed: false, fraction: 0 });
    const seen = new Seen();
    try {
      for (let tick = 1; tick <= 30; tick++) {
        await running.state.syntheticTick(START_MS + tick * 2_000);
        seen.take(running.state, undefined);
      }
      // Every sender of the chain gets more of three of its tokens than it will ever send; then the reset takes it back.
      for (const sender of seen.senders.keys()) await running.state.inject(mint(sender));
      seen.take(running.state, undefined);
      const forgotten = running.state.chainRecords.injectedBlocks(running.state.chain).flatMap((block) => block.txs);
      await running.state.reset();
      for (const tx of forgotten.reverse()) seen.reference.removed(tx);
      // Each transaction generated from here is checked against the reference: a sender holds what it sends.
      for (let tick = 31; tick <= 60; tick++) {
        await running.state.syntheticTick(START_MS + tick * 2_000);
        seen.take(running.state, undefined);
      }
    } finally {
      running.state.close();
      await running.dataDir.close();
    }
  });

  it('never makes again a block number or a nonce of the injections a reset forgot, after a restart', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'svc-window-'));
    folders.push(folder);
    const kill: Kill = { armed: false, fraction: 0 };
    let running = await open(folder, kill);
    const forgotten = [];
    for (let count = 1; count <= 2; count++) {
      const { txHash } = await running.state.inject(injection(count));
      forgotten.push(running.state.chain.transaction(txHash)!.tx);
    }
    await running.state.reset();
    const last = forgotten.at(-1)!;
    expect(running.state.chain.transaction(last.item.txHash), 'an injection a reset forgot').toBeUndefined();
    running.state.close();
    await running.dataDir.close();
    running = await open(folder, kill);
    try {
      const { txHash } = await running.state.inject(injection(3));
      const made = running.state.chain.transaction(txHash)!.tx;
      expect(Number(made.item.blockNumber), 'the block number after a reset and a restart').toBeGreaterThan(Number(last.item.blockNumber));
      expect(Number(made.item.nonce), "the sender's nonce after a reset and a restart").toBe(Number(last.item.nonce) + 1);
      expect(made.block?.parentHash, 'the parent of the next block').toBe(last.item.blockHash);
    } finally {
      running.state.close();
      await running.dataDir.close();
    }
  });
});
