// `svc webhook verify`: a body on stdin against --signature, with the secret from SVC_WEBHOOK_SECRET, --secret-file
// or the service (the recording server). Bodies are signed here with the signature module the emulator uses, or, for
// a secret that is not hex (used as given: its text's bytes), with node's HMAC directly.
import { createHmac } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalBytes, signBody } from '../../src/signature/index.js';
import { freshConfigDir, runInProcess } from '../helpers/cli.js';
import type { InProcessOptions } from '../helpers/cli.js';
import { OTHER_SECRET, SECRET, UNICODE_TOKEN_NAME, changedByOneByte, notification, reorderedKeys } from '../helpers/signatures.js';
import { errorBody, json, useRecordingServer } from '../helpers/test-server.js';

const KEY = 'sk_test_webhook_verify_0001';
const server = useRecordingServer(() => [json({ secret: SECRET })]);

const message = notification({ tokenName: UNICODE_TOKEN_NAME });
const body = JSON.stringify(message);
const signature = signBody(SECRET, message);

/** `svc webhook verify` with `input` on stdin; the secret in the environment unless the options say otherwise. */
const verify = (args: string[], input: string, options: InProcessOptions = {}) =>
  runInProcess(['webhook', 'verify', ...args], { input, baseUrl: server.url, env: { SVC_WEBHOOK_SECRET: SECRET }, ...options });

function secretFile(content: string): string {
  const path = join(freshConfigDir(), 'webhook-secret');
  writeFileSync(path, content, { mode: 0o600 });
  return path;
}

describe('svc webhook verify: the verdict (secret from SVC_WEBHOOK_SECRET, offline)', () => {
  it('a body as signed, non-ASCII token name included: "valid", exit 0, nothing asked of the service', async () => {
    expect(body).toContain(UNICODE_TOKEN_NAME);
    const result = await verify(['--signature', signature], body);
    expect(result).toEqual({ exitCode: 0, stdout: 'valid\n', stderr: '' });
    expect(server.requests).toHaveLength(0);
  });

  it('the same value with its keys reordered and other whitespace: valid (the canonical JSON is signed)', async () => {
    const reordered = JSON.stringify(reorderedKeys(message), null, 2) + '\n';
    expect(reordered).not.toBe(body);
    const result = await verify(['--signature', signature], reordered);
    expect(result).toEqual({ exitCode: 0, stdout: 'valid\n', stderr: '' });
  });

  it('a body changed by one byte: exit 1, says why on stderr, nothing on stdout', async () => {
    const result = await verify(['--signature', signature], changedByOneByte(body));
    expect(result).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: 'svc: invalid signature: the signature does not match the body (wrong secret, or the body was changed)\n',
    });
  });

  it('a signature made with another secret: exit 1', async () => {
    const result = await verify(['--signature', signBody(OTHER_SECRET, message)], body);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/^svc: invalid signature: the signature does not match/);
  });

  it('a body that is not JSON: exit 1, saying so', async () => {
    const result = await verify(['--signature', signature], '<html>oops</html>');
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe('svc: invalid signature: the body is not JSON\n');
  });

  it('--json: the error line in JSON as well, stdout empty', async () => {
    const result = await verify(['--signature', signBody(OTHER_SECRET, message), '--json'], body);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    const line = result.stderr.split('\n').find((text) => text.startsWith('{'));
    expect(JSON.parse(line!)).toMatchObject({ message: expect.stringMatching(/^invalid signature: /) });
  });
});

