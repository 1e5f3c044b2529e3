// Process proofs and the file locks built on them, against real processes and real files: a pid that now belongs to
// another process is told apart, and a stale lock is taken over by exactly one of many processes racing for it.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { transformSync } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkProcess,
  currentProcessProof,
  proofOf,
  readFileLock,
  releaseFileLock,
  removeStaleFileLock,
  takeFileLock,
  updateFileLock,
} from '../../src/process-proof.js';
import { isAlive, REPO_ROOT } from '../helpers/cli.js';
import { endedPid, wrongProof } from '../helpers/emulator-records.js';

const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

function freshDir(): string {
  return mkdtempSync(join(tmpdir(), 'svc-lock-'));
}

/** A live process that is not this one (and not an emulator): sleep. */
async function stranger(): Promise<ChildProcess> {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.add(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child;
}

describe.skipIf(process.platform === 'win32')('process proofs', () => {
  it("this process's proof names it; another start time, or an ended pid, is gone; no proof is unknown", async () => {
    const proof = currentProcessProof();
    expect(proof).toMatch(process.platform === 'linux' ? /^linux:[0-9a-f-]*:\d+$/ : /^ps:\S/);
    expect(proofOf(process.pid)).toBe(proof);
    expect(checkProcess(process.pid, proof)).toBe('alive');
    expect(checkProcess(process.pid, wrongProof())).toBe('gone');
    expect(checkProcess(process.pid, null)).toBe('unknown');
    expect(checkProcess(process.pid, 'another-system:1')).toBe('unknown');
    const ended = await endedPid();
    expect(checkProcess(ended, proof)).toBe('gone');
    expect(proofOf(ended)).toBeNull();
  });

  it.runIf(process.platform === 'linux')('a process that ended but was not collected by its parent (a zombie) is gone', async () => {
    // sh starts a short sleep, then becomes a long one (exec), which never collects the first: it stays a zombie. (It
    // outlives the exec: a shell collects a child that ended before.)
    const parent = spawn('sh', ['-c', 'sleep 1 & echo $!; exec sleep 60'], { stdio: ['ignore', 'pipe', 'ignore'] });
    children.add(parent);
    const zombie = Number(await new Promise<string>((resolve) => parent.stdout!.once('data', (chunk: Buffer) => resolve(String(chunk)))));
    const proof = proofOf(zombie);
    expect(proof).not.toBeNull();
    await expect.poll(() => readFileSync(`/proc/${zombie}/stat`, 'latin1').split(') ')[1]![0], { timeout: 10_000 }).toBe('Z');
    // Signal 0 still reaches it.
    expect(() => process.kill(zombie, 0)).not.toThrow();
    expect(isAlive(zombie)).toBe(false);
    expect(checkProcess(zombie, proof)).toBe('gone');
  });

  it("another process's proof is its own, and its pid with this process's start is gone", async () => {
    const child = await stranger();
    const childProof = proofOf(child.pid!);
    expect(childProof).not.toBeNull();
    expect(childProof).not.toBe(currentProcessProof());
    expect(checkProcess(child.pid!, childProof)).toBe('alive');
    expect(checkProcess(child.pid!, currentProcessProof())).toBe('gone');
    child.kill('SIGKILL');
  });
});

describe.skipIf(process.platform === 'win32')('file locks', () => {
  it('taken whole, held against a second taker (this process too), updated by rename, released only if ours', () => {
    const file = join(freshDir(), 'x.lock');
    expect(takeFileLock(file, { url: null })).toEqual({ ok: true });
    const written = JSON.parse(readFileSync(file, 'utf8'));
    expect(written).toEqual({ url: null, pid: process.pid, proof: currentProcessProof() });
    expect(takeFileLock(file, { url: 'other' })).toEqual({ ok: false, holder: written });

    expect(updateFileLock(file, { url: 'http://127.0.0.1:1' })).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ url: 'http://127.0.0.1:1', pid: process.pid, proof: currentProcessProof() });
    releaseFileLock(file);
    expect(readdirSync(join(file, '..'))).toEqual([]);

    // Taken again, then replaced behind this process's back: neither updated nor removed, it is not ours any more.
    expect(takeFileLock(file, {}).ok).toBe(true);
    writeFileSync(file, JSON.stringify({ pid: 1, proof: null }));
    expect(updateFileLock(file, { url: 'mine' })).toBe(false);
    releaseFileLock(file);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ pid: 1, proof: null });
  });

  it('a lock of an ended pid, or of a pid that now runs another program, is taken over; the other program is left alone', async () => {
    const dir = freshDir();
    const ended = join(dir, 'ended.lock');
    writeFileSync(ended, JSON.stringify({ pid: await endedPid(), proof: currentProcessProof(), url: 'old' }));
    expect(takeFileLock(ended, { url: 'new' })).toEqual({ ok: true });
    expect(JSON.parse(readFileSync(ended, 'utf8'))).toMatchObject({ url: 'new', pid: process.pid });

    const child = await stranger();
    const reused = join(dir, 'reused.lock');
    writeFileSync(reused, JSON.stringify({ pid: child.pid, proof: wrongProof() }));
    expect(readFileLock(reused)).toMatchObject({ state: 'held', verdict: 'gone' });
    expect(takeFileLock(reused, {})).toEqual({ ok: true });
    expect(isAlive(child.pid!)).toBe(true);
    // With its own proof it is that process, alive: refused.
    const proven = join(dir, 'proven.lock');
    writeFileSync(proven, JSON.stringify({ pid: child.pid, proof: proofOf(child.pid!) }));
    expect(takeFileLock(proven, {})).toMatchObject({ ok: false, holder: { pid: child.pid } });
    // Without a proof (an older svc wrote it) a live pid cannot be judged: refused, never taken from a live process.
    const unproven = join(dir, 'unproven.lock');
    writeFileSync(unproven, JSON.stringify({ pid: child.pid }));
    expect(readFileLock(unproven)).toMatchObject({ state: 'held', verdict: 'unknown' });
    expect(takeFileLock(unproven, {})).toMatchObject({ ok: false, holder: { pid: child.pid } });
    child.kill('SIGKILL');
    for (const name of ['ended.lock', 'reused.lock']) releaseFileLock(join(dir, name));
    expect(readdirSync(dir).sort()).toEqual(['proven.lock', 'unproven.lock']);
  });

  it('a file that is no lock is reported unreadable and never taken or written over', () => {
    const dir = freshDir();
    for (const [name, text, reason] of [
      ['garbage.lock', 'garbage', 'it is not JSON'],
      ['empty.lock', '', 'it is empty'],
      ['array.lock', '[1]', 'it is not a JSON object'],
      ['nopid.lock', '{"url":"x"}', 'it names no process id'],
      ['group.lock', '{"pid":0}', 'it names no process id'],
    ] as const) {
      const file = join(dir, name);
      writeFileSync(file, text);
      expect(readFileLock(file)).toEqual({ state: 'unreadable', reason });
      expect(takeFileLock(file, {})).toEqual({ ok: false, holder: null });
      expect(readFileSync(file, 'utf8')).toBe(text);
    }
  });

  it('a stale lock is removed by a reporter only while it is still the one judged', async () => {
    const file = join(freshDir(), 'x.lock');
    writeFileSync(file, JSON.stringify({ pid: await endedPid(), proof: null }));
    const judged = readFileLock(file);
    if (judged.state !== 'held') throw new Error('not held');
    expect(judged.verdict).toBe('gone');
    // Taken over meanwhile by a live starter (this process): left alone.
    expect(takeFileLock(file, {}).ok).toBe(true);
    expect(removeStaleFileLock(file, judged)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(process.pid);
    releaseFileLock(file);
  });
});

