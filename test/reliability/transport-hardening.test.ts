// What the transport and the listing keep bounded and exact: a body that never ends stops at MAX_BODY_BYTES with a
// clear error and little memory, and numbers the service sends keep every digit in --json, TSV and tables.
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../src/api/http.js';
import { listLayout, memberTexts } from '../../src/render/json.js';
import { freshConfigDir, REPO_ROOT, runCli, runInProcess } from '../helpers/cli.js';
import { numberedTransaction } from '../helpers/fixtures.js';

const KEY = 'sk_test_transport_4e1f09c2';
const LIMIT_TEXT = `${MAX_BODY_BYTES / 1024 / 1024} MiB`;

let server: Server | undefined;
let requests = 0;
afterEach(async () => {
  if (server) await new Promise((resolve) => server!.close(resolve).closeAllConnections());
  server = undefined;
  requests = 0;
});

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  server = createServer((req, res) => {
    requests++;
    handler(req, res);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * Items to send over and over: some 850 KB, made once. In chunks of 64 items (50 KB) each body of 32 MiB cost the
 * server and the client twice as much CPU as it does in these: the limit is the point, not the size of the writes.
 */
const ENDLESS_CHUNK = Buffer.concat(Array.from({ length: 1024 }, () => Buffer.from(JSON.stringify(numberedTransaction(1)) + ',')));

/** Headers, the start of a page, then items as fast as the client reads them, until it goes away. */
function endless(status: number, headers: Record<string, string> = {}) {
  const chunk = ENDLESS_CHUNK;
  return (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.write('{"transactions":[');
    const pump = () => {
      while (!res.destroyed && res.write(chunk));
    };
    res.on('drain', pump);
    pump();
  };
}

/** The one transaction of the limit-sized page: printed, it shows the page was read and used. */
const PAGE_ITEM = numberedTransaction(1);

/**
 * Writes a valid page of exactly `size` bytes: one transaction, padded with a string field. The padding (32 MiB of it)
 * is made once for both sizes the test sends, then written as a view.
 */
let padding = Buffer.alloc(0);
function writePageOfSize(res: ServerResponse, size: number): void {
  const start = `{"transactions":[${JSON.stringify(PAGE_ITEM)}],"padding":"`;
  const end = '"}';
  const length = size - Buffer.byteLength(start) - end.length;
  if (padding.length < length) padding = Buffer.alloc(MAX_BODY_BYTES + 1, 'x');
  // No content-length: the client counts the bytes as they come (the header alone is refused by another test).
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write(start);
  res.write(padding.subarray(0, length));
  res.end(end);
}

describe('a body that never ends', () => {
  it('stops tx list at the limit: exit 1 naming it, nothing on stdout, one request, peak RSS well under 256 MB', async () => {
    const url = await serve(endless(200));
    const configDir = freshConfigDir();
    const rssFile = join(configDir, 'peak-rss');
    const result = await runCli(['tx', 'list'], {
      baseUrl: url,
      apiKey: KEY,
      configDir,
      timeout: 60_000,
      env: { NODE_OPTIONS: `--require=${join(REPO_ROOT, 'bench', 'rss-hook.cjs')}`, BENCH_RSS_FILE: rssFile },
    });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`svc: unexpected response: HTTP 200 with a body larger than ${LIMIT_TEXT}`);
    expect(requests).toBe(1);
    const peakMiB = Number(readFileSync(rssFile, 'utf8')) / 1024;
    rmSync(configDir, { recursive: true, force: true });
    expect(peakMiB).toBeGreaterThan(0);
    expect(peakMiB).toBeLessThan(160);
  });

  it.each([
    ['tx list --json', ['tx', 'list', '--json']],
    ['tx list --all', ['tx', 'list', '--all']],
    ['webhook addresses --all', ['webhook', 'addresses', 'wh_1', '--all']],
  ])('stops %s the same way, without retrying, and -v says why', async (_name, args) => {
    const url = await serve(endless(200));
    const result = await runInProcess([...args, '-v'], { baseUrl: url, apiKey: KEY, timeout: 60_000 });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`body larger than ${LIMIT_TEXT}`);
    expect(result.stderr).toMatch(new RegExp(`-> 200, body over ${LIMIT_TEXT} \\(\\d+ ms, attempt 1/4\\)`));
    expect(requests).toBe(1);
  });

  it('is not retried when it comes with a retryable status either', async () => {
    const url = await serve(endless(503, { 'retry-after': '0' }));
    const result = await runInProcess(['tx', 'list'], { baseUrl: url, apiKey: KEY, timeout: 60_000 });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(`HTTP 503 with a body larger than ${LIMIT_TEXT}`);
    expect(requests).toBe(1);
  });

  it('is refused on its content-length alone, before any of it is read', async () => {
    const url = await serve((_req, res) => {
      // Announces 1 GiB, sends a little, then holds the connection: only the header can end this quickly.
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(1024 ** 3) });
      res.write('{"transactions":[');
    });
    const startedAt = performance.now();
    const result = await runInProcess(['tx', 'list', '--timeout', '20'], { baseUrl: url, apiKey: KEY });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(`body larger than ${LIMIT_TEXT}`);
    expect(performance.now() - startedAt).toBeLessThan(10_000);
  });

  it('after webhook create, says the webhook may exist instead of inviting a second one', async () => {
    const url = await serve(endless(201));
    const result = await runInProcess(
      [
        'webhook',
        'create',
        '--url',
        'https://example.com/hook',
        '--chain-id',
        '43114',
        '--address',
        '0x71c7656ec7ab88b098defb751b7401b5f6d8976f',
      ],
      { baseUrl: url, apiKey: KEY, timeout: 60_000 },
    );
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(`HTTP 201 with a body larger than ${LIMIT_TEXT}`);
    expect(result.stderr).toContain('the service may have acted');
    expect(requests).toBe(1);
  });

  it('lets a page of exactly the limit through, and refuses one byte more', async () => {
    let size = MAX_BODY_BYTES;
    const url = await serve((_req, res) => writePageOfSize(res, size));
    // As TSV: the page read, parsed and its one row printed. (--json would copy the 32 MiB page to stdout: twice the
    // CPU, and not the limit's business.)
    const atLimit = await runInProcess(['tx', 'list'], { baseUrl: url, apiKey: KEY, timeout: 60_000 });
    expect(atLimit.exitCode, atLimit.stderr).toBe(0);
    const printed = atLimit.stdout.split('\n');
    expect(printed).toHaveLength(2);
    expect(printed[0]!.split('\t')[3]).toBe(PAGE_ITEM.txHash);
    size = MAX_BODY_BYTES + 1;
    const over = await runInProcess(['tx', 'list'], { baseUrl: url, apiKey: KEY, timeout: 60_000 });
    expect(over.exitCode).toBe(1);
    expect(over.stdout).toBe('');
    expect(over.stderr).toContain(`HTTP 200 with a body larger than ${LIMIT_TEXT}`);
  });
});

