// Vitest global setup: every temporary file or folder of one run (the tests', and those of the CLIs, emulators, shells
// and browsers they start) goes under one folder of its own, removed when the run ends. The tests make about 2,000
// folders a run (a config folder per CLI run, data folders, fifos); left in the machine's temporary folder, they had
// piled up to 275,000 entries here.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const previous = process.env.TMPDIR;
  // Set before any worker starts: vitest gives each worker this process's environment, and os.tmpdir() reads TMPDIR,
  // in the workers and in every process they start.
  const root = mkdtempSync(join(tmpdir(), 'svc-suite-'));
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  };
}
