// `svc webhook listen --verify` in this process, fed messages signed here with the signature module the emulator
// uses: 401 and a stderr line for a missing or wrong signature (neither printed nor forwarded), valid ones shown as
// before and marked on a terminal, x-signature passed on by --forward-to, and a rotated secret picked up from the
// service.
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { canonicalBytes, signBody } from '../../src/signature/index.js';
import { freshConfigDir, runInProcess, startInProcess } from '../helpers/cli.js';
import type { RunningInProcess, StartInProcessOptions } from '../helpers/cli.js';
import { OTHER_SECRET, SECRET, UNICODE_TOKEN_NAME, changedByOneByte, deliver, notification, reorderedKeys } from '../helpers/signatures.js';
import { json, useRecordingServer } from '../helpers/test-server.js';

const KEY = 'sk_test_listen_verify_0001';
const READY = /^Ready: notifications to (\S+)/;
const service = useRecordingServer(() => [json({ secret: SECRET })]);

interface Listening {
  running: RunningInProcess;
  url: string;
}

const started: RunningInProcess[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((running) => running.stop()));
});

async function listen(extra: string[], options: StartInProcessOptions = {}): Promise<Listening> {
  const running = await startInProcess(['webhook', 'listen', '--port', '0', '--verify', ...extra], {
    baseUrl: service.url,
    env: { SVC_WEBHOOK_SECRET: SECRET },
    readyOnStderr: READY,
    ...options,
  });
  started.push(running);
  const url = READY.exec(
    running
      .stderr()
      .split('\n')
      .find((line) => READY.test(line))!,
  )![1]!;
  return { running, url };
}

/** Where --forward-to sends: records each request's headers and body, answers 200. */
interface Consumer {
  url: string;
  seen: Array<{ headers: IncomingHttpHeaders; body: string }>;
  server: Server;
}

let consumer: Consumer;
beforeAll(async () => {
  const seen: Consumer['seen'] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  consumer = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, seen, server };
});
afterAll(async () => {
  await new Promise<void>((resolve) => consumer.server.close(() => resolve()));
});

