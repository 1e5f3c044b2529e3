// Terminal manners (clig.dev, gh): colour by NO_COLOR / FORCE_COLOR / --no-color / TERM=dumb, tables fitted to
// `stty cols`, UTC ISO times on pipes and readable ones on a terminal, empty results, and the progress line.
// What a terminal decides (colour on a tty, TERM=dumb, the width read from it, the progress line drawn and cleared)
// runs in four real pseudo-terminals, started at once from one python in beforeAll; the rest of the colour rules,
// layouts at a given width and piped output run in-process with a test IO.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli.js';
import type { InProcessOptions } from '../helpers/cli.js';
import { json, startTestServer, repeatedly } from '../helpers/test-server.js';
import type { TestServer } from '../helpers/test-server.js';
import { API_KEY, call, startTestEmulator, webhookBody } from '../helpers/emulator-helpers.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { runInPtys } from '../helpers/pty.js';
import type { PtyRun, PtySession } from '../helpers/pty.js';

const SGR_COLOUR = /\u001b\[(?:3[0-7]|9[0-7]|1|22|39)m/;
const ANY_ESCAPE = /\u001b\[[0-9;?]*[A-Za-z]/g;

/** The lines as the terminal shows them at the end: a redraw (cursor to column 1, or \r) starts a line over. */
function screenLines(output: string): string[] {
  return output.split('\n').map((line) => {
    const segments = line.split(/\u001b\[1G|\u001b\[G|\r/).map((segment) => segment.replace(ANY_ESCAPE, ''));
    return [...segments].reverse().find((segment) => segment !== '') ?? '';
  });
}

const tableLines = (output: string) => screenLines(output).filter((line) => /^\d{4}-\d\d-\d\d |^TIME/.test(line));

let emulator: RunningEmulator;
/** Each response takes 150 ms, so the spinner draws between pages. */
let slow: RunningEmulator;
let webhookId: string;
let empty: TestServer;

/** The pseudo-terminals: colour left to the CLI unless a run sets NO_COLOR, TERM as the run sets it. */
const terminal = {} as Record<'wide' | 'narrow' | 'dumb' | 'progress', PtyRun>;

beforeAll(async () => {
  [emulator, slow, empty] = await Promise.all([
    startTestEmulator({ seed: 1 }),
    startTestEmulator({ seed: 1, latencyMs: 150 }),
    startTestServer(repeatedly(json({ transactions: [] }))),
  ]);
  const addresses = Array.from({ length: 250 }, (_, i) => '0x' + (i + 1).toString(16).padStart(40, '0'));
  const created = await call(slow.url, 'POST', '/v1/webhooks', { key: API_KEY, body: webhookBody({ metadata: { addresses } }) });
  expect(created.status).toBe(201);
  webhookId = created.body.id;
  const colourLeftToTheCli = { NO_COLOR: undefined, TERM: 'xterm-256color' };
  const sessions: PtySession[] = [
    { args: ['tx', 'list'], baseUrl: emulator.url, apiKey: API_KEY, columns: 200, env: colourLeftToTheCli },
    // NO_COLOR=1, as the isolated environment has it.
    { args: ['tx', 'list'], baseUrl: emulator.url, apiKey: API_KEY, columns: 80, env: { TERM: 'xterm-256color' } },
    {
      args: ['tx', 'list', '--limit', '150'],
      baseUrl: emulator.url,
      apiKey: API_KEY,
      columns: 200,
      env: { NO_COLOR: undefined, TERM: 'dumb' },
    },
    {
      args: ['webhook', 'addresses', webhookId, '--all', '--page-size', '50', '--no-color'],
      baseUrl: slow.url,
      apiKey: API_KEY,
      columns: 200,
      env: colourLeftToTheCli,
    },
  ];
  // A generous deadline: the machine may be busy, and a deadline is only reached by a CLI that hangs.
  const [wide, narrow, dumb, progress] = await runInPtys(sessions.map((session) => ({ ...session, deadlineMs: 30_000 })));
  Object.assign(terminal, { wide, narrow, dumb, progress });
}, 60_000);
afterAll(async () => {
  await Promise.all([emulator.close(), slow.close(), empty.close()]);
});

/** In-process, stdout (and stderr) a terminal unless said otherwise; colour left to the CLI unless env sets it. */
function inProcess(args: string[], options: InProcessOptions = {}) {
  return runInProcess(args, {
    baseUrl: emulator.url,
    apiKey: API_KEY,
    stdoutTTY: true,
    stderrTTY: true,
    columns: 200,
    ...options,
    env: { NO_COLOR: undefined, TERM: 'xterm-256color', ...options.env },
  });
}

describe('colour', () => {
  it('a terminal: the status in colour', () => {
    expect(terminal.wide.exitCode, terminal.wide.output).toBe(0);
    expect(terminal.wide.output).toMatch(/\u001b\[32msuccess\u001b\[39m/);
  });

  it('NO_COLOR=1 on a terminal: no colour codes', () => {
    expect(terminal.narrow.exitCode, terminal.narrow.output).toBe(0);
    expect(terminal.narrow.output).toMatch(/STATUS/);
    expect(terminal.narrow.output).not.toMatch(SGR_COLOUR);
  });

  it('TERM=dumb: no colour, no spinner and no cursor movement either', () => {
    const result = terminal.dumb;
    expect(result.exitCode, result.output).toBe(0);
    expect(result.output).toMatch(/STATUS/);
    expect(result.output).not.toMatch(/Fetching/);
    expect(result.output).not.toMatch(ANY_ESCAPE);
  });

  // The same decision with a terminal's test IO, for every rule (the three above again, against the same table).
  it.each([
    ['a terminal', {}, [], true],
    ['NO_COLOR=1', { NO_COLOR: '1' }, [], false],
    ['--no-color', {}, ['--no-color'], false],
    ['TERM=dumb', { TERM: 'dumb' }, [], false],
    ['FORCE_COLOR=1 with TERM=dumb', { TERM: 'dumb', FORCE_COLOR: '1' }, [], true],
    ['NO_COLOR beats FORCE_COLOR', { NO_COLOR: '1', FORCE_COLOR: '1' }, [], false],
    ['FORCE_COLOR=0', { FORCE_COLOR: '0' }, [], true],
  ] as const)('%s: colour codes %s', async (_name, env, flags, coloured) => {
    const result = await inProcess(['tx', 'list', '--status', 'success', ...flags], { env });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/STATUS/);
    if (coloured) expect(result.stdout).toMatch(/\u001b\[32msuccess\u001b\[39m/);
    else expect(result.stdout).not.toMatch(SGR_COLOUR);
  });

  it('piped: no colour even with FORCE_COLOR, since rows are for programs', async () => {
    const result = await inProcess(['tx', 'list'], { stdoutTTY: false, stderrTTY: false, env: { FORCE_COLOR: '1' } });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).not.toMatch(ANY_ESCAPE);
  });
});

describe('tables fit the terminal', () => {
  it('stty cols 200: no line is wider, and the room is used', () => {
    const lines = tableLines(terminal.wide.output);
    expect(lines.length).toBe(11);
    for (const line of lines) expect(Array.from(line).length).toBeLessThanOrEqual(200);
    expect(Math.max(...lines.map((line) => line.length))).toBeGreaterThan(150);
  });

  it('stty cols 80: tx list leaves out block, method and to, and fits', () => {
    // Nine columns at their narrowest need 113: the droppable ones give way instead of every line wrapping.
    const lines = tableLines(terminal.narrow.output);
    expect(lines[0]).toMatch(/^TIME \(UTC\) +CHAIN +TX HASH +FROM +VALUE +STATUS$/);
    for (const line of lines) expect(Array.from(line).length).toBeLessThanOrEqual(80);
  });

  it('hashes give way in the middle: 200 columns show more of them than 80', () => {
    const narrow = tableLines(terminal.narrow.output);
    const wide = tableLines(terminal.wide.output);
    const hash = (line: string) => /0x[0-9a-f]+…[0-9a-f]+|0x[0-9a-f]{64}/.exec(line)?.[0] ?? '';
    expect(hash(narrow[1]!)).toMatch(/^0x[0-9a-f]+…[0-9a-f]+$/);
    expect(hash(wide[1]!).length).toBeGreaterThan(hash(narrow[1]!).length);
  });

  it('80 columns: a two-column table fits, its long value shortened', async () => {
    const config = await inProcess(['config', 'list', '--no-color'], {
      columns: 80,
      env: { SVC_BASE_URL: 'https://a-rather-long-host-name.example.com/with/a/long/path/prefix/that/goes/on' },
    });
    const configLines = screenLines(config.stdout).filter(Boolean);
    expect(configLines[0]).toMatch(/^SETTING +VALUE +SOURCE$/);
    for (const line of configLines) expect(Array.from(line).length).toBeLessThanOrEqual(80);
    expect(config.stdout).toMatch(/…/);
  });
});

describe('times', () => {
  it('piped: UTC ISO 8601 in the first column', async () => {
    const result = await inProcess(['tx', 'list'], { stdoutTTY: false, stderrTTY: false });
    const rows = result.stdout.trim().split('\n');
    expect(rows).toHaveLength(10);
    for (const row of rows) expect(row.split('\t')[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('on a terminal: readable, with UTC in the header', () => {
    const lines = tableLines(terminal.wide.output);
    expect(lines[0]).toMatch(/^TIME \(UTC\) /);
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d {2}/);
    expect(terminal.wide.output).not.toMatch(/\d\dT\d\d:\d\d:\d\dZ/);
  });
});

describe('empty results', () => {
  const args = ['tx', 'list', '--network', 'fuji', '--status', 'failed'];

  it('on a terminal: says so on stderr, exit 0', async () => {
    const result = await inProcess(args, { baseUrl: empty.url });
    expect(result).toEqual({ exitCode: 0, stdout: '', stderr: 'No transactions found.\n' });
  });

  it('piped: prints nothing at all, exit 0', async () => {
    const result = await inProcess(args, { baseUrl: empty.url, stdoutTTY: false, stderrTTY: false });
    expect(result).toEqual({ exitCode: 0, stdout: '', stderr: '' });
  });
});

describe('progress over many pages', () => {
  it('--all on a terminal: pages, items and "of totalAddresses", cleared before the output ends', () => {
    const result = terminal.progress;
    expect(result.exitCode, result.output.slice(-500)).toBe(0);
    expect(result.output).toMatch(/Fetching addresses: page 1, 0 so far/);
    expect(result.output).toMatch(/Fetching addresses: page 3, 100 of 250 so far/);
    const afterLastProgress = result.output.slice(result.output.lastIndexOf('so far'));
    // ora clears its line (cursor to column 1, erase line) before the table and footer are printed.
    expect(afterLastProgress).toMatch(/\u001b\[1G\u001b\[0K/);
    const lines = screenLines(result.output).filter(Boolean);
    expect(lines.at(-1)).toBe('Showing 250 of 250 addresses.');
    expect(lines.filter((line) => line.includes('Fetching'))).toEqual([]);
  });

  // As a process, a piped stderr gets no progress line: process-contract.test.ts's `webhook addresses add`, whose
  // progress line (the same io.spinner) draws on a terminal.
  it('--all piped: no progress on stderr, every address on stdout', async () => {
    const result = await inProcess(['webhook', 'addresses', webhookId, '--all'], { baseUrl: slow.url, stdoutTTY: false, stderrTTY: false });
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout.trim().split('\n')).toHaveLength(250);
  });
});
