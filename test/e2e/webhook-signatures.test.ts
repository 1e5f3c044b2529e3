// Signed deliveries end to end, against the emulator: every attempt verifies with the secret `secret show` prints;
// after `secret rotate` new attempts verify with the new secret only; `webhook verify` and `webhook listen --verify`
// accept real deliveries (non-ASCII token names, keys reordered) and refuse them changed by one byte, signed with
// another secret or without the header; the README's Node receiver accepts what the emulator sends.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { verifyBody } from '../../src/signature/index.js';
import { runInProcess, startInProcess } from '../helpers/cli.js';
import type { RunningInProcess } from '../helpers/cli.js';
import { call, startTestEmulator } from '../helpers/emulator-helpers.js';
import { OTHER_SECRET, UNICODE_TOKEN_NAME, changedByOneByte, deliver, reorderedKeys } from '../helpers/signatures.js';

const KEY = 'sk_test_signatures_0001';
const FUJI = '43113';
const WATCHED = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const OTHER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';

/** One delivery attempt as it arrived: the raw body and its x-signature. */
interface Attempt {
  body: string;
  signature: string | undefined;
  messageId: string;
}

/** A webhook endpoint that records every attempt and answers `status(attempt)` (200 by default). */
interface Recorder {
  url: string;
  attempts: Attempt[];
  status: (attempt: Attempt, index: number) => number;
  until(check: () => boolean, what: string): Promise<void>;
  server: Server;
}

async function startRecorder(): Promise<Recorder> {
  const listeners = new Set<() => void>();
  const recorder: Recorder = {
    url: '',
    attempts: [],
    status: () => 200,
    until: (check, what) =>
      new Promise((resolve, reject) => {
        const listener = () => {
          if (!check()) return;
          listeners.delete(listener);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          listeners.delete(listener);
          reject(new Error(`${what}: not within 10 s (${recorder.attempts.length} attempts)`));
        }, 10_000);
        listeners.add(listener);
        listener();
      }),
    server: createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const signature = request.headers['x-signature'];
        const attempt = { body, signature: typeof signature === 'string' ? signature : undefined, messageId: JSON.parse(body).messageId };
        const index = recorder.attempts.push(attempt) - 1;
        response.writeHead(recorder.status(attempt, index), { 'content-type': 'text/plain' });
        response.end('ok');
        for (const listener of [...listeners]) listener();
      });
    }),
  };
  await new Promise<void>((resolve) => recorder.server.listen(0, '127.0.0.1', resolve));
  recorder.url = `http://127.0.0.1:${(recorder.server.address() as AddressInfo).port}/hook`;
  return recorder;
}

let emulator: RunningEmulator;
let recorder: Recorder;
beforeAll(async () => {
  emulator = await startTestEmulator();
  recorder = await startRecorder();
});
afterAll(async () => {
  await emulator.close();
  await new Promise<void>((resolve) => recorder.server.close(() => resolve()));
});

const svc = (args: string[], options: Parameters<typeof runInProcess>[1] = {}) =>
  runInProcess(args, { baseUrl: emulator.url, apiKey: KEY, ...options });

async function secretShow(): Promise<string> {
  const result = await svc(['webhook', 'secret', 'show']);
  expect(result.exitCode, result.stderr).toBe(0);
  return result.stdout.trim();
}

async function createWebhook(url: string): Promise<string> {
  const result = await svc(['webhook', 'create', '--url', url, '--chain-id', FUJI, '--address', WATCHED, '--include-logs', '--json']);
  expect(result.exitCode, result.stderr).toBe(0);
  return JSON.parse(result.stdout).id;
}

async function deactivate(id: string): Promise<void> {
  expect((await svc(['webhook', 'deactivate', id, '--yes'])).exitCode).toBe(0);
}

