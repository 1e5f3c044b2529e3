import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/setup/tools.ts'],
    setupFiles: ['test/setup/process-log.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // Two cores, but much of the suite waits (on ptys, timers, stale locks, retries): four workers keep both cores
    // busy (measured: 84 s with two, 63 s with four).
    maxWorkers: 4,
    // Each worker keeps its modules from one test file to the next instead of loading src/ and the helpers again
    // for every file (63 -> 51 s, a fifth less CPU). Test files must leave no global state behind: servers closed,
    // timers real again, environment as they found it.
    isolate: false,
  },
});
