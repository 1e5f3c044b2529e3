// Notifications over real HTTP: matching rules, message shape, include flags, retries, deactivation, synthetic activity, control API.
import os from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { startEmulator } from '../../src/emulator/index.js';
import type { NotificationMessage } from '../../src/schema/index.js';
import { toChecksumAddress } from '../../src/evm/address.js';
import { APPROVAL_SIGNATURE, TRANSFER_SIGNATURE } from '../../src/evm/event-signature.js';
import type { Receiver } from '../helpers/emulator-helpers.js';
import {
  API_KEY,
  call,
  eventually,
  SHORT_HISTORY,
  startReceiver,
  startTestEmulator,
  testOptions,
  webhookBody,
} from '../helpers/emulator-helpers.js';

const WATCHED = '0xa11ce00000000000000000000000000000000001';
const STRANGER = '0xb0b0000000000000000000000000000000000002';
const TOKEN = '0x70c0000000000000000000000000000000000003';
/** The sender of a mint: a transfer from any other address needs its sender to hold the amount. */
const ZERO = '0x0000000000000000000000000000000000000000';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HASH32 = /^0x[0-9a-f]{64}$/;
const DECIMAL = /^[0-9]+$/;

describe('emulator notifications', () => {
  let emulator: RunningEmulator;
  let receiver: Receiver;

  beforeAll(async () => {
    emulator = await startTestEmulator(SHORT_HISTORY);
  });
  afterAll(() => emulator.close());

  afterEach(async () => {
    await call(emulator.url, 'POST', '/_emulator/reset');
    await receiver?.close();
  });

  async function webhook(overrides: Record<string, unknown> = {}): Promise<{ id: string }> {
    receiver = await startReceiver();
    const created = await call(emulator.url, 'POST', '/v1/webhooks', {
      key: API_KEY,
      body: webhookBody({ url: receiver.url, metadata: { addresses: [WATCHED] }, ...overrides }),
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  async function inject(body: Record<string, unknown>): Promise<{ txHash: string; messageIds: string[] }> {
    const response = await call(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId: '43114', ...body } });
    expect(response.status).toBe(201);
    return response.body;
  }

  /** Injects a transaction that must not notify: no message is made for it, so none can be sent. */
  async function expectNoDelivery(body: Record<string, unknown>): Promise<void> {
    const before = (await call(emulator.url, 'GET', '/_emulator/deliveries')).body.deliveries.length;
    const result = await inject(body);
    expect(result.messageIds).toEqual([]);
    expect((await call(emulator.url, 'GET', '/_emulator/deliveries')).body.deliveries).toHaveLength(before);
    expect(receiver.requests).toHaveLength(0);
  }

  it('delivers a message of the spec shape for a transaction from a watched address', async () => {
    const created = await webhook({ includeLogs: true, includeInternalTxs: true });
    const result = await inject({ from: WATCHED, to: STRANGER, value: '1500000000000000000' });
    expect(result.txHash).toMatch(HASH32);
    expect(result.messageIds).toHaveLength(1);
    expect(result.messageIds[0]).toMatch(UUID);
    const [message] = await receiver.waitFor(1);
    expect(receiver.requests[0]!.contentType).toBe('application/json');
    expect(message).toMatchObject({ webhookId: created.id, eventType: 'address_activity', messageId: result.messageIds[0] });
    const tx = message!.event.transaction;
    expect(tx).toMatchObject({
      txHash: result.txHash,
      chainId: '43114',
      from: toChecksumAddress(WATCHED),
      to: toChecksumAddress(STRANGER),
      value: '1500000000000000000',
      txStatus: '1',
      input: '0x',
      erc20Transfers: [],
      erc721Transfers: [],
      erc1155Transfers: [],
      internalTransactions: [],
    });
    expect(tx.blockHash).toMatch(HASH32);
    expect(tx.receiptRoot).toMatch(HASH32);
    for (const field of [
      'blockNumber',
      'gas',
      'gasPrice',
      'maxFeePerGas',
      'maxPriorityFeePerGas',
      'nonce',
      'receiptCumulativeGasUsed',
      'receiptGasUsed',
      'receiptEffectiveGasPrice',
    ] as const) {
      expect(tx[field]).toMatch(DECIMAL);
    }
    for (const field of ['blockTimestamp', 'transactionIndex', 'type'] as const) expect(Number.isInteger(tx[field])).toBe(true);
    expect(message!.event.logs).toEqual([]);
    const listed = await call(emulator.url, 'GET', '/v1/transactions?network=mainnet&pageSize=5');
    expect(listed.body.transactions.map((item: { txHash: string }) => item.txHash)).toContain(result.txHash);
  });

  it('matches the to address, case-insensitively in both directions', async () => {
    await webhook({ metadata: { addresses: [WATCHED.toUpperCase().replace('0X', '0x')] } });
    const result = await inject({ from: STRANGER, to: toChecksumAddress(WATCHED) });
    expect(result.messageIds).toHaveLength(1);
    const [message] = await receiver.waitFor(1);
    expect(message!.event.transaction.to).toBe(toChecksumAddress(WATCHED));
  });

  it('matches ERC-20 transfers, with valueWithDecimals and a Transfer log consistent with the value', async () => {
    await webhook({ includeLogs: true });
    // The stranger's tokens, minted (no webhook watches it, so no message).
    await inject({ erc20Transfers: [{ from: ZERO, to: STRANGER, value: '1234500', token: { address: TOKEN } }] });
    const result = await inject({
      from: STRANGER,
      erc20Transfers: [
        { from: STRANGER, to: WATCHED, value: '1234500', token: { address: TOKEN, name: 'Test Dollar', symbol: 'TUSD', decimals: 6 } },
      ],
    });
    expect(result.messageIds).toHaveLength(1);
    const [message] = await receiver.waitFor(1);
    const { transaction, logs } = message!.event;
    expect(transaction.to).toBe(toChecksumAddress(TOKEN));
    expect(transaction.erc20Transfers).toEqual([
      {
        transactionHash: result.txHash,
        type: 'ERC20',
        from: toChecksumAddress(STRANGER),
        to: toChecksumAddress(WATCHED),
        value: '1234500',
        blockTimestamp: transaction.blockTimestamp,
        logIndex: 0,
        erc20Token: { address: toChecksumAddress(TOKEN), name: 'Test Dollar', symbol: 'TUSD', decimals: 6, valueWithDecimals: '1.2345' },
      },
    ]);
    expect(logs).toEqual([
      {
        address: toChecksumAddress(TOKEN),
        topic0: TRANSFER_SIGNATURE,
        topic1: '0x' + STRANGER.slice(2).padStart(64, '0'),
        topic2: '0x' + WATCHED.slice(2).padStart(64, '0'),
        topic3: null,
        data: '0x' + (1234500).toString(16).padStart(64, '0'),
        transactionIndex: transaction.transactionIndex,
        logIndex: 0,
        removed: false,
      },
    ]);
  });

  it('matches internal transactions; includeInternalTxs decides whether they are sent', async () => {
    await webhook({ includeInternalTxs: false });
    const internal = [{ from: STRANGER, to: WATCHED, value: '7', internalTxType: 'CALL' }];
    await inject({ from: STRANGER, to: TOKEN, internalTransactions: internal });
    const [without] = await receiver.waitFor(1);
    expect(without!.event.transaction.internalTransactions).toEqual([]);
    await receiver.close();
    await webhook({ includeInternalTxs: true });
    const result = await inject({ from: STRANGER, to: TOKEN, internalTransactions: internal });
    const [withThem] = await receiver.waitFor(1);
    expect(withThem!.event.transaction.internalTransactions).toEqual([
      {
        from: toChecksumAddress(STRANGER),
        to: toChecksumAddress(WATCHED),
        internalTxType: 'CALL',
        value: '7',
        gasUsed: expect.stringMatching(DECIMAL),
        gasLimit: expect.stringMatching(DECIMAL),
        transactionHash: result.txHash,
      },
    ]);
  });

  it('matches a log emitted by a watched address; includeLogs false sends logs as []', async () => {
    await webhook();
    const result = await inject({ from: STRANGER, to: TOKEN, logs: [{ address: WATCHED, topics: [APPROVAL_SIGNATURE], data: '0x01' }] });
    expect(result.messageIds).toHaveLength(1);
    const [message] = await receiver.waitFor(1);
    expect(message!.event.logs).toEqual([]);
  });

  it('with eventSignatures, notifies only when a log topic0 is one of them (compared case-insensitively)', async () => {
    await webhook({
      includeLogs: true,
      metadata: { addresses: [WATCHED], eventSignatures: [APPROVAL_SIGNATURE.toUpperCase().replace('0X', '0x')] },
    });
    await expectNoDelivery({ from: WATCHED, to: STRANGER });
    // A mint to the watched address, then a transfer from it: Transfer logs both, not Approval.
    await expectNoDelivery({ erc20Transfers: [{ from: ZERO, to: WATCHED, value: '5', token: { address: TOKEN } }] });
    await expectNoDelivery({ from: WATCHED, erc20Transfers: [{ from: WATCHED, to: STRANGER, value: '5', token: { address: TOKEN } }] });
    const result = await inject({
      from: WATCHED,
      to: TOKEN,
      logs: [{ address: TOKEN, topics: [APPROVAL_SIGNATURE, '0x' + WATCHED.slice(2).padStart(64, '0')] }],
    });
    expect(result.messageIds).toHaveLength(1);
    const [message] = await receiver.waitFor(1);
    // Absent topics: topic1 and topic2 are left out (the operator's SDK refuses null there), topic3 is null.
    expect(message!.event.logs[0]).toMatchObject({ topic0: APPROVAL_SIGNATURE, topic3: null, data: '0x' });
    expect(message!.event.logs[0]!.topic1).toBe('0x' + WATCHED.slice(2).padStart(64, '0'));
    expect('topic2' in message!.event.logs[0]!).toBe(false);
  });

  it('does not notify for another chain, an unwatched address or an inactive webhook', async () => {
    const created = await webhook({ chainId: '43113' });
    await expectNoDelivery({ chainId: '43114', from: WATCHED, to: STRANGER });
    await expectNoDelivery({ chainId: '43113', from: STRANGER, to: TOKEN });
    await call(emulator.url, 'DELETE', `/v1/webhooks/${created.id}`, { key: API_KEY });
    await expectNoDelivery({ chainId: '43113', from: WATCHED, to: STRANGER });
  });

  it('sends one message per matching webhook, each with a fresh messageId', async () => {
    await webhook();
    await call(emulator.url, 'POST', '/v1/webhooks', {
      key: 'other-key',
      body: webhookBody({ url: receiver.url, metadata: { addresses: [STRANGER] } }),
    });
    const first = await inject({ from: WATCHED, to: STRANGER });
    const second = await inject({ from: WATCHED, to: STRANGER });
    expect(first.messageIds).toHaveLength(2);
    const messages = await receiver.waitFor(4);
    expect(new Set(messages.map((message) => message.messageId)).size).toBe(4);
    expect(new Set([...first.messageIds, ...second.messageIds])).toEqual(new Set(messages.map((message) => message.messageId)));
  });

  it('retries a failing receiver with the same messageId until it answers 2xx', async () => {
    await webhook();
    receiver.respond = (index) => (index < 2 ? 500 : undefined);
    const { messageIds } = await inject({ from: WATCHED, to: STRANGER });
    await receiver.waitFor(1);
    expect(receiver.requests.map((request) => request.body.messageId)).toEqual([messageIds[0], messageIds[0], messageIds[0]]);
    const deliveries = await call(emulator.url, 'GET', '/_emulator/deliveries');
    expect(deliveries.body.deliveries).toEqual([
      expect.objectContaining({
        messageId: messageIds[0],
        webhookId: receiver.requests[0]!.body.webhookId,
        url: receiver.url,
        attempts: 3,
        lastStatus: 200,
        state: 'delivered',
      }),
    ]);
  });

  it('retries an attempt that gets no answer within the attempt timeout', async () => {
    await webhook();
    receiver.respond = (index) => (index === 0 ? 'hang' : undefined);
    const { messageIds } = await inject({ from: WATCHED, to: STRANGER });
    const [message] = await receiver.waitFor(1);
    expect(message!.messageId).toBe(messageIds[0]);
    expect(receiver.requests).toHaveLength(2);
  });

  it('gives up after the last attempt and reports it as failed', async () => {
    await webhook();
    receiver.respond = () => 503;
    const { messageIds } = await inject({ from: WATCHED, to: STRANGER });
    const record = await eventually(async () => {
      const { body } = await call(emulator.url, 'GET', '/_emulator/deliveries');
      return body.deliveries.find((delivery: { state: string }) => delivery.state === 'failed');
    });
    expect(record).toMatchObject({ messageId: messageIds[0], attempts: 5, lastStatus: 503, state: 'failed' });
    expect(receiver.requests).toHaveLength(5);
  });

  it('stops deliveries at once on deactivation, dropping pending retries', async () => {
    const created = await webhook();
    receiver.respond = () => 500;
    await inject({ from: WATCHED, to: STRANGER });
    await eventually(() => (receiver.requests.length >= 1 ? true : undefined));
    await call(emulator.url, 'DELETE', `/v1/webhooks/${created.id}`, { key: API_KEY });
    const { body } = await call(emulator.url, 'GET', '/_emulator/deliveries');
    expect(body.deliveries).toEqual([expect.objectContaining({ state: 'failed', lastStatus: 500 })]);
    // Its retries are dropped: no attempt is scheduled, nothing is pending.
    expect(body.deliveries[0].nextAttemptAt).toBeUndefined();
    expect((await call(emulator.url, 'GET', '/_emulator/status')).body.pendingMessages).toBe(0);
  });

  it('validates control bodies with 400 and lists rule-naming messages', async () => {
    const missing = await call(emulator.url, 'POST', '/_emulator/transactions', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: 'chainId is required', statusCode: 400, error: 'Bad Request' });
    const several = await call(emulator.url, 'POST', '/_emulator/transactions', {
      body: { chainId: 'c', from: '0x1', txStatus: 'ok', erc20Transfers: [{ from: WATCHED }], logs: [{ address: WATCHED, topics: [] }] },
    });
    expect(several.body.message).toEqual([
      'chainId must be a decimal string of at most 15 digits, e.g. "43114"',
      'txStatus must be "1" (success) or "0" (failed)',
      'from must be an address: 0x followed by 40 hex digits',
      'erc20Transfers[0].to is required',
      'erc20Transfers[0].value is required',
      'logs[0].topics must be an array of 1 to 4 topics, each 0x followed by 64 hex digits',
    ]);
    const notJson = await call(emulator.url, 'POST', '/_emulator/transactions', { rawBody: 'chainId=1' });
    expect(notJson.status).toBe(400);
    expect((await call(emulator.url, 'GET', '/_emulator/nothing')).status).toBe(404);
  });

  it('injects a failed transaction that the status filter lists as failed', async () => {
    const { txHash } = await inject({ chainId: '43113', txStatus: '0' });
    const failed = await call(emulator.url, 'GET', '/v1/transactions?network=fuji&status=failed&pageSize=1');
    expect(failed.body.transactions[0]).toMatchObject({ txHash, txStatus: '0', chainId: '43113' });
  });

  it('reset forgets webhooks, injected transactions and deliveries', async () => {
    const created = await webhook();
    const { txHash } = await inject({ from: WATCHED, to: STRANGER });
    await receiver.waitFor(1);
    const reset = await call(emulator.url, 'POST', '/_emulator/reset');
    expect(reset.status).toBe(200);
    expect((await call(emulator.url, 'GET', '/_emulator/deliveries')).body).toEqual({ deliveries: [], total: 0, dropped: 0 });
    expect((await call(emulator.url, 'DELETE', `/v1/webhooks/${created.id}`, { key: API_KEY })).status).toBe(404);
    const listed = await call(emulator.url, 'GET', '/v1/transactions?pageSize=100');
    expect(listed.body.transactions.map((item: { txHash: string }) => item.txHash)).not.toContain(txHash);
  });

  it.skipIf(!externalAddress())('refuses the control API to clients that are not on loopback', async () => {
    const open = await startTestEmulator({ host: '0.0.0.0', ...SHORT_HISTORY });
    try {
      const port = new URL(open.url).port;
      const response = await call(`http://${externalAddress()}:${port}`, 'GET', '/_emulator/deliveries');
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: 'the control API answers loopback clients only', statusCode: 403, error: 'Forbidden' });
    } finally {
      await open.close();
    }
  });
});

