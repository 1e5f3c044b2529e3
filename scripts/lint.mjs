// `npm run lint`: the type-checks of src and test and of the inspector page's scripts, the import-circle check, ESLint
// and Prettier's format check, side by side (none reads what another writes), each one's output printed whole, in
// this order, once all have ended; exits 1 if any failed. Each keeps what it learnt of unchanged files in .lint-cache/
// (outside git): tsc its build info, ESLint and Prettier a hash of each file's content with their configuration, so a
// run after a small change checks only what the change can affect, with the same rules as a run from nothing.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cache = join(root, '.lint-cache');
mkdirSync(cache, { recursive: true });
const colour = process.stdout.isTTY ? ['--color'] : [];

/** Each step: its name, the program (from node_modules/.bin, or node) and its arguments. */
const STEPS = [
  ['types of src and test', 'tsc', ['-p', 'tsconfig.test.json', '--incremental', '--tsBuildInfoFile', join(cache, 'test.tsbuildinfo')]],
  [
    "types of the inspector page's scripts",
    'tsc',
    ['-p', 'src/emulator/inspector/tsconfig.page.json', '--incremental', '--tsBuildInfoFile', join(cache, 'page.tsbuildinfo')],
  ],
  ['import circles', process.execPath, ['scripts/check-import-cycles.mjs']],
  ['ESLint', 'eslint', ['.', '--cache', '--cache-strategy', 'content', '--cache-location', join(cache, 'eslint'), ...colour]],
  ['Prettier', 'prettier', ['--check', '.', '--cache', '--cache-strategy', 'content', '--cache-location', join(cache, 'prettier')]],
];

const env = { ...process.env, PATH: `${join(root, 'node_modules', '.bin')}${delimiter}${process.env.PATH}` };
if (process.stdout.isTTY) env.FORCE_COLOR ??= '1';

/** Runs a step with its output captured; resolves with its exit status and what it printed, interleaved as printed. */
function run([name, program, args]) {
  return new Promise((resolve) => {
    const child = spawn(program, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.once('error', (error) => resolve({ name, status: 1, output: `${error.message}\n` }));
    child.once('close', (code, signal) => resolve({ name, status: code ?? (signal ? 1 : 0), output: Buffer.concat(output).toString() }));
  });
}

const results = await Promise.all(STEPS.map(run));
for (const { name, status, output } of results) {
  process.stdout.write(output);
  if (status !== 0) process.stderr.write(`lint: ${name} failed (exit ${status})\n`);
}
process.exitCode = results.some(({ status }) => status !== 0) ? 1 : 0;
