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
    // A young generation of 64 MB semi-spaces instead of 16: the emulators, servers and listings the tests run
    // allocate fast, and the workers spent about a tenth of their CPU in scavenges. Whole suite, same machine: ~140
    // CPU-s with the default, ~129 with 32 MB, ~108 with 64 MB. The workers only: the CLI the tests start runs as
    // users run it.
    execArgv: ['--max-semi-space-size=64'],
  },
});
