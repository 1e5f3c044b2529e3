// The schema module: the full resources (what the emulator serves), the shapes the CLI relies on (tolerant of what
// a real service may add or change), and the messages of the service's 400s.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { issueMessages } from '../../src/schema/issues.js';
import {
  AddressPageSchema,
  CreateWebhookRequestSchema,
  ReceivedNotificationSchema,
  ShownWebhookSchema,
  TransactionListResponseSchema,
  TransactionPageSchema,
  UpdateWebhookRequestSchema,
  WebhookAddressListResponseSchema,
  WebhookSchema,
} from '../../src/schema/index.js';
import { API_KEY, call, startTestEmulator, webhookBody } from '../helpers/emulator-helpers.js';
import { makeTransaction } from '../helpers/fixtures.js';

const messages = (schema: v.GenericSchema, value: unknown) => {
  const result = v.safeParse(schema, value, { abortEarly: false });
  return result.success ? [] : issueMessages(result.issues, 'body');
};

describe('what the emulator serves is the spec, field for field', () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator();
  });
  afterAll(async () => {
    await emulator.close();
  });

  it('transactions, webhooks and address pages', async () => {
    const page = await call(emulator.url, 'GET', '/v1/transactions?pageSize=100');
    expect(v.safeParse(TransactionListResponseSchema, page.body).issues).toBeUndefined();
    const created = await call(emulator.url, 'POST', '/v1/webhooks', { key: API_KEY, body: webhookBody() });
    expect(v.safeParse(WebhookSchema, created.body).issues).toBeUndefined();
    const addresses = await call(emulator.url, 'GET', `/v1/webhooks/${created.body.id}/addresses`, { key: API_KEY });
    expect(v.safeParse(WebhookAddressListResponseSchema, addresses.body).issues).toBeUndefined();
  });
});

describe('the shapes the CLI relies on', () => {
  it('take extra fields, a null or absent token, and show a wrongly typed field as absent', () => {
    const page = v.parse(TransactionPageSchema, {
      transactions: [makeTransaction({ chainId: 43114, extra: { nested: true } }), makeTransaction()],
      nextPageToken: null,
      somethingNew: 1,
    });
    expect(page.transactions[0]!.chainId).toBeUndefined();
    expect(page.transactions[1]!.chainId).toBe('43114');
    expect(v.parse(AddressPageSchema, { addresses: [] }).nextPageToken).toBeUndefined();
    expect(v.parse(ShownWebhookSchema, { id: 'w1', createdAt: 'yesterday', metadata: 'none' })).toMatchObject({
      id: 'w1',
      createdAt: undefined,
      metadata: undefined,
    });
  });

  it('refuse what they rely on: the list, the items being objects, the token a string, a webhook id a string', () => {
    expect(v.safeParse(TransactionPageSchema, { transactions: {} }).success).toBe(false);
    expect(v.safeParse(TransactionPageSchema, { transactions: [1] }).success).toBe(false);
    expect(v.safeParse(TransactionPageSchema, { transactions: [], nextPageToken: 5 }).success).toBe(false);
    expect(v.safeParse(AddressPageSchema, { addresses: [1] }).success).toBe(false);
    expect(v.safeParse(AddressPageSchema, { addresses: [], totalAddresses: '3' }).success).toBe(false);
    expect(v.safeParse(ShownWebhookSchema, { id: 7 }).success).toBe(false);
  });

  it('check a received notification for its ids, event and transaction, in the order the receiver reports them', () => {
    const first = (value: unknown) => v.safeParse(ReceivedNotificationSchema, value, { abortEarly: true }).issues?.[0]?.message;
    expect(first([])).toBe('not a JSON object');
    expect(first({ webhookId: 'w', eventType: 'address_activity', event: { transaction: {} } })).toBe(
      '"messageId" is missing or not a string',
    );
    expect(first({ messageId: 'm', webhookId: 'w', eventType: 'e', event: { transaction: null } })).toBe(
      '"event.transaction" is missing or not an object',
    );
    expect(first({ messageId: 'm', webhookId: 'w', eventType: 'e', event: { transaction: {}, logs: 3 } })).toBe(
      '"event.logs" is not an array',
    );
    expect(first({ messageId: 'm', webhookId: 'w', eventType: 'e', event: { transaction: {} } })).toBeUndefined();
  });
});

describe('request bodies, in the words of the service', () => {
  it('a creation body: required fields, rules, unknown fields first, long lists capped', () => {
    expect(messages(CreateWebhookRequestSchema, {})).toEqual([
      'url is required',
      'chainId is required',
      'eventType is required',
      'metadata is required',
    ]);
    expect(messages(CreateWebhookRequestSchema, [])).toEqual(['body must be a JSON object']);
    const bad = messages(CreateWebhookRequestSchema, {
      url: 'https://example.com',
      chainId: '1',
      eventType: 'address_activity',
      metadata: { addresses: ['a', 'b', 'c', 'd', 'e'], extra: true },
      other: 1,
    });
    expect(bad).toEqual([
      'property metadata.extra should not exist',
      'property other should not exist',
      'metadata.addresses[0] must be an address: 0x followed by 40 hex digits',
      'metadata.addresses[1] must be an address: 0x followed by 40 hex digits',
      'metadata.addresses[2] must be an address: 0x followed by 40 hex digits',
      'metadata.addresses has 2 more elements that are not an address: 0x followed by 40 hex digits',
    ]);
  });

  it('an update body: any of its fields, {} allowed, others refused', () => {
    expect(messages(UpdateWebhookRequestSchema, {})).toEqual([]);
    expect(messages(UpdateWebhookRequestSchema, { status: 'paused', chainId: '1' })).toEqual([
      'property chainId should not exist',
      'status must be one of: active, inactive',
    ]);
  });
});