/** A transaction touching the watched address, with an ERC-20 transfer of a token with a non-ASCII name. */
async function inject(): Promise<string[]> {
  const response = await call(emulator.url, 'POST', '/_emulator/transactions', {
    body: {
      chainId: FUJI,
      from: WATCHED,
      to: OTHER,
      erc20Transfers: [
        {
          // A mint: a sender must hold what it sends.
          from: '0x0000000000000000000000000000000000000000',
          to: OTHER,
          value: '2500000',
          token: { address: '0x5425890298aed601595a70AB815c96711a31Bc65', name: UNICODE_TOKEN_NAME, symbol: 'ÜNI', decimals: 6 },
        },
      ],
    },
  });
  expect(response.status).toBe(201);
  return response.body.messageIds;
}

const verifyCli = (signature: string | undefined, body: string, secret: string) =>
  runInProcess(['webhook', 'verify', ...(signature === undefined ? [] : ['--signature', signature])], {
    input: body,
    env: { SVC_WEBHOOK_SECRET: secret },
  });

describe('emulator deliveries are signed', () => {
  it('every attempt, retries included, verifies with the secret from `secret show`; non-ASCII token names as sent', async () => {
    const secret = await secretShow();
    const webhookId = await createWebhook(recorder.url);
    // The first attempt of each message fails, so the retry is signed too.
    const failedOnce = new Set<string>();
    recorder.status = (attempt) => (failedOnce.has(attempt.messageId) ? 200 : (failedOnce.add(attempt.messageId), 500));
    try {
      const messageIds = [...(await inject()), ...(await inject())];
      const attemptsOf = (id: string) => recorder.attempts.filter((attempt) => attempt.messageId === id);
      await recorder.until(() => messageIds.every((id) => attemptsOf(id).length >= 2), 'two attempts of each message');
      for (const attempt of messageIds.flatMap(attemptsOf)) {
        expect(attempt.body).toContain(UNICODE_TOKEN_NAME);
        expect(verifyBody(secret, attempt.body, attempt.signature)).toEqual({ valid: true });
        expect(await verifyCli(attempt.signature, attempt.body, secret)).toEqual({ exitCode: 0, stdout: 'valid\n', stderr: '' });
      }
    } finally {
      recorder.status = () => 200;
      await deactivate(webhookId);
    }
  });

  it('after `secret rotate`, new attempts verify with the new secret only', async () => {
    const before = await secretShow();
    const webhookId = await createWebhook(recorder.url);
    try {
      const [first] = await inject();
      await recorder.until(() => recorder.attempts.some((attempt) => attempt.messageId === first), 'a delivery before the rotation');
      const rotated = await svc(['webhook', 'secret', 'rotate', '--yes']);
      expect(rotated.exitCode, rotated.stderr).toBe(0);
      const after = rotated.stdout.trim();
      expect(after).not.toBe(before);
      expect(await secretShow()).toBe(after);
      const from = recorder.attempts.length;
      const [second] = await inject();
      await recorder.until(() => recorder.attempts.slice(from).some((attempt) => attempt.messageId === second), 'a delivery after');
      for (const attempt of recorder.attempts.slice(from)) {
        expect(verifyBody(after, attempt.body, attempt.signature)).toEqual({ valid: true });
        expect(verifyBody(before, attempt.body, attempt.signature).valid).toBe(false);
        expect((await verifyCli(attempt.signature, attempt.body, before)).exitCode).toBe(1);
      }
    } finally {
      await deactivate(webhookId);
    }
  });
});

