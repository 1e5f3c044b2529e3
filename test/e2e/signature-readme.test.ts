// The documented Node receiver (docs/signatures.md, "Verify signatures in your receiver"), extracted and run as it is written, so the
// documentation cannot drift from the signatures the service and the emulator make: messages signed with the
// signature module (the `canonicalize` package) must be accepted, tampered and unsigned ones refused.
import { execa } from 'execa';
import type { ResultPromise } from 'execa';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { signBody } from '../../src/signature/index.js';
import { REPO_ROOT, runInProcess } from '../helpers/cli.js';
import { call, eventually, PATIENT_DELIVERY, startTestEmulator } from '../helpers/emulator-helpers.js';
import { OTHER_SECRET, SECRET, UNICODE_TOKEN_NAME, changedByOneByte, deliver, notification, reorderedKeys } from '../helpers/signatures.js';

/** The code block after `<!-- example: <name> -->` in docs/signatures.md. */
function readmeExample(name: string): string {
  const readme = readFileSync(join(REPO_ROOT, 'docs', 'signatures.md'), 'utf8');
  const match = new RegExp(`<!-- example: ${name} -->\\n\`\`\`js\\n([\\s\\S]*?)\\n\`\`\``).exec(readme);
  if (!match) throw new Error(`docs/signatures.md has no example "${name}"`);
  return match[1]! + '\n';
}

interface RunningReceiver {
  url: string;
  lines: string[];
  /** Resolves with the first output line (seen or to come) passing `test`. */
  waitForLine(test: (line: string) => boolean): Promise<string>;
  stop(): Promise<void>;
}

/** `node receiver.mjs` from docs/signatures.md, on a free port, once it printed "listening on <port>". */
async function startReadmeReceiver(secret: string): Promise<RunningReceiver> {
  const file = join(mkdtempSync(join(tmpdir(), 'svc-receiver-')), 'receiver.mjs');
  writeFileSync(file, readmeExample('node-receiver'));
  const child: ResultPromise = execa('node', [file], {
    env: { WEBHOOK_SECRET: secret, PORT: '0' },
    extendEnv: true,
    buffer: false,
    reject: false,
  });
  const lines: string[] = [];
  const listeners = new Set<() => void>();
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    const parts = pending.split('\n');
    pending = parts.pop()!;
    lines.push(...parts);
    for (const listener of [...listeners]) listener();
  });
  const waitForLine = (test: (line: string) => boolean) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const found = lines.find(test);
        if (found === undefined) return;
        listeners.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`no such line from the receiver; it printed: ${lines.join(' | ')}`));
      }, 10_000);
      listeners.add(check);
      check();
    });
  const listening = await waitForLine((line) => line.startsWith('listening on '));
  return {
    url: `http://127.0.0.1:${listening.slice('listening on '.length)}/hooks`,
    lines,
    waitForLine,
    stop: async () => {
      child.kill('SIGTERM');
      await child;
    },
  };
}

let receiver: RunningReceiver;
beforeAll(async () => {
  receiver = await startReadmeReceiver(SECRET);
});
afterAll(async () => {
  await receiver?.stop();
});

