// Interrupts: SIGINT and SIGTERM during a long `--all` (pages served slowly), during a retry wait and during a
// stalled request stop promptly with 130 / 143, leaving only complete lines on stdout; under a pty
// Ctrl-C also leaves the cursor visible again (the spinner cleaned up).
import { afterEach, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { BIN, isolatedEnv, REPO_ROOT, runCliTty, PROMPT_STOP_MS } from '../helpers/cli.js';
import { numberedTransaction } from '../helpers/fixtures.js';
import { errorAnswer, json, startTestServer } from '../helpers/test-server.js';
import type { Answer, RecordedRequest, TestServer } from '../helpers/test-server.js';
import { useFigures } from './figures.js';

const figures = useFigures(import.meta.url);
const KEY = 'sk_test_interrupt_5e8a0c2f7d';
const PAGE_DELAY_MS = 250;

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** An endless listing: 100 transactions a page, each page served after PAGE_DELAY_MS. */
function slowEndlessListing(request: RecordedRequest): Answer {
  const page = Number(request.searchParams.get('pageToken') ?? '0');
  const transactions = Array.from({ length: 100 }, (_, i) => numberedTransaction(page * 100 + i + 1));
  return { ...json({ transactions, nextPageToken: String(page + 1) }), delayMs: PAGE_DELAY_MS };
}

interface Interrupted {
  exitCode: number | undefined;
  stdout: string;
  stderr: string;
  /** Milliseconds from the signal to the process's end. */
  stopMs: number;
}

/** Starts svc, waits until `ready(stdout, stderr)` holds, sends the signal and times how long it takes to end. */
async function interrupt(args: string[], signal: NodeJS.Signals, ready: (stdout: string, stderr: string) => boolean): Promise<Interrupted> {
  const child = execa('node', [BIN, ...args], {
    env: isolatedEnv({ baseUrl: server!.url, apiKey: KEY }),
    extendEnv: false,
    reject: false,
    cwd: REPO_ROOT,
    timeout: 30_000,
    stripFinalNewline: false,
  });
  let stdout = '';
  let stderr = '';
  await new Promise<void>((resolve) => {
    // Polled as well: some conditions (a request reaching the server) come with no output.
    const poll = setInterval(() => check(), 20);
    const check = () => {
      if (!ready(stdout, stderr)) return;
      clearInterval(poll);
      resolve();
    };
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      check();
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      check();
    });
    void child.then(() => {
      clearInterval(poll);
      resolve();
    });
  });
  const signalledAt = performance.now();
  child.kill(signal);
  const result = await child;
  return {
    exitCode: result.exitCode,
    stdout: String(result.stdout),
    stderr: String(result.stderr),
    stopMs: performance.now() - signalledAt,
  };
}

function tsvRowsComplete(stdout: string): { complete: boolean; hashes: string[] } {
  if (stdout === '') return { complete: true, hashes: [] };
  const lines = stdout.split('\n');
  const last = lines.pop();
  const complete = last === '' && lines.every((line) => line.split('\t').length === 9);
  return { complete, hashes: lines.map((line) => line.split('\t')[3]!) };
}

function countRepeats(hashes: string[]): number {
  return hashes.length - new Set(hashes).size;
}

