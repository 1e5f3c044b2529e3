// With SVC_TEST_CPU_LOG=<file>, each test file's CPU seconds are logged as one line: the worker's own (the tests, the
// emulators and servers they run in-process), those of the processes it started and waited for, and the file. The
// suite is throughput-bound on two cores: its wall time follows the sum of these, not the longest file's.
// Linux only (the counts are read from /proc/self/stat, in clock ticks of 1/100 s); elsewhere it logs nothing.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';

const logFile = process.env.SVC_TEST_CPU_LOG;
const STAT = '/proc/self/stat';

/** [own, waited-for children] CPU seconds of this process so far: utime + stime, cutime + cstime. */
export function cpuSeconds(): [number, number] {
  // The fields after the command name, which is in parentheses and may hold spaces: utime is the 12th.
  const fields = readFileSync(STAT, 'utf8').split(') ')[1]!.split(' ');
  const ticks = (at: number) => Number(fields[at]);
  return [(ticks(11) + ticks(12)) / 100, (ticks(13) + ticks(14)) / 100];
}

if (logFile && existsSync(STAT)) {
  let start: [number, number] = [0, 0];
  beforeAll(() => {
    start = cpuSeconds();
  });
  afterAll(() => {
    const [own, children] = cpuSeconds();
    const file = relative(process.cwd(), expect.getState().testPath ?? '');
    appendFileSync(logFile, `${(own - start[0]).toFixed(2)}\t${(children - start[1]).toFixed(2)}\t${file}\n`);
  });
}
