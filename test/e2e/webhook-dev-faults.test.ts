// The emulator's fault injection, latency and rate limit as a user sees them from the CLI: `svc emulator start`
// with --fault-rate/--latency/--rate-limit, and `svc tx list` against it. Both run in this process (runCommandLine:
// the same flag parsing, emulator, retries, output and exit codes as `svc`); `svc emulator start` as a real process
// is exercised by webhook-dev-delivery, webhook-dev-listen (Ctrl-C) and the README walkthrough.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../helpers/cli.js';
import { startEmulatorInProcess, svc } from '../helpers/webhook-dev-processes.js';
import type { InProcessEmulator } from '../helpers/webhook-dev-processes.js';

/** One emulator per describe below, all started at once. */
const emulators = {} as Record<'faulty' | 'broken' | 'slow' | 'limited', InProcessEmulator>;

/**
 * The three slow scenarios spend their time in the CLI's real retry waits (Retry-After: 1 s, backoff), each
 * against its own emulator, so they start together as soon as the emulators are up; each test below then checks
 * the outcome of its own. The runs against one emulator stay in order (its seeded faults come in request order).
 */
const runs = {} as {
  faulty: Promise<RunResult>;
  broken: Promise<RunResult[]>;
  limited: Promise<RunResult[]>;
};

/** A run started ahead of its test: a failure is reported by the test that awaits it, not as unhandled. */
function ahead<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

beforeAll(async () => {
  // One seed for all four: its history is made once and shared (seed 7 also orders the faults the tests below rely on).
  [emulators.faulty, emulators.broken, emulators.slow, emulators.limited] = await Promise.all([
    startEmulatorInProcess(['--fault-rate', '0.5'], 7),
    startEmulatorInProcess(['--fault-rate', '1'], 7),
    startEmulatorInProcess(['--latency', '300'], 7),
    startEmulatorInProcess(['--rate-limit', '1'], 7),
  ]);
  runs.faulty = ahead(svc(emulators.faulty.url, ['tx', 'list', '--limit', '300', '--retries', '8', '-v'], { timeout: 60_000 }));
  runs.broken = ahead(
    (async () => {
      const results: RunResult[] = [];
      for (let run = 0; run < 6; run++) results.push(await svc(emulators.broken.url, ['tx', 'list', '--retries', '1']));
      return results;
    })(),
  );
  runs.limited = ahead(
    Promise.all(
      // Two pages each, back to back: over 1 request per second whatever the timing of the three runs.
      [0, 1, 2].map(() =>
        svc(emulators.limited.url, ['tx', 'list', '--limit', '10', '--page-size', '5', '--retries', '8', '-v'], {
          apiKey: 'sk_rate_limited_0001',
          timeout: 30_000,
        }),
      ),
    ),
  );
});
afterAll(async () => {
  await Promise.all(Object.values(emulators).map((emulator) => emulator.stop()));
});

/** The verbose exchange lines (`* GET url -> status (ms, attempt n/m[, retrying in s])`). */
const exchanges = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('* GET '));

describe('--fault-rate 0.5 --seed 7', () => {
  it('`svc tx list --limit 300 --retries 8` still prints 300 unique transactions, thanks to retries', async () => {
    const result = await runs.faulty;
    expect(result.stderr.split('\n').filter((line) => line.startsWith('svc:'))).toEqual([]);
    expect(result.exitCode).toBe(0);
    const rows = result.stdout.trimEnd().split('\n');
    expect(rows).toHaveLength(300);
    const keys = rows.map((row) => {
      const cells = row.split('\t');
      expect(cells[3]).toMatch(/^0x[0-9a-f]{64}$/);
      return `${cells[1]}:${cells[3]}`;
    });
    expect(new Set(keys).size).toBe(300);
    // Faults did happen, and were retried: some exchange did not answer 200.
    const lines = exchanges(result.stderr);
    const failed = lines.filter((line) => !/ -> 200 /.test(line));
    expect(failed.length).toBeGreaterThan(0);
    for (const line of failed) expect(line).toMatch(/retrying in \d+\.\d s\)$/);
    expect(lines.filter((line) => / -> 200 /.test(line))).toHaveLength(3);
  });
});

describe('--fault-rate 1: every request fails', () => {
  let emulator: InProcessEmulator;
  beforeAll(() => {
    emulator = emulators.broken;
  });

  it('`svc tx list --retries 1` exits 1, 5 or 6 (by the fault) with a one-line error and no stack trace', async () => {
    const codes = new Set<number>();
    for (const result of await runs.broken) {
      codes.add(result.exitCode);
      expect(result.stdout).toBe('');
      const lines = result.stderr.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^svc: \S/);
      // The error, and at most one hint line.
      expect(lines.length).toBeLessThanOrEqual(2);
      expect(result.stderr).not.toMatch(/^\s+at |Error:|node:internal/m);
      if (/\(429 Too Many Requests\)$/.test(lines[0]!)) expect(result.exitCode).toBe(5);
      else if (/\(50[023] [A-Za-z ]+\)$/.test(lines[0]!)) expect(result.exitCode).toBe(1);
      else expect(result.exitCode).toBe(6);
    }
    // With seed 7 the faults are the same on every run, and cover all three kinds.
    expect([...codes].sort()).toEqual([1, 5, 6]);
  });

  it('with --json, stderr ends with the error as one JSON line', async () => {
    await runs.broken; // after the six runs above, as before: they rely on the seeded faults in order
    const result = await svc(emulator.url, ['tx', 'list', '--retries', '0', '--json']);
    expect([1, 5, 6]).toContain(result.exitCode);
    expect(result.stdout).toBe('');
    const last = JSON.parse(result.stderr.trimEnd().split('\n').pop()!);
    expect(Object.keys(last).sort()).toEqual(['error', 'message', 'statusCode']);
    expect(typeof last.message).toBe('string');
  });
});

describe('--latency 300', () => {
  let emulator: InProcessEmulator;
  beforeAll(() => {
    emulator = emulators.slow;
  });

  it('every /v1 response takes at least that long', async () => {
    const result = await svc(emulator.url, ['tx', 'list', '--limit', '150', '-v']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(150);
    const durations = exchanges(result.stderr).map((line) => Number(/ -> 200 \((\d+) ms/.exec(line)?.[1]));
    expect(durations).toHaveLength(2);
    for (const ms of durations) expect(ms).toBeGreaterThanOrEqual(300);
  });

  it('a --timeout shorter than the latency is a network error (exit 6)', async () => {
    const result = await svc(emulator.url, ['tx', 'list', '--timeout', '0.1', '--retries', '0']);
    expect(result.exitCode).toBe(6);
    expect(result.stderr).toMatch(/^svc: .*tim/i);
  });
});

describe('--rate-limit 1', () => {
  it('concurrent calls with one key: some get 429, wait the Retry-After, then succeed', async () => {
    const results = await runs.limited;
    for (const result of results) {
      expect(result.exitCode).toBe(0);
      expect(result.stdout.trimEnd().split('\n')).toHaveLength(10);
      expect(exchanges(result.stderr).filter((line) => / -> 200 /.test(line))).toHaveLength(2);
    }
    const limited = results.flatMap((result) => exchanges(result.stderr)).filter((line) => / -> 429 /.test(line));
    expect(limited.length).toBeGreaterThan(0);
    // The wait is the server's Retry-After (1 s), not a jittered backoff.
    for (const line of limited) expect(line).toMatch(/retrying in 1\.0 s\)$/);
  });
});
