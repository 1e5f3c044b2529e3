// The delivery queue against a real local receiver: bounded records, bounded concurrency, everything delivered,
// each attempt signed, and a webhook reported for switching off only when its own receiver failed a message.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_TUNING, DeliveryQueue } from '../../src/emulator/delivery.js';
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
    const queue = new DeliveryQueue({ ...DEFAULT_DELIVERY_TUNING, concurrency: 4, retainedRecords: 50 });
    try {
      for (let i = 0; i < 400; i++) queue.enqueue('w', url, `m${i}`, { messageId: `m${i}` });
      expect(queue.list()).toHaveLength(400);
      await eventually(() => (received.size === 400 ? true : undefined), 20_000);
      await eventually(() => (queue.list().every((record) => record.state === 'delivered') ? true : undefined));
      expect(maxInFlight).toBeLessThanOrEqual(4);
      const records = queue.list();
      expect(records).toHaveLength(50);
      expect(records[records.length - 1]).toMatchObject({ messageId: 'm399', attempts: 1, lastStatus: 200, state: 'delivered' });
    } finally {
      queue.close();
    }
  });
});

describe('DeliveryQueue signing and switching off', () => {
  it('signs with the owner key’s secret, and reports a webhook only when its own receiver failed a message for good', async () => {
    const seen: { messageId: string; signature: string | undefined; body: string }[] = [];
    const hanging: http.ServerResponse[] = [];
    const receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        seen.push({ messageId: JSON.parse(body).messageId, signature: req.headers['x-signature'] as string | undefined, body });
        hanging.push(res);
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;
    const secrets: Record<string, string> = { alice: 'aa'.repeat(32), bob: 'bb'.repeat(32) };
    const exhausted: string[] = [];
    // One slot, held by a receiver that never answers: the second message never gets an attempt.
    const queue = new DeliveryQueue(
      { ...DEFAULT_DELIVERY_TUNING, concurrency: 1, attemptTimeoutMs: 60_000, giveUpAfterMs: 300 },
      { secretFor: (key) => secrets[key]!, exhausted: (webhookId) => (exhausted.push(webhookId), true) },
    );
    try {
      queue.enqueue('w-alice', target, 'm1', { messageId: 'm1', note: 'ünïcødé' }, 'alice');
      queue.enqueue('w-bob', target, 'm2', { messageId: 'm2' }, 'bob');
      await eventually(() => (queue.list().every((record) => record.state === 'failed') ? true : undefined));
      expect(seen.map((request) => request.messageId)).toEqual(['m1']);
      expect(verifyBody(secrets.alice!, seen[0]!.body, seen[0]!.signature)).toEqual({ valid: true });
      expect(exhausted).toEqual(['w-alice']);
      expect(queue.list()).toEqual([
        expect.objectContaining({ messageId: 'm1', attempts: 1, state: 'failed', webhookDeactivated: true }),
        { messageId: 'm2', webhookId: 'w-bob', url: target, attempts: 0, lastStatus: null, state: 'failed' },
      ]);
    } finally {
      queue.close();
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
