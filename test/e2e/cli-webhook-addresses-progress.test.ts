// The progress line of `svc webhook addresses add` in a real terminal: at 0, 20 and 80 columns it stays bounded and
// never wider than the terminal; Ctrl-C ends the change at once, saying how many addresses were applied. The four
// terminals run side by side from one python.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/render/width.js';
import { makeWebhook, numberedAddress } from '../helpers/fixtures.js';
import { runInPtys, visibleLines } from '../helpers/pty.js';
import type { PtyRun } from '../helpers/pty.js';
import { json, useRecordingServer } from '../helpers/test-server.js';
import { PROMPT_STOP_MS } from '../helpers/cli.js';

const KEY = 'sk_test_addresses_progress_0004';
const ID = '3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60';
/** Far more than a progress line redrawn a dozen times a second for a few seconds writes. */
const OUTPUT_BOUND = 64 * 1024;
const BATCHES = 8;

// Each batch takes a while, so the line is drawn several times; the answer is a small webhook watching the batch
// (the runs are concurrent: the answer depends on the request alone).
const server = useRecordingServer(() => (request) => ({
  ...json(makeWebhook({ metadata: { addresses: (JSON.parse(request.body) as { addresses: string[] }).addresses } })),
  delayMs: 150,
}));
const path = join(mkdtempSync(join(tmpdir(), 'svc-progress-')), 'addresses.txt');
writeFileSync(path, Array.from({ length: BATCHES * 100 }, (_, i) => numberedAddress(i + 1)).join('\n'));
const args = ['webhook', 'addresses', 'add', ID, '--addresses-file', path, '--batch-size', '100', '--no-color'];

const WIDTHS = [0, 20, 80];

/**
 * The four terminals (the three widths, then the one interrupted at 80 columns) from one python (runInPtys), started
 * by whichever test asks first; each test checks its own.
 */
let batch: Promise<PtyRun[]> | undefined;
function terminals(): Promise<PtyRun[]> {
  batch ??= runInPtys([
    ...WIDTHS.map((columns) => ({ args, baseUrl: server.url, apiKey: KEY, columns, deadlineMs: 20_000 })),
    {
      args,
      baseUrl: server.url,
      apiKey: KEY,
      columns: 80,
      steps: [{ waitFor: 'batch 3 of 8' }, { signal: 'SIGINT' as const }],
      deadlineMs: 20_000,
    },
  ]);
  return batch;
}

describe.concurrent('in a real terminal', { timeout: 60_000 }, () => {
  it.each(WIDTHS)(
    'of %i columns the progress line is redrawn at a bounded rate, within the width, and gives way to the count',
    async (columns) => {
      const run = (await terminals())[WIDTHS.indexOf(columns)]!;
      expect(run.exitCode, run.output.slice(-500)).toBe(0);
      expect(run.bytes).toBeLessThan(OUTPUT_BOUND);
      const lines = visibleLines(run.output);
      const shown = lines.filter((line) => line.trim() !== '');
      // What was done (stderr, wrapped to the width), then the webhook's count (stdout).
      expect(shown.at(-1)).toBe('100 addresses');
      expect(shown.slice(0, -1).join('').replace(/\s/g, '')).toBe(`Added800addressestowebhook${ID}`);
      if (columns > 0) {
        const wide = lines.filter((line) => displayWidth(line) > columns);
        expect(wide, `lines wider than ${columns} columns`).toEqual([]);
      }
      if (columns === 80) expect(run.output).toMatch(/Adding addresses: \d+ of 800 added, batch \d of 8/);
    },
  );

  it('of 80 columns, Ctrl-C while batches are under way: exit 130 promptly, saying how many were added', async () => {
    const run = (await terminals())[WIDTHS.length]!;
    expect(run.waitTimedOut, run.output).toBe(false);
    expect(run.exitCode, run.output.slice(-500)).toBe(130);
    expect(run.signalToExitMs).toBeLessThan(PROMPT_STOP_MS);
    // stderr lines are wrapped to the terminal's width: the message is read with its line breaks as spaces.
    expect(run.output.replace(/\r?\n/g, ' ')).toMatch(
      /svc: interrupted: 200 of 800 addresses were added, and batch 3 of 8 may have been too; running the same command again is safe/,
    );
  });
});

// In-process, stdout and stderr taken for an 80-column terminal: that the command asks for its progress line only
// without --quiet and --json is its own part; that a terminal then shows none is cli-tty's, in a pty (no spinner
// with --json, nor with --quiet).
describe('--quiet and --json at a terminal', () => {
  async function atTerminal(extra: string[]) {
    const [{ runCommandLine, ioFlags }, { createTestIO }, { isolatedEnv }] = await Promise.all([
      import('../../src/cli.js'),
      import('../helpers/test-io.js'),
      import('../helpers/cli.js'),
    ]);
    const line = [...args, ...extra];
    const io = createTestIO({
      env: isolatedEnv({ baseUrl: server.url, apiKey: KEY }),
      stdoutTTY: true,
      stderrTTY: true,
      stdinTTY: true,
      columns: 80,
      ...ioFlags(line),
    });
    const exitCode = await runCommandLine(['node', 'svc', ...line], { io, interrupt: new AbortController().signal });
    return { exitCode, stdout: io.stdout(), stderr: io.stderr(), progress: io.spinnerTexts };
  }

  it('draw no progress line', async () => {
    const [quiet, asJson, plain] = await Promise.all([
      atTerminal(['--quiet']),
      atTerminal(['--json', '--batch-size', '400']),
      atTerminal(['--batch-size', '400']),
    ]);
    // Without either flag the same command draws it: the check below can fail.
    expect(plain.progress.some((text) => /Adding addresses: \d+ of 800 added, batch \d of 2/.test(text))).toBe(true);
    expect(quiet).toEqual({ exitCode: 0, stdout: '100 addresses\n', stderr: '', progress: [] });
    expect(asJson.exitCode, asJson.stderr).toBe(0);
    expect(asJson.progress).toEqual([]);
    expect(asJson.stderr).not.toMatch(/Adding/);
    expect(
      asJson.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line).metadata.addresses.length),
    ).toEqual([400, 400]);
  });
});
