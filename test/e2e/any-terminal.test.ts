// Any terminal: the commands users run most, in real pseudo-terminals of 0, 1, 20, 80 and 250 columns and resized
// while the spinner runs, end in time with bounded output and no line wider than the terminal (from 20 columns up);
// SIGINT and SIGTERM end every long-running state within a second; the hidden prompt ignores escape sequences.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { displayWidth } from '../../src/render/width.js';
import { freshConfigDir } from '../helpers/cli.js';
import { API_KEY, call, startTestEmulator, webhookBody } from '../helpers/emulator-helpers.js';
import { runInPty, visibleLines } from '../helpers/pty.js';
import type { PtyRun } from '../helpers/pty.js';
import { notification } from '../helpers/signatures.js';
import { errorBody, useRecordingServer } from '../helpers/test-server.js';

const WIDTHS = [0, 1, 20, 80, 250];
const ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
/** Far more than any of these commands prints; a spinner looping on a width writes megabytes a second. */
const OUTPUT_BOUND = 256 * 1024;

let emulator: RunningEmulator;
let webhookId: string;
const server = useRecordingServer(() => [errorBody(503, 'later', { 'retry-after': '30' })]);

beforeAll(async () => {
  // Latency keeps each request in flight long enough for the spinner to draw.
  emulator = await startTestEmulator({ latencyMs: 250 });
  const addresses = Array.from({ length: 250 }, (_, i) => '0x' + (i + 1).toString(16).padStart(40, '0'));
  const created = await call(emulator.url, 'POST', '/v1/webhooks', { key: API_KEY, body: webhookBody({ metadata: { addresses } }) });
  webhookId = created.body.id;
});
afterAll(async () => {
  await emulator.close();
});

function expectFits(run: PtyRun, columns: number): void {
  expect(run.exitCode, run.output.slice(-500)).toBe(0);
  expectWithin(run, columns);
}

/** Bounded output and, from 20 columns up, every line (stdout and stderr: messages, hints, the prompt) within the width. */
function expectWithin(run: PtyRun, columns: number): void {
  expect(run.waitTimedOut, run.output).toBe(false);
  expect(run.bytes).toBeLessThan(OUTPUT_BOUND);
  if (columns >= 20) {
    const wide = visibleLines(run.output).filter((line) => displayWidth(line) > columns);
    expect(wide.map((line) => JSON.stringify(line)).join('\n'), `lines wider than ${columns} columns`).toBe('');
  }
}

const env = () => ({ baseUrl: emulator.url, apiKey: API_KEY });