describe('signals during a long --all', () => {
  // One signal per output format: both signals take the same way out (src/cli.ts aborts the command alike, only the
  // exit code differs), so SIGINT with TSV and SIGTERM with --json prove both formats and both exit codes.
  it('SIGINT while pages stream as TSV: stops promptly, exit 130, only complete rows', async () => {
    server = await startTestServer(slowEndlessListing);
    const result = await interrupt(['tx', 'list', '--all'], 'SIGINT', (stdout) => stdout.split('\n').length > 200);
    figures.cases++;
    const { complete, hashes } = tsvRowsComplete(result.stdout);
    figures.duplicated += countRepeats(hashes);
    expect(result.exitCode).toBe(130);
    expect(result.stopMs).toBeLessThan(PROMPT_STOP_MS);
    expect(complete).toBe(true);
    expect(hashes.length % 100).toBe(0);
    expect(hashes.length).toBeGreaterThanOrEqual(200);
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });

  it('SIGTERM with --json: stops promptly, exit 143, every line a whole JSON document', async () => {
    server = await startTestServer(slowEndlessListing);
    const result = await interrupt(['tx', 'list', '--all', '--json'], 'SIGTERM', (stdout) => stdout.split('\n').length > 2);
    figures.cases++;
    expect(result.exitCode).toBe(143);
    expect(result.stopMs).toBeLessThan(PROMPT_STOP_MS);
    const lines = result.stdout.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    const hashes = lines.flatMap((line) =>
      (JSON.parse(line) as { transactions: Array<{ txHash: string }> }).transactions.map((tx) => tx.txHash),
    );
    figures.duplicated += countRepeats(hashes);
    expect(countRepeats(hashes)).toBe(0);
  });

  // A day asked for: the wait announced is the CLI's cap of 60 s (the cap itself: faults.test.ts, in-process).
  it('SIGINT while waiting out a day-long Retry-After, capped at 60 s: stops promptly, exit 130', async () => {
    server = await startTestServer(() => errorAnswer(503, 'come back tomorrow', { 'retry-after': '86400' }));
    const result = await interrupt(['tx', 'list', '--all', '--verbose'], 'SIGINT', (_stdout, stderr) => /retrying in/.test(stderr));
    figures.cases++;
    expect(result.stderr).toMatch(/retrying in 60\.0 s/);
    expect(result.exitCode).toBe(130);
    expect(result.stopMs).toBeLessThan(PROMPT_STOP_MS);
    expect(result.stdout).toBe('');
    expect(server.requests).toHaveLength(1);
  });

  // SIGTERM while tx list's request stalls: any-terminal.test.ts's stalled response (exit 143, promptly), and
  // nothing on stdout while a request stalls is the webhook create case below.
  it('SIGINT during webhook create waiting on the service: stops promptly, exit 130, nothing on stdout', async () => {
    server = await startTestServer(() => ({ fault: 'stall' }));
    const result = await interrupt(
      [
        'webhook',
        'create',
        '--url',
        'https://hooks.example.com/x',
        '--chain-id',
        '43113',
        '--address',
        '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
      ],
      'SIGINT',
      () => server!.requests.length > 0,
    );
    figures.cases++;
    expect(result.exitCode).toBe(130);
    expect(result.stopMs).toBeLessThan(PROMPT_STOP_MS);
    expect(result.stdout).toBe('');
  });
});

describe('Ctrl-C at a terminal', () => {
  it('during a long --all: exit 130, the spinner stopped and the cursor shown again after its last hide', async () => {
    server = await startTestServer(slowEndlessListing);
    const result = await runCliTty(['tx', 'list', '--all'], {
      baseUrl: server.url,
      apiKey: KEY,
      // ora shows no spinner when it believes it runs in CI.
      env: { CI: undefined, CONTINUOUS_INTEGRATION: undefined, BUILD_NUMBER: undefined, RUN_ID: undefined, TERM: 'xterm-256color' },
      typeAfter: { waitFor: 'TX HASH', text: '\u0003' },
      timeout: 20_000,
    });
    figures.cases++;
    expect(result.exitCode).toBe(130);
    const hide = result.output.lastIndexOf('\u001b[?25l');
    const show = result.output.lastIndexOf('\u001b[?25h');
    expect(hide, 'the spinner hid the cursor').toBeGreaterThanOrEqual(0);
    expect(show).toBeGreaterThan(hide);
    expect(result.output).toMatch(/TX HASH/);
  });

  // The cursor shown again after a command that ends normally: any-terminal.test.ts's tx list at 0, 20 and 80 columns.
});
