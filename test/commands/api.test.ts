// `svc api`: its options, and every flag's request, answer and output, in this process against a recording server
// that fails the test on any request it was not told to expect. What only a process shows is test/e2e/cli-api.test.ts.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseApiOptions } from '../../src/commands/api.js';
import type { ApiFlags } from '../../src/commands/api.js';
import { EMULATED_OPERATIONS } from '../../src/schema/emulated-operations.js';
import { runInProcess } from '../helpers/cli.js';
import { errorAnswer, errorBody, json, useRecordingServer } from '../helpers/test-server.js';

const KEY = 'sk_test_api_command_0001';
const server = useRecordingServer();
const files = mkdtempSync(join(tmpdir(), 'svc-api-'));
const svc = (args: string[], options: Parameters<typeof runInProcess>[1] = {}) =>
  runInProcess(args, { baseUrl: server.url, apiKey: KEY, ...options });

const flags = (given: Partial<ApiFlags> = {}): ApiFlags => ({ rawField: [], field: [], header: [], ...given });

describe('api: options', () => {
  it('GET by default; POST once fields or --input are given; -X in any case', () => {
    expect(parseApiOptions('/v1/chains', flags())).toMatchObject({ kind: 'request', method: 'GET', path: '/v1/chains' });
    expect(parseApiOptions('/v1/webhooks', flags({ rawField: ['name=a'] }))).toMatchObject({ method: 'POST' });
    expect(parseApiOptions('/v1/webhooks', flags({ input: 'body.json' }))).toMatchObject({ method: 'POST' });
    expect(parseApiOptions('/v1/webhooks', flags({ method: 'get', rawField: ['status=active'] }))).toMatchObject({ method: 'GET' });
  });

  it('reads -f as strings, -F as JSON literals (objects and arrays too), @files and arrays, keys split into their parts', () => {
    const options = parseApiOptions(
      '/x',
      flags({
        rawField: ['n=10', 'e=', 'a[b][c]='],
        field: ['m=10', 'b=true', 'z=null', 's=ten', 'f=@a.txt', 'l[]=1', 'k[]=', 'o={"x": 1}', 'p=[1]', 'q=[x', 'meta[addresses][]'],
      }),
    );
    const shape = options.kind === 'request' && options.fields.map(({ flag, path, value }) => [flag, path.join('.'), value]);
    expect(shape).toEqual([
      ['-f', 'n', { kind: 'string', text: '10' }],
      ['-f', 'e', { kind: 'string', text: '' }],
      ['-f', 'a.b.c', { kind: 'string', text: '' }],
      ['-F', 'm', { kind: 'literal', text: '10' }],
      ['-F', 'b', { kind: 'literal', text: 'true' }],
      ['-F', 'z', { kind: 'literal', text: 'null' }],
      ['-F', 's', { kind: 'string', text: 'ten' }],
      ['-F', 'f', { kind: 'file', path: 'a.txt' }],
      ['-F', 'l.', { kind: 'literal', text: '1' }],
      ['-F', 'k.', { kind: 'none' }],
      ['-F', 'o', { kind: 'literal', text: '{"x": 1}' }],
      ['-F', 'p', { kind: 'literal', text: '[1]' }],
      ['-F', 'q', { kind: 'string', text: '[x' }],
      ['-F', 'meta.addresses.', { kind: 'none' }],
    ]);
  });

  it.each<[string, string | undefined, Partial<ApiFlags>, string]>([
    ['a field without =', '/x', { rawField: ['name'] }, '-f "name": must be key=value (or key[] for an empty array)'],
    ['a typed field without =', '/x', { field: ['count'] }, '-F "count": must be key=value (or key[] for an empty array)'],
    ['a key given twice', '/x', { rawField: ['name=a'], field: ['name=b'] }, '-F "name=b": "name" is given twice'],
    ['a nested key given twice', '/x', { field: ['a[b]=1', 'a[b]=2'] }, '-F "a[b]=2": "b" is given twice'],
    [
      'a query parameter given twice',
      '/x',
      { method: 'GET', rawField: ['status=a', 'status=b'] },
      '-f "status=b": "status" is given twice',
    ],
    ['a value then an object', '/x', { field: ['a=1', 'a[b]=2'] }, '-F "a[b]=2": "a" is given as a value and as an object'],
    ['an object then an array', '/x', { field: ['a[b]=1', 'a[]=2'] }, '-F "a[]=2": "a" is given as an object and as an array'],
    ['brackets not in pairs', '/x', { rawField: ['a[b=1'] }, '-f "a[b=1": the key must be name, name[sub]... or name[]'],
    ['an array of arrays', '/x', { rawField: ['a[][]=1'] }, '-f "a[][]=1": an array of arrays cannot be written as fields'],
    ['a key that starts with a bracket', '/x', { rawField: ['[a]=1'] }, '-f "[a]=1": the key before "=" is empty'],
    ['an empty key', '/x', { field: ['=1'] }, '-F "=1": the key before "=" is empty'],
    ['@ naming no file', '/x', { field: ['f=@'] }, '-F "f=@": name a file after @ (@- for stdin)'],
    ['a method outside the five', '/x', { method: 'HEAD' }, '-X "HEAD": must be one of GET, POST, PUT, PATCH, DELETE'],
    [
      'a path not starting with /',
      'v1/chains',
      {},
      'path "v1/chains": must start with / (the operation\'s path from /v1 on, e.g. /v1/chains)',
    ],
    ['a placeholder left in the path', '/v1/chains/{chainId}', {}, 'path "/v1/chains/{chainId}": put a value in place of {chainId}'],
    ['a space in the path', '/v1/a b', {}, 'path "/v1/a b": must hold no spaces, control characters or "#"'],
    [
      'a header without a colon',
      '/x',
      { header: ['x-trace 1'] },
      '-H "x-trace…": must be "name: value", the name a token (letters, digits, -)',
    ],
    ['--paginate with a non-GET', '/x', { paginate: true, method: 'POST' }, '--paginate follows the pages of a GET listing: not with POST'],
    [
      '--paginate with fields (POST by default)',
      '/x',
      { paginate: true, rawField: ['a=1'] },
      '--paginate follows the pages of a GET listing: not with POST',
    ],
    ['--slurp without --paginate', '/x', { slurp: true }, '--slurp: only with --paginate (it prints every page in one array)'],
    ['-i with --jq', '/x', { include: true, jq: '.' }, '-i and --jq: the status line and headers are not JSON for jq to read: use one'],
    ['--silent with --jq', '/x', { silent: true, jq: '.' }, '--silent and --jq: --silent prints nothing for jq to filter: use one'],
    ['stdin twice', '/x', { input: '-', field: ['f=@-'] }, '--input - and -F key=@-: stdin can be read once: use a file for one of them'],
    ['no path', undefined, {}, 'missing path: svc api <path>, e.g. svc api /v1/chains'],
    [
      '--list with a request flag',
      'balance',
      { list: true, method: 'GET' },
      '--list prints the operations and sends nothing: -X has no use with it',
    ],
  ])('refuses %s, naming it', (_case, path, given, message) => {
    expect(() => parseApiOptions(path, flags(given))).toThrow(message);
  });

  it('bad input is exit 2 with one line naming the flag, and no request', async () => {
    const result = await svc(['api', '/v1/x', '-X', 'HEAD']);
    expect(result).toMatchObject({ exitCode: 2, stdout: '' });
    expect(result.stderr.split('\n')[0]).toBe('svc: -X "HEAD": must be one of GET, POST, PUT, PATCH, DELETE');
    const unreadable = await svc(['api', '/v1/x', '-F', `f=@${join(files, 'absent.txt')}`]);
    expect(unreadable.exitCode).toBe(2);
    expect(unreadable.stderr).toContain(`svc: -F f=@${join(files, 'absent.txt')}: cannot read it (no such file)`);
    expect(server.requests).toEqual([]);
  });
});

