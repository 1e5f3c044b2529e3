// Output under hostile conditions: text from outside is made safe and capped before it is printed; a failing stderr
// never cuts stdout; a failing stdout is a failure (exit 1 with a message), never a quiet 0, except for a reader
// that left (EPIPE); and when the service accepted a change whose answer could not be printed, stderr names it.
import { describe, expect, it } from 'vitest';
import { execa } from 'execa';
import fc from 'fast-check';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { ioFlags, runCommandLine } from '../../src/cli.js';
import { writeWithBackpressure } from '../../src/io.js';
import { QUOTED_TEXT_LIMIT, quotedText, safeText } from '../../src/render/text.js';
import { BIN, isolatedEnv, REPO_ROOT, runInProcess } from '../helpers/cli.js';
import { makeWebhook, numberedTransaction } from '../helpers/fixtures.js';
import { createTestIO } from '../helpers/test-io.js';
import { errorBody, json, useRecordingServer, repeatedly } from '../helpers/test-server.js';
import type { RecordedRequest } from '../helpers/test-server.js';

const KEY = 'sk_test_output_7c1d9e3a42';
const WEBHOOK_ID = '5b0f3e9a-1c2d-4e8f-9a7b-6c5d4e3f2a10';
const CREATE = [
  'webhook',
  'create',
  '--url',
  'https://hooks.example.com/svc',
  '--chain-id',
  '43113',
  '--address',
  '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
];
// ESC, CSI colour, OSC title and hyperlink, 8-bit CSI, a bell, bidi overrides, line breaks: what a hostile text holds.
const HOSTILE =
  '\u001b[31mred\u001b[0m \u001b]0;pwned\u0007 \u001b]8;;https://evil.example\u001b\\link\u001b]8;;\u001b\\ \u009b2J\u0007 \u202eevil\u202c\r\nsecond line\tend';
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** A listing of `count` transactions, 100 a page, in pages asked for by token. */
function listing(count: number) {
  return (request: RecordedRequest) => {
    const from = Number(request.searchParams.get('pageToken') ?? '0');
    const size = Number(request.searchParams.get('pageSize') ?? '10');
    const transactions = Array.from({ length: Math.min(size, count - from) }, (_, i) => numberedTransaction(from + i + 1));
    const next = from + transactions.length;
    return json(next < count ? { transactions, nextPageToken: String(next) } : { transactions });
  };
}

const server = useRecordingServer(() => (request) => {
  if (request.method === 'POST') return json(makeWebhook({ id: WEBHOOK_ID }), 201);
  if (request.method === 'DELETE') return json(makeWebhook({ id: WEBHOOK_ID, status: 'inactive' }));
  return listing(300)(request);
});

/** A stdout that fails every write as the kernel would: ENOSPC (a full disk) or EPIPE (the reader left). */
class FailingStdout extends Writable {
  constructor(
    private readonly code: 'ENOSPC' | 'EPIPE',
    private acceptBytes = 0,
  ) {
    super();
  }
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    if (this.acceptBytes >= chunk.length) {
      this.acceptBytes -= chunk.length;
      done();
      return;
    }
    const message = this.code === 'ENOSPC' ? 'ENOSPC: no space left on device, write' : 'write EPIPE';
    done(Object.assign(new Error(message), { code: this.code }));
  }
}

/** The whole CLI in-process, with a stdout that fails as given. */
async function runWithFailingStdout(args: string[], stdout: FailingStdout, options: { stdoutTTY?: boolean } = {}) {
  const io = createTestIO({ env: isolatedEnv({ baseUrl: server.url, apiKey: KEY }), ...ioFlags(args), stdoutTTY: options.stdoutTTY });
  const exitCode = await runCommandLine(['node', 'svc', ...args], {
    io: { ...io, out: stdout, write: (text) => writeWithBackpressure(stdout, text) },
    interrupt: new AbortController().signal,
  });
  return { exitCode, stderr: io.stderr() };
}