describe('svc webhook listen --verify (secret from SVC_WEBHOOK_SECRET)', () => {
  it('valid messages (non-ASCII token name, keys reordered) are answered 200 and printed as before with --json', async () => {
    const { running, url } = await listen(['--json']);
    const unicode = notification({ tokenName: UNICODE_TOKEN_NAME });
    const unicodeBody = JSON.stringify(unicode);
    expect(await deliver(url, unicodeBody, signBody(SECRET, unicode))).toMatchObject({ status: 200 });
    const reordered = notification();
    const reorderedBody = JSON.stringify(reorderedKeys(reordered), null, 2);
    expect(await deliver(url, reorderedBody, signBody(SECRET, reordered))).toMatchObject({ status: 200 });
    // The JSON lines are the bodies as received (written compactly), nothing added for --verify.
    expect(running.stdout()).toBe(`${unicodeBody}\n${JSON.stringify(reorderedKeys(reordered))}\n`);
    expect(running.stderr()).not.toMatch(/invalid signature/);
  });

  it('a body changed by one byte, another secret, a missing header: 401, one stderr line each, nothing printed', async () => {
    const { running, url } = await listen(['--json']);
    const message = notification({ messageId: 'msg-tampered' });
    const body = JSON.stringify(message);
    const tampered = await deliver(url, changedByOneByte(body), signBody(SECRET, message));
    expect(tampered.status).toBe(401);
    expect(JSON.parse(tampered.text)).toEqual({
      message: 'invalid signature: the signature does not match the body (wrong secret, or the body was changed)',
    });
    const foreign = notification({ messageId: 'msg-foreign' });
    expect((await deliver(url, JSON.stringify(foreign), signBody(OTHER_SECRET, foreign))).status).toBe(401);
    expect((await deliver(url, JSON.stringify(notification({ messageId: 'msg-unsigned' })))).status).toBe(401);
    expect((await deliver(url, 'not json', 'c2lnbmF0dXJl')).status).toBe(401);
    expect(running.stdout()).toBe('');
    const rejections = running
      .stderr()
      .split('\n')
      .filter((line) => line.includes('invalid signature'));
    // Each names the message and its webhook where the body tells them, and who sent it (address, user-agent).
    const webhook = 'of webhook 0f0e0d0c-0b0a-4909-8807-060504030201';
    const sender = 'sent from 127.0.0.1 by "node"';
    expect(rejections).toEqual([
      `svc: rejected message msg-tampered ${webhook}, ${sender} (answered 401): invalid signature: the signature does not match the body (wrong secret, or the body was changed)`,
      `svc: rejected message msg-foreign ${webhook}, ${sender} (answered 401): invalid signature: the signature does not match the body (wrong secret, or the body was changed)`,
      `svc: rejected message msg-unsigned ${webhook}, ${sender} (answered 401): invalid signature: no x-signature header`,
      `svc: rejected a message, ${sender} (answered 401): invalid signature: the body is not JSON`,
    ]);
    expect(running.stderr()).not.toContain(SECRET);
  });

  it('a rejected message is not remembered: the same messageId, properly signed, is then new, not a duplicate', async () => {
    const { running, url } = await listen(['--json']);
    const message = notification({ messageId: 'msg-retried' });
    const body = JSON.stringify(message);
    expect((await deliver(url, body, signBody(OTHER_SECRET, message))).status).toBe(401);
    expect((await deliver(url, body, signBody(SECRET, message))).status).toBe(200);
    expect(running.stdout()).toBe(`${body}\n`);
    expect(running.stderr()).not.toMatch(/duplicate/);
  });

  it('on a terminal each verified line is marked with ✓ after the time', async () => {
    const { running, url } = await listen([], { stdoutTTY: true, columns: 200 });
    const message = notification();
    expect((await deliver(url, JSON.stringify(message), signBody(SECRET, message))).status).toBe(200);
    expect(running.stdout()).toMatch(/^\d\d:\d\d:\d\d ✓ {2}0f0e0d0c-0b0a-4909-8807-060504030201 {2}chain 43113 /);
  });

  it('--forward-to passes x-signature on unchanged; a rejected message is not forwarded', async () => {
    consumer.seen.length = 0;
    const { url } = await listen(['--json', '--forward-to', consumer.url]);
    const message = notification({ tokenName: UNICODE_TOKEN_NAME });
    const body = JSON.stringify(message);
    const signature = signBody(SECRET, message);
    expect((await deliver(url, body, signature)).status).toBe(200);
    expect((await deliver(url, body, signBody(OTHER_SECRET, message))).status).toBe(401);
    expect(consumer.seen).toHaveLength(1);
    expect(consumer.seen[0]!.headers['x-signature']).toBe(signature);
    expect(consumer.seen[0]!.body).toBe(body);
  });

  it('--secret-file: the secret read from the file; no request to the service, even after a mismatch', async () => {
    const file = join(freshConfigDir(), 'webhook-secret');
    writeFileSync(file, `${SECRET}\n`);
    const { running, url } = await listen(['--json', '--secret-file', file], { env: {} });
    const message = notification();
    expect((await deliver(url, JSON.stringify(message), signBody(SECRET, message))).status).toBe(200);
    expect((await deliver(url, JSON.stringify(message), signBody(OTHER_SECRET, message))).status).toBe(401);
    expect(running.stdout()).toBe(`${JSON.stringify(message)}\n`);
    expect(service.requests).toHaveLength(0);
  });
});