describe('api: the request each flag makes', () => {
  it('a GET: the path with its query, fields as query parameters, the key in its header, the body printed as returned', async () => {
    server.respond([json({ chains: [{ chainId: '43114' }] })]);
    const result = await svc(['api', '/v1/chains?network=mainnet', '-X', 'GET', '-f', 'pageSize=5', '-F', 'ids[]=1', '-F', 'ids[]=2']);
    expect(result).toEqual({ exitCode: 0, stdout: '{"chains":[{"chainId":"43114"}]}\n', stderr: '' });
    const [request] = server.requests;
    expect(request!.method).toBe('GET');
    expect(request!.rawUrl).toBe('/v1/chains?network=mainnet&pageSize=5&ids=1&ids=2');
    expect(request!.headers['x-service-api-key']).toBe(KEY);
    expect(request!.body).toBe('');
  });

  it('POST with fields: one JSON body, typed values as given (every digit), arrays, a file read whole', async () => {
    writeFileSync(join(files, 'note.txt'), 'line one\n"quoted"\n');
    server.respond([json({ ok: true }, 201)]);
    const result = await svc([
      'api',
      '/v1/things',
      '-f',
      'name=payments',
      '-f',
      'count=10',
      '-F',
      'limit=10',
      '-F',
      'big=123456789012345678901234567890',
      '-F',
      'on=true',
      '-F',
      'none=null',
      '-F',
      'tags[]=a',
      '-F',
      'tags[]=2',
      '-F',
      'empty[]=',
      '-F',
      `note=@${join(files, 'note.txt')}`,
    ]);
    expect(result.exitCode).toBe(0);
    const [request] = server.requests;
    expect(request!.method).toBe('POST');
    expect(request!.rawUrl).toBe('/v1/things');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.body).toBe(
      '{"name":"payments","count":"10","limit":10,"big":123456789012345678901234567890,"on":true,"none":null,"tags":["a",2],"empty":[],"note":"line one\\n\\"quoted\\"\\n"}',
    );
  });

  it('nested keys as gh api reads them: objects, arrays, arrays of objects, JSON literals; keys in the order first given, -f before -F (as gh)', async () => {
    server.respond([json({ ok: true }, 201)]);
    const result = await svc([
      'api',
      '/v1/things',
      '-f',
      'metadata[addresses][]=0xa',
      '-f',
      'metadata[addresses][]=0xb',
      '-F',
      'metadata[eventSignatures][]',
      '-f',
      'a[b][c]=',
      '-F',
      'items[][name]=one',
      '-F',
      'items[][size]=1',
      '-F',
      'items[][name]=two',
      '-F',
      'items[][tags][]=x',
      '-F',
      'items[][tags][]=y',
      '-F',
      'extra={"n": 12345678901234567890}',
      '-f',
      'metadata[note]=n',
    ]);
    expect(result.exitCode).toBe(0);
    expect(server.requests[0]!.body).toBe(
      '{"metadata":{"addresses":["0xa","0xb"],"note":"n","eventSignatures":[]},"a":{"b":{"c":""}},' +
        '"items":[{"name":"one","size":1},{"name":"two","tags":["x","y"]}],"extra":{"n": 12345678901234567890}}',
    );
  });

  it('a key given twice: exit 2 naming the field, and no request', async () => {
    const result = await svc(['api', '/v1/webhooks', '-f', 'url=https://a.example', '-f', 'url=https://b.example']);
    expect(result).toMatchObject({ exitCode: 2, stdout: '' });
    expect(result.stderr.split('\n')[0]).toBe(
      'svc: -f "url=https://b.example": "url" is given twice (each key once; key[]=value adds to an array)',
    );
    expect(server.requests).toEqual([]);
  });

  it("--input: the body as given (stdin with -), fields in the query, -H headers sent over svc's own", async () => {
    server.respond([json({ ok: 1 }), json({ ok: 2 })]);
    writeFileSync(join(files, 'body.json'), '{ "raw" : [1, 2] }');
    const fromFile = await svc([
      'api',
      '-X',
      'PUT',
      '/v1/things/1',
      '--input',
      join(files, 'body.json'),
      '-f',
      'dryRun=true',
      '-H',
      'X-Trace: abc',
      '-H',
      'Accept: application/x-ndjson',
    ]);
    const fromStdin = await svc(['api', '-X', 'PATCH', '/v1/things/1', '--input', '-', '-H', 'content-type: text/plain'], {
      input: 'plain text',
    });
    expect([fromFile.exitCode, fromStdin.exitCode]).toEqual([0, 0]);
    const [put, patch] = server.requests;
    expect([put!.method, put!.rawUrl, put!.body]).toEqual(['PUT', '/v1/things/1?dryRun=true', '{ "raw" : [1, 2] }']);
    expect(put!.headers).toMatchObject({ 'x-trace': 'abc', accept: 'application/x-ndjson', 'content-type': 'application/json' });
    expect([patch!.method, patch!.body, patch!.headers['content-type']]).toEqual(['PATCH', 'plain text', 'text/plain']);
  });

  it('-i prints the status line and headers first; --silent prints nothing', async () => {
    server.respond([json({ a: 1 }, 200, { 'x-request-id': 'r-1' }), json({ a: 2 })]);
    const included = await svc(['api', '-i', '/v1/a']);
    expect(included.stdout).toMatch(/^HTTP\/1\.1 200 OK\ncontent-type: application\/json\nx-request-id: r-1\n(.+\n)*\n\{"a":1\}\n$/);
    const silent = await svc(['api', '--silent', '/v1/a']);
    expect(silent).toEqual({ exitCode: 0, stdout: '', stderr: '' });
  });

  it("--verbose shows the request and the answer's head on stderr, the key masked, never whole", async () => {
    server.respond([json({ a: 1 })]);
    const result = await svc(['api', '-v', '/v1/a', '-H', `x-glacier-api-key: ${KEY}`]);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain(`* > GET ${server.url}/v1/a`);
    expect(result.stderr).toContain('* > x-service-api-key: ****0001');
    expect(result.stderr).toContain('* > x-glacier-api-key: ****0001');
    expect(result.stderr).toMatch(/\* < 200\n\* < content-type: application\/json/);
    expect(result.stderr).not.toContain(KEY);
  });
});

