// An append-only journal of JSON records in one file, for the emulator's data directory: one line per record,
// `<bytes> <checksum> <json>`, so a line cut short by a crash is told from a whole one. Appends are queued in order
// and written and synced in groups: every record queued while the previous sync ran shares the next one. A
// compaction rewrites the file from a snapshot (temporary file, sync, rename), dropping what the snapshot covers.
import { createHash } from 'node:crypto';
import { closeSync, fsyncSync, openSync } from 'node:fs';
import { open, readFile, rename, rm, truncate } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';

/** The journal's format; a file of a later one is refused rather than misread. */
export const JOURNAL_FORMAT = 1;
const KIND = 'svc-emulator-journal';

/** How the journal writes and syncs: tests pass one that fails as a full disk does. */
export interface JournalFiles {
  write(handle: FileHandle, data: Buffer): Promise<void>;
  sync(handle: FileHandle): Promise<void>;
}

export const NODE_FILES: JournalFiles = {
  async write(handle, data) {
    let offset = 0;
    while (offset < data.length) offset += (await handle.write(data, offset, data.length - offset)).bytesWritten;
  },
  sync: (handle) => handle.datasync(),
};

/** The file is not a journal this emulator can read: `reason` says why, for the user. */
export class JournalFormatError extends Error {}

export interface JournalContents {
  records: unknown[];
  /** Bytes after the last whole record (a write cut short), dropped; 0 when the file ended cleanly. */
  droppedBytes: number;
  /** Bytes of whole records, the file's size once the dropped tail is cut off. */
  validBytes: number;
}

const CHECKSUM_DIGITS = 8;

/** The first 8 hex digits of the SHA-1 of the JSON's bytes: enough to tell a damaged line from a whole one. */
function checksum(json: string | Buffer): string {
  return createHash('sha1').update(json).digest('hex').slice(0, CHECKSUM_DIGITS);
}

export function encodeRecord(record: unknown): Buffer {
  const json = JSON.stringify(record);
  return Buffer.from(`${Buffer.byteLength(json)} ${checksum(json)} ${json}\n`);
}

