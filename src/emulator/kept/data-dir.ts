// The emulator's data directory (--data-dir): its kept state as numbered logs of changes and a snapshot.
//
// - A change is one line of the current log (its entries, kept or lost whole); it is applied to the state only once
//   the line is synced, so nothing is listed, matched or delivered that a crash could take back, and a change that
//   cannot be written leaves no trace (its 503 can be retried safely). Lines queued while a sync runs share the next.
// - Replay is last-write-wins per key: the snapshot's entries, then each later log's, into one table per kind; each
//   resource is then built from its table once. Restart time follows the state, not the history that made it.
// - Compaction freezes a point in time, as LevelDB freezes its memtable: between two changes it starts a new log,
//   takes the state's entries at once (values that no later change alters), and writes them as a snapshot beside the
//   logs; once the snapshot is renamed into place, the logs it covers are deleted. A crash at any step leaves files
//   that restore the same state.
// - A line cut short at the end of a log (a crash mid-write) is dropped with a warning. A damaged line with whole
//   lines after it is not a crash: the folder is refused, naming the file and the offset, until --repair sets the
//   rest of that file aside, and every later log with it (what is kept is then a state the emulator passed through).
//   A snapshot is synced whole before it is renamed into place: any damage in it, a cut end included, is refused.
//   So is a gap in the numbers (a log or the snapshot missing): the state would be part of one.
// - A group that fails part-way (a full disk takes what fits) is cut back to the last synced byte before its changes
//   are refused: a refused change never comes back on a restart. When it cannot be cut back, it is answered as
//   undecided instead.
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { open, readFile, rename, rm, truncate, writeFile } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Change, EntryRouter, Keeper, KeptEntry } from './change.js';
import { releaseFileLock, takeFileLock, updateFileLock } from '../../process-proof.js';
import { KeepError } from './change.js';
import type { FileHeader, JsonPieces } from './record-file.js';
import {
  decodeEntries,
  encodeHeader,
  entriesJson,
  entryJson,
  headerJson,
  KEPT_FORMAT,
  KeptFileError,
  LineBuffer,
  lineAt,
  scanFile,
} from './record-file.js';
import { legacyJournalEntries, readLegacyHeader } from './legacy-journal.js';

/** How the files are written and synced: tests pass one that fails as a full disk does, or stops as a killed process. */
export interface KeptFiles {
  write(handle: FileHandle, data: Buffer): Promise<void>;
  sync(handle: FileHandle): Promise<void>;
  /** Cuts a file back to `bytes` (what a failed group wrote). */
  truncate(handle: FileHandle, bytes: number): Promise<void>;
  /** Makes the folder's entries durable: a new file or a rename is lost to a power cut until its folder is synced. */
  syncFolder(folder: string): void;
}

export const NODE_FILES: KeptFiles = {
  async write(handle, data) {
    let offset = 0;
    while (offset < data.length) offset += (await handle.write(data, offset, data.length - offset)).bytesWritten;
  },
  sync: (handle) => handle.datasync(),
  truncate: (handle, bytes) => handle.truncate(bytes),
  syncFolder: (folder) => syncFolder(folder),
};

/** The data directory cannot be used: the message says which and why (the CLI makes it exit 2). */
export class DataDirError extends Error {}

export interface DataDirOptions {
  /** One line for the user: a torn record dropped, records set aside. */
  warn: (line: string) => void;
  /** For tests: how the files are written and synced. */
  files?: KeptFiles;
  /** The logs are compacted once they hold this many bytes and more than the snapshot; tests make it tiny. */
  compactAfterBytes?: number;
  /** Set aside what follows a damaged record (and every later file, in a folder beside them) instead of refusing the folder. */
  repair?: boolean;
}

const LOCK_FILE = 'emulator.lock';
const LEGACY_JOURNAL = 'journal.jsonl';
const COMPACT_AFTER_BYTES = 8 * 1024 * 1024;
/** ... and once the logs hold more than this many times the snapshot. */
const COMPACT_GROWTH = 1;
/** Restarts leave a short log each: beyond this many, the next start compacts them. */
const LOGS_BEFORE_COMPACTING = 8;
/** A snapshot is written in lines of about this many bytes of JSON, and in writes of about this many. */
const SNAPSHOT_LINE_BYTES = 64 * 1024;
const SNAPSHOT_WRITE_BYTES = 256 * 1024;
/** While the disk fails, a recovery is tried this often (and writes are refused at once meanwhile). */
const RECOVERY_EVERY_MS = 1_000;
/** After a snapshot fails (a disk too small for it), the next compaction waits this long, doubled each failure. */
const COMPACT_BACKOFF_MS = 1_000;
const COMPACT_BACKOFF_MAX_MS = 5 * 60_000;

