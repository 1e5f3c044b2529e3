// On a terminal: tables with headers, the addresses footer, and the confirmation prompt. What only a terminal shows
// (the table chosen for a pty, colour, the spinner left out or cleared, a question answered or Ctrl-C typed) runs in
// real pseudo-terminals, all started at once from one python in beforeAll; the layout and wording of each output runs
// in-process with a terminal's test IO.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli.js';
import type { InProcessOptions } from '../helpers/cli.js';
import { makeTransaction, makeWebhook } from '../helpers/fixtures.js';
import { runInPtys } from '../helpers/pty.js';
import type { PtyRun } from '../helpers/pty.js';
import { json, repeatedly, startTestServer, useRecordingServer } from '../helpers/test-server.js';
import type { Script, TestServer } from '../helpers/test-server.js';

const KEY = 'sk_test_tty_key_000777';
const ID = '3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60';

/** For the in-process tests: a script per test. */
const server = useRecordingServer();

/** stdout, stdin and stderr a terminal of `columns` (200, as the ptys' default was, unless given). */
const onTerminal = (args: string[], options: InProcessOptions = {}) =>
  runInProcess(args, { baseUrl: server.url, apiKey: KEY, stdoutTTY: true, stderrTTY: true, stdinTTY: true, columns: 200, ...options });

/**
 * Output lines as the terminal shows them at the end: a cursor-to-column-1 (spinner redraw) or carriage
 * return starts the line over, then escape sequences are dropped.
 */
