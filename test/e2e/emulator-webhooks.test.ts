// The rest of the webhook lifecycle in the emulator, over real HTTP: list, get, update, add and remove addresses,
// with the error model, ownership, limits and faults of the first four, and deliveries following every change.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import type { Receiver } from '../helpers/emulator-helpers.js';
import { API_KEY, call, startReceiver, startTestEmulator, webhookBody } from '../helpers/emulator-helpers.js';

const MISSING_ID = '3f2b8c1e-9a4d-4e7f-8b2a-1c5d6e7f8a9b';
const A = '0xaaaa000000000000000000000000000000000001';
const B = '0xbbbb000000000000000000000000000000000002';
const C = '0xcccc000000000000000000000000000000000003';
const STRANGER = '0x5555000000000000000000000000000000000005';
const upper = (address: string) => '0x' + address.slice(2).toUpperCase();
const address = (i: number) => '0x' + i.toString(16).padStart(40, '0');

describe('emulator webhook lifecycle', () => {
  let emulator: RunningEmulator;
  const extra: RunningEmulator[] = [];
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    emulator = await startTestEmulator({ readOnlyKeys: ['viewer'] });
  });
  afterAll(() => emulator.close());
  afterEach(async () => {
    await call(emulator.url, 'POST', '/_emulator/reset');
    await Promise.all([...extra.splice(0).map((running) => running.close()), ...receivers.splice(0).map((r) => r.close())]);
  });

  async function another(overrides: Parameters<typeof startTestEmulator>[0] = {}): Promise<RunningEmulator> {
    const running = await startTestEmulator(overrides);
    extra.push(running);
    return running;
  }

  async function receiver(): Promise<Receiver> {
    const started = await startReceiver();
    receivers.push(started);
    return started;
  }

  async function create(overrides: Record<string, unknown> = {}, key = API_KEY, url = emulator.url): Promise<any> {
    const response = await call(url, 'POST', '/v1/webhooks', { key, body: webhookBody(overrides) });
    expect(response.status).toBe(201);
    return response.body;
  }

  const get = (id: string, key = API_KEY) => call(emulator.url, 'GET', `/v1/webhooks/${id}`, { key });
  const patch = (id: string, body: unknown, key = API_KEY) => call(emulator.url, 'PATCH', `/v1/webhooks/${id}`, { key, body });
  const addresses = (method: 'PATCH' | 'DELETE', id: string, list: unknown, key = API_KEY, url = emulator.url) =>
    call(url, method, `/v1/webhooks/${id}/addresses`, { key, body: { addresses: list } });

  async function inject(body: Record<string, unknown>): Promise<string[]> {
    const response = await call(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId: '43114', ...body } });
    expect(response.status).toBe(201);
    return response.body.messageIds;
  }

  function expectError(response: { status: number; body: unknown }, status: number, message: string | string[] | RegExp): void {
    expect(response.status).toBe(status);
    const error = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' }[status];
    expect(response.body).toEqual({
      message: message instanceof RegExp ? expect.stringMatching(message) : message,
      statusCode: status,
      error,
    });
  }

  describe('GET /v1/webhooks', () => {
    it('lists the key’s own webhooks, newest first, 10 by default, in the shape create answers, createdAt in milliseconds', async () => {
      const before = Date.now();
      const created = [];
      for (let i = 0; i < 12; i++) created.push(await create({ name: `w${i}` }));
      await create({ name: 'not mine' }, 'other-key');
      const first = await call(emulator.url, 'GET', '/v1/webhooks', { key: API_KEY });
      expect(first.status).toBe(200);
      expect(first.body.webhooks).toEqual(created.slice(2).reverse());
      expect(typeof first.body.nextPageToken).toBe('string');
      for (const webhook of first.body.webhooks) {
        expect(webhook.createdAt).toBeGreaterThanOrEqual(before);
        expect(webhook.createdAt).toBeLessThanOrEqual(Date.now());
      }
      const rest = await call(emulator.url, 'GET', `/v1/webhooks?pageToken=${first.body.nextPageToken}`, { key: API_KEY });
      expect(rest.body).toEqual({ webhooks: created.slice(0, 2).reverse() });
      const empty = await call(emulator.url, 'GET', '/v1/webhooks', { key: 'a-key-with-nothing' });
      expect(empty).toMatchObject({ status: 200, body: { webhooks: [] } });
      expect(empty.body.nextPageToken).toBeUndefined();
    });

    // 26 webhooks in pages of 10: three pages, as 260 in pages of 100 were, and two cursors that must stay right. A
    // cursor counting places from the newest, and one repeating the last item listed, both fail it (tried).
    it('pages through 26 webhooks once each, in order, with cursors that stay right while webhooks are created and changed', async () => {
      const created: string[] = [];
      for (let i = 0; i < 26; i++) created.push((await create({ name: `bulk ${i}` })).id);
      const seen: string[] = [];
      let token: string | undefined;
      let pages = 0;
      do {
        const query = token ? `?pageSize=10&pageToken=${encodeURIComponent(token)}` : '?pageSize=10';
        const page = await call(emulator.url, 'GET', `/v1/webhooks${query}`, { key: API_KEY });
        expect(page.status).toBe(200);
        seen.push(...page.body.webhooks.map((webhook: { id: string }) => webhook.id));
        token = page.body.nextPageToken;
        pages++;
        // Newer webhooks and changes to listed ones between pages do not shift the rest.
        await create({ name: `meanwhile ${pages}` });
        expect((await patch(seen[seen.length - 1]!, { status: 'inactive', name: 'changed' })).status).toBe(200);
      } while (token !== undefined);
      expect(pages).toBe(3);
      expect(seen).toEqual([...created].reverse());
    });

    it('filters by status, binds page tokens to it, and rejects bad parameters naming them', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await create()).id);
      for (const id of [ids[0]!, ids[2]!, ids[4]!])
        expect((await call(emulator.url, 'DELETE', `/v1/webhooks/${id}`, { key: API_KEY })).status).toBe(200);
      const list = async (query: string) => (await call(emulator.url, 'GET', `/v1/webhooks${query}`, { key: API_KEY })).body;
      expect((await list('?status=active')).webhooks.map((w: { id: string }) => w.id)).toEqual([ids[3], ids[1]]);
      expect((await list('?status=inactive')).webhooks.map((w: { id: string }) => w.id)).toEqual([ids[4], ids[2], ids[0]]);
      const page = await list('?status=inactive&pageSize=2');
      expect(page.webhooks).toHaveLength(2);
      expect((await list(`?status=inactive&pageSize=2&pageToken=${page.nextPageToken}`)).webhooks.map((w: { id: string }) => w.id)).toEqual(
        [ids[0]],
      );
      expectError(
        await call(emulator.url, 'GET', `/v1/webhooks?status=active&pageToken=${page.nextPageToken}`, { key: API_KEY }),
        400,
        "pageToken was issued for a query with status=inactive; repeat that query's status, or drop pageToken to start over",
      );
      expectError(
        await call(emulator.url, 'GET', `/v1/webhooks?pageToken=${page.nextPageToken}`, { key: API_KEY }),
        400,
        /^pageToken was issued for a query with status=inactive/,
      );
      const txToken = (await call(emulator.url, 'GET', '/v1/transactions?pageSize=1')).body.nextPageToken;
      expectError(
        await call(emulator.url, 'GET', `/v1/webhooks?pageToken=${txToken}`, { key: API_KEY }),
        400,
        'pageToken must be a nextPageToken returned by this listing',
      );
      expectError(
        await call(emulator.url, 'GET', '/v1/webhooks?status=paused', { key: API_KEY }),
        400,
        'status must be one of: active, inactive',
      );
      expectError(await call(emulator.url, 'GET', '/v1/webhooks?pageSize=101&network=fuji', { key: API_KEY }), 400, [
        'network is not a supported query parameter (supported: pageToken, pageSize, status)',
        'pageSize must be an integer from 1 to 100',
      ]);
      expectError(
        await call(emulator.url, 'GET', '/v1/webhooks?pageSize=0', { key: API_KEY }),
        400,
        'pageSize must be an integer from 1 to 100',
      );
    });

    it('lists webhooks created in the same millisecond newest first, and pages through them', async () => {
      // Only Date is faked: the clock stands still while sockets and timers run.
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(1_750_000_000_123);
        const ids: string[] = [];
        for (let i = 0; i < 25; i++) ids.push((await create({ name: `tie ${i}` })).id);
        const seen: any[] = [];
        let token: string | undefined;
        do {
          const query = token ? `?pageSize=7&pageToken=${token}` : '?pageSize=7';
          const page = await call(emulator.url, 'GET', `/v1/webhooks${query}`, { key: API_KEY });
          seen.push(...page.body.webhooks);
          token = page.body.nextPageToken;
        } while (token);
        expect(seen.map((webhook) => webhook.id)).toEqual([...ids].reverse());
        expect(new Set(seen.map((webhook) => webhook.createdAt))).toEqual(new Set([1_750_000_000_123]));
      } finally {
        vi.useRealTimers();
      }
    });
  });

  describe('GET and PATCH /v1/webhooks/{id}', () => {
    it('gets the whole webhook, as created', async () => {
      const created = await create({ name: 'treasury', metadata: { addresses: [A, upper(B)] } });
      const got = await get(created.id);
      expect(got.status).toBe(200);
      expect(got.body).toEqual(created);
      // As given: a client comparing what it sent with what it reads back sees the same strings.
      expect(got.body.metadata.addresses).toEqual([A, upper(B)]);
      expect((await get(created.id.toUpperCase())).body).toEqual(created);
    });

    it('updates the given fields only; {} changes nothing; an inactive webhook can be updated and re-activated', async () => {
      const created = await create({ name: 'old', description: 'd' });
      const unchanged = await patch(created.id, {});
      expect(unchanged).toMatchObject({ status: 200, body: created });
      const updated = await patch(created.id, { name: 'new', url: 'https://example.com/hook', includeLogs: true });
      expect(updated.status).toBe(200);
      expect(updated.body).toEqual({ ...created, name: 'new', url: 'https://example.com/hook', includeLogs: true });
      const off = await patch(created.id, { status: 'inactive' });
      expect(off.body.status).toBe('inactive');
      const edited = await patch(created.id, { description: 'still editable', includeInternalTxs: true });
      expect(edited.body).toMatchObject({ status: 'inactive', description: 'still editable', includeInternalTxs: true });
      const on = await patch(created.id, { status: 'active' });
      expect(on.body).toEqual({ ...updated.body, status: 'active', description: 'still editable', includeInternalTxs: true });
      expect((await get(created.id)).body).toEqual(on.body);
    });

    it('rejects bad bodies with 400 naming each field, unknown ones included, and changes nothing', async () => {
      const created = await create();
      expectError(await patch(created.id, { chainId: '1', eventType: 'x' }), 400, [
        'property chainId should not exist',
        'property eventType should not exist',
      ]);
      expectError(await patch(created.id, { url: 'ftp://x' }), 400, 'url must be an absolute http or https URL');
      expectError(await patch(created.id, { status: 'paused', includeLogs: 'yes', name: 3 }), 400, [
        'status must be one of: active, inactive',
        'name must be a string',
        'includeLogs must be a boolean',
      ]);
      expectError(await patch(created.id, [1]), 400, 'body must be a JSON object');
      expectError(
        await call(emulator.url, 'PATCH', `/v1/webhooks/${created.id}`, {
          key: API_KEY,
          rawBody: '{"name":',
          contentType: 'application/json',
        }),
        400,
        /^body must be valid JSON/,
      );
      expectError(
        await call(emulator.url, 'PATCH', `/v1/webhooks/${created.id}`, { key: API_KEY, rawBody: '{}', contentType: 'text/plain' }),
        400,
        'Content-Type must be application/json',
      );
      expectError(await patch('not-an-id', {}), 400, /^id must be a UUID/);
      expect((await get(created.id)).body).toEqual(created);
    });
  });

  describe('PATCH and DELETE /v1/webhooks/{id}/addresses', () => {
    it('adds and removes case-insensitively; present and absent ones are no error; answers the whole webhook', async () => {
      const created = await create({ metadata: { addresses: [A] } });
      const added = await addresses('PATCH', created.id, [upper(B), A, C, B]);
      expect(added.status).toBe(200);
      // Each kept as first given; a repeat in another case changes nothing.
      expect(added.body).toEqual({ ...created, metadata: { ...created.metadata, addresses: [A, upper(B), C] } });
      const again = await addresses('PATCH', created.id, [upper(C)]);
      expect(again.body.metadata.addresses).toEqual([A, upper(B), C]);
      const removed = await addresses('DELETE', created.id, [upper(A), STRANGER]);
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ ...created, metadata: { ...created.metadata, addresses: [upper(B), C] } });
      const listed = await call(emulator.url, 'GET', `/v1/webhooks/${created.id}/addresses`, { key: API_KEY });
      expect(listed.body).toEqual({ addresses: [upper(B), C], totalAddresses: 2 });
    });

    it('refuses to remove the last address, and bad bodies, with 400 naming the rule; nothing changes', async () => {
      const created = await create({ metadata: { addresses: [A, B] } });
      expectError(
        await addresses('DELETE', created.id, [A, upper(B), STRANGER]),
        400,
        'addresses: a webhook must keep at least 1 address, and this would remove all 2; to stop its notifications, deactivate it',
      );
      expectError(await addresses('PATCH', created.id, []), 400, 'addresses must contain at least 1 address');
      expectError(await addresses('DELETE', created.id, ['0x12', A]), 400, 'addresses[0] must be an address: 0x followed by 40 hex digits');
      expectError(
        await call(emulator.url, 'PATCH', `/v1/webhooks/${created.id}/addresses`, { key: API_KEY, body: { address: [A] } }),
        400,
        ['property address should not exist', 'addresses is required'],
      );
      expectError(await addresses('PATCH', 'nope', [A]), 400, /^id must be a UUID/);
      expect((await get(created.id)).body.metadata.addresses).toEqual([A, B]);
    });

    it('changes the addresses of an inactive webhook', async () => {
      const created = await create({ metadata: { addresses: [A] } });
      await call(emulator.url, 'DELETE', `/v1/webhooks/${created.id}`, { key: API_KEY });
      expect((await addresses('PATCH', created.id, [B])).body).toMatchObject({ status: 'inactive', metadata: { addresses: [A, B] } });
      expect((await addresses('DELETE', created.id, [A])).body).toMatchObject({ status: 'inactive', metadata: { addresses: [B] } });
    });

    it('with --max-addresses refuses creations and additions beyond the cap, naming it', async () => {
      const capped = await another({ maxAddresses: 3 });
      const created = await create({ metadata: { addresses: [A, B] } }, API_KEY, capped.url);
      expect((await addresses('PATCH', created.id, [A, C], API_KEY, capped.url)).body.metadata.addresses).toEqual([A, B, C]);
      expectError(
        await addresses('PATCH', created.id, [STRANGER], API_KEY, capped.url),
        400,
        "addresses: a webhook may watch at most 3 addresses (this emulator's --max-addresses); this change would make 4",
      );
      expect((await addresses('PATCH', created.id, [upper(A)], API_KEY, capped.url)).status).toBe(200);
      const tooMany = await call(capped.url, 'POST', '/v1/webhooks', {
        key: API_KEY,
        body: webhookBody({ metadata: { addresses: [A, B, C, STRANGER] } }),
      });
      expectError(tooMany, 400, "metadata.addresses must hold at most 3 addresses (this emulator's --max-addresses); it has 4");
    });

    it('keeps thousands of addresses in order through batches of adds and removes, paged and answered whole', async () => {
      const created = await create({ metadata: { addresses: [address(1)] } });
      const expected = [address(1)];
      // 2,501 addresses: three of the list's 1,024-address chunks, with removals from two of them and pages crossing
      // chunk boundaries (5,001 only answered longer lists). A page skipping a whole chunk one place off, or a chunk's
      // cached JSON kept over a removal, fails it (both tried).
      for (let batch = 0; batch < 5; batch++) {
        const list = Array.from({ length: 500 }, (_, i) => address(2 + batch * 500 + i));
        const answer = await addresses('PATCH', created.id, list);
        expected.push(...list);
        expect(answer.body.metadata.addresses.length).toBe(expected.length);
      }
      // Every third address of the first 2,000, spread over two chunks of the list.
      const removing = expected.filter((_, i) => i % 3 === 1 && i < 2_000);
      const removed = await addresses('DELETE', created.id, removing);
      const kept = expected.filter((item) => !removing.includes(item));
      expect(removed.body.metadata.addresses).toEqual(kept);
      const more = await addresses('PATCH', created.id, [removing[0]!, upper(kept[5]!)]);
      kept.push(removing[0]!);
      expect(more.body.metadata.addresses).toEqual(kept);
      const paged: string[] = [];
      let token: string | undefined;
      do {
        const query = token ? `?pageSize=100&pageToken=${token}` : '?pageSize=100';
        const page = await call(emulator.url, 'GET', `/v1/webhooks/${created.id}/addresses${query}`, { key: API_KEY });
        expect(page.body.totalAddresses).toBe(kept.length);
        paged.push(...page.body.addresses);
        token = page.body.nextPageToken;
      } while (token);
      expect(paged).toEqual(kept);
      expect((await get(created.id)).body.metadata.addresses).toEqual(kept);
    });
  });

  describe('keys, ownership, limits and faults', () => {
    it('needs a key (401), hides other keys’ webhooks (404), and refuses writes to read-only keys (403)', async () => {
      const created = await create();
      const routes = [
        ['GET', '/v1/webhooks', undefined],
        ['GET', `/v1/webhooks/${created.id}`, undefined],
        ['PATCH', `/v1/webhooks/${created.id}`, { name: 'x' }],
        ['PATCH', `/v1/webhooks/${created.id}/addresses`, { addresses: [B] }],
        ['DELETE', `/v1/webhooks/${created.id}/addresses`, { addresses: [B] }],
      ] as const;
      for (const [method, path, body] of routes) {
        expectError(
          await call(emulator.url, method, path, { body }),
          401,
          'an API key is required: send it in the x-service-api-key header (or x-glacier-api-key)',
        );
        if (path !== '/v1/webhooks')
          expectError(await call(emulator.url, method, path, { key: 'someone-else', body }), 404, `webhook ${created.id} not found`);
        const viewer = await call(emulator.url, method, path, { key: 'viewer', body });
        if (method === 'GET') expect(viewer.status, `${method} ${path}`).toBe(path === '/v1/webhooks' ? 200 : 404);
        else expectError(viewer, 403, /^this API key is read-only/);
      }
      for (const [method, path, body] of [
        ['GET', `/v1/webhooks/${MISSING_ID}`, undefined],
        ['PATCH', `/v1/webhooks/${MISSING_ID}`, {}],
        ['PATCH', `/v1/webhooks/${MISSING_ID}/addresses`, { addresses: [A] }],
        ['DELETE', `/v1/webhooks/${MISSING_ID}/addresses`, { addresses: [A] }],
      ] as const) {
        expectError(await call(emulator.url, method, path, { key: API_KEY, body }), 404, `webhook ${MISSING_ID} not found`);
      }
      expect((await get(created.id)).body).toEqual(created);
    });

    it('refuses a webhook on a chain the service does not serve (400 naming those it does), as GET /v1/chains/{id} is 404', async () => {
      const chain = await call(emulator.url, 'GET', '/v1/chains/999999');
      expect(chain.status).toBe(404);
      const refused = await call(emulator.url, 'POST', '/v1/webhooks', { key: API_KEY, body: webhookBody({ chainId: '999999' }) });
      expectError(
        refused,
        400,
        'chainId "999999" is not a supported chain; supported: 43114 (Avalanche C-Chain), 432204 (Dexalot), 53935 (DFK Chain), ' +
          '43113 (Avalanche Fuji C-Chain), 432201 (Dexalot Testnet), 335 (DFK Chain Testnet)',
      );
      expect((await call(emulator.url, 'GET', '/v1/webhooks', { key: API_KEY })).body.webhooks).toEqual([]);
      await create({ chainId: '335' });
      // Started with --unlisted-chains (load runs over many chains), it takes one.
      const lax = await another({ unlistedChains: true });
      expect((await create({ chainId: '999999' }, API_KEY, lax.url)).chainId).toBe('999999');
    });

    it('rate-limits the new operations per key with 429 and Retry-After', async () => {
      const limited = await another({ rateLimit: 2 });
      const created = await create({}, API_KEY, limited.url);
      const statuses: number[] = [];
      let rejected: any;
      for (let i = 0; i < 4; i++) {
        const response = await addresses('PATCH', created.id, [B], API_KEY, limited.url);
        statuses.push(response.status);
        if (response.status === 429) rejected = response;
      }
      expect(statuses).toContain(429);
      expect(rejected.headers.get('retry-after')).toMatch(/^[1-9][0-9]*$/);
      expect(rejected.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests', message: expect.stringContaining('rate limit') });
    });

    it('injects faults into the new operations as into the others', async () => {
      const faulty = await another({ faultRate: 1 });
      const outcomes = new Set<string>();
      for (let i = 0; i < 30; i++) {
        const [method, path] = [
          ['GET', '/v1/webhooks'],
          ['GET', `/v1/webhooks/${MISSING_ID}`],
          ['PATCH', `/v1/webhooks/${MISSING_ID}`],
          ['PATCH', `/v1/webhooks/${MISSING_ID}/addresses`],
          ['DELETE', `/v1/webhooks/${MISSING_ID}/addresses`],
        ][i % 5]!;
        try {
          const response = await call(faulty.url, method!, path!, {
            key: API_KEY,
            body: method === 'GET' ? undefined : { addresses: [A] },
          });
          outcomes.add(String(response.status));
        } catch {
          outcomes.add('dropped');
        }
      }
      expect([...outcomes].every((outcome) => ['500', '502', '503', '429', 'dropped'].includes(outcome))).toBe(true);
      expect(outcomes.size).toBeGreaterThanOrEqual(3);
    });

    it('adds latency to the new operations', async () => {
      const slow = await another({ latencyMs: 150 });
      const started = Date.now();
      expect((await call(slow.url, 'GET', '/v1/webhooks', { key: API_KEY })).status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    });
  });

  describe('deliveries follow changes at once', () => {
    it('an added address notifies on its next transaction; a removed one does not', async () => {
      const target = await receiver();
      const created = await create({ url: target.url, metadata: { addresses: [A] } });
      expect(await inject({ from: B, to: STRANGER })).toEqual([]);
      await addresses('PATCH', created.id, [upper(B)]);
      const [messageId] = await inject({ from: B, to: STRANGER });
      expect((await target.waitFor(1))[0]!.messageId).toBe(messageId);
      await addresses('DELETE', created.id, [A]);
      // The removed address made no message, so nothing more can come: two messages, both delivered.
      expect(await inject({ from: A, to: STRANGER })).toEqual([]);
      expect(await inject({ from: STRANGER, to: B })).toHaveLength(1);
      await target.waitFor(2);
      const records = (await call(emulator.url, 'GET', `/_emulator/deliveries?webhookId=${created.id}`)).body.deliveries;
      expect(records.map((record: { state: string }) => record.state)).toEqual(['delivered', 'delivered']);
      expect(target.requests).toHaveLength(2);
    });

    it('an updated url receives the next message, and the retries of a message still pending', async () => {
      const old = await receiver();
      old.respond = () => 503;
      const fresh = await receiver();
      const created = await create({ url: old.url, metadata: { addresses: [A] } });
      const [first] = await inject({ from: A });
      await old.until(() => (old.requests.length > 0 ? true : undefined));
      await patch(created.id, { url: fresh.url });
      const [second] = await inject({ from: A });
      const delivered = await fresh.waitFor(2);
      expect(delivered.map((message) => message.messageId).sort()).toEqual([first, second].sort());
      const records = (await call(emulator.url, 'GET', '/_emulator/deliveries')).body.deliveries;
      expect(records.map((record: { url: string; state: string }) => [record.url, record.state])).toEqual([
        [fresh.url, 'delivered'],
        [fresh.url, 'delivered'],
      ]);
    });

    it('switching status through PATCH stops deliveries at once, and starts them again', async () => {
      const target = await receiver();
      target.respond = () => 500;
      const created = await create({ url: target.url, metadata: { addresses: [A] } });
      await inject({ from: A });
      await target.until(() => (target.requests.length > 0 ? true : undefined));
      await patch(created.id, { status: 'inactive' });
      const records = (await call(emulator.url, 'GET', '/_emulator/deliveries')).body.deliveries;
      expect(records.map((record: { state: string }) => record.state)).toEqual(['failed']);
      // Inactive, it gets no new message, and the failed one has no attempt scheduled: nothing is pending.
      expect(await inject({ from: A })).toEqual([]);
      expect(records[0]!.nextAttemptAt).toBeUndefined();
      expect((await call(emulator.url, 'GET', '/_emulator/status')).body.pendingMessages).toBe(0);
      target.respond = () => 200;
      await patch(created.id, { status: 'active' });
      const [messageId] = await inject({ from: A });
      expect((await target.waitFor(1))[0]!.messageId).toBe(messageId);
    });
  });
});
