// Faults against a scripted server: retryable statuses, Retry-After, dropped and stalled connections, proxy
// pages, broken and wrong-shaped JSON, odd page tokens, and `--all` over thousands of items through seeded
// random faults, counted item by item: nothing lost, nothing printed twice, order kept.
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess, startInProcess } from '../helpers/cli.js';
import { parseRetryAfterMs, retryDelayMs, RETRY_AFTER_CAP_MS } from '../../src/api/retry.js';
import { numberedAddress, numberedTransaction, seededRandom } from '../helpers/fixtures.js';
import { errorAnswer, json, startTestServer } from '../helpers/test-server.js';
import type { Answer, RecordedRequest, TestServer } from '../helpers/test-server.js';
import { useFigures } from './figures.js';

const figures = useFigures(import.meta.url);
const KEY = 'sk_test_faults_9b2e61d0c4';
const FAST = ['--retries', '4', '--timeout', '5'];

/** The servers of the tests, closed after the file: the tests mostly wait (retry delays, stalls), side by side. */
const servers = new Set<TestServer>();
afterAll(async () => {
  await Promise.all([...servers].map((server) => server.close()));
});

async function serve(script: (request: RecordedRequest, index: number) => Answer | Promise<Answer>): Promise<TestServer> {
  const server = await startTestServer(script);
  servers.add(server);
  return server;
}

/** Answers from a queue, the last answer repeating. */
function queue(...answers: Answer[]): (request: RecordedRequest, index: number) => Answer {
  return (_request, index) => answers[Math.min(index, answers.length - 1)]!;
}

const PAGE = { transactions: [numberedTransaction(1), numberedTransaction(2), numberedTransaction(3)] };
const HASHES = PAGE.transactions.map((tx) => tx.txHash as string);

function tsvHashes(stdout: string): string[] {
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t')[3]!);
}

/** Compares what was printed with what the service had: items lost, items duplicated (or invented), order. */
function account(expected: string[], printed: string[]): { lost: number; duplicated: number; inOrder: boolean } {
  const printedSet = new Set(printed);
  const expectedSet = new Set(expected);
  const lost = expected.filter((item) => !printedSet.has(item)).length;
  const duplicated = printed.length - printedSet.size + [...printedSet].filter((item) => !expectedSet.has(item)).length;
  const firstSeen = [...printedSet].filter((item) => expectedSet.has(item));
  const inOrder = firstSeen.length === expected.length && firstSeen.every((item, i) => item === expected[i]);
  return { lost, duplicated, inOrder };
}

function record(expected: string[], printed: string[]): { lost: number; duplicated: number; inOrder: boolean } {
  const result = account(expected, printed);
  figures.lost += result.lost;
  figures.duplicated += result.duplicated;
  return result;
}