describe('api: an error answer', () => {
  const NOT_FOUND = '{"message":"webhook w not found","statusCode":404,"error":"Not Found"}';

  it("the service's body on stdout as returned, the one-line error on stderr, the exit code of its status", async () => {
    server.respond([errorBody(404, 'webhook w not found')]);
    const result = await svc(['api', '/v1/webhooks/w']);
    expect(result.exitCode).toBe(3);
    expect(result.stdout).toBe(NOT_FOUND + '\n');
    expect(result.stderr.split('\n')[0]).toBe('svc: webhook w not found (404 Not Found)');
  });

  it('-i prints the status line and headers before it; --silent prints nothing; --jq does not filter it', async () => {
    server.respond([
      errorBody(404, 'webhook w not found', { 'x-request-id': 'r-9' }),
      errorBody(404, 'webhook w not found'),
      errorBody(404, 'webhook w not found'),
    ]);
    const included = await svc(['api', '-i', '/v1/webhooks/w']);
    expect(included.exitCode).toBe(3);
    expect(included.stdout).toMatch(
      new RegExp(`^HTTP/1\\.1 404 Not Found\ncontent-type: application/json\nx-request-id: r-9\n(.+\n)*\n${escape(NOT_FOUND)}\n$`),
    );
    const silent = await svc(['api', '--silent', '/v1/webhooks/w']);
    expect([silent.exitCode, silent.stdout]).toEqual([3, '']);
    const filtered = await svc(['api', '/v1/webhooks/w', '--jq', '.id']);
    expect([filtered.exitCode, filtered.stdout]).toEqual([3, NOT_FOUND + '\n']);
  });

  it('a key the service echoes in its error body is masked on stdout too', async () => {
    server.respond([errorBody(401, `key ${KEY} is not valid`)]);
    const result = await svc(['api', '/v1/webhooks']);
    expect(result.exitCode).toBe(4);
    expect(result.stdout).toBe('{"message":"key ****0001 is not valid","statusCode":401,"error":"Unauthorized"}\n');
    expect(result.stdout + result.stderr).not.toContain(KEY);
  });

  it('--paginate: the pages before the error, then its body', async () => {
    server.respond([page(1, 't1'), errorAnswer(400, 'pageToken is not valid')]);
    const result = await svc(['api', '/v1/items', '--paginate']);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe(
      '{"items":[{"n":1}],"nextPageToken":"t1"}\n{"message":"pageToken is not valid","statusCode":400,"error":"Bad Request"}\n',
    );
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('api: retries follow the method', () => {
  it('a GET is retried on 503 as every read is', async () => {
    server.respond([errorAnswer(503), json({ a: 1 })]);
    const result = await svc(['api', '/v1/a', '--retries', '1']);
    expect(result).toMatchObject({ exitCode: 0, stdout: '{"a":1}\n' });
    expect(server.requests.map((request) => request.method)).toEqual(['GET', 'GET']);
  });

  it('a POST that times out is not sent again: exit 6, the outcome said to be unknown', async () => {
    server.respond([{ fault: 'stall' }]);
    const result = await svc(['api', '/v1/things', '-f', 'name=a', '--timeout', '0.3', '--retries', '3']);
    expect(result.exitCode).toBe(6);
    expect(result.stderr).toContain('the request may have reached the service, so the outcome is unknown and it was not retried');
    expect(result.stderr).toContain('check whether the service made the change before sending the request again');
    expect(server.requests).toHaveLength(1);
  });

  it('a DELETE answered 503 is not sent again; exit codes as for every command, the --json error line too', async () => {
    server.respond([errorAnswer(503), errorBody(404, 'webhook w not found')]);
    const deleted = await svc(['api', '-X', 'DELETE', '/v1/webhooks/w', '--retries', '3']);
    expect(deleted.exitCode).toBe(1);
    expect(deleted.stderr).toMatch(/^svc: error 503 \(503 Service Unavailable\)\nthe outcome is unknown/);
    const missing = await svc(['api', '/v1/webhooks/w', '--json']);
    expect(missing.exitCode).toBe(3);
    expect(missing.stderr).toContain('check the path: svc api --list shows the operations of the service');
    expect(missing.stderr.trimEnd().split('\n').pop()).toBe('{"message":"webhook w not found","statusCode":404,"error":"Not Found"}');
    expect(server.requests).toHaveLength(2);
  });
});

const page = (n: number, next?: string) => json({ items: [{ n }], ...(next === undefined ? {} : { nextPageToken: next }) });

describe('api: --paginate and --slurp', () => {
  it('--paginate follows nextPageToken over three pages, one compact document a line, the page size left to the user', async () => {
    server.respond([page(1, 't1'), page(2, 't2'), page(3)]);
    const result = await svc(['api', '/v1/items?pageSize=1', '--paginate']);
    expect(result).toEqual({
      exitCode: 0,
      stdout: '{"items":[{"n":1}],"nextPageToken":"t1"}\n{"items":[{"n":2}],"nextPageToken":"t2"}\n{"items":[{"n":3}]}\n',
      stderr: '',
    });
    expect(server.requests.map((request) => request.rawUrl)).toEqual([
      '/v1/items?pageSize=1',
      '/v1/items?pageSize=1&pageToken=t1',
      '/v1/items?pageSize=1&pageToken=t2',
    ]);
  });

  it("a token given in the path is the first page's, sent once on each request", async () => {
    server.respond([page(2, 't2'), page(3)]);
    const result = await svc(['api', '/v1/items?pageToken=t1&pageSize=1', '--paginate']);
    expect(result.exitCode).toBe(0);
    expect(server.requests.map((request) => request.rawUrl)).toEqual([
      '/v1/items?pageSize=1&pageToken=t1',
      '/v1/items?pageSize=1&pageToken=t2',
    ]);
  });

  it('--slurp: the three pages in one array; --jq then reads that array', async () => {
    server.respond([page(1, 't1'), page(2, 't2'), page(3), page(1, 't1'), page(2, 't2'), page(3)]);
    const slurped = await svc(['api', '/v1/items', '--paginate', '--slurp']);
    expect(JSON.parse(slurped.stdout)).toEqual([
      { items: [{ n: 1 }], nextPageToken: 't1' },
      { items: [{ n: 2 }], nextPageToken: 't2' },
      { items: [{ n: 3 }] },
    ]);
    const filtered = await svc(['api', '/v1/items', '--paginate', '--slurp', '--jq', 'map(.items[].n) | add']);
    expect(filtered).toEqual({ exitCode: 0, stdout: '6\n', stderr: '' });
  });

  it('the guards of --all: a token sent twice stops with exit 1; with --slurp nothing is printed', async () => {
    server.respond([page(1, 't1'), page(2, 't1'), page(1, 't1'), page(2, 't1')]);
    const looped = await svc(['api', '/v1/items', '--paginate']);
    expect(looped.exitCode).toBe(1);
    expect(looped.stdout).toBe('{"items":[{"n":1}],"nextPageToken":"t1"}\n{"items":[{"n":2}],"nextPageToken":"t1"}\n');
    expect(looped.stderr).toContain('the service sent page token "t1" a second time; stopped instead of looping');
    const slurped = await svc(['api', '/v1/items', '--paginate', '--slurp']);
    expect(slurped).toMatchObject({ exitCode: 1, stdout: '' });
  });

  it('a page that is not JSON cannot be paged: exit 1', async () => {
    server.respond([{ status: 200, headers: { 'content-type': 'text/html' }, body: '<html>' }]);
    const result = await svc(['api', '/v1/items', '--paginate']);
    expect(result).toMatchObject({ exitCode: 1, stdout: '' });
    expect(result.stderr).toContain('a page that is not JSON, so it cannot be paged');
  });
});

describe('api --list', () => {
  it("prints the operator's operations: TSV piped, filtered by a word; --json an array", async () => {
    const listed = await svc(['api', '--list', 'erc20']);
    expect(listed.stdout).toBe(
      'GET\t/v1/chains/{chainId}/addresses/{address}/balances:listErc20\tList ERC-20 balances\ttrue\n' +
        'GET\t/v1/chains/{chainId}/addresses/{address}/transactions:listErc20\tList ERC-20 transfers\ttrue\n',
    );
    const all = await svc(['api', '--list', '--json']);
    const entries = JSON.parse(all.stdout) as Array<{ operationId: string; emulated: boolean }>;
    expect(entries).toHaveLength(81);
    // The mark is the emulator's list (held to the emulator by test/unit/emulated-operations.test.ts).
    expect(entries.filter((entry) => entry.emulated).map((entry) => entry.operationId)).toEqual(
      entries.map((entry) => entry.operationId).filter((operationId) => EMULATED_OPERATIONS.has(operationId)),
    );
    expect(entries.find((entry) => entry.operationId === 'supportedChains')?.emulated).toBe(true);
    expect((await svc(['api', '--list', 'supportedChains'])).stdout).toBe('GET\t/v1/chains\tList chains\ttrue\n');
    const terminal = await svc(['api', '--list', 'chains'], { stdoutTTY: true, columns: 200 });
    expect(terminal.stdout).toMatch(/^\* GET +\/v1\/chains +List chains$/m);
    // The Primary Network's operations stay out of the emulator's scope.
    expect(terminal.stdout).toMatch(/^ {2}GET +\/v1\/networks\/\{network\}\/blockchains +List blockchains$/m);
    expect(terminal.stdout).toContain('\n* modelled by the bundled emulator (svc emulator start); it answers the others with 501\n');
    const none = await svc(['api', '--list', 'no-such-word']);
    expect(none).toEqual({ exitCode: 0, stdout: '', stderr: 'No operations match "no-such-word".\n' });
  });
});

describe('--jq on svc api and the commands that print JSON', () => {
  const transactions = (hashes: string[], next?: string) =>
    json({ transactions: hashes.map((txHash) => ({ txHash, chainId: '43113' })), ...(next ? { nextPageToken: next } : {}) });

  it('svc api: strings print raw, other values compact when piped', async () => {
    server.respond([transactions(['0xa', '0xb'])]);
    const result = await svc(['api', '/v1/transactions', '--jq', '.transactions[].txHash, {n: (.transactions | length)}']);
    expect(result).toEqual({ exitCode: 0, stdout: '0xa\n0xb\n{"n":2}\n', stderr: '' });
  });

  it('tx list: over each page a listing prints', async () => {
    server.respond([transactions(['0xa', '0xb'], 't1'), transactions(['0xc'])]);
    const result = await svc(['tx', 'list', '--limit', '3', '--jq', '.transactions | map(.txHash) | join(",")']);
    expect(result).toEqual({ exitCode: 0, stdout: '0xa,0xb\n0xc\n', stderr: '' });
  });

  it('webhook list and event-signature', async () => {
    server.respond([
      json({
        webhooks: [
          { id: 'w-1', name: 'payments' },
          { id: 'w-2', name: 'refunds' },
        ],
      }),
    ]);
    const webhooks = await svc(['webhook', 'list', '--jq', '.webhooks[] | select(.name == "refunds") | .id']);
    expect(webhooks).toEqual({ exitCode: 0, stdout: 'w-2\n', stderr: '' });
    const signature = await svc(['event-signature', 'Transfer(address,address,uint256)', '--jq', '.[0].canonical']);
    expect(signature).toEqual({ exitCode: 0, stdout: 'Transfer(address,address,uint256)\n', stderr: '' });
  });

  it("a bad expression: jq's message, exit 2, before any request", async () => {
    const result = await svc(['webhook', 'list', '--jq', '.webhooks[']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr.split('\n')[0]).toMatch(/^svc: --jq "\.webhooks\[": syntax error, unexpected end of file/);
    expect(server.requests).toEqual([]);
  });

  it("a jq error at run time: exit 1 with jq's message", async () => {
    server.respond([json({ webhooks: [] })]);
    const result = await svc(['webhook', 'list', '--jq', '.[].id']);
    expect(result.exitCode).toBe(1);
    // One line, as jq's own errors are: the JSON error line is for --json given, not implied by --jq.
    expect(result.stderr).toBe('svc: --jq: Cannot index array with string "id"\n');
    server.respond([json({ webhooks: [] })]);
    const withJson = await svc(['webhook', 'list', '--json', '--jq', '.[].id']);
    expect(withJson.stderr.trimEnd().split('\n').at(-1)).toBe(
      '{"message":"--jq: Cannot index array with string \\"id\\"","statusCode":null,"error":null}',
    );
  });

  it('on a terminal: values indented, escape sequences from the service taken out', async () => {
    server.respond([json({ name: 'red\u001b[31m text', list: [1] })]);
    const result = await svc(['api', '/v1/a', '--jq', '.name, .list'], { stdoutTTY: true });
    expect(result.stdout).toBe('red text\n[\n  1\n]\n');
  });

  it("env and $ENV are the user's environment, so select(.id == env.ID) compares with the user's value", async () => {
    server.respond([json({ webhooks: [{ id: 'w-1' }, { id: 'w-2', name: 'refunds' }] })]);
    const result = await svc(['api', '/v1/webhooks', '--jq', '.webhooks[] | select(.id == env.ID) | .name, $ENV.ID'], {
      env: { ID: 'w-2' },
    });
    expect(result).toEqual({ exitCode: 0, stdout: 'refunds\nw-2\n', stderr: '' });
  });

  it('on a terminal with colour: objects coloured as gh --jq colours them, strings still raw', async () => {
    server.respond([json({ name: 'payments', on: true })]);
    const result = await svc(['api', '/v1/a', '--jq', '., .name'], { stdoutTTY: true, env: { NO_COLOR: undefined } });
    expect(result.stdout).toBe(
      '\u001b[1;38m{\u001b[0m\n  \u001b[1;34m"name"\u001b[0m\u001b[1;38m:\u001b[0m \u001b[32m"payments"\u001b[0m\u001b[1;38m,\u001b[0m\n' +
        '  \u001b[1;34m"on"\u001b[0m\u001b[1;38m:\u001b[0m \u001b[33mtrue\u001b[0m\n\u001b[1;38m}\u001b[0m\npayments\n',
    );
  });

  it('a command that prints no JSON has no --jq', async () => {
    const result = await svc(['config', 'path', '--jq', '.']);
    expect(result).toMatchObject({ exitCode: 2, stdout: '' });
    expect(result.stderr.split('\n')[0]).toBe("svc: unknown option '--jq'");
  });
});
