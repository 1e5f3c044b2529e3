// `svc webhook apply` broken at each one of its requests in turn, then run again, ends with exactly the file's
// webhooks and never two for one name. A loopback proxy in front of the emulator breaks request k: the service acts
// and its answer is lost (the connection dropped), or the service never sees it (503), or Ctrl-C comes while it is
// under way; every request after k fails too, as when the network goes away.
import http from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { freshConfigDir, isolatedEnv, runInProcess } from '../helpers/cli.js';
import { API_KEY, call as callOver, startTestEmulator, webhookBody } from '../helpers/emulator-helpers.js';
import { numberedAddress } from '../helpers/fixtures.js';

const A1 = '0x1111111111111111111111111111111111111111';
const A2 = '0x2222222222222222222222222222222222222222';
const A3 = '0x3333333333333333333333333333333333333333';
const TREASURY = Array.from({ length: 501 }, (_, i) => numberedAddress(i + 1));

/** Several kinds of change: a create of 501 addresses left inactive, an update with both address changes, a
 * re-activation, a recreate, a prune. */
const FILE = {
  webhooks: [
    { name: 'treasury', url: 'https://example.com/treasury', chainId: '43114', addresses: TREASURY, status: 'inactive' },
    { name: 'ops', url: 'https://example.com/ops-new', chainId: '43114', addresses: [A1, A2] },
    { name: 'paused', url: 'https://example.com/paused', chainId: '43114', addresses: [A1] },
    { name: 'legacy', url: 'https://example.com/legacy', chainId: '43114', addresses: [A2] },
  ],
};
const ARGS = ['--prune', '--yes', '--recreate', '--retries', '0'];

type Mode = 'answer-lost' | 'not-received' | 'interrupted';
const EXIT_CODE: Record<Mode, number> = { 'answer-lost': 6, 'not-received': 1, interrupted: 130 };

let emulator: RunningEmulator;
let file: string;
/** One config folder for the broken runs and their reruns, as a user has: a fresh one per run cost a temp folder each. */
let configDir: string;

/** Kept-alive connections for the test's own calls: some 1,800 of them (seeding and reading back the state per k). */
const agent = new http.Agent({ keepAlive: true });

/** The test's own calls, over the kept-alive connections. */
const call = (baseUrl: string, method: string, path: string, options: { key?: string; body?: unknown } = {}) =>
  callOver(baseUrl, method, path, { ...options, agent });

beforeAll(async () => {
  emulator = await startTestEmulator();
  file = join(mkdtempSync(join(tmpdir(), 'svc-apply-')), 'webhooks.json');
  writeFileSync(file, JSON.stringify(FILE));
  configDir = freshConfigDir();
});
afterAll(async () => {
  agent.destroy();
  await emulator.close();
});

/** The key's webhooks before apply: one to update, one inactive, one on another chain, one the file does not name. */
async function seed(): Promise<void> {
  expect((await call(emulator.url, 'POST', '/_emulator/reset')).status).toBe(200);
  const create = async (body: Record<string, unknown>) => {
    const created = await call(emulator.url, 'POST', '/v1/webhooks', { key: API_KEY, body: webhookBody(body) });
    expect(created.status).toBe(201);
    return created.body.id as string;
  };
  await create({ name: 'ops', url: 'https://example.com/ops-old', metadata: { addresses: [A1, A3] } });
  const paused = await create({ name: 'paused', url: 'https://example.com/paused', metadata: { addresses: [A1] } });
  expect((await call(emulator.url, 'DELETE', `/v1/webhooks/${paused}`, { key: API_KEY })).status).toBe(200);
  await create({ name: 'legacy', url: 'https://example.com/legacy', chainId: '43113', metadata: { addresses: [A2] } });
  await create({ name: 'stale', url: 'https://example.com/stale', metadata: { addresses: [A3] } });
}

interface BreakingProxy {
  url: string;
  /** Requests that reached the proxy. */
  count: number;
  /** Their methods, in order. */
  methods: string[];
  close(): Promise<void>;
}

/**
 * Forwards to the emulator; request `breakAt` (1-based) and every later one is broken as `mode` says: `answer-lost`
 * forwards request k and drops the connection instead of answering, then drops every later one; `not-received`
 * answers 503 to k and later ones without forwarding them; `interrupted` forwards k, and once the emulator answered
 * it Ctrl-C comes (later ones are left unanswered).
 */