function plainLines(output: string): string[] {
  return output.split('\n').map((line) => {
    const segments = line.split(/\u001b\[1G|\u001b\[G|\r/);
    const last = [...segments].reverse().find((segment) => segment.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '') !== '') ?? '';
    return last.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');
  });
}

const JSON_BODY = '{"transactions": [],\n "nextPageToken": "x"}';

/** The pty runs: each with its own strict server (every scripted answer asked for, no request unscripted). */
const PTY_RUNS = {
  table: {
    script: (): Script => [
      json({
        transactions: [
          makeTransaction({ txHash: '0x' + 'c'.repeat(64), value: '1500000000000000000', txStatus: '1', blockTimestamp: 1_700_000_000 }),
          makeTransaction({
            txHash: '0x' + 'e'.repeat(64),
            value: '0',
            txStatus: '0',
            method: { callType: 'X', methodHash: '0x095ea7b3' },
          }),
          makeTransaction({ method: { callType: 'X', methodHash: '0x1', methodName: 'x\u001b]0;pwned\u0007y\u001b[2Jz' } }),
        ],
        nextPageToken: 'next-page-1',
      }),
    ],
    // Colour left to the CLI: a terminal colours the status.
    session: { args: ['tx', 'list'], columns: 250, env: { NO_COLOR: undefined } },
  },
  pages: {
    script: (): Script => [
      json({
        transactions: [makeTransaction({ txHash: '0x' + '1'.repeat(64) }), makeTransaction({ txHash: '0x' + '2'.repeat(64) })],
        nextPageToken: 'p2',
      }),
      json({ transactions: [makeTransaction({ txHash: '0x' + '3'.repeat(64) }), makeTransaction({ txHash: '0x' + '4'.repeat(64) })] }),
    ],
    session: { args: ['tx', 'list', '--all', '--quiet'], columns: 160 },
  },
  json: {
    script: (): Script => repeatedly({ status: 200, body: JSON_BODY }),
    session: { args: ['tx', 'list', '--json'], columns: 200 },
  },
  yes: {
    script: (): Script => [json(makeWebhook({ id: ID, status: 'inactive' }))],
    session: { args: ['webhook', 'deactivate', ID], columns: 200, steps: [{ waitFor: '[y/N]' }, { type: 'y\r' }] },
  },
  ctrlC: {
    script: (): Script => [],
    session: { args: ['webhook', 'deactivate', ID], columns: 200, steps: [{ waitFor: '[y/N]' }, { type: '\u0003' }] },
  },
};
type PtyName = keyof typeof PTY_RUNS;
const ptyServers = {} as Record<PtyName, TestServer>;
const pty = {} as Record<PtyName, PtyRun>;

beforeAll(async () => {
  const names = Object.keys(PTY_RUNS) as PtyName[];
  await Promise.all(names.map(async (name) => (ptyServers[name] = await startTestServer(PTY_RUNS[name].script()))));
  // A generous deadline: five CLIs start at once on a busy machine, and only one that hangs reaches it.
  const runs = await runInPtys(
    names.map((name) => ({ baseUrl: ptyServers[name].url, apiKey: KEY, deadlineMs: 30_000, ...PTY_RUNS[name].session })),
  );
  names.forEach((name, i) => (pty[name] = runs[i]!));
}, 60_000);
afterAll(async () => {
  await Promise.all(Object.values(ptyServers).map((started) => started.close()));
});

describe('svc tx list on a terminal', () => {
  it('renders a table with the column headers, readable values, the status in colour and no escape sequences of the service', () => {
    const result = pty.table;
    expect(result.exitCode, result.output).toBe(0);
    const lines = plainLines(result.output);
    const header = lines.find((line) => line.includes('TIME (UTC)'));
    expect(header).toBeDefined();
    for (const column of ['CHAIN', 'BLOCK', 'TX HASH', 'FROM', 'TO', 'METHOD', 'VALUE', 'STATUS']) expect(header).toContain(column);
    const text = lines.join('\n');
    expect(text).toContain('2023-11-14 22:13:20');
    expect(text).toMatch(/1\.5/);
    expect(text).toContain('success');
    expect(text).toContain('failed');
    expect(text).toContain('0x095ea7b3');
    expect(text).toContain('transfer(address,uint256)');
    // One page on a terminal: the command for the next page.
    expect(text).toMatch(/--page-token next-page-1/);
    // NO_COLOR unset on a terminal: the status is coloured (NO_COLOR=1 on a terminal: terminal-manners.test.ts).
    expect(result.output).toMatch(/\u001b\[32msuccess/);
    // Hostile text from the service shows no escape sequences of its own.
    expect(result.output).not.toContain('\u001b]0;pwned');
    expect(result.output).not.toContain('\u001b[2J');
  });

  it('several pages make one table: one header, the columns lined up from the first row to the last; --quiet: no spinner', () => {
    const result = pty.pages;
    expect(result.exitCode, result.output).toBe(0);
    expect(ptyServers.pages.requests).toHaveLength(2);
    const lines = plainLines(result.output).filter((line) => line.includes('TIME (UTC)') || line.includes('2023-'));
    expect(lines.filter((line) => line.includes('TIME (UTC)'))).toHaveLength(1);
    expect(lines).toHaveLength(5);
    const statusColumn = lines[0]!.indexOf('STATUS');
    for (const row of lines.slice(1)) expect(row.indexOf('success')).toBe(statusColumn);
    expect(result.output).not.toContain('Fetching');
  });

  it('no spinner with --json; the JSON is printed as returned', () => {
    const result = pty.json;
    expect(result.exitCode).toBe(0);
    expect(result.output).not.toContain('Fetching');
    expect(result.output).toContain(JSON_BODY);
  });

  it('fits a narrow terminal by shortening hashes in the middle', async () => {
    server.respond([json({ transactions: [makeTransaction({ txHash: '0x' + '9'.repeat(62) + 'ab' })] })]);
    const result = await onTerminal(['tx', 'list'], { columns: 120 });
    expect(result.exitCode).toBe(0);
    const lines = plainLines(result.stdout).filter((line) => line.trim() !== '');
    const tableLines = lines.filter((line) => line.includes('TIME (UTC)') || line.includes('2023-'));
    expect(tableLines.length).toBe(2);
    for (const line of tableLines) expect(Array.from(line).length).toBeLessThanOrEqual(120);
    expect(lines.join('\n')).toContain('…');
  });

  it('no transactions: says so', async () => {
    server.respond([json({ transactions: [] })]);
    const result = await onTerminal(['tx', 'list']);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toMatch(/No transactions found/);
  });
});

describe('svc webhook addresses on a terminal', () => {
  it('shows an ADDRESS table and the footer "Showing N of M addresses" with the next command', async () => {
    server.respond([json({ addresses: ['0x' + '1'.repeat(40), '0x' + '2'.repeat(40)], nextPageToken: 'tok-2', totalAddresses: 7 })]);
    const result = await onTerminal(['webhook', 'addresses', ID, '--page-size', '2']);
    expect(result.exitCode).toBe(0);
    const text = plainLines(result.stdout + result.stderr).join('\n');
    expect(text).toContain('ADDRESS');
    expect(text).toContain('0x' + '1'.repeat(40));
    expect(text).toMatch(/Showing 2 of 7 addresses/);
    expect(text).toContain(`svc webhook addresses ${ID} --page-size 2 --page-token tok-2`);
  });

  it('--all: the footer counts everything shown and offers no next page', async () => {
    server.respond([
      json({ addresses: ['0x' + '1'.repeat(40)], nextPageToken: 'p2', totalAddresses: 2 }),
      json({ addresses: ['0x' + '2'.repeat(40)], totalAddresses: 2 }),
    ]);
    const result = await onTerminal(['webhook', 'addresses', ID, '--all']);
    expect(result.exitCode).toBe(0);
    const text = plainLines(result.stdout + result.stderr).join('\n');
    expect(text).toMatch(/Showing 2 of 2 addresses/);
    expect(text).not.toMatch(/--page-token/);
    expect(server.requests).toHaveLength(2);
  });
});

describe('svc webhook create on a terminal', () => {
  it('shows the created webhook as FIELD value lines, service text made safe', async () => {
    server.respond([json(makeWebhook({ id: 'wh-tty-1', name: 'evil\u001b]0;title\u0007name' }), 201)]);
    const result = await onTerminal([
      'webhook',
      'create',
      '--url',
      'https://example.com/hook',
      '--chain-id',
      '43113',
      '--address',
      '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
    ]);
    expect(result.exitCode).toBe(0);
    const text = plainLines(result.stdout).join('\n');
    expect(text).toMatch(/ID\s+wh-tty-1/);
    expect(text).toMatch(/STATUS\s+active/);
    expect(text).toMatch(/CHAIN ID\s+43113/);
    expect(result.stdout + result.stderr).not.toContain('\u001b]0;title');
  });
});

describe('svc webhook deactivate on a terminal', () => {
  it('asks, and "y" deactivates and shows the webhook', () => {
    const result = pty.yes;
    expect(result.waitTimedOut, result.output).toBe(false);
    expect(result.output).toMatch(/Deactivate webhook .*\[y\/N\]/);
    expect(result.exitCode).toBe(0);
    expect(ptyServers.yes.requests).toHaveLength(1);
    expect(ptyServers.yes.requests[0]!.method).toBe('DELETE');
    const text = plainLines(result.output).join('\n');
    expect(text).toMatch(/STATUS\s+inactive/);
    expect(text).toContain(ID);
  });

  it('Ctrl-C at the question → exit 130, no request', () => {
    expect(pty.ctrlC.waitTimedOut, pty.ctrlC.output).toBe(false);
    expect(pty.ctrlC.exitCode).toBe(130);
    expect(ptyServers.ctrlC.requests).toHaveLength(0);
  });

  // The answer's wording, read by the same readline as on the pty above.
  it.each([
    ['"n" cancels with no request', 'n\n'],
    ['an empty answer (default no) cancels', '\n'],
  ])('asks, and %s', async (_name, input) => {
    server.respond([]);
    const result = await onTerminal(['webhook', 'deactivate', ID], { input });
    expect(result.stderr).toMatch(/Deactivate webhook .*\[y\/N\]/);
    expect(result.exitCode).not.toBe(0);
    expect(server.requests).toHaveLength(0);
  });

  it('--yes does not ask', async () => {
    server.respond([json(makeWebhook({ id: ID, status: 'inactive' }))]);
    const result = await onTerminal(['webhook', 'deactivate', ID, '--yes']);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).not.toContain('[y/N]');
    expect(server.requests).toHaveLength(1);
  });
});

describe('config on a terminal', () => {
  // The hidden prompt (the key stored, never echoed, nor its first characters) is any-terminal.test.ts's, at 0, 20 and
  // 80 columns.
  it('shows a table with SOURCE and a masked key', async () => {
    const result = await onTerminal(['config', 'list']);
    expect(result.exitCode).toBe(0);
    const text = plainLines(result.stdout).join('\n');
    expect(text).toMatch(/SETTING\s+VALUE\s+SOURCE/);
    expect(text).toMatch(/api-key\s+\*+0777\s+env/);
    expect(result.stdout + result.stderr).not.toContain(KEY);
  });
});
