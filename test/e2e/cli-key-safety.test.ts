// The API key never appears whole on stdout or stderr, and never goes over plain http to another host.
import { describe, expect, it } from 'vitest';
import { freshConfigDir, runInProcess } from '../helpers/cli.js';
import type { RunResult } from '../helpers/cli.js';
import { makeTransactions, makeWebhook } from '../helpers/fixtures.js';
import { errorBody, json, useRecordingServer, repeatedly } from '../helpers/test-server.js';
import type { TestServer } from '../helpers/test-server.js';

const KEY = 'sk_test_DISTINCTIVE_0123456789abcdef';
const A1 = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';

const server = useRecordingServer();

function expectNoKey(result: RunResult): void {
  expect(result.stdout).not.toContain(KEY);
  expect(result.stderr).not.toContain(KEY);
  // Nor a long piece of it (more than the last 4 characters).
  expect(result.stdout + result.stderr).not.toContain(KEY.slice(0, 20));
  expect(result.stdout + result.stderr).not.toContain(KEY.slice(-12));
}

describe('the key never appears whole', () => {
  const scenarios: Array<{ name: string; args: string[]; answers: Parameters<TestServer['respond']>[0] }> = [
    { name: 'tx list -v', args: ['tx', 'list', '-v'], answers: [json({ transactions: makeTransactions(2) })] },
    {
      name: 'tx list --verbose --json --all',
      args: ['tx', 'list', '--verbose', '--json', '--limit', '3'],
      answers: [json({ transactions: makeTransactions(3) })],
    },
    { name: 'tx list -v on 401', args: ['tx', 'list', '-v'], answers: [errorBody(401, 'invalid API key')] },
    {
      name: 'tx list -v with retries on 503',
      args: ['tx', 'list', '-v', '--retries', '1'],
      answers: repeatedly(errorBody(503, 'later', { 'retry-after': '0' })),
    },
    { name: 'tx list -v on garbage', args: ['tx', 'list', '-v'], answers: [{ status: 200, body: 'not json' }] },
    { name: 'tx list -v on a dropped connection', args: ['tx', 'list', '-v', '--retries', '0'], answers: [{ fault: 'drop' }] },
    {
      name: 'webhook create -v',
      args: ['webhook', 'create', '-v', '--url', 'https://example.com/h', '--chain-id', '1', '--address', A1],
      answers: [json(makeWebhook(), 201)],
    },
    {
      name: 'webhook create -v --json on 403',
      args: ['webhook', 'create', '-v', '--json', '--url', 'https://example.com/h', '--chain-id', '1', '--address', A1],
      answers: [errorBody(403, 'read only')],
    },
    {
      name: 'webhook create -v dropped',
      args: ['webhook', 'create', '-v', '--url', 'https://example.com/h', '--chain-id', '1', '--address', A1],
      answers: [{ fault: 'drop' }],
    },
    { name: 'webhook addresses -v', args: ['webhook', 'addresses', 'abc', '-v'], answers: [json({ addresses: [A1], totalAddresses: 1 })] },
    {
      name: 'webhook deactivate -v --yes on 404',
      args: ['webhook', 'deactivate', 'abc', '--yes', '-v'],
      answers: [errorBody(404, 'nope')],
    },
    { name: 'a usage error -v', args: ['tx', 'list', '-v', '--page-size', '1000'], answers: [] },
  ];

  it.each(scenarios)('$name', async ({ args, answers }) => {
    server.respond(answers);
    const result = await runInProcess(args, { baseUrl: server.url, apiKey: KEY });
    expectNoKey(result);
  });

  it('--verbose prints one line per exchange with method, URL, status and attempt (key redacted)', async () => {
    server.respond([errorBody(503, 'later', { 'retry-after': '0' }), json({ transactions: [] })]);
    const result = await runInProcess(['tx', 'list', '-v', '--retries', '1', '--page-size', '5'], { baseUrl: server.url, apiKey: KEY });
    expect(result.exitCode).toBe(0);
    const lines = result.stderr.split('\n').filter((line) => line.includes('/v1/transactions'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/GET .*\/v1\/transactions\?pageSize=5.*503.*\d+ ?ms.*1\/2/);
    expect(lines[1]).toMatch(/GET .*200.*2\/2/);
    expectNoKey(result);
  });

  it('a key stored in the config store does not appear either (config list/get, verbose)', async () => {
    const configDir = freshConfigDir();
    const set = await runInProcess(['config', 'set', 'api-key'], { configDir, input: KEY + '\n' });
    expect(set.exitCode).toBe(0);
    expectNoKey(set);
    for (const args of [
      ['config', 'list'],
      ['config', 'list', '--json'],
      ['config', 'get', 'api-key'],
      ['config', 'get', 'api-key', '--json'],
    ]) {
      const result = await runInProcess(args, { configDir });
      expect(result.exitCode, args.join(' ')).toBe(0);
      expectNoKey(result);
    }
    server.respond([json({ transactions: [] })]);
    const listed = await runInProcess(['tx', 'list', '-v'], { configDir, baseUrl: server.url });
    expect(server.requests[0]!.headers['x-service-api-key']).toBe(KEY);
    expectNoKey(listed);
  });

  it('config set api-key <value> warns about shell history and shows the key masked only', async () => {
    const configDir = freshConfigDir();
    const result = await runInProcess(['config', 'set', 'api-key', KEY], { configDir });
    expect(result.exitCode).toBe(0);
    expectNoKey(result);
    expect(result.stderr).toMatch(/history/);
  });

  it('config get api-key shows only the last 4 characters', async () => {
    const result = await runInProcess(['config', 'get', 'api-key'], { apiKey: KEY });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('cdef');
    expect(result.stdout).not.toContain('bcdef');
    expect(result.stdout.replace(/\*/g, '').trim()).toBe('cdef');
  });

  it('a service that echoes the key in its error message does not get it printed', async () => {
    server.respond([errorBody(401, `invalid API key ${KEY}`)]);
    const result = await runInProcess(['tx', 'list', '--json'], { baseUrl: server.url, apiKey: KEY });
    expect(result.exitCode).toBe(4);
    expectNoKey(result);
  });
});

describe('an unusable key value', () => {
  it('a key holding a newline is refused before any request as a local problem, not a network failure', async () => {
    server.respond([]);
    const result = await runInProcess(['tx', 'list', '--retries', '0'], { baseUrl: server.url, apiKey: `${KEY}\nX-Injected: 1` });
    expect(server.requests).toHaveLength(0);
    expect([2, 4]).toContain(result.exitCode);
    expect(result.stderr).toMatch(/^svc: /);
    expect(result.stderr).not.toMatch(/TLS/);
    expectNoKey(result);
  });
});

describe('no key over plain http to another host', () => {
  it.each([
    ['SVC_BASE_URL', { env: { SVC_BASE_URL: 'http://example.invalid' } }, ['tx', 'list']],
    ['--base-url', {}, ['tx', 'list', '--base-url', 'http://example.invalid:8080/api']],
    [
      'webhook create',
      { env: { SVC_BASE_URL: 'http://10.1.2.3' } },
      ['webhook', 'create', '--url', 'https://e.com/h', '--chain-id', '1', '--address', A1],
    ],
  ])('%s: exit 2, says why', async (_name, options, args) => {
    const result = await runInProcess([...args, '--retries', '0', '--timeout', '2'], { apiKey: KEY, ...options });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^svc: .*(http|plain)/);
    expect(result.stderr).toMatch(/https/);
    expectNoKey(result);
  });

  it('a key from the config store is refused too', async () => {
    const configDir = freshConfigDir();
    await runInProcess(['config', 'set', 'api-key'], { configDir, input: KEY });
    const result = await runInProcess(['tx', 'list', '--base-url', 'http://example.invalid', '--retries', '0'], { configDir });
    expect(result.exitCode).toBe(2);
  });

  it('loopback over http is fine: localhost, 127.0.0.1', async () => {
    server.respond([json({ transactions: [] }), json({ transactions: [] })]);
    const port = new URL(server.url).port;
    const viaLocalhost = await runInProcess(['tx', 'list'], { apiKey: KEY, baseUrl: `http://localhost:${port}` });
    // localhost may resolve to ::1 first; accept either success or a refused IPv6 connection, never a refusal to send.
    expect(viaLocalhost.exitCode === 0 || viaLocalhost.exitCode === 6).toBe(true);
    const viaIp = await runInProcess(['tx', 'list'], { apiKey: KEY, baseUrl: server.url });
    expect(viaIp.exitCode).toBe(0);
  });

  it('without a key, tx list over http to another host is not refused for the key reason', async () => {
    const result = await runInProcess(['tx', 'list', '--retries', '0', '--timeout', '2'], { baseUrl: 'http://example.invalid' });
    expect(result.exitCode).toBe(6);
    expect(result.stderr).not.toMatch(/refusing/);
  });
});
