// `svc webhook list`, `get`, `update` and `activate` against a recording server: each request (method, path, query,
// headers, exact body), every output mode (table, TSV, --json) and every exit code the commands can give.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ioFlags, runCommandLine } from '../../src/cli.js';
import { writeWithBackpressure } from '../../src/io.js';
import { isolatedEnv, runInProcess } from '../helpers/cli.js';
import type { InProcessOptions } from '../helpers/cli.js';
import { makeWebhook } from '../helpers/fixtures.js';
import { createTestIO } from '../helpers/test-io.js';
import { errorAnswer, errorBody, json, useRecordingServer, repeatedly } from '../helpers/test-server.js';
import type { Answer, RecordedRequest } from '../helpers/test-server.js';

const KEY = 'sk_test_webhook_lifecycle_0003';
const ID = '3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60';
const ADDRESS_1 = '0x71c7656ec7ab88b098defb751b7401b5f6d8976f';
const ADDRESS_2 = '0x52908400098527886e0f7030069857d2e4169ee7';
/** 2024-05-13 17:33:07 UTC, as the real service answers it (milliseconds) and as some answer it (seconds). */
const CREATED_MS = 1_715_621_587_000;
const CREATED_S = 1_715_621_587;

/** The webhook the fake service answers with; `createdAt` in milliseconds, as the real service has it. */
const WEBHOOK = makeWebhook({ id: ID, name: 'payments', createdAt: CREATED_MS, metadata: { addresses: [ADDRESS_1, ADDRESS_2] } });

/** A page of webhooks numbered from `from`, newest first as the service lists them. */
function webhookAt(n: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return makeWebhook({
    id: `wh-${String(n).padStart(5, '0')}`,
    name: `hook ${n}`,
    url: `https://example.com/hooks/${n}`,
    createdAt: CREATED_MS - n * 1000,
    metadata: { addresses: Array.from({ length: n % 4 }, (_, i) => '0x' + String(n * 10 + i).padStart(40, '0')) },
    ...overrides,
  });
}

/** `total` webhooks, paged by offset tokens ("<offset>"), page size as asked (default 10). */
function pagedWebhooks(total: number) {
  return (request: RecordedRequest): Answer => {
    const offset = Number(request.searchParams.get('pageToken') ?? '0');
    const size = Number(request.searchParams.get('pageSize') ?? '10');
    const webhooks = Array.from({ length: Math.max(0, Math.min(size, total - offset)) }, (_, i) => webhookAt(offset + i + 1));
    const next = offset + size < total ? String(offset + size) : undefined;
    return json(next ? { webhooks, nextPageToken: next } : { webhooks });
  };
}

const server = useRecordingServer(() => (request) => {
  if (request.path === '/v1/webhooks') return pagedWebhooks(3)(request);
  if (request.method === 'PATCH') return json({ ...WEBHOOK, ...(JSON.parse(request.body) as object) });
  return json(WEBHOOK);
});

const run = (args: string[], options: InProcessOptions = {}) => runInProcess(args, { baseUrl: server.url, apiKey: KEY, ...options });

/** What every request to the service carries, and the one the test expects. */
function expectRequest(
  request: RecordedRequest | undefined,
  expected: { method: string; path: string; query?: Record<string, string>; body?: string },
): void {
  expect(request).toBeDefined();
  expect(request!.method).toBe(expected.method);
  expect(request!.path).toBe(expected.path);
  expect(request!.query).toEqual(expected.query ?? {});
  expect(request!.headers['x-service-api-key']).toBe(KEY);
  expect(request!.headers['user-agent']).toMatch(/^svc\/\d+\.\d+\.\d+\S* node\/v\d+\./);
  if (expected.body === undefined) {
    expect(request!.body).toBe('');
    expect(request!.headers['content-type']).toBeUndefined();
  } else {
    expect(request!.body).toBe(expected.body);
    expect(request!.headers['content-type']).toMatch(/^application\/json/);
  }
}

/** The details listing's value for a field (FIELD  value lines). */
function detail(stdout: string, field: string): string | undefined {
  const line = stdout.split('\n').find((each) => each.startsWith(field + ' '));
  return line?.slice(field.length).trim();
}