/** A port nothing listens on now, for a receiver started in a pty (which cannot report the port it chose). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe.concurrent.each(WIDTHS)('a terminal of %i columns', (columns) => {
  it('tx list, webhook addresses --all and webhook create end in time, bounded, within the width', async () => {
    const runs = await Promise.all([
      runInPty(['tx', 'list', '--limit', '30', '--no-color'], { ...env(), columns }),
      runInPty(['webhook', 'addresses', webhookId, '--all'], { ...env(), columns }),
      runInPty(
        [
          'webhook',
          'create',
          '--url',
          'https://hooks.example.com/very/long/path/to/the/receiver',
          '--chain-id',
          '43113',
          '--address',
          ADDRESS,
          '--name',
          '名前 🚀 webhook',
        ],
        { ...env(), columns },
      ),
    ]);
    for (const run of runs) expectFits(run, columns);
    if (columns >= 20) expect(runs[0]!.output).toMatch(/success|failed/);
  });

  it('config set api-key takes the key at the hidden prompt; the prompt and what was set fit', async () => {
    const configDir = freshConfigDir();
    const run = await runInPty(['config', 'set', 'api-key'], {
      configDir,
      columns,
      // The prompt is fitted to the width too: in one column, one character a line.
      steps: [
        { waitFor: columns === 1 ? ':' : 'hidden)' },
        { type: 'sk_abc' },
        { type: '\u001b[D' },
        { type: '\u001b[C' },
        { type: 'def\r' },
      ],
    });
    expectFits(run, columns);
    expect(JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')).profiles.default['api-key']).toBe('sk_abcdef');
    // The status line names the config file, a path often wider than the terminal: cut where the terminal would cut it.
    if (columns >= 20) expect(visibleLines(run.output).join('')).toContain(join(configDir, 'config.json'));
  });

  it('webhook listen shows each message on one line within the width', async () => {
    const port = await freePort();
    // Posted as soon as the receiver listens; the pty waits for the line (at 1 column all that fits is "…").
    const posted = (async () => {
      for (let attempt = 0; attempt < 200; attempt++) {
        try {
          const answer = await fetch(`http://127.0.0.1:${port}/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(notification()),
          });
          return answer.status;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      return 0;
    })();
    const run = await runInPty(['webhook', 'listen', '--port', String(port)], {
      columns,
      // The webhook id is shortened in the middle to fit: its first six characters stay.
      steps: [{ waitFor: columns === 1 ? '…' : '0f0e0d' }, { signal: 'SIGINT' }],
    });
    expect(await posted).toBe(200);
    expect(run.waitTimedOut).toBe(false);
    // Ctrl-C is how a receiver is stopped: a clean stop, as for the emulator, with the exit code of an interrupt.
    expect(run.exitCode).toBe(130);
    expectWithin(run, columns);
  });

  it('error messages, their hints and warnings on stderr fit as well', async () => {
    const [failed, usage, unknownOption, keyAsArgument] = await Promise.all([
      // A 503 with no retry left: the message and its hint.
      runInPty(['tx', 'list', '--retries', '0'], { baseUrl: server.url, columns }),
      runInPty(['webhook', 'create', '--url', 'ftp://hooks.example.com/receiver', '--chain-id', '43113', '--address', ADDRESS], {
        ...env(),
        columns,
      }),
      runInPty(['webhook', 'addresses', webhookId, '--all', '--no-such-option'], { ...env(), columns }),
      // The warning about a key on the command line, then what was set where.
      runInPty(['config', 'set', 'api-key', 'sk_given_on_the_command_line'], { configDir: freshConfigDir(), columns }),
    ]);
    expect([failed, usage, unknownOption, keyAsArgument].map((run) => run.exitCode)).toEqual([1, 2, 2, 0]);
    for (const run of [failed, usage, unknownOption, keyAsArgument]) expectWithin(run, columns);
    if (columns >= 20) {
      const shown = (run: PtyRun) => visibleLines(run.output).join(' ');
      expect(shown(failed)).toMatch(/^svc: /);
      expect(shown(usage)).toContain('--url');
      expect(shown(unknownOption)).toContain('--no-such-option');
      expect(shown(keyAsArgument)).toMatch(/shell\s+history/);
    }
  });
});

describe.concurrent('the terminal changes size while the spinner runs', () => {
  it.each([
    [80, 0],
    [0, 40],
    [200, 20],
    [20, 1],
  ])('from %i to %i columns', async (from, to) => {
    const run = await runInPty(['webhook', 'addresses', webhookId, '--all'], {
      ...env(),
      columns: from,
      steps: [{ waitFor: 'Fetching' }, { resize: [to, 24] }, { sleepMs: 300 }, { resize: [from, 24] }],
    });
    expect(run.exitCode, run.output.slice(-500)).toBe(0);
    expect(run.bytes).toBeLessThan(OUTPUT_BOUND);
  });
});

describe('the hidden prompt', () => {
  it.each([
    ['Backspace removes the last character', 'sk_abcx\u007fdef\r', 'sk_abcdef'],
    ['Ctrl-U clears what was typed', 'wrong\u0015sk_right_key\r', 'sk_right_key'],
    ['function keys, Home/End and Alt-letters are ignored whole', 'sk_\u001bOP\u001b[1;5H\u001b[15~\u001bxkey_1\r', 'sk_key_1'],
    ['Tab and other control keys are ignored', 'sk_\tkey\u0002_2\r', 'sk_key_2'],
  ])('%s', async (_name, typed, stored) => {
    const configDir = freshConfigDir();
    const run = await runInPty(['config', 'set', 'api-key'], {
      configDir,
      columns: 80,
      steps: [{ waitFor: 'input hidden' }, { type: typed }],
    });
    expect(run.exitCode, run.output).toBe(0);
    expect(JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')).profiles.default['api-key']).toBe(stored);
    expect(run.output).not.toContain(stored);
  });

  it('Ctrl-C exits 130, stores nothing and leaves the terminal as it was (echo back on)', async () => {
    const configDir = freshConfigDir();
    const run = await runInPty(['config', 'set', 'api-key'], {
      configDir,
      columns: 80,
      steps: [{ waitFor: 'input hidden' }, { type: 'sk_abc\u0003' }],
    });
    expect(run.exitCode).toBe(130);
    expect(() => readFileSync(join(configDir, 'config.json'))).toThrow();
  });
});

describe('SIGINT and SIGTERM end every long-running state within a second', () => {
  const states: Array<[string, string[], () => Record<string, unknown>, string]> = [
    ['the spinner, a response on its way', ['tx', 'list', '--limit', '500'], env, 'Fetching'],
    ['a Retry-After wait', ['tx', 'list', '-v', '--retries', '3'], () => ({ baseUrl: server.url }), 'retrying in'],
    ['the hidden prompt', ['config', 'set', 'api-key'], () => ({ configDir: freshConfigDir() }), 'input hidden'],
  ];
  it.each(
    states.flatMap(([name, args, options, waitFor]) =>
      (['SIGINT', 'SIGTERM'] as const).map((signal) => [name, signal, args, options, waitFor] as const),
    ),
  )('%s, %s', async (_name, signal, args, options, waitFor) => {
    const run = await runInPty(args, { ...options(), columns: 80, steps: [{ waitFor }, { signal }] });
    expect(run.waitTimedOut, run.output).toBe(false);
    expect(run.exitCode).toBe(signal === 'SIGINT' ? 130 : 143);
    expect(run.signalToExitMs).toBeLessThan(1000);
  });

  it('a stalled response, SIGTERM', async () => {
    server.respond([{ fault: 'stall' }]);
    const run = await runInPty(['tx', 'list'], {
      baseUrl: server.url,
      columns: 80,
      steps: [{ waitFor: 'Fetching' }, { sleepMs: 200 }, { signal: 'SIGTERM' }],
    });
    expect(run.exitCode).toBe(143);
    expect(run.signalToExitMs).toBeLessThan(1000);
  });
});
