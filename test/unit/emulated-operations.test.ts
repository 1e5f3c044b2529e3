// The operations `svc api --list` marks as modelled (src/schema/emulated-operations.ts) are exactly those a running
// emulator answers with anything but its 501 "not emulated": a route added to the emulator, or one taken away,
// without the list following fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { EMULATED_OPERATIONS } from '../../src/schema/emulated-operations.js';
import { OPERATIONS } from '../../src/schema/operations.js';
import { API_KEY, startTestEmulator } from '../helpers/emulator-helpers.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.close());

/** A value for each kind of path segment, of the right shape where the emulator checks one. */
const SEGMENTS: Record<string, string> = {
  chainId: '43113',
  address: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
  txHash: `0x${'ab'.repeat(32)}`,
  blockId: '1',
  tokenId: '1',
  id: '3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60',
  network: 'fuji',
};

describe('the operations svc api --list marks as emulated', () => {
  it('are exactly those a running emulator models (it answers the rest 501 naming them)', async () => {
    const modelled: string[] = [];
    for (const [method, pattern, operationId] of OPERATIONS) {
      const path = pattern.replace(/\{([^}]+)\}/g, (_, name: string) => SEGMENTS[name] ?? 'x');
      const sendsBody = method !== 'GET' && method !== 'DELETE';
      const response = await fetch(`${emulator.url}${path}`, {
        method,
        headers: { 'x-service-api-key': API_KEY, ...(sendsBody ? { 'content-type': 'application/json' } : {}) },
        body: sendsBody ? '{}' : undefined,
      });
      const body = await response.text();
      if (response.status === 501) expect(body, operationId).toContain(`not emulated: ${operationId}`);
      else modelled.push(operationId);
    }
    expect(modelled.sort()).toEqual([...EMULATED_OPERATIONS].sort());
  });

  it('name operations of the description only', () => {
    const described = new Set(OPERATIONS.map(([, , operationId]) => operationId));
    expect([...EMULATED_OPERATIONS].filter((operationId) => !described.has(operationId))).toEqual([]);
  });
});
