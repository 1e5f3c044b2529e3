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

/** "3h 12m", "4m 05s", "12s": how long it has been up. */
export function formatUptime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  if (hours > 0) return `${hours}h ${String(minutes).padStart(2, '0')}m`;
  if (minutes > 0) return `${minutes}m ${String(rest).padStart(2, '0')}s`;
  return `${rest}s`;
}