describe('svc webhook listen without --verify', () => {
  it('shows every message, signed or not, and --forward-to still passes x-signature on unchanged', async () => {
    consumer.seen.length = 0;
    const running = await startInProcess(['webhook', 'listen', '--port', '0', '--json', '--forward-to', consumer.url], {
      readyOnStderr: READY,
    });
    started.push(running);
    const url = READY.exec(running.stderr())![1]!;
    const message = notification();
    const body = JSON.stringify(message);
    const foreign = signBody(OTHER_SECRET, message);
    expect((await deliver(url, body, foreign)).status).toBe(200);
    expect((await deliver(url, body)).status).toBe(200);
    expect(consumer.seen.map((seen) => seen.headers['x-signature'])).toEqual([foreign, undefined]);
  });
});

describe('svc webhook listen --verify with the secret from the service', () => {
  const fromService = (options: StartInProcessOptions = {}) => listen(['--json'], { apiKey: KEY, env: {}, ...options });

  it('fetches the secret once at start, with the key, from the literal ":" path', async () => {
    const { url } = await fromService();
    const message = notification();
    expect((await deliver(url, JSON.stringify(message), signBody(SECRET, message))).status).toBe(200);
    expect(service.requests.map((request) => [request.method, request.rawUrl, request.headers['x-service-api-key']])).toEqual([
      ['GET', '/v1/webhooks:getSharedSecret', KEY],
    ]);
  });

  it('after a rotation: a mismatch fetches the secret again and the message verifies with the new one; refetches are throttled', async () => {
    const NEW_SECRET = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const { running, url } = await fromService();
    service.respond([json({ secret: NEW_SECRET })]);
    const message = notification({ messageId: 'msg-after-rotation' });
    expect((await deliver(url, JSON.stringify(message), signBody(NEW_SECRET, message))).status).toBe(200);
    expect(service.requests).toHaveLength(2);
    expect(running.stderr()).toMatch(/the shared secret was rotated on the service: checking with the new one/);
    // The old secret is no longer accepted, and a forger's mismatches do not make listen ask again at once.
    expect((await deliver(url, JSON.stringify(message), signBody(SECRET, message))).status).toBe(401);
    const forged = notification();
    expect((await deliver(url, JSON.stringify(forged), signBody(OTHER_SECRET, forged))).status).toBe(401);
    expect(service.requests).toHaveLength(2);
    expect(running.stdout()).toBe(`${JSON.stringify(message)}\n`);
    expect(running.stderr()).not.toContain(NEW_SECRET);
    expect(running.stderr()).not.toContain(SECRET);
  });

  it('a secret that is not hex (the spec types it only as a string) is used as given: its text is the key', async () => {
    const text = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    service.respond([json({ secret: text })]);
    const { url } = await fromService();
    const message = notification();
    const signedWithText = createHmac('sha256', Buffer.from(text, 'utf8')).update(canonicalBytes(message)).digest('base64');
    expect((await deliver(url, JSON.stringify(message), signedWithText)).status).toBe(200);
    expect(service.requests).toHaveLength(1);
  });

  it('a missing header does not make it ask the service again', async () => {
    const { url } = await fromService();
    expect((await deliver(url, JSON.stringify(notification()))).status).toBe(401);
    expect(service.requests).toHaveLength(1);
  });
});

describe('svc webhook listen --verify: before it listens', () => {
  it('no key and no other source of the secret: exit 4, never ready', async () => {
    const result = await runInProcess(['webhook', 'listen', '--port', '0', '--verify'], { baseUrl: service.url });
    expect(result.exitCode).toBe(4);
    expect(result.stderr).not.toMatch(/Ready/);
  });

  it('a bad --secret-file: exit 2 naming it, never ready', async () => {
    const path = join(freshConfigDir(), 'missing-secret');
    const result = await runInProcess(['webhook', 'listen', '--port', '0', '--verify', '--secret-file', path]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(`svc: --secret-file ${path}: cannot read it (no such file)\n`);
  });

  it('--secret-file without --verify: exit 2', async () => {
    const result = await runInProcess(['webhook', 'listen', '--port', '0', '--secret-file', 'webhook-secret']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe('svc: --secret-file is used with --verify: add --verify\n');
  });
});