const logName = (number: number) => `log-${String(number).padStart(6, '0')}.jsonl`;
const snapshotName = (number: number) => `snapshot-${String(number).padStart(6, '0')}.jsonl`;
const FILE_PATTERN = /^(log|snapshot)-(\d{6,})\.jsonl$/;

interface Pending {
  /** The change's line, made when it is kept: what a value held then, not when the line is written. */
  json: JsonPieces;
  change: Change<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface OpenLog {
  number: number;
  handle: FileHandle;
  /** Bytes of it that are synced: anything past them (a group failed part-way) is cut off before it counts. */
  bytes: number;
}

/** What the files of a folder restore, before the state is built from it. */
interface Restored {
  tables: Map<string, Map<string, unknown>>;
  /** The number of the last file read (a snapshot covers logs up to its number). */
  lastNumber: number;
  snapshotBytes: number;
  logBytes: number;
  logsRead: number;
  /** A journal of format 1 is the base (no snapshot yet): it goes once a snapshot holds its state. */
  legacy: boolean;
}

export class DataDir implements Keeper {
  failure: Error | undefined;
  private queue: Pending[] = [];
  private writing: Promise<void> | undefined;
  private snapshotting: Promise<void> | undefined;
  private recoveryTimer: NodeJS.Timeout | undefined;
  private closing = false;
  private abandoned = false;
  /** Bytes of the logs a snapshot does not cover yet, and of the snapshot. */
  private logBytes: number;
  private snapshotBytes: number;
  /** Files open now (the log, a snapshot being written): what an abandoned process leaves to the system to close. */
  private readonly openHandles = new Set<FileHandle>();
  /** Snapshots that failed in a row, and when the next compaction may start (see COMPACT_BACKOFF_MS). */
  private compactFailures = 0;
  private compactNotBefore = 0;
  /** A legacy journal is still the base: the next snapshot written removes it. */
  private legacy: boolean;
  /** Where a group of changes is encoded, and a snapshot's lines: one buffer each, reused (see LineBuffer). */
  private readonly logLines = new LineBuffer();
  private readonly snapshotLines = new LineBuffer();

  private constructor(
    readonly dir: string,
    private readonly router: EntryRouter,
    private readonly files: KeptFiles,
    private readonly options: DataDirOptions,
    private log: OpenLog,
    restored: Restored,
  ) {
    this.logBytes = restored.logBytes + log.bytes;
    this.snapshotBytes = restored.snapshotBytes;
    this.legacy = restored.legacy;
    this.openHandles.add(log.handle);
  }

  /**
   * Checks the folder (created if missing), takes its lock, restores the state from its files, and opens a new log
   * for what follows. Throws DataDirError for a folder that cannot be used.
   */
  static async open(dir: string, router: EntryRouter, options: DataDirOptions): Promise<DataDir> {
    const folder = resolve(dir);
    checkFolder(folder);
    const lockFile = join(folder, LOCK_FILE);
    takeLock(folder, lockFile);
    try {
      const restored = await restoreFiles(folder, router, options);
      for (const resource of router.resources) {
        const tables = new Map(resource.kinds.map((kind) => [kind, restored.tables.get(kind) ?? new Map<string, unknown>()]));
        resource.restore(tables);
      }
      const files = options.files ?? NODE_FILES;
      const log = await startLog(folder, restored.lastNumber + 1, files);
      const dataDir = new DataDir(folder, router, files, options, log, restored);
      // Restarts leave a log each, and a legacy journal must become a snapshot before it is removed (until then it is
      // read as the base on every start). Taken once the emulator serves: keyed records make a snapshot taken after a
      // few changes of the new log still right (replay applies those changes again, over it), and a start on a
      // million addresses answers sooner.
      if (restored.legacy || restored.logsRead >= LOGS_BEFORE_COMPACTING || dataDir.compactionDue()) {
        setImmediate(() => {
          if (!dataDir.closing) dataDir.snapshotFrom(restored.lastNumber);
        });
      }
      return dataDir;
    } catch (error) {
      releaseFileLock(lockFile);
      if (error instanceof DataDirError) throw error;
      if (error instanceof KeptFileError) throw new DataDirError(`--data-dir ${folder}: ${error.message}`);
      throw new DataDirError(`--data-dir ${folder}: ${describe(error)}`);
    }
  }

