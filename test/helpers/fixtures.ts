// Data builders for tests: spec-shaped transactions and webhooks, numbered items, a seeded PRNG.

let txCounter = 0;

/** A transaction list item (spec 2.1) with sensible values; `overrides` replace fields. */
export function makeTransaction(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  txCounter++;
  const n = txCounter.toString(16).padStart(4, '0');
  return {
    blockNumber: '4821337',
    blockTimestamp: 1_700_000_000,
    blockTimestampMilliseconds: 1_700_000_000_000,
    blockMinDelayExcess: 0,
    blockHash: '0x' + 'b'.repeat(60) + n,
    chainId: '43114',
    blockIndex: 0,
    txHash: '0x' + 'a'.repeat(60) + n,
    txStatus: '1',
    txType: 2,
    gasLimit: '21000',
    gasUsed: '21000',
    gasPrice: '25000000000',
    nonce: '7',
    from: {
      name: 'Alice',
      symbol: 'ALC',
      decimals: 18,
      logoUri: 'https://example.com/a.png',
      address: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
    },
    to: {
      name: 'Bob',
      symbol: 'BOB',
      decimals: 18,
      logoUri: 'https://example.com/b.png',
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
    },
    method: { callType: 'CONTRACT_CALL', methodHash: '0xa9059cbb', methodName: 'transfer(address,uint256)' },
    value: '1000000000000000000',
    ...overrides,
  };
}

/** `count` distinct transactions. */
export function makeTransactions(count: number, overrides: Record<string, unknown> = {}): Record<string, unknown>[] {
  return Array.from({ length: count }, () => makeTransaction(overrides));
}

/** A webhook object (spec 2.3). */
export function makeWebhook(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: '3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60',
    url: 'https://example.com/hook',
    chainId: '43113',
    status: 'active',
    createdAt: 1_700_000_000,
    name: 'my hook',
    description: 'watches things',
    eventType: 'address_activity',
    metadata: { addresses: ['0x71c7656ec7ab88b098defb751b7401b5f6d8976f'], eventSignatures: [] },
    includeInternalTxs: false,
    includeLogs: false,
    ...overrides,
  };
}

/** A small deterministic PRNG (mulberry32), so "random" faults are the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A transaction list item (spec 2.1) numbered `n`: its hash and block carry the number, so order can be checked. */
export function numberedTransaction(n: number, chainId = '43114'): Record<string, unknown> {
  const hex = n.toString(16).padStart(8, '0');
  return {
    blockNumber: String(1_000_000 - n),
    blockTimestamp: 1_750_000_000 - n,
    blockTimestampMilliseconds: (1_750_000_000 - n) * 1000,
    blockMinDelayExcess: 0,
    blockHash: '0x' + 'b'.repeat(56) + hex,
    chainId,
    blockIndex: 0,
    txHash: '0x' + 'a'.repeat(56) + hex,
    txStatus: n % 7 === 0 ? '0' : '1',
    txType: 2,
    gasLimit: '21000',
    gasUsed: '21000',
    gasPrice: '25000000000',
    nonce: String(n),
    from: {
      name: 'Alice',
      symbol: 'ALC',
      decimals: 18,
      logoUri: 'https://example.com/a.png',
      address: '0x71c7656ec7ab88b098defb751b7401b5f6d8976f',
    },
    to: {
      name: 'Bob',
      symbol: 'BOB',
      decimals: 18,
      logoUri: 'https://example.com/b.png',
      address: '0x52908400098527886e0f7030069857d2e4169ee7',
    },
    method: { callType: 'CONTRACT_CALL', methodHash: '0xa9059cbb', methodName: 'transfer(address,uint256)' },
    value: String(n) + '000000000000000',
  };
}

export function numberedAddress(n: number): string {
  return '0x' + n.toString(16).padStart(40, '0');
}