async function breakingProxy(breakAt: number, mode: Mode, interrupt: AbortController): Promise<BreakingProxy> {
  const target = new URL(emulator.url);
  const proxy: BreakingProxy = { url: '', count: 0, methods: [], close: async () => {} };
  const server = http.createServer((req, res) => {
    const index = ++proxy.count;
    proxy.methods.push(req.method ?? '');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (index > breakAt) {
        // The network gone (a read side by side with request k fails as it does), or nothing answering while
        // Ctrl-C comes.
        if (mode === 'answer-lost') req.socket.destroy();
        if (mode !== 'not-received') return;
      }
      if (index >= breakAt && mode === 'not-received') {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'unavailable', statusCode: 503, error: 'Service Unavailable' }));
        return;
      }
      const forwarded = http.request(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          const body: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => body.push(chunk));
          answer.on('end', () => {
            if (index === breakAt) {
              // The service acted; its answer never arrives.
              if (mode === 'interrupted') interrupt.abort();
              req.socket.destroy();
              return;
            }
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(body));
          });
        },
      );
      forwarded.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}

/** `svc webhook apply` in this process with an interrupt the test controls (Ctrl-C as the proxy decides). */
async function applyThrough(baseUrl: string, interrupt: AbortController): Promise<number> {
  const [{ runCommandLine }, { createTestIO }, { InterruptedError }] = await Promise.all([
    import('../../src/cli.js'),
    import('../helpers/test-io.js'),
    import('../../src/errors.js'),
  ]);
  const io = createTestIO({ env: isolatedEnv({ baseUrl, apiKey: API_KEY, configDir }) });
  const ctrlC = new AbortController();
  interrupt.signal.addEventListener('abort', () => ctrlC.abort(new InterruptedError(130)), { once: true });
  return runCommandLine(['node', 'svc', 'webhook', 'apply', '-f', file, ...ARGS], { io, interrupt: ctrlC.signal });
}

interface Listed {
  id: string;
  name?: string;
  status: string;
  url: string;
  chainId: string;
  metadata: { addresses: string[] };
}

/**
 * The key's webhooks with their addresses. The emulator's listing answers each webhook with all of its addresses
 * (metadata.addresses, from the same list the paged address reads serve): one request reads the whole state, where
 * the paged reads took ten per check, some 400 requests over the file.
 */
async function serviceState(): Promise<Array<Omit<Listed, 'metadata'> & { addresses: string[] }>> {
  const listed: Listed[] = [];
  let pageToken: string | undefined;
  do {
    const page = await call(emulator.url, 'GET', `/v1/webhooks?pageSize=100${pageToken ? `&pageToken=${pageToken}` : ''}`, {
      key: API_KEY,
    });
    expect(page.status).toBe(200);
    listed.push(...(page.body.webhooks as Listed[]));
    pageToken = page.body.nextPageToken || undefined;
  } while (pageToken);
  return listed.map(({ metadata, ...webhook }) => ({
    ...webhook,
    addresses: metadata.addresses.map((address) => address.toLowerCase()).sort(),
  }));
}

/** Exactly the file's webhooks, one webhook per name, the others inactive. */
async function expectFileState(): Promise<void> {
  const state = await serviceState();
  for (const entry of FILE.webhooks) {
    const named = state.filter((webhook) => webhook.name === entry.name);
    expect(named, entry.name).toHaveLength(1);
    expect(named[0]).toMatchObject({ url: entry.url, chainId: entry.chainId, status: entry.status ?? 'active' });
    expect(named[0]!.addresses).toEqual(entry.addresses.map((address) => address.toLowerCase()).sort());
  }
  const others = state.filter((webhook) => !FILE.webhooks.some((entry) => entry.name === webhook.name));
  expect(others.map((webhook) => [webhook.name, webhook.status]).sort()).toEqual([
    ['legacy (replaced)', 'inactive'],
    ['stale', 'inactive'],
  ]);
}

