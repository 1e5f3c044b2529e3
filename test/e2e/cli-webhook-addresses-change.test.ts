// `svc webhook addresses list|add|remove <id>`: each request's method, path, headers and exact body, batches in order,
// dedupe, the count line, --json lines, every exit code, retries with the same bytes, a stopped change's message,
// stdin; the old `addresses <id>` form; and against the emulator, an added address listed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { runInProcess } from '../helpers/cli.js';
import type { InProcessOptions } from '../helpers/cli.js';
import { API_KEY, call, startTestEmulator, webhookBody } from '../helpers/emulator-helpers.js';
import { makeWebhook, numberedAddress } from '../helpers/fixtures.js';
import { errorAnswer, errorBody, json, useRecordingServer } from '../helpers/test-server.js';
import type { Answer, Handler, RecordedRequest } from '../helpers/test-server.js';

const KEY = 'sk_test_webhook_addr_change_0003';
const ID = '3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60';
const CHECKSUMMED = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';

/** A webhook answer watching `count` addresses (what the service answers to a change: the whole webhook). */
const watching = (count: number): Answer =>
  json(makeWebhook({ metadata: { addresses: Array.from({ length: count }, (_, i) => numberedAddress(i)) } }));

/** Answers each batch with a webhook that watches the addresses sent so far, plus one it watched before. */
function growingWebhook(): Handler {
  let watched = 1;
  return (request) => {
    watched += (JSON.parse(request.body) as { addresses: string[] }).addresses.length;
    return watching(watched);
  };
}

const server = useRecordingServer(() => growingWebhook());
const run = (args: string[], options: InProcessOptions = {}) => runInProcess(args, { baseUrl: server.url, apiKey: KEY, ...options });
const scratch = mkdtempSync(join(tmpdir(), 'svc-addresses-'));
let fileCount = 0;
function file(text: string): string {
  const path = join(scratch, `addresses-${++fileCount}.txt`);
  writeFileSync(path, text);
  return path;
}
const sent = (request: RecordedRequest): string[] => (JSON.parse(request.body) as { addresses: string[] }).addresses;
const numbered = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => numberedAddress(from + i));

