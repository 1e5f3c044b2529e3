// The emulator's webhook indexes under random changes, and its route tables: the matcher and every route over real HTTP.
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredTx } from '../../src/emulator/chain-data.js';
import { DEFAULT_DELIVERY_TUNING } from '../../src/emulator/deliveries/queue.js';
import type { RunningEmulator } from '../../src/emulator/options.js';
import { Prng } from '../../src/emulator/prng.js';
import { RouteTable } from '../../src/emulator/router.js';
import { startEmulatorServer } from '../../src/emulator/server.js';
import { EmulatorState } from '../../src/emulator/state.js';
import { AddressList } from '../../src/emulator/webhooks/address-list.js';
import { RawJson } from '../../src/emulator/kept/change.js';
import { toWebhook, WebhookStore, webhookJsonParts } from '../../src/emulator/webhooks/store.js';
import type { StoredWebhook, WebhookChanges, WebhookCursor } from '../../src/emulator/webhooks/store.js';
import type { CreateWebhookRequest, WebhookStatus } from '../../src/schema/index.js';
import { API_KEY, call, testOptions, webhookBody } from '../helpers/emulator-helpers.js';

/** The seed the tests' emulators start from (testOptions'): a seed this process has made before starts at once. */
const TEST_SEED = testOptions().seed!;

const CHAINS = ['43114', '43113', '77777'];
/** A small pool, so webhooks share addresses and transactions often touch several of them; hex letters make case matter. */
const POOL = Array.from({ length: 10 }, (_, i) => '0x' + (0xabc0 + i).toString(16).padStart(40, 'e'));
const SIGNATURES = ['a', 'b', 'c'].map((digit) => '0x' + digit.repeat(64));
const OWNERS = ['k1', 'k2'];

function distinct(rng: Prng, items: readonly string[], min: number, max: number): string[] {
  const count = rng.int(min, max);
  const chosen = new Set<string>();
  while (chosen.size < count) chosen.add(rng.pick(items));
  return [...chosen];
}

/** The same address in lower, upper or mixed case, as clients may send it. */
function anyCase(rng: Prng, address: string): string {
  const style = rng.int(0, 2);
  if (style === 0) return address;
  if (style === 1) return '0x' + address.slice(2).toUpperCase();
  return '0x' + [...address.slice(2)].map((char) => (rng.chance(0.5) ? char.toUpperCase() : char)).join('');
}

function randomTx(rng: Prng): StoredTx {
  const participants = distinct(rng, [...POOL, '0x' + '1'.repeat(40)], 1, 3);
  const topic0s = distinct(rng, SIGNATURES, 0, 2);
  return { item: { chainId: rng.pick(CHAINS) }, participants, topic0s } as unknown as StoredTx;
}

/** What matching must find, from a scan of every stored webhook. */
function bruteForceMatches(all: readonly StoredWebhook[], tx: StoredTx): string[] {
  return all
    .filter(
      (stored) =>
        stored.webhook.status === 'active' &&
        stored.webhook.chainId === tx.item.chainId &&
        stored.addresses.toArray().some((address) => tx.participants.includes(address.toLowerCase())) &&
        (stored.eventSignatures.size === 0 || tx.topic0s.some((topic0) => stored.eventSignatures.has(topic0))),
    )
    .map((stored) => stored.webhook.id)
    .sort();
}

const STATUS_FILTERS = [null, 'active', 'inactive'] as const;

/** Every page of an owner's listing, joined, checking that only the last page lacks a cursor. */
function walkPages(store: WebhookStore, owner: string, status: WebhookStatus | null, pageSize: number): StoredWebhook[] {
  const seen: StoredWebhook[] = [];
  let after: WebhookCursor | null = null;
  for (;;) {
    const page = store.listPage(owner, status, after, pageSize);
    seen.push(...page.items);
    if (!page.next) return seen;
    expect(page.items).toHaveLength(pageSize);
    after = page.next;
  }
}

