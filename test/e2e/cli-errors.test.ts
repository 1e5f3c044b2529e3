// Error bodies, exit codes, retries and network failures, against a recording server.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli.js';
import { makeTransactions } from '../helpers/fixtures.js';
import { errorBody, json, useRecordingServer, repeatedly } from '../helpers/test-server.js';
import type { Answer } from '../helpers/test-server.js';

const server = useRecordingServer(() => [json({ transactions: [] })]);

const tx = (args: string[]) => runInProcess(['tx', 'list', ...args], { baseUrl: server.url });

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

function expectNoStack(stderr: string): void {
  expect(stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
  expect(stderr).not.toMatch(/unexpected error/);
}

describe('error statuses map to exit codes (no retry)', () => {
  const cases: Array<{ name: string; answer: Answer; exit: number; stderr: RegExp | string }> = [
    {
      name: '400 with a message string',
      answer: errorBody(400, 'pageSize must be an integer from 1 to 100'),
      exit: 2,
      stderr: 'svc: pageSize must be an integer from 1 to 100 (400 Bad Request)\n',
    },
    {
      name: '400 with a message array',
      answer: errorBody(400, ['pageSize must be at most 100', 'network must be one of mainnet, fuji, testnet']),
      exit: 2,
      stderr: /^svc: pageSize must be at most 100.*network must be one of mainnet, fuji, testnet.* \(400 Bad Request\)\n/,
    },
    { name: '401', answer: errorBody(401, 'invalid API key'), exit: 4, stderr: /^svc: invalid API key \(401 Unauthorized\)\n/ },
    { name: '403', answer: errorBody(403, 'read-only key'), exit: 4, stderr: /^svc: read-only key \(403 Forbidden\)\n/ },
    { name: '404', answer: errorBody(404, 'no such route'), exit: 3, stderr: /^svc: no such route \(404 Not Found\)\n/ },
    { name: '404 with an empty body', answer: { status: 404, body: '' }, exit: 3, stderr: /^svc: .*404/ },
  ];
  it.each(cases)('$name → exit $exit', async ({ answer, exit, stderr }) => {
    server.respond([answer]);
    const result = await tx([]);
    expect(result.exitCode).toBe(exit);
    expect(result.stdout).toBe('');
    if (typeof stderr === 'string') expect(result.stderr.startsWith(stderr)).toBe(true);
    else expect(result.stderr).toMatch(stderr);
    expect(server.requests).toHaveLength(1);
    expectNoStack(result.stderr);
  });
});

describe('retries', () => {
  it('429 with --retries 0 → exit 5 after one attempt', async () => {
    server.respond([errorBody(429, 'slow down', { 'retry-after': '0' })]);
    const result = await tx(['--retries', '0']);
    expect(result.exitCode).toBe(5);
    expect(server.requests).toHaveLength(1);
    expect(result.stderr).toMatch(/^svc: slow down \(429 Too Many Requests\)/);
  });

  it('429 with --retries 2 → 3 attempts, then exit 5', async () => {
    server.respond(repeatedly(errorBody(429, 'slow down', { 'retry-after': '0' })));
    const result = await tx(['--retries', '2']);
    expect(result.exitCode).toBe(5);
    expect(server.requests).toHaveLength(3);
  });

  it.each([500, 502, 503])('%i is retried (--retries 1 → 2 attempts) then exit 1', async (status) => {
    server.respond(repeatedly(errorBody(status, `boom ${status}`, { 'retry-after': '0' })));
    const result = await tx(['--retries', '1']);
    expect(result.exitCode).toBe(1);
    expect(server.requests).toHaveLength(2);
    expect(result.stderr).toMatch(new RegExp(`^svc: boom ${status} \\(${status} `));
    expect(result.stdout).toBe('');
  });

  it('a 503 then a 200 succeeds, with the same query repeated', async () => {
    const page = { transactions: makeTransactions(2) };
    server.respond([errorBody(503, 'later', { 'retry-after': '0' }), json(page)]);
    const result = await tx(['--page-token', 'tok1', '--page-size', '7']);
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.query).toEqual(server.requests[0]!.query);
    expect(server.requests[1]!.query).toEqual({ pageToken: 'tok1', pageSize: '7' });
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(2);
  });

  it('a retried page in --all repeats the same token: nothing skipped or repeated', async () => {
    const first = makeTransactions(2);
    const second = makeTransactions(2);
    server.respond([
      json({ transactions: first, nextPageToken: 'next' }),
      errorBody(502, 'gateway', { 'retry-after': '0' }),
      json({ transactions: second }),
    ]);
    const result = await tx(['--all']);
    expect(result.exitCode).toBe(0);
    expect(server.requests.map((r) => r.query.pageToken)).toEqual([undefined, 'next', 'next']);
    expect(
      result.stdout
        .trimEnd()
        .split('\n')
        .map((row) => row.split('\t')[3]),
    ).toEqual([...first, ...second].map((t) => t.txHash));
  });

  it('400, 401, 403, 404 are not retried', async () => {
    for (const status of [400, 401, 403, 404]) {
      server.requests.length = 0;
      server.respond([errorBody(status)]);
      await tx(['--retries', '3']);
      expect(server.requests, `status ${status}`).toHaveLength(1);
    }
  });

  it('honours Retry-After in seconds', async () => {
    server.respond([errorBody(429, 'wait', { 'retry-after': '1' }), json({ transactions: [] })]);
    const result = await tx(['--retries', '1']);
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(2);
    const gap = server.requests[1]!.at - server.requests[0]!.at;
    expect(gap).toBeGreaterThanOrEqual(900);
  });

  it('--retries counts per request: each page may retry', async () => {
    server.respond([
      errorBody(503, 'x', { 'retry-after': '0' }),
      json({ transactions: makeTransactions(1), nextPageToken: 'n' }),
      errorBody(503, 'x', { 'retry-after': '0' }),
      json({ transactions: makeTransactions(1) }),
    ]);
    const result = await tx(['--all', '--retries', '1']);
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(4);
  });
});

