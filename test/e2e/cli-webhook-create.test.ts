// `svc webhook create`: the exact POST body, validation before any request, and the no-duplicate retry rules.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshConfigDir, runInProcess } from '../helpers/cli.js';
import type { RunOptions } from '../helpers/cli.js';
import { makeWebhook } from '../helpers/fixtures.js';
import { errorBody, json, useRecordingServer, repeatedly } from '../helpers/test-server.js';

const KEY = 'sk_test_webhook_create_0001';
const A1 = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const A2 = '0x52908400098527886E0F7030069857D2E4169EE7';
const A3 = '0xde709f2102306220921060314715629080e2fb77';
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const APPROVAL = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925';

const server = useRecordingServer(() => [json(makeWebhook(), 201)]);

const create = (args: string[], options: RunOptions = {}) =>
  runInProcess(['webhook', 'create', ...args], { baseUrl: server.url, apiKey: KEY, ...options });

const BASE = ['--url', 'https://example.com/hook', '--chain-id', '43113'];

function sentBody(): Record<string, unknown> {
  expect(server.requests).toHaveLength(1);
  return JSON.parse(server.requests[0]!.body) as Record<string, unknown>;
}

describe('svc webhook create: the request', () => {
  it('POSTs /v1/webhooks with the key, JSON content type and the minimal body', async () => {
    const result = await create([...BASE, '--address', A1]);
    expect(result.exitCode).toBe(0);
    const [request] = server.requests;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/v1/webhooks');
    expect(request!.headers['x-service-api-key']).toBe(KEY);
    expect(request!.headers['content-type']).toMatch(/^application\/json/);
    expect(sentBody()).toEqual({
      url: 'https://example.com/hook',
      chainId: '43113',
      eventType: 'address_activity',
      metadata: { addresses: [A1] },
    });
  });

  it('sends name and description only when given', async () => {
    await create([...BASE, '--address', A1, '--name', 'My hook', '--description', 'watch the treasury']);
    const body = sentBody();
    expect(body.name).toBe('My hook');
    expect(body.description).toBe('watch the treasury');
  });

  it('an empty --name is still sent (given, though empty)', async () => {
    await create([...BASE, '--address', A1, '--name', '']);
    expect(sentBody()).toHaveProperty('name', '');
  });

  it('takes addresses comma-separated and repeated, deduplicated case-insensitively keeping the first form', async () => {
    const result = await create([
      ...BASE,
      '--address',
      `${A1},${A2}`,
      '--address',
      A1.toLowerCase(),
      '--address',
      ` ${A3} `,
      '--address',
      A2.toUpperCase().replace('0X', '0x'),
    ]);
    expect(result.exitCode).toBe(0);
    expect((sentBody().metadata as { addresses: string[] }).addresses).toEqual([A1, A2, A3]);
  });

  it('computes event signatures from --event (declaration forms) and keeps --event-signature', async () => {
    const result = await create([
      ...BASE,
      '--address',
      A1,
      '--event-signature',
      APPROVAL,
      '--event',
      'event Transfer(address indexed from, address indexed to, uint256 value)',
      '--event',
      'Transfer(address,address,uint)',
    ]);
    expect(result.exitCode).toBe(0);
    const metadata = sentBody().metadata as { eventSignatures: string[] };
    expect(metadata.eventSignatures).toContain(APPROVAL);
    expect(metadata.eventSignatures).toContain(TRANSFER);
    expect(metadata.eventSignatures.filter((s) => s.toLowerCase() === TRANSFER)).toHaveLength(1);
  });

  it('ERC-721 Transfer (all indexed) has the ERC-20 signature', async () => {
    await create([
      ...BASE,
      '--address',
      A1,
      '--event',
      'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
    ]);
    expect((sentBody().metadata as { eventSignatures: string[] }).eventSignatures).toEqual([TRANSFER]);
  });

  it('reads --addresses-file with comments and blank lines', async () => {
    const dir = freshConfigDir();
    const file = join(dir, 'watch.txt');
    writeFileSync(file, `# treasury\n${A1}\n\n   \n${A2}  # cold wallet\r\n#${A3}\n${A1.toLowerCase()}\n`);
    const result = await create([...BASE, '--addresses-file', file, '--address', A3]);
    expect(result.exitCode).toBe(0);
    const addresses = (sentBody().metadata as { addresses: string[] }).addresses;
    expect(addresses).toEqual(expect.arrayContaining([A1, A2, A3]));
    expect(addresses).toHaveLength(3);
  });

  it('reads --addresses-file - from stdin', async () => {
    const result = await create([...BASE, '--addresses-file', '-'], { input: `${A2}\n# c\n${A3}\n` });
    expect(result.exitCode).toBe(0);
    expect((sentBody().metadata as { addresses: string[] }).addresses).toEqual([A2, A3]);
  });
});

