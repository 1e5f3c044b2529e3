// The run's own temporary folder (test/setup/temp-root.ts): what the tests and the processes they start make there is
// removed when the run ends, instead of piling up in the machine's temporary folder run after run.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshConfigDir } from '../helpers/cli.js';
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