/** The store's changes as a keeper makes them: planned from the store, then applied to it. */
function changesOf(store: WebhookStore) {
  return {
    create(request: CreateWebhookRequest, owner: string, id: string, createdAt: number): StoredWebhook {
      store.applyEntries(store.planCreate(request, owner, id, createdAt));
      return store.get(id)!;
    },
    deactivate: (stored: StoredWebhook) => store.applyEntries(store.planUpdate(stored, { status: 'inactive' })),
    activate: (stored: StoredWebhook) => store.applyEntries(store.planUpdate(stored, { status: 'active' })),
    update: (stored: StoredWebhook, changes: WebhookChanges) => store.applyEntries(store.planUpdate(stored, changes)),
    addAddresses: (stored: StoredWebhook, addresses: string[]) => store.applyEntries(store.planAddAddresses(stored, addresses)),
    removeAddresses(stored: StoredWebhook, addresses: string[]): boolean {
      const entries = store.planRemoveAddresses(stored, addresses);
      if (entries) store.applyEntries(entries);
      return entries !== null;
    },
    clear: () => store.applyEntries(store.planClear()),
    matching: (tx: StoredTx) => store.matching(tx),
    checkIndexes: () => store.checkIndexes(),
    activeChainIds: () => store.activeChainIds(),
  };
}

/** A store built at once from another's snapshot, as a restart builds it from a data directory's records. */
function restoredFrom(store: WebhookStore): WebhookStore {
  const tables = new Map<string, Map<string, unknown>>();
  for (const [kind, key, value] of store.snapshot()) {
    if (!tables.has(kind)) tables.set(kind, new Map());
    tables.get(kind)!.set(key, value instanceof RawJson ? JSON.parse(Buffer.concat(value.parts).toString()) : structuredClone(value));
  }
  const restored = new WebhookStore();
  restored.restore(tables);
  return restored;
}