/** The built CLI under bash, for what only redirections can show (/dev/full, a closed pipe). */
async function runInShell(script: string) {
  const result = await execa('bash', ['-c', `set -o pipefail; ${script}`], {
    env: { ...isolatedEnv({ baseUrl: server.url, apiKey: KEY }), SVC: `node ${BIN}` },
    extendEnv: false,
    reject: false,
    cwd: REPO_ROOT,
    timeout: 20_000,
    stripFinalNewline: false,
  });
  return { exitCode: result.exitCode, stdout: String(result.stdout), stderr: String(result.stderr) };
}

describe('quotedText: the one sanitiser and cap for text from outside', () => {
  it('keeps no control character, escape sequence or bidi override, whatever the input', () => {
    // Any code point, lone surrogates included, as fast-check's 'binary' unit gives (whose first use builds a table
    // for about 2 CPU-seconds); weighted towards the controls and the formatting characters the sanitiser is about.
    const codePoint = fc
      .oneof(fc.integer({ min: 0, max: 0xff }), fc.integer({ min: 0x2000, max: 0x206f }), fc.integer({ min: 0, max: 0x10ffff }))
      .map((value) => String.fromCodePoint(value));
    fc.assert(
      fc.property(fc.string({ unit: codePoint, maxLength: 300 }), (text) => {
        expect(quotedText(text)).not.toMatch(UNSAFE);
        expect(quotedText(text)).not.toContain('\n');
      }),
    );
  });

  it('caps any text at the limit and says how much was cut; shorter text is kept whole', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 120 }), fc.integer({ min: 1, max: 60 }), (text, limit) => {
        const quoted = quotedText(text, limit);
        if (text.length <= limit && safeText(text) === text) expect(quoted).toBe(text);
        const cut = /… \(([\d,]+) more characters cut\)$/.exec(quoted);
        if (cut) {
          const kept = quoted.slice(0, cut.index);
          expect(kept.length).toBeLessThanOrEqual(limit);
          expect(kept.length + Number(cut[1]!.replace(/,/g, ''))).toBe(quotedText(text, Infinity).length);
        } else expect(quoted.length).toBeLessThanOrEqual(limit);
      }),
    );
  });

  it('never cuts a character in half', () => {
    const quoted = quotedText('a' + '😀'.repeat(10), 4);
    expect(quoted.startsWith('a😀')).toBe(true);
    expect(quoted).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  // Two linear passes over 5 MB take ~25 ms alone, and took 1 s once with the whole suite on two cores: the bound is
  // one that only a regular expression gone back-tracking (minutes) would exceed, not a speed goal.
  it('measures 5 MB in one pass and keeps a few KB', () => {
    const started = performance.now();
    const quoted = quotedText('x'.repeat(5_000_000));
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(quoted.length).toBeLessThan(QUOTED_TEXT_LIMIT + 60);
    expect(quoted).toMatch(/4,995,904 more characters cut\)$/);
  });
});