  // Stryker disable all: the lock's holder, not kept state (mutation testing, stryker.config.mjs).
  /** Names the URL in the lock, for a second emulator started on the same folder to say which one holds it. */
  listening(url: string): void {
    try {
      updateFileLock(join(this.dir, LOCK_FILE), { url });
    } catch (error) {
      // The lock still holds the folder; only its holder's URL is missing (a full disk cannot take the new file).
      this.options.warn(`svc: --data-dir ${this.dir}: could not name ${url} in its lock (${describe(error)})`);
    }
  }

  // Stryker restore all
  keep<T>(change: Change<T>): Promise<T> {
    if (this.closing) return Promise.reject(new KeepError('the emulator is stopping'));
    if (this.failure) return Promise.reject(keepError(this.failure, false));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        json: entriesJson(change.entries),
        change,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      this.kick();
    });
  }

  private kick(): void {
    if (this.writing || this.queue.length === 0 || this.failure) return;
    this.writing = this.drain().finally(() => {
      this.writing = undefined;
      this.kick();
    });
  }

  /**
   * Writes what is queued, waits for a snapshot being written, cuts off what a failed group left (its changes were
   * refused: they must not come back), then closes the log and gives up the lock.
   */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    clearTimeout(this.recoveryTimer);
    while (this.writing) await this.writing;
    while (this.snapshotting) await this.snapshotting;
    // A failed group whose cut back failed too is cut off now (with nothing past the synced bytes, this changes nothing).
    await this.cutBack().catch(() => {});
    this.openHandles.delete(this.log.handle);
    await this.log.handle.close();
    releaseFileLock(join(this.dir, LOCK_FILE));
  }

  /**
   * As `kill -9` leaves it, for tests: nothing more is written, no change queued is applied or answered, the lock
   * stays. What a write under way puts on disk stays there.
   */
  abandon(): void {
    this.abandoned = true;
    this.closing = true;
    clearTimeout(this.recoveryTimer);
    // As the system does for a process that ends: a write under way completes first.
    for (const handle of this.openHandles) void handle.close().catch(() => {});
  }

  /**
   * A file just opened, counted among those open. One whose opening ended after `abandon()` is closed at once, as the
   * system closes a dead process's files: left to the garbage collector, it is an uncaught error from Node 26 on.
   */
  private adopt(handle: FileHandle): void {
    if (this.abandoned) void handle.close().catch(() => {});
    else this.openHandles.add(handle);
  }

  /** Runs a file operation, unless abandoned: then it never settles, as in a process that no longer runs. */
  private io<T>(operation: () => Promise<T>): Promise<T> {
    const never = new Promise<T>(() => {});
    if (this.abandoned) return never;
    return operation().then(
      (value) => (this.abandoned ? never : value),
      (error: unknown) => (this.abandoned ? never : Promise.reject(error)),
    );
  }

  /** Writes and syncs what is queued, a group at a time, and applies each change once its group is synced. */
  private async drain(): Promise<void> {
    while (this.queue.length > 0 && !this.failure) {
      const group = this.queue;
      this.queue = [];
      this.logLines.clear();
      for (const pending of group) this.logLines.append(pending.json);
      const data = this.logLines.contents();
      try {
        await this.io(() => this.files.write(this.log.handle, data));
        await this.io(() => this.files.sync(this.log.handle));
      } catch (error) {
        // What reached the file is cut off before anyone is told: a refused change must not come back.
        let undecided = false;
        try {
          await this.cutBack();
        } catch {
          undecided = true;
        }
        this.fail(error as Error, group, undecided);
        return;
      }
      this.log.bytes += data.length;
      this.logBytes += data.length;
      for (const pending of group) {
        try {
          pending.resolve(this.router.apply(pending.change));
        } catch (error) {
          pending.reject(error as Error);
        }
      }
      if (this.compactionDue()) {
        // Between two groups nothing is applied: the state is exactly what the logs so far make.
        const covered = this.log.number;
        try {
          this.log = await this.io(() => this.nextLog());
        } catch (error) {
          this.fail(error as Error, []);
          return;
        }
        this.snapshotFrom(covered);
      }
    }
  }

  /** Cuts the log back to its synced bytes, and syncs that: what a failed group wrote is gone for good. */
  private async cutBack(): Promise<void> {
    const log = this.log;
    await this.io(() => this.files.truncate(log.handle, log.bytes));
    await this.io(() => this.files.sync(log.handle));
  }

  private compactionDue(): boolean {
    if (this.snapshotting || this.closing || Date.now() < this.compactNotBefore) return false;
    const threshold = this.options.compactAfterBytes ?? COMPACT_AFTER_BYTES;
    return this.logBytes > threshold && this.logBytes > COMPACT_GROWTH * this.snapshotBytes;
  }

  /** A new log after the current one, which is closed: from here on changes go to it. Its header counts among the logs' bytes. */
  private async nextLog(): Promise<OpenLog> {
    const next = await startLog(this.dir, this.log.number + 1, this.files, (handle) => this.adopt(handle));
    this.logBytes += next.bytes;
    this.openHandles.delete(this.log.handle);
    await this.log.handle.close();
    return next;
  }

  /**
   * Takes the state's entries now (the state the logs up to `covered` make) and writes them as a snapshot in the
   * background; once it is in place, the files it covers are deleted.
   */
  private snapshotFrom(covered: number): void {
    // One at a time: they share one buffer, and the one under way covers what a second would.
    if (this.snapshotting) return;
    const entries: KeptEntry[] = [];
    for (const resource of this.router.resources) for (const entry of resource.snapshot()) entries.push(entry);
    this.snapshotting = this.writeSnapshot(covered, entries)
      .then(() => {
        this.compactFailures = 0;
        this.compactNotBefore = 0;
      })
      .catch((error: unknown) => {
        // The logs (and a legacy journal) still hold everything: a later compaction tries again, after a pause that
        // grows with each failure, as a disk too small for a snapshot stays so for a while.
        this.compactFailures++;
        this.compactNotBefore = Date.now() + Math.min(COMPACT_BACKOFF_MAX_MS, COMPACT_BACKOFF_MS * 2 ** (this.compactFailures - 1));
        if (!this.abandoned)
          this.options.warn(`svc: --data-dir ${this.dir}: could not write a snapshot (${describe(error)}); the logs keep every change`);
      })
      .finally(() => (this.snapshotting = undefined));
  }

  private async writeSnapshot(covered: number, entries: KeptEntry[]): Promise<void> {
    const file = join(this.dir, snapshotName(covered));
    const temporary = `${file}.tmp`;
    const handle = await open(temporary, 'w', 0o600);
    this.adopt(handle);
    if (this.abandoned) return new Promise(() => {});
    let bytes = 0;
    const lines = this.snapshotLines;
    try {
      lines.clear();
      lines.append([headerJson({ kind: 'svc-emulator-snapshot', format: KEPT_FORMAT, number: covered, entries: entries.length })]);
      const flush = async () => {
        const data = lines.contents();
        await this.io(() => this.files.write(handle, data));
        bytes += data.length;
        lines.clear();
      };
      let line: JsonPieces = [];
      let lineBytes = 0;
      const endLine = () => {
        lines.append(['[', ...line, ']']);
        line = [];
        lineBytes = 0;
      };
      for (const entry of entries) {
        // Each entry is serialized once, as its line is made: its length (in UTF-16 units, about its bytes) cuts lines.
        const json = entryJson(entry);
        if (line.length > 0) line.push(',');
        for (const piece of json) {
          line.push(piece);
          lineBytes += piece.length;
        }
        // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, where lines and writes are cut.
        if (lineBytes >= SNAPSHOT_LINE_BYTES) endLine();
        // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, where lines and writes are cut.
        if (lines.length >= SNAPSHOT_WRITE_BYTES) await flush();
      }
      if (line.length > 0) endLine();
      await flush();
      await this.io(() => this.files.sync(handle));
    } catch (error) {
      this.openHandles.delete(handle);
      await handle.close().catch(() => {});
      await rm(temporary, { force: true });
      throw error;
    }
    this.openHandles.delete(handle);
    await handle.close();
    await this.io(() => rename(temporary, file));
    this.files.syncFolder(this.dir);
    // Covered now: the older snapshot and the logs up to `covered` (a crash before this only leaves them to be skipped).
    let removedLogBytes = 0;
    for (const name of readdirSync(this.dir)) {
      const match = FILE_PATTERN.exec(name);
      if (!match || Number(match[2]) > covered || name === snapshotName(covered)) continue;
      if (match[1] === 'log') removedLogBytes += statSync(join(this.dir, name)).size;
      await this.io(() => rm(join(this.dir, name), { force: true }));
    }
    // The journal's state is in the snapshot now, durably: only now may it go.
    if (this.legacy) {
      await this.io(() => rm(join(this.dir, LEGACY_JOURNAL), { force: true }));
      this.legacy = false;
    }
    this.snapshotBytes = bytes;
    this.logBytes = Math.max(0, this.logBytes - removedLogBytes);
  }

  /**
   * A write failed: it and everything queued is refused, nothing of it applied; recovery is tried in the background.
   * The failed group is undecided when what it wrote could not be cut off.
   */
  private fail(error: Error, group: Pending[], undecided = false): void {
    this.failure = error;
    const queued = this.queue;
    this.queue = [];
    for (const pending of group) pending.reject(keepError(error, undecided));
    for (const pending of queued) pending.reject(keepError(error, false));
    this.scheduleRecovery();
  }

  private scheduleRecovery(): void {
    if (this.closing) return;
    this.recoveryTimer = setTimeout(() => {
      this.recover().catch(() => this.scheduleRecovery());
    }, RECOVERY_EVERY_MS);
    this.recoveryTimer.unref();
  }

  /**
   * Cuts the failed log back to what was synced (a line written but not synced was refused, and must not come back
   * on a restart), then starts a new one: the disk takes writes again.
   */
  private async recover(): Promise<void> {
    await this.cutBack();
    this.log = await this.io(() => this.nextLog());
    this.failure = undefined;
  }
}

