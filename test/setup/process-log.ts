// With SVC_TEST_PROCESS_LOG=<file>, every process a test starts is logged as one line: test file, test name, command.
// Counts the tests that spawn processes (the suite keeps them to what only a process can show): see the README.
import { appendFileSync } from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { relative } from 'node:path';
import { expect } from 'vitest';

const logFile = process.env.SVC_TEST_PROCESS_LOG;
// This file runs before every test file, and a worker keeps node's modules from one file to the next (isolate: false):
// spawn is wrapped once per worker, or each process would be logged once for every file the worker had run before.
const WRAPPED = Symbol.for('svc.test.processLog');
const childProcess = createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process') & {
  [WRAPPED]?: true;
};
if (logFile && !childProcess[WRAPPED]) {
  childProcess[WRAPPED] = true;
  const spawn = childProcess.spawn;
  childProcess.spawn = ((command: string, ...rest: unknown[]) => {
    const { testPath, currentTestName } = expect.getState();
    const args = Array.isArray(rest[0]) ? (rest[0] as string[]) : [];
    const what = command === process.execPath || command === 'node' ? `node ${relative(process.cwd(), args[0] ?? '')}` : command;
    appendFileSync(logFile, `${relative(process.cwd(), testPath ?? '')}\t${currentTestName ?? '(outside a test)'}\t${what}\n`);
    return (spawn as (...args: unknown[]) => unknown)(command, ...rest);
  }) as typeof childProcess.spawn;
  syncBuiltinESMExports();
}
