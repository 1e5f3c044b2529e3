// Records of running emulators written by hand, and small real processes to stand behind them: an emulator that
// is proven (its own proof), a stranger that got a crashed emulator's pid (a wrong proof), one that ignores SIGTERM.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { currentProcessProof } from '../../src/process-proof.js';

export interface RecordFields {
  pid: number;
  proof?: string | null;
  url?: string;
  stoppingSince?: string;
  dataDir?: string | null;
  logFile?: string | null;
}

/** The record file's text for an emulator on `port`, as an emulator writes it. */
export function recordText(port: number, fields: RecordFields): string {
  return (
    JSON.stringify({
      port,
      host: '127.0.0.1',
      url: fields.url ?? `http://127.0.0.1:${port}`,
      dataDir: fields.dataDir ?? null,
      logFile: null,
      startedAt: new Date().toISOString(),
      version: '0.0.0',
      ...fields,
    }) + '\n'
  );
}

/** Writes `<config dir>/emulators/<port>.json`; returns its path. */
export function writeRecord(configDir: string, port: number, fields: RecordFields | string): string {
  const dir = join(configDir, 'emulators');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${port}.json`);
  writeFileSync(file, typeof fields === 'string' ? fields : recordText(port, fields));
  return file;
}

/** A proof of this system's kind naming a start no process of that pid had: what a reused pid's record holds. */
export function wrongProof(): string {
  const own = currentProcessProof()!;
  return own.slice(0, own.lastIndexOf(':') + 1) + (own.startsWith('linux:') ? '1' : 'Thu Jan  1 00:00:00 1970');
}

/** The pid of a process that has ended and been reaped, as a crashed emulator's record holds. */
export async function endedPid(): Promise<number> {
  const child = spawn('true', [], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

export interface StubProcess {
  child: ChildProcess;
  pid: number;
  /** Everything it printed so far: `got-term` once per SIGTERM it received. */
  output(): string;
  /**
   * Everything it printed, once it has ended and its output is read to the end: a stop that saw the process gone
   * may return before the pipe's last bytes (its `got-term`) reach this process.
   */
  finalOutput(): Promise<string>;
}

/**
 * A shell standing in for an emulator, ready once it says so. `onTerm`: what it does on SIGTERM: `exit` (as an
 * emulator that shuts down at once), `note` (prints got-term and goes on: one that ignores it), or `note-then` with
 * a shell command run after noting it (e.g. marking its record as stopping, as an emulator does).
 */
export async function stubProcess(onTerm: 'exit' | 'note' | { then: string } = 'exit'): Promise<StubProcess> {
  const trap = onTerm === 'exit' ? 'echo got-term; exit 0' : onTerm === 'note' ? 'echo got-term' : `echo got-term; ${onTerm.then}`;
  const child = spawn('sh', ['-c', `trap '${trap}' TERM; echo ready; while :; do sleep 0.05; done`], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  await new Promise<void>((resolve) => {
    const check = () => (printed.includes('ready') ? resolve() : child.stdout!.once('data', check));
    check();
  });
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return { child, pid: child.pid!, output: () => printed, finalOutput: () => closed.then(() => printed) };
}

/** Resolves once the process has exited. */
export function exitOf(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
}
