#!/usr/bin/env node
// `svc tx list --follow --json` at a 2 s interval against an emulator making a block on every chain every 100 ms
// (issue 20): every transaction printed once (none missed, none twice, checked against the emulator's own listing
// afterwards), the CPU the follower used, its RSS after 5 s and at the end. Prints one JSON line of figures; exits 1
// when a transaction was missed or printed twice. Run after `npm run build`:
//   node bench/tx-follow.mjs [--seconds=20] [--interval=2] [--block-time=100] [--bare]   (BENCH_TX_FOLLOW_SECONDS=60 for the run)
// --bare follows with bench/bare-tx-follow.mjs (undici, nothing else) instead of the CLI, to compare its RSS over time.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'bin', 'svc.js');
const flag = (name, fallback) => Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const SECONDS = flag('seconds', Number(process.env.BENCH_TX_FOLLOW_SECONDS ?? 20));
const INTERVAL = flag('interval', 2);
const BLOCK_TIME = flag('block-time', 100);
const EARLY_SECONDS = 5;

const scratch = mkdtempSync(join(tmpdir(), 'svc-bench-follow-'));
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('SVC_') && name !== 'NODE_OPTIONS')),
  NO_COLOR: '1',
  SVC_CONFIG_DIR: scratch,
};
const children = [];
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

/** Resident set (KiB) and CPU time (s) of a process, from /proc. */
function usage(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { rssKiB: Number(/VmRSS:\s+(\d+)/.exec(status)[1]), cpuS: (Number(stat[11]) + Number(stat[12])) / 100 };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The emulator in its own process, so the follower's CPU and memory are its own.
const emulator = spawn(
  process.execPath,
  [BIN, 'emulator', 'start', '--port', '0', '--seed', '20', '--rate-limit', '0', '--block-time', String(BLOCK_TIME)],
  { env, stdio: ['ignore', 'pipe', 'inherit'] },
);
children.push(emulator);
const baseUrl = await new Promise((resolve, reject) => {
  let text = '';
  emulator.stdout.setEncoding('utf8');
  emulator.stdout.on('data', (chunk) => {
    text += chunk;
    const newline = text.indexOf('\n');
    if (newline >= 0) resolve(text.slice(0, newline));
  });
  emulator.once('exit', (code) => reject(new Error(`svc emulator start ended early (${code})`)));
});

const BARE = process.argv.includes('--bare');
const followerArgs = BARE
  ? [join(ROOT, 'bench', 'bare-tx-follow.mjs'), String(INTERVAL)]
  : [BIN, 'tx', 'list', '--follow', '--interval', String(INTERVAL), '--json'];
const follower = spawn(process.execPath, followerArgs, {
  env: { ...env, SVC_BASE_URL: baseUrl },
  stdio: ['ignore', 'pipe', 'pipe'],
});
children.push(follower);
/** Each printed transaction's key and time, in the order printed. */
const printed = [];
let partial = '';
follower.stdout.setEncoding('utf8');
follower.stdout.on('data', (chunk) => {
  const lines = (partial + chunk).split('\n');
  partial = lines.pop();
  for (const line of lines) {
    const tx = JSON.parse(line);
    printed.push({ key: `${tx.chainId}:${tx.txHash.toLowerCase()}`, ms: tx.blockTimestampMilliseconds });
  }
});
let stderr = '';
follower.stderr.setEncoding('utf8');
follower.stderr.on('data', (chunk) => (stderr += chunk));
const exited = new Promise((resolve) => follower.once('exit', (code, signal) => resolve(code ?? signal)));

const startedAt = performance.now();
await sleep(EARLY_SECONDS * 1000);
const early = usage(follower.pid);
const earlyWallS = (performance.now() - startedAt) / 1000;
/** RSS (MiB) every 5 s, to show whether it settles. */
const rssSeries = [Math.round(early.rssKiB / 1024)];
for (let at = EARLY_SECONDS + 5; at < SECONDS; at += 5) {
  await sleep(Math.max(0, startedAt + at * 1000 - performance.now()));
  rssSeries.push(Math.round(usage(follower.pid).rssKiB / 1024));
}
await sleep(Math.max(0, startedAt + SECONDS * 1000 - performance.now()));
const late = usage(follower.pid);
const wallS = (performance.now() - startedAt) / 1000;
follower.kill('SIGINT');
const exitCode = await exited;

// The emulator's own listing of everything from the oldest printed transaction (the first page's oldest) to the newest
// printed one: a block is added on every chain at once, so what the last poll saw ends at the newest printed time.
const oldest = Math.min(...printed.map((tx) => tx.ms));
const newest = Math.max(...printed.map((tx) => tx.ms));
const listed = [];
let pageToken;
for (;;) {
  const url = new URL('/v1/transactions', baseUrl);
  url.searchParams.set('pageSize', '100');
  if (pageToken) url.searchParams.set('pageToken', pageToken);
  const page = await (await fetch(url)).json();
  let passed = false;
  for (const tx of page.transactions) {
    if (tx.blockTimestampMilliseconds < oldest) passed = true;
    else if (tx.blockTimestampMilliseconds <= newest)
      listed.push({ key: `${tx.chainId}:${tx.txHash.toLowerCase()}`, ms: tx.blockTimestampMilliseconds });
  }
  if (passed || !page.nextPageToken) break;
  pageToken = page.nextPageToken;
}
emulator.kill('SIGTERM');

const counts = new Map();
for (const { key } of printed) counts.set(key, (counts.get(key) ?? 0) + 1);
const printedSet = new Set(printed.map((tx) => tx.key));
const listedSet = new Set(listed.map(({ key }) => key));
const figures = {
  seconds: SECONDS,
  intervalS: INTERVAL,
  blockTimeMs: BLOCK_TIME,
  printed: printed.length,
  listed: listed.length,
  // Transactions made after the first page's oldest one that were never printed. (Those sharing its very time but not
  // on the first page were there before the command started: not new, not printed, by design.)
  missed: listed.filter(({ key, ms }) => ms > oldest && !printedSet.has(key)).length,
  twice: [...counts.values()].filter((count) => count > 1).length,
  notListed: [...printedSet].filter((key) => !listedSet.has(key)).length,
  outOfOrder: printed.filter((tx, i) => i > 0 && tx.ms < printed[i - 1].ms).length,
  // After the first 5 s (start-up, the first page): what following costs; and over the whole run, start-up included.
  cpuPercent: ((late.cpuS - early.cpuS) / (wallS - earlyWallS)) * 100,
  cpuPercentWithStartUp: (late.cpuS / wallS) * 100,
  rssEarlyKiB: early.rssKiB,
  rssEndKiB: late.rssKiB,
  rssSeriesMiB: [...rssSeries, Math.round(late.rssKiB / 1024)],
  exitCode,
  countLine: stderr.trim(),
};
console.log(JSON.stringify(figures));
process.exit(figures.missed === 0 && figures.twice === 0 && figures.notListed === 0 && (BARE || exitCode === 130) ? 0 : 1);
