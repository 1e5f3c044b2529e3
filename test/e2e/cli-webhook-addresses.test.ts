// `svc webhook addresses <id>` and `svc webhook deactivate <id>`: paths, ids, paging, confirmation, retries.
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli.js';
import type { RunOptions } from '../helpers/cli.js';
import { makeWebhook } from '../helpers/fixtures.js';
import { errorBody, json, useRecordingServer } from '../helpers/test-server.js';
import type { Handler } from '../helpers/test-server.js';

const KEY = 'sk_test_webhook_addr_0002';
const ID = '3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60';

const server = useRecordingServer(() => [json({ addresses: [], totalAddresses: 0 })]);

const run = (args: string[], options: RunOptions = {}) => runInProcess(args, { baseUrl: server.url, apiKey: KEY, ...options });

function address(i: number): string {
  return '0x' + i.toString(16).padStart(40, '0');
}

/** `total` addresses, pages as large as pageSize (default 10), tokens "o<offset>". */
function pagedAddresses(total: number): Handler {
  return (request) => {
    const token = typeof request.query.pageToken === 'string' ? request.query.pageToken : 'o0';
    const offset = Number(token.slice(1)) || 0;
    const size = request.query.pageSize === undefined ? 10 : Number(request.query.pageSize);
    const addresses = Array.from({ length: Math.max(0, Math.min(size, total - offset)) }, (_, i) => address(offset + i));
    const next = offset + size < total ? `o${offset + size}` : undefined;
    return json(next ? { addresses, nextPageToken: next, totalAddresses: total } : { addresses, totalAddresses: total });
  };
}

describe('svc webhook addresses', () => {
  it('GETs /v1/webhooks/<id>/addresses with the key, and prints one address per line', async () => {
    server.respond([json({ addresses: [address(1), address(2)], totalAddresses: 2 })]);
    const result = await run(['webhook', 'addresses', ID]);
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request!.method).toBe('GET');
    expect(request!.path).toBe(`/v1/webhooks/${ID}/addresses`);
    expect(request!.query).toEqual({});
    expect(request!.headers['x-service-api-key']).toBe(KEY);
    expect(result.stdout).toBe(`${address(1)}\n${address(2)}\n`);
  });

  it('needs a key: none → exit 4, zero requests', async () => {
    const result = await runInProcess(['webhook', 'addresses', ID], { baseUrl: server.url });
    expect(result.exitCode).toBe(4);
    expect(server.requests).toHaveLength(0);
  });

  it('passes --page-size and --page-token', async () => {
    const result = await run(['webhook', 'addresses', ID, '--page-size', '5', '--page-token', 'xyz']);
    expect(result.exitCode).toBe(0);
    expect(server.requests[0]!.query).toEqual({ pageSize: '5', pageToken: 'xyz' });
  });

  it('--limit 150 asks for 100 then 50', async () => {
    server.respond(pagedAddresses(1000));
    const result = await run(['webhook', 'addresses', ID, '--limit', '150']);
    expect(result.exitCode).toBe(0);
    expect(server.requests.map((r) => r.query.pageSize)).toEqual(['100', '50']);
    expect(server.requests.map((r) => r.query.pageToken)).toEqual([undefined, 'o100']);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(150);
  });

  it('--all follows every page, stops on an empty token', async () => {
    server.respond([
      json({ addresses: [address(1)], nextPageToken: 'b', totalAddresses: 3 }),
      json({ addresses: [address(2)], nextPageToken: 'c', totalAddresses: 3 }),
      json({ addresses: [address(3)], nextPageToken: '', totalAddresses: 3 }),
    ]);
    const result = await run(['webhook', 'addresses', ID, '--all']);
    expect(result.exitCode).toBe(0);
    expect(server.requests.map((r) => r.query.pageToken)).toEqual([undefined, 'b', 'c']);
    expect(result.stdout).toBe([1, 2, 3].map((i) => address(i) + '\n').join(''));
  });

  it('--json over several pages: one line per page', async () => {
    server.respond(pagedAddresses(25));
    const result = await run(['webhook', 'addresses', ID, '--all', '--page-size', '10', '--json']);
    expect(result.exitCode).toBe(0);
    const lines = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { addresses: string[] });
    expect(lines.map((page) => page.addresses.length)).toEqual([10, 10, 5]);
  });

  it('a hostile address string stays on one line without escapes', async () => {
    server.respond([json({ addresses: ['0xabc\u001b[2J\nrm -rf', address(2)], totalAddresses: 2 })]);
    const result = await run(['webhook', 'addresses', ID]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(2);
    expect(result.stdout).not.toContain('\u001b');
  });

  it('addresses that are not strings → exit 1', async () => {
    server.respond([json({ addresses: [1, 2], totalAddresses: 2 })]);
    const result = await run(['webhook', 'addresses', ID]);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
  });

  it('404 → exit 3', async () => {
    server.respond([errorBody(404, 'webhook not found')]);
    const result = await run(['webhook', 'addresses', ID]);
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toMatch(/^svc: webhook not found \(404 Not Found\)/);
  });

  it.each([
    ['a slash', 'abc/def'],
    ['dot-dot', '..'],
    ['a single dot', '.'],
    ['a question mark', 'abc?x=1'],
    ['a hash', 'abc#frag'],
    ['a space', 'abc def'],
    ['a newline', 'abc\ndef'],
    ['a tab', 'abc\tdef'],
    ['an escape', 'abc\u001bdef'],
    ['an empty id', ''],
    ['a traversal', '../../transactions'],
  ])('an id with %s → exit 2, zero requests', async (_name, id) => {
    const result = await run(['webhook', 'addresses', id]);
    expect(result.exitCode).toBe(2);
    expect(server.requests).toHaveLength(0);
    expect(result.stderr).toMatch(/^svc: /);
  });

  it.each([
    ['a percent sign', 'a%2Fb', '/v1/webhooks/a%252Fb/addresses'],
    ['unicode', 'hä', '/v1/webhooks/h%C3%A4/addresses'],
    ['an ampersand and plus', 'a&b+c', '/v1/webhooks/a%26b%2Bc/addresses'],
    ['a semicolon', 'a;b', '/v1/webhooks/a%3Bb/addresses'],
  ])('an id with %s is percent-encoded', async (_name, id, path) => {
    const result = await run(['webhook', 'addresses', id]);
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.path).toBe(path);
  });

  it('bad paging flags → exit 2, zero requests', async () => {
    for (const args of [
      ['--page-size', '0'],
      ['--page-size', '101'],
      ['--limit', '0'],
      ['--limit', '5', '--all'],
      ['--page-token', ''],
    ]) {
      const result = await run(['webhook', 'addresses', ID, ...args]);
      expect(result.exitCode, args.join(' ')).toBe(2);
    }
    expect(server.requests).toHaveLength(0);
  });
});

