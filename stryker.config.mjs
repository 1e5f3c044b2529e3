// Mutation testing of the kept state (`npm run test:mutation`; not part of `npm test`): the data directory, its
// records and the gate, and the parts of the state and the delivery queue that plan, apply and restore kept changes.
// A run takes about 20 to 35 minutes on two cores; its score and survivors are recorded in docs/kept-state.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts' },
  // Whole files: what is not kept-state logic is left out by `// Stryker disable all` / `// Stryker restore all`
  // comments in the files themselves, so the scope moves with the code (line ranges here would silently point at
  // other code once the files change).
  mutate: [
    // The record files, changes and the write gate. Not legacy-journal.ts: a frozen reader of the earlier format
    // (its folder's safety, in data-dir.ts, is mutated).
    'src/emulator/kept/change.ts',
    'src/emulator/kept/record-file.ts',
    'src/emulator/kept/write-gate.ts',
    // Its writes and syncs, the data directory's life, restore, the sequence, damage and --repair, a new log, a
    // folder's sync; not the helpers that word messages or judge the folder and its lock.
    'src/emulator/kept/data-dir.ts',
    // begin(): the start counted before anything else; notifying(): messages planned with their webhooks held.
    'src/emulator/state.ts',
    // The queue's kept records applied, restored (attempts cut off by a stop) and snapshotted; an attempt kept as
    // started before it is sent.
    'src/emulator/deliveries/queue.ts',
    // What blocks whose records are gone carried: planned with the deletion of their records, restored at a restart.
    'src/emulator/chain/carried.ts',
  ],
  // The words of messages (string literals) are left out: about a third of the mutants, and not what keeps a change.
  mutator: { excludedMutations: ['StringLiteral'] },
  coverageAnalysis: 'perTest',
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 15_000,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/kept-state.json' },
  tempDirName: '.stryker-tmp',
  thresholds: { high: 90, low: 85, break: null },
};