/** A file restore reads: the base (a snapshot, or the journal of the earlier format), then each log after it. */
interface Source {
  file: string;
  role: 'snapshot' | 'journal' | 'log';
  /** A log's number. */
  number: number;
}

/** A file's whole lines, and whether what followed a damaged record was set aside (every later file with it). */
interface ReadFile {
  lines: Buffer[];
  bytes: number;
  setAside: boolean;
}

/**
 * Reads the base and the logs after it into tables, dealing with torn and damaged records as the header says. The
 * files must follow one another without a gap: a missing log or snapshot is refused, naming it.
 */
async function restoreFiles(folder: string, router: EntryRouter, options: DataDirOptions): Promise<Restored> {
  const names = readdirSync(folder);
  for (const name of names) if (name.endsWith('.jsonl.tmp')) rmSync(join(folder, name), { force: true });
  const numbered = names
    .map((name) => ({ name, match: FILE_PATTERN.exec(name) }))
    .filter((file): file is { name: string; match: RegExpExecArray } => file.match !== null)
    .map(({ name, match }) => ({ name, kind: match[1] as 'log' | 'snapshot', number: Number(match[2]) }));
  const snapshot = numbered.filter((file) => file.kind === 'snapshot').sort((a, b) => b.number - a.number)[0];
  const covered = snapshot?.number ?? 0;
  const logs = numbered.filter((file) => file.kind === 'log' && file.number > covered).sort((a, b) => a.number - b.number);
  const legacy = !snapshot && names.includes(LEGACY_JOURNAL);
  checkSequence(folder, covered, snapshot !== undefined, logs);

  const sources: Source[] = [];
  if (snapshot) sources.push({ file: join(folder, snapshot.name), role: 'snapshot', number: covered });
  else if (legacy) sources.push({ file: join(folder, LEGACY_JOURNAL), role: 'journal', number: 0 });
  for (const log of logs) sources.push({ file: join(folder, log.name), role: 'log', number: log.number });
  // A damaged snapshot set aside takes every numbered file with it (older logs a crash left behind too): the state
  // starts again from nothing, the one state before it that the emulator is known to have passed through.
  const everyNumbered = numbered.map((file) => join(folder, file.name));

  const tables = new Map<string, Map<string, unknown>>();
  const restored: Restored = { tables, lastNumber: covered, snapshotBytes: 0, logBytes: 0, logsRead: 0, legacy };
  const play = (entries: readonly KeptEntry[], file: string) => {
    for (const [kind, key, value] of entries) {
      if (!router.owns(kind)) {
        throw new DataDirError(
          `--data-dir ${folder}: ${file} holds records of a kind this svc does not know (${kind}): use the svc that wrote it`,
        );
      }
      let table = tables.get(kind);
      if (!table) tables.set(kind, (table = new Map()));
      if (value === null) table.delete(key);
      else table.set(key, value);
    }
  };

  for (const [index, source] of sources.entries()) {
    const later =
      source.role === 'snapshot' ? everyNumbered.filter((file) => file !== source.file) : sources.slice(index + 1).map((each) => each.file);
    const read = await readKeptFile(source, folder, options, later);
    if (source.role === 'snapshot' && read.setAside) {
      restored.lastNumber = 0;
      restored.legacy = false;
      return restored;
    }
    if (source.role === 'journal') play(legacyJournalEntries(read.lines), source.file);
    else for (const line of read.lines) play(decodeEntries(line), source.file);
    if (source.role === 'snapshot') restored.snapshotBytes = read.bytes;
    if (source.role === 'log') {
      restored.lastNumber = source.number;
      restored.logBytes += read.bytes;
      restored.logsRead++;
    }
    if (read.setAside) break;
  }
  return restored;
}