describe.concurrent('retryable statuses', () => {
  it('429, 500, 502, 503 in sequence, then success: one page printed once, five identical requests', async () => {
    const s = await serve(queue(errorAnswer(429), errorAnswer(500), errorAnswer(502), errorAnswer(503), json(PAGE)));
    const result = await runInProcess(['tx', 'list', '--limit', '3', ...FAST], { baseUrl: s.url, apiKey: KEY });
    figures.cases++;
    expect(result.exitCode, result.stderr).toBe(0);
    expect(s.requests).toHaveLength(5);
    expect(new Set(s.requests.map((r) => r.searchParams.toString())).size).toBe(1);
    const printed = tsvHashes(result.stdout);
    expect(record(HASHES, printed)).toEqual({ lost: 0, duplicated: 0, inOrder: true });
  });

  it.each([
    [429, 5],
    [500, 1],
    [502, 1],
    [503, 1],
  ])('%i that never ends: --retries 2 means 3 requests, then exit %i with the status named', async (status, exitCode) => {
    const s = await serve(queue(errorAnswer(status)));
    const result = await runInProcess(['tx', 'list', '--retries', '2'], { baseUrl: s.url, apiKey: KEY });
    figures.cases++;
    expect(result.exitCode).toBe(exitCode);
    expect(s.requests).toHaveLength(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(new RegExp(`^svc: .*${status}`));
  });

  it('--retries 0 sends exactly one request', async () => {
    const s = await serve(queue(errorAnswer(503)));
    const result = await runInProcess(['tx', 'list', '--retries', '0'], { baseUrl: s.url, apiKey: KEY });
    figures.cases++;
    expect(result.exitCode).toBe(1);
    expect(s.requests).toHaveLength(1);
  });

  it('a 4xx that is not 429 is never retried', async () => {
    const s = await serve(queue(errorAnswer(400, 'pageSize must be at most 100'), json(PAGE)));
    const result = await runInProcess(['tx', 'list', '--retries', '3'], { baseUrl: s.url, apiKey: KEY });
    figures.cases++;
    expect(result.exitCode).toBe(2);
    expect(s.requests).toHaveLength(1);
    expect(result.stderr).toMatch(/pageSize must be at most 100/);
  });
});

describe.concurrent('Retry-After', () => {
  it('in seconds: the retry waits as long as asked', async () => {
    const s = await serve(queue(errorAnswer(429, 'slow down', { 'retry-after': '1' }), json(PAGE)));
    const result = await runInProcess(['tx', 'list', ...FAST], { baseUrl: s.url, apiKey: KEY });
    figures.cases++;
    expect(result.exitCode, result.stderr).toBe(0);
    expect(s.requests).toHaveLength(2);
    const gap = s.requests[1]!.at - s.requests[0]!.at;
    expect(gap).toBeGreaterThanOrEqual(900);
    expect(gap).toBeLessThan(5_000);
  });

  it('as an HTTP date: the retry waits until then', async () => {
    const s = await serve((_request, index) =>
      index === 0 ? errorAnswer(503, 'maintenance', { 'retry-after': new Date(Date.now() + 2_000).toUTCString() }) : json(PAGE),
    );
    const result = await runInProcess(['tx', 'list', ...FAST], { baseUrl: s.url, apiKey: KEY });
    figures.cases++;
    expect(result.exitCode, result.stderr).toBe(0);
    expect(s.requests).toHaveLength(2);
    const gap = s.requests[1]!.at - s.requests[0]!.at;
    // HTTP dates have whole seconds: "now + 2 s" truncated is 1 to 2 s away.
    expect(gap).toBeGreaterThanOrEqual(800);
    expect(gap).toBeLessThan(5_000);
  });

  it('is capped at 60 s, in seconds and as a date (unit)', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    figures.cases++;
    expect(RETRY_AFTER_CAP_MS).toBe(60_000);
    expect(parseRetryAfterMs('3600', now)).toBe(60_000);
    expect(parseRetryAfterMs('60', now)).toBe(60_000);
    expect(parseRetryAfterMs('59', now)).toBe(59_000);
    expect(parseRetryAfterMs(new Date(now + 3_600_000).toUTCString(), now)).toBe(60_000);
    expect(parseRetryAfterMs(new Date(now + 30_000).toUTCString(), now)).toBe(30_000);
    expect(parseRetryAfterMs(new Date(now - 30_000).toUTCString(), now)).toBe(0);
    expect(parseRetryAfterMs('soon', now)).toBeUndefined();
    expect(retryDelayMs(0, '86400')).toBe(60_000);
    expect(retryDelayMs(5, '0')).toBe(0);
  });

  it('is capped at 60 s by the CLI itself: --verbose announces 60.0 s for a day-long Retry-After (interrupted, not waited)', async () => {
    const s = await serve(queue(errorAnswer(503, 'come back tomorrow', { 'retry-after': '86400' })));
    // In-process, stopped as by Ctrl-C once the wait is announced; the same wait stopped by a real SIGINT (exit 130
    // within a second) is in interrupts.test.ts.
    const running = await startInProcess(['tx', 'list', '--verbose', '--retries', '1'], {
      baseUrl: s.url,
      apiKey: KEY,
      readyOnStderr: /retrying in/,
    });
    const exitCode = await running.stop();
    figures.cases++;
    expect(running.stderr()).toMatch(/retrying in 60\.0 s/);
    expect(exitCode).toBe(130);
    expect(s.requests).toHaveLength(1);
  });
});