describe('a real delivery and its altered copies, in `webhook verify` and `webhook listen --verify`', () => {
  let secret: string;
  let delivered: Attempt;
  /** name, body, signature, whether it must be accepted */
  let cases: Array<[string, string, string | undefined, boolean]>;

  beforeAll(async () => {
    secret = await secretShow();
    const webhookId = await createWebhook(recorder.url);
    const [messageId] = await inject();
    await recorder.until(() => recorder.attempts.some((attempt) => attempt.messageId === messageId), 'a delivery');
    await deactivate(webhookId);
    delivered = recorder.attempts.find((attempt) => attempt.messageId === messageId)!;
    const parsed = JSON.parse(delivered.body);
    const { signBody } = await import('../../src/signature/index.js');
    cases = [
      ['as delivered (a non-ASCII token name)', delivered.body, delivered.signature, true],
      ['keys reordered, other whitespace', JSON.stringify(reorderedKeys(parsed), null, 2), delivered.signature, true],
      ['changed by one byte', changeOneByte(delivered.body), delivered.signature, false],
      ['signed with another secret', delivered.body, signBody(OTHER_SECRET, parsed), false],
      ['without the header', delivered.body, undefined, false],
    ];
  });

  /** One byte of the message changed: a digit of its blockTimestamp, so it stays valid JSON. */
  function changeOneByte(body: string): string {
    if (body.includes('"1000000000000000000"')) return changedByOneByte(body);
    const at = body.indexOf('"blockTimestamp":') + '"blockTimestamp":'.length;
    const bytes = Buffer.from(body, 'utf8');
    bytes[at] = bytes[at] === 0x31 ? 0x32 : 0x31;
    return bytes.toString('utf8');
  }

  it('webhook verify: valid as delivered and reordered; invalid (exit 1) changed or foreign; exit 2 without a signature', async () => {
    expect(delivered.body).toContain(UNICODE_TOKEN_NAME);
    for (const [name, body, signature, accepted] of cases) {
      const result = await verifyCli(signature, body, secret);
      const expected = accepted ? 0 : signature === undefined ? 2 : 1;
      expect(result.exitCode, `${name}: ${result.stderr}`).toBe(expected);
      if (accepted) expect(result.stdout).toBe('valid\n');
    }
  });

  describe('webhook listen --verify', () => {
    let listening: RunningInProcess | undefined;
    afterEach(async () => {
      await listening?.stop();
      listening = undefined;
    });

    it('answers 200 to the valid ones and prints them, 401 to the others with a stderr line each', async () => {
      listening = await startInProcess(['webhook', 'listen', '--port', '0', '--json', '--verify'], {
        env: { SVC_WEBHOOK_SECRET: secret },
        readyOnStderr: /^Ready: /,
      });
      const url = /^Ready: notifications to (\S+)/m.exec(listening.stderr())![1]!;
      for (const [name, body, signature, accepted] of cases) {
        expect((await deliver(url, body, signature)).status, name).toBe(accepted ? 200 : 401);
      }
      const printed = listening.stdout().trimEnd().split('\n');
      expect(printed).toHaveLength(1); // the reordered copy has the same messageId: a duplicate, reported on stderr
      expect(JSON.parse(printed[0]!)).toEqual(JSON.parse(delivered.body));
      expect(listening.stderr().match(/invalid signature/g)).toHaveLength(3);
    });

    it('end to end: the emulator delivers to listen --verify (secret from the service), also after a rotation', async () => {
      listening = await startInProcess(['webhook', 'listen', '--port', '0', '--json', '--verify'], {
        baseUrl: emulator.url,
        apiKey: KEY,
        readyOnStderr: /^Ready: /,
      });
      const url = /^Ready: notifications to (\S+)/m.exec(listening.stderr())![1]!;
      const webhookId = await createWebhook(url);
      const running = listening;
      const printedIds = () =>
        running
          .stdout()
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line).messageId as string);
      try {
        const [first] = await inject();
        await waitFor(() => printedIds().includes(first!), 'the first message printed');
        expect((await svc(['webhook', 'secret', 'rotate', '--yes'])).exitCode).toBe(0);
        const [second] = await inject();
        await waitFor(() => printedIds().includes(second!), 'the message after the rotation printed');
        expect(running.stderr()).toMatch(/the shared secret was rotated on the service/);
        expect(running.stderr()).not.toMatch(/invalid signature/);
      } finally {
        await deactivate(webhookId);
      }
    });
  });
});

/** Polls `check` (what listen printed so far); the emulator delivers within milliseconds. */
async function waitFor(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