describe('errors quote outside text safely and briefly', () => {
  // 200 KB, fifty times the cap: any size past the cap takes the same path (5 MB cost a second of parsing and
  // quoting here; quotedText's speed on 5 MB is the case above).
  it('a 200 KB error message from the service is cut to a few KB, saying how much', async () => {
    const huge = 'the service explains ' + 'at length '.repeat(20_000);
    server.respond([errorBody(400, huge)]);
    const result = await runInProcess(['tx', 'list'], { baseUrl: server.url, apiKey: KEY });
    expect(result.exitCode).toBe(2);
    expect(result.stderr.length).toBeLessThan(6 * 1024);
    expect(result.stderr).toMatch(/^svc: the service explains at length/);
    expect(result.stderr).toMatch(/more characters cut\)/);
  });

  it('with --json, the JSON error line is capped too', async () => {
    server.respond([errorBody(400, 'y'.repeat(1_000_000))]);
    const result = await runInProcess(['tx', 'list', '--json'], { baseUrl: server.url, apiKey: KEY });
    expect(result.exitCode).toBe(2);
    const jsonLine = result.stderr.split('\n').find((line) => line.startsWith('{'))!;
    expect(JSON.parse(jsonLine).message).toMatch(/more characters cut\)$/);
    expect(result.stderr.length).toBeLessThan(12 * 1024);
  });

  it.each([
    ['a message string', { message: HOSTILE, statusCode: 500, error: 'Internal Server Error' }],
    ['a message array', { message: [HOSTILE, HOSTILE], statusCode: 500, error: 'Internal Server Error' }],
    ['the error field', { message: 'failed', statusCode: 500, error: HOSTILE }],
  ])('escape sequences and line breaks in %s never reach stderr', async (_name, body) => {
    server.respond(repeatedly(json(body, 500)));
    for (const asJson of [false, true]) {
      const result = await runInProcess(['tx', 'list', '--retries', '0', ...(asJson ? ['--json'] : [])], {
        baseUrl: server.url,
        apiKey: KEY,
        stderrTTY: true,
      });
      expect(result.exitCode).toBe(1);
      expect(result.stderr.replace(/\n/g, '')).not.toMatch(UNSAFE);
      // The message, the hint and (with --json) the JSON line: the service's line breaks add none.
      expect(result.stderr.split('\n').length).toBeLessThanOrEqual(asJson ? 4 : 3);
    }
  });

  it('a hostile, enormous line of an --addresses-file is quoted safe and short (exit 2, no request)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-output-'));
    const file = join(dir, 'addresses.txt');
    const hostileLine = HOSTILE.replace(/[\r\n]/g, '') + 'z'.repeat(200_000);
    writeFileSync(file, `0x71c7656ec7ab88b098defb751b7401b5f6d8976f\n${hostileLine}\n`);
    const result = await runInProcess(['webhook', 'create', '--url', 'https://h.example/x', '--chain-id', '1', '--addresses-file', file], {
      baseUrl: server.url,
      apiKey: KEY,
    });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/line 2:/);
    expect(result.stderr.replace(/\n/g, '')).not.toMatch(UNSAFE);
    expect(result.stderr.length).toBeLessThan(6 * 1024);
    expect(server.requests).toHaveLength(0);
  });

  it('a config file whose profile name is hostile and huge is named safe and short', async () => {
    const configDir = mkdtempSync(join(tmpdir(), 'svc-output-'));
    writeFileSync(join(configDir, 'config.json'), JSON.stringify({ profiles: { [HOSTILE + 'p'.repeat(100_000)]: 'not an object' } }));
    const result = await runInProcess(['tx', 'list'], { baseUrl: server.url, apiKey: KEY, configDir });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/^svc: the config file .* is profile/);
    expect(result.stderr.replace(/\n/g, '')).not.toMatch(UNSAFE);
    expect(result.stderr.length).toBeLessThan(6 * 1024);
  });

  it('an unknown option full of escape sequences is quoted safe (exit 2)', async () => {
    const result = await runInProcess(['tx', 'list', `--\u001b]0;x\u0007${'q'.repeat(50_000)}`]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr.replace(/\n/g, '')).not.toMatch(UNSAFE);
    expect(result.stderr.length).toBeLessThan(10 * 1024);
  });
});

describe('a failing stdout is a failure, never a quiet success', () => {
  it.each([
    ['tx list', ['tx', 'list', '--limit', '300']],
    ['tx list --json', ['tx', 'list', '--limit', '300', '--json']],
    ['--help', ['--help']],
    ['a subcommand --help', ['tx', 'list', '--help']],
    ['help <command>', ['help', 'webhook', 'create']],
    ['--version with another flag', ['-V', '--quiet']],
    ['completion', ['completion', 'bash']],
    ['event-signature', ['event-signature', 'Transfer(address,address,uint256)']],
  ])('%s into a full disk: exit 1 and the reason on stderr', async (_name, args) => {
    const result = await runWithFailingStdout(args, new FailingStdout('ENOSPC'));
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/^svc: cannot write to stdout: no space left on device \(ENOSPC\)\n/);
  });

  it('a listing stops at the first failed write: it does not go on fetching pages', async () => {
    const result = await runWithFailingStdout(['tx', 'list', '--limit', '300'], new FailingStdout('ENOSPC', 5_000));
    expect(result.exitCode).toBe(1);
    expect(server.requests.length).toBeLessThanOrEqual(2);
  });

  it('a reader that left (EPIPE) ends the command quietly with 0', async () => {
    const result = await runWithFailingStdout(['tx', 'list', '--limit', '300'], new FailingStdout('EPIPE', 100));
    expect(result).toEqual({ exitCode: 0, stderr: '' });
  });

  // One real process for a listing's rows; --help and --version into /dev/full are process-contract's, and --json
  // writes through the same stdout as the rows (its in-process case is above).
  it('a real process: tx list >/dev/full exits 1 saying why', async () => {
    const result = await runInShell(`$SVC tx list --limit 300 >/dev/full`);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/^svc: cannot write to stdout: no space left on device \(ENOSPC\)\n/);
  });

  it('a real process: | head -1 still ends quietly with 0', async () => {
    const result = await runInShell('$SVC tx list --limit 300 | head -1 >/dev/null');
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
  });
});

