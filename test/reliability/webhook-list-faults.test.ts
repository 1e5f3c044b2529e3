// `svc webhook list --all` over 40 pages of webhooks through dropped connections, stalls, 5xx and 429 with Retry-After:
// every webhook printed exactly once, in the service's order, in each output mode; every retry asks for the same page.
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli.js';
import type { InProcessOptions } from '../helpers/cli.js';
import { makeWebhook, seededRandom } from '../helpers/fixtures.js';
import { errorAnswer, json, startTestServer } from '../helpers/test-server.js';
import type { Answer, RecordedRequest } from '../helpers/test-server.js';
import { useFigures } from './figures.js';

const figures = useFigures(import.meta.url);
const KEY = 'sk_test_webhook_list_faults_51';
// 40 pages of 5: the faults land on pages, so the pages are the point, not their size (1,000 webhooks in pages of 25
// met the same faults, five times the rows to serve, parse, print and count).
const TOTAL = 200;
const PAGE_SIZE = 5;
const WEBHOOKS = Array.from({ length: TOTAL }, (_, i) =>
  makeWebhook({ id: `wh-${String(i + 1).padStart(4, '0')}`, name: `hook ${i + 1}`, createdAt: 1_715_621_587_000 - i * 1000 }),
);
const IDS = WEBHOOKS.map((webhook) => webhook.id as string);
const FAULT_KINDS = ['drop', 'stall', '503', '500', '429', 'drop-mid-body'] as const;
// Small limits keep the run quick: a stall costs one --timeout, a 429 waits its Retry-After (50 ms).
const FAST = ['--retries', '5', '--timeout', '0.3'];

/**
 * Serves WEBHOOKS by offset tokens with seeded faults (at most 3 in a row, at most 3 stalls). Every kind of fault
 * happens at least once: the first six page requests each meet one, in turn.
 */
function faultyService(seed: number) {
  const random = seededRandom(seed);
  const faults = new Map<string, number>();
  const served: string[] = [];
  let inARow = 0;
  let stalls = 0;
  let scheduled = 0;
  const script = (request: RecordedRequest, index: number): Answer => {
    served.push(request.searchParams.toString());
    const forced = index % 2 === 0 && scheduled < FAULT_KINDS.length ? FAULT_KINDS[scheduled++] : undefined;
    if (forced || (inARow < 3 && random() < 0.25)) {
      inARow++;
      let kind: string = forced ?? FAULT_KINDS[Math.floor(random() * FAULT_KINDS.length)]!;
      if (kind === 'stall' && stalls++ >= 3) kind = '503';
      faults.set(kind, (faults.get(kind) ?? 0) + 1);
      switch (kind) {
        case 'drop':
          return { fault: 'drop' };
        case 'stall':
          return { fault: 'stall' };
        case 'drop-mid-body':
          return { fault: 'drop-mid-body', body: '{"webhooks":[' };
        case '429':
          return errorAnswer(429, 'slow down', { 'retry-after': '0.05' });
        default:
          return errorAnswer(Number(kind));
      }
    }
    inARow = 0;
    const offset = Number(request.searchParams.get('pageToken') ?? '0');
    const size = Number(request.searchParams.get('pageSize') ?? '10');
    const next = offset + size < TOTAL ? String(offset + size) : undefined;
    return json({ webhooks: WEBHOOKS.slice(offset, offset + size), ...(next ? { nextPageToken: next } : {}) });
  };
  return { script, faults, served };
}

/** Items lost, printed twice (or never served), and whether the first sightings keep the service's order. */
function account(printed: string[]): { lost: number; duplicated: number; inOrder: boolean } {
  const unique = new Set(printed);
  const lost = IDS.filter((id) => !unique.has(id)).length;
  const duplicated = printed.length - unique.size + [...unique].filter((id) => !IDS.includes(id)).length;
  figures.lost += lost;
  figures.duplicated += duplicated;
  return { lost, duplicated, inOrder: printed.every((id, i) => id === IDS[i]) };
}

/** A way to print the listing: its name, its flags, how the CLI runs, and how to read the ids back from stdout. */
type OutputCase = [name: string, flags: string[], options: InProcessOptions, ids: (stdout: string) => string[]];

describe('webhook list --all over 40 pages of webhooks through faults', () => {
  it.concurrent.for<OutputCase>([
    [
      'TSV',
      [] as string[],
      {},
      (stdout: string) =>
        stdout
          .split('\n')
          .filter(Boolean)
          .map((row) => row.split('\t')[0]!),
    ],
    [
      '--json',
      ['--json'],
      {},
      (stdout: string) =>
        stdout
          .trimEnd()
          .split('\n')
          .flatMap((line) => (JSON.parse(line) as { webhooks: Array<{ id: string }> }).webhooks.map((webhook) => webhook.id)),
    ],
    [
      'a terminal table',
      [] as string[],
      { stdoutTTY: true, columns: 160 },
      (stdout: string) => stdout.split('\n').flatMap((line) => (/^wh-\d{4}\b/.exec(line) ? [line.slice(0, 7)] : [])),
    ],
  ])(
    '%s: each webhook once, in order; each retry repeats its page request',
    { timeout: 60_000 },
    async ([, flags, options, ids], { onTestFinished }) => {
      const service = faultyService(20_261_123 + flags.length);
      const server = await startTestServer(service.script);
      onTestFinished(() => server.close());
      const result = await runInProcess(['webhook', 'list', '--all', '--page-size', String(PAGE_SIZE), ...FAST, ...flags], {
        baseUrl: server.url,
        apiKey: KEY,
        timeout: 60_000,
        ...options,
      });
      figures.cases++;
      expect(result.exitCode, result.stderr).toBe(0);
      expect([...service.faults.keys()].sort()).toEqual([...FAULT_KINDS].sort());
      expect([...service.faults.values()].reduce((sum, count) => sum + count, 0)).toBeGreaterThan(12);
      expect(account(ids(result.stdout))).toEqual({ lost: 0, duplicated: 0, inOrder: true });
      // 40 distinct pages asked for, each as often as its faults made it necessary, never another page in between.
      const distinct = service.served.filter((query, i) => query !== service.served[i - 1]);
      expect(distinct).toHaveLength(TOTAL / PAGE_SIZE);
      expect(new Set(distinct).size).toBe(TOTAL / PAGE_SIZE);
      expect(server.requests.every((request) => request.headers['x-service-api-key'] === KEY)).toBe(true);
    },
  );
});