describe('WebhookStore under a random sequence of changes', () => {
  it('keeps matching equal to a brute-force scan, and its indexes free of stale or empty entries, after every step', () => {
    const rng = new Prng(20_240_601);
    const store = new WebhookStore();
    const change = changesOf(store);
    /** Every stored webhook, in creation order, with the addresses it must have. */
    let all: StoredWebhook[] = [];
    let expectedAddresses = new Map<StoredWebhook, string[]>();
    let clock = 1_000;
    const counts: Record<string, number> = {};

    // 600 steps: every kind of change comes up more than once (a clear twice, a refused last removal 6 times, with up to
    // 106 webhooks, as many as in 1,200), as the counts checked at the end make sure; 1,200 and 3,000 only repeated them.
    for (let step = 0; step < 600; step++) {
      const roll = rng.next();
      const target = all.length > 0 ? rng.pick(all) : undefined;
      let op: string;
      if (roll < 0.005) {
        op = 'clear';
        change.clear();
        all = [];
        expectedAddresses = new Map();
      } else if (roll < 0.25 || !target) {
        op = 'create';
        // Mostly the same second or the next, sometimes earlier: list order must not lean on creation order alone.
        clock += rng.chance(0.05) ? -3 : rng.int(0, 1);
        const addresses = distinct(rng, POOL, 1, 4);
        const request = {
          url: 'http://127.0.0.1:9/hook',
          chainId: rng.pick(CHAINS),
          eventType: 'address_activity',
          metadata: { addresses, eventSignatures: distinct(rng, SIGNATURES, 0, 2) },
        } as CreateWebhookRequest;
        const stored = change.create(request, rng.pick(OWNERS), `wh-${step}`, clock);
        all.push(stored);
        expectedAddresses.set(stored, [...addresses]);
      } else if (roll < 0.4) {
        op = 'deactivate';
        change.deactivate(target);
      } else if (roll < 0.55) {
        op = 'activate';
        change.activate(target);
      } else if (roll < 0.75) {
        op = 'add';
        const adding = distinct(rng, POOL, 1, 3).map((address) => anyCase(rng, address));
        change.addAddresses(target, adding);
        const expected = expectedAddresses.get(target)!;
        // Kept as given, compared case-insensitively: the first spelling of an address stays.
        for (const address of adding) {
          if (!expected.some((kept) => kept.toLowerCase() === address.toLowerCase())) expected.push(address);
        }
      } else if (roll < 0.95) {
        const removing = distinct(rng, POOL, 1, 3).map((address) => anyCase(rng, address));
        const expected = expectedAddresses.get(target)!;
        const kept = expected.filter((address) => !removing.some((gone) => gone.toLowerCase() === address.toLowerCase()));
        op = kept.length > 0 ? 'remove' : 'remove the last';
        expect(change.removeAddresses(target, removing), `step ${step}: ${op}`).toBe(kept.length > 0);
        if (kept.length > 0) expectedAddresses.set(target, kept);
      } else {
        op = 'update';
        change.update(target, { name: `n${step}`, includeLogs: rng.chance(0.5), status: rng.chance(0.5) ? 'active' : 'inactive' });
      }
      counts[op] = (counts[op] ?? 0) + 1;

      const txs = Array.from({ length: 4 }, () => randomTx(rng));
      const active = all.filter((stored) => stored.webhook.status === 'active');
      const ids = (webhooks: readonly StoredWebhook[]) => webhooks.map((stored) => stored.webhook.id);
      // One listing per step, paged at a random size: over the run every owner, filter and size comes up.
      const pageSize = rng.int(1, 7);
      const pagedOwner = rng.pick(OWNERS);
      const pagedStatus = rng.pick(STATUS_FILTERS);
      const checked = all.length > 0 ? [all[all.length - 1]!, rng.pick(all)] : [];
      const actual = {
        indexProblems: store.checkIndexes(),
        pages: ids(walkPages(store, pagedOwner, pagedStatus, pageSize)),
        json: checked.map((stored) => JSON.parse(Buffer.concat(webhookJsonParts(stored)).toString())),
        addresses: all.map((stored) => stored.addresses.toArray()),
        matches: txs.map((tx) => ids(store.matching(tx)).sort()),
        activeChains: [...store.activeChainIds()].sort(),
        activeOn: CHAINS.map((chainId) => ids(store.activeOn(chainId)).sort()),
        lists: OWNERS.map((owner) => ids(store.list(owner))),
      };
      const expected = {
        indexProblems: [],
        pages: ids(store.list(pagedOwner).filter((stored) => pagedStatus === null || stored.webhook.status === pagedStatus)),
        json: checked.map((stored) => toWebhook(stored)),
        addresses: all.map((stored) => expectedAddresses.get(stored)),
        matches: txs.map((tx) => bruteForceMatches(all, tx)),
        activeChains: [...new Set(active.map((stored) => stored.webhook.chainId))].sort(),
        activeOn: CHAINS.map((chainId) => ids(active.filter((stored) => stored.webhook.chainId === chainId)).sort()),
        // Newest first; of the same createdAt, the later created first.
        lists: OWNERS.map((owner) =>
          ids(
            all
              .map((stored, index) => ({ stored, index }))
              .filter(({ stored }) => stored.ownerKey === owner)
              .sort((x, y) => y.stored.webhook.createdAt - x.stored.webhook.createdAt || y.index - x.index)
              .map(({ stored }) => stored),
          ),
        ),
      };
      // node's strict comparison first, far cheaper than toEqual at every step; toEqual, which also explains a
      // difference, decides when it finds one (strictly equal is always equal to toEqual too).
      if (!isDeepStrictEqual(actual, expected)) {
        expect(actual, `step ${step} (${op})`).toEqual(expected);
      }
      // Built at once from its records, as a restart builds it, the store lists, answers and matches the same.
      if (step % 10 === 9) {
        const restored = restoredFrom(store);
        const view = (of: WebhookStore) => ({
          problems: of.checkIndexes(),
          lists: OWNERS.map((owner) => of.list(owner).map((stored) => toWebhook(stored))),
          matches: txs.map((tx) => ids(of.matching(tx)).sort()),
          activeChains: [...of.activeChainIds()].sort(),
        });
        expect(view(restored), `step ${step}: restored`).toEqual(view(store));
      }
    }
    // The mix must really have exercised every kind of change, refused removals included.
    for (const op of ['create', 'deactivate', 'activate', 'add', 'remove', 'remove the last', 'update', 'clear'])
      expect(counts[op]).toBeGreaterThan(0);
  });
});

/** What a change to the list does: planned, then its chunks set; the addresses that came in (or went out). */
function addTo(list: AddressList, addresses: string[]): string[] {
  return list.planAdd(addresses).flatMap((chunk) => list.setChunk(chunk.id, chunk.addresses).added);
}

