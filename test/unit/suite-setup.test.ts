// The suite's own setup: the run's temporary folder (test/setup/temp-root.ts), where what the tests and the processes
// they start make is removed when the run ends instead of piling up run after run; and the CPU counts the per-file
// log reads (test/setup/cpu-log.ts).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshConfigDir } from '../helpers/cli.js';
import { cpuSeconds } from '../setup/cpu-log.js';
import setup from '../setup/temp-root.js';

describe("the run's temporary folder", () => {
  it('is where this worker, its helpers and the processes it starts make their temporary files', () => {
    const root = tmpdir();
    expect(basename(root)).toMatch(/^svc-suite-/);
    expect(existsSync(root)).toBe(true);
    expect(dirname(freshConfigDir())).toBe(root);
    const child = execFileSync(process.execPath, ['-e', 'process.stdout.write(require("node:os").tmpdir())'], { encoding: 'utf8' });
    expect(child).toBe(root);
  });

  it('is removed with everything in it when the run ends, and the temporary folder is the one before', () => {
    const before = process.env.TMPDIR;
    const teardown = setup();
    const root = process.env.TMPDIR!;
    try {
      expect(root).not.toBe(before);
      expect(dirname(root)).toBe(before);
      mkdirSync(join(root, 'svc-test-x', 'nested'), { recursive: true });
      writeFileSync(join(root, 'svc-test-x', 'nested', 'config.json'), '{}');
    } finally {
      teardown();
    }
    expect(existsSync(root)).toBe(false);
    expect(process.env.TMPDIR).toBe(before);
  });
});

describe.runIf(existsSync('/proc/self/stat'))('the CPU counts of the per-file log', () => {
  it("count this process's work as its own, and a process it waited for as its children's", () => {
    const [ownBefore, childrenBefore] = cpuSeconds();
    // Spun until 150 ms of CPU are used, not of wall time: on a busy machine a process gets less than its wall time.
    // Mostly arithmetic (user time), asking for the CPU used only now and then (a system call each time).
    const spent = process.cpuUsage();
    let spin = 0;
    while (process.cpuUsage(spent).user < 150_000) for (let k = 0; k < 100_000; k++) spin += k % 7;
    expect(spin).toBeGreaterThan(0);
    const [ownAfter, childrenAfterSpin] = cpuSeconds();
    expect(ownAfter - ownBefore).toBeGreaterThanOrEqual(0.1);
    expect(childrenAfterSpin).toBe(childrenBefore);
    const childSpin =
      'let n = 0; const spent = process.cpuUsage(); while (process.cpuUsage(spent).user < 150_000) for (let k = 0; k < 1e5; k++) n += k % 7;';
    execFileSync(process.execPath, ['-e', childSpin]);
    const [, childrenAfter] = cpuSeconds();
    expect(childrenAfter - childrenBefore).toBeGreaterThanOrEqual(0.1);
  });
});