describe('svc webhook addresses add', () => {
  it('PATCHes each batch of --batch-size in input order with the key and the exact body, then prints the count', async () => {
    const addresses = numbered(1, 1235);
    const path = file('# new wallets\n' + addresses.join('\n') + '\n');
    const result = await run(['webhook', 'addresses', 'add', ID, '--addresses-file', path]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(server.requests.map((request) => request.method)).toEqual(['PATCH', 'PATCH', 'PATCH']);
    for (const request of server.requests) {
      expect(request.path).toBe(`/v1/webhooks/${ID}/addresses`);
      expect(request.query).toEqual({});
      expect(request.headers['x-service-api-key']).toBe(KEY);
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers.accept).toBe('application/json');
    }
    expect(server.requests.map((request) => request.body)).toEqual([
      JSON.stringify({ addresses: addresses.slice(0, 500) }),
      JSON.stringify({ addresses: addresses.slice(500, 1000) }),
      JSON.stringify({ addresses: addresses.slice(1000) }),
    ]);
    expect(result.stdout).toBe('1235 addresses\n');
    expect(result.stderr).toBe('');
  });

  it('--batch-size sets the size; --address (repeatable, comma lists) comes before the file', async () => {
    const path = file(numbered(10, 15).join('\n'));
    const result = await run([
      'webhook',
      'addresses',
      'add',
      ID,
      '--address',
      `${numberedAddress(1)}, ${numberedAddress(2)}`,
      '--address',
      numberedAddress(3),
      '--addresses-file',
      path,
      '--batch-size',
      '3',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(server.requests.map(sent)).toEqual([
      [numberedAddress(1), numberedAddress(2), numberedAddress(3)],
      numbered(10, 13),
      numbered(13, 15),
    ]);
    expect(result.stdout).toBe('9 addresses\n');
  });

  it('sends each address once (case-insensitively), first spelling and order kept', async () => {
    const lower = CHECKSUMMED.toLowerCase();
    const path = file(
      [numberedAddress(2), lower, '', '   # a comment line', `${numberedAddress(1)}  # trailing comment`, CHECKSUMMED].join('\r\n'),
    );
    const result = await run([
      'webhook',
      'addresses',
      'add',
      ID,
      '--address',
      `${CHECKSUMMED},${numberedAddress(1)}`,
      '--addresses-file',
      path,
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(sent(server.requests[0]!)).toEqual([CHECKSUMMED, numberedAddress(1), numberedAddress(2)]);
  });

  it('reads --addresses-file - from stdin', async () => {
    const result = await run(['webhook', 'addresses', 'add', ID, '--addresses-file', '-'], {
      input: `${numberedAddress(7)}\n${numberedAddress(8)}`,
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(server.requests.map(sent)).toEqual([[numberedAddress(7), numberedAddress(8)]]);
    expect(result.stdout).toBe('3 addresses\n');
  });

  it('one address watched after the change: "1 address"', async () => {
    server.respond([watching(1)]);
    const result = await run(['webhook', 'addresses', 'remove', ID, '--address', numberedAddress(5)]);
    expect(result.stdout).toBe('1 address\n');
  });

  it('--json: each answer as returned, one per line (one batch: its bytes exactly)', async () => {
    const pretty = JSON.stringify(makeWebhook({ name: 'é "quoted"' }), null, 2);
    server.respond([json(pretty)]);
    const single = await run(['webhook', 'addresses', 'add', ID, '--address', numberedAddress(1), '--json']);
    expect(single.exitCode).toBe(0);
    expect(single.stdout).toBe(pretty + '\n');
  });

  it('--json over several batches: each answer on a line of its own, compacted', async () => {
    const pretty = JSON.stringify(makeWebhook({ name: 'é "quoted"' }), null, 2);
    server.respond([json(pretty), json(JSON.stringify(makeWebhook({ name: 'second' })) + '\n')]);
    const several = await run(['webhook', 'addresses', 'add', ID, '--address', numbered(1, 4).join(','), '--batch-size', '2', '--json']);
    expect(several.exitCode).toBe(0);
    const lines = several.stdout.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(JSON.stringify(JSON.parse(pretty)));
    expect(JSON.parse(lines[1]!).name).toBe('second');
    expect(lines[2]).toBe('');
  });

  it('an intermediate answer is not parsed, the last one is: a last answer without metadata.addresses is exit 1', async () => {
    server.respond([json({ anything: 'not a webhook' }), json({ id: ID })]);
    const result = await run(['webhook', 'addresses', 'add', ID, '--address', numbered(1, 3).join(','), '--batch-size', '1']);
    expect(result.exitCode).toBe(1);
    expect(server.requests).toHaveLength(2);
    expect(result.stderr).toMatch(/^svc: 1 of 2 addresses were added, then batch 2 of 2 failed: unexpected response: "metadata"/);
  });

  it('an answer that is not a JSON object is exit 1, even in the middle', async () => {
    server.respond([{ status: 200, headers: { 'content-type': 'text/html' }, body: '<html>proxy</html>' }]);
    const result = await run(['webhook', 'addresses', 'add', ID, '--address', numbered(1, 3).join(','), '--batch-size', '1', '--json']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^svc: unexpected response: HTTP 200 with a body that is not JSON \(text\/html\)/);
    expect(server.requests).toHaveLength(1);
  });
});

describe('answers read only at their edges', () => {
  /** A server answering every request with `body` in pieces of `piece` bytes, each written on its own. */
  async function trickling(body: string, piece: number): Promise<{ url: string; close(): Promise<void> }> {
    const { createServer } = await import('node:http');
    const trickle = createServer((request, response) => {
      request.resume();
      request.on('end', async () => {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        for (let at = 0; at < body.length; at += piece) {
          response.write(body.slice(at, at + piece));
          await new Promise((resolve) => setImmediate(resolve));
        }
        response.end();
      });
    });
    await new Promise<void>((resolve) => trickle.listen(0, '127.0.0.1', resolve));
    const { port } = trickle.address() as { port: number };
    return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => trickle.close(() => resolve())) };
  }

  it('an intermediate answer in many small pieces is checked on its first and last bytes, then the last is counted', async () => {
    const answer = '  ' + JSON.stringify(makeWebhook({ metadata: { addresses: numbered(0, 30) } })) + '\n';
    const trickle = await trickling(answer, 7);
    try {
      const result = await runInProcess(['webhook', 'addresses', 'add', ID, '--address', numbered(1, 3).join(','), '--batch-size', '1'], {
        baseUrl: trickle.url,
        apiKey: KEY,
      });
      expect(result.exitCode, result.stderr).toBe(0);
      expect(result.stdout).toBe('30 addresses\n');
    } finally {
      await trickle.close();
    }
  });

  it('an intermediate 200 whose end is not a JSON object is exit 1, saying so', async () => {
    const answer = JSON.stringify(makeWebhook({ metadata: { addresses: numbered(0, 30) } })) + ' <!-- cut by a proxy -->';
    const trickle = await trickling(answer, 5);
    try {
      const result = await runInProcess(['webhook', 'addresses', 'add', ID, '--address', numbered(1, 3).join(','), '--batch-size', '1'], {
        baseUrl: trickle.url,
        apiKey: KEY,
      });
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toMatch(/^svc: unexpected response: HTTP 200 with a body that is not JSON \(application\/json\)/);
    } finally {
      await trickle.close();
    }
  });
});

describe('svc webhook addresses remove', () => {
  it('DELETEs /v1/webhooks/<id>/addresses with the same body, in batches', async () => {
    server.respond([watching(40), watching(40)]);
    const result = await run(['webhook', 'addresses', 'remove', ID, '--address', numbered(1, 6).join(','), '--batch-size', '4']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(server.requests.map((request) => [request.method, request.path, request.headers['content-type']])).toEqual([
      ['DELETE', `/v1/webhooks/${ID}/addresses`, 'application/json'],
      ['DELETE', `/v1/webhooks/${ID}/addresses`, 'application/json'],
    ]);
    expect(server.requests.map((request) => request.body)).toEqual([
      JSON.stringify({ addresses: numbered(1, 5) }),
      JSON.stringify({ addresses: numbered(5, 6) }),
    ]);
    expect(result.stdout).toBe('40 addresses\n');
  });
});

describe('bad input: exit 2 before any request', () => {
  it.each([
    [['--address', '0x123'], /^svc: --address "0x123": must be an address/],
    [['--address', CHECKSUMMED.replace('C7', 'c7')], /^svc: --address .*EIP-55 checksum/],
    [[], /^svc: at least one address is required/],
    [['--address', numberedAddress(1), '--batch-size', '0'], /^svc: --batch-size "0": must be an integer from 1 to 10000/],
    [['--address', numberedAddress(1), '--batch-size', '10001'], /^svc: --batch-size "10001": must be an integer from 1 to 10000/],
    [['--address', numberedAddress(1), '--batch-size', 'lots'], /^svc: --batch-size "lots"/],
    [['--address', numberedAddress(1), '--all'], /^svc: unknown option '--all'\n/],
    [['--address', numberedAddress(1), '--page-size', '5'], /^svc: unknown option '--page-size'/],
    [['second-id', '--address', numberedAddress(1)], /^svc: too many arguments for 'add'/],
  ])('add %j', async (args, message) => {
    const result = await run(['webhook', 'addresses', 'add', ID, ...args]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(server.requests).toHaveLength(0);
  });

  it('a bad line late in a large file names the file and line, and nothing was sent', async () => {
    const lines = numbered(1, 5001);
    lines.splice(4321, 0, '0xnot-an-address');
    const path = file(lines.join('\n'));
    const result = await run(['webhook', 'addresses', 'remove', ID, '--addresses-file', path, '--batch-size', '100']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(
      `svc: --addresses-file ${path} line 4322: "0xnot-an-address": must be an address, 0x followed by 40 hex characters\n`,
    );
    expect(server.requests).toHaveLength(0);
  });

  it('a bad line on stdin, an empty file, a missing file, a bad id', async () => {
    const [stdin, empty, missing, badId] = await Promise.all([
      run(['webhook', 'addresses', 'add', ID, '--addresses-file', '-'], { input: `${numberedAddress(1)}\nnope\n` }),
      run(['webhook', 'addresses', 'add', ID, '--addresses-file', file('# nothing\n\n')]),
      run(['webhook', 'addresses', 'add', ID, '--addresses-file', join(scratch, 'absent.txt')]),
      run(['webhook', 'addresses', 'add', '../tx', '--address', numberedAddress(1)]),
    ]);
    expect(stdin.stderr).toMatch(/^svc: --addresses-file - line 2: "nope"/);
    expect(empty.stderr).toMatch(/holds no addresses/);
    expect(missing.stderr).toMatch(/cannot read it \(no such file\)/);
    expect(badId.stderr).toMatch(/^svc: /);
    for (const result of [stdin, empty, missing, badId]) expect(result.exitCode).toBe(2);
    expect(server.requests).toHaveLength(0);
  });
});

describe('exit codes of the answers', () => {
  it.each([
    [errorBody(400, ['addresses.0 must be an address']), 2, /^svc: addresses.0 must be an address \(400 Bad Request\)/],
    [errorBody(404, 'webhook not found'), 3, /^svc: webhook not found \(404 Not Found\)\ncheck the webhook id/],
    [errorBody(401, 'bad key'), 4, /^svc: bad key \(401/],
    [errorBody(403, 'read-only key'), 4, /^svc: read-only key \(403/],
    [errorAnswer(429, 'slow down'), 5, /^svc: slow down \(429/],
    [{ fault: 'drop' } as Answer, 6, /^svc: connection closed by the server/],
    [errorAnswer(500, 'boom'), 1, /^svc: boom \(500/],
  ])('%j → exit %i, one plain error (the first batch failed: nothing was applied)', async (answer, exitCode, message) => {
    server.respond([answer]);
    const result = await run([
      'webhook',
      'addresses',
      'add',
      ID,
      '--address',
      numbered(1, 5).join(','),
      '--batch-size',
      '2',
      '--retries',
      '0',
    ]);
    expect(result.exitCode).toBe(exitCode);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/were added|again/);
    expect(result.stdout).toBe('');
    expect(server.requests).toHaveLength(1);
  });

  it('needs a key: exit 4, no request', async () => {
    const result = await runInProcess(['webhook', 'addresses', 'add', ID, '--address', numberedAddress(1)], { baseUrl: server.url });
    expect(result.exitCode).toBe(4);
    expect(server.requests).toHaveLength(0);
  });
});

describe('retries and a change that stops part-way', () => {
  it('503, a dropped connection and a drop mid-body are retried with the same bytes', async () => {
    server.respond([
      errorAnswer(503),
      { fault: 'drop' },
      { fault: 'drop-mid-body', body: '{"metadata":' },
      watching(3),
      errorAnswer(503),
      watching(4),
    ]);
    const result = await run(['webhook', 'addresses', 'add', ID, '--address', numbered(1, 4).join(','), '--batch-size', '2']);
    expect(result.exitCode, result.stderr).toBe(0);
    const bodies = server.requests.map((request) => request.body);
    expect(bodies).toHaveLength(6);
    expect(new Set(bodies.slice(0, 4))).toEqual(new Set([JSON.stringify({ addresses: numbered(1, 3) })]));
    expect(new Set(bodies.slice(4))).toEqual(new Set([JSON.stringify({ addresses: numbered(3, 4) })]));
    expect(result.stdout).toBe('4 addresses\n');
  });

  it('batch 3 of 5 fails for good: says 1000 of 2345 were added (plain digits: stderr is not a terminal) and that running it again is safe, with its exit code', async () => {
    server.respond((request, index) => (index === 2 ? errorAnswer(503, 'overloaded') : watching(1 + sent(request).length)));
    const path = file(numbered(1, 2346).join('\n'));
    const result = await run(['webhook', 'addresses', 'add', ID, '--addresses-file', path, '--retries', '0']);
    expect(result.exitCode).toBe(1);
    expect(server.requests.map((request) => sent(request).length)).toEqual([500, 500, 500]);
    expect(result.stderr).toBe(
      'svc: 1000 of 2345 addresses were added, then batch 3 of 5 failed: overloaded (503 Service Unavailable)\n' +
        'running the same command again is safe: addresses already added change nothing\n',
    );
    expect(result.stdout).toBe('');
  });

  it('the same for remove, a 429 after retries: exit 5; with --json the error line too', async () => {
    server.respond((_request, index) => (index >= 1 ? errorAnswer(429, 'slow down') : watching(10)));
    const result = await run([
      'webhook',
      'addresses',
      'remove',
      ID,
      '--address',
      numbered(1, 4).join(','),
      '--batch-size',
      '2',
      '--retries',
      '1',
      '--json',
    ]);
    expect(result.exitCode).toBe(5);
    expect(server.requests).toHaveLength(3);
    const [first, second, jsonLine] = result.stderr.split('\n');
    expect(first).toBe('svc: 2 of 3 addresses were removed, then batch 2 of 2 failed: slow down (429 Too Many Requests)');
    expect(second).toMatch(/^running the same command again is safe: addresses already removed change nothing; rate limited/);
    expect(JSON.parse(jsonLine!)).toEqual({
      message: first!.slice(5, -' (429 Too Many Requests)'.length),
      statusCode: 429,
      error: 'Too Many Requests',
    });
    // The first batch's answer was printed as it came.
    expect(result.stdout.split('\n')).toHaveLength(2);
  });

  it('interrupted while a batch is under way: exit 143 at once, saying how many were applied', async () => {
    server.respond((_request, index) => (index === 0 ? watching(3) : { fault: 'stall' }));
    const result = await run(['webhook', 'addresses', 'add', ID, '--address', numbered(1, 5).join(','), '--batch-size', '2'], {
      timeout: 600,
    });
    expect(result.exitCode).toBe(143);
    expect(result.stderr).toBe(
      'svc: interrupted: 2 of 4 addresses were added, and batch 2 of 2 may have been too; running the same command again is safe: addresses already added change nothing\n',
    );
    expect(result.stdout).toBe('');
  });
});

describe('svc webhook addresses <id> and addresses list <id>', () => {
  const page = json({ addresses: [numberedAddress(1), numberedAddress(2)], nextPageToken: 'next', totalAddresses: 3 });

  it('print the same listing, with the same requests', async () => {
    server.respond([page, page]);
    const old = await run(['webhook', 'addresses', ID, '--page-size', '2']);
    const listed = await run(['webhook', 'addresses', 'list', ID, '--page-size', '2']);
    expect(old.exitCode).toBe(0);
    expect(listed.stdout).toBe(old.stdout);
    expect(old.stdout).toBe(`${numberedAddress(1)}\n${numberedAddress(2)}\n`);
    expect(server.requests.map((request) => [request.method, request.path, request.query])).toEqual([
      ['GET', `/v1/webhooks/${ID}/addresses`, { pageSize: '2' }],
      ['GET', `/v1/webhooks/${ID}/addresses`, { pageSize: '2' }],
    ]);
  });

  it('list takes the paging flags wherever they stand; the footer names the form used', async () => {
    server.respond([page, json({ addresses: [numberedAddress(3)], totalAddresses: 3 })]);
    const all = await run(['webhook', 'addresses', 'list', ID, '--all']);
    expect(all.stdout.trimEnd().split('\n')).toEqual([1, 2, 3].map(numberedAddress));
    server.respond([page, page]);
    const [old, listed] = await Promise.all([
      run(['webhook', 'addresses', ID], { stdoutTTY: true }),
      run(['webhook', 'addresses', 'list', ID], { stdoutTTY: true }),
    ]);
    // The footer is wrapped to the terminal (a command broken with " \"): compare it unwrapped.
    const unwrap = (text: string) => text.replace(/ \\\n/g, ' ').replace(/\s+/g, ' ');
    expect(unwrap(old.stdout)).toMatch(`Next page: svc webhook addresses ${ID} --page-token next`);
    expect(unwrap(listed.stdout)).toMatch(`Next page: svc webhook addresses list ${ID} --page-token next`);
  });

  it('a mistyped subcommand is a usage error with a suggestion, not two ids', async () => {
    const [typo, unknown] = await Promise.all([
      run(['webhook', 'addresses', 'ad', ID, '--address', numberedAddress(1)]),
      run(['webhook', 'addresses', 'frobnicate', ID]),
    ]);
    const [option, optionFirst] = await Promise.all([
      run(['webhook', 'addresses', ID, '--bogus']),
      run(['webhook', 'addresses', '--bogus']),
    ]);
    // The old form runs `addresses list`: its help is the one that lists the flags.
    for (const result of [option, optionFirst]) {
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toBe("svc: unknown option '--bogus'\nsee: svc webhook addresses list --help\n");
    }
    expect(typo.exitCode).toBe(2);
    expect(typo.stderr).toBe("svc: unknown command 'ad' for 'svc webhook addresses'\nDid you mean add?\n");
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toMatch(/^svc: unknown command 'frobnicate' for 'svc webhook addresses'\ncommands: list, add, remove/);
    expect(server.requests).toHaveLength(0);
  });

  it('help: the group lists its commands; svc help webhook addresses add shows the examples', async () => {
    const [group, add] = await Promise.all([run(['webhook', 'addresses', '--help']), run(['help', 'webhook', 'addresses', 'add'])]);
    expect(group.stdout).toMatch(/Commands:\n {2}list \[options\] <id>[\s\S]*add \[options\] <id>[\s\S]*remove \[options\] <id>/);
    expect(group.stdout).toMatch(/\$ svc webhook addresses 3f2c8a71/);
    expect(add.stdout).toMatch(/^Usage: svc webhook addresses add \[options\] <id>/);
    expect(add.stdout).toMatch(/--batch-size <n>/);
    expect(add.stdout).toMatch(/Examples:/);
    // The listing's paging flags are not add's.
    expect(add.stdout).not.toMatch(/--page-size/);
  });
});

describe('against the emulator', () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator();
  });
  afterAll(() => emulator.close());

  it('an added address is listed by addresses list; a removed one is not', async () => {
    const created = await call(emulator.url, 'POST', '/v1/webhooks', {
      key: API_KEY,
      body: webhookBody({ metadata: { addresses: [numberedAddress(1)] } }),
    });
    const id = created.body.id as string;
    const options = { baseUrl: emulator.url, apiKey: API_KEY };
    const added = await runInProcess(
      ['webhook', 'addresses', 'add', id, '--address', `${CHECKSUMMED},${numberedAddress(1)},${numberedAddress(2)}`, '--batch-size', '2'],
      options,
    );
    expect(added.exitCode, added.stderr).toBe(0);
    expect(added.stdout).toBe('3 addresses\n');
    const listed = await runInProcess(['webhook', 'addresses', 'list', id, '--all'], options);
    // Listed as sent: the emulator keeps the case it was given.
    expect(listed.stdout.trimEnd().split('\n').sort()).toEqual([CHECKSUMMED, numberedAddress(1), numberedAddress(2)].sort());

    const removed = await runInProcess(['webhook', 'addresses', 'remove', id, '--address', CHECKSUMMED, '--json'], options);
    expect(removed.exitCode, removed.stderr).toBe(0);
    expect(JSON.parse(removed.stdout).metadata.addresses).toHaveLength(2);
    const after = await runInProcess(['webhook', 'addresses', id, '--all'], options);
    expect(after.stdout.toLowerCase()).not.toContain(CHECKSUMMED.toLowerCase());
    expect(after.stdout.trimEnd().split('\n')).toHaveLength(2);
  });

  it('a missing webhook is exit 3', async () => {
    const result = await runInProcess(
      ['webhook', 'addresses', 'add', '3f2b8c1e-9a4d-4e7f-8b2a-1c5d6e7f8a9b', '--address', numberedAddress(1)],
      {
        baseUrl: emulator.url,
        apiKey: API_KEY,
      },
    );
    expect(result.exitCode).toBe(3);
  });
});