function removeFrom(list: AddressList, addresses: string[]): string[] {
  return list.planRemove(addresses).flatMap((chunk) => list.setChunk(chunk.id, chunk.addresses).removed);
}

describe('AddressList under a random sequence of changes', () => {
  it('keeps order, membership, paging, positions and its cached JSON equal to a plain array, across chunks', () => {
    const rng = new Prng(7_031);
    const pool = Array.from({ length: 40 }, (_, i) => '0x' + i.toString(16).padStart(40, '0'));
    // Chunks of 3 make every change cross, fill, empty and drop chunks.
    const list = new AddressList([], 3);
    let model: string[] = [];
    // 400 steps: a JSON cache kept over a removal, or an emptied chunk kept, fails within the first few dozen (both
    // tried); 1,000 only repeated the same changes.
    for (let step = 0; step < 400; step++) {
      const batch = Array.from({ length: rng.int(1, 8) }, () => rng.pick(pool));
      if (rng.chance(0.55)) {
        const fresh = [...new Set(batch)].filter((address) => !model.includes(address));
        expect(list.countAbsent(batch)).toBe(fresh.length);
        expect(addTo(list, batch)).toEqual(fresh);
        model.push(...fresh);
      } else {
        const present = [...new Set(batch)].filter((address) => model.includes(address));
        expect(list.countPresent(batch)).toBe(present.length);
        expect(removeFrom(list, batch).sort()).toEqual(present.sort());
        model = model.filter((address) => !batch.includes(address));
      }
      // Reading the JSON only now and then leaves several changes between two serializations of a chunk.
      if (rng.chance(0.3)) expect(JSON.parse(`[${Buffer.concat(list.jsonParts()).toString()}]`), `step ${step}`).toEqual(model);
      const offset = rng.int(0, model.length + 1);
      const count = rng.int(1, 6);
      expect(list.slice(offset, count), `step ${step}`).toEqual(model.slice(offset, offset + count));
      expect(list.toArray()).toEqual(model);
      expect(list.size).toBe(model.length);
      if (model.length > 0) expect(list.at(offset % model.length)).toBe(model[offset % model.length]);
      expect(list.has(batch[0]!)).toBe(model.includes(batch[0]!));
      // As a restart takes it up from its kept chunks: its JSON and size before its addresses are made, then all of it.
      if (step % 20 === 19) {
        const kept = list.chunkRecords().map(({ id, json }) => ({ id, joined: JSON.parse(json.toString()) as string }));
        const restored = AddressList.fromChunks(kept, 3);
        expect(restored.size, `step ${step}: restored`).toBe(model.length);
        expect(JSON.parse(`[${Buffer.concat(restored.jsonParts()).toString()}]`), `step ${step}: restored`).toEqual(model);
        expect(restored.toArray()).toEqual(model);
        expect(restored.chunkIds()).toEqual(list.chunkIds());
      }
    }
  });
});

