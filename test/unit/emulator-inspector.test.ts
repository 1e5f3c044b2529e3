// The inspector's routes, without a browser: the page and its files with the headers that keep other sites out of
// it, answered 304 while unchanged; the transactions at a glance (the kinds each holds); who gets it at all (loopback
// clients of an emulator on loopback, unless told); and the page's weight.
import http from 'node:http';
import { networkInterfaces } from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { inspectorFor } from '../../src/emulator/inspector/routes.js';
import { pageFiles } from '../../src/emulator/inspector/page-files.js';
import type { EmulatorState } from '../../src/emulator/state.js';
import { call, startTestEmulator, testOptions } from '../helpers/emulator-helpers.js';

const WATCHED = '0x71c7656ec7ab88b098defb751b7401b5f6d8976f';
const OTHER = '0x8ba1f109551bd432803012645ac136ddd64dba72';
const topic = (n: number) => '0x' + String(n).padStart(64, '0');

async function get(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const response = await fetch(url, { method, headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe('the inspector routes', () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator();
  });
  afterAll(() => emulator.close());

  it('serve the page with a policy that runs only its own scripts, frames it nowhere, sends no form and no referrer', async () => {
    const page = await get(`${emulator.url}/`);
    expect(page.status).toBe(200);
    expect(
      Object.fromEntries(
        [...page.headers].filter(
          ([name]) => !['date', 'connection', 'keep-alive', 'etag', 'content-length', 'content-encoding'].includes(name),
        ),
      ),
    ).toEqual({
      'content-type': 'text/html; charset=utf-8',
      vary: 'accept-encoding',
      'content-security-policy':
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'cache-control': 'no-cache',
    });
    expect(emulator.inspectorUrl).toBe(`${emulator.url}/`);
  });

  it('answer 304 to a file unchanged, HEAD without a body; the page at its own path only, and nothing but GET or HEAD', async () => {
    const script = await get(`${emulator.url}/_inspector/app.js`);
    expect([script.status, script.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
    const again = await get(`${emulator.url}/_inspector/app.js`, { 'if-none-match': script.headers.get('etag')! });
    expect([again.status, again.text]).toEqual([304, '']);
    const head = await get(`${emulator.url}/_inspector/inspector.css`, { 'accept-encoding': 'identity' }, 'HEAD');
    expect([head.status, head.text, Number(head.headers.get('content-length'))]).toEqual([
      200,
      '',
      pageFiles().get('inspector.css')!.length,
    ]);
    for (const [method, path] of [
      ['GET', '/_inspector/index.html'],
      ['GET', '/_inspector/nothing.js'],
      ['GET', '/_inspector/'],
      ['POST', '/'],
      ['DELETE', '/_inspector/app.js'],
    ] as const) {
      const refused = await call(emulator.url, method, path);
      expect([method, path, refused.status, refused.body.message]).toEqual([method, path, 404, `Cannot ${method} ${path}`]);
    }
  });

  it('list the newest transactions at a glance: each kind counted, topics per log, the contract a creation made', async () => {
    const logs = [1, 2, 3, 4].map((count) => ({
      address: OTHER,
      topics: Array.from({ length: count }, (_, i) => topic(i + 1)),
      data: '0x',
    }));
    const first = await call(emulator.url, 'GET', '/_inspector/transactions?pageSize=1');
    const etag = first.headers.get('etag')!;
    expect((await get(`${emulator.url}/_inspector/transactions?pageSize=1`, { 'if-none-match': etag })).status).toBe(304);
    await call(emulator.url, 'POST', '/_emulator/transactions', {
      body: {
        chainId: '43113',
        from: WATCHED,
        to: OTHER,
        logs,
        internalTransactions: [{ from: OTHER, to: WATCHED, value: '1' }],
        erc20Transfers: [{ from: '0x0000000000000000000000000000000000000000', to: OTHER, value: '5' }],
      },
    });
    const changed = await call(emulator.url, 'GET', '/_inspector/transactions?pageSize=1', { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    const [tx] = changed.body.transactions;
    expect(tx).toMatchObject({
      chainId: '43113',
      chainName: 'fuji',
      nativeSymbol: 'AVAX',
      erc20Transfers: 1,
      erc721Transfers: 0,
      erc1155Transfers: 0,
      internalTransactions: 1,
      from: { address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) },
    });
    // The ERC-20 transfer's own Transfer log (3 topics) comes first, then the four given.
    expect(tx.logTopics).toEqual([3, 1, 2, 3, 4]);
    await call(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId: '43113', from: WATCHED, contractCreation: true } });
    const [created] = (await call(emulator.url, 'GET', '/_inspector/transactions?pageSize=1')).body.transactions;
    expect(created).toMatchObject({
      method: { callType: 'CONTRACT_CREATION' },
      contractAddress: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
    });
    expect((await call(emulator.url, 'GET', '/_inspector/transactions')).body.transactions).toHaveLength(25);
    for (const pageSize of ['0', '101', 'ten']) {
      const refused = await call(emulator.url, 'GET', `/_inspector/transactions?pageSize=${pageSize}`);
      expect([refused.status, refused.body.message]).toEqual([400, 'pageSize must be a whole number from 1 to 100']);
    }
  });

  it('send each file compressed as the browser accepts it (br, else gzip, else as it is), each encoding with its own etag', async () => {
    const original = pageFiles().get('inspector.css')!;
    const raw = (acceptEncoding: string | undefined, ifNoneMatch?: string) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const headers: Record<string, string> = {};
        if (acceptEncoding !== undefined) headers['accept-encoding'] = acceptEncoding;
        if (ifNoneMatch !== undefined) headers['if-none-match'] = ifNoneMatch;
        http
          .get(`${emulator.url}/_inspector/inspector.css`, { headers, agent: false }, (answer) => {
            const chunks: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => chunks.push(chunk));
            answer.on('end', () => resolve({ status: answer.statusCode!, headers: answer.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    const br = await raw('gzip, deflate, br');
    expect([br.headers['content-encoding'], br.headers['vary'], Number(br.headers['content-length'])]).toEqual([
      'br',
      'accept-encoding',
      br.body.length,
    ]);
    expect(brotliDecompressSync(br.body).equals(original)).toBe(true);
    expect(br.body.length).toBeLessThan(original.length / 2);
    const gzip = await raw('gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(original)).toBe(true);
    const plain = await raw(undefined);
    expect([plain.headers['content-encoding'], plain.body.equals(original)]).toEqual([undefined, true]);
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
    // Compressed once: the same bytes again, and 304 to the etag of its own encoding only.
    expect((await raw('br')).body.equals(br.body)).toBe(true);
    expect((await raw('br', br.headers.etag)).status).toBe(304);
    expect((await raw('gzip', br.headers.etag)).status).toBe(200);
  });

  it('name the chains --chain-id takes', async () => {
    const chains = (await call(emulator.url, 'GET', '/_inspector/chains')).body.chains;
    expect(chains).toContainEqual({ name: 'fuji', chainId: '43113' });
  });
});

describe('who gets the inspector', () => {
  const served = (overrides: Parameters<typeof testOptions>[0]) => inspectorFor(testOptions(overrides), {} as EmulatorState)?.path;

  it.each([
    ['127.0.0.1', undefined, '/'],
    ['::1', undefined, '/'],
    ['localhost', undefined, '/'],
    ['127.0.0.2', undefined, '/'],
    ['0.0.0.0', undefined, undefined],
    ['::', undefined, undefined],
    ['192.168.1.5', undefined, undefined],
    ['0.0.0.0', true, '/'],
    ['127.0.0.1', false, undefined],
  ] as const)('--host %s, inspector %s: %s', (host, inspector, path) => {
    expect(served({ host, inspector })).toBe(path);
  });

  const external = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address;

  it.skipIf(external === undefined)(
    'asked for on every address, it still answers loopback clients only, as the control API does',
    async () => {
      const emulator = await startTestEmulator({ host: '0.0.0.0', inspector: true });
      try {
        const port = new URL(emulator.url).port;
        expect((await get(`http://127.0.0.1:${port}/`)).status).toBe(200);
        const remote = await call(`http://${external}:${port}`, 'GET', '/');
        expect([remote.status, remote.body.message]).toEqual([403, 'the inspector answers loopback clients only']);
      } finally {
        await emulator.close();
      }
    },
  );
});

describe("the inspector page's weight", () => {
  const total = [...pageFiles().values()].reduce((sum, file) => sum + file.length, 0);

  it('under 150 KB uncompressed, everything it loads included', () => {
    expect(total).toBeLessThan(150 * 1024);
  });
});
