// `svc webhook list`, `get`, `update` and `activate` end to end against the emulator: what the commands print
// matches what the service holds, each key sees its own webhooks, and changes reach the service.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { runInProcess } from '../helpers/cli.js';
import type { InProcessOptions } from '../helpers/cli.js';
import { call, startReceiver, startTestEmulator, webhookBody } from '../helpers/emulator-helpers.js';

const KEY = 'sk_test_lifecycle_emulator_01';
const OTHER_KEY = 'sk_test_lifecycle_emulator_02';
const READ_ONLY_KEY = 'sk_test_lifecycle_read_only';
/** Well formed (the emulator answers 400 to an id that is not a UUID), but no webhook's. */
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let emulator: RunningEmulator;
/** The ids this key created in beforeEach, newest first (as the service lists them). */
let ids: string[];

beforeAll(async () => {
  emulator = await startTestEmulator({ readOnlyKeys: [READ_ONLY_KEY] });
});
afterAll(async () => {
  await emulator.close();
});

const svc = (args: string[], options: InProcessOptions = {}) => runInProcess(args, { baseUrl: emulator.url, apiKey: KEY, ...options });

async function createWebhook(key: string, overrides: Record<string, unknown>): Promise<string> {
  const created = await call<{ id: string }>(emulator.url, 'POST', '/v1/webhooks', { key, body: webhookBody(overrides) });
  expect(created.status).toBe(201);
  return created.body.id;
}

beforeEach(async () => {
  await call(emulator.url, 'POST', '/_emulator/reset');
  const first = await createWebhook(KEY, { name: 'first', chainId: '43113' });
  const second = await createWebhook(KEY, { name: 'second', metadata: { addresses: ['0x' + '1'.repeat(40), '0x' + '2'.repeat(40)] } });
  const third = await createWebhook(KEY, { name: 'third' });
  expect((await call(emulator.url, 'DELETE', `/v1/webhooks/${second}`, { key: KEY })).status).toBe(200);
  ids = [third, second, first];
});

