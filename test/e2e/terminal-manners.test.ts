// Terminal manners (clig.dev, gh): colour by NO_COLOR / FORCE_COLOR / --no-color / TERM=dumb, tables fitted to
// `stty cols`, UTC ISO times on pipes and readable ones on a terminal, empty results, and the progress line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runCliTty } from '../helpers/cli.js';
import { json, startTestServer, repeatedly } from '../helpers/test-server.js';
import type { TestServer } from '../helpers/test-server.js';
import { API_KEY, startTestEmulator } from '../helpers/emulator-helpers.js';
import type { RunningEmulator } from '../../src/emulator/index.js';

interface Terminal {
  exitCode: number;
  output: string;
}

/** On a pseudo-terminal of `columns`, colour left to the CLI (no NO_COLOR), TERM as the test sets it. */
function onTerminal(
  args: string[],
  options: { columns?: number; env?: Record<string, string | undefined>; baseUrl?: string } = {},
): Promise<Terminal> {
  return runCliTty(args, {
    baseUrl: options.baseUrl,
    apiKey: API_KEY,
    columns: options.columns ?? 200,
    env: { NO_COLOR: undefined, TERM: 'xterm-256color', ...options.env },
    timeout: 30_000,
  });
}

const SGR_COLOUR = /\u001b\[(?:3[0-7]|9[0-7]|1|22|39)m/;
const ANY_ESCAPE = /\u001b\[[0-9;?]*[A-Za-z]/g;

/** The lines as the terminal shows them at the end: a redraw (cursor to column 1, or \r) starts a line over. */
function screenLines(output: string): string[] {
  return output.split('\n').map((line) => {
    const segments = line.split(/\u001b\[1G|\u001b\[G|\r/).map((segment) => segment.replace(ANY_ESCAPE, ''));
    return [...segments].reverse().find((segment) => segment !== '') ?? '';
  });
}

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ seed: 1 });
});
afterAll(async () => {
  await emulator.close();
});

