// `svc webhook secret show` and `svc webhook secret rotate` against the recording server: the literal ':' paths,
// the key header, 200 and 201, the exit codes, rotate's at-most-once retries and its confirmation, and the secret
// kept out of --verbose lines and error messages.
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli.js';
import type { InProcessOptions } from '../helpers/cli.js';
import { errorAnswer, errorBody, json, useRecordingServer, repeatedly } from '../helpers/test-server.js';

const KEY = 'sk_test_webhook_secret_0001';
const SECRET = '5f3c0a9e1b7d4c2a8e6f0b1d3c5a7e9f2b4d6c8a0e1f3b5d7c9a1e3f5b7d9c0a';
const NEW_SECRET = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';
const SHOW_PATH = '/v1/webhooks:getSharedSecret';
const ROTATE_PATH = '/v1/webhooks:generateOrRotateSharedSecret';

const server = useRecordingServer(() => [json({ secret: SECRET })]);

const svc = (args: string[], options: InProcessOptions = {}) => runInProcess(args, { baseUrl: server.url, apiKey: KEY, ...options });

describe('svc webhook secret show', () => {
  it('GETs the literal ":" path with the key and prints the secret alone on one line', async () => {
    const result = await svc(['webhook', 'secret', 'show']);
    expect(result).toEqual({ exitCode: 0, stdout: `${SECRET}\n`, stderr: '' });
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request!.method).toBe('GET');
    expect(request!.rawUrl).toBe(SHOW_PATH);
    expect(request!.rawUrl).not.toMatch(/%3A/i);
    expect(request!.headers['x-service-api-key']).toBe(KEY);
    expect(request!.body).toBe('');
  });

  it('--json prints the body as returned, extra fields and spacing kept', async () => {
    const body = `{ "secret" : "${SECRET}", "createdAt": 1716000000000 }`;
    server.respond([{ status: 200, body }]);
    const result = await svc(['webhook', 'secret', 'show', '--json']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(`${body}\n`);
  });

  // The spec types the secret as a string; the service gives hex. Whatever one line it gives is printed as given.
  it.each([
    ['not hex', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
    ['an odd number of hex digits', SECRET.slice(1)],
    ['with spaces and non-ASCII', 'clé partagée 42'],
  ])('a secret %s is printed as given, exit 0', async (_what, secret) => {
    server.respond([json({ secret })]);
    const result = await svc(['webhook', 'secret', 'show']);
    expect(result).toEqual({ exitCode: 0, stdout: `${secret}\n`, stderr: '' });
  });

  it('is a GET: retried on 503, then printed once', async () => {
    server.respond([errorAnswer(503), json({ secret: SECRET })]);
    const result = await svc(['webhook', 'secret', 'show', '--retries', '2']);
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(result.stdout).toBe(`${SECRET}\n`);
  });

  it.each([
    [1, errorAnswer(500, 'boom')],
    [1, json({ secret: 42 })],
    [2, errorBody(400, 'bad')],
    [3, errorBody(404, 'no such route')],
    [4, errorBody(401, 'unknown key')],
    [4, errorBody(403, 'read-only key')],
    [5, errorAnswer(429, 'slow down')],
  ])('exit %i for answer %#', async (exitCode, answer) => {
    server.respond([answer]);
    const result = await svc(['webhook', 'secret', 'show', '--retries', '0']);
    expect(result.exitCode).toBe(exitCode);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^svc: /);
  });

  it('no key → exit 4 and no request', async () => {
    const result = await runInProcess(['webhook', 'secret', 'show'], { baseUrl: server.url });
    expect(result.exitCode).toBe(4);
    expect(server.requests).toHaveLength(0);
  });

  it('a refused connection → exit 6', async () => {
    const result = await runInProcess(['webhook', 'secret', 'show', '--retries', '0'], { baseUrl: 'http://127.0.0.1:1', apiKey: KEY });
    expect(result.exitCode).toBe(6);
  });
});

