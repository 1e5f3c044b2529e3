// A seeded history is made once per process and shared by every emulator started from that seed (history-cache.ts).
// What must hold: a shared history, and everything generated after it, is what a fresh generation gives; and what one
// emulator does (API calls, blocks, injections, a reset) never shows in another started from the same seed.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ChainDataGenerator } from '../../src/emulator/chain-data.js';
import type { InjectionInput, StoredTx } from '../../src/emulator/chain-data.js';
import { DEFAULT_DELIVERY_TUNING } from '../../src/emulator/deliveries/queue.js';
import { keptHistories, seededHistory } from '../../src/emulator/history-cache.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { Prng } from '../../src/emulator/prng.js';
import { EmulatorState, HISTORY_TRANSACTIONS, SEEDED_HISTORY_END_MS } from '../../src/emulator/state.js';
import { compareListing } from '../../src/emulator/transactions/listing-order.js';
import type { CreateWebhookRequest } from '../../src/schema/index.js';
import { API_KEY, call, startTestEmulator, webhookBody } from '../helpers/emulator-helpers.js';

/** Seeds no other test starts, so the first use here is the one that makes the history. */
const SEED = 910_001;
/** Enough transactions for every kind of draft on every chain; the emulators' full size only where they start one. */
const SMALL = 300;
const WATCHED = '0x1111111111111111111111111111111111111111';
const LATER_MS = 2_000_000_000_000;

/** A digest of everything the transactions hold, notification detail and match keys included (a short diff on failure). */
const digest = (text: string): string => createHash('sha256').update(text).digest('hex');
const everything = (txs: readonly StoredTx[]): string => `${txs.length} ${digest(JSON.stringify(txs))}`;

/** The history as a generator of its own makes it, without the cache. */
function fresh(seed: number, totalTxs: number): { generator: ChainDataGenerator; history: StoredTx[] } {
  const generator = new ChainDataGenerator(new Prng(seed, 1));
  return { generator, history: generator.history(SEEDED_HISTORY_END_MS, totalTxs) };
}

const injection = (chainId: string): InjectionInput => ({
  chainId,
  from: WATCHED,
  // A mint (from the zero address): a sender must hold what it sends.
  erc20Transfers: [{ from: '0x0000000000000000000000000000000000000000', to: '0x2222222222222222222222222222222222222222', value: 5n }],
  erc721Transfers: [],
  erc1155Transfers: [],
  internalTransactions: [],
  logs: [],
});

/** What a generator makes after its history: a block on every catalogue chain (one watched), on a new chain, an injection. */
function after(generator: ChainDataGenerator): StoredTx[] {
  const blocks = generator
    .catalogueChains()
    .flatMap((chain, k) => generator.syntheticBlock(chain, LATER_MS + k, k === 0 ? [{ address: WATCHED, eventSignatures: [] }] : []));
  blocks.push(...generator.syntheticBlock(generator.chain('777'), LATER_MS, []));
  blocks.push(generator.injectedBlock(injection('43114'), LATER_MS + 50));
  return blocks;
}

describe('a seeded history made once per process', () => {
  it('is shared, equal to a fresh generation, and each generator goes on exactly as a fresh one does', () => {
    const first = seededHistory(SEED, SEEDED_HISTORY_END_MS, SMALL);
    const second = seededHistory(SEED, SEEDED_HISTORY_END_MS, SMALL);
    const reference = fresh(SEED, SMALL);
    // Shared indeed, not made again (else the cache would save nothing).
    expect(second.history).toBe(first.history);
    expect(first.history).toHaveLength(reference.history.length);
    expect(everything(first.history)).toBe(everything(reference.history));
    // The generators are each its own: the first one's blocks do not move the second one on.
    const expected = everything(after(reference.generator));
    expect(everything(after(first.generator))).toBe(expected);
    expect(everything(after(second.generator))).toBe(expected);
    // Another seed, or other generation parameters, are another history.
    expect(seededHistory(SEED + 1, SEEDED_HISTORY_END_MS, SMALL).history[0]!.item.txHash).not.toBe(first.history[0]!.item.txHash);
    expect(seededHistory(SEED, SEEDED_HISTORY_END_MS + 1, SMALL).history.at(-1)!.ms).toBe(SEEDED_HISTORY_END_MS + 1);
  });

  it('is frozen once shared: a change to a shared transaction throws instead of showing in another emulator', () => {
    const { history } = seededHistory(SEED + 2, SEEDED_HISTORY_END_MS, SMALL);
    seededHistory(SEED + 2, SEEDED_HISTORY_END_MS, SMALL);
    const tx = history.find((candidate) => candidate.detail.logs.length > 0)!;
    expect(() => {
      (tx.item as { txHash: string }).txHash = '0x';
    }).toThrow(TypeError);
    expect(() => tx.participants.push('0x')).toThrow(TypeError);
    expect(() => {
      (tx.detail.logs[0] as { data: string }).data = '0x';
    }).toThrow(TypeError);
    expect(() => (history as StoredTx[]).pop()).toThrow(TypeError);
  });

  it('keeps at most four histories, the least recently used forgotten first', () => {
    const kept = seededHistory(SEED + 10, SEEDED_HISTORY_END_MS, SMALL).history;
    for (let k = 1; k <= 3; k++) seededHistory(SEED + 10 + k, SEEDED_HISTORY_END_MS, 30);
    // Used again: the most recent now, so the two below push out others.
    expect(seededHistory(SEED + 10, SEEDED_HISTORY_END_MS, SMALL).history).toBe(kept);
    for (let k = 4; k <= 5; k++) seededHistory(SEED + 10 + k, SEEDED_HISTORY_END_MS, 30);
    expect(keptHistories()).toBe(4);
    expect(seededHistory(SEED + 10, SEEDED_HISTORY_END_MS, SMALL).history).toBe(kept);
    // Forgotten: made again, equal but not the same objects.
    const remade = seededHistory(SEED + 11, SEEDED_HISTORY_END_MS, 30).history;
    expect(everything(remade)).toBe(everything(fresh(SEED + 11, 30).history));
    expect(keptHistories()).toBe(4);
  });
});