describe('synthetic activity', () => {
  it('reaches a fresh webhook with no injection, on its chain, touching its addresses', async () => {
    const emulator = await startTestEmulator({ blockTimeMs: 25, ...SHORT_HISTORY });
    const receiver = await startReceiver();
    try {
      const before = (await call(emulator.url, 'GET', '/v1/transactions?pageSize=1')).body.transactions[0];
      const created = await call(emulator.url, 'POST', '/v1/webhooks', {
        key: API_KEY,
        body: webhookBody({ url: receiver.url, chainId: '43113', includeLogs: true, metadata: { addresses: [WATCHED] } }),
      });
      const messages = await receiver.waitFor(3);
      for (const message of messages) {
        expect(message.webhookId).toBe(created.body.id);
        expect(message.event.transaction.chainId).toBe('43113');
        const { transaction, logs } = message.event;
        const involved = [
          transaction.from,
          transaction.to,
          ...transaction.erc20Transfers.flatMap((t) => [t.from, t.to]),
          ...[...transaction.erc721Transfers, ...transaction.erc1155Transfers].flatMap((t) => [t.from, t.to]),
          ...logs.map((log) => log.address),
        ];
        expect(involved.map((address) => address.toLowerCase())).toContain(WATCHED);
        for (const transfer of transaction.erc20Transfers) {
          const { decimals, valueWithDecimals } = transfer.erc20Token;
          const [whole, fraction = ''] = valueWithDecimals.split('.');
          expect(BigInt(whole! + fraction.padEnd(decimals, '0'))).toBe(BigInt(transfer.value));
        }
      }
      const after = (await call(emulator.url, 'GET', '/v1/transactions?pageSize=1')).body.transactions[0];
      expect(after.blockTimestampMilliseconds).toBeGreaterThan(before.blockTimestampMilliseconds);
    } finally {
      await receiver.close();
      await emulator.close();
    }
  });

  it('with eventSignatures, synthetic messages carry a log with one of them', async () => {
    const emulator = await startTestEmulator({ blockTimeMs: 25, ...SHORT_HISTORY });
    const receiver = await startReceiver();
    try {
      await call(emulator.url, 'POST', '/v1/webhooks', {
        key: API_KEY,
        body: webhookBody({
          url: receiver.url,
          includeLogs: true,
          metadata: { addresses: [WATCHED], eventSignatures: [TRANSFER_SIGNATURE] },
        }),
      });
      const messages = await receiver.waitFor(2);
      for (const message of messages as NotificationMessage[]) {
        expect(message.event.logs.map((log) => log.topic0)).toContain(TRANSFER_SIGNATURE);
      }
    } finally {
      await receiver.close();
      await emulator.close();
    }
  });
});

