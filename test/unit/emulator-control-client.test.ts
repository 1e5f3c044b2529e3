// The control client reads the emulator's answers through the schema's one definition (src/schema/emulator-control.ts)
// and refuses an answer of another shape, as the service client does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmulatorControlClient } from '../../src/api/emulator-control.js';
import { ResponseShapeError } from '../../src/errors.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { API_KEY, call, startReceiver, startTestEmulator, webhookBody, eventually } from '../helpers/emulator-helpers.js';
import type { Receiver } from '../helpers/emulator-helpers.js';
import { json, startTestServer } from '../helpers/test-server.js';
import type { TestServer } from '../helpers/test-server.js';

const control = (baseUrl: string) => new EmulatorControlClient({ baseUrl, timeoutMs: 5_000, retries: 0, userAgent: 'svc-test' });

describe('against the emulator', () => {
  let emulator: RunningEmulator;
  let receiver: Receiver;
  beforeAll(async () => {
    [emulator, receiver] = await Promise.all([startTestEmulator(), startReceiver()]);
  });
  afterAll(async () => {
    await Promise.all([emulator.close(), receiver.close()]);
  });

  it('injects, lists the delivery it made, and resets', async () => {
    const address = '0x71c7656ec7ab88b098defb751b7401b5f6d8976f';
    const created = await call(emulator.url, 'POST', '/v1/webhooks', {
      key: API_KEY,
      body: webhookBody({ url: receiver.url, metadata: { addresses: [address] } }),
    });
    expect(created.status).toBe(201);
    const client = control(emulator.url);
    try {
      const injected = await client.injectTransaction({ chainId: '43114', from: address });
      expect(injected.data.messageIds).toHaveLength(1);
      const delivered = await eventually(async () => {
        const { data } = await client.listDeliveries();
        return data.deliveries.find((record) => record.state === 'delivered');
      });
      expect(delivered).toMatchObject({ messageId: injected.data.messageIds[0], webhookId: created.body.id, attempts: 1, lastStatus: 200 });
      await client.reset();
      expect((await client.listDeliveries()).data.deliveries).toEqual([]);
    } finally {
      await client.close();
    }
  });
});

describe('an answer of another shape', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it.each([
    ['a record without its state', { deliveries: [{ messageId: 'm', webhookId: 'w', url: 'u', attempts: 1, lastStatus: 200 }] }],
    [
      'a state the schema does not know',
      { deliveries: [{ messageId: 'm', webhookId: 'w', url: 'u', attempts: 1, lastStatus: 200, state: 'lost' }] },
    ],
    ['no list', { messages: [] }],
  ])('%s: ResponseShapeError', async (_what, body) => {
    server.respond([json(body)]);
    const client = control(server.url);
    try {
      await expect(client.listDeliveries()).rejects.toBeInstanceOf(ResponseShapeError);
    } finally {
      await client.close();
    }
  });

  it('an injection answer without messageIds: ResponseShapeError', async () => {
    server.respond([json({ txHash: '0xabc' }, 201)]);
    const client = control(server.url);
    try {
      await expect(client.injectTransaction({ chainId: '43113' })).rejects.toBeInstanceOf(ResponseShapeError);
    } finally {
      await client.close();
    }
  });
});