describe('a failing stderr never cuts stdout', () => {
  it.each([
    ['a pipe whose reader is gone (EPIPE)', '2> >(exec 0<&- >/dev/null 2>&1)'],
    ['a full disk', '2>/dev/full'],
  ])('stderr %s: -v tx list --limit 300 prints all 300 rows, exit 0', async (_name, redirect) => {
    // The reader of stderr closes at once; svc's verbose lines come after it did.
    const result = await runInShell(`$SVC -v tx list --limit 300 ${redirect}`);
    expect(result.exitCode).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(300);
    expect(server.requests).toHaveLength(3);
  });

  it('with stderr gone, a failure keeps its exit code', async () => {
    server.respond([errorBody(404, 'no such thing')]);
    const result = await runInShell(`$SVC tx list 2>/dev/full`);
    expect(result.exitCode).toBe(3);
  });
});

describe('a change the service accepted, whose answer could not be printed', () => {
  it.each([
    ['table', { stdoutTTY: true }, []],
    ['TSV', {}, []],
    ['--json', {}, ['--json']],
  ])('webhook create (%s) into a full disk names the webhook and says not to run it again', async (_mode, options, flags) => {
    const result = await runWithFailingStdout([...CREATE, ...flags], new FailingStdout('ENOSPC'), options);
    expect(result.exitCode).toBe(1);
    // At a terminal the write first says what it did ("Created webhook ..."), then the lost answer's error.
    const lines = result.stderr.split('\n');
    if ('stdoutTTY' in options) expect(lines.shift()).toBe(`Created webhook ${WEBHOOK_ID}`);
    const [message, hint] = lines;
    expect(message).toBe(
      `svc: webhook ${WEBHOOK_ID} was created, but the answer was lost: cannot write to stdout: no space left on device (ENOSPC)`,
    );
    expect(hint).toMatch(/^do not run the command again: that would create a second webhook/);
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('webhook create whose reader left (EPIPE) still names the webhook: the id was not read', async () => {
    const result = await runWithFailingStdout([...CREATE, '--json'], new FailingStdout('EPIPE'));
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(`webhook ${WEBHOOK_ID} was created`);
  });

  it('webhook deactivate into a full disk names the webhook and says there is no need to run it again', async () => {
    const result = await runWithFailingStdout(['webhook', 'deactivate', WEBHOOK_ID, '--yes'], new FailingStdout('ENOSPC'));
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^svc: webhook ${WEBHOOK_ID} was deactivated, but the answer was lost: .*ENOSPC`));
    expect(result.stderr).toMatch(/no need to run the command again/);
  });

  it('a hostile id in the answer is named safely', async () => {
    server.respond([json(makeWebhook({ id: `${HOSTILE}` }), 201)]);
    const result = await runWithFailingStdout(CREATE, new FailingStdout('ENOSPC'));
    expect(result.exitCode).toBe(1);
    expect(result.stderr.replace(/\n/g, '')).not.toMatch(UNSAFE);
  });

  // A reader that left is otherwise a quiet 0: that this one exits 1 is seen by the shell. Into a full disk the
  // change's lost answer has its real process in process-contract (webhook addresses add >/dev/full), and webhook
  // create's wording its in-process cases above.
  it('a real process: webhook create --json | true names the id on stderr, exit 1', async () => {
    const result = await runInShell(`$SVC ${CREATE.map((word) => `'${word}'`).join(' ')} --json | true`);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(`svc: webhook ${WEBHOOK_ID} was created, but the answer was lost`);
    expect(result.stderr).toContain('EPIPE');
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });
});
