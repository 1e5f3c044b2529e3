// When the data directory compacts, against DataDir itself with a keyed table (no emulator): not before the logs
// pass the threshold, then only once they outgrow the snapshot (never on every write, never not at all); after a start
// that read many logs; on a disk too small for a snapshot, after a pause that doubles up to five minutes (an injected
// clock), back to one second once a snapshot lands; and a big state's snapshot in bounded lines and writes, restored
// whole; a close that waits for the group being written.
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EntryRouter } from '../../src/emulator/kept/change.js';
import type { KeptEntry } from '../../src/emulator/kept/change.js';
import { DataDir, NODE_FILES } from '../../src/emulator/kept/data-dir.js';
import type { DataDirOptions, KeptFiles } from '../../src/emulator/kept/data-dir.js';
import { decodeEntries, encodeEntries, scanFile } from '../../src/emulator/kept/record-file.js';
import { KeptTable, TABLE_KIND, tableEntry as entry } from '../helpers/kept-table.js';

/** The files as written, with each snapshot's writes seen (and refused while `refuseSnapshots`). */
class SnapshotWatch implements KeptFiles {
  refuseSnapshots = false;
  /** Each snapshot tried: the sizes of its writes. */
  readonly snapshots: number[][] = [];
  private readonly snapshotHandles = new Set<FileHandle>();

  async write(handle: FileHandle, data: Buffer): Promise<void> {
    if (data.subarray(0, 80).includes('"svc-emulator-snapshot"')) {
      this.snapshotHandles.add(handle);
      this.snapshots.push([]);
      if (this.refuseSnapshots) {
        const error: NodeJS.ErrnoException = new Error('ENOSPC: no space left on device, write');
        error.code = 'ENOSPC';
        throw error;
      }
    }
    if (this.snapshotHandles.has(handle)) this.snapshots.at(-1)!.push(data.length);
    return NODE_FILES.write(handle, data);
  }

  sync = NODE_FILES.sync;
  truncate = NODE_FILES.truncate;
  syncFolder = NODE_FILES.syncFolder;
}

const opened: DataDir[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(opened.splice(0).map((dataDir) => dataDir.close()));
});

function freshDir(): string {
  return join(mkdtempSync(join(tmpdir(), 'svc-compaction-')), 'data');
}

async function open(dir: string, options: Partial<DataDirOptions> = {}): Promise<{ dataDir: DataDir; table: KeptTable }> {
  const table = new KeptTable();
  const dataDir = await DataDir.open(dir, new EntryRouter([table]), { warn: () => {}, ...options });
  opened.push(dataDir);
  return { dataDir, table };
}

async function close(dataDir: DataDir): Promise<void> {
  opened.splice(opened.indexOf(dataDir), 1);
  await dataDir.close();
}

/**
 * Waits for a compaction started in the background to end (as close() does): a start's is begun on the next turn of
 * the event loop, a write's as its group is applied.
 */
async function compacted(dataDir: DataDir): Promise<void> {
  await new Promise(setImmediate);
  const inside = dataDir as unknown as { writing?: Promise<void>; snapshotting?: Promise<void> };
  while (inside.writing) await inside.writing;
  while (inside.snapshotting) await inside.snapshotting;
}

const named = (dir: string, prefix: string) =>
  readdirSync(dir)
    .filter((name) => name.startsWith(prefix))
    .sort();
const sizeOf = (dir: string, name: string) => statSync(join(dir, name)).size;