describe('WebhookStore changes one by one', () => {
  const request = (addresses: string[], chainId = '43114'): CreateWebhookRequest =>
    ({ url: 'http://127.0.0.1:9/hook', chainId, eventType: 'address_activity', metadata: { addresses } }) as CreateWebhookRequest;
  const tx = (chainId: string, ...participants: string[]) => ({ item: { chainId }, participants, topic0s: [] }) as unknown as StoredTx;
  const [a, b, c] = POOL as [string, string, string];
  const upper = (address: string) => '0x' + address.slice(2).toUpperCase();

  it('watches added addresses at once when active, and only after activation when inactive', () => {
    const store = changesOf(new WebhookStore());
    const stored = store.create(request([a]), 'k', 'w1', 1);
    store.addAddresses(stored, [upper(b), a]);
    // Kept as given (the case of b as added), matched case-insensitively.
    expect(stored.addresses.toArray()).toEqual([a, upper(b)]);
    expect(store.matching(tx('43114', b))).toEqual([stored]);
    store.deactivate(stored);
    store.addAddresses(stored, [c]);
    expect(store.matching(tx('43114', c))).toEqual([]);
    expect(store.checkIndexes()).toEqual([]);
    store.activate(stored);
    expect(store.matching(tx('43114', c))).toEqual([stored]);
    expect(store.matching(tx('43113', c))).toEqual([]);
    expect(store.activeChainIds()).toEqual(['43114']);
  });

  it('removes addresses case-insensitively, ignores absent ones, and refuses to remove the last', () => {
    const store = changesOf(new WebhookStore());
    const stored = store.create(request([a, b]), 'k', 'w1', 1);
    expect(store.removeAddresses(stored, [upper(b), c])).toBe(true);
    expect(stored.addresses.toArray()).toEqual([a]);
    expect(store.matching(tx('43114', b))).toEqual([]);
    expect(store.removeAddresses(stored, [a])).toBe(false);
    expect(stored.addresses.toArray()).toEqual([a]);
    expect(store.matching(tx('43114', a))).toEqual([stored]);
    expect(store.checkIndexes()).toEqual([]);
  });

  it('updates the given fields only, and status through activation and deactivation', () => {
    const store = changesOf(new WebhookStore());
    const stored = store.create(request([a]), 'k', 'w1', 1);
    const before = structuredClone(stored.webhook);
    store.update(stored, {});
    expect(stored.webhook).toEqual(before);
    store.update(stored, {
      url: 'https://example.com/h',
      name: 'n',
      description: 'd',
      includeLogs: true,
      includeInternalTxs: true,
      status: 'inactive',
    });
    expect(stored.webhook).toEqual({
      ...before,
      url: 'https://example.com/h',
      name: 'n',
      description: 'd',
      includeLogs: true,
      includeInternalTxs: true,
      status: 'inactive',
    });
    expect(store.matching(tx('43114', a))).toEqual([]);
    expect(store.activeChainIds()).toEqual([]);
    store.update(stored, { status: 'active' });
    expect(store.matching(tx('43114', a))).toEqual([stored]);
    expect(store.checkIndexes()).toEqual([]);
  });

  it('does not share the address list of the creation request', () => {
    const store = changesOf(new WebhookStore());
    const addresses = [a];
    const stored = store.create(request(addresses), 'k', 'w1', 1);
    store.addAddresses(stored, [b]);
    expect(addresses).toEqual([a]);
  });

  it('stops pending deliveries when an update switches a webhook off, as deactivation does', async () => {
    const state = new EmulatorState(TEST_SEED, true, { ...DEFAULT_DELIVERY_TUNING, attemptTimeoutMs: 200, retryDelayMs: () => 60_000 });
    await state.begin();
    try {
      const stored = await state.createWebhook(request([a]), 'k');
      const injection = {
        chainId: '43114',
        from: a,
        erc20Transfers: [],
        erc721Transfers: [],
        erc1155Transfers: [],
        internalTransactions: [],
        logs: [],
      };
      expect((await state.inject(injection)).messageIds).toHaveLength(1);
      await state.updateWebhook(stored, { status: 'inactive' });
      expect(state.deliveries.list().map((record) => record.state)).toEqual(['failed']);
      expect((await state.inject(injection)).messageIds).toEqual([]);
    } finally {
      state.close();
    }
  });
});