const BIG = '123456789012345678901234567890';

/** A transaction written by hand (compact), so its numbers are exactly the text given. */
function rawTransaction(n: number, fields: Record<string, string> = {}): string {
  const base = numberedTransaction(n);
  const members = Object.entries(base).map(([key, value]) => `${JSON.stringify(key)}:${fields[key] ?? JSON.stringify(value)}`);
  for (const [key, text] of Object.entries(fields)) if (!(key in base)) members.push(`${JSON.stringify(key)}:${text}`);
  return `{${members.join(',')}}`;
}

describe('numbers keep their digits', () => {
  const page = (items: string[], rest = '') => `{\n  "transactions": [\n    ${items.join(',\n    ')}\n  ]${rest}\n}\n`;

  it('--limit cutting a page writes the kept items as sent: big numbers, exponents, escapes, other fields', async () => {
    const first = rawTransaction(1, { blockNumber: BIG, value: '1e400', gasUsed: '21000.50', memo: '"caf\\u00e9 [\\"]"' });
    const second = rawTransaction(2, { value: '-0' });
    const third = rawTransaction(3);
    const body = page([first, second, third], ',\n  "nextPageToken": "",\n  "total": 98765432109876543210987');
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
    const result = await runInProcess(['tx', 'list', '--limit', '2', '--json'], { baseUrl: url, apiKey: KEY });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(`{"transactions":[${first},${second}],"nextPageToken":"","total":98765432109876543210987}\n`);
    expect(result.stdout).toContain(`"blockNumber":${BIG}`);
    expect(result.stdout).toContain('"memo":"caf\\u00e9 [\\"]"');
  });

  it('a page repeating an item already printed drops it and keeps the digits of the rest (--all --json)', async () => {
    const repeated = rawTransaction(1, { blockNumber: BIG });
    const pages = [page([repeated], ',"nextPageToken":"p2"'), page([repeated, rawTransaction(2, { value: BIG })])];
    const url = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.url?.includes('pageToken=p2') ? pages[1] : pages[0]);
    });
    const result = await runInProcess(['tx', 'list', '--all', '--json'], { baseUrl: url, apiKey: KEY });
    expect(result.exitCode).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(`"blockNumber":${BIG}`);
    expect(lines[1]).toContain(`"value":${BIG}`);
    expect(lines[1]).not.toContain(`"blockNumber":${BIG}`);
    expect(JSON.parse(lines[1]!).transactions).toHaveLength(1);
  });

  it('TSV and tables show numbers sent as JSON numbers with every digit', async () => {
    const items = [
      rawTransaction(1, { blockNumber: BIG, value: BIG, blockTimestamp: '1750000000' }),
      rawTransaction(2, { blockNumber: '48000000', value: '1000000000000000000', blockTimestamp: '1750000000' }),
    ];
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(page(items));
    });
    const piped = await runInProcess(['tx', 'list'], { baseUrl: url, apiKey: KEY });
    expect(piped.exitCode).toBe(0);
    const rows = piped.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(rows[0]!.slice(1, 3)).toEqual(['43114', BIG]);
    expect(rows[0]![7]).toBe('123456789012.34567890123456789');
    expect(rows[1]!.slice(0, 3)).toEqual(['2025-06-15T15:06:40Z', '43114', '48000000']);
    expect(rows[1]![7]).toBe('1');
    const table = await runInProcess(['tx', 'list'], { baseUrl: url, apiKey: KEY, stdoutTTY: true, columns: 300 });
    expect(table.exitCode).toBe(0);
    expect(table.stdout).toContain(BIG);
    expect(table.stdout).toContain('123456789012.34567890123456789');
  });
});