describe('delivery with the contract timing', () => {
  it('keeps the API fast while a saturated queue waits on a receiver that never answers', async () => {
    const emulator = await startEmulator(testOptions(SHORT_HISTORY));
    const receiver = await startReceiver();
    receiver.respond = () => 'hang';
    try {
      await call(emulator.url, 'POST', '/v1/webhooks', {
        key: API_KEY,
        body: webhookBody({ url: receiver.url, metadata: { addresses: [WATCHED] } }),
      });
      for (let i = 0; i < 40; i++)
        await call(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId: '43114', from: WATCHED } });
      await eventually(() => (receiver.requests.length >= 32 ? true : undefined));
      const started = Date.now();
      const response = await call(emulator.url, 'GET', '/v1/transactions?pageSize=100');
      expect(response.status).toBe(200);
      expect(response.body.transactions).toHaveLength(100);
      expect(Date.now() - started).toBeLessThan(1_000);
      const { body } = await call(emulator.url, 'GET', '/_emulator/deliveries');
      expect(body.deliveries).toHaveLength(40);
      expect(body.deliveries.every((delivery: { state: string }) => delivery.state === 'retrying')).toBe(true);
    } finally {
      await receiver.close();
      await emulator.close();
    }
  });

  it('waits 5 s for an answer before retrying the same message', async () => {
    // The contract's timing on the test's clock: setTimeout and Date are faked, so the 5 s attempt timeout and the
    // 1 s backoff pass at once; sockets, HTTP and the emulator's queue are the real ones.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const emulator = await startEmulator(testOptions(SHORT_HISTORY));
    const receiver = await startReceiver();
    receiver.respond = (index) => (index === 0 ? 'hang' : undefined);
    try {
      const created = await call(emulator.url, 'POST', '/v1/webhooks', {
        key: API_KEY,
        body: webhookBody({ url: receiver.url, metadata: { addresses: [WATCHED] } }),
      });
      expect(created.status).toBe(201);
      const started = Date.now();
      const injected = await call(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId: '43114', from: WATCHED } });
      await receiver.until(() => (receiver.requests.length === 1 ? true : undefined));
      // A moment short of 5 s: the first attempt is still waiting for its answer, and nothing was sent again
      // (a request to the emulator first, so that a connection it had closed would have been seen closed).
      await vi.advanceTimersByTimeAsync(4_999);
      expect((await call(emulator.url, 'GET', '/_emulator/deliveries')).body.deliveries).toHaveLength(1);
      expect(receiver.requests).toHaveLength(1);
      expect(receiver.abandoned).toBe(0);
      // At 5 s, with no more time passing, the attempt is given up; after the backoff the same message goes again.
      await vi.advanceTimersByTimeAsync(1);
      await receiver.until(() => (receiver.abandoned === 1 ? true : undefined), 3_000, 'the first attempt given up at 5 s');
      await advanceUntil(() => receiver.messages.length === 1);
      const [message] = await receiver.waitFor(1, 5_000);
      expect(message!.messageId).toBe(injected.body.messageIds[0]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(5_000);
      const { body } = await call(emulator.url, 'GET', '/_emulator/deliveries');
      expect(body.deliveries[0]).toMatchObject({ attempts: 2, lastStatus: 200, state: 'delivered' });
    } finally {
      await receiver.close();
      await emulator.close();
      vi.useRealTimers();
    }
  });
});

/** Moves the fake clock on 50 ms at a time, letting real I/O run between steps, until `done()`; at most 10 s of it. */
async function advanceUntil(done: () => boolean): Promise<void> {
  for (let advanced = 0; !done(); advanced += 50) {
    if (advanced > 10_000) throw new Error('not done after 10 s of fake time');
    await vi.advanceTimersByTimeAsync(50);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function externalAddress(): string | undefined {
  for (const entries of Object.values(os.networkInterfaces())) {
    for (const entry of entries ?? []) if (entry.family === 'IPv4' && !entry.internal) return entry.address;
  }
  return undefined;
}