describe('RouteTable', () => {
  const table = new RouteTable(
    [
      ['GET', '/v1/transactions'],
      ['POST', '/v1/webhooks'],
      ['GET', '/v1/webhooks'],
      ['GET', '/v1/webhooks:getSharedSecret'],
      ['POST', '/v1/webhooks:generateOrRotateSharedSecret'],
      ['GET', '/v1/webhooks/{id}'],
      ['PATCH', '/v1/webhooks/{id}'],
      ['DELETE', '/v1/webhooks/{id}'],
      ['GET', '/v1/webhooks/{id}/addresses'],
      ['PATCH', '/v1/webhooks/{id}/addresses'],
      ['DELETE', '/v1/webhooks/{id}/addresses'],
    ].map(([method, pattern]) => ({ method: method!, pattern: pattern! })),
  );
  const match = (method: string, path: string) => {
    const found = table.match(method, path);
    return found && { pattern: found.route.pattern, params: found.params };
  };

  it.each([
    ['GET', '/v1/webhooks', '/v1/webhooks', {}],
    ['GET', '/v1/webhooks:getSharedSecret', '/v1/webhooks:getSharedSecret', {}],
    ['POST', '/v1/webhooks:generateOrRotateSharedSecret', '/v1/webhooks:generateOrRotateSharedSecret', {}],
    ['GET', '/v1/webhooks/abc', '/v1/webhooks/{id}', { id: 'abc' }],
    ['PATCH', '/v1/webhooks/abc', '/v1/webhooks/{id}', { id: 'abc' }],
    ['PATCH', '/v1/webhooks/abc/addresses', '/v1/webhooks/{id}/addresses', { id: 'abc' }],
    ['DELETE', '/v1/webhooks/abc/addresses', '/v1/webhooks/{id}/addresses', { id: 'abc' }],
    ['DELETE', '/v1/webhooks/a%2Fb:c', '/v1/webhooks/{id}', { id: 'a%2Fb:c' }],
  ])('%s %s is %s', (method, path, pattern, params) => {
    expect(match(method, path)).toEqual({ pattern, params });
  });

  it.each([
    ['DELETE', '/v1/webhooks:getSharedSecret'],
    ['PATCH', '/v1/webhooks:generateOrRotateSharedSecret'],
    ['GET', '/v1/webhooks:getSharedSecretX'],
    ['GET', '/v1/webhooksXgetSharedSecret'],
    ['GET', '/v1/webhooks:getSharedSecret/addresses'],
    ['GET', '/v1/webhooks/'],
    ['GET', '/v1/webhooks/a/b'],
    ['GET', '/v1/webhooks/a/addresses/'],
    ['PUT', '/v1/transactions'],
    ['get', '/v1/transactions'],
  ])('%s %s matches nothing', (method, path) => {
    expect(match(method, path)).toBeUndefined();
  });
});