/** The logs must number on from the snapshot (or from 1 without one), one by one: a gap is part of the state lost. */
function checkSequence(folder: string, covered: number, hasSnapshot: boolean, logs: ReadonlyArray<{ number: number }>): void {
  let expected = covered + 1;
  for (const log of logs) {
    if (log.number !== expected) {
      const missing = !hasSnapshot && expected === 1 ? snapshotName(log.number - 1) : logName(expected);
      throw new DataDirError(
        `--data-dir ${folder}: ${join(folder, missing)} is missing (the files must follow one another: ` +
          `${join(folder, logName(log.number))} comes after it); what is left is part of a state, and is not served. ` +
          'Put the file back, or start with another --data-dir',
      );
    }
    expected++;
  }
}

/**
 * A file's whole lines. A torn tail of a log or journal is cut off (with a warning); any other damage is refused or,
 * with --repair, set aside together with `later` (the files after it): what is kept is a state the emulator passed
 * through, and the warning says what was dropped.
 */
async function readKeptFile(source: Source, folder: string, options: DataDirOptions, later: readonly string[]): Promise<ReadFile> {
  const { file, role } = source;
  const data = await readFileOf(file, folder);
  const scanned = role === 'journal' ? scanFile(data, file, readLegacyHeader) : scanFile(data, file);
  let damage = scanned.damage;
  let why = damage ? `damaged at byte ${damage.offset}, with ${damage.wholeLinesAfter} whole records after it` : '';
  if (role === 'log' && later.length > 0 && !damage && scanned.tornBytes > 0) {
    // A log is synced whole before the next one starts (a failed write is cut back first): not a crash.
    damage = { offset: scanned.validBytes, wholeLinesAfter: 0 };
    why = `cut short at byte ${scanned.validBytes}, with ${later.length} logs after it (a log is synced whole before the next starts)`;
  }
  if (role === 'snapshot' && !damage) {
    // A snapshot is synced whole before it is renamed into place: a cut end, or records missing, is damage too.
    const header = scanned.header as FileHeader | undefined;
    const held = scanned.lines.reduce((sum, line) => sum + decodeEntries(line).length, 0);
    if (scanned.tornBytes > 0) {
      damage = { offset: scanned.validBytes, wholeLinesAfter: 0 };
      why = `cut short at byte ${scanned.validBytes} (a snapshot is synced whole before it counts: this is not a crash)`;
    } else if (header?.entries !== undefined && held !== header.entries) {
      damage = { offset: data.length, wholeLinesAfter: 0 };
      why = `holding ${held} of its ${header.entries} records (a snapshot is synced whole before it counts)`;
    } else if (header === undefined) {
      damage = { offset: 0, wholeLinesAfter: 0 };
      why = 'without a header (a snapshot is synced whole before it counts)';
    }
  }
  if (damage) {
    const lastLog = role === 'log' && later.length === 0;
    if (!options.repair) {
      const what =
        role === 'snapshot'
          ? 'start with --repair to set it and every log aside (in a folder beside them) and start from an empty state'
          : `start with --repair to keep the ${damage.offset} bytes before it and set the rest aside` +
            (later.length > 0 ? `, with the ${later.length} files after it,` : '') +
            ' in a folder beside it';
      const powerCut = lastLog
        ? ' If the machine lost power (not an emulator crash), writes not yet synced can land out of order: then nothing ' +
          'acknowledged is at risk, and --repair keeps every acknowledged change.'
        : '';
      throw new DataDirError(`--data-dir ${folder}: ${file} is ${why}.${powerCut} To go on, ${what}`);
    }
    const keptBytes = role === 'snapshot' ? 0 : damage.offset;
    const dropped = describeDropped(role === 'snapshot' ? scanned.lines : linesFrom(data, damage.offset), later, role);
    const aside = await setAside(folder, options, file, data, keptBytes, later);
    options.warn(`svc: ${file}: ${why}; set aside in ${aside}: ${dropped}. What is kept is the state before it`);
    // A snapshot set aside is not read on (restore starts from nothing): its lines are never played.
    return { lines: scanned.lines, bytes: keptBytes, setAside: true };
  }
  if (scanned.tornBytes > 0) {
    try {
      await truncate(file, scanned.validBytes);
    } catch (error) {
      throw new DataDirError(
        `--data-dir ${folder}: ${file} ends in ${scanned.tornBytes} bytes that are not a whole record (a write cut short), ` +
          `and cannot be cut back to byte ${scanned.validBytes} (${describe(error)}): make it writable`,
      );
    }
    options.warn(
      `svc: ${file}: its last ${scanned.tornBytes} bytes are not a whole record (a write cut short): dropped; every acknowledged change before it is kept`,
    );
  }
  return { lines: scanned.lines, bytes: scanned.validBytes, setAside: false };
}