describe('svc webhook create: invalid input → exit 2, zero requests', () => {
  const cases: Array<[string, string[]]> = [
    ['no --url', ['--chain-id', '43113', '--address', A1]],
    ['no --chain-id', ['--url', 'https://example.com/hook', '--address', A1]],
    ['no address', [...BASE]],
    ['a short address', [...BASE, '--address', '0x1234']],
    ['an address without 0x', [...BASE, '--address', A1.slice(2)]],
    ['a non-hex address', [...BASE, '--address', '0x' + 'g'.repeat(40)]],
    ['a bad event signature', [...BASE, '--address', A1, '--event-signature', '0x1234']],
    ['an event signature without 0x', [...BASE, '--address', A1, '--event-signature', TRANSFER.slice(2)]],
    ['a bad declaration', [...BASE, '--address', A1, '--event', 'Transfer(address,address']],
    ['an unknown type', [...BASE, '--address', A1, '--event', 'Transfer(addr,address,uint256)']],
    ['uint7', [...BASE, '--address', A1, '--event', 'Foo(uint7)']],
    ['a relative url', ['--url', '/hook', '--chain-id', '43113', '--address', A1]],
    ['an ftp url', ['--url', 'ftp://example.com/hook', '--chain-id', '43113', '--address', A1]],
    ['a url with a space', ['--url', 'https://exa mple.com/hook', '--chain-id', '43113', '--address', A1]],
    ['a hex chain id', ['--url', 'https://example.com/hook', '--chain-id', '0xa86a', '--address', A1]],
    ['a negative chain id', ['--url', 'https://example.com/hook', '--chain-id', '-1', '--address', A1]],
    ['a chain id with letters, not a name svc knows', ['--url', 'https://example.com/hook', '--chain-id', 'fuji2', '--address', A1]],
    ['a missing addresses file', [...BASE, '--addresses-file', '/nonexistent/svc/watch.txt']],
  ];
  it.each(cases)('%s', async (_name, args) => {
    const result = await create(args);
    expect(result.exitCode).toBe(2);
    expect(server.requests).toHaveLength(0);
    expect(result.stderr).toMatch(/^svc: /);
    expect(result.stdout).toBe('');
  });

  it('an addresses file with only comments', async () => {
    const file = join(freshConfigDir(), 'empty.txt');
    writeFileSync(file, '# nothing\n\n');
    const result = await create([...BASE, '--addresses-file', file]);
    expect(result.exitCode).toBe(2);
    expect(server.requests).toHaveLength(0);
  });

  it('a bad address in an addresses file names the line', async () => {
    const file = join(freshConfigDir(), 'bad.txt');
    writeFileSync(file, `${A1}\n0xnothex\n`);
    const result = await create([...BASE, '--addresses-file', file]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/line 2/);
    expect(server.requests).toHaveLength(0);
  });

  it('the message for a missing --url names the flag', async () => {
    const result = await create(['--chain-id', '43113', '--address', A1]);
    expect(result.stderr).toMatch(/--url/);
  });

  it('no key → exit 4, zero requests, says how to set one', async () => {
    const result = await runInProcess(['webhook', 'create', ...BASE, '--address', A1], { baseUrl: server.url });
    expect(result.exitCode).toBe(4);
    expect(server.requests).toHaveLength(0);
    expect(result.stderr).toMatch(/^svc: .*key/i);
    expect(result.stderr).toMatch(/SVC_API_KEY|config set api-key/);
  });
});