describe('compaction', () => {
  it('starts once the logs hold more than the threshold, not at it', async () => {
    // The log's size after each of three changes, in a folder that never compacts.
    const measured = freshDir();
    const probe = await open(measured, { compactAfterBytes: Number.MAX_SAFE_INTEGER });
    const sizes: number[] = [];
    for (let index = 0; index < 3; index++) {
      await probe.dataDir.keep({ entries: [entry(`k${index}`, 100)] });
      sizes.push(sizeOf(measured, named(measured, 'log-')[0]!));
    }
    await close(probe.dataDir);

    const dir = freshDir();
    const { dataDir } = await open(dir, { compactAfterBytes: sizes[1] });
    for (let index = 0; index < 2; index++) {
      await dataDir.keep({ entries: [entry(`k${index}`, 100)] });
      await compacted(dataDir);
      expect(named(dir, 'snapshot-'), `after change ${index + 1}`).toEqual([]);
    }
    await dataDir.keep({ entries: [entry('k2', 100)] });
    await compacted(dataDir);
    expect(named(dir, 'snapshot-')).toEqual(['snapshot-000001.jsonl']);
    expect(named(dir, 'log-')).toEqual(['log-000002.jsonl']);
    await close(dataDir);
    const restarted = await open(dir);
    expect([...restarted.table.values.keys()]).toEqual(['k0', 'k1', 'k2']);
  });

  it('after a snapshot, waits until the logs outgrow it: not on every write, and not never', async () => {
    const dir = freshDir();
    const files = new SnapshotWatch();
    const { dataDir } = await open(dir, { files, compactAfterBytes: 200 });
    await dataDir.keep({ entries: [entry('big', 2_000)] });
    await compacted(dataDir);
    expect(files.snapshots).toHaveLength(1);
    let compactions = 1;
    for (let index = 0; index < 100; index++) {
      const change = [entry(`small${index}`, 60)];
      const logSize = sizeOf(dir, named(dir, 'log-').at(-1)!);
      const snapshotSize = sizeOf(dir, named(dir, 'snapshot-').at(-1)!);
      // The logs a snapshot does not cover are the newest one alone (the snapshot removed the others).
      expect(named(dir, 'log-')).toHaveLength(1);
      const due = logSize + encodeEntries(change).length > snapshotSize;
      await dataDir.keep({ entries: change });
      await compacted(dataDir);
      if (due) compactions++;
      expect(files.snapshots, `after small change ${index}`).toHaveLength(compactions);
    }
    // Each snapshot holds the state so far: the logs outgrow it more slowly each time, but they do.
    expect(compactions).toBeGreaterThanOrEqual(3);
    expect(compactions).toBeLessThan(10);
  });

  it('compacts at the start that reads eight logs, and not at the one before', async () => {
    const dir = freshDir();
    const startOnce = async () => {
      const { dataDir } = await open(dir, { compactAfterBytes: Number.MAX_SAFE_INTEGER });
      await compacted(dataDir);
      await close(dataDir);
    };
    // Each start leaves a log: the eighth start reads seven.
    for (let index = 0; index < 8; index++) await startOnce();
    expect(named(dir, 'snapshot-')).toEqual([]);
    expect(named(dir, 'log-')).toHaveLength(8);
    await startOnce();
    expect(named(dir, 'snapshot-')).toEqual(['snapshot-000008.jsonl']);
    expect(named(dir, 'log-')).toEqual(['log-000009.jsonl']);
  });

  it('on a disk with no room for a snapshot, tries again after 1 s, doubled up to 5 min, and after 1 s once one lands', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const dir = freshDir();
    const files = new SnapshotWatch();
    files.refuseSnapshots = true;
    const warnings: string[] = [];
    const { dataDir } = await open(dir, { files, compactAfterBytes: 100, warn: (line) => warnings.push(line) });
    let written = 0;
    const write = async () => {
      await dataDir.keep({ entries: [entry(`w${written++}`, 200)] });
      await compacted(dataDir);
    };
    await write();
    expect(files.snapshots).toHaveLength(1);
    const pauses = [1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300].map((seconds) => seconds * 1000);
    for (const [failures, pause] of pauses.entries()) {
      vi.advanceTimersByTime(pause - 1);
      await write();
      expect(files.snapshots, `${pause - 1} ms after failure ${failures + 1}`).toHaveLength(failures + 1);
      vi.advanceTimersByTime(1);
      await write();
      expect(files.snapshots, `${pause} ms after failure ${failures + 1}`).toHaveLength(failures + 2);
    }
    expect(warnings.filter((line) => line.includes('could not write a snapshot'))).toHaveLength(files.snapshots.length);
    // A snapshot lands: the next failure pauses 1 s again.
    files.refuseSnapshots = false;
    vi.advanceTimersByTime(300_000);
    await write();
    const landed = files.snapshots.length;
    expect(named(dir, 'snapshot-')).toHaveLength(1);
    files.refuseSnapshots = true;
    // The logs outgrow the snapshot that landed, and the next one is refused.
    while (files.snapshots.length === landed && written < 500) await write();
    expect(files.snapshots).toHaveLength(landed + 1);
    vi.advanceTimersByTime(999);
    await write();
    expect(files.snapshots).toHaveLength(landed + 1);
    vi.advanceTimersByTime(1);
    await write();
    expect(files.snapshots).toHaveLength(landed + 2);
  });
});

