// The emulator's four /v1 endpoints over real HTTP: listing and paging, webhooks, keys, limits, errors, faults.
import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { startEmulator } from '../../src/emulator/index.js';
import type { Transaction } from '../../src/schema/index.js';
import { toChecksumAddress } from '../../src/evm/address.js';
import { keccak256Hex } from '../../src/evm/keccak.js';
import { API_KEY, call, sleep, startTestEmulator, testOptions, webhookBody } from '../helpers/emulator-helpers.js';

const MAINNET_CHAINS = new Set(['43114', '432204', '53935']);
const TESTNET_CHAINS = new Set(['43113', '432201', '335']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Negative when `a` must be listed before `b`. */
function listingOrder(a: Transaction, b: Transaction): number {
  if (a.blockTimestampMilliseconds !== b.blockTimestampMilliseconds) return b.blockTimestampMilliseconds - a.blockTimestampMilliseconds;
  if (a.chainId !== b.chainId) return Number(a.chainId) - Number(b.chainId);
  return b.blockIndex - a.blockIndex;
}

/**
 * The first position listed before its predecessor's place (-1 if none): one assertion over a whole listing, where an
 * expect per pair cost more than the listing itself (thousands of pairs).
 */
function firstOutOfOrder(list: Transaction[]): number {
  return list.findIndex((tx, i) => i > 0 && listingOrder(list[i - 1]!, tx) >= 0);
}

async function listAll(baseUrl: string, query: string, pauseMs = 0): Promise<Transaction[]> {
  const all: Transaction[] = [];
  let token: string | undefined;
  do {
    const tokenPart = token ? `&pageToken=${encodeURIComponent(token)}` : '';
    const page = await call(baseUrl, 'GET', `/v1/transactions?pageSize=100${query}${tokenPart}`);
    expect(page.status).toBe(200);
    all.push(...page.body.transactions);
    token = page.body.nextPageToken;
    if (token !== undefined) expect(token).not.toBe('');
    if (pauseMs > 0) await sleep(pauseMs);
  } while (token !== undefined);
  return all;
}

describe('emulator /v1 API', () => {
  let emulator: RunningEmulator;
  const extra: RunningEmulator[] = [];

  beforeAll(async () => {
    emulator = await startTestEmulator();
  });
  afterAll(() => emulator.close());
  afterEach(async () => {
    await Promise.all(extra.splice(0).map((running) => running.close()));
  });

  /**
   * A whole listing of the file's emulator, fetched once per query: its transactions do not change (no blocks, no
   * injections), and several tests read the same one.
   */
  const listings = new Map<string, Promise<Transaction[]>>();
  function listShared(query: string): Promise<Transaction[]> {
    let listing = listings.get(query);
    if (!listing) listings.set(query, (listing = listAll(emulator.url, query)));
    return listing;
  }

  async function another(overrides: Parameters<typeof startTestEmulator>[0] = {}): Promise<RunningEmulator> {
    const running = await startTestEmulator(overrides);
    extra.push(running);
    return running;
  }

  describe('GET /v1/transactions', () => {
    it('answers keyless with 10 items of the spec shape, most recent first, and a token', async () => {
      const response = await call(emulator.url, 'GET', '/v1/transactions');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const { transactions, nextPageToken } = response.body;
      expect(transactions).toHaveLength(10);
      expect(typeof nextPageToken).toBe('string');
      for (const tx of transactions as Transaction[]) {
        expect(tx.blockNumber).toMatch(/^[0-9]+$/);
        expect(Number.isInteger(tx.blockTimestamp)).toBe(true);
        expect(tx.blockTimestampMilliseconds).toBeGreaterThanOrEqual(tx.blockTimestamp * 1000);
        expect(tx.blockTimestampMilliseconds).toBeLessThan((tx.blockTimestamp + 1) * 1000);
        expect(Number.isInteger(tx.blockMinDelayExcess)).toBe(true);
        expect(tx.blockHash).toMatch(/^0x[0-9a-f]{64}$/);
        expect(tx.txHash).toMatch(/^0x[0-9a-f]{64}$/);
        expect(tx.chainId).toMatch(/^[0-9]+$/);
        expect(Number.isInteger(tx.blockIndex)).toBe(true);
        expect(['0', '1']).toContain(tx.txStatus);
        expect([0, 2]).toContain(tx.txType);
        for (const field of ['gasLimit', 'gasUsed', 'gasPrice', 'nonce', 'value'] as const) expect(tx[field]).toMatch(/^[0-9]+$/);
        expect(BigInt(tx.gasUsed)).toBeLessThanOrEqual(BigInt(tx.gasLimit));
        for (const party of [tx.from, tx.to]) {
          expect(party.address).toBe(toChecksumAddress(party.address));
          if (party.symbol !== undefined) {
            expect(typeof party.name).toBe('string');
            expect(Number.isInteger(party.decimals)).toBe(true);
            expect(party.logoUri).toMatch(/^https:\/\//);
          }
        }
        if (tx.method.callType === 'CONTRACT_CALL') {
          expect(tx.method.methodHash).toMatch(/^0x[0-9a-f]{8}$/);
          expect(keccak256Hex(tx.method.methodName!).slice(0, 10)).toBe(tx.method.methodHash);
        } else if (tx.method.callType === 'CONTRACT_CREATION') {
          // No function is called: the selector shown is the bytecode's first bytes, the recipient the new contract.
          expect(tx.method.methodHash).toMatch(/^0x[0-9a-f]{8}$/);
          expect(tx.to.symbol).toBeUndefined();
        } else {
          expect(tx.method.callType).toBe('NATIVE_TRANSFER');
        }
      }
      const sorted = [...transactions].sort(listingOrder);
      expect(transactions).toEqual(sorted);
    });

    it('pages through the whole history once each, in order, and ends without nextPageToken', async () => {
      const all = await listShared('');
      expect(all.length).toBeGreaterThan(2_000);
      expect(new Set(all.map((tx) => tx.txHash)).size).toBe(all.length);
      expect(firstOutOfOrder(all)).toBe(-1);
      const oldest = all[all.length - 1]!;
      const tail = await call(emulator.url, 'GET', `/v1/transactions?pageSize=2`);
      expect(tail.body.transactions[0].txHash).toBe(all[0]!.txHash);
      expect(oldest.blockTimestampMilliseconds).toBeLessThan(all[0]!.blockTimestampMilliseconds);
    });

    it('keeps each item exactly once and in order while new blocks arrive', async () => {
      const reference = await listShared('&network=fuji');
      const live = await another({ blockTimeMs: 15 });
      const seen = await listAll(live.url, '&network=fuji', 20);
      expect(new Set(seen.map((tx) => tx.txHash)).size).toBe(seen.length);
      expect(firstOutOfOrder(seen)).toBe(-1);
      const seenHashes = new Set(seen.map((tx) => tx.txHash));
      expect(reference.filter((tx) => !seenHashes.has(tx.txHash)).map((tx) => tx.txHash)).toEqual([]);
      const fresh = await call(live.url, 'GET', '/v1/transactions?network=fuji&pageSize=1');
      expect(fresh.body.transactions[0].blockTimestampMilliseconds).toBeGreaterThan(reference[0]!.blockTimestampMilliseconds);
    });

    it('filters by network: mainnet and fuji/testnet each span several chains of their own', async () => {
      const mainnet = await listShared('&network=mainnet');
      const fuji = await listShared('&network=fuji');
      const testnet = await listShared('&network=testnet');
      expect(new Set(mainnet.map((tx) => tx.chainId))).toEqual(MAINNET_CHAINS);
      expect(new Set(fuji.map((tx) => tx.chainId))).toEqual(TESTNET_CHAINS);
      expect(testnet.map((tx) => tx.txHash)).toEqual(fuji.map((tx) => tx.txHash));
    });

    it('filters by status: success is txStatus "1", failed is "0", about a tenth failing', async () => {
      const all = await listShared('');
      const failed = await listAll(emulator.url, '&status=failed');
      const success = await listAll(emulator.url, '&status=success&network=mainnet');
      expect(failed.every((tx) => tx.txStatus === '0')).toBe(true);
      expect(success.every((tx) => tx.txStatus === '1' && MAINNET_CHAINS.has(tx.chainId))).toBe(true);
      expect(failed.length / all.length).toBeGreaterThan(0.04);
      expect(failed.length / all.length).toBeLessThan(0.2);
    });

    it('binds a page token to its query: other filters get 400 naming pageToken', async () => {
      const first = await call(emulator.url, 'GET', '/v1/transactions?network=mainnet&pageSize=5');
      const token = encodeURIComponent(first.body.nextPageToken);
      for (const query of ['network=fuji', 'network=mainnet&status=success', '']) {
        const reused = await call(emulator.url, 'GET', `/v1/transactions?${query}&pageToken=${token}`);
        expect(reused.status).toBe(400);
        expect(reused.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
        expect(reused.body.message).toMatch(/^pageToken /);
      }
      const continued = await call(emulator.url, 'GET', `/v1/transactions?network=mainnet&pageSize=7&pageToken=${token}`);
      expect(continued.status).toBe(200);
      expect(continued.body.transactions[0].txHash).not.toBe(first.body.transactions[4].txHash);
      expect(listingOrder(first.body.transactions[4], continued.body.transactions[0])).toBeLessThan(0);
    });

    it('treats fuji and testnet as one network for page tokens', async () => {
      const first = await call(emulator.url, 'GET', '/v1/transactions?network=fuji&pageSize=3');
      const next = await call(emulator.url, 'GET', `/v1/transactions?network=testnet&pageSize=3&pageToken=${first.body.nextPageToken}`);
      expect(next.status).toBe(200);
      expect(next.body.transactions).toHaveLength(3);
    });

    it.each([
      ['pageSize=0', /^pageSize must be an integer from 1 to 100$/],
      ['pageSize=101', /^pageSize must be an integer from 1 to 100$/],
      ['pageSize=ten', /^pageSize must be an integer from 1 to 100$/],
      ['network=devnet', /^network must be one of: mainnet, fuji, testnet$/],
      ['status=pending', /^status must be one of: failed, success$/],
      ['limit=5', /^limit is not a supported query parameter/],
      ['pageSize=5&pageSize=6', /^pageSize must be given at most once$/],
      ['pageToken=not-a-token', /^pageToken /],
      ['pageToken=eyJ2IjoxfQ', /^pageToken /],
    ])('answers %s with 400 and a message naming the parameter', async (query, message) => {
      const response = await call(emulator.url, 'GET', `/v1/transactions?${query}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: expect.stringMatching(message), statusCode: 400, error: 'Bad Request' });
    });

    it('lists several invalid parameters as an array of messages', async () => {
      const response = await call(emulator.url, 'GET', '/v1/transactions?pageSize=0&network=x');
      expect(response.status).toBe(400);
      expect(response.body.message).toEqual([
        'pageSize must be an integer from 1 to 100',
        'network must be one of: mainnet, fuji, testnet',
      ]);
    });
  });

  describe('keys and limits', () => {
    it('needs a key for webhook endpoints: 401 with the spec body', async () => {
      const id = '3f2b8c1e-9a4d-4e7f-8b2a-1c5d6e7f8a9b';
      for (const [method, path] of [
        ['POST', '/v1/webhooks'],
        ['DELETE', `/v1/webhooks/${id}`],
        ['GET', `/v1/webhooks/${id}/addresses`],
      ] as const) {
        const response = await call(emulator.url, method, path, method === 'POST' ? { body: webhookBody() } : {});
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ message: expect.stringContaining('x-service-api-key'), statusCode: 401, error: 'Unauthorized' });
      }
    });

    it('with --api-key accepts only the listed keys, and read-only keys may read but not write (403)', async () => {
      const strict = await another({ apiKeys: ['good'], readOnlyKeys: ['viewer'] });
      expect((await call(strict.url, 'GET', '/v1/transactions', { key: 'bad' })).status).toBe(401);
      expect((await call(strict.url, 'GET', '/v1/transactions')).status).toBe(200);
      expect((await call(strict.url, 'GET', '/v1/transactions', { key: 'viewer' })).status).toBe(200);
      expect((await call(strict.url, 'POST', '/v1/webhooks', { key: 'bad', body: webhookBody() })).status).toBe(401);
      const created = await call(strict.url, 'POST', '/v1/webhooks', { key: 'good', body: webhookBody() });
      expect(created.status).toBe(201);
      const forbidden = await call(strict.url, 'POST', '/v1/webhooks', { key: 'viewer', body: webhookBody() });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toEqual({ message: expect.stringContaining('read-only'), statusCode: 403, error: 'Forbidden' });
      expect((await call(strict.url, 'DELETE', `/v1/webhooks/${created.body.id}`, { key: 'viewer' })).status).toBe(403);
    });

    it('rate-limits per key with 429 and Retry-After, keyless clients at a tenth', async () => {
      const limited = await another({ rateLimit: 20 });
      // The buckets refill by Date.now(): with the clock held still none refills between the requests, however slow
      // the machine (a loaded run once saw all 40 admitted), so the counts are exact. Only Date is faked: sockets and
      // timers run as ever.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      try {
        const keyed = await Promise.all(
          Array.from({ length: 40 }, () => call(limited.url, 'GET', '/v1/transactions?pageSize=1', { key: 'k1' })),
        );
        const rejected = keyed.filter((response) => response.status === 429);
        expect(keyed.filter((response) => response.status === 200)).toHaveLength(20);
        expect(rejected).toHaveLength(20);
        for (const response of rejected) {
          expect(response.headers.get('retry-after')).toBe('1');
          expect(response.body).toEqual({ message: expect.stringContaining('rate limit'), statusCode: 429, error: 'Too Many Requests' });
        }
        expect((await call(limited.url, 'GET', '/v1/transactions?pageSize=1', { key: 'k2' })).status).toBe(200);
        const keyless = (await Promise.all(Array.from({ length: 8 }, () => call(limited.url, 'GET', '/v1/transactions?pageSize=1')))).map(
          (response) => response.status,
        );
        expect(keyless.filter((status) => status === 200)).toHaveLength(2);
        expect(keyless.filter((status) => status === 429)).toHaveLength(6);
        // A second later the key's bucket holds a second's worth again.
        vi.setSystemTime(Date.now() + 1_000);
        expect((await call(limited.url, 'GET', '/v1/transactions?pageSize=1', { key: 'k1' })).status).toBe(200);
      } finally {
        vi.useRealTimers();
      }
    });
  });

  describe('webhooks', () => {
    it('creates with 201: the webhook object, addresses deduplicated case-insensitively and kept as first given, flags defaulting to false', async () => {
      const before = Date.now();
      const signature = keccak256Hex('Transfer(address,address,uint256)');
      const response = await call(emulator.url, 'POST', '/v1/webhooks', {
        key: API_KEY,
        body: webhookBody({
          name: 'treasury',
          metadata: {
            addresses: [
              '0xABCDEFabcdef0123456789012345678901234567',
              '0x2222222222222222222222222222222222222222',
              '0xabcdefABCDEF0123456789012345678901234567',
            ],
            eventSignatures: [signature.toUpperCase().replace('0X', '0x')],
          },
        }),
      });
      expect(response.status).toBe(201);
      const webhook = response.body;
      expect(webhook.id).toMatch(UUID);
      expect(webhook).toMatchObject({
        url: 'http://127.0.0.1:9/hook',
        chainId: '43114',
        status: 'active',
        name: 'treasury',
        description: '',
        eventType: 'address_activity',
        includeInternalTxs: false,
        includeLogs: false,
        metadata: {
          addresses: ['0xABCDEFabcdef0123456789012345678901234567', '0x2222222222222222222222222222222222222222'],
          eventSignatures: [signature],
        },
      });
      // Unix milliseconds, as the real service answers.
      expect(webhook.createdAt).toBeGreaterThanOrEqual(before);
      expect(webhook.createdAt).toBeLessThanOrEqual(Date.now());
    });

    it('rejects one invalid field with a string message and several with an array', async () => {
      const one = await call(emulator.url, 'POST', '/v1/webhooks', { key: API_KEY, body: webhookBody({ url: 'ftp://example.com' }) });
      expect(one.status).toBe(400);
      expect(one.body).toEqual({ message: 'url must be an absolute http or https URL', statusCode: 400, error: 'Bad Request' });
      const several = await call(emulator.url, 'POST', '/v1/webhooks', {
        key: API_KEY,
        body: {
          url: 'nope',
          chainId: 43114,
          eventType: 'other',
          metadata: { addresses: ['0x12', 'x'], eventSignatures: ['0x1'] },
          includeLogs: 'yes',
          extra: 1,
          status: 'active',
        },
      });
      expect(several.status).toBe(400);
      expect(several.body.statusCode).toBe(400);
      expect(several.body.message).toEqual(
        expect.arrayContaining([
          'property extra should not exist',
          'property status should not exist',
          'url must be an absolute http or https URL',
          'chainId must be a decimal string, e.g. "43114"',
          'eventType must be one of: address_activity',
          'metadata.addresses[0] must be an address: 0x followed by 40 hex digits',
          'metadata.addresses[1] must be an address: 0x followed by 40 hex digits',
          'metadata.eventSignatures[0] must be an event signature: 0x followed by 64 hex digits',
          'includeLogs must be a boolean',
        ]),
      );
      const missing = await call(emulator.url, 'POST', '/v1/webhooks', { key: API_KEY, body: {} });
      expect(missing.body.message).toEqual(['url is required', 'chainId is required', 'eventType is required', 'metadata is required']);
      const empty = await call(emulator.url, 'POST', '/v1/webhooks', { key: API_KEY, body: webhookBody({ metadata: { addresses: [] } }) });
      expect(empty.body.message).toBe('metadata.addresses must contain at least 1 address');
    });

    it('rejects a body that is not JSON, or not declared as JSON, with 400', async () => {
      const broken = await call(emulator.url, 'POST', '/v1/webhooks', { key: API_KEY, rawBody: '{"url":' });
      expect(broken.status).toBe(400);
      expect(broken.body.message).toMatch(/^body must be valid JSON/);
      const array = await call(emulator.url, 'POST', '/v1/webhooks', { key: API_KEY, rawBody: '[]' });
      expect(array.body.message).toBe('body must be a JSON object');
      const text = await call(emulator.url, 'POST', '/v1/webhooks', {
        key: API_KEY,
        rawBody: JSON.stringify(webhookBody()),
        contentType: 'text/plain',
      });
      expect(text.status).toBe(400);
      expect(text.body.message).toBe('Content-Type must be application/json');
    });

    it('rejects a body over 64 MiB with 400 before reading it', async () => {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(`${emulator.url}/v1/webhooks`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': String(65 * 1024 * 1024), 'x-service-api-key': API_KEY },
        });
        request.on('response', (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
        request.on('error', reject);
        request.write('{"url":');
      });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({ message: 'body must be at most 67108864 bytes', statusCode: 400, error: 'Bad Request' });
    });

    it('accepts 100,000 addresses and pages them with totalAddresses', async () => {
      const addresses = Array.from({ length: 100_000 }, (_, i) => '0x' + i.toString(16).padStart(40, '0'));
      const created = await call(emulator.url, 'POST', '/v1/webhooks', { key: API_KEY, body: webhookBody({ metadata: { addresses } }) });
      expect(created.status).toBe(201);
      const page = await call(emulator.url, 'GET', `/v1/webhooks/${created.body.id}/addresses?pageSize=100`, { key: API_KEY });
      expect(page.body.totalAddresses).toBe(100_000);
      expect(page.body.addresses).toEqual(addresses.slice(0, 100));
    });

    it('pages addresses with tokens bound to the webhook; the last page has no nextPageToken', async () => {
      const addresses = Array.from({ length: 25 }, (_, i) => '0x' + (i + 1).toString(16).padStart(40, 'a'));
      const created = await call(emulator.url, 'POST', '/v1/webhooks', { key: API_KEY, body: webhookBody({ metadata: { addresses } }) });
      const other = await call(emulator.url, 'POST', '/v1/webhooks', { key: API_KEY, body: webhookBody() });
      const path = `/v1/webhooks/${created.body.id}/addresses`;
      const defaultPage = await call(emulator.url, 'GET', path, { key: API_KEY });
      expect(defaultPage.body.addresses).toHaveLength(10);
      const collected: string[] = [];
      let token: string | undefined;
      let pages = 0;
      do {
        const page = await call(emulator.url, 'GET', `${path}?pageSize=10${token ? `&pageToken=${token}` : ''}`, { key: API_KEY });
        expect(page.status).toBe(200);
        expect(page.body.totalAddresses).toBe(25);
        collected.push(...page.body.addresses);
        token = page.body.nextPageToken;
        pages++;
        if (pages === 3) expect('nextPageToken' in page.body).toBe(false);
      } while (token);
      expect(pages).toBe(3);
      expect(collected).toEqual(addresses);
      const firstToken = defaultPage.body.nextPageToken;
      const misused = await call(emulator.url, 'GET', `/v1/webhooks/${other.body.id}/addresses?pageToken=${firstToken}`, { key: API_KEY });
      expect(misused.status).toBe(400);
      expect(misused.body.message).toMatch(/^pageToken /);
      const badSize = await call(emulator.url, 'GET', `${path}?pageSize=500`, { key: API_KEY });
      expect(badSize.body.message).toBe('pageSize must be an integer from 1 to 100');
    });

    it('deactivates with 200 and status inactive, idempotently', async () => {
      const created = await call(emulator.url, 'POST', '/v1/webhooks', { key: API_KEY, body: webhookBody() });
      const first = await call(emulator.url, 'DELETE', `/v1/webhooks/${created.body.id}`, { key: API_KEY });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ ...created.body, status: 'inactive' });
      const again = await call(emulator.url, 'DELETE', `/v1/webhooks/${created.body.id}`, { key: API_KEY });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      const addresses = await call(emulator.url, 'GET', `/v1/webhooks/${created.body.id}/addresses`, { key: API_KEY });
      expect(addresses.status).toBe(200);
    });

    it('hides webhooks from other keys (404), answers unknown ids with 404 and malformed ids with 400', async () => {
      const created = await call(emulator.url, 'POST', '/v1/webhooks', { key: API_KEY, body: webhookBody() });
      const foreignDelete = await call(emulator.url, 'DELETE', `/v1/webhooks/${created.body.id}`, { key: 'someone-else' });
      expect(foreignDelete.status).toBe(404);
      expect(foreignDelete.body).toEqual({ message: `webhook ${created.body.id} not found`, statusCode: 404, error: 'Not Found' });
      expect((await call(emulator.url, 'GET', `/v1/webhooks/${created.body.id}/addresses`, { key: 'someone-else' })).status).toBe(404);
      const unknown = await call(emulator.url, 'DELETE', '/v1/webhooks/3f2b8c1e-9a4d-4e7f-8b2a-1c5d6e7f8a9b', { key: API_KEY });
      expect(unknown.status).toBe(404);
      const malformed = await call(emulator.url, 'DELETE', '/v1/webhooks/not-an-id', { key: API_KEY });
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toMatch(/^id must be a UUID/);
      expect((await call(emulator.url, 'GET', `/v1/webhooks/${created.body.id}`, { key: 'someone-else' })).status).toBe(404);
    });

    it('answers unknown paths with 404 and the spec body', async () => {
      // `/` is the inspector's page (src/emulator/inspector/), served there alone.
      for (const path of ['/v1/no-such-thing', '/v2/transactions', '/index.html']) {
        const response = await call(emulator.url, 'GET', path);
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ message: `Cannot GET ${path}`, statusCode: 404, error: 'Not Found' });
      }
      // A path of the description with a method it does not give that path.
      expect((await call(emulator.url, 'PUT', '/v1/transactions')).status).toBe(404);
      expect((await call(emulator.url, 'DELETE', '/v1/blocks')).status).toBe(404);
    });

    it("answers an operation of the operator's description it does not model with 501 naming it, before any key check", async () => {
      const cases = [
        ['GET', '/v1/icm/messages', 'listIcmMessages (GET /v1/icm/messages)'],
        ['GET', '/v1/networks/mainnet/validators', 'listValidators'],
        ['POST', '/v1/operations/transactions:export', 'postTransactionExportJob'],
        ['GET', '/v1/networks/mainnet/blockchains/p-chain/blocks/abc', 'getBlockById'],
      ];
      for (const [method, path, named] of cases) {
        const response = await call(emulator.url, method!, `${path}?pageSize=5`);
        expect(response.status, path).toBe(501);
        expect(response.body).toMatchObject({ statusCode: 501, error: 'Not Implemented' });
        expect(response.body.message).toContain(`not emulated: ${named}`);
      }
    });
  });

  describe('determinism, faults and latency', () => {
    it('gives the same first page and the same ids for the same seed, other data for another seed', async () => {
      const twin = await another({ seed: 42 });
      // Any seed but 42 will do: seed 1 is one another file starts (terminal-manners), so in a worker that ran it
      // its history is already made (history-cache.ts) instead of costing a generation here.
      const stranger = await another({ seed: 1 });
      const pages = await Promise.all(
        [emulator, twin, stranger].map((running) => call(running.url, 'GET', '/v1/transactions?pageSize=20')),
      );
      expect(pages[1]!.body).toEqual(pages[0]!.body);
      expect(pages[2]!.body.transactions[0].txHash).not.toBe(pages[0]!.body.transactions[0].txHash);
      const ids = await Promise.all(
        [twin, await another({ seed: 42 })].map(
          async (running) => (await call(running.url, 'POST', '/v1/webhooks', { key: API_KEY, body: webhookBody() })).body.id,
        ),
      );
      expect(ids[0]).toBe(ids[1]);
    });

    it('with faultRate 1 answers every /v1 request with 500/502/503/429 or a dropped connection, never /_emulator', async () => {
      const faulty = await another({ faultRate: 1 });
      const outcomes = new Set<string>();
      for (let i = 0; i < 40; i++) {
        try {
          const response = await call(faulty.url, 'GET', '/v1/transactions');
          expect(response.body).toEqual({ message: expect.any(String), statusCode: response.status, error: expect.any(String) });
          if (response.status === 429) expect(response.headers.get('retry-after')).toBe('1');
          outcomes.add(String(response.status));
        } catch {
          outcomes.add('dropped');
        }
      }
      expect([...outcomes].every((outcome) => ['500', '502', '503', '429', 'dropped'].includes(outcome))).toBe(true);
      expect(outcomes.size).toBeGreaterThanOrEqual(4);
      const control = await call(faulty.url, 'GET', '/_emulator/deliveries');
      expect(control.status).toBe(200);
    });

    it('writes one log line per request when given a log function', async () => {
      const lines: string[] = [];
      const logged = await another({ log: (line) => lines.push(line) });
      await call(logged.url, 'GET', '/v1/transactions?pageSize=1');
      await call(logged.url, 'GET', '/v1/nothing');
      expect(lines).toEqual([
        expect.stringMatching(/^GET \/v1\/transactions\?pageSize=1 200 \d+ms$/),
        expect.stringMatching(/^GET \/v1\/nothing 404 \d+ms$/),
      ]);
    });

    it('adds latency to /v1 responses only', async () => {
      // A latency far above what a loaded machine adds to a plain request (a CI run saw 159 ms), so the control call
      // can be told apart from a delayed one by a wide margin: it would take a whole second if delayed.
      const slow = await another({ latencyMs: 1_000 });
      let started = Date.now();
      expect((await call(slow.url, 'GET', '/v1/transactions?pageSize=1')).status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(990);
      started = Date.now();
      expect((await call(slow.url, 'GET', '/_emulator/deliveries')).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(700);
    });

    it('starts through the public entry with a random seed and closes cleanly', async () => {
      const running = await startEmulator(testOptions({ seed: undefined }));
      expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const response = await call(running.url, 'GET', '/v1/transactions?pageSize=1');
      expect(response.status).toBe(200);
      expect(response.body.transactions[0].blockTimestampMilliseconds).toBeGreaterThan(Date.now() - 60_000);
      await running.close();
      await expect(fetch(running.url + '/v1/transactions')).rejects.toThrow();
    });
  });
});
