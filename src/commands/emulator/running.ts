// The emulators this user runs, as their records say: those whose process is there, the stale records (the process
// ended, or its pid now runs another program) told apart and removed, and the files that hold no record, named.
import type { IO } from '../../io.js';
import type { EmulatorRecord, FoundRecord } from '../../settings/emulator-records.js';

export type UnreadableRecord = Extract<FoundRecord, { kind: 'unreadable' }>;

export interface FoundEmulators {
  /** Their process is there: proven to be the emulator, or (without a proof to check) not disproven. */
  running: EmulatorRecord[];
  /** Records whose process is gone (a crash, a kill -9, a reboot, its pid taken by another program): already removed. */
  stale: EmulatorRecord[];
  /** Record files that cannot be read: an emulator may be running unseen behind each. */
  unreadable: UnreadableRecord[];
}

/** Reads every record, removing those whose process is gone. */
export async function findEmulators(env: NodeJS.ProcessEnv): Promise<FoundEmulators> {
  const records = await import('../../settings/emulator-records.js');
  const found: FoundEmulators = { running: [], stale: [], unreadable: [] };
  for (const entry of records.readEmulatorRecords(env)) {
    if (entry.kind === 'unreadable') {
      found.unreadable.push(entry);
    } else if (entry.verdict === 'gone') {
      found.stale.push(entry.record);
      records.removeStaleRecord(entry);
    } else {
      found.running.push(entry.record);
    }
  }
  return found;
}

/** Says, on stderr, which record files cannot be read and what to do about them: never passed over in silence. */
export function warnUnreadable(io: IO, unreadable: UnreadableRecord[]): void {
  for (const { file, port, reason } of unreadable) {
    io.warn(`svc: cannot read the emulator record ${file} (${reason}): an emulator may be running on port ${port}`);
    io.warn(`  if none of yours is, remove the file: rm ${shellQuoted(file)}`);
  }
}

/** A path as a shell reads it back, quoted only when it needs to be. */
export function shellQuoted(path: string): string {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}

/**
 * The advice under a failed call to the emulator's control API: where nothing answers, the emulators this user runs
 * (as their records say), so a command aimed at the default port finds the one listening elsewhere.
 */
export async function emulatorAdvice(error: unknown, env: NodeJS.ProcessEnv): Promise<unknown> {
  const [{ NetworkError }, { controlApiAdvice }] = await Promise.all([import('../../errors.js'), import('../shared/hints.js')]);
  if (error instanceof NetworkError && error.failure === 'refused' && !error.hint) {
    const { runningEmulators } = await import('../../settings/emulator-records.js');
    const running = runningEmulators(env);
    const listening = running.map((record) => `${record.url} (pid ${record.pid})`).join(', ');
    if (running.length === 0) error.hint = 'no emulator of yours is running; start one: eval "$(svc emulator start --detach)"';
    else if (running.length === 1) error.hint = `your emulator listens at ${listening}: export SVC_BASE_URL=${running[0]!.url}`;
    else error.hint = `your emulators listen at ${listening}: choose one, e.g. export SVC_BASE_URL=${running[0]!.url}`;
  }
  return controlApiAdvice(error);
}
