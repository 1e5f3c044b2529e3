// The records of running emulators under the config directory, one JSON file per port: what `svc emulator status`
// and `stop` read, written by each emulator process once it listens and removed when it shuts down cleanly.
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { EmulatorRecordSchema } from '../schema/emulator-control.js';
import type { EmulatorRecord } from '../schema/emulator-control.js';
import { emulatorsDir, ensureEmulatorsDir } from './paths.js';

export type { EmulatorRecord };

export function recordFile(env: NodeJS.ProcessEnv, port: number): string {
  return join(emulatorsDir(env), `${port}.json`);
}

/** Whole or not at all: written to a temporary file, then renamed over the record, so a reader never sees half of one. */
export function writeEmulatorRecord(env: NodeJS.ProcessEnv, record: EmulatorRecord): void {
  ensureEmulatorsDir(env);
  const file = recordFile(env, record.port);
  const temporary = `${file}.${record.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(record) + '\n', { mode: 0o600 });
  renameSync(temporary, file);
}

/** Removes the port's record if it is still this process's (another emulator may have taken the port since). */
export function removeEmulatorRecord(env: NodeJS.ProcessEnv, port: number, pid: number): void {
  const file = recordFile(env, port);
  const current = readRecordFile(file);
  if (current === undefined || current.pid === pid) rmSync(file, { force: true });
}

/** Removes the port's record whoever wrote it: its process is gone or stopped. */
export function forgetEmulatorRecord(env: NodeJS.ProcessEnv, port: number): void {
  rmSync(recordFile(env, port), { force: true });
}

/** Every readable record, by port; files that are not records (half-written temporaries, others' files) are passed over. */
export function readEmulatorRecords(env: NodeJS.ProcessEnv): EmulatorRecord[] {
  let names: string[];
  try {
    names = readdirSync(emulatorsDir(env));
  } catch {
    return [];
  }
  const records: EmulatorRecord[] = [];
  for (const name of names) {
    if (!/^\d+\.json$/.test(name)) continue;
    const record = readRecordFile(join(emulatorsDir(env), name));
    if (record) records.push(record);
  }
  return records.sort((a, b) => a.port - b.port);
}

function readRecordFile(file: string): EmulatorRecord | undefined {
  try {
    const parsed = v.safeParse(EmulatorRecordSchema, JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a process with this id exists: signal 0 checks without sending anything (EPERM: it exists, another user's). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