describe('against the emulator', () => {
  it('list: every webhook of the key, newest first, as TSV; createdAt (milliseconds) shown as this year', async () => {
    const result = await svc(['webhook', 'list']);
    expect(result.exitCode, result.stderr).toBe(0);
    const rows = result.stdout
      .trimEnd()
      .split('\n')
      .map((row) => row.split('\t'));
    expect(rows.map((row) => row[0])).toEqual(ids);
    expect(rows.map((row) => [row[1], row[3], row[4]])).toEqual([
      ['third', 'active', '1'],
      ['second', 'inactive', '2'],
      ['first', 'active', '1'],
    ]);
    const year = String(new Date().getUTCFullYear());
    for (const row of rows) expect(row[6]!.slice(0, 4)).toBe(year);
  });

  it('list --status, --all over pages of one, --json; another key sees none of them', async () => {
    const active = await svc(['webhook', 'list', '--status', 'active']);
    expect(
      active.stdout
        .trimEnd()
        .split('\n')
        .map((row) => row.split('\t')[0]),
    ).toEqual([ids[0], ids[2]]);
    const inactive = await svc(['webhook', 'list', '--status', 'inactive', '--json']);
    expect((JSON.parse(inactive.stdout) as { webhooks: Array<{ id: string }> }).webhooks.map((webhook) => webhook.id)).toEqual([ids[1]]);
    const paged = await svc(['webhook', 'list', '--all', '--page-size', '1', '--json']);
    expect(paged.exitCode).toBe(0);
    const pages = paged.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { webhooks: Array<{ id: string }> });
    expect(pages.flatMap((page) => page.webhooks.map((webhook) => webhook.id))).toEqual(ids);
    const other = await svc(['webhook', 'list'], { apiKey: OTHER_KEY });
    expect(other).toMatchObject({ exitCode: 0, stdout: '' });
  });

  it('list on a terminal: the table and a footer with the next page command that works', async () => {
    const first = await svc(['webhook', 'list', '--page-size', '2'], { stdoutTTY: true, columns: 200 });
    expect(first.exitCode).toBe(0);
    expect(first.stdout).toMatch(/^ID\s+NAME\s+CHAIN\s+STATUS\s+ADDRESSES\s+URL\s+CREATED \(UTC\)\s+EVENT TYPE\n/);
    const next = /Next page: svc (webhook list --page-size 2 --page-token (\S+))\n/.exec(first.stdout);
    expect(next).not.toBeNull();
    const token = next![2]!.replace(/^'|'$/g, '');
    const rest = await svc(['webhook', 'list', '--page-size', '2', '--page-token', token]);
    expect(rest.stdout.trimEnd().split('\t')[0]).toBe(ids[2]);
  });

  it('get: the webhook as the service holds it; an unknown id exits 3, one not a UUID 2 (400); another key cannot see it (3)', async () => {
    const result = await svc(['webhook', 'get', ids[1]!, '--json']);
    expect(result.exitCode).toBe(0);
    const stored = await call(emulator.url, 'GET', `/v1/webhooks/${ids[1]}`, { key: KEY });
    expect(JSON.parse(result.stdout)).toEqual(stored.body);
    expect((await svc(['webhook', 'get', UNKNOWN_ID])).exitCode).toBe(3);
    const malformed = await svc(['webhook', 'get', 'not-a-uuid']);
    expect(malformed.exitCode).toBe(2);
    expect(malformed.stderr).toMatch(/\(400 Bad Request\)/);
    expect((await svc(['webhook', 'get', ids[1]!], { apiKey: OTHER_KEY })).exitCode).toBe(3);
  });

  it('update: the fields given change on the service, the others stay', async () => {
    const result = await svc([
      'webhook',
      'update',
      ids[0]!,
      '--url',
      'https://example.com/new-hook',
      '--include-logs',
      '--description',
      'd',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout.split('\t').slice(0, 6)).toEqual([ids[0], 'third', '43114', 'active', '1', 'https://example.com/new-hook']);
    const stored = await call(emulator.url, 'GET', `/v1/webhooks/${ids[0]}`, { key: KEY });
    expect(stored.body).toMatchObject({
      url: 'https://example.com/new-hook',
      includeLogs: true,
      description: 'd',
      name: 'third',
      status: 'active',
    });
    const off = await svc(['webhook', 'update', ids[0]!, '--status', 'inactive', '--no-include-logs']);
    expect(off.exitCode).toBe(0);
    expect((await call(emulator.url, 'GET', `/v1/webhooks/${ids[0]}`, { key: KEY })).body).toMatchObject({
      status: 'inactive',
      includeLogs: false,
    });
  });

  it('activate: an inactive webhook is active again; a read-only key gets 403 (exit 4)', async () => {
    const denied = await svc(['webhook', 'activate', ids[1]!], { apiKey: READ_ONLY_KEY });
    expect(denied.exitCode).toBe(4);
    const result = await svc(['webhook', 'activate', ids[1]!]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect([result.stdout.split('\t')[0], result.stdout.split('\t')[3]]).toEqual([ids[1], 'active']);
    expect((await call(emulator.url, 'GET', `/v1/webhooks/${ids[1]}`, { key: KEY })).body).toMatchObject({ status: 'active' });
  });

  it('after update --url the next message goes to the new url; after activate an inactive webhook is notified again', async () => {
    const receiver = await startReceiver();
    try {
      const trigger = async () => {
        const response = await call(emulator.url, 'POST', '/_emulator/transactions', {
          body: { chainId: '43114', from: '0x' + '1'.repeat(40) },
        });
        expect(response.status).toBe(201);
      };
      // The third webhook (active, chain 43114) moves to the receiver; the second (inactive) moves too but stays off.
      expect((await svc(['webhook', 'update', ids[0]!, '--url', receiver.url])).exitCode).toBe(0);
      expect((await svc(['webhook', 'update', ids[1]!, '--url', receiver.url])).exitCode).toBe(0);
      await trigger();
      const [first] = await receiver.waitFor(1);
      expect(first!.webhookId).toBe(ids[0]);
      expect((await svc(['webhook', 'activate', ids[1]!])).exitCode).toBe(0);
      await trigger();
      const messages = await receiver.waitFor(3);
      expect(
        messages
          .slice(1)
          .map((message) => message.webhookId)
          .sort(),
      ).toEqual([ids[0], ids[1]].sort());
    } finally {
      await receiver.close();
    }
  });

  it('update and activate of an unknown id exit 3; update by a read-only key exits 4', async () => {
    expect((await svc(['webhook', 'update', UNKNOWN_ID, '--name', 'x'])).exitCode).toBe(3);
    expect((await svc(['webhook', 'activate', UNKNOWN_ID])).exitCode).toBe(3);
    expect((await svc(['webhook', 'update', ids[0]!, '--name', 'x'], { apiKey: READ_ONLY_KEY })).exitCode).toBe(4);
  });
});
