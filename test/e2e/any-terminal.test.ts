// Any terminal: the commands users run most, in real pseudo-terminals of 0 and 20 columns (and tx list, the errors
// and the prompt at 80) and resized (to 0, 1, 20, 40 and 200) while the spinner runs, end in time with bounded output
// and no line wider than the terminal (from 20 columns up); SIGINT and SIGTERM end every long-running state within a
// second; the hidden prompt ignores escape sequences. What is layout or wording rather than the terminal (1, 80 and
// 250 columns, the prompt's keys, the errors' words) is checked in-process with a terminal's test IO. The terminals
// run in two batches, each from one python (runInPtys).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { displayWidth } from '../../src/render/width.js';
import { freshConfigDir, runInProcess, startInProcess, PROMPT_STOP_MS } from '../helpers/cli.js';
import { API_KEY, call, startTestEmulator, webhookBody } from '../helpers/emulator-helpers.js';
import { runInPtys, visibleLines } from '../helpers/pty.js';
import type { PtyRun, PtySession } from '../helpers/pty.js';
import { notification } from '../helpers/signatures.js';
import { errorBody, repeatedly, startTestServer } from '../helpers/test-server.js';
import type { TestServer } from '../helpers/test-server.js';
import { freePort } from '../helpers/ports.js';

/** The widths that behave differently: none reported (0, so COLUMNS or 80), narrow, and the usual. */
const WIDTHS = [0, 20, 80];
const ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
/** Far more than any of these commands prints; a spinner looping on a width writes megabytes a second. */
const OUTPUT_BOUND = 256 * 1024;

let emulator: RunningEmulator;
let webhookId: string;
/** A 503 asking for a 30 s wait, to every request. */
let busy: TestServer;
/** Never answers: the spinner runs until the CLI is stopped. */
let stalled: TestServer;

beforeAll(async () => {
  // Latency keeps each request in flight long enough for the spinner to draw.
  [emulator, busy, stalled] = await Promise.all([
    startTestEmulator({ latencyMs: 250 }),
    startTestServer(repeatedly(errorBody(503, 'later', { 'retry-after': '30' }))),
    startTestServer(repeatedly({ fault: 'stall' })),
  ]);
  const addresses = Array.from({ length: 250 }, (_, i) => '0x' + (i + 1).toString(16).padStart(40, '0'));
  const created = await call(emulator.url, 'POST', '/v1/webhooks', { key: API_KEY, body: webhookBody({ metadata: { addresses } }) });
  webhookId = created.body.id;
});
afterAll(async () => {
  await Promise.all([emulator.close(), busy.close(), stalled.close()]);
});

/** Exit 0, bounded output and every line within the width. */
function expectFits(run: PtyRun, columns: number, what: string): void {
  expect(run.exitCode, `${what} at ${columns} columns: ${run.output.slice(-500)}`).toBe(0);
  expectWithin(run, columns, what);
}

/** Bounded output and, from 20 columns up, every line (stdout and stderr: messages, hints, the prompt) within the width. */
function expectWithin(run: PtyRun, columns: number, what: string): void {
  expect(run.waitTimedOut, `${what} at ${columns} columns: ${run.output}`).toBe(false);
  expect(run.bytes, `${what} at ${columns} columns`).toBeLessThan(OUTPUT_BOUND);
  if (columns >= 20) {
    const wide = visibleLines(run.output).filter((line) => displayWidth(line) > columns);
    expect(wide.map((line) => JSON.stringify(line)).join('\n'), `${what}: lines wider than ${columns} columns`).toBe('');
  }
}

const env = () => ({ baseUrl: emulator.url, apiKey: API_KEY });

/**
 * Each batch runs several CLIs at once on a machine other tests keep busy: a generous deadline per terminal (reached
 * only by a CLI that hangs), and time for the tests to match.
 */
const inPtys = (sessions: PtySession[]) => runInPtys(sessions.map((session) => ({ deadlineMs: 20_000, ...session })));
const BUSY = { timeout: 60_000 };