describe('malformed responses', () => {
  it('an HTML 502 from a proxy → exit 1 with a clear message, no stack trace', async () => {
    server.respond([{ status: 502, headers: { 'content-type': 'text/html' }, body: '<html><body><h1>502 Bad Gateway</h1></body></html>' }]);
    const result = await tx(['--retries', '0']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^svc: .*502/);
    expect(result.stderr).toMatch(/html|not JSON/i);
    expect(result.stderr).not.toContain('<html>');
    expectNoStack(result.stderr);
  });

  it('a 200 that is not JSON → exit 1, nothing on stdout', async () => {
    server.respond([{ status: 200, headers: { 'content-type': 'text/html' }, body: '<html>hello</html>' }]);
    const result = await tx([]);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^svc: .*not JSON/);
    expectNoStack(result.stderr);
  });

  it('a 200 that is not JSON with --json → exit 1, nothing on stdout', async () => {
    server.respond([{ status: 200, body: '{"transactions": [' }]);
    const result = await tx(['--json']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
  });

  it.each([
    ['transactions not an array', { transactions: { a: 1 } }],
    ['transactions missing', { items: [] }],
    ['nextPageToken a number', { transactions: [], nextPageToken: 5 }],
    ['a transaction that is a string', { transactions: ['0xabc'] }],
    ['a JSON array body', [1, 2]],
  ])('wrong shape (%s) → exit 1, nothing on stdout, also with --json', async (_name, body) => {
    server.respond(repeatedly(json(body)));
    const plain = await tx([]);
    expect(plain.exitCode).toBe(1);
    expect(plain.stdout).toBe('');
    expect(plain.stderr).toMatch(/^svc: unexpected response/);
    const asJson = await tx(['--json']);
    expect(asJson.exitCode).toBe(1);
    expect(asJson.stdout).toBe('');
  });

  it('a bad second page after a good first one exits 1 (the first page stays printed)', async () => {
    server.respond([json({ transactions: makeTransactions(1), nextPageToken: 'n' }), json({ transactions: 'nope' })]);
    const result = await tx(['--all']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
  });

  it('a nextPageToken sent twice is an error, not an endless loop', async () => {
    // A third request would find no answer: the strict server fails the test.
    server.respond([
      json({ transactions: makeTransactions(1), nextPageToken: 'same' }),
      json({ transactions: makeTransactions(1), nextPageToken: 'same' }),
    ]);
    const result = await tx(['--all']);
    expect(result.exitCode).toBe(1);
    expect(server.requests).toHaveLength(2);
    expect(result.stderr).toMatch(/^svc: .*same/);
    expectNoStack(result.stderr);
  });

  it('a token that comes back to the one given with --page-token is a loop too', async () => {
    server.respond([json({ transactions: makeTransactions(1), nextPageToken: 'start' })]);
    const result = await tx(['--all', '--page-token', 'start']);
    expect(result.exitCode).toBe(1);
    expect(server.requests).toHaveLength(1);
  });
});

describe('network failures → exit 6', () => {
  it('connection refused', async () => {
    const port = await closedPort();
    const result = await runInProcess(['tx', 'list', '--retries', '0'], { baseUrl: `http://127.0.0.1:${port}` });
    expect(result.exitCode).toBe(6);
    expect(result.stderr).toMatch(/^svc: connection refused/);
    expect(result.stdout).toBe('');
    expectNoStack(result.stderr);
  });

  it('a stalled response with --timeout 0.5', async () => {
    server.respond([{ fault: 'stall' }]);
    const started = performance.now();
    const result = await tx(['--timeout', '0.5', '--retries', '0']);
    expect(result.exitCode).toBe(6);
    expect(result.stderr).toMatch(/^svc: .*timed out/);
    expect(performance.now() - started).toBeLessThan(8000);
    expect(server.requests).toHaveLength(1);
  });

  it('a timeout is retried for a GET', async () => {
    server.respond([{ fault: 'stall' }, json({ transactions: makeTransactions(1) })]);
    const result = await tx(['--timeout', '0.5', '--retries', '1']);
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
  });

  it('a dropped connection is retried for a GET, and exits 6 when it keeps dropping', async () => {
    server.respond(repeatedly({ fault: 'drop' }));
    const result = await tx(['--retries', '1']);
    expect(result.exitCode).toBe(6);
    expect(server.requests).toHaveLength(2);
    expectNoStack(result.stderr);
  });

  it('a body cut short → exit 6, nothing on stdout', async () => {
    server.respond([{ fault: 'drop-mid-body', body: '{"transactions":[{"chainId":"1"' }]);
    const result = await tx(['--retries', '0']);
    expect(result.exitCode).toBe(6);
    expect(result.stdout).toBe('');
  });
});

describe('--json error line', () => {
  it('adds one JSON line {message, statusCode, error} on stderr', async () => {
    server.respond([errorBody(404, 'gone')]);
    const result = await tx(['--json']);
    expect(result.exitCode).toBe(3);
    expect(result.stdout).toBe('');
    const jsonLines = result.stderr
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as unknown);
    expect(jsonLines).toEqual([{ message: 'gone', statusCode: 404, error: 'Not Found' }]);
  });

  it('for a network error too, with null status', async () => {
    const port = await closedPort();
    const result = await runInProcess(['tx', 'list', '--json', '--retries', '0'], { baseUrl: `http://127.0.0.1:${port}` });
    expect(result.exitCode).toBe(6);
    const line = result.stderr.split('\n').find((l) => l.startsWith('{'));
    expect(line).toBeDefined();
    const parsed = JSON.parse(line!) as { message: string; statusCode: unknown; error: unknown };
    expect(Object.keys(parsed).sort()).toEqual(['error', 'message', 'statusCode']);
    expect(parsed.message).toMatch(/connection refused/);
  });

  it('for a usage error, with --json given after the command', async () => {
    const result = await tx(['--page-size', '500', '--json']);
    expect(result.exitCode).toBe(2);
    expect(server.requests).toHaveLength(0);
    const line = result.stderr.split('\n').find((l) => l.startsWith('{'));
    expect(JSON.parse(line!)).toMatchObject({ message: expect.stringContaining('--page-size') });
  });

  it('without --json there is no JSON line', async () => {
    server.respond([errorBody(404, 'gone')]);
    const result = await tx([]);
    expect(result.stderr.split('\n').some((line) => line.startsWith('{'))).toBe(false);
  });
});

describe('a usage error points at the help of the command it was made in', () => {
  it.each([
    [['webhook', 'get'], "svc: missing required argument 'id'\nsee: svc webhook get --help\n"],
    [['webhook', 'addresses', 'add'], "svc: missing required argument 'id'\nsee: svc webhook addresses add --help\n"],
    [['tx', 'list', '--page-size'], "svc: option '--page-size <n>' argument missing\nsee: svc tx list --help\n"],
    [['--bogus'], "svc: unknown option '--bogus'\nsee: svc --help\n"],
  ])('svc %j', async (args, stderr) => {
    const result = await runInProcess(args, { baseUrl: server.url });
    expect(result).toMatchObject({ exitCode: 2, stdout: '', stderr });
  });
});