/** Whole records up to the first that is not (cut short or damaged): that one and all after it are dropped. */
export async function readJournal(file: string): Promise<JournalContents | undefined> {
  let data: Buffer;
  try {
    data = await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const records: unknown[] = [];
  let offset = 0;
  while (offset < data.length) {
    const record = decodeAt(data, offset);
    if (!record) break;
    records.push(record.value);
    offset = record.next;
  }
  if (records.length === 0 && data.length > 0) {
    throw new JournalFormatError(`${file} is not an emulator journal (its first line is not one)`);
  }
  const header = records.shift() as { kind?: unknown; format?: unknown } | undefined;
  if (header !== undefined) {
    if (header?.kind !== KIND || typeof header.format !== 'number') {
      throw new JournalFormatError(`${file} is not an emulator journal`);
    }
    if (header.format > JOURNAL_FORMAT) {
      throw new JournalFormatError(
        `${file} is of a newer format (${header.format}; this svc reads ${JOURNAL_FORMAT}): use the svc that wrote it, or another --data-dir`,
      );
    }
  }
  return { records, droppedBytes: data.length - offset, validBytes: offset };
}

/** One record from its bytes: the length and checksum are checked on the bytes, before any text is made of them. */
function decodeAt(data: Buffer, offset: number): { value: unknown; next: number } | undefined {
  const end = data.indexOf(0x0a, offset);
  if (end < 0) return undefined;
  const lengthEnd = data.indexOf(0x20, offset);
  if (lengthEnd <= offset || lengthEnd > end) return undefined;
  const lengthText = data.toString('latin1', offset, lengthEnd);
  const jsonStart = lengthEnd + 1 + CHECKSUM_DIGITS + 1;
  if (!/^\d+$/.test(lengthText) || jsonStart > end || data[jsonStart - 1] !== 0x20) return undefined;
  if (Number(lengthText) !== end - jsonStart) return undefined;
  const json = data.subarray(jsonStart, end);
  if (checksum(json) !== data.toString('latin1', lengthEnd + 1, lengthEnd + 1 + CHECKSUM_DIGITS)) return undefined;
  try {
    return { value: JSON.parse(json.toString('utf8')), next: end + 1 };
  } catch {
    return undefined;
  }
}

interface Waiter {
  seq: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

/** Where compacted contents are written before they replace the journal. */
const WRITE_CHUNK_BYTES = 1 << 20;

export class Journal {
  /** Encoded records queued since the last write began. */
  private pending: Buffer[] = [];
  /** Sequence number of the last record appended, and of the last one on disk. */
  private appendedSeq = 0;
  private durableSeq = 0;
  private waiters: Waiter[] = [];
  private running: Promise<void> | undefined;
  private compaction: { snapshot: () => Iterable<unknown>; done: Waiter[] } | undefined;
  /** Set when a write or sync failed: nothing more is written until a compaction succeeds. */
  failure: Error | undefined;
  /** The file's size, and its size after the last compaction (how much of it is history). */
  size: number;
  compactedSize: number;

  private constructor(
    private readonly file: string,
    private handle: FileHandle,
    size: number,
    private readonly files: JournalFiles,
  ) {
    this.size = size;
    this.compactedSize = size;
  }

  /**
   * Opens the journal to append, cutting off a damaged tail (`validBytes`), or creating it with its header. The
   * caller has read it first (readJournal).
   */
  static async open(file: string, validBytes: number | undefined, files: JournalFiles = NODE_FILES): Promise<Journal> {
    if (validBytes === undefined) {
      const created = await open(file, 'a', 0o600);
      const header = encodeRecord({ kind: KIND, format: JOURNAL_FORMAT });
      await files.write(created, header);
      await files.sync(created);
      syncFolder(file);
      return new Journal(file, created, header.length, files);
    }
    await truncate(file, validBytes);
    return new Journal(file, await open(file, 'a', 0o600), validBytes, files);
  }

  get lastSeq(): number {
    return this.appendedSeq;
  }

  /** Queues a record; its sequence number, for whenDurable. Records are written in the order they are appended. */
  append(record: unknown): number {
    const line = encodeRecord(record);
    this.pending.push(line);
    this.appendedSeq++;
    this.kick();
    return this.appendedSeq;
  }

  /** Resolves once every record up to `seq` is synced; rejects with the write's error if they could not be. */
  whenDurable(seq: number): Promise<void> {
    if (seq <= this.durableSeq) return Promise.resolve();
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => this.waiters.push({ seq, resolve, reject }));
  }

  /**
   * Replaces the journal with `snapshot` (its header added), taken when the compaction starts: it covers every
   * record appended before then, and those still queued are dropped. After a failure this is the way back.
   */
  compact(snapshot: () => Iterable<unknown>): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.compaction) this.compaction.done.push({ seq: 0, resolve, reject });
      else this.compaction = { snapshot, done: [{ seq: 0, resolve, reject }] };
      this.kick();
    });
  }

  /** Writes what is queued (while it can), then closes the file. */
  async close(): Promise<void> {
    this.kick();
    while (this.running) await this.running;
    await this.handle.close();
  }

  private kick(): void {
    if (this.running) return;
    if (!this.compaction && (this.failure || this.pending.length === 0)) return;
    this.running = this.drain().finally(() => {
      this.running = undefined;
      this.kick();
    });
  }

  private async drain(): Promise<void> {
    if (this.compaction) {
      const { snapshot, done } = this.compaction;
      this.compaction = undefined;
      const coveredSeq = this.appendedSeq;
      this.pending = [];
      try {
        await this.rewrite(snapshot());
        this.failure = undefined;
        this.settle(coveredSeq);
        for (const waiter of done) waiter.resolve();
      } catch (error) {
        this.fail(error as Error);
        for (const waiter of done) waiter.reject(error as Error);
      }
      return;
    }
    const batch = Buffer.concat(this.pending);
    const upTo = this.appendedSeq;
    this.pending = [];
    try {
      await this.files.write(this.handle, batch);
      await this.files.sync(this.handle);
      this.size += batch.length;
      this.settle(upTo);
    } catch (error) {
      this.fail(error as Error);
    }
  }

  private settle(seq: number): void {
    this.durableSeq = seq;
    const waiting = this.waiters;
    this.waiters = [];
    for (const waiter of waiting) {
      if (waiter.seq <= seq) waiter.resolve();
      else this.waiters.push(waiter);
    }
  }

  /** A write or sync failed: the file may end in a partial line, so nothing is appended to it until a compaction. */
  private fail(error: Error): void {
    this.failure = error;
    const waiting = this.waiters;
    this.waiters = [];
    for (const waiter of waiting) waiter.reject(error);
  }

  private async rewrite(records: Iterable<unknown>): Promise<void> {
    const temporary = `${this.file}.compacting`;
    const handle = await open(temporary, 'w', 0o600);
    let size = 0;
    try {
      let chunk: Buffer[] = [encodeRecord({ kind: KIND, format: JOURNAL_FORMAT })];
      let chunkBytes = chunk[0]!.length;
      const flush = async () => {
        const data = Buffer.concat(chunk);
        await this.files.write(handle, data);
        size += data.length;
        chunk = [];
        chunkBytes = 0;
      };
      for (const record of records) {
        const line = encodeRecord(record);
        chunk.push(line);
        chunkBytes += line.length;
        if (chunkBytes >= WRITE_CHUNK_BYTES) await flush();
      }
      await flush();
      await this.files.sync(handle);
    } catch (error) {
      await handle.close();
      await rm(temporary, { force: true });
      throw error;
    }
    await handle.close();
    await rename(temporary, this.file);
    syncFolder(this.file);
    await this.handle.close();
    this.handle = await open(this.file, 'a', 0o600);
    this.size = size;
    this.compactedSize = size;
  }
}

/** A rename or a new file is durable once its folder is synced (where the platform allows it: not on Windows). */
function syncFolder(file: string): void {
  try {
    const fd = openSync(dirname(file), 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Not supported here: the rename is still atomic.
  }
}
