// The records of running emulators under the config directory, one JSON file per port: what `svc emulator status`
// and `stop` read, taken by each emulator process once it listens (as a lock: whole, never over a live one's) and
// removed when it shuts down cleanly. Each names its process by pid and start (process-proof.ts), so a record left by
// a crash is never mistaken for whatever process has its pid now.
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { readFileLock, releaseFileLock, removeStaleFileLock, takeFileLock, updateFileLock } from '../process-proof.js';
import type { ProcessVerdict } from '../process-proof.js';
import { EmulatorRecordSchema } from '../schema/emulator-control.js';
import type { EmulatorRecord } from '../schema/emulator-control.js';
import { emulatorsDir, ensureEmulatorsDir } from './paths.js';

export type { EmulatorRecord };

/** A record file as found: a record with its process judged, or a file that holds no record (named, with why). */
export type FoundRecord =
  | { kind: 'record'; file: string; record: EmulatorRecord; verdict: ProcessVerdict; text: string }
  | { kind: 'unreadable'; file: string; port: number; reason: string };

export function recordFile(env: NodeJS.ProcessEnv, port: number): string {
  return join(emulatorsDir(env), `${port}.json`);
}

/** What the record is written from: the process's pid and proof are added by the lock. */
export type NewEmulatorRecord = Omit<EmulatorRecord, 'pid' | 'proof'>;

/**
 * Records this process's emulator on its port. `taken`, or what holds the port's record instead: a live emulator
 * (the same port on another host), or a file that is no record, which is never written over.
 */
export function takeEmulatorRecord(
  env: NodeJS.ProcessEnv,
  record: NewEmulatorRecord,
): { taken: true } | { taken: false; holder: FoundRecord | undefined } {
  ensureEmulatorsDir(env);
  const file = recordFile(env, record.port);
  const outcome = takeFileLock(file, record);
  if (outcome.ok) return { taken: true };
  return { taken: false, holder: readRecord(file, record.port) };
}

/** Replaces this process's record, whole (it may be marked as shutting down: `stoppingSince`). */
export function updateEmulatorRecord(env: NodeJS.ProcessEnv, record: NewEmulatorRecord): void {
  updateFileLock(recordFile(env, record.port), record);
}

/** Removes the port's record if it is still this process's (another emulator may have taken the port since). */
export function releaseEmulatorRecord(env: NodeJS.ProcessEnv, port: number): void {
  releaseFileLock(recordFile(env, port));
}

/**
 * Removes a record whose process is gone (ended uncleanly, or its pid now runs another program), unless another
 * emulator took the port's record meanwhile.
 */
export function removeStaleRecord(found: Extract<FoundRecord, { kind: 'record' }>): void {
  try {
    removeStaleFileLock(found.file, { state: 'held', holder: found.record, text: found.text, verdict: found.verdict });
  } catch {
    // A folder that cannot be written: the next reader judges the record stale again.
  }
}

/**
 * Claims the signalling of the port's emulator for this process: one `svc emulator stop` at a time signals it, as a
 * second SIGTERM ends an svc process at once, mid-write. The pid of the live stop that has it, when another has.
 */
export function claimStop(env: NodeJS.ProcessEnv, port: number): { claimed: true } | { claimed: false; by: unknown } {
  const taken = takeFileLock(`${recordFile(env, port)}.signal`, {});
  return taken.ok ? { claimed: true } : { claimed: false, by: taken.holder?.pid };
}

export function releaseStop(env: NodeJS.ProcessEnv, port: number): void {
  releaseFileLock(`${recordFile(env, port)}.signal`);
}

/** Every record file, by port: readable ones with their process judged, and those that hold no record. */
export function readEmulatorRecords(env: NodeJS.ProcessEnv): FoundRecord[] {
  let names: string[];
  try {
    names = readdirSync(emulatorsDir(env));
  } catch {
    return [];
  }
  const found: FoundRecord[] = [];
  for (const name of names) {
    // Temporaries, takeover claims and logs have other names.
    const port = /^(\d+)\.json$/.exec(name)?.[1];
    if (port === undefined) continue;
    const record = readRecord(join(emulatorsDir(env), name), Number(port));
    if (record) found.push(record);
  }
  return found.sort((a, b) => portOf(a) - portOf(b));
}

/** The port's record file as found; undefined when there is none. */
export function readEmulatorRecord(env: NodeJS.ProcessEnv, port: number): FoundRecord | undefined {
  return readRecord(recordFile(env, port), port);
}

/**
 * The record a detached copy reports on its pipe once it listens (one line of JSON: its record, with its pid), or
 * undefined when the line holds none.
 */
export function reportedRecord(line: string): EmulatorRecord | undefined {
  try {
    const parsed = v.safeParse(EmulatorRecordSchema, JSON.parse(line));
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}

/** The emulators that run (their process is there, proven or not disproven), for a command that needs one. */
export function runningEmulators(env: NodeJS.ProcessEnv): EmulatorRecord[] {
  return readEmulatorRecords(env).flatMap((found) => (found.kind === 'record' && found.verdict !== 'gone' ? [found.record] : []));
}

/**
 * Removes the logs of detached emulators that ended (`<port>.log`, `<port>.previous.log`) but the newest `keep`; a running emulator's log,
 * or one a record that cannot be read may name, is kept whatever its age.
 */
export function pruneEmulatorLogs(env: NodeJS.ProcessEnv, keep: number): void {
  const dir = emulatorsDir(env);
  const inUse = new Set<string>();
  for (const found of readEmulatorRecords(env)) {
    if (found.kind === 'unreadable') inUse.add(join(dir, `${found.port}.log`));
    else if (found.verdict !== 'gone' && found.record.logFile) inUse.add(found.record.logFile);
  }
  const ended: Array<{ file: string; modifiedMs: number }> = [];
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (!/^\d+(\.previous)?\.log$/.test(name) || inUse.has(file)) continue;
    try {
      ended.push({ file, modifiedMs: statSync(file).mtimeMs });
    } catch {
      // Removed meanwhile.
    }
  }
  ended.sort((a, b) => b.modifiedMs - a.modifiedMs);
  for (const { file } of ended.slice(keep)) rmSync(file, { force: true });
}

function portOf(found: FoundRecord): number {
  return found.kind === 'record' ? found.record.port : found.port;
}

function readRecord(file: string, port: number): FoundRecord | undefined {
  const lock = readFileLock(file);
  if (lock.state === 'absent') return undefined;
  if (lock.state === 'unreadable') return { kind: 'unreadable', file, port, reason: lock.reason };
  const parsed = v.safeParse(EmulatorRecordSchema, lock.holder);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const key = issue.path?.map((item) => String(item.key)).join('.');
    return { kind: 'unreadable', file, port, reason: `it is not an emulator record (${key ? `${key}: ` : ''}${issue.message})` };
  }
  if (parsed.output.port !== port) return { kind: 'unreadable', file, port, reason: `it names port ${parsed.output.port}` };
  return { kind: 'record', file, record: parsed.output, verdict: lock.verdict, text: lock.text };
}
