// `npm run test:deep`: what is slow by nature, run by CI after `npm test` (.ci/run): the packaging install from a
// tarball, the inspector's screenshots, the delivery queue's memory over thousands of deliveries, and the kept-state
// model test's long runs. Same settings as vitest.config.ts.
import { configDefaults, defineConfig } from 'vitest/config';
import base, { DEEP_LANE } from './vitest.config.js';

/**
 * The kept-state model test's runs here (its default in `npm test` is a quick few); SVC_MODEL_RUNS sets another count.
 * 24: more than `npm test` ever ran, within the test's own time limit on a loaded 2-core machine (32 runs took 38-42 s
 * there, and once, of another seed, over 120 s).
 */
const MODEL_RUNS = process.env.SVC_MODEL_RUNS ?? '24';

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [...DEEP_LANE, 'test/reliability/kept-state-model.test.ts'],
    exclude: configDefaults.exclude,
    env: { ...base.test?.env, SVC_MODEL_RUNS: MODEL_RUNS },
    globalSetup: [...(base.test?.globalSetup as string[]), 'test/setup/browser-server.ts'],
    // Two workers, not four: the browser files and the model's long runs each keep a core busy, and four of them on
    // two cores stretched single tests past their limits. The time limits are for a hung test, not a slow one.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