/**
 * Posts `body` to a receiver on `port` once it listens: node's http, tried again after each refused connection, at
 * growing intervals (100 ms to half a second). A refusal is cheap, its error is not (a stack trace mapped to the
 * sources), and fetch would also build a new connection pool each time: polling every 50 ms with fetch cost over a
 * second of CPU while the receivers started. Resolves with the status of the answer, 0 if it never listened.
 */
async function postWhenListening(port: number, body: string): Promise<number> {
  const deadline = Date.now() + 15_000;
  for (let waitMs = 100; Date.now() < deadline; waitMs = Math.min(500, waitMs * 1.5)) {
    const status = await new Promise<number | undefined>((resolve) => {
      const request = http.request(
        { host: '127.0.0.1', port, path: '/', method: 'POST', agent: false, headers: { 'content-type': 'application/json' } },
        (answer) => {
          answer.resume();
          answer.on('end', () => resolve(answer.statusCode));
        },
      );
      request.on('error', () => resolve(undefined));
      request.end(body);
    });
    if (status !== undefined) return status;
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
  return 0;
}

const COMMANDS: Array<[string, string[]]> = [
  ['tx list', ['tx', 'list', '--limit', '30', '--no-color']],
  ['webhook addresses --all', ['webhook', 'addresses', '<id>', '--all']],
  [
    'webhook create',
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
  ],
];
const commandArgs = (args: string[]) => args.map((arg) => (arg === '<id>' ? webhookId : arg));

/**
 * Every key rule of the hidden prompt in one typing: Ctrl-U clears, Backspace removes one, arrows typed apart, function
 * keys, Home/End and Alt-letters ignored whole, Tab and other control keys ignored. What is kept: sk_abcdef.
 */
const MIXED_KEYS = ['wrong\u0015sk_abcx\u007f', '\u001b[D', '\u001b[C', 'd\u001bOP\u001b[1;5H\u001b[15~\u001bxe\t\u0002f\r'];

const storedKey = (configDir: string): unknown =>
  JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')).profiles.default['api-key'];

/** A promise awaited later, by a test: its failure is that test's, not an unhandled rejection meanwhile. */
function ahead<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/**
 * The terminals this describe's tests check, in one batch (one python, the CLIs side by side), started before its
 * tests; each test awaits its own. At 0 and 20 columns every case; at 80, tx list and the errors (the layout of the
 * others at 80 is checked in-process below, as at 1 and 250 columns, and a pty shows the prompt at 80 in the signal
 * tests).
 */
describe.concurrent('terminals of 0, 20 and 80 columns', BUSY, () => {
  const NARROW = [0, 20];
  const commandSessions = (): PtySession[] =>
    COMMANDS.flatMap(([what, args]) =>
      (what === 'tx list' ? WIDTHS : NARROW).map((columns): PtySession => ({ ...env(), args: commandArgs(args), columns })),
    );
  const promptDirs = NARROW.map(() => freshConfigDir());
  const errorSessions = (): PtySession[] => [
    ...WIDTHS.map((columns) => ({ args: ['tx', 'list', '--retries', '0'], baseUrl: busy.url, columns })),
    ...[20, 80].map((columns) => ({ ...env(), args: ['webhook', 'addresses', webhookId, '--all', '--no-such-option'], columns })),
  ];
  let runs: Promise<{ commands: PtyRun[]; prompts: PtyRun[]; listens: PtyRun[]; errors: PtyRun[]; posted: number[] }>;

  beforeAll(async () => {
    const ports = await Promise.all(NARROW.map(() => freePort()));
    const groups = {
      commands: commandSessions(),
      prompts: NARROW.map((columns, i): PtySession => ({
        args: ['config', 'set', 'api-key'],
        configDir: promptDirs[i],
        columns,
        steps: [{ waitFor: 'hidden)' }, ...MIXED_KEYS.map((type) => ({ type }))],
      })),
      listens: NARROW.map((columns, i): PtySession => ({
        args: ['webhook', 'listen', '--port', String(ports[i])],
        columns,
        // The webhook id is shortened in the middle to fit: its first six characters stay.
        steps: [{ waitFor: '0f0e0d' }, { signal: 'SIGINT' }],
      })),
      errors: errorSessions(),
    };
    runs = ahead(
      (async () => {
        const all = inPtys(Object.values(groups).flat());
        // Posted as soon as each receiver listens; its pty waits for the line.
        const posted = Promise.all(ports.map((port) => postWhenListening(port, JSON.stringify(notification()))));
        const flat = await all;
        const take = (count: number) => flat.splice(0, count);
        return {
          commands: take(groups.commands.length),
          prompts: take(groups.prompts.length),
          listens: take(groups.listens.length),
          errors: take(groups.errors.length),
          posted: await posted,
        };
      })(),
    );
  });

  it('tx list, webhook addresses --all and webhook create end in time, bounded, within the width', async () => {
    const sessions = commandSessions();
    const { commands } = await runs;
    commands.forEach((run, i) => {
      const columns = sessions[i]!.columns;
      const what = sessions[i]!.args.slice(0, 2).join(' ');
      expectFits(run, columns, what);
      if (what !== 'tx list') return;
      if (columns >= 20) expect(run.output).toMatch(/success|failed/);
      // The spinner hid the cursor and showed it again when the command ended normally.
      const hide = run.output.lastIndexOf('\u001b[?25l');
      expect(hide, `the spinner at ${columns} columns`).toBeGreaterThanOrEqual(0);
      expect(run.output.lastIndexOf('\u001b[?25h'), `the cursor at ${columns} columns`).toBeGreaterThan(hide);
    });
  });

  it('config set api-key takes the key at the hidden prompt, whatever keys come; the prompt and what was set fit', async () => {
    const { prompts } = await runs;
    prompts.forEach((run, i) => {
      const columns = NARROW[i]!;
      expectFits(run, columns, 'config set api-key');
      expect(storedKey(promptDirs[i]!), `at ${columns} columns`).toBe('sk_abcdef');
      // Nothing typed is echoed: neither the key, nor a part of it, nor what was cleared.
      for (const typed of ['sk_abcdef', 'sk_abc', 'wrong']) expect(run.output).not.toContain(typed);
      // The status line names the config file, a path often wider than the terminal: cut where the terminal would cut it.
      if (columns >= 20) expect(visibleLines(run.output).join('')).toContain(join(promptDirs[i]!, 'config.json'));
    });
  });

  it('webhook listen shows each message on one line within the width; Ctrl-C stops it with 130', async () => {
    const { listens, posted } = await runs;
    expect(posted).toEqual([200, 200]);
    listens.forEach((run, i) => {
      // Ctrl-C is how a receiver is stopped: a clean stop, as for the emulator, with the exit code of an interrupt.
      expect(run.exitCode, `at ${NARROW[i]} columns`).toBe(130);
      expectWithin(run, NARROW[i]!, 'webhook listen');
    });
  });

  it('error messages and their hints on stderr, from the service and from the parser, fit as well', async () => {
    // A 503 with no retry left (the message and its hint) at every width; an unknown option (commander's error, reworded)
    // where there is a width to fit. Both are written by the one error report (io.warn), which wraps them.
    const sessions = errorSessions();
    const { errors } = await runs;
    expect(errors.map((run) => run.exitCode)).toEqual([1, 1, 1, 2, 2]);
    errors.forEach((run, i) => {
      expectWithin(run, sessions[i]!.columns, sessions[i]!.args.join(' '));
      if (sessions[i]!.columns >= 20) expect(visibleLines(run.output).join(' ')).toMatch(i < 3 ? /^svc: / : /--no-such-option/);
    });
  });
});

// Layout and wording, not the terminal: the same command lines in-process, with a terminal's test IO of that width.
describe.concurrent('1, 80 and 250 columns, and the words on stderr (in-process)', BUSY, () => {
  const onTerminal = { stdoutTTY: true, stderrTTY: true };

  it.each([1, 80, 250])('at %i columns the commands end, bounded, their lines within the width', async (columns) => {
    for (const [what, args] of COMMANDS) {
      const result = await runInProcess(commandArgs(args), { ...env(), ...onTerminal, columns });
      expect(result.exitCode, `${what}: ${result.stderr}`).toBe(0);
      expect(result.stdout.length + result.stderr.length, what).toBeLessThan(OUTPUT_BOUND);
      if (columns < 20) continue;
      const wide = result.stdout.split('\n').filter((line) => displayWidth(line) > columns);
      expect(wide, `${what}: lines wider than ${columns} columns`).toEqual([]);
    }
  });

  it('at 80 columns webhook listen shows a message on one line within the width; Ctrl-C stops it with 130', async () => {
    const running = await startInProcess(['webhook', 'listen', '--port', '0'], { ...onTerminal, columns: 80, readyOnStderr: /^Ready: / });
    const url = /^Ready: notifications to (\S+)/m.exec(running.stderr())![1]!;
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(notification()),
    });
    expect(answer.status).toBe(200);
    const exitCode = await running.stop();
    expect(exitCode).toBe(130);
    const lines = running.stdout().split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/0f0e0d/);
    expect(displayWidth(lines[0]!)).toBeLessThanOrEqual(80);
  });

  it('at 1 column the hidden prompt stands one character a line, and still takes the key', async () => {
    const configDir = freshConfigDir();
    const result = await runInProcess(['config', 'set', 'api-key'], {
      ...onTerminal,
      stdinTTY: true,
      configDir,
      columns: 1,
      input: MIXED_KEYS.join(''),
    });
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toMatch(/^A\nP\nI\nk\ne\ny\n\(\n/);
    expect(storedKey(configDir)).toBe('sk_abcdef');
  });

  it('the words: the message and its hint, the usage error, the unknown option, the warning about a key on the command line', async () => {
    const columns = 20;
    const [failed, usage, unknownOption, keyAsArgument] = await Promise.all([
      runInProcess(['tx', 'list', '--retries', '0'], { ...onTerminal, baseUrl: busy.url, columns }),
      runInProcess(['webhook', 'create', '--url', 'ftp://hooks.example.com/receiver', '--chain-id', '43113', '--address', ADDRESS], {
        ...env(),
        ...onTerminal,
        columns,
      }),
      runInProcess(['webhook', 'addresses', webhookId, '--all', '--no-such-option'], { ...env(), ...onTerminal, columns }),
      runInProcess(['config', 'set', 'api-key', 'sk_given_on_the_command_line'], { ...onTerminal, configDir: freshConfigDir(), columns }),
    ]);
    expect([failed, usage, unknownOption, keyAsArgument].map((result) => result.exitCode)).toEqual([1, 2, 2, 0]);
    expect(failed.stderr).toMatch(/^svc: /);
    expect(usage.stderr).toContain('--url');
    expect(unknownOption.stderr).toContain('--no-such-option');
    expect(keyAsArgument.stderr).toMatch(/shell\s+history/);
  });
});