// One at a time: with half a second per attempt, runs side by side on a loaded machine would time out where a drop is
// the point.
// Side by side: each waits out its stalls and time limits, on a server of its own.
describe.concurrent('broken connections and stalls', () => {
  it.each([
    ['dropped before headers', { fault: 'drop' } as Answer],
    ['dropped mid-body', { fault: 'drop-mid-body', body: JSON.stringify(PAGE).slice(0, 200) } as Answer],
    ['stalled before headers', { fault: 'stall' } as Answer],
    ['stalled mid-body', { fault: 'stall-mid-body', body: JSON.stringify(PAGE).slice(0, 200) } as Answer],
  ])('%s once: retried, the page printed once', async (_name, fault) => {
    const s = await serve(queue(fault, json(PAGE)));
    const result = await runInProcess(['tx', 'list', '--retries', '2', '--timeout', '0.5'], { baseUrl: s.url, apiKey: KEY });
    figures.cases++;
    expect(result.exitCode, result.stderr).toBe(0);
    expect(s.requests).toHaveLength(2);
    expect(record(HASHES, tsvHashes(result.stdout))).toEqual({ lost: 0, duplicated: 0, inOrder: true });
  });

  it.each([
    ['dropped before headers', { fault: 'drop' } as Answer, /connection/],
    ['dropped mid-body', { fault: 'drop-mid-body', body: JSON.stringify(PAGE).slice(0, 200) } as Answer, /connection/],
    ['stalled before headers', { fault: 'stall' } as Answer, /timed out/],
    ['stalled mid-body', { fault: 'stall-mid-body', body: JSON.stringify(PAGE).slice(0, 200) } as Answer, /timed out/],
  ])('%s every time: exit 6 after the retries, within the time limit, nothing on stdout', async (_name, fault, message) => {
    const s = await serve(queue(fault));
    const started = performance.now();
    const result = await runInProcess(['tx', 'list', '--json', '--retries', '1', '--timeout', '0.5'], { baseUrl: s.url, apiKey: KEY });
    const elapsed = performance.now() - started;
    figures.cases++;
    expect(result.exitCode, result.stderr).toBe(6);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^svc: /);
    expect(result.stderr).toMatch(message);
    expect(s.requests).toHaveLength(2);
    // Two attempts of 0.5 s and one backoff (at most 0.25 s): far less than the 30 s default.
    expect(elapsed).toBeLessThan(8_000);
  });

  // Alone: a server another test starts meanwhile could be given the port this one frees.
  it.sequential('connection refused: exit 6, and says what to check', async () => {
    const s = await serve(queue(json(PAGE)));
    const url = s.url;
    await s.close();
    servers.delete(s);
    const result = await runInProcess(['tx', 'list', '--retries', '1'], { baseUrl: url, apiKey: KEY });
    figures.cases++;
    expect(result.exitCode).toBe(6);
    expect(result.stderr).toMatch(/^svc: connection refused/);
  });
});