describe('emulator route tables over HTTP', () => {
  let emulator: RunningEmulator;
  const id = '3f2b8c1e-9a4d-4e7f-8b2a-1c5d6e7f8a9b';

  beforeAll(async () => {
    emulator = await startEmulatorServer(testOptions({ blockTimeMs: 0, readOnlyKeys: ['viewer'] }));
  });
  afterAll(() => emulator.close());

  it('serves every route of today as before', async () => {
    const transactions = await call(emulator.url, 'GET', '/v1/transactions');
    expect(transactions.status).toBe(200);
    expect(transactions.body.transactions).toHaveLength(10);
    const created = await call(emulator.url, 'POST', '/v1/webhooks', { key: API_KEY, body: webhookBody() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'active', metadata: { addresses: ['0x1111111111111111111111111111111111111111'] } });
    const addresses = await call(emulator.url, 'GET', `/v1/webhooks/${created.body.id}/addresses`, { key: API_KEY });
    expect(addresses).toMatchObject({
      status: 200,
      body: { addresses: ['0x1111111111111111111111111111111111111111'], totalAddresses: 1 },
    });
    const injected = await call(emulator.url, 'POST', '/_emulator/transactions', {
      body: { chainId: '43114', from: '0x1111111111111111111111111111111111111111' },
    });
    expect(injected.status).toBe(201);
    expect(injected.body.messageIds).toHaveLength(1);
    const deliveries = await call(emulator.url, 'GET', '/_emulator/deliveries');
    expect(deliveries.status).toBe(200);
    expect(deliveries.body.deliveries.map((record: { messageId: string }) => record.messageId)).toEqual(injected.body.messageIds);
    const deactivated = await call(emulator.url, 'DELETE', `/v1/webhooks/${created.body.id}`, { key: API_KEY });
    expect(deactivated).toMatchObject({ status: 200, body: { id: created.body.id, status: 'inactive' } });
    const reset = await call(emulator.url, 'POST', '/_emulator/reset');
    expect(reset).toMatchObject({ status: 200, body: { reset: true } });
    expect((await call(emulator.url, 'GET', `/v1/webhooks/${created.body.id}/addresses`, { key: API_KEY })).status).toBe(404);
  });

  it('admits from each route flags: 401 without a key where one is required, 403 for a read-only key on writes only', async () => {
    const owned = await call(emulator.url, 'POST', '/v1/webhooks', { key: API_KEY, body: webhookBody() });
    const routes = [
      ['GET', '/v1/transactions', 200, 200],
      ['POST', '/v1/webhooks', 401, 403],
      ['DELETE', `/v1/webhooks/${owned.body.id}`, 401, 403],
      ['GET', `/v1/webhooks/${owned.body.id}/addresses`, 401, 404],
      ['GET', '/v1/webhooks', 401, 200],
      ['GET', `/v1/webhooks/${owned.body.id}`, 401, 404],
      ['PATCH', `/v1/webhooks/${owned.body.id}`, 401, 403],
      ['PATCH', `/v1/webhooks/${owned.body.id}/addresses`, 401, 403],
      ['DELETE', `/v1/webhooks/${owned.body.id}/addresses`, 401, 403],
      ['GET', '/v1/webhooks:getSharedSecret', 401, 200],
      ['POST', '/v1/webhooks:generateOrRotateSharedSecret', 401, 403],
    ] as const;
    const bodies: Record<string, unknown> = {
      'POST /v1/webhooks': webhookBody(),
      [`PATCH /v1/webhooks/${owned.body.id}`]: { name: 'renamed' },
      [`PATCH /v1/webhooks/${owned.body.id}/addresses`]: { addresses: ['0x2222222222222222222222222222222222222222'] },
      [`DELETE /v1/webhooks/${owned.body.id}/addresses`]: { addresses: ['0x2222222222222222222222222222222222222222'] },
    };
    for (const [method, path, keyless, viewer] of routes) {
      const body = bodies[`${method} ${path}`];
      const withoutKey = await call(emulator.url, method, path, { body });
      expect(withoutKey.status, `${method} ${path} without a key`).toBe(keyless);
      if (keyless === 401)
        expect(withoutKey.body).toEqual({ message: expect.stringContaining('x-service-api-key'), statusCode: 401, error: 'Unauthorized' });
      const readOnly = await call(emulator.url, method, path, { key: 'viewer', body });
      expect(readOnly.status, `${method} ${path} with a read-only key`).toBe(viewer);
      if (viewer === 403)
        expect(readOnly.body).toEqual({ message: expect.stringContaining('read-only'), statusCode: 403, error: 'Forbidden' });
    }
  });

  it('checks the key, then the rate limit, then read-only', async () => {
    const limited = await startEmulatorServer(testOptions({ rateLimit: 1, apiKeys: ['good'], readOnlyKeys: ['viewer'] }));
    try {
      for (let i = 0; i < 3; i++)
        expect((await call(limited.url, 'POST', '/v1/webhooks', { key: 'bad', body: webhookBody() })).status).toBe(401);
      expect((await call(limited.url, 'POST', '/v1/webhooks', { key: 'viewer', body: webhookBody() })).status).toBe(403);
      const second = await call(limited.url, 'POST', '/v1/webhooks', { key: 'viewer', body: webhookBody() });
      expect(second.status).toBe(429);
      expect(second.headers.get('retry-after')).toBe('1');
    } finally {
      await limited.close();
    }
  });

  it.each([
    // `/` is the inspector's page (src/emulator/inspector/), served there alone.
    ['GET', '/index.html'],
    ['GET', '/v1'],
    ['GET', '/v1/no-such-thing'],
    ['GET', '/v2/transactions'],
    ['GET', '/v1/transactions/'],
    ['PUT', '/v1/transactions'],
    ['POST', '/v1/transactions'],
    ['DELETE', '/v1/webhooks'],
    ['POST', `/v1/webhooks/${id}/addresses`],
    ['GET', `/v1/webhooks/${id}/addresses/more`],
    ['GET', '/_emulator'],
    ['GET', '/_emulator/nothing'],
    ['GET', '/_emulator/transactions'],
    ['DELETE', '/_emulator/reset'],
  ])('answers %s %s with 404 and the spec body, before any key check', async (method, path) => {
    const response = await call(emulator.url, method, `${path}?pageSize=5`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: `Cannot ${method} ${path}`, statusCode: 404, error: 'Not Found' });
  });

  it('does not take the /v1/webhooks:… paths for /v1/webhooks/{id}, even with a key', async () => {
    for (const path of ['/v1/webhooks:getSharedSecret', '/v1/webhooks:generateOrRotateSharedSecret', `/v1/webhooks:${id}`]) {
      const response = await call(emulator.url, 'DELETE', path, { key: API_KEY });
      expect(response.status, path).toBe(404);
      expect(response.body.message).toBe(`Cannot DELETE ${path}`);
    }
  });
});