describe('the documented Node receiver', () => {
  it('accepts messages signed as the service signs them: non-ASCII token names, reordered keys, JCS numbers and escapes', async () => {
    const unicode = notification({ tokenName: UNICODE_TOKEN_NAME, messageId: 'readme-unicode' });
    expect((await deliver(receiver.url, JSON.stringify(unicode), signBody(SECRET, unicode))).status).toBe(200);

    const reordered = notification({ messageId: 'readme-reordered' });
    expect((await deliver(receiver.url, JSON.stringify(reorderedKeys(reordered), null, 2), signBody(SECRET, reordered))).status).toBe(200);

    // What the five-line canonical form must write exactly as the RFC does: numbers in ECMAScript's shortest form,
    // escapes, and keys that sort differently by code unit than by code point.
    const awkward = {
      ...notification({ messageId: 'readme-awkward' }),
      extra: {
        numbers: [1e21, 0.1, -0, 1.5e-7, 333333333.3333333, 4.5],
        text: '\u2028"\\</script>\u0007€',
        '\ud83d\ude00': 1,
        '\uff61': 2,
      },
    };
    expect((await deliver(receiver.url, JSON.stringify(awkward), signBody(SECRET, awkward))).status).toBe(200);

    for (const id of ['readme-unicode', 'readme-reordered', 'readme-awkward']) {
      await receiver.waitForLine((line) => line === `verified ${id}`);
    }
  });

  it('refuses a body changed by one byte, a signature of another secret and a missing header with 401', async () => {
    const message = notification({ messageId: 'readme-refused' });
    const body = JSON.stringify(message);
    expect((await deliver(receiver.url, changedByOneByte(body), signBody(SECRET, message))).status).toBe(401);
    expect((await deliver(receiver.url, body, signBody(OTHER_SECRET, message))).status).toBe(401);
    expect((await deliver(receiver.url, body)).status).toBe(401);
    expect(receiver.lines).not.toContain('verified readme-refused');
    expect(receiver.lines.filter((line) => line === 'rejected: missing or wrong x-signature').length).toBeGreaterThanOrEqual(3);
  });
});

// The same receiver process as above: the emulator is given its secret (--webhook-secret), and shows that one.
describe('the documented Node receiver against the emulator', () => {
  const KEY = 'sk_test_readme_receiver_0001';
  const WATCHED = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
  let emulator: RunningEmulator;
  let fromEmulator: RunningReceiver;
  beforeAll(async () => {
    // The contract's 5 s per attempt: the test counts attempts, and a 300 ms limit on a loaded machine retried one.
    emulator = await startTestEmulator({ webhookSecret: SECRET }, PATIENT_DELIVERY);
    const shown = await runInProcess(['webhook', 'secret', 'show'], { baseUrl: emulator.url, apiKey: KEY });
    expect(shown.exitCode, shown.stderr).toBe(0);
    expect(shown.stdout).toBe(`${SECRET}\n`);
    fromEmulator = receiver;
  });
  afterAll(async () => {
    await emulator?.close();
  });

  it('verifies every delivery, a non-ASCII token name included, and the emulator records them delivered', async () => {
    // What the receiver prints from here on is the emulator's doing (the tests above had it refuse messages).
    const earlier = fromEmulator.lines.length;
    const created = await runInProcess(
      ['webhook', 'create', '--url', fromEmulator.url, '--chain-id', '43113', '--address', WATCHED, '--json'],
      { baseUrl: emulator.url, apiKey: KEY },
    );
    expect(created.exitCode, created.stderr).toBe(0);
    const injected = await call(emulator.url, 'POST', '/_emulator/transactions', {
      body: {
        chainId: '43113',
        from: WATCHED,
        erc20Transfers: [
          {
            // A mint: a sender must hold what it sends.
            from: '0x0000000000000000000000000000000000000000',
            to: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
            value: '1',
            token: { address: '0x5425890298aed601595a70AB815c96711a31Bc65', name: UNICODE_TOKEN_NAME, symbol: 'ÜNI', decimals: 6 },
          },
        ],
      },
    });
    expect(injected.status).toBe(201);
    const [messageId] = injected.body.messageIds as string[];
    await fromEmulator.waitForLine((line) => line === `verified ${messageId}`);
    expect(fromEmulator.lines.slice(earlier)).not.toContain('rejected: missing or wrong x-signature');
    // The emulator records the answer just after the receiver printed its line.
    const delivered = await eventually(async () => {
      const { body } = await call(emulator.url, 'GET', '/_emulator/deliveries');
      const record = body.deliveries.find((delivery: { messageId: string }) => delivery.messageId === messageId);
      return record?.state === 'delivered' ? record : undefined;
    });
    expect(delivered).toMatchObject({ attempts: 1, lastStatus: 200 });
  });
});