/**
 * Moves `later` (whole) and the part of `file` from `keptBytes` on into a new folder beside them, then cuts `file`
 * back (removed when nothing of it is kept). Later files go first, newest first, so a crash midway leaves files
 * that still follow one another. When the cut fails, everything is put back and the folder removed: a failed
 * --repair leaves nothing behind.
 */
async function setAside(
  folder: string,
  options: DataDirOptions,
  file: string,
  data: Buffer,
  keptBytes: number,
  later: readonly string[],
): Promise<string> {
  const aside = join(folder, `set-aside-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  const moved: string[] = [];
  const base = (path: string) => path.slice(folder.length + 1);
  const refused = (error: unknown) =>
    new DataDirError(
      `--data-dir ${folder}: --repair could not set aside the damaged part of ${file} (${describe(error)}); nothing was changed`,
    );
  // Outside the undo below: a folder of that name made by an earlier --repair is not this one's to remove.
  try {
    mkdirSync(aside, { mode: 0o700 });
  } catch (error) {
    throw refused(error);
  }
  try {
    await writeFile(join(aside, `${base(file)}.from-byte-${keptBytes}`), data.subarray(keptBytes), { mode: 0o600 });
    for (const path of [...later].reverse()) {
      renameSync(path, join(aside, base(path)));
      moved.push(path);
    }
    if (keptBytes === 0) rmSync(file);
    else await truncate(file, keptBytes);
  } catch (error) {
    for (const path of moved) renameSync(join(aside, base(path)), path);
    rmSync(aside, { recursive: true, force: true });
    throw refused(error);
  }
  (options.files ?? NODE_FILES).syncFolder(folder);
  return aside;
}

// Stryker disable all: what a --repair dropped, worded for the user, and the refusal of a file that is not one.
/** The whole lines of `data` from `offset` on (the damaged one is not whole, and is skipped). */
function linesFrom(data: Buffer, offset: number): Buffer[] {
  const lines: Buffer[] = [];
  for (let newline = data.indexOf(0x0a, offset); newline >= 0 && newline + 1 < data.length;) {
    const line = lineAt(data, newline + 1);
    if (line) {
      lines.push(line.json);
      newline = line.next - 1;
    } else newline = data.indexOf(0x0a, newline + 1);
  }
  return lines;
}

/** What a --repair dropped, for the user: the damaged record, how many changes, and which webhooks they touch. */
function describeDropped(lines: readonly Buffer[], later: readonly string[], role: Source['role']): string {
  const keys = new Map<string, Set<string>>();
  let records = 0;
  const count = (entries: readonly KeptEntry[]) => {
    records++;
    for (const [kind, key] of entries) {
      let set = keys.get(kind);
      if (!set) keys.set(kind, (set = new Set()));
      set.add(kind === 'addresses' ? key.slice(0, key.indexOf('/')) : key);
    }
  };
  for (const line of lines) {
    try {
      if (role === 'journal') records++;
      else count(decodeEntries(line));
    } catch {
      records++;
    }
  }
  for (const path of later) {
    try {
      for (const line of scanFile(readFileSync(path), path).lines) count(decodeEntries(line));
    } catch {
      // Unreadable itself: named among the files set aside.
    }
  }
  const touched = [...keys].map(([kind, set]) => `${set.size} ${kind}${set.size === 1 ? '' : 's'}`);
  const webhooks = [...(keys.get('webhook') ?? []), ...(keys.get('addresses') ?? [])];
  const named = [...new Set(webhooks)].slice(0, 5);
  return (
    `${role === 'snapshot' ? 'the snapshot' : 'the damaged record'}, ${records} whole records` +
    (later.length > 0 ? ` (${later.length} files after it among them)` : '') +
    (touched.length > 0 ? `, touching ${touched.join(', ')}` : '') +
    (named.length > 0 ? `; webhooks ${named.join(', ')}${webhooks.length > named.length ? ' and others' : ''} may have lost changes` : '')
  );
}

async function readFileOf(file: string, folder: string): Promise<Buffer> {
  // A FIFO or a device named like a data file would block the start (deaf to signals while read): refused.
  let regular: boolean;
  try {
    regular = statSync(file).isFile();
  } catch (error) {
    throw new DataDirError(`--data-dir ${folder}: cannot read ${file} (${describe(error)})`);
  }
  if (!regular) throw new DataDirError(`--data-dir ${folder}: ${file} is not a regular file: move it away`);
  try {
    return await readFile(file);
  } catch (error) {
    throw new DataDirError(`--data-dir ${folder}: cannot read ${file} (${describe(error)})`);
  }
}

// Stryker restore all
/** A new log file with its header, synced, its name synced into the folder. */
async function startLog(folder: string, number: number, files: KeptFiles, opened?: (handle: FileHandle) => void): Promise<OpenLog> {
  const file = join(folder, logName(number));
  const handle = await open(file, 'wx', 0o600);
  opened?.(handle);
  try {
    const header = encodeHeader({ kind: 'svc-emulator-log', format: KEPT_FORMAT, number });
    await files.write(handle, header);
    await files.sync(handle);
    files.syncFolder(folder);
    return { number, handle, bytes: header.length };
  } catch (error) {
    await handle.close();
    rmSync(file, { force: true });
    throw error;
  }
}

// Stryker disable all: the words of a refused change.
function keepError(error: Error, undecided: boolean): KeepError {
  const code = (error as NodeJS.ErrnoException).code;
  const why = code === 'ENOSPC' ? 'the disk is full' : `it cannot be written (${code ?? error.message})`;
  if (undecided) {
    return new KeepError(
      `the emulator's data directory failed while keeping this change (${why}), and could not undo it: it is not applied now, ` +
        'and may be after a restart',
      code,
      true,
    );
  }
  return new KeepError(`the emulator's data directory could not keep this change: ${why}`, code);
}

