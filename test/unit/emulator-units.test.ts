// The emulator's pure parts: PRNG, amounts, the sorted listing with cursors, page tokens, rate limiting, delivery defaults.
import { describe, expect, it } from 'vitest';
import { Prng } from '../../src/emulator/prng.js';
import { valueWithDecimals } from '../../src/emulator/chain-data.js';
import type { StoredTx } from '../../src/emulator/chain-data.js';
import { TransactionStore } from '../../src/emulator/transactions/store.js';
import { decodeAddressToken, decodeTxToken, encodePageToken, filtersKey } from '../../src/emulator/page-token.js';
import { RateLimiter } from '../../src/emulator/rate-limit.js';
import { DEFAULT_DELIVERY_TUNING } from '../../src/emulator/deliveries/queue.js';
import { METHODS } from '../../src/emulator/chains.js';

function tx(ms: number, chainNum: number, blockIndex: number, txStatus = '1'): StoredTx {
  return {
    ms,
    chainNum,
    blockIndex,
    network: chainNum === 43114 ? 'mainnet' : 'testnet',
    item: { txStatus, txHash: `${ms}-${chainNum}-${blockIndex}` },
  } as unknown as StoredTx;
}

const names = (items: StoredTx[]): string[] => items.map((item) => item.item.txHash);

describe('Prng', () => {
  it('repeats its sequence for a seed and stream, and differs across streams', () => {
    const sequence = (seed: number, stream: number) => {
      const rng = new Prng(seed, stream);
      return Array.from({ length: 5 }, () => rng.nextUint32());
    };
    expect(sequence(1, 0)).toEqual(sequence(1, 0));
    expect(sequence(1, 0)).not.toEqual(sequence(1, 1));
    expect(sequence(1, 0)).not.toEqual(sequence(2, 0));
  });

  it('makes version-4 UUIDs and hex of the asked length', () => {
    const rng = new Prng(9);
    expect(rng.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(rng.hex(20)).toMatch(/^0x[0-9a-f]{40}$/);
    expect(rng.hex(32)).toMatch(/^0x[0-9a-f]{64}$/);
    const draws = Array.from({ length: 1000 }, () => rng.int(3, 5));
    expect(new Set(draws)).toEqual(new Set([3, 4, 5]));
  });
});

describe('valueWithDecimals', () => {
  it.each([
    [1500000n, 6, '1.5'],
    [1n, 18, '0.000000000000000001'],
    [2000000000000000000n, 18, '2'],
    [123n, 0, '123'],
    [0n, 6, '0'],
  ])('%s with %i decimals is %s', (value, decimals, expected) => {
    expect(valueWithDecimals(value, decimals)).toBe(expected);
  });
});

describe('function selectors', () => {
  it('are the well-known first 4 bytes of keccak-256', () => {
    expect(METHODS.transfer.selector).toBe('0xa9059cbb');
    expect(METHODS.approve.selector).toBe('0x095ea7b3');
  });
});

describe('TransactionStore', () => {
  it('lists newest first, then chainId ascending, then blockIndex descending', () => {
    const store = new TransactionStore();
    store.add([tx(1000, 43114, 0), tx(1000, 43114, 1), tx(2000, 43113, 0), tx(1000, 335, 0), tx(3000, 43114, 0)]);
    expect(names(store.page({ network: null, txStatus: null }, null, 10).items)).toEqual([
      '3000-43114-0',
      '2000-43113-0',
      '1000-335-0',
      '1000-43114-1',
      '1000-43114-0',
    ]);
  });

  it('continues after a cursor even when newer and older items were inserted meanwhile', () => {
    const store = new TransactionStore();
    store.add([tx(1000, 1, 0), tx(2000, 1, 0), tx(3000, 1, 0), tx(4000, 1, 0)]);
    const first = store.page({ network: null, txStatus: null }, null, 2);
    expect(names(first.items)).toEqual(['4000-1-0', '3000-1-0']);
    store.add([tx(5000, 1, 0), tx(2500, 2, 0)]);
    const second = store.page({ network: null, txStatus: null }, first.nextCursor!, 2);
    expect(names(second.items)).toEqual(['2500-2-0', '2000-1-0']);
    const third = store.page({ network: null, txStatus: null }, second.nextCursor!, 2);
    expect(names(third.items)).toEqual(['1000-1-0']);
    expect(third.nextCursor).toBeUndefined();
  });

  it('omits the cursor when the page ends exactly at the last match', () => {
    const store = new TransactionStore();
    store.add([tx(1000, 43114, 0, '0'), tx(2000, 43114, 0), tx(3000, 43114, 0, '0')]);
    const page = store.page({ network: null, txStatus: '0' }, null, 2);
    expect(names(page.items)).toEqual(['3000-43114-0', '1000-43114-0']);
    expect(page.nextCursor).toBeUndefined();
    expect(names(store.page({ network: 'testnet', txStatus: null }, null, 5).items)).toEqual([]);
  });
});

describe('page tokens', () => {
  it('round-trip a cursor and refuse other filters, other webhooks and garbage', () => {
    const filters = filtersKey('mainnet', null);
    const cursor = { ms: 5, chainNum: 43114, blockIndex: 2 };
    const token = encodePageToken({ kind: 'transactions', filters }, cursor);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeTxToken(token, filters)).toEqual({ ok: true, cursor });
    expect(decodeTxToken(token, filtersKey('testnet', null))).toMatchObject({ ok: false, message: expect.stringMatching(/^pageToken /) });
    expect(decodeAddressToken(token, 'x')).toMatchObject({ ok: false });
    const addressToken = encodePageToken({ kind: 'addresses', webhookId: 'a' }, 20);
    expect(decodeAddressToken(addressToken, 'a')).toEqual({ ok: true, cursor: 20 });
    expect(decodeAddressToken(addressToken, 'b')).toMatchObject({ ok: false });
    for (const garbage of [
      '',
      '!!!',
      'e30',
      Buffer.from('{"v":1,"scope":{"kind":"transactions","filters":"x"},"cursor":{}}').toString('base64url'),
    ]) {
      expect(decodeTxToken(garbage, filters).ok).toBe(false);
    }
  });
});