describe('a snapshot of a big state', () => {
  it('is written in lines of about 64 KiB and writes of about 256 KiB, measured as JSON, and restores every entry', async () => {
    const dir = freshDir();
    const files = new SnapshotWatch();
    const { dataDir, table } = await open(dir, { files, compactAfterBytes: Number.MAX_SAFE_INTEGER });
    const textBytes = 14_000;
    // Objects, as the resources keep (their size is known only once serialized): 2.9 MB of entries, kept in changes
    // of 21: forty-two lines of five, the last line ending with the last entry.
    const objectEntry = (key: string): KeptEntry => [TABLE_KIND, key, { text: 'v'.repeat(textBytes) }];
    for (let first = 0; first < 210; first += 21) {
      await dataDir.keep({ entries: Array.from({ length: 21 }, (_, index) => objectEntry(`e${first + index}`)) });
    }
    await close(dataDir);
    // A start that reads more than the threshold compacts.
    const again = await open(dir, { files, compactAfterBytes: 1_000_000 });
    await compacted(again.dataDir);
    expect(files.snapshots).toHaveLength(1);
    const snapshot = named(dir, 'snapshot-')[0]!;
    const scanned = scanFile(readFileSync(join(dir, snapshot)), snapshot);
    const lines = scanned.lines.map((line) => decodeEntries(line));
    const lineBytes = (entries: KeptEntry[]) => entries.reduce((sum, [, key, value]) => sum + key.length + JSON.stringify(value).length, 0);
    expect(lines.flat()).toHaveLength(210);
    // No empty line after the last.
    expect(lines.map((line) => line.length)).toEqual(Array(42).fill(5));
    for (const [index, line] of lines.entries()) {
      expect(lineBytes(line), `line ${index}`).toBeLessThan(64 * 1024 + textBytes + 20);
      if (index < lines.length - 1) expect(lineBytes(line), `line ${index}`).toBeGreaterThanOrEqual(64 * 1024);
    }
    // Writes of at least 256 KiB but the last, each a line past it at most.
    const writes = files.snapshots[0]!.filter((bytes) => bytes > 0);
    expect(writes.length).toBeGreaterThanOrEqual(10);
    for (const bytes of writes.slice(0, -1)) {
      expect(bytes).toBeGreaterThanOrEqual(256 * 1024);
      expect(bytes).toBeLessThan(256 * 1024 + 80 * 1024);
    }
    expect(writes.reduce((sum, bytes) => sum + bytes, 0)).toBe(sizeOf(dir, snapshot));
    await close(again.dataDir);
    const restarted = await open(dir);
    expect(restarted.table.values.size).toBe(210);
    expect([...restarted.table.values]).toEqual([...again.table.values]);
    expect(table.values.size).toBe(210);
  });
});

describe('a close', () => {
  it('waits for the group being written (a change it acknowledges is kept), and refuses a change after it', async () => {
    const dir = freshDir();
    const { dataDir } = await open(dir, { compactAfterBytes: Number.MAX_SAFE_INTEGER });
    const kept = dataDir.keep({ entries: [entry('a', 100)] });
    await close(dataDir);
    await kept;
    await expect(dataDir.keep({ entries: [entry('b', 100)] })).rejects.toThrow('the emulator is stopping');
    const again = await open(dir);
    expect([...again.table.values.keys()]).toEqual(['a']);
  });
});