describe('two emulators from one seed', () => {
  /** The seed's history made without the cache, once for both tests (making one is most of a start's cost). */
  let reference: ReturnType<typeof fresh> | undefined;
  const referenceHistory = () => (reference ??= fresh(SEED + 3, HISTORY_TRANSACTIONS)).history;
  const running: RunningEmulator[] = [];
  const states: EmulatorState[] = [];
  afterEach(async () => {
    for (const state of states.splice(0)) state.close();
    await Promise.all(running.splice(0).map((emulator) => emulator.close()));
  });

  it('blocks, injections, webhooks and a reset in one leave the other as a fresh one, and it goes on as a fresh one', async () => {
    const tuning = { ...DEFAULT_DELIVERY_TUNING, retryDelayMs: () => 60_000 };
    const busy = new EmulatorState(SEED + 3, true, tuning);
    const quiet = new EmulatorState(SEED + 3, true, tuning);
    states.push(busy, quiet);
    await Promise.all([busy.begin(), quiet.begin()]);
    const history = referenceHistory();

    const request = {
      url: 'http://127.0.0.1:9/hook',
      chainId: '43114',
      eventType: 'address_activity',
      metadata: { addresses: [WATCHED] },
    } as CreateWebhookRequest;
    await busy.addAddresses(await busy.createWebhook(request, 'k'), ['0x3333333333333333333333333333333333333333']);
    for (let tick = 0; tick < 5; tick++) await busy.syntheticTick(LATER_MS + tick * 1_000);
    expect((await busy.inject(injection('43114'))).messageIds).toHaveLength(1);
    await busy.inject(injection('99999'));
    await busy.reset();
    expect(busy.store.all().length).toBeGreaterThan(history.length);

    expect(everything(quiet.store.all())).toBe(everything(history));
    // The blocks made after it: the quiet one's first tick (no webhooks: no draws but the generator's) is a fresh
    // generator's first block on each catalogue chain.
    const shared = new Set(quiet.store.all());
    await quiet.syntheticTick(LATER_MS);
    const made = quiet.store.all().filter((tx) => !shared.has(tx));
    const generator = reference!.generator;
    const expected = generator
      .catalogueChains()
      .flatMap((chain) => generator.syntheticBlock(chain, LATER_MS, []))
      .sort((a, b) => compareListing(b, a));
    expect(made.length).toBeGreaterThan(0);
    expect(everything(made)).toBe(everything(expected));
  });

  it('API calls on one (webhooks, injections, a reset) leave the other listing exactly a fresh history', async () => {
    const [busy, quiet] = await Promise.all([startTestEmulator({ seed: SEED + 3 }), startTestEmulator({ seed: SEED + 3 })]);
    running.push(busy, quiet);
    const created = await call(busy.url, 'POST', '/v1/webhooks', {
      key: API_KEY,
      body: webhookBody({ metadata: { addresses: [WATCHED] } }),
    });
    expect(created.status).toBe(201);
    for (const chainId of ['43114', '43113', '555']) {
      const injected = await call(busy.url, 'POST', '/_emulator/transactions', { body: { chainId, from: WATCHED } });
      expect(injected.status).toBe(201);
    }
    expect((await call(busy.url, 'POST', '/_emulator/reset')).status).toBe(200);
    expect((await call(busy.url, 'POST', '/_emulator/transactions', { body: { chainId: '43114', from: WATCHED } })).status).toBe(201);

    const listed: string[] = [];
    let pageToken: string | undefined;
    do {
      const page = await call(quiet.url, 'GET', `/v1/transactions?pageSize=100${pageToken ? `&pageToken=${pageToken}` : ''}`);
      expect(page.status).toBe(200);
      listed.push(...page.body.transactions.map((item: unknown) => JSON.stringify(item)));
      pageToken = page.body.nextPageToken;
    } while (pageToken);
    const expected = referenceHistory()
      .map((tx) => JSON.stringify(tx.item))
      .reverse();
    expect(listed).toHaveLength(expected.length);
    expect(digest(listed.join('\n'))).toBe(digest(expected.join('\n')));
  });
});