describe('svc webhook list: requests', () => {
  it('GETs /v1/webhooks with the key and no query by default', async () => {
    const result = await run(['webhook', 'list']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(server.requests).toHaveLength(1);
    expectRequest(server.requests[0], { method: 'GET', path: '/v1/webhooks' });
  });

  it('sends --status, --page-size and --page-token as given', async () => {
    const result = await run(['webhook', 'list', '--status', 'inactive', '--page-size', '5', '--page-token', 'tok_1']);
    expect(result.exitCode, result.stderr).toBe(0);
    expectRequest(server.requests[0], {
      method: 'GET',
      path: '/v1/webhooks',
      query: { status: 'inactive', pageSize: '5', pageToken: 'tok_1' },
    });
  });

  it('--limit 150 asks for 100 then 50, following the token, and prints 150', async () => {
    server.respond(pagedWebhooks(1000));
    const result = await run(['webhook', 'list', '--limit', '150', '--status', 'active']);
    expect(result.exitCode, result.stderr).toBe(0);
    expectRequest(server.requests[0], { method: 'GET', path: '/v1/webhooks', query: { status: 'active', pageSize: '100' } });
    expectRequest(server.requests[1], {
      method: 'GET',
      path: '/v1/webhooks',
      query: { status: 'active', pageSize: '50', pageToken: '100' },
    });
    expect(server.requests).toHaveLength(2);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(150);
  });

  it('--all follows every page and stops on an empty token (never sent back)', async () => {
    server.respond([json({ webhooks: [webhookAt(1)], nextPageToken: 'b' }), json({ webhooks: [webhookAt(2)], nextPageToken: '' })]);
    const result = await run(['webhook', 'list', '--all']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(server.requests.map((request) => request.query.pageToken)).toEqual([undefined, 'b']);
    expect(
      result.stdout
        .split('\n')
        .filter(Boolean)
        .map((row) => row.split('\t')[0]),
    ).toEqual(['wh-00001', 'wh-00002']);
  });

  it('a webhook that shifts onto the next page (one was created meanwhile) is printed once', async () => {
    const listing = (args: string[]) => {
      server.requests.length = 0;
      server.respond([
        json({ webhooks: [webhookAt(1), webhookAt(2)], nextPageToken: 'b' }),
        json({ webhooks: [webhookAt(2), webhookAt(3)] }),
      ]);
      return run(['webhook', 'list', '--all', ...args]);
    };
    const tsv = await listing([]);
    const asJson = await listing(['--json']);
    expect(
      tsv.stdout
        .split('\n')
        .filter(Boolean)
        .map((row) => row.split('\t')[0]),
    ).toEqual(['wh-00001', 'wh-00002', 'wh-00003']);
    const ids = asJson.stdout
      .trimEnd()
      .split('\n')
      .flatMap((line) => (JSON.parse(line) as { webhooks: Array<{ id: string }> }).webhooks.map((webhook) => webhook.id));
    expect(ids).toEqual(['wh-00001', 'wh-00002', 'wh-00003']);
  });

  it.each([
    [['--status', 'paused'], /^svc: --status "paused": must be one of active, inactive\n/],
    [['--status', 'failed'], /^svc: --status "failed": must be one of active, inactive\n/],
    [['--page-size', '0'], /^svc: --page-size "0"/],
    [['--page-size', '101'], /^svc: --page-size "101"/],
    [['--limit', '0'], /^svc: --limit "0"/],
    [['--limit', '5', '--all'], /^svc: --limit and --all/],
    [['--page-token', ''], /^svc: --page-token ""/],
  ])('%j → exit 2 naming the flag, zero requests', async (args, message) => {
    const result = await run(['webhook', 'list', ...args]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
    expect(server.requests).toHaveLength(0);
  });
});

describe('svc webhook list: output', () => {
  it('piped: one TSV row per webhook (id, name, chain id, status, addresses, url, created, event type), no header', async () => {
    server.respond([json({ webhooks: [WEBHOOK, webhookAt(7, { status: 'inactive', createdAt: CREATED_S })] })]);
    const result = await run(['webhook', 'list']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe(
      `${ID}\tpayments\t43113\tactive\t2\thttps://example.com/hook\t2024-05-13T17:33:07Z\taddress_activity\n` +
        'wh-00007\thook 7\t43113\tinactive\t3\thttps://example.com/hooks/7\t2024-05-13T17:33:07Z\taddress_activity\n',
    );
  });

  it('piped: nothing truncated, control characters replaced so each webhook stays one row', async () => {
    const longUrl = 'https://example.com/' + 'x'.repeat(300);
    server.respond([json({ webhooks: [makeWebhook({ id: 'w1', name: 'two\nlines\tand \u001b[31mred', url: longUrl })] })]);
    const result = await run(['webhook', 'list']);
    expect(result.stdout.split('\n')).toHaveLength(2);
    const cells = result.stdout.trimEnd().split('\t');
    expect(cells).toHaveLength(8);
    expect(cells[5]).toBe(longUrl);
    expect(result.stdout).not.toContain('\u001b');
  });

  it('on a terminal: a table with a header, the time readable in UTC, a footer with the next-page command', async () => {
    server.respond([json({ webhooks: [WEBHOOK, webhookAt(7, { status: 'inactive' })], nextPageToken: "it's next" })]);
    const result = await run(['webhook', 'list', '--status', 'active', '--page-size', '2'], { stdoutTTY: true, columns: 200 });
    expect(result.exitCode, result.stderr).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]!.split(/\s{2,}/)).toEqual(['ID', 'NAME', 'CHAIN', 'STATUS', 'ADDRESSES', 'URL', 'CREATED (UTC)', 'EVENT TYPE']);
    expect(lines[1]!.split(/\s{2,}/)).toEqual([
      ID,
      'payments',
      '43113',
      'active',
      '2',
      'https://example.com/hook',
      '2024-05-13 17:33:07',
      'address_activity',
    ]);
    expect(lines[2]!.split(/\s{2,}/)).toEqual([
      'wh-00007',
      'hook 7',
      '43113',
      'inactive',
      '3',
      'https://example.com/hooks/7',
      '2024-05-13 17:33:00',
      'address_activity',
    ]);
    expect(result.stdout).toContain('\nShowing 2 webhooks.\n');
    expect(result.stdout).toContain(`Next page: svc webhook list --status active --page-size 2 --page-token 'it'\\''s next'\n`);
  });

  it('on a terminal, the last page has no next-page line; an empty list says so on stderr', async () => {
    const last = await run(['webhook', 'list'], { stdoutTTY: true, columns: 200 });
    expect(last.stdout).toContain('Showing 3 webhooks.');
    expect(last.stdout).not.toContain('Next page');
    server.respond([json({ webhooks: [] })]);
    const empty = await run(['webhook', 'list'], { stdoutTTY: true });
    expect(empty.exitCode).toBe(0);
    expect(empty.stdout).toBe('');
    expect(empty.stderr).toContain('No webhooks found.');
  });

  it('a narrow terminal drops columns rather than wrapping; id and status stay', async () => {
    const result = await run(['webhook', 'list'], { stdoutTTY: true, columns: 40 });
    expect(result.exitCode).toBe(0);
    const table = result.stdout.split('\n\n')[0]!.split('\n');
    for (const line of table) expect(line.length).toBeLessThanOrEqual(40);
    expect(table[0]).toMatch(/^ID\s+.*STATUS/);
  });

  it('at 80 columns a UUID id stays whole (it is what the other commands take); other columns give way', async () => {
    server.respond([json({ webhooks: [WEBHOOK, { ...WEBHOOK, id: 'b'.repeat(80) }] })]);
    const result = await run(['webhook', 'list'], { stdoutTTY: true, columns: 80 });
    const table = result.stdout.split('\n\n')[0]!.split('\n');
    for (const line of table) expect(line.length).toBeLessThanOrEqual(80);
    expect(table[1]!.startsWith(ID + '  ')).toBe(true);
    // A longer id than any UUID is shortened to a UUID's width, not let through to wrap every line.
    expect(table[2]).toMatch(/^b+…b+ {2}/);
    expect(table[2]!.indexOf(' ')).toBe(36);
  });

  it('--json: one page is the body exactly as returned', async () => {
    const body = `{ "webhooks": [ ${JSON.stringify(WEBHOOK)} ],\n  "nextPageToken": "n2", "extra": 12345678901234567890 }`;
    server.respond([{ status: 200, body }]);
    const result = await run(['webhook', 'list', '--json']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(body + '\n');
  });

  it('--json over several pages: one compact document per page, in order', async () => {
    server.respond(pagedWebhooks(25));
    const result = await run(['webhook', 'list', '--all', '--page-size', '10', '--json']);
    expect(result.exitCode).toBe(0);
    const pages = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { webhooks: Array<{ id: string }>; nextPageToken?: string });
    expect(pages.map((page) => page.webhooks.length)).toEqual([10, 10, 5]);
    expect(pages.map((page) => page.nextPageToken)).toEqual(['10', '20', undefined]);
    expect(pages.flatMap((page) => page.webhooks.map((webhook) => webhook.id))).toEqual(
      Array.from({ length: 25 }, (_, i) => `wh-${String(i + 1).padStart(5, '0')}`),
    );
  });
});

describe('svc webhook get', () => {
  it('GETs /v1/webhooks/<id> with the key; piped, one TSV row as create prints it', async () => {
    const result = await run(['webhook', 'get', ID]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(server.requests).toHaveLength(1);
    expectRequest(server.requests[0], { method: 'GET', path: `/v1/webhooks/${ID}` });
    expect(result.stdout).toBe(`${ID}\tpayments\t43113\tactive\t2\thttps://example.com/hook\t2024-05-13T17:33:07Z\taddress_activity\n`);
  });

  it('on a terminal: every field, the creation time in UTC (milliseconds and seconds alike)', async () => {
    for (const createdAt of [CREATED_MS, CREATED_S]) {
      server.respond([json({ ...WEBHOOK, createdAt })]);
      const result = await run(['webhook', 'get', ID], { stdoutTTY: true, columns: 120 });
      expect(result.exitCode).toBe(0);
      expect(detail(result.stdout, 'ID')).toBe(ID);
      expect(detail(result.stdout, 'STATUS')).toBe('active');
      expect(detail(result.stdout, 'ADDRESSES')).toBe(`${ADDRESS_1}, ${ADDRESS_2}`);
      expect(detail(result.stdout, 'CREATED')).toBe('2024-05-13 17:33:07 UTC');
    }
  });

  it('--json: the body exactly as returned', async () => {
    const body = `{"id":"${ID}",  "status":"active", "createdAt": 1715621587000}`;
    server.respond([{ status: 200, body }]);
    const result = await run(['webhook', 'get', ID, '--json']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(body + '\n');
  });

  it('the id is percent-encoded into the path; a hostile one is refused before any request', async () => {
    expect((await run(['webhook', 'get', 'a%2Fb'])).exitCode).toBe(0);
    expect(server.requests[0]!.path).toBe('/v1/webhooks/a%252Fb');
    for (const id of ['../transactions', '.', '', 'a b', 'a?b', 'a#b', 'a\u001bb']) {
      const result = await run(['webhook', 'get', id]);
      expect(result.exitCode, id).toBe(2);
      expect(result.stderr).toMatch(/^svc: webhook id /);
    }
    expect(server.requests).toHaveLength(1);
  });

  it('GET is retried on 503 and after a dropped connection', async () => {
    server.respond([errorAnswer(503), { fault: 'drop' }, json(WEBHOOK)]);
    const result = await run(['webhook', 'get', ID, '--retries', '2']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(server.requests).toHaveLength(3);
    for (const request of server.requests) expectRequest(request, { method: 'GET', path: `/v1/webhooks/${ID}` });
  });
});

describe('svc webhook update', () => {
  const update = (args: string[], options: InProcessOptions = {}) => run(['webhook', 'update', ID, ...args], options);

  it.each([
    [['--url', 'https://example.com/new'], '{"url":"https://example.com/new"}'],
    [['--name', 'renamed'], '{"name":"renamed"}'],
    [['--name', ''], '{"name":""}'],
    [['--description', 'the treasury'], '{"description":"the treasury"}'],
    [['--status', 'inactive'], '{"status":"inactive"}'],
    [['--status', 'active'], '{"status":"active"}'],
    [['--include-logs'], '{"includeLogs":true}'],
    [['--no-include-logs'], '{"includeLogs":false}'],
    [['--include-internal-txs'], '{"includeInternalTxs":true}'],
    [['--no-include-internal-txs'], '{"includeInternalTxs":false}'],
    [
      [
        '--no-include-internal-txs',
        '--include-logs',
        '--status',
        'inactive',
        '--description',
        'd',
        '--name',
        'n',
        '--url',
        'http://127.0.0.1:9/h',
      ],
      '{"url":"http://127.0.0.1:9/h","name":"n","description":"d","status":"inactive","includeLogs":true,"includeInternalTxs":false}',
    ],
  ])('%j sends exactly %s', async (args, body) => {
    const result = await update(args);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(server.requests).toHaveLength(1);
    expectRequest(server.requests[0], { method: 'PATCH', path: `/v1/webhooks/${ID}`, body });
  });

  it('prints the updated webhook as returned: TSV piped, details on a terminal, the body with --json', async () => {
    const tsv = await update(['--url', 'https://example.com/new']);
    expect(tsv.stdout).toBe(`${ID}\tpayments\t43113\tactive\t2\thttps://example.com/new\t2024-05-13T17:33:07Z\taddress_activity\n`);
    const table = await update(['--status', 'inactive'], { stdoutTTY: true, columns: 120 });
    expect(detail(table.stdout, 'STATUS')).toBe('inactive');
    expect(detail(table.stdout, 'URL')).toBe('https://example.com/hook');
    const body = `{"id":"${ID}",\n "status":"inactive"}`;
    server.respond([{ status: 200, body }]);
    const asJson = await update(['--status', 'inactive', '--json']);
    expect(asJson.stdout).toBe(body + '\n');
  });

  it.each([
    [[], /^svc: nothing to update: at least one of --url, --name, .* is required\n/],
    [['--url', 'ftp://example.com/hook'], /^svc: --url "ftp:\/\/example.com\/hook": must be an absolute http/],
    [['--url', 'example.com/hook'], /^svc: --url "example.com\/hook": must be an absolute http/],
    [['--url', 'https://exa mple.com'], /^svc: --url /],
    [['--status', 'paused'], /^svc: --status "paused": must be one of active, inactive/],
    [['--status', 'success'], /^svc: --status "success": must be one of active, inactive/],
    [['--colour', 'red'], /^svc: unknown option '--colour'/],
  ])('%j → exit 2 naming the flag, zero requests', async (args, message) => {
    const result = await update(args);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(server.requests).toHaveLength(0);
  });

  it('a hostile id → exit 2 before any request, even with valid fields', async () => {
    const result = await run(['webhook', 'update', '../../transactions', '--name', 'x']);
    expect(result.exitCode).toBe(2);
    expect(server.requests).toHaveLength(0);
  });

  it('PATCH is retried on 5xx, 429 and a broken connection with the byte-identical body', async () => {
    server.respond([errorAnswer(503), errorAnswer(500), { fault: 'drop' }, errorAnswer(429), json(WEBHOOK)]);
    const result = await update(['--name', 'ünïcode "quoted"', '--no-include-logs', '--retries', '4']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(server.requests).toHaveLength(5);
    const body = '{"name":"ünïcode \\"quoted\\"","includeLogs":false}';
    for (const request of server.requests) expectRequest(request, { method: 'PATCH', path: `/v1/webhooks/${ID}`, body });
    expect(new Set(server.requests.map((request) => request.headers['content-length'])).size).toBe(1);
  });

  it('PATCH is retried after a stalled answer (a timeout) with the same body', async () => {
    server.respond([{ fault: 'stall' }, json(WEBHOOK)]);
    const result = await update(['--url', 'https://example.com/new', '--timeout', '0.3', '--retries', '1']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(server.requests.map((request) => request.body)).toEqual([
      '{"url":"https://example.com/new"}',
      '{"url":"https://example.com/new"}',
    ]);
  });
});

describe('svc webhook activate', () => {
  it('PATCHes {"status":"active"} without asking, even with stdin not a terminal, and prints the webhook', async () => {
    const result = await run(['webhook', 'activate', ID]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(server.requests).toHaveLength(1);
    expectRequest(server.requests[0], { method: 'PATCH', path: `/v1/webhooks/${ID}`, body: '{"status":"active"}' });
    expect(result.stdout).toBe(`${ID}\tpayments\t43113\tactive\t2\thttps://example.com/hook\t2024-05-13T17:33:07Z\taddress_activity\n`);
    expect(result.stderr).toBe('');
  });

  it('on a terminal (no prompt there either): the details; with --json the body as returned', async () => {
    const table = await run(['webhook', 'activate', ID], { stdoutTTY: true, stdinTTY: true, stderrTTY: true, columns: 120 });
    expect(table.exitCode).toBe(0);
    expect(detail(table.stdout, 'STATUS')).toBe('active');
    expect(table.stderr).not.toMatch(/\?/);
    const body = `{"id":"${ID}", "status": "active"}`;
    server.respond([{ status: 200, body }]);
    const asJson = await run(['webhook', 'activate', ID, '--json']);
    expect(asJson.stdout).toBe(body + '\n');
  });

  it('PATCH is retried on 502 and a dropped connection with the byte-identical body', async () => {
    server.respond([errorAnswer(502), { fault: 'drop' }, json(WEBHOOK)]);
    const result = await run(['webhook', 'activate', ID, '--retries', '2']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(server.requests).toHaveLength(3);
    for (const request of server.requests) {
      expectRequest(request, { method: 'PATCH', path: `/v1/webhooks/${ID}`, body: '{"status":"active"}' });
    }
  });

  it('a hostile id → exit 2, zero requests', async () => {
    const result = await run(['webhook', 'activate', 'a/b']);
    expect(result.exitCode).toBe(2);
    expect(server.requests).toHaveLength(0);
  });
});

const COMMANDS: Array<[string, string[]]> = [
  ['list', ['webhook', 'list']],
  ['get', ['webhook', 'get', ID]],
  ['update', ['webhook', 'update', ID, '--name', 'n']],
  ['activate', ['webhook', 'activate', ID]],
];

describe('exit codes of list, get, update and activate', () => {
  it.each(COMMANDS)('%s: 400 → 2 with the service message', async (_name, args) => {
    server.respond([errorBody(400, ['name must be a string', 'url must be an absolute http or https URL'])]);
    const result = await run(args);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^svc: name must be a string; url must be an absolute http or https URL \(400 Bad Request\)/);
    expect(server.requests).toHaveLength(1);
  });

  it.each(COMMANDS)('%s: 404 → 3', async (_name, args) => {
    server.respond([errorBody(404, 'webhook not found')]);
    const result = await run(args);
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toMatch(/^svc: webhook not found \(404 Not Found\)/);
  });

  it.each(COMMANDS)('%s: 401 and 403 → 4', async (_name, args) => {
    for (const status of [401, 403]) {
      server.respond([errorBody(status)]);
      const result = await run(args);
      expect(result.exitCode, String(status)).toBe(4);
      expect(result.stderr).toMatch(new RegExp(`^svc: .*\\(${status} `));
    }
  });

  it.each(COMMANDS)('%s: no key → 4, zero requests', async (_name, args) => {
    const result = await runInProcess(args, { baseUrl: server.url });
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toMatch(/^svc: /);
    expect(server.requests).toHaveLength(0);
  });

  it.each(COMMANDS)('%s: 429 after retries → 5 (--retries 2: three requests)', async (_name, args) => {
    server.respond(repeatedly(errorAnswer(429, 'slow down')));
    const result = await run([...args, '--retries', '2']);
    expect(result.exitCode).toBe(5);
    expect(server.requests).toHaveLength(3);
    expect(result.stdout).toBe('');
  });

  it.each(COMMANDS)('%s: 5xx after retries → 1', async (_name, args) => {
    server.respond(repeatedly(errorAnswer(503, 'down')));
    const result = await run([...args, '--retries', '1']);
    expect(result.exitCode).toBe(1);
    expect(server.requests).toHaveLength(2);
    expect(result.stderr).toMatch(/^svc: down \(503 Service Unavailable\)/);
  });

  it.each(COMMANDS)('%s: a refused connection → 6', async (_name, args) => {
    const result = await runInProcess([...args, '--retries', '0'], { baseUrl: 'http://127.0.0.1:1', apiKey: KEY });
    expect(result.exitCode).toBe(6);
    expect(result.stderr).toMatch(/^svc: connection refused/);
  });

  it.each(COMMANDS)('%s: a connection dropped on every try → 6 after the retries', async (_name, args) => {
    server.respond(repeatedly({ fault: 'drop' }));
    const result = await run([...args, '--retries', '1']);
    expect(result.exitCode).toBe(6);
    expect(server.requests).toHaveLength(2);
  });

  it.each(COMMANDS)('%s: a body that is not JSON, or not of the shape relied on → 1, nothing on stdout', async (_name, args) => {
    for (const answer of [
      { status: 200, body: '<html>proxy</html>', headers: { 'content-type': 'text/html' } },
      json(args[1] === 'list' ? { webhooks: 'none' } : ['not', 'a', 'webhook']),
      json(args[1] === 'list' ? { webhooks: [], nextPageToken: 7 } : { id: 12 }),
    ]) {
      server.respond([answer]);
      const result = await run([...args, '--json']);
      expect(result.exitCode, JSON.stringify(answer.body)).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^svc: /);
    }
  });
});

/** A stdout that fails every write as a full disk does. */
class FullDisk extends Writable {
  override _write(_chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    done(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
  }
}

describe('a change the service accepted whose answer could not be printed', () => {
  it.each([
    ['update', ['webhook', 'update', ID, '--url', 'https://example.com/new'], 'updated'],
    ['activate', ['webhook', 'activate', ID], 'activated'],
  ])('%s into a full disk: exit 1, names the change, says there is no need to run it again', async (_name, args, done) => {
    const stdout = new FullDisk();
    const io = createTestIO({ env: isolatedEnv({ baseUrl: server.url, apiKey: KEY }), ...ioFlags(args) });
    const exitCode = await runCommandLine(['node', 'svc', ...args], {
      io: { ...io, out: stdout, write: (text) => writeWithBackpressure(stdout, text) },
      interrupt: new AbortController().signal,
    });
    expect(exitCode).toBe(1);
    const [message, hint] = io.stderr().split('\n');
    expect(message).toMatch(new RegExp(`^svc: webhook ${ID} was ${done}, but the answer was lost: .*ENOSPC`));
    expect(hint).toMatch(/^no need to run the command again/);
    expect(server.requests).toHaveLength(1);
  });
  it('addresses add of one address into a full disk: the message counts it in the singular', async () => {
    const args = ['webhook', 'addresses', 'add', ID, '--address', '0x1111111111111111111111111111111111111111'];
    const stdout = new FullDisk();
    const io = createTestIO({ env: isolatedEnv({ baseUrl: server.url, apiKey: KEY }), ...ioFlags(args) });
    const exitCode = await runCommandLine(['node', 'svc', ...args], {
      io: { ...io, out: stdout, write: (text) => writeWithBackpressure(stdout, text) },
      interrupt: new AbortController().signal,
    });
    expect(exitCode).toBe(1);
    const [message, hint] = io.stderr().split('\n');
    expect(message).toMatch(new RegExp(`^svc: 1 address was added to webhook ${ID}, but the answer was lost: .*ENOSPC`));
    expect(hint).toMatch(/^running the command again is safe/);
    expect(server.requests).toHaveLength(1);
  });
});