describe('the JSON scanner finds what JSON.parse finds', () => {
  /** JSON text for a value, with whitespace of every kind between tokens, numbers written as given. */
  const spaced = fc.constantFrom('', ' ', '\n', '\t', ' \r\n  ');
  const rawNumber = fc.constantFrom('0', '-0', BIG, '-1.5e-7', '1E+400', '3.14159265358979323846', '42');
  const rawString = fc.string().map((text) => JSON.stringify(text));
  const { value: rawValue } = fc.letrec<{ value: string }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      rawNumber,
      rawString,
      fc.constantFrom('true', 'false', 'null', '"]}[{,:\\""'),
      fc
        .tuple(spaced, fc.array(tie('value'), { maxLength: 4 }))
        .map(([space, values]) => `[${space}${values.join(`${space},${space}`)}${space}]`),
      fc
        .tuple(spaced, fc.array(fc.tuple(rawString, tie('value')), { maxLength: 4 }))
        .map(
          ([space, members]) => `{${space}${members.map(([key, value]) => `${key}${space}:${space}${value}`).join(`,${space}`)}${space}}`,
        ),
    ),
  }));

  it('each list element and member, byte for byte, whatever surrounds them', () => {
    fc.assert(
      fc.property(
        fc.array(rawValue, { maxLength: 6 }),
        fc.array(fc.tuple(rawString, rawValue), { maxLength: 3 }),
        spaced,
        (elements, others, space) => {
          const members = [
            ...others.map(([key, value]) => `${key}:${space}${value}`),
            `"items"${space}:${space}[${space}${elements.join(`,${space}`)}${space}]`,
          ];
          const raw = Buffer.from(`${space}{${space}${members.join(`,${space}`)}${space}}${space}`);
          const parsed = JSON.parse(raw.toString('utf8')) as { items: unknown[] };
          const layout = listLayout(raw, 'items')!;
          // What the scanner found and what JSON.parse found, side by side, compared once per run (an expect per
          // member cost more than the scanning).
          const found = {
            elements: layout.elements.map(([start, end]) => raw.toString('utf8', start, end)),
            list: JSON.parse(raw.toString('utf8', layout.start, layout.end)) as unknown,
            members: [] as Array<[string, unknown]>,
          };
          const wanted = { elements, list: parsed.items, members: [] as Array<[string, unknown]> };
          layout.elements.forEach(([start], i) => {
            if (typeof parsed.items[i] !== 'object' || parsed.items[i] === null || Array.isArray(parsed.items[i])) return;
            const texts = memberTexts(raw, start);
            for (const [key, value] of Object.entries(parsed.items[i] as Record<string, unknown>)) {
              const text = texts.get(key);
              found.members.push([key, text === undefined ? text : JSON.parse(text)]);
              wanted.members.push([key, value]);
            }
          });
          expect(found).toEqual(wanted);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('takes the last of two members of one name, as JSON.parse does, and escaped names', () => {
    const raw = Buffer.from('{"items":[1],"it\\u0065ms":[2,3],"other":{"items":[4]}}');
    const layout = listLayout(raw, 'items')!;
    expect(layout.elements.map(([start, end]) => raw.toString('utf8', start, end))).toEqual(['2', '3']);
    expect(listLayout(Buffer.from('{"other":[1]}'), 'items')).toBeUndefined();
  });
});