describe('colour', () => {
  it.each([
    ['a terminal', {}, [], true],
    ['NO_COLOR=1', { NO_COLOR: '1' }, [], false],
    ['--no-color', {}, ['--no-color'], false],
    ['TERM=dumb', { TERM: 'dumb' }, [], false],
    ['FORCE_COLOR=1 with TERM=dumb', { TERM: 'dumb', FORCE_COLOR: '1' }, [], true],
    ['NO_COLOR beats FORCE_COLOR', { NO_COLOR: '1', FORCE_COLOR: '1' }, [], false],
    ['FORCE_COLOR=0', { FORCE_COLOR: '0' }, [], true],
  ] as const)('%s: colour codes %s', async (_name, env, flags, coloured) => {
    const result = await onTerminal(['tx', 'list', '--status', 'success', ...flags], { baseUrl: emulator.url, env });
    expect(result.exitCode).toBe(0);
    expect(result.output).toMatch(/STATUS/);
    if (coloured) expect(result.output).toMatch(/\u001b\[32msuccess\u001b\[39m/);
    else expect(result.output).not.toMatch(SGR_COLOUR);
  });

  it('TERM=dumb: no spinner and no cursor movement either', async () => {
    const result = await onTerminal(['tx', 'list', '--limit', '150'], { baseUrl: emulator.url, env: { TERM: 'dumb' } });
    expect(result.exitCode).toBe(0);
    expect(result.output).not.toMatch(/Fetching/);
    expect(result.output).not.toMatch(ANY_ESCAPE);
  });

  it('piped: no colour even with FORCE_COLOR, since rows are for programs', async () => {
    const result = await runCli(['tx', 'list'], { baseUrl: emulator.url, env: { NO_COLOR: undefined, FORCE_COLOR: '1' } });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).not.toMatch(ANY_ESCAPE);
  });
});

describe('tables fit the terminal', () => {
  const tableLines = (output: string) => screenLines(output).filter((line) => /^\d{4}-\d\d-\d\d |^TIME/.test(line));

  it('stty cols 200: no line is wider', async () => {
    const result = await onTerminal(['tx', 'list', '--no-color'], { baseUrl: emulator.url, columns: 200 });
    expect(result.exitCode).toBe(0);
    const lines = tableLines(result.output);
    expect(lines.length).toBe(11);
    for (const line of lines) expect(Array.from(line).length).toBeLessThanOrEqual(200);
  });

  it('stty cols 80: a two-column table fits; tx list leaves out block, method and to, and fits too', async () => {
    const config = await onTerminal(['config', 'list', '--no-color'], {
      columns: 80,
      env: { SVC_BASE_URL: 'https://a-rather-long-host-name.example.com/with/a/long/path/prefix/that/goes/on' },
    });
    const configLines = screenLines(config.output).filter(Boolean);
    expect(configLines[0]).toMatch(/^SETTING +VALUE +SOURCE$/);
    for (const line of configLines) expect(Array.from(line).length).toBeLessThanOrEqual(80);
    expect(config.output).toMatch(/…/);
    // Nine columns at their narrowest need 113: the droppable ones give way instead of every line wrapping.
    const txLines = tableLines((await onTerminal(['tx', 'list', '--no-color'], { baseUrl: emulator.url, columns: 80 })).output);
    expect(txLines[0]).toMatch(/^TIME \(UTC\) +CHAIN +TX HASH +FROM +VALUE +STATUS$/);
    for (const line of txLines) expect(Array.from(line).length).toBeLessThanOrEqual(80);
  });

  it('hashes give way in the middle: 200 columns show more of them than 80, and use the room', async () => {
    const narrow = tableLines((await onTerminal(['tx', 'list', '--no-color'], { baseUrl: emulator.url, columns: 80 })).output);
    const wide = tableLines((await onTerminal(['tx', 'list', '--no-color'], { baseUrl: emulator.url, columns: 200 })).output);
    const hash = (line: string) => /0x[0-9a-f]+…[0-9a-f]+|0x[0-9a-f]{64}/.exec(line)?.[0] ?? '';
    expect(hash(narrow[1]!)).toMatch(/^0x[0-9a-f]+…[0-9a-f]+$/);
    expect(hash(wide[1]!).length).toBeGreaterThan(hash(narrow[1]!).length);
    expect(Math.max(...wide.map((line) => line.length))).toBeGreaterThan(150);
  });
});

describe('times', () => {
  it('piped: UTC ISO 8601 in the first column', async () => {
    const result = await runCli(['tx', 'list'], { baseUrl: emulator.url });
    const rows = result.stdout.trim().split('\n');
    expect(rows).toHaveLength(10);
    for (const row of rows) expect(row.split('\t')[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('on a terminal: readable, with UTC in the header', async () => {
    const result = await onTerminal(['tx', 'list', '--no-color'], { baseUrl: emulator.url });
    const lines = screenLines(result.output);
    expect(lines[0]).toMatch(/^TIME \(UTC\) /);
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d {2}/);
    expect(result.output).not.toMatch(/\d\dT\d\d:\d\d:\d\dZ/);
  });
});

describe('empty results', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(repeatedly(json({ transactions: [] })));
  });
  afterAll(async () => {
    await server.close();
  });

  it('on a terminal: says so on stderr, exit 0', async () => {
    const result = await onTerminal(['tx', 'list', '--network', 'fuji', '--status', 'failed'], { baseUrl: server.url });
    expect(result.exitCode).toBe(0);
    expect(screenLines(result.output).filter(Boolean)).toEqual(['No transactions found.']);
  });

  it('piped: prints nothing at all, exit 0', async () => {
    const result = await runCli(['tx', 'list', '--network', 'fuji', '--status', 'failed'], { baseUrl: server.url });
    expect(result).toEqual({ exitCode: 0, stdout: '', stderr: '' });
  });
});

describe('progress over many pages', () => {
  let slow: RunningEmulator;
  let webhookId: string;
  beforeAll(async () => {
    // Each response takes 150 ms, so the spinner draws between pages.
    slow = await startTestEmulator({ seed: 1, latencyMs: 150 });
    const addresses = Array.from({ length: 250 }, (_, i) => '0x' + (i + 1).toString(16).padStart(40, '0'));
    const created = await runCli(
      ['webhook', 'create', '--url', 'http://127.0.0.1:9/hook', '--chain-id', '43113', '--addresses-file', '-', '--json'],
      { baseUrl: slow.url, apiKey: API_KEY, input: addresses.join('\n') },
    );
    expect(created.exitCode).toBe(0);
    webhookId = (JSON.parse(created.stdout) as { id: string }).id;
  });
  afterAll(async () => {
    await slow.close();
  });

  it('--all on a terminal: pages, items and "of totalAddresses", cleared before the output ends', async () => {
    const result = await onTerminal(['webhook', 'addresses', webhookId, '--all', '--page-size', '50', '--no-color'], { baseUrl: slow.url });
    expect(result.exitCode).toBe(0);
    expect(result.output).toMatch(/Fetching addresses: page 1, 0 so far/);
    expect(result.output).toMatch(/Fetching addresses: page 3, 100 of 250 so far/);
    const afterLastProgress = result.output.slice(result.output.lastIndexOf('so far'));
    // ora clears its line (cursor to column 1, erase line) before the table and footer are printed.
    expect(afterLastProgress).toMatch(/\u001b\[1G\u001b\[0K/);
    const lines = screenLines(result.output).filter(Boolean);
    expect(lines.at(-1)).toBe('Showing 250 of 250 addresses.');
    expect(lines.filter((line) => line.includes('Fetching'))).toEqual([]);
  });

  it('--all piped: no progress on stderr, every address on stdout', async () => {
    const result = await runCli(['webhook', 'addresses', webhookId, '--all'], { baseUrl: slow.url, apiKey: API_KEY });
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout.trim().split('\n')).toHaveLength(250);
  });
});