describe.concurrent('what proxies and broken services send', () => {
  const html = '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1>nginx</body></html>';

  it('an HTML 502 page from a proxy: retried, then exit 1 naming the status, no HTML printed', async () => {
    const s = await serve(queue({ status: 502, headers: { 'content-type': 'text/html' }, body: html }));
    const result = await runInProcess(['tx', 'list', '--retries', '1'], { baseUrl: s.url, apiKey: KEY });
    figures.cases++;
    expect(result.exitCode).toBe(1);
    expect(s.requests).toHaveLength(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^svc: .*502/);
    expect(result.stderr).not.toMatch(/<html|<h1/i);
  });

  it('an HTML page with status 200 (a captive portal): exit 1, nothing on stdout, even with --json', async () => {
    const s = await serve(queue({ status: 200, headers: { 'content-type': 'text/html' }, body: html }));
    const results = await Promise.all(
      [[], ['--json']].map((mode) => runInProcess(['tx', 'list', ...mode], { baseUrl: s.url, apiKey: KEY })),
    );
    for (const result of results) {
      figures.cases++;
      expect(result.exitCode).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^svc: .*not JSON/);
    }
  });

  const broken: Array<[string, string]> = [
    ['truncated JSON', JSON.stringify(PAGE).slice(0, 150)],
    ['an empty body', ''],
    ['"transactions" an object', JSON.stringify({ transactions: {} })],
    ['"transactions" missing', JSON.stringify({ items: PAGE.transactions })],
    ['items that are not objects', JSON.stringify({ transactions: [1, 'two', null] })],
    ['nextPageToken a number', JSON.stringify({ ...PAGE, nextPageToken: 5 })],
    ['a JSON array', JSON.stringify(PAGE.transactions)],
    ['JSON null', 'null'],
    ['a JSON string', '"transactions"'],
  ];
  it.each(broken)('%s: exit 1, never a partial document, in every mode', async (_name, body) => {
    const s = await serve(queue({ status: 200, headers: { 'content-type': 'application/json' }, body }));
    const modes = [[], ['--json'], ['--all', '--json'], ['--all']];
    const results = await Promise.all(
      modes.map((mode) => runInProcess(['tx', 'list', '--retries', '0', ...mode], { baseUrl: s.url, apiKey: KEY })),
    );
    for (const [i, result] of results.entries()) {
      const mode = modes[i]!;
      figures.cases++;
      expect(result.exitCode, `${mode.join(' ')}: ${result.stderr}`).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^svc: unexpected response/);
    }
  });

  it('a broken second page: the first page complete on stdout, then exit 1', async () => {
    const s = await serve(queue(json({ ...PAGE, nextPageToken: 'p2' }), { status: 200, body: '{"transactions":[{"txHash":' }));
    const result = await runInProcess(['tx', 'list', '--all', '--json', '--retries', '0'], { baseUrl: s.url, apiKey: KEY });
    figures.cases++;
    expect(result.exitCode).toBe(1);
    const lines = result.stdout.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toEqual({ ...PAGE, nextPageToken: 'p2' });
  });
});

describe.concurrent('page tokens', () => {
  it('an empty page that carries a token is followed, not taken as the end', async () => {
    const s = await serve((request) => {
      const token = request.searchParams.get('pageToken');
      if (!token) return json({ transactions: [], nextPageToken: 'after-empty' });
      if (token === 'after-empty') return json({ transactions: PAGE.transactions, nextPageToken: '' });
      return errorAnswer(400, 'unknown token');
    });
    const result = await runInProcess(['tx', 'list', '--all'], { baseUrl: s.url, apiKey: KEY });
    figures.cases++;
    expect(result.exitCode, result.stderr).toBe(0);
    expect(record(HASHES, tsvHashes(result.stdout))).toEqual({ lost: 0, duplicated: 0, inOrder: true });
    expect(s.requests).toHaveLength(2);
    // The empty token on the last page ends the listing: it is never sent back.
    for (const request of s.requests) expect(request.searchParams.get('pageToken')).not.toBe('');
  });

  it.each([
    ['the same token twice in a row', ['A', 'A']],
    ['a cycle A, B, A', ['A', 'B', 'A']],
  ])('%s: loop detected, exit 1, every page before it printed once', async (_name, tokens) => {
    const pages = tokens.map((token, i) => ({ transactions: [numberedTransaction(100 + i)], nextPageToken: token }));
    const s = await serve((_request, index) =>
      index < pages.length ? json(pages[index]) : json({ transactions: [numberedTransaction(999)] }),
    );
    const started = performance.now();
    const result = await runInProcess(['tx', 'list', '--all'], { baseUrl: s.url, apiKey: KEY, timeout: 10_000 });
    figures.cases++;
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/^svc: .*(second time|loop)/);
    expect(s.requests).toHaveLength(tokens.length);
    expect(performance.now() - started).toBeLessThan(8_000);
    const expected = pages.map((page) => page.transactions[0]!.txHash as string);
    expect(record(expected, tsvHashes(result.stdout))).toEqual({ lost: 0, duplicated: 0, inOrder: true });
  });
});

