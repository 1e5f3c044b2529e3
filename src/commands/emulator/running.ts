// The emulators this user runs, as their records say, with the stale records (their process is gone) told apart.
import type { EmulatorRecord } from '../../settings/emulator-records.js';

export interface FoundEmulators {
  running: EmulatorRecord[];
  /** Records whose process is gone (a crash, a kill -9, a reboot): already removed. */
  stale: EmulatorRecord[];
}

/** Reads every record, removing those whose process no longer exists. */
export async function findEmulators(env: NodeJS.ProcessEnv): Promise<FoundEmulators> {
  const records = await import('../../settings/emulator-records.js');
  const found: FoundEmulators = { running: [], stale: [] };
  for (const record of records.readEmulatorRecords(env)) {
    if (records.isProcessAlive(record.pid)) {
      found.running.push(record);
    } else {
      found.stale.push(record);
      records.forgetEmulatorRecord(env, record.port);
    }
  }
  return found;
}