/**
 * A racer: loads process-proof (transpiled on the fly, as it imports only node) and says it is ready; then for each
 * line `<time> <file>` it waits for that moment, takes the lock and prints the outcome. It stays alive until stdin
 * ends, so each round's winner is a live holder while the others look.
 */
const RACER = `
const { takeFileLock } = await import(process.argv[1]);
let input = '';
process.stdin.on('data', (chunk) => {
  input += chunk;
  let end;
  while ((end = input.indexOf('\\n')) >= 0) {
    const [at, file] = input.slice(0, end).split(' ');
    input = input.slice(end + 1);
    while (Date.now() < Number(at));
    process.stdout.write(JSON.stringify(takeFileLock(file, { racer: process.pid })) + '\\n');
  }
});
process.stdout.write('ready\\n');
`;

/** The lines a child prints, one at a time. */
function lineReader(child: ChildProcess): () => Promise<string> {
  const waiting: Array<(line: string) => void> = [];
  const ready: string[] = [];
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    let end;
    while ((end = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      const waiter = waiting.shift();
      if (waiter) waiter(line);
      else ready.push(line);
    }
  });
  return () => (ready.length > 0 ? Promise.resolve(ready.shift()!) : new Promise((resolve) => waiting.push(resolve)));
}

describe.skipIf(process.platform === 'win32')('a stale lock and many processes starting at once', () => {
  it('exactly one takes it over, every other one is refused naming that one, and no claim is left behind', async () => {
    const dir = freshDir();
    const module = join(dir, 'process-proof.mjs');
    writeFileSync(
      module,
      transformSync(readFileSync(join(REPO_ROOT, 'src', 'process-proof.ts'), 'utf8'), { loader: 'ts', format: 'esm' }).code,
    );
    const racers = Array.from({ length: 8 }, () => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', RACER, module], { stdio: ['pipe', 'pipe', 'inherit'] });
      children.add(child);
      return { child, next: lineReader(child) };
    });
    expect(await Promise.all(racers.map(({ next }) => next()))).toEqual(Array(racers.length).fill('ready'));
    const crashed = await endedPid();
    for (let round = 0; round < 30; round++) {
      const file = join(dir, `round-${round}.lock`);
      writeFileSync(file, JSON.stringify({ pid: crashed, proof: currentProcessProof(), url: 'crashed' }) + '\n');
      // All of them spin until the same moment, then race.
      const at = Date.now() + 30;
      for (const { child } of racers) child.stdin!.write(`${at} ${file}\n`);
      const outcomes = await Promise.all(racers.map(async ({ next }) => JSON.parse(await next())));
      const winners = racers.filter((_, index) => outcomes[index].ok);
      expect(winners, `round ${round}: ${JSON.stringify(outcomes)}`).toHaveLength(1);
      const winner = winners[0]!.child.pid;
      for (const outcome of outcomes) if (!outcome.ok) expect(outcome.holder).toMatchObject({ pid: winner, racer: winner });
      expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: winner, racer: winner });
      expect(readdirSync(dir).filter((name) => name.startsWith(`round-${round}.`))).toEqual([`round-${round}.lock`]);
    }
    for (const { child } of racers) child.stdin!.end();
  }, 30_000);
});