// Stryker restore all
/** A rename or a new file is durable once its folder is synced (where the platform allows it: not on Windows). */
function syncFolder(folder: string): void {
  try {
    const fd = openSync(folder, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Not supported here: the rename is still atomic.
  }
}

// Stryker disable all: judging the folder and its lock, and wording errors: not kept state. To the end of the file.
/** Created when missing; refused when it is a file, or cannot be read or written. */
function checkFolder(folder: string): void {
  try {
    if (!statSync(folder).isDirectory()) throw new DataDirError(`--data-dir ${folder}: is a file, not a folder`);
  } catch (error) {
    if (error instanceof DataDirError) throw error;
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new DataDirError(`--data-dir ${folder}: ${describe(error)}`);
    try {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
    } catch (made) {
      throw new DataDirError(`--data-dir ${folder}: cannot create it (${describe(made)})`);
    }
  }
  try {
    readdirSync(folder);
  } catch (error) {
    throw new DataDirError(`--data-dir ${folder}: cannot read it (${describe(error)})`);
  }
}

/** The folder's lock: one emulator per folder. A lock whose process is gone (or is another process now) is taken over. */
function takeLock(folder: string, lockFile: string): void {
  let taken: ReturnType<typeof takeFileLock>;
  try {
    taken = takeFileLock(lockFile, { url: null });
  } catch (error) {
    throw new DataDirError(`--data-dir ${folder}: cannot write in it (${describe(error)})`);
  }
  if (!taken.ok && taken.holder !== null && legacyLockOfAnotherProcess(lockFile, taken.holder)) {
    rmSync(lockFile, { force: true });
    taken = takeFileLock(lockFile, { url: null });
  }
  if (taken.ok) return;
  if (taken.holder === null) {
    throw new DataDirError(`--data-dir ${folder}: its lock ${lockFile} cannot be read; if no emulator uses the folder, remove the lock`);
  }
  // This very process too: two emulators started in one process must not share a folder either.
  const where = typeof taken.holder.url === 'string' ? ` at ${taken.holder.url}` : '';
  throw new DataDirError(
    `--data-dir ${folder} is in use by the emulator${where} (pid ${String(taken.holder.pid)}): stop it first, or choose another folder`,
  );
}

/**
 * A lock of the earlier format names a pid and no proof of which process it was: it is stale when the process that
 * has the pid now started after the lock was written (the pid was reused). Where start times cannot be read, it
 * stays in use.
 */
function legacyLockOfAnotherProcess(lockFile: string, holder: Record<string, unknown>): boolean {
  if (holder.proof !== undefined || typeof holder.pid !== 'number') return false;
  try {
    const written = statSync(lockFile).mtimeMs;
    const bootSeconds = Number(/^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'latin1'))?.[1]);
    const stat = readFileSync(`/proc/${holder.pid}/stat`, 'latin1');
    // Field 22, the start in clock ticks since boot (100 a second on Linux), counted after the command's ')'.
    const startTicks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    const started = bootSeconds * 1000 + startTicks * 10;
    return Number.isFinite(started) && started > written + 1_000;
  } catch {
    return false;
  }
}

function describe(error: unknown): string {
  const failure = error as NodeJS.ErrnoException;
  if (failure.code === 'EACCES' || failure.code === 'EPERM') return 'permission denied';
  if (failure.code === 'ENOTDIR') return 'a part of its path is a file';
  if (failure.code === 'EISDIR') return 'EISDIR';
  return failure.code ?? failure.message;
}