describe('svc webhook apply broken at each request, then run again', () => {
  let requestCount = 0;

  it('an unbroken run makes the file state after a dry run that sent only reads; a second run sends no write', async () => {
    await seed();
    const counting = await breakingProxy(Number.MAX_SAFE_INTEGER, 'answer-lost', new AbortController());
    try {
      const before = await serviceState();
      const dryRun = await runInProcess(['webhook', 'apply', '-f', file, ...ARGS, '--dry-run'], { baseUrl: counting.url, apiKey: API_KEY });
      expect(dryRun.exitCode).toBe(0);
      expect(dryRun.stdout.split('\n')).toHaveLength(9);
      expect(new Set(counting.methods)).toEqual(new Set(['GET']));
      expect(await serviceState()).toEqual(before);
      counting.count = 0;
      counting.methods.length = 0;

      const first = await runInProcess(['webhook', 'apply', '-f', file, ...ARGS], { baseUrl: counting.url, apiKey: API_KEY });
      expect(first.stderr).toBe(
        '8 changes made: 1 created, 2 deactivated, 1 updated, 1 address added, 1 address removed, 1 activated, 1 recreated\n',
      );
      expect(first.stdout).toBe(
        [
          '+ create treasury',
          '- deactivate treasury',
          '~ update ops: url',
          '+ add 1 address to ops',
          '- remove 1 address from ops',
          '~ activate paused',
          '± recreate legacy: chainId',
          '- deactivate stale (not in the file)',
          '',
        ].join('\n'),
      );
      requestCount = counting.count;
    } finally {
      await counting.close();
    }
    // 1 listing, 2 address lists (ops, paused), 10 writes, and the listing again after the creations (for copies a
    // run at the same time may have made).
    expect(requestCount).toBe(14);
    await expectFileState();
    const again = await breakingProxy(Number.MAX_SAFE_INTEGER, 'answer-lost', new AbortController());
    try {
      const second = await runInProcess(['webhook', 'apply', '-f', file, ...ARGS], { baseUrl: again.url, apiKey: API_KEY });
      expect(second).toMatchObject({ exitCode: 0, stdout: '', stderr: 'no changes\n' });
      // The listing, then the addresses of the file's four webhooks (501 of treasury's in 6 pages); the retired
      // and pruned ones are not read.
      expect(again.methods).toEqual(Array.from({ length: 10 }, () => 'GET'));
    } finally {
      await again.close();
    }
  });

  for (const mode of ['answer-lost', 'not-received', 'interrupted'] as const) {
    it(`${mode}: at every request k, the next run finishes with exactly the file's webhooks`, async () => {
      expect(requestCount).toBeGreaterThan(0);
      for (let k = 1; k <= requestCount; k++) {
        await seed();
        const interrupt = new AbortController();
        const proxy = await breakingProxy(k, mode, interrupt);
        let broken: number;
        try {
          broken = await applyThrough(proxy.url, interrupt);
        } finally {
          await proxy.close();
        }
        // The network's exit code, a 5xx's, or Ctrl-C's.
        expect(broken, `k=${k}`).toBe(EXIT_CODE[mode]);
        const again = await runInProcess(['webhook', 'apply', '-f', file, ...ARGS], { baseUrl: emulator.url, apiKey: API_KEY, configDir });
        expect(again.exitCode, `k=${k}: ${again.stderr}`).toBe(0);
        await expectFileState();
      }
      // Fourteen broken runs and their reruns: alone about 3 s, but beside the other heavy files on two busy cores it
      // passed the default 20 s, and a test timed out goes on in the background against the shared emulator.
    }, 90_000);
  }
});

describe('two applies of one file at the same time', () => {
  /**
   * Forwards to the emulator, but when the apply sends its creation, another run's creation of the same webhook
   * reaches the service first: the race two CI jobs (or two shells) run into, made certain.
   */
  async function racingProxy(): Promise<{ url: string; close(): Promise<void> }> {
    const target = new URL(emulator.url);
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', async () => {
        const body = Buffer.concat(chunks);
        if (req.method === 'POST' && req.url === '/v1/webhooks') {
          const other = await call(emulator.url, 'POST', '/v1/webhooks', { key: API_KEY, body: JSON.parse(body.toString('utf8')) });
          expect(other.status).toBe(201);
        }
        const forwarded = http.request(
          { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        forwarded.end(body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  it('both create the name; the run that looks after creating keeps the older one and retires its own copy', async () => {
    expect((await call(emulator.url, 'POST', '/_emulator/reset')).status).toBe(200);
    const raceFile = join(mkdtempSync(join(tmpdir(), 'svc-apply-race-')), 'webhooks.json');
    writeFileSync(
      raceFile,
      JSON.stringify({ webhooks: [{ name: 'race', url: 'https://example.com/race', chainId: '43113', addresses: [A1] }] }),
    );
    const proxy = await racingProxy();
    let result: Awaited<ReturnType<typeof runInProcess>>;
    try {
      result = await runInProcess(['webhook', 'apply', '-f', raceFile], { baseUrl: proxy.url, apiKey: API_KEY });
    } finally {
      await proxy.close();
    }
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe('+ create race\n');
    const listed = (await call(emulator.url, 'GET', '/v1/webhooks?pageSize=100', { key: API_KEY })).body.webhooks as Array<
      Record<string, string>
    >;
    // Newest first: this run's creation, then the other run's.
    const [ours, theirs] = listed;
    expect(listed).toHaveLength(2);
    expect(theirs).toMatchObject({ name: 'race', status: 'active' });
    expect(ours).toMatchObject({ name: 'race (replaced)', status: 'inactive' });
    expect(result.stderr).toBe(
      `svc: another run created webhook "race" at the same time: kept ${theirs!.id}, deactivated ${ours!.id} (renamed "race (replaced)")\n` +
        '1 change made: 1 created\n',
    );
    const again = await runInProcess(['webhook', 'apply', '-f', raceFile], { baseUrl: emulator.url, apiKey: API_KEY });
    expect(again).toMatchObject({ exitCode: 0, stdout: '', stderr: 'no changes\n' });
  });
});
