// The delivery queue against a real local receiver: bounded records, bounded concurrency, everything delivered,
// each attempt signed, and a webhook reported for switching off only when its own receiver failed a message.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_TUNING, DeliveryQueue } from '../../src/emulator/deliveries/queue.js';
import type { DeliveryRecord } from '../../src/emulator/deliveries/queue.js';
import { verifyBody } from '../../src/signature/index.js';
import { eventually } from '../helpers/emulator-helpers.js';

describe('DeliveryQueue', () => {
  let server: http.Server;
  let url: string;
  let inFlight = 0;
  let maxInFlight = 0;
  const received = new Set<string>();

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.add(JSON.parse(Buffer.concat(chunks).toString()).messageId);
        setTimeout(() => {
          inFlight--;
          res.end();
        }, 2);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers every message with at most `concurrency` in flight and keeps only the newest finished records', async () => {
    // 150 messages: over twice the records kept and many times the slots, which is what the test is about.
    const queue = new DeliveryQueue({ ...DEFAULT_DELIVERY_TUNING, concurrency: 4, retainedRecords: 50 });
    try {
      for (let i = 0; i < 150; i++) queue.enqueue('w', url, `m${i}`, { messageId: `m${i}` });
      expect(queue.list()).toHaveLength(150);
      await eventually(() => (received.size === 150 ? true : undefined), 20_000);
      await eventually(() => (queue.list().every((record) => record.state === 'delivered') ? true : undefined));
      expect(maxInFlight).toBeLessThanOrEqual(4);
      const records = queue.list();
      expect(records).toHaveLength(50);
      expect(records[records.length - 1]).toMatchObject({ messageId: 'm149', attempts: 1, lastStatus: 200, state: 'delivered' });
    } finally {
      queue.close();
    }
  });
});

describe('DeliveryQueue signing and switching off', () => {
  let receiver: http.Server;
  let target: string;
  const seen: { messageId: string; signature: string | undefined; body: string }[] = [];
  const hanging: http.ServerResponse[] = [];

  beforeAll(async () => {
    // Messages whose id starts with "fail" get a 500; every other one is left hanging.
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        const messageId = JSON.parse(body).messageId as string;
        seen.push({ messageId, signature: req.headers['x-signature'] as string | undefined, body });
        if (messageId.startsWith('fail')) res.writeHead(500).end();
        else hanging.push(res);
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    for (const res of hanging) res.destroy();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  const secrets: Record<string, string> = { alice: 'aa'.repeat(32), bob: 'bb'.repeat(32) };

  async function runOut(
    messages: [webhookId: string, messageId: string, ownerKey: string][],
  ): Promise<{ exhausted: string[]; records: DeliveryRecord[] }> {
    const exhausted: string[] = [];
    // One slot; out of time at 300 ms; no retry within it.
    const queue = new DeliveryQueue(
      { ...DEFAULT_DELIVERY_TUNING, concurrency: 1, attemptTimeoutMs: 60_000, retryDelayMs: () => 60_000, giveUpAfterMs: 300 },
      { secretFor: async (key) => secrets[key]!, exhausted: async (webhookId) => void exhausted.push(webhookId) },
    );
    for (const [webhookId, messageId, ownerKey] of messages)
      queue.enqueue(webhookId, target, messageId, { messageId, note: 'ünïcødé' }, ownerKey);
    await eventually(() => (queue.list().every((record) => record.state === 'failed') ? true : undefined));
    const records = queue.list();
    queue.close();
    return { exhausted, records };
  }

  it('signs each attempt with its owner key’s secret', async () => {
    await runOut([
      ['w-alice', 'fail-a', 'alice'],
      ['w-bob', 'fail-b', 'bob'],
    ]);
    const byId = new Map(seen.map((request) => [request.messageId, request]));
    for (const [messageId, key, other] of [
      ['fail-a', 'alice', 'bob'],
      ['fail-b', 'bob', 'alice'],
    ] as const) {
      const request = byId.get(messageId)!;
      expect(verifyBody(secrets[key]!, request.body, request.signature)).toEqual({ valid: true });
      expect(verifyBody(secrets[other]!, request.body, request.signature).valid).toBe(false);
    }
  });

  it('out of time, switches off a webhook whose receiver failed an attempt, and not one still waiting for its first answer or slot', async () => {
    const failed = await runOut([['w-failing', 'fail-1', 'alice']]);
    expect(failed.exhausted).toEqual(['w-failing']);
    // Switching the webhook off is the emulator's change (it marks the message webhookDeactivated): the queue asks for it.
    expect(failed.records).toEqual([expect.objectContaining({ attempts: 1, lastStatus: 500, state: 'failed' })]);
    // The first holds the one slot without an answer; the second waits behind it.
    const stalled = await runOut([
      ['w-hanging', 'hang-1', 'alice'],
      ['w-waiting', 'wait-1', 'bob'],
    ]);
    expect(stalled.exhausted).toEqual([]);
    expect(stalled.records.map((record) => [record.messageId, record.state, record.webhookDeactivated])).toEqual([
      ['hang-1', 'failed', undefined],
      ['wait-1', 'failed', undefined],
    ]);
  });
});
