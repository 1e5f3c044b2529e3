// Which requests the emulator serves (src/emulator/request-guard.ts, client-error.ts), over real HTTP: none a web page
// could have sent it (a rebound Host, another site's state-changing request, a body not declared JSON), every one
// svc, curl and the operator's SDK send; and a request line over node's limit answered 400 with the error body.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { requestGuard } from '../../src/emulator/request-guard.js';
import { API_KEY, call, startReceiver, startTestEmulator, webhookBody } from '../helpers/emulator-helpers.js';
import type { Receiver } from '../helpers/emulator-helpers.js';
import { runCli, runInProcess } from '../helpers/cli.js';

const WATCHED = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const INJECTION = JSON.stringify({ chainId: '43113', from: WATCHED });

let emulator: RunningEmulator;
let receiver: Receiver;
let host: string;
let webhookId: string;

beforeAll(async () => {
  [emulator, receiver] = await Promise.all([startTestEmulator(), startReceiver()]);
  host = new URL(emulator.url).host;
  // A receiver that takes every message, so the webhook stays active however many the tests make.
  const created = await call(emulator.url, 'POST', '/v1/webhooks', {
    key: API_KEY,
    body: webhookBody({ url: receiver.url, chainId: '43113', metadata: { addresses: [WATCHED] } }),
  });
  expect(created.status).toBe(201);
  webhookId = created.body.id;
});
afterAll(() => Promise.all([emulator.close(), receiver.close()]));

/** The messages made for the test's webhook so far: each accepted injection makes one. */
async function messageCount(): Promise<number> {
  const listed = await call(emulator.url, 'GET', `/_emulator/deliveries?webhookId=${webhookId}`);
  expect(listed.status).toBe(200);
  return listed.body.deliveries.length;
}