/**
 * The terminals of the two describes below (resized, then signalled), in one batch started by whichever test asks
 * first: one python for the seven.
 */
let signalled: Promise<PtyRun[]> | undefined;
const interruptedPromptDirs = [freshConfigDir(), freshConfigDir(), freshConfigDir()];
function signalledTerminals(): Promise<PtyRun[]> {
  const prompt = (configDir: string) => ({ args: ['config', 'set', 'api-key'], configDir, columns: 80 });
  signalled ??= inPtys([
    {
      // A response that never comes: the spinner is surely running through every resize.
      args: ['tx', 'list'],
      baseUrl: stalled.url,
      apiKey: API_KEY,
      columns: 80,
      steps: [{ waitFor: 'Fetching' }, { resize: [0, 24] }, { sleepMs: 200 }, { resize: [40, 24] }, { sleepMs: 200 }, { signal: 'SIGINT' }],
    },
    {
      // Three pages of 250 ms each: the resizes fall while it fetches.
      ...env(),
      args: ['webhook', 'addresses', webhookId, '--all'],
      columns: 200,
      steps: [
        { waitFor: 'Fetching' },
        { resize: [20, 24] },
        { sleepMs: 150 },
        { resize: [1, 24] },
        { sleepMs: 150 },
        { resize: [200, 24] },
      ],
    },
    // SIGINT during the Retry-After wait, piped, is in test/reliability/interrupts.test.ts; the spinner's SIGINT above.
    { args: ['tx', 'list'], baseUrl: stalled.url, apiKey: API_KEY, columns: 0, steps: [{ waitFor: 'Fetching' }, { signal: 'SIGTERM' }] },
    {
      args: ['tx', 'list', '-v', '--retries', '3'],
      baseUrl: busy.url,
      columns: 80,
      steps: [{ waitFor: 'retrying in' }, { signal: 'SIGTERM' }],
    },
    { ...prompt(interruptedPromptDirs[0]!), steps: [{ waitFor: 'input hidden' }, { type: 'sk_a' }, { signal: 'SIGINT' }] },
    { ...prompt(interruptedPromptDirs[1]!), steps: [{ waitFor: 'input hidden' }, { signal: 'SIGTERM' }] },
    { ...prompt(interruptedPromptDirs[2]!), steps: [{ waitFor: 'input hidden' }, { type: 'sk_abc\u0003' }] },
  ]);
  return signalled;
}

