// No duplicate webhooks: `webhook create` under every fault ends with at most one webhook created at the
// server (counted as the POSTs it acted on), and when the outcome is unknown the error says so and how to check.
import { afterEach, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { isolatedEnv, runInProcess } from '../helpers/cli.js';
import { createTestIO } from '../helpers/test-io.js';
import { ioFlags, runCommandLine } from '../../src/cli.js';
import { InterruptedError } from '../../src/errors.js';
import { errorAnswer, json, startTestServer } from '../helpers/test-server.js';
import type { Answer, RecordedRequest, TestServer } from '../helpers/test-server.js';
import { freePort } from '../helpers/ports.js';
import { useFigures } from './figures.js';

const figures = useFigures(import.meta.url);
const KEY = 'sk_test_create_0d7f3b9a51';
const CREATE = [
  'webhook',
  'create',
  '--url',
  'https://hooks.example.com/svc',
  '--chain-id',
  '43113',
  '--address',
  '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
  '--name',
  'ci hook',
];
const UNKNOWN = /outcome is unknown|may have (been )?created|may or may not/i;

interface Scenario {
  name: string;
  /** For the n-th POST: whether the server creates a webhook, and what it answers. */
  answer: (index: number) => { acts: boolean; answer: Answer };
  flags?: string[];
  exitCode: number;
  /** POSTs the server must have received. */
  posts: number;
  created: number;
  /** Whether the error must say the outcome is unknown (true), must not (false). */
  unknown?: boolean;
}

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A webhook service that counts the creations it acted on. */
async function webhookService(answer: Scenario['answer'], port = 0): Promise<{ server: TestServer; created: () => number }> {
  let created = 0;
  const s = await startTestServer((request: RecordedRequest, index: number) => {
    if (request.method !== 'POST' || request.path !== '/v1/webhooks') return errorAnswer(404, 'not here');
    const { acts, answer: reply } = answer(index);
    if (acts) created++;
    if ('status' in reply && reply.status === 201 && reply.body === undefined) {
      return json(webhook(created), 201);
    }
    return reply;
  }, port);
  server = s;
  return { server: s, created: () => created };
}

function webhook(n: number): Record<string, unknown> {
  return {
    id: `3f2c8a71-5d0e-4f6b-9a43-${String(n).padStart(12, '0')}`,
    url: 'https://hooks.example.com/svc',
    chainId: '43113',
    status: 'active',
    createdAt: 1_750_000_000,
    name: 'ci hook',
    description: '',
    eventType: 'address_activity',
    metadata: { addresses: ['0x71c7656ec7ab88b098defb751b7401b5f6d8976f'], eventSignatures: [] },
    includeInternalTxs: false,
    includeLogs: false,
  };
}

const CREATED: Answer = { status: 201 };
const html502: Answer = {
  status: 502,
  headers: { 'content-type': 'text/html' },
  body: '<html><body><h1>502 Bad Gateway</h1></body></html>',
};
const acted = (answer: Answer) => ({ acts: true, answer });
const refused = (answer: Answer) => ({ acts: false, answer });
const firstThen = (first: { acts: boolean; answer: Answer }) => (index: number) => (index === 0 ? first : acted(CREATED));

const SCENARIOS: Scenario[] = [
  { name: 'success', answer: () => acted(CREATED), exitCode: 0, posts: 1, created: 1 },
  { name: '500 after the service acted', answer: firstThen(acted(errorAnswer(500))), exitCode: 1, posts: 1, created: 1, unknown: true },
  { name: '500 before the service acted', answer: firstThen(refused(errorAnswer(500))), exitCode: 1, posts: 1, created: 0, unknown: true },
  {
    name: '502 JSON after the service acted',
    answer: firstThen(acted(errorAnswer(502))),
    exitCode: 1,
    posts: 1,
    created: 1,
    unknown: true,
  },
  { name: '502 HTML page from a proxy', answer: firstThen(acted(html502)), exitCode: 1, posts: 1, created: 1, unknown: true },
  { name: '503 after the service acted', answer: firstThen(acted(errorAnswer(503))), exitCode: 1, posts: 1, created: 1, unknown: true },
  { name: '429, then success', answer: firstThen(refused(errorAnswer(429))), exitCode: 0, posts: 2, created: 1 },
  {
    name: '429 three times, then success',
    answer: (i) => (i < 3 ? refused(errorAnswer(429)) : acted(CREATED)),
    exitCode: 0,
    posts: 4,
    created: 1,
  },
  {
    name: '429 every time',
    answer: () => refused(errorAnswer(429)),
    flags: ['--retries', '2'],
    exitCode: 5,
    posts: 3,
    created: 0,
    unknown: false,
  },
  {
    name: 'dropped before headers, not acted on',
    answer: firstThen(refused({ fault: 'drop' })),
    exitCode: 6,
    posts: 1,
    created: 0,
    unknown: true,
  },
  {
    name: 'dropped after the request was received and acted on',
    answer: firstThen(acted({ fault: 'drop' })),
    exitCode: 6,
    posts: 1,
    created: 1,
    unknown: true,
  },
  {
    name: 'dropped in the middle of the 201 body',
    answer: firstThen(acted({ fault: 'drop-mid-body', status: 201, body: '{"id":"3f2c8a71-' })),
    exitCode: 6,
    posts: 1,
    created: 1,
    unknown: true,
  },
  {
    name: 'stalled past --timeout after acting',
    answer: firstThen(acted({ fault: 'stall' })),
    flags: ['--timeout', '0.5'],
    exitCode: 6,
    posts: 1,
    created: 1,
    unknown: true,
  },
  {
    name: 'stalled mid-body past --timeout after acting',
    answer: firstThen(acted({ fault: 'stall-mid-body', body: '{"id":"3f2c' })),
    flags: ['--timeout', '0.5'],
    exitCode: 6,
    posts: 1,
    created: 1,
    unknown: true,
  },
  {
    name: '201 with a body that is not JSON',
    answer: () => acted({ status: 201, headers: { 'content-type': 'text/plain' }, body: 'Created' }),
    exitCode: 1,
    posts: 1,
    created: 1,
  },
  {
    name: '400 from the service',
    answer: () => refused(errorAnswer(400, ['url must be reachable'])),
    exitCode: 2,
    posts: 1,
    created: 0,
    unknown: false,
  },
  {
    name: '401 from the service',
    answer: () => refused(errorAnswer(401, 'invalid key')),
    exitCode: 4,
    posts: 1,
    created: 0,
    unknown: false,
  },
];

describe('webhook create: at most one webhook under every fault', () => {
  it.each(SCENARIOS.map((scenario) => [scenario.name, scenario] as const))('%s', async (_name, scenario) => {
    const { server: s, created } = await webhookService(scenario.answer);
    const result = await runInProcess([...CREATE, '--retries', '5', ...(scenario.flags ?? [])], { baseUrl: s.url, apiKey: KEY });
    figures.cases++;
    figures.duplicateWebhooks += Math.max(0, created() - 1);

    expect(created(), 'webhooks created').toBeLessThanOrEqual(1);
    expect(created()).toBe(scenario.created);
    expect(s.requests.filter((r) => r.method === 'POST')).toHaveLength(scenario.posts);
    expect(result.exitCode, result.stderr).toBe(scenario.exitCode);
    if (scenario.exitCode === 0) {
      expect(result.stdout.split('\t')[0]).toBe(webhook(1).id);
      return;
    }
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^svc: /);
    expect(result.stderr.trimEnd().split('\n').length).toBeLessThanOrEqual(2);
    if (scenario.unknown === true) {
      expect(result.stderr).toMatch(UNKNOWN);
      expect(result.stderr).toMatch(/check/i);
    }
    if (scenario.unknown === false) expect(result.stderr).not.toMatch(UNKNOWN);
  });

  it('the same scenario with --json: the unknown outcome is in the JSON error line too', async () => {
    const { server: s, created } = await webhookService(firstThen(acted({ fault: 'drop' })));
    const result = await runInProcess([...CREATE, '--json', '--retries', '5'], { baseUrl: s.url, apiKey: KEY });
    figures.cases++;
    figures.duplicateWebhooks += Math.max(0, created() - 1);
    expect(result.exitCode).toBe(6);
    expect(created()).toBe(1);
    expect(result.stdout).toBe('');
    const jsonLine = result.stderr.split('\n').find((line) => line.startsWith('{'));
    expect(jsonLine).toBeDefined();
    expect((JSON.parse(jsonLine!) as { message: string }).message).toMatch(UNKNOWN);
  });

  it('connection reset as soon as it is accepted: not retried (the request may have been sent), outcome unknown', async () => {
    const { server: s, created } = await webhookService(() => acted(CREATED));
    s.dropOnConnect = true;
    const result = await runInProcess([...CREATE, '--retries', '5'], { baseUrl: s.url, apiKey: KEY });
    figures.cases++;
    figures.duplicateWebhooks += Math.max(0, created() - 1);
    expect(created()).toBe(0);
    expect(result.exitCode).toBe(6);
    expect(s.connections).toBe(1);
    expect(result.stderr).toMatch(UNKNOWN);
  });

  it('connection refused: nothing was sent, so it is retried, and the error says nothing was created', async () => {
    const port = await freePort();
    const result = await runInProcess([...CREATE, '--retries', '2'], { baseUrl: `http://127.0.0.1:${port}`, apiKey: KEY });
    figures.cases++;
    expect(result.exitCode).toBe(6);
    expect(result.stderr).toMatch(/^svc: connection refused/);
    expect(result.stderr).not.toMatch(UNKNOWN);
  });

  it('connection refused until the service comes up: retried into exactly one webhook', async () => {
    const port = await freePort();
    // In-process as runInProcess runs it, but with the test IO at hand, to watch stderr while the command runs.
    const args = [...CREATE, '--retries', '10', '--verbose'];
    const io = createTestIO({ env: isolatedEnv({ baseUrl: `http://127.0.0.1:${port}`, apiKey: KEY }), ...ioFlags(args) });
    const interrupts = new AbortController();
    const timer = setTimeout(() => interrupts.abort(new InterruptedError(143)), 30_000);
    let finished = false;
    const child = runCommandLine(['node', 'svc', ...args], { io, interrupt: interrupts.signal }).finally(() => {
      clearTimeout(timer);
      finished = true;
    });
    // Wait for the first refused attempt, then start the service on that port.
    while (!finished && !/ECONNREFUSED/.test(io.stderr())) await sleep(5);
    const { server: s, created } = await webhookService(() => acted(CREATED), port);
    const result = { exitCode: await child, stdout: io.stdout(), stderr: io.stderr() };
    figures.cases++;
    figures.duplicateWebhooks += Math.max(0, created() - 1);
    expect(result.exitCode, String(result.stderr)).toBe(0);
    expect(created()).toBe(1);
    expect(s.requests).toHaveLength(1);
    expect(String(result.stdout).split('\t')[0]).toBe(webhook(1).id);
  });
});