describe('what a web page could send is refused, and changes nothing', () => {
  it.each([
    ['a cross-site form or fetch: text/plain, Origin of the page', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
    ['an opaque origin (a sandboxed frame)', { origin: 'null' }],
    ['a page on another local port', { origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-site' }],
    ['Sec-Fetch-Site alone', { 'sec-fetch-site': 'cross-site' }],
  ])('%s: 403 with the error body', async (_what, headers) => {
    const before = await messageCount();
    const answer = await call(emulator.url, 'POST', '/_emulator/transactions', {
      rawBody: INJECTION,
      contentType: 'text/plain;charset=UTF-8',
      headers,
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    expect(answer.body.message).toMatch(/^the emulator takes no state-changing request from another site/);
    expect(await messageCount()).toBe(before);
  });

  it('a cross-site redeliver --to and reset are refused the same way, declared JSON or not', async () => {
    const headers = { origin: 'https://evil.example' };
    const redeliver = await call(emulator.url, 'POST', '/_emulator/deliveries/any/redeliver', {
      body: { url: 'https://evil.example/collect' },
      headers,
    });
    expect(redeliver.status).toBe(403);
    const reset = await call(emulator.url, 'POST', '/_emulator/reset', { headers });
    expect(reset.status).toBe(403);
    // Not reset: the webhook is still there.
    expect((await call(emulator.url, 'GET', `/v1/webhooks/${webhookId}`, { key: API_KEY })).status).toBe(200);
  });

  it('a DNS-rebinding page (its own name in Host, same origin to the browser): 403 for reads and writes alike', async () => {
    const rebound = { host: `evil.example:${new URL(emulator.url).port}` };
    const read = await call(emulator.url, 'GET', '/v1/webhooks:getSharedSecret', { key: API_KEY, headers: rebound });
    expect(read.status).toBe(403);
    expect(read.body.message).toMatch(/^the emulator answers requests addressed to it only .*Host "evil\.example:\d+"/);
    const before = await messageCount();
    const write = await call(emulator.url, 'POST', '/_emulator/transactions', {
      rawBody: INJECTION,
      headers: { ...rebound, origin: `http://${rebound.host}` },
    });
    expect(write.status).toBe(403);
    expect(await messageCount()).toBe(before);
  });

  it('a body not declared as JSON, from no site at all (curl -d sends a form type): 400, nothing done', async () => {
    const before = await messageCount();
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const answer = await call(emulator.url, 'POST', '/_emulator/transactions', { rawBody: INJECTION, contentType });
      expect(answer.status, contentType).toBe(400);
      expect(answer.body).toEqual({ message: 'Content-Type must be application/json', statusCode: 400, error: 'Bad Request' });
    }
    expect(await messageCount()).toBe(before);
  });
});

// The operator's SDK against the guarded emulator: operator-sdk.test.ts.
describe('what svc, curl and the emulator’s own pages send is served', () => {
  it('its own origin (a page it served) and loopback names in Host', async () => {
    const before = await messageCount();
    const own = await call(emulator.url, 'POST', '/_emulator/transactions', {
      rawBody: INJECTION,
      headers: { origin: `http://${host}`, 'sec-fetch-site': 'same-origin' },
    });
    expect(own.status).toBe(201);
    const port = new URL(emulator.url).port;
    for (const name of [
      `localhost:${port}`,
      `LOCALHOST:${port}`,
      `app.localhost:${port}`,
      `[::1]:${port}`,
      '127.0.0.1',
      `10.1.2.3:${port}`,
    ]) {
      expect((await call(emulator.url, 'GET', '/_emulator/status', { headers: { host: name } })).status, name).toBe(200);
    }
    expect(await messageCount()).toBe(before + 1);
  });

  it('the name given to --host passes; other names do not', async () => {
    const guard = requestGuard('svc-box');
    const server = http.createServer((req, res) => {
      if (!guard(req, res)) res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await call(url, 'POST', '/', { headers: { host: 'svc-box:4010' } })).status).toBe(204);
      expect((await call(url, 'POST', '/', { headers: { host: 'SVC-BOX' } })).status).toBe(204);
      expect((await call(url, 'GET', '/', { headers: { host: 'svc-box.evil.example' } })).status).toBe(403);
      expect((await call(url, 'GET', '/', { headers: { host: 'svc-box@evil.example' } })).status).toBe(403);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('svc itself, as a process: trigger, deliveries and a webhook change', async () => {
    const options = { baseUrl: emulator.url, apiKey: API_KEY };
    const triggered = await runCli(['emulator', 'trigger', '--chain-id', '43113', '--from', WATCHED], options);
    expect(triggered.exitCode, triggered.stderr).toBe(0);
    const [, messageId] = triggered.stdout.trimEnd().split('\t');
    const [listed, updated] = await Promise.all([
      runCli(['emulator', 'deliveries', '--webhook', webhookId], options),
      runCli(['webhook', 'update', webhookId, '--name', 'guarded'], options),
    ]);
    expect(listed.exitCode, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(messageId);
    expect(updated.exitCode, updated.stderr).toBe(0);
  });

  it('curl, as the README shows it: reset without a body, an injection declared as JSON', async () => {
    const curl = (args: string[]) => execa('curl', ['-s', '-w', '\n%{http_code}', ...args], { reject: false });
    const injected = await curl([
      '-H',
      'content-type: application/json',
      '--data-binary',
      INJECTION,
      `${emulator.url}/_emulator/transactions`,
    ]);
    expect(injected.stdout).toMatch(/\n201$/);
    const reset = await curl(['-X', 'POST', `${emulator.url}/_emulator/reset`]);
    expect(reset.stdout).toBe('{"reset":true}\n200');
  });
});

describe('a request line and headers over node’s limit', () => {
  const token = 'x'.repeat(100 * 1024);

  it('is answered 400 with the error body, not a bare 431', async () => {
    const answer = await call(emulator.url, 'GET', `/v1/transactions?pageToken=${token}`);
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(answer.body.message).toMatch(/^the request line and headers must be at most \d+ bytes together/);
  });

  it('svc tx list --page-token <100 KB>: exit 2 with the emulator’s message', async () => {
    const result = await runInProcess(['tx', 'list', '--page-token', token], { baseUrl: emulator.url });
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^svc: the request line and headers must be at most \d+ bytes together.* \(400 Bad Request\)\n/);
  });
});
