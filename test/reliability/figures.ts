// The suite's figures: each test file counts what it observed, writes it to a JSON file shared by this run,
// and whichever reliability file finishes last prints the one summary line and fails if a figure is not zero.
import { afterAll, expect } from 'vitest';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';

export interface Figures {
  /** Invocations or scenarios tried. */
  cases: number;
  /** Requests that reached a server for an invocation that should have been refused before any request. */
  badInputRequests: number;
  /** Items the service had that a listing did not print. */
  lost: number;
  /** Items printed more than once (or printed without being served). */
  duplicated: number;
  /** Webhooks created beyond the first by one `webhook create`. */
  duplicateWebhooks: number;
  /** Outputs (stdout or stderr of one run) holding the API key whole. */
  keysLeaked: number;
}

const FIGURE_NAMES: Array<keyof Figures> = ['cases', 'badInputRequests', 'lost', 'duplicated', 'duplicateWebhooks', 'keysLeaked'];
const BAD_FIGURES: Array<keyof Figures> = ['badInputRequests', 'lost', 'duplicated', 'duplicateWebhooks', 'keysLeaked'];

const SUITE_DIR = dirname(fileURLToPath(import.meta.url));

/**
 * One folder per `vitest run`: test files run in forked workers whose parent is the vitest process, so its
 * pid and start time name the run (a stale folder of an earlier run with a recycled pid has another start time).
 */
export function runDirectory(): string {
  // Forked workers: the parent is vitest. Worker threads (another pool): this very process is.
  const parent = isMainThread ? process.ppid : process.pid;
  let started = '0';
  try {
    started = readFileSync(`/proc/${parent}/stat`, 'utf8').split(') ')[1]?.split(' ')[19] ?? '0';
  } catch {
    // Not Linux: the pid alone names the run.
  }
  const dir = join(tmpdir(), `svc-reliability-${parent}-${started}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The reliability test files, by name: the summary waits until each has reported in this run. */
function suiteFiles(): string[] {
  return readdirSync(SUITE_DIR)
    .filter((name) => name.endsWith('.test.ts'))
    .sort();
}

export function formatSummary(total: Figures): string {
  return (
    `reliability: ${total.cases} cases, ${total.badInputRequests} requests for bad input, ${total.lost} lost, ` +
    `${total.duplicated} duplicated, ${total.duplicateWebhooks} duplicate webhooks, ${total.keysLeaked} keys leaked`
  );
}

export function emptyFigures(): Figures {
  return { cases: 0, badInputRequests: 0, lost: 0, duplicated: 0, duplicateWebhooks: 0, keysLeaked: 0 };
}

/**
 * The figures of the calling test file. Call once at the top of a file; add to the returned object as tests
 * observe things. After the file's tests, its figures are written, and if every reliability file has
 * reported, the summary line is printed and every bad figure must be 0.
 */
export function useFigures(fileUrl: string): Figures {
  const figures = emptyFigures();
  const file = basename(fileURLToPath(fileUrl));
  afterAll(() => {
    const dir = runDirectory();
    const target = join(dir, `${file}.json`);
    writeFileSync(target + '.tmp', JSON.stringify(figures));
    renameSync(target + '.tmp', target);
    printSummaryIfLast(dir);
    // This file's own figures must be clean whatever the others say.
    for (const name of BAD_FIGURES) expect(figures[name], `${file}: ${name}`).toBe(0);
  });
  return figures;
}

/** Prints the summary once every reliability file has reported in this run, and fails on a bad total. */
function printSummaryIfLast(dir: string): void {
  const reported = new Set(
    readdirSync(dir)
      .filter((name) => name.endsWith('.test.ts.json'))
      .map((name) => name.slice(0, -5)),
  );
  const expected = suiteFiles();
  if (!expected.every((name) => reported.has(name))) return;
  const total = emptyFigures();
  for (const name of expected) {
    const one = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')) as Figures;
    for (const figure of FIGURE_NAMES) total[figure] += one[figure];
  }
  // Written once per run: if two files finish together, only the one that creates the marker prints.
  try {
    writeFileSync(join(dir, 'summary.txt'), formatSummary(total) + '\n', { flag: 'wx' });
  } catch {
    return;
  }
  process.stdout.write(`\n${formatSummary(total)}\n`);
  for (const name of BAD_FIGURES) expect(total[name], `suite total: ${name}`).toBe(0);
  expect(total.cases).toBeGreaterThan(0);
}

/** How many times `needle` occurs in `haystack`. */
export function occurrences(haystack: string, needle: string): number {
  if (needle === '') return 0;
  return haystack.split(needle).length - 1;
}