/**
 * Serves `items` page by page (the token is the offset), with seeded random faults (half the requests), never more
 * than 3 in a row.
 */
function pagedWithFaults(
  items: Array<Record<string, unknown> | string>,
  listField: 'transactions' | 'addresses',
  seed: number,
  extra: Record<string, unknown> = {},
): { script: (request: RecordedRequest) => Answer; faults: Map<string, number>; pageSizes: number[] } {
  const random = seededRandom(seed);
  const faults = new Map<string, number>();
  const pageSizes: number[] = [];
  let faultsInARow = 0;
  let stalls = 0;
  const script = (request: RecordedRequest): Answer => {
    if (faultsInARow < 3 && random() < 0.5) {
      faultsInARow++;
      const kinds = ['429', '500', '502', '503', 'drop', 'drop-mid-body', 'html', 'stall'];
      let kind = kinds[Math.floor(random() * kinds.length)]!;
      if (kind === 'stall' && stalls++ >= 2) kind = '503';
      faults.set(kind, (faults.get(kind) ?? 0) + 1);
      switch (kind) {
        case 'drop':
          return { fault: 'drop' };
        case 'drop-mid-body':
          return { fault: 'drop-mid-body', body: '{"' + listField + '":[' };
        case 'html':
          return {
            status: 502,
            headers: { 'content-type': 'text/html', 'retry-after': '0' },
            body: '<html><body>Bad Gateway</body></html>',
          };
        case 'stall':
          return { fault: 'stall' };
        default:
          return errorAnswer(Number(kind));
      }
    }
    faultsInARow = 0;
    const offset = Number(request.searchParams.get('pageToken') ?? '0');
    const pageSize = Number(request.searchParams.get('pageSize') ?? '10');
    pageSizes.push(pageSize);
    const slice = items.slice(offset, offset + pageSize);
    const next = offset + pageSize < items.length ? String(offset + pageSize) : undefined;
    return json({ [listField]: slice, ...(next ? { nextPageToken: next } : {}), ...extra });
  };
  return { script, faults, pageSizes };
}