describe('svc webhook verify: usage (exit 2, nothing read from the service)', () => {
  it.each([
    ['no --signature (the header was missing)', []],
    ['an empty --signature', ['--signature', '']],
  ])('%s', async (_name, args) => {
    const result = await verify(args, body);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe('svc: --signature is required: the value of the x-signature header the body came with\n');
    expect(result.stdout).toBe('');
  });

  it('stdin a terminal: exit 2, says to pipe the body in', async () => {
    const result = await verify(['--signature', signature], '', { stdinTTY: true, env: { SVC_WEBHOOK_SECRET: SECRET } });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/stdin is a terminal/);
  });

  it('an empty stdin: exit 2', async () => {
    const result = await verify(['--signature', signature], '');
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^svc: no body on stdin/);
  });

  it('a body over the 8 MiB cap: exit 2, not read further', async () => {
    const result = await verify(['--signature', signature], 'x'.repeat(8 * 1024 * 1024 + 1));
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^svc: the body on stdin is larger than 8388608 bytes/);
  });

  it('SVC_WEBHOOK_SECRET that is not hex: used as given, the bytes of its text', async () => {
    const text = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const signedWithText = createHmac('sha256', Buffer.from(text, 'utf8')).update(canonicalBytes(message)).digest('base64');
    const result = await verify(['--signature', signedWithText], body, { env: { SVC_WEBHOOK_SECRET: text } });
    expect(result).toEqual({ exitCode: 0, stdout: 'valid\n', stderr: '' });
    // A hex secret of whole bytes is the bytes it spells, so the other form does not pass for it.
    const asText = createHmac('sha256', Buffer.from(SECRET, 'utf8')).update(canonicalBytes(message)).digest('base64');
    expect((await verify(['--signature', asText], body, { env: { SVC_WEBHOOK_SECRET: SECRET } })).exitCode).toBe(1);
  });

  it('SVC_WEBHOOK_SECRET that is not one line of text: exit 2, its value not repeated', async () => {
    const bad = `${SECRET}\u0007`;
    const result = await verify(['--signature', signature], body, { env: { SVC_WEBHOOK_SECRET: bad } });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(
      'svc: SVC_WEBHOOK_SECRET does not hold a secret: it must be one line of text, without control or formatting characters\n',
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe('svc webhook verify --secret-file', () => {
  it('reads the secret with surrounding whitespace and a final newline trimmed', async () => {
    const result = await verify(['--signature', signature, '--secret-file', secretFile(`  ${SECRET}\n`)], body, { env: {} });
    expect(result).toEqual({ exitCode: 0, stdout: 'valid\n', stderr: '' });
    expect(server.requests).toHaveLength(0);
  });

  it('wins over SVC_WEBHOOK_SECRET (a flag wins over the environment)', async () => {
    const file = secretFile(`${SECRET}\n`);
    const result = await verify(['--signature', signature, '--secret-file', file], body, { env: { SVC_WEBHOOK_SECRET: OTHER_SECRET } });
    expect(result.stdout).toBe('valid\n');
    const other = await verify(['--signature', signature, '--secret-file', secretFile(OTHER_SECRET)], body);
    expect(other.exitCode).toBe(1);
  });

  it('a missing file: exit 2 naming it', async () => {
    const path = join(freshConfigDir(), 'nowhere', 'secret');
    const result = await verify(['--signature', signature, '--secret-file', path], body, { env: {} });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(`svc: --secret-file ${path}: cannot read it (no such file)\n`);
    expect(server.requests).toHaveLength(0);
  });

  it('a folder, an unreadable file: exit 2 naming it', async () => {
    const folder = join(freshConfigDir(), 'folder');
    mkdirSync(folder);
    const folderResult = await verify(['--signature', signature, '--secret-file', folder], body, { env: {} });
    expect(folderResult.exitCode).toBe(2);
    expect(folderResult.stderr).toMatch(/--secret-file .*folder: cannot read it \(is a folder\)/);
    if (process.getuid?.() !== 0) {
      const locked = secretFile(SECRET);
      chmodSync(locked, 0o000);
      const lockedResult = await verify(['--signature', signature, '--secret-file', locked], body, { env: {} });
      expect(lockedResult.exitCode).toBe(2);
      expect(lockedResult.stderr).toMatch(/cannot read it \(permission denied\)/);
    }
  });

  it('a file that does not hold a secret (several lines): exit 2 naming the file, its content never echoed', async () => {
    const content = `${SECRET.slice(0, 40)}\noops\n${SECRET.slice(40)}\n`;
    const path = secretFile(content);
    const result = await verify(['--signature', signature, '--secret-file', path, '--verbose'], body, { env: {} });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(`^svc: --secret-file ${path}: does not hold a secret: it must hold the secret alone, on one line`),
    );
    expect(result.stderr).not.toContain(SECRET.slice(0, 40));
    expect(result.stderr).not.toContain('oops');
  });

  it('a file whose secret has a typo: used as given, so the signature does not match (exit 1), its content never echoed', async () => {
    const path = secretFile(`${SECRET.slice(0, 40)}-oops-${SECRET.slice(40)}\n`);
    const result = await verify(['--signature', signature, '--secret-file', path, '--verbose'], body, { env: {} });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).not.toContain(SECRET.slice(0, 40));
    expect(result.stderr).not.toContain('oops');
  });

  it('a file that never ends (/dev/zero): read up to a cap, then exit 2', async () => {
    const result = await verify(['--signature', signature, '--secret-file', '/dev/zero'], body, { env: {} });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe('svc: --secret-file /dev/zero: cannot read it (larger than 65536 bytes, so not a secret file)\n');
  });

  it('an empty --secret-file: exit 2', async () => {
    const result = await verify(['--signature', signature, '--secret-file', ''], body);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^svc: --secret-file: /);
  });
});

