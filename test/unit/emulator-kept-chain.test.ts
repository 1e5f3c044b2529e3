// The kept chain (issue 37, item 1): with a data directory, unseeded, generated blocks on, what was listed survives
// clean stops and kills as it was listed. Property-tested over random runs of blocks, injections, webhooks and
// restarts: no block number or transaction hash listed twice with different contents, every acknowledged injection
// and every transaction a message names found by hash, heads never moving back.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { EmulatorServer } from '../../src/emulator/server.js';
import { startEmulatorServer } from '../../src/emulator/server.js';
import { API_KEY, call, FAST_DELIVERY, sleep, startReceiver, testOptions, webhookBody } from '../helpers/emulator-helpers.js';
import type { Receiver } from '../helpers/emulator-helpers.js';

const running: EmulatorServer[] = [];
const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((emulator) => emulator.close()));
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

/** Blocks every 60 ms: a run of a few hundred milliseconds makes several blocks on every chain, and far from enough records for a compaction (whose files an in-process kill would leave it deleting). */
const BLOCK_TIME_MS = 60;
const WATCHED = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
/** A short history (the default is 3,000): what is checked is what the run adds to it, and each check reads it all. */
const HISTORY_TRANSACTIONS = 300;

async function start(dataDir: string): Promise<EmulatorServer> {
  const emulator = await startEmulatorServer(
    testOptions({ dataDir, seed: undefined, blockTimeMs: BLOCK_TIME_MS, historyTransactions: HISTORY_TRANSACTIONS }),
    FAST_DELIVERY,
  );
  running.push(emulator);
  return emulator;
}

/** What a full paged read of GET /v1/transactions lists. */
async function listAll(url: string): Promise<any[]> {
  const items: any[] = [];
  let token: string | undefined;
  do {
    const page = await call(url, 'GET', `/v1/transactions?pageSize=100${token ? `&pageToken=${token}` : ''}`);
    expect(page.status).toBe(200);
    items.push(...page.body.transactions);
    token = page.body.nextPageToken;
  } while (token);
  return items;
}

/** Everything ever listed, and what it must stay. */
class Listed {
  readonly txs = new Map<string, string>();
  readonly blocks = new Map<string, string>();
  readonly heads = new Map<string, number>();
  /** Hashes that must be found by hash after any restart: acknowledged injections and the transactions of messages. */
  readonly named = new Set<string>();

  async check(url: string): Promise<void> {
    const items = await listAll(url);
    const hashes = items.map((item) => item.txHash);
    expect(new Set(hashes).size, 'a transaction listed twice in one read').toBe(hashes.length);
    const newest = new Map<string, number>();
    for (const item of items) {
      const json = JSON.stringify(item);
      const before = this.txs.get(item.txHash);
      if (before !== undefined) expect(json, `transaction ${item.txHash} listed with other contents`).toBe(before);
      this.txs.set(item.txHash, json);
      const blockKey = `${item.chainId}:${item.blockNumber}`;
      const blockHash = this.blocks.get(blockKey);
      if (blockHash !== undefined) expect(item.blockHash, `block ${blockKey} listed with two hashes`).toBe(blockHash);
      this.blocks.set(blockKey, item.blockHash);
      newest.set(item.chainId, Math.max(newest.get(item.chainId) ?? 0, Number(item.blockNumber)));
    }
    for (const [chainId, head] of newest) {
      expect(head, `the head of chain ${chainId} moved back`).toBeGreaterThanOrEqual(this.heads.get(chainId) ?? 0);
      this.heads.set(chainId, head);
    }
    // Every transaction listed before is listed again (the window is far from full here).
    const now = new Set(hashes);
    for (const hash of this.txs.keys()) expect(now.has(hash), `transaction ${hash} no longer listed`).toBe(true);
    for (const hash of this.named) {
      const found = await call(url, 'GET', `/v1/chains/43113/transactions/${hash}`);
      expect(found.status, `transaction ${hash} of a message or an injection not found`).toBe(200);
      expect(JSON.stringify(found.body.nativeTransaction)).toContain(hash);
    }
  }
}

type Step = { kind: 'inject' } | { kind: 'wait'; ms: number } | { kind: 'webhook' } | { kind: 'restart'; killed: boolean };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.constant<Step>({ kind: 'inject' }),
  fc.integer({ min: 60, max: 250 }).map((ms): Step => ({ kind: 'wait', ms })),
  fc.constant<Step>({ kind: 'webhook' }),
  fc.boolean().map((killed): Step => ({ kind: 'restart', killed })),
);

describe('the kept chain', () => {
  it('lists after any restart what it listed before, as it was listed, unseeded with generated blocks', async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 3, maxLength: 5 }), async (steps) => {
        const dataDir = join(mkdtempSync(join(tmpdir(), 'svc-chain-')), 'data');
        const listed = new Listed();
        // This run's webhooks: a message from an earlier run's emulator (an attempt a kill left in flight, arriving
        // late on a loaded machine) names a transaction of another folder.
        const webhooks = new Set<string>();
        let emulator = await start(dataDir);
        try {
          for (const step of [...steps, { kind: 'restart', killed: true } as Step]) {
            if (step.kind === 'inject') {
              const answer = await call(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId: '43113', from: WATCHED } });
              expect(answer.status).toBe(201);
              listed.named.add(answer.body.txHash);
            } else if (step.kind === 'wait') {
              await sleep(step.ms);
            } else if (step.kind === 'webhook') {
              const made = await call(emulator.url, 'POST', '/v1/webhooks', {
                key: API_KEY,
                body: webhookBody({ url: receiver.url, chainId: '43113', metadata: { addresses: [WATCHED] } }),
              });
              expect(made.status).toBe(201);
              webhooks.add(made.body.id);
            } else {
              await listed.check(emulator.url);
              running.splice(running.indexOf(emulator), 1);
              if (step.killed) {
                emulator.abandon();
                rmSync(join(dataDir, 'emulator.lock'), { force: true });
              } else await emulator.close();
              emulator = await start(dataDir);
              await listed.check(emulator.url);
            }
            // The transactions of the messages delivered so far (blocks made for the watched address).
            for (const request of receiver.requests) {
              const message = JSON.parse(request.rawBody);
              if (webhooks.has(message.webhookId)) listed.named.add(message.event.transaction.txHash);
            }
          }
        } finally {
          running.splice(running.indexOf(emulator), 1);
          await emulator.close();
          rmSync(dataDir, { recursive: true, force: true });
        }
      }),
      { numRuns: 3 },
    );
  }, 60_000);
});