describe('RateLimiter', () => {
  it('allows a burst of one second, then answers with Retry-After seconds, refilling over time', () => {
    const limiter = new RateLimiter(10);
    for (let i = 0; i < 10; i++) expect(limiter.take('k', 1, 0).allowed).toBe(true);
    expect(limiter.take('k', 1, 0)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(limiter.take('k', 1, 100).allowed).toBe(true);
    expect(limiter.take('other', 1, 0).allowed).toBe(true);
  });

  it('gives a share of the rate, still admitting one request when the share is below one per second', () => {
    const limiter = new RateLimiter(5);
    expect(limiter.take('ip', 0.1, 0).allowed).toBe(true);
    expect(limiter.take('ip', 0.1, 0)).toEqual({ allowed: false, retryAfterSeconds: 2 });
    expect(limiter.take('ip', 0.1, 2_000).allowed).toBe(true);
  });

  it('is off for a rate of 0', () => {
    const limiter = new RateLimiter(0);
    for (let i = 0; i < 1000; i++) expect(limiter.take('k', 1, 0).allowed).toBe(true);
  });
});

describe('delivery defaults', () => {
  it('follow the contract: 5 s attempts, at least 5 of them, growing backoff', () => {
    expect(DEFAULT_DELIVERY_TUNING.attemptTimeoutMs).toBe(5_000);
    expect(DEFAULT_DELIVERY_TUNING.maxAttempts).toBeGreaterThanOrEqual(5);
    const delays = Array.from({ length: DEFAULT_DELIVERY_TUNING.maxAttempts - 1 }, (_, i) => DEFAULT_DELIVERY_TUNING.retryDelayMs(i + 1));
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(delays[0]).toBeGreaterThanOrEqual(500);
    expect(delays[delays.length - 1]).toBeGreaterThan(delays[0]!);
  });
});