describe('svc webhook verify: the secret from the service', () => {
  const fromService = (args: string[], input: string, options: InProcessOptions = {}) =>
    runInProcess(['webhook', 'verify', ...args], { input, baseUrl: server.url, apiKey: KEY, ...options });

  it('with neither variable nor file it GETs the literal ":" path with the key, once', async () => {
    const result = await fromService(['--signature', signature], body);
    expect(result).toEqual({ exitCode: 0, stdout: 'valid\n', stderr: '' });
    expect(server.requests.map((request) => [request.method, request.rawUrl, request.headers['x-service-api-key']])).toEqual([
      ['GET', '/v1/webhooks:getSharedSecret', KEY],
    ]);
  });

  it('a wrong signature still exits 1 (the service is asked once)', async () => {
    const result = await fromService(['--signature', signBody(OTHER_SECRET, message)], body);
    expect(result.exitCode).toBe(1);
    expect(server.requests).toHaveLength(1);
  });

  it('no key: exit 4 before any request, with the other ways to give the secret', async () => {
    const result = await runInProcess(['webhook', 'verify', '--signature', signature], { input: body, baseUrl: server.url });
    expect(result.exitCode).toBe(4);
    expect(server.requests).toHaveLength(0);
  });

  it('exit codes of the service answer: 401 → 4, 404 → 3, 500 → 1; a refused connection → 6', async () => {
    for (const [status, exitCode] of [
      [401, 4],
      [404, 3],
      [500, 1],
    ] as const) {
      server.respond([errorBody(status)]);
      const result = await fromService(['--signature', signature, '--retries', '0'], body);
      expect(result.exitCode, String(status)).toBe(exitCode);
    }
    const refused = await runInProcess(['webhook', 'verify', '--signature', signature, '--retries', '0'], {
      input: body,
      baseUrl: 'http://127.0.0.1:1',
      apiKey: KEY,
    });
    expect(refused.exitCode).toBe(6);
  });

  it('a secret from the service that is not hex (the spec says only "string"): used as given', async () => {
    const text = SECRET.slice(1);
    server.respond([json({ secret: text })]);
    const signedWithText = createHmac('sha256', Buffer.from(text, 'utf8')).update(canonicalBytes(message)).digest('base64');
    const result = await fromService(['--signature', signedWithText], body);
    expect(result).toEqual({ exitCode: 0, stdout: 'valid\n', stderr: '' });
  });

  it('a secret from the service that is not one line of text: exit 1, the value not quoted', async () => {
    server.respond([json({ secret: `${SECRET}\r\n` })]);
    const result = await fromService(['--signature', signature], body);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe('svc: unexpected response: "secret" must be one line of text, without control or formatting characters\n');
  });

  it('--verbose shows the exchange, never the secret', async () => {
    const result = await fromService(['--signature', signBody(OTHER_SECRET, message), '--verbose'], body);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/GET .*webhooks:getSharedSecret/);
    expect(result.stderr).not.toContain(SECRET);
  });
});
