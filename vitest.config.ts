import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';

/**
 * The files that run longest (3-11 s each when two workers share two cores), started first. Vitest orders by the
 * durations it cached from earlier runs, and without them (a clean clone, as CI runs) by file size: then long files
 * could start last and stretch the end of the run (the same commit: 51-55 s locally, 63-65 s from a clean clone).
 */
const LONGEST_FIRST = [
  'test/e2e/command-tree.test.ts',
  'test/unit/emulator-data-dir.test.ts',
  'test/reliability/faults.test.ts',
  'test/e2e/emulator-detach.test.ts',
  'test/e2e/webhook-dev-faults.test.ts',
  'test/unit/emulator-kept-chain.test.ts',
  'test/e2e/recipes.test.ts',
  'test/reliability/secrets.test.ts',
  'test/e2e/any-terminal.test.ts',
  'test/e2e/emulator-api.test.ts',
  'test/reliability/kept-state-model.test.ts',
  'test/reliability/settings-hardening.test.ts',
  'test/e2e/cli-api.test.ts',
  'test/e2e/cli-webhook-addresses-progress.test.ts',
  'test/e2e/completion.test.ts',
  'test/e2e/emulator-kept-chain.test.ts',
  'test/e2e/process-contract.test.ts',
  'test/reliability/emulator-hardening.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification): number => {
      const index = LONGEST_FIRST.findIndex((path) => file.moduleId.endsWith(path));
      return index < 0 ? LONGEST_FIRST.length : index;
    };
    // Array.prototype.sort is stable: the rest keep vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/** What `npm run test:deep` runs (vitest.deep.config.ts) and `npm test` leaves out: slow by nature. */
export const DEEP_LANE = ['test/deep/**/*.test.ts'];

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...DEEP_LANE],
    environment: 'node',
    globalSetup: ['test/setup/temp-root.ts', 'test/setup/tools.ts'],
    env: {
      // The tests' processes (the CLI, the emulators, the receivers) speak plain HTTP on loopback only: an extra CA bundle
      // set for the machine is no part of them, and node reads and parses it at every start, before any code runs.
      NODE_EXTRA_CA_CERTS: '',
    },
    setupFiles: ['test/setup/process-log.ts', 'test/setup/cpu-log.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    sequence: { sequencer: LongestFirst },
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