describe('svc webhook secret rotate', () => {
  it('without --yes and without a terminal: exit 2, no request sent', async () => {
    const result = await svc(['webhook', 'secret', 'rotate']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe('svc: refusing to rotate the shared secret without confirmation: pass --yes\n');
    expect(server.requests).toHaveLength(0);
  });

  it.each([201, 200])('POSTs the literal ":" path with no body, accepts %i and prints the new secret', async (status) => {
    server.respond([json({ secret: NEW_SECRET }, status)]);
    const result = await svc(['webhook', 'secret', 'rotate', '--yes']);
    expect(result).toEqual({ exitCode: 0, stdout: `${NEW_SECRET}\n`, stderr: '' });
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request!.method).toBe('POST');
    expect(request!.rawUrl).toBe(ROTATE_PATH);
    expect(request!.headers['x-service-api-key']).toBe(KEY);
    expect(request!.body).toBe('');
  });

  it('--json prints the body as returned', async () => {
    const body = `{"secret":"${NEW_SECRET}"}`;
    server.respond([{ status: 201, body }]);
    const result = await svc(['webhook', 'secret', 'rotate', '--yes', '--json']);
    expect(result.stdout).toBe(`${body}\n`);
  });

  it.each([500, 502, 503])('a %i is not retried (a second rotation would replace the new secret): one request, exit 1', async (status) => {
    server.respond([errorAnswer(status)]);
    const result = await svc(['webhook', 'secret', 'rotate', '--yes', '--retries', '3']);
    expect(result.exitCode).toBe(1);
    expect(server.requests).toHaveLength(1);
  });

  it('a 429 is retried (the service did not act)', async () => {
    server.respond([errorAnswer(429), json({ secret: NEW_SECRET }, 201)]);
    const result = await svc(['webhook', 'secret', 'rotate', '--yes', '--retries', '2']);
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(result.stdout).toBe(`${NEW_SECRET}\n`);
  });

  it('429 on every attempt → exit 5', async () => {
    server.respond(repeatedly(errorAnswer(429)));
    const result = await svc(['webhook', 'secret', 'rotate', '--yes', '--retries', '1']);
    expect(result.exitCode).toBe(5);
    expect(server.requests).toHaveLength(2);
  });

  it('a connection dropped after the request was sent: one request, exit 6, outcome unknown and how to check', async () => {
    server.respond([{ fault: 'drop' }]);
    const result = await svc(['webhook', 'secret', 'rotate', '--yes', '--retries', '3']);
    expect(result.exitCode).toBe(6);
    expect(server.requests).toHaveLength(1);
    expect(result.stderr).toMatch(/unknown/i);
    expect(result.stderr).toMatch(/svc webhook secret show/);
    expect(result.stdout).toBe('');
  });

  it.each([
    [2, errorBody(400, 'bad')],
    [3, errorBody(404, 'gone')],
    [4, errorBody(401, 'unknown key')],
    [4, errorBody(403, 'read-only key')],
  ])('exit %i for answer %#, one request', async (exitCode, answer) => {
    server.respond([answer]);
    const result = await svc(['webhook', 'secret', 'rotate', '--yes']);
    expect(result.exitCode).toBe(exitCode);
    expect(server.requests).toHaveLength(1);
  });

  it('an unreadable 201 → exit 1, says the secret was rotated and how to see it, nothing on stdout', async () => {
    server.respond([{ status: 201, headers: { 'content-type': 'text/plain' }, body: 'rotated' }]);
    const result = await svc(['webhook', 'secret', 'rotate', '--yes']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^svc: the secret was rotated, but the answer could not be read/);
    expect(result.stderr).toMatch(/svc webhook secret show/);
  });

  it('no key → exit 4 before asking anything, no request', async () => {
    const result = await runInProcess(['webhook', 'secret', 'rotate', '--yes'], { baseUrl: server.url });
    expect(result.exitCode).toBe(4);
    expect(server.requests).toHaveLength(0);
  });
});

// In-process with stdin and stderr taken for a terminal: the question and its answer are this command's; a prompt in
// a real terminal (a typed "y", Ctrl-C) is cli-tty's, with webhook deactivate's question.
describe('svc webhook secret rotate at a terminal', () => {
  const tty = (input: string) => svc(['webhook', 'secret', 'rotate'], { stdinTTY: true, stderrTTY: true, input });

  it('asks first; Enter (default no) sends nothing and exits 2', async () => {
    const result = await tty('\r');
    expect(result.stderr).toMatch(/Rotate the shared secret\?.*\[y\/N\]/);
    expect(result.exitCode).toBe(2);
    expect(server.requests).toHaveLength(0);
  });

  it('"y" rotates and prints the new secret', async () => {
    server.respond([json({ secret: NEW_SECRET }, 201)]);
    const result = await tty('y\r');
    expect(result.exitCode).toBe(0);
    expect(server.requests.map((request) => request.rawUrl)).toEqual([ROTATE_PATH]);
    expect(result.stdout).toBe(`${NEW_SECRET}\n`);
  });
});

describe('the secret stays out of --verbose lines and errors', () => {
  it('--verbose shows each exchange on stderr, never the secret', async () => {
    const shown = await svc(['webhook', 'secret', 'show', '--verbose']);
    expect(shown.exitCode).toBe(0);
    expect(shown.stderr).toMatch(/GET .*webhooks:getSharedSecret.* 200/);
    expect(shown.stderr).not.toContain(SECRET);
    server.respond([json({ secret: NEW_SECRET }, 201)]);
    const rotated = await svc(['webhook', 'secret', 'rotate', '--yes', '--verbose']);
    expect(rotated.exitCode).toBe(0);
    expect(rotated.stderr).toMatch(/POST .*webhooks:generateOrRotateSharedSecret.* 201/);
    expect(rotated.stderr).not.toContain(NEW_SECRET);
  });

  it.each([
    ['two lines', `${SECRET}\n${SECRET}`],
    ['a right-to-left override, which would show it otherwise than it is', `${SECRET.slice(0, 32)}\u202e${SECRET.slice(32)}`],
  ])('an answer whose secret is not one line of plain text (%s): exit 1, the error does not quote it', async (_what, malformed) => {
    server.respond([json({ secret: malformed })]);
    const result = await svc(['webhook', 'secret', 'show', '--verbose', '--json']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^svc: unexpected response: "secret" must be one line of text, without control or formatting characters$/m,
    );
    expect(result.stderr).not.toContain(SECRET);
  });
});
