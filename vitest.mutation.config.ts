// The tests that cover the kept state, for mutation testing (stryker.config.mjs): the data directory's own, its
// edges, the cut log, its lines, the queue's records and attempts, the write gate, the router, compaction, --repair,
// the chain's window and the summary of the blocks that left it,
// and the model test at one run of its fixed first example (a fixed seed: a mutant is killed or not by the same runs
// each time). Not part of `npm test`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/unit/emulator-data-dir.test.ts',
      'test/unit/kept-state-edges.test.ts',
      'test/unit/kept-crash-points.test.ts',
      'test/unit/kept-record-file.test.ts',
      'test/unit/kept-delivery-records.test.ts',
      'test/unit/kept-write-gate.test.ts',
      'test/unit/kept-change.test.ts',
      'test/unit/kept-compaction.test.ts',
      'test/unit/kept-repair.test.ts',
      'test/unit/kept-attempts.test.ts',
      'test/unit/emulator-delivery-queue.test.ts',
      'test/unit/emulator-chain-window.test.ts',
      'test/unit/emulator-carried.test.ts',
      'test/reliability/kept-state-model.test.ts',
    ],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    env: { SVC_MODEL_RUNS: '1', SVC_MODEL_SEED: '37' },
  },
});