// Each run mostly waits (stalls, retry backoff): they run side by side, each with its own server.
// 200 items are 20 pages of 10 (--page-size 10): with faults on half the requests, each seed below serves every kind
// of fault, 13 to 26 in all, so a fault that loses, repeats or reorders a page fails each run. More pages, or the
// 100 items a page --all asks for by default (2,000 items, as these runs had), add CPU, not cases: the default page
// size under a shifting listing is the last test's.
const FAULT_KINDS = 8;
const PAGED = ['--page-size', '10'];
describe('--all over hundreds of items through seeded random faults', () => {
  const transactions = Array.from({ length: 200 }, (_, i) => numberedTransaction(i + 1, i % 3 === 0 ? '43113' : '43114'));
  const expectedHashes = transactions.map((tx) => tx.txHash as string);

  it.concurrent(
    '200 transactions as TSV, 20 pages through every kind of fault: every one exactly once, in order',
    async ({ onTestFinished }) => {
      const { script, faults, pageSizes } = pagedWithFaults(transactions, 'transactions', 1);
      const s = await startTestServer(script);
      onTestFinished(() => s.close());
      const result = await runInProcess(['tx', 'list', '--all', ...PAGED, '--retries', '5', '--timeout', '1'], {
        baseUrl: s.url,
        apiKey: KEY,
        timeout: 60_000,
      });
      figures.cases++;
      expect(result.exitCode, result.stderr).toBe(0);
      expect([...faults.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(10);
      expect(faults.size).toBe(FAULT_KINDS);
      expect(pageSizes.every((size) => size === 10)).toBe(true);
      const rows = result.stdout.split('\n').filter(Boolean);
      expect(rows.every((row) => row.split('\t').length === 9)).toBe(true);
      expect(record(expectedHashes, tsvHashes(result.stdout))).toEqual({ lost: 0, duplicated: 0, inOrder: true });
    },
    90_000,
  );

  it.concurrent(
    '200 transactions as --json, 20 pages through every kind of fault: one document per page, every item exactly once, in order',
    async ({ onTestFinished }) => {
      const { script, faults } = pagedWithFaults(transactions, 'transactions', 5);
      const s = await startTestServer(script);
      onTestFinished(() => s.close());
      const result = await runInProcess(['tx', 'list', '--all', '--json', ...PAGED, '--retries', '5', '--timeout', '1'], {
        baseUrl: s.url,
        apiKey: KEY,
        timeout: 60_000,
      });
      figures.cases++;
      expect(result.exitCode, result.stderr).toBe(0);
      const lines = result.stdout.split('\n');
      expect(lines.pop()).toBe('');
      const printed = lines.flatMap((line) =>
        (JSON.parse(line) as { transactions: Array<{ txHash: string }> }).transactions.map((tx) => tx.txHash),
      );
      expect(lines).toHaveLength(20);
      expect(faults.size).toBe(FAULT_KINDS);
      expect(record(expectedHashes, printed)).toEqual({ lost: 0, duplicated: 0, inOrder: true });
    },
    90_000,
  );

  it.concurrent(
    '200 watched addresses (webhook addresses --all), 20 pages through every kind of fault: every one exactly once, in order',
    async ({ onTestFinished }) => {
      const addresses = Array.from({ length: 200 }, (_, i) => numberedAddress(i + 1));
      const { script, faults } = pagedWithFaults(addresses, 'addresses', 99, { totalAddresses: addresses.length });
      const s = await startTestServer(script);
      onTestFinished(() => s.close());
      const result = await runInProcess(
        ['webhook', 'addresses', '3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60', '--all', ...PAGED, '--retries', '5', '--timeout', '1'],
        {
          baseUrl: s.url,
          apiKey: KEY,
          timeout: 60_000,
        },
      );
      figures.cases++;
      expect(result.exitCode, result.stderr).toBe(0);
      expect(faults.size).toBe(FAULT_KINDS);
      expect(record(addresses, result.stdout.split('\n').filter(Boolean))).toEqual({ lost: 0, duplicated: 0, inOrder: true });
    },
    90_000,
  );

  it('a listing that shifts while it is read (new items arrive at the head): none lost, none printed twice', async () => {
    const original = Array.from({ length: 1_000 }, (_, i) => numberedTransaction(i + 1, i % 3 === 0 ? '43113' : '43114'));
    const live = [...original];
    let fresh = 0;
    const s = await serve((request) => {
      const offset = Number(request.searchParams.get('pageToken') ?? '0');
      const pageSize = Number(request.searchParams.get('pageSize') ?? '10');
      const page = live.slice(offset, offset + pageSize);
      const next = offset + pageSize < live.length ? String(offset + pageSize) : undefined;
      // Seven new transactions arrive after every page: what was read shifts down onto the next page.
      for (let i = 0; i < 7; i++) live.unshift(numberedTransaction(900_000 + fresh++));
      return json({ transactions: page, ...(next ? { nextPageToken: next } : {}) });
    });
    for (const mode of [[], ['--json']]) {
      live.splice(0, live.length, ...original);
      const before = s.requests.length;
      const result = await runInProcess(['tx', 'list', '--all', ...mode], { baseUrl: s.url, apiKey: KEY, timeout: 30_000 });
      figures.cases++;
      expect(result.exitCode, result.stderr).toBe(0);
      expect(s.requests.length - before).toBeGreaterThan(10);
      const printed = mode.length
        ? result.stdout
            .split('\n')
            .filter(Boolean)
            .flatMap((line) => (JSON.parse(line) as { transactions: Array<{ txHash: string }> }).transactions.map((tx) => tx.txHash))
        : tsvHashes(result.stdout);
      expect(
        record(
          original.map((tx) => tx.txHash as string),
          printed,
        ),
      ).toEqual({ lost: 0, duplicated: 0, inOrder: true });
    }
  }, 60_000);
});
