// The delivery queue against a real local receiver: bounded records, bounded concurrency, everything delivered.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_TUNING, DeliveryQueue } from '../../src/emulator/delivery.js';
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