describe('svc webhook create: the answer', () => {
  it.each([201, 200])('accepts %i and prints a TSV row that starts with the id', async (status) => {
    server.respond([json(makeWebhook({ id: 'wh-123', name: 'n1' }), status)]);
    const result = await create([...BASE, '--address', A1]);
    expect(result.exitCode).toBe(0);
    const rows = result.stdout.trimEnd().split('\n');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.split('\t')[0]).toBe('wh-123');
    expect(rows[0]).toContain('active');
  });

  it('--json prints the body as returned, so jq -r .id works', async () => {
    const body = '{ "id" : "wh-json-1",\n  "status": "active", "extra": {"nested": [1, 2]} }';
    server.respond([{ status: 201, body }]);
    const result = await create([...BASE, '--address', A1, '--json']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout.replace(/\n$/, '')).toBe(body);
    expect((JSON.parse(result.stdout) as { id: string }).id).toBe('wh-json-1');
  });

  it('a 201 whose id is not a string → exit 1, nothing on stdout', async () => {
    server.respond([json({ ...makeWebhook(), id: 12345 }, 201)]);
    const result = await create([...BASE, '--address', A1]);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
  });

  it('--json on an error adds the JSON error line on stderr', async () => {
    server.respond([errorBody(400, ['url must be https'])]);
    const result = await create([...BASE, '--address', A1, '--json']);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    const line = result.stderr.split('\n').find((l) => l.startsWith('{'));
    expect(JSON.parse(line!)).toEqual({ message: 'url must be https', statusCode: 400, error: 'Bad Request' });
  });

  it('a non-JSON 201 → exit 1, nothing on stdout, and says it was created so nobody runs it again', async () => {
    server.respond([{ status: 201, headers: { 'content-type': 'text/plain' }, body: 'created' }]);
    const result = await create([...BASE, '--address', A1]);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(server.requests).toHaveLength(1);
    expect(result.stderr).toMatch(/^svc: the webhook was created \(HTTP 201\)/);
    expect(result.stderr).toMatch(/do not create it again/);
  });

  it('an empty 201 → exit 1, says it was created and that its answer could not be read', async () => {
    server.respond([{ status: 201, body: '' }]);
    const result = await create([...BASE, '--address', A1]);
    expect(result.exitCode).toBe(1);
    expect(server.requests).toHaveLength(1);
    expect(result.stderr).toMatch(/^svc: the webhook was created \(HTTP 201\), but its answer could not be read: .*empty body/);
  });

  it('a 400 with several messages → exit 2 with all of them', async () => {
    server.respond([errorBody(400, ['url must be an absolute URL', 'chainId must be a decimal string'])]);
    const result = await create([...BASE, '--address', A1]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/url must be an absolute URL/);
    expect(result.stderr).toMatch(/chainId must be a decimal string/);
    expect(result.stderr).toMatch(/\(400 Bad Request\)/);
  });

  it('403 → exit 4', async () => {
    server.respond([errorBody(403, 'this key is read-only')]);
    const result = await create([...BASE, '--address', A1]);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toMatch(/^svc: this key is read-only \(403 Forbidden\)/);
  });
});

describe('svc webhook create: never a second webhook', () => {
  it.each([500, 502, 503])('a %i is not retried: exactly one request, exit 1', async (status) => {
    server.respond([errorBody(status, 'oops', { 'retry-after': '0' })]);
    const result = await create([...BASE, '--address', A1, '--retries', '3']);
    expect(result.exitCode).toBe(1);
    expect(server.requests).toHaveLength(1);
  });

  it('a connection dropped after the request was sent: one request, exit 6, outcome unknown', async () => {
    server.respond([{ fault: 'drop' }]);
    const result = await create([...BASE, '--address', A1, '--retries', '3']);
    expect(result.exitCode).toBe(6);
    expect(server.requests).toHaveLength(1);
    expect(result.stderr).toMatch(/unknown/i);
    expect(result.stdout).toBe('');
  });

  it('a timeout after the request was sent: one request, exit 6, outcome unknown', async () => {
    server.respond([{ fault: 'stall' }]);
    const result = await create([...BASE, '--address', A1, '--retries', '3', '--timeout', '0.5']);
    expect(result.exitCode).toBe(6);
    expect(server.requests).toHaveLength(1);
    expect(result.stderr).toMatch(/unknown/i);
  });

  it('a 429 is retried, with the same body', async () => {
    server.respond([errorBody(429, 'slow', { 'retry-after': '0' }), json(makeWebhook({ id: 'after-429' }), 201)]);
    const result = await create([...BASE, '--address', A1, '--retries', '2']);
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.body).toBe(server.requests[0]!.body);
    expect(result.stdout.startsWith('after-429\t')).toBe(true);
  });

  it('a connection that was never established is retried (attempts shown with -v), exit 6 without "unknown"', async () => {
    const { createServer } = await import('node:net');
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const result = await runInProcess(['webhook', 'create', ...BASE, '--address', A1, '--retries', '1', '-v'], {
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: KEY,
    });
    expect(result.exitCode).toBe(6);
    expect(result.stderr).toMatch(/attempt 1\/2/);
    expect(result.stderr).toMatch(/attempt 2\/2/);
    expect(result.stderr).toMatch(/connection refused/);
    expect(result.stderr).not.toMatch(/unknown/i);
  });

  it('429 on every attempt → exit 5 after retries+1 attempts', async () => {
    server.respond(repeatedly(errorBody(429, 'slow', { 'retry-after': '0' })));
    const result = await create([...BASE, '--address', A1, '--retries', '1']);
    expect(result.exitCode).toBe(5);
    expect(server.requests).toHaveLength(2);
  });
});