describe('the terminal changes size while the spinner runs', BUSY, () => {
  it('80 -> 0 -> 40 columns, then SIGINT; 200 -> 20 -> 1 -> 200 columns, then the listing ends normally', async () => {
    const [stopped, finished] = (await signalledTerminals()) as [PtyRun, PtyRun];
    expect(stopped.waitTimedOut, stopped.output).toBe(false);
    expect(stopped.exitCode).toBe(130);
    expect(stopped.signalToExitMs).toBeLessThan(PROMPT_STOP_MS);
    expect(stopped.bytes).toBeLessThan(OUTPUT_BOUND);
    expect(finished.exitCode, finished.output.slice(-500)).toBe(0);
    expect(finished.bytes).toBeLessThan(OUTPUT_BOUND);
    expect(visibleLines(finished.output).join('\n')).toMatch(/Showing 250 of 250 addresses/);
  });
});

describe('the hidden prompt', () => {
  // The keys as node's keypress parser reads them; the terminal's part (raw mode, no echo) is proven in the ptys above.
  it.each([
    ['Backspace removes the last character', 'sk_abcx\u007fdef\r', 'sk_abcdef'],
    ['Ctrl-U clears what was typed', 'wrong\u0015sk_right_key\r', 'sk_right_key'],
    ['function keys, Home/End and Alt-letters are ignored whole', 'sk_\u001bOP\u001b[1;5H\u001b[15~\u001bxkey_1\r', 'sk_key_1'],
    ['Tab and other control keys are ignored', 'sk_\tkey\u0002_2\r', 'sk_key_2'],
  ])('%s', async (_name, typed, stored) => {
    const configDir = freshConfigDir();
    const result = await runInProcess(['config', 'set', 'api-key'], {
      configDir,
      input: typed,
      stdinTTY: true,
      stderrTTY: true,
      columns: 80,
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(storedKey(configDir)).toBe(stored);
    expect(result.stderr).not.toContain(stored);
  });
});

describe('SIGINT and SIGTERM end every long-running state promptly', BUSY, () => {
  it('a stalled response at 0 columns, a Retry-After wait, the hidden prompt at 80 columns (by signal and by Ctrl-C typed)', async () => {
    const [stall, retry, promptInt, promptTerm, ctrlC] = (await signalledTerminals()).slice(2) as [PtyRun, PtyRun, PtyRun, PtyRun, PtyRun];
    for (const [name, run, code] of [
      ['stalled response', stall, 143],
      ['Retry-After wait', retry, 143],
      ['prompt, SIGINT', promptInt, 130],
      ['prompt, SIGTERM', promptTerm, 143],
    ] as const) {
      expect(run.waitTimedOut, `${name}: ${run.output}`).toBe(false);
      expect(run.exitCode, name).toBe(code);
      expect(run.signalToExitMs, name).toBeLessThan(PROMPT_STOP_MS);
    }
    // Ctrl-C at the prompt: exit 130 and nothing stored.
    expect(ctrlC.waitTimedOut).toBe(false);
    expect(ctrlC.exitCode).toBe(130);
    for (const configDir of interruptedPromptDirs) expect(() => readFileSync(join(configDir, 'config.json'))).toThrow();
    // The prompt, and what the interrupt said, within 80 columns: the prompt in a pty at the usual width.
    for (const run of [promptInt, promptTerm, ctrlC]) expectWithin(run, 80, 'config set api-key, interrupted');
  });
});