describe('svc webhook deactivate', () => {
  it('without --yes and without a terminal: exit 2, zero requests, says to pass --yes', async () => {
    const result = await run(['webhook', 'deactivate', ID]);
    expect(result.exitCode).toBe(2);
    expect(server.requests).toHaveLength(0);
    expect(result.stderr).toMatch(/^svc: /);
    expect(result.stderr).toContain('--yes');
  });

  it('with --yes: DELETE /v1/webhooks/<id> with the key, prints the webhook (TSV)', async () => {
    server.respond([json(makeWebhook({ id: ID, status: 'inactive' }))]);
    const result = await run(['webhook', 'deactivate', ID, '--yes']);
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.method).toBe('DELETE');
    expect(server.requests[0]!.path).toBe(`/v1/webhooks/${ID}`);
    expect(server.requests[0]!.headers['x-service-api-key']).toBe(KEY);
    expect(server.requests[0]!.body).toBe('');
    const cells = result.stdout.trimEnd().split('\t');
    expect(cells[0]).toBe(ID);
    expect(cells).toContain('inactive');
  });

  it('-y works like --yes', async () => {
    server.respond([json(makeWebhook({ id: ID, status: 'inactive' }))]);
    const result = await run(['webhook', 'deactivate', '-y', ID]);
    expect(result.exitCode).toBe(0);
    expect(server.requests[0]!.method).toBe('DELETE');
  });

  it('--json prints the webhook as returned', async () => {
    const body = '{"id":"x1",  "status":"inactive"}';
    server.respond([{ status: 200, body }]);
    const result = await run(['webhook', 'deactivate', 'x1', '--yes', '--json']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(body + '\n');
  });

  it('DELETE is retried on 503', async () => {
    server.respond([errorBody(503, 'later', { 'retry-after': '0' }), json(makeWebhook({ id: ID, status: 'inactive' }))]);
    const result = await run(['webhook', 'deactivate', ID, '--yes', '--retries', '2']);
    expect(result.exitCode).toBe(0);
    expect(server.requests.map((r) => r.method)).toEqual(['DELETE', 'DELETE']);
  });

  it('DELETE is retried after a dropped connection', async () => {
    server.respond([{ fault: 'drop' }, json(makeWebhook({ id: ID, status: 'inactive' }))]);
    const result = await run(['webhook', 'deactivate', ID, '--yes', '--retries', '1']);
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(2);
  });

  it('no key → exit 4, zero requests', async () => {
    const result = await runInProcess(['webhook', 'deactivate', ID, '--yes'], { baseUrl: server.url });
    expect(result.exitCode).toBe(4);
    expect(server.requests).toHaveLength(0);
  });

  it('a hostile id → exit 2, zero requests', async () => {
    const result = await run(['webhook', 'deactivate', '../transactions', '--yes']);
    expect(result.exitCode).toBe(2);
    expect(server.requests).toHaveLength(0);
  });

  it('404 → exit 3', async () => {
    server.respond([errorBody(404, 'no such webhook')]);
    const result = await run(['webhook', 'deactivate', ID, '--yes']);
    expect(result.exitCode).toBe(3);
  });
});
