// What --repair keeps, against DataDir itself with a keyed table (no emulator): a log cut short with logs after it
// keeps its whole records and sets the later logs aside; a snapshot missing records, or its header, is refused and
// repaired to the empty state with every numbered file set aside; a repair that cannot make its folder changes
// nothing, and leaves an earlier repair's folder alone. After each repair the next start is clean.
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EntryRouter } from '../../src/emulator/kept/change.js';
import { DataDir } from '../../src/emulator/kept/data-dir.js';
import type { DataDirOptions } from '../../src/emulator/kept/data-dir.js';
import { encodeEntries, encodeHeader, KEPT_FORMAT } from '../../src/emulator/kept/record-file.js';
import { KeptTable, tableEntry } from '../helpers/kept-table.js';

const opened: DataDir[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(opened.splice(0).map((dataDir) => dataDir.close()));
});

function freshDir(): string {
  return join(mkdtempSync(join(tmpdir(), 'svc-repair-')), 'data');
}

async function open(dir: string, options: Partial<DataDirOptions> = {}): Promise<{ dataDir: DataDir; table: KeptTable }> {
  const table = new KeptTable();
  const dataDir = await DataDir.open(dir, new EntryRouter([table]), {
    warn: () => {},
    compactAfterBytes: Number.MAX_SAFE_INTEGER,
    ...options,
  });
  opened.push(dataDir);
  return { dataDir, table };
}

async function close(dataDir: DataDir): Promise<void> {
  opened.splice(opened.indexOf(dataDir), 1);
  await dataDir.close();
}

/** Opens the folder, keeps one change per key, and closes it (a log each time). */
async function keepAll(dir: string, keys: string[]): Promise<void> {
  const { dataDir } = await open(dir);
  for (const key of keys) await dataDir.keep({ entries: [tableEntry(key, 20)] });
  await close(dataDir);
}

const numbered = (dir: string) =>
  readdirSync(dir)
    .filter((name) => /^(log|snapshot)-/.test(name))
    .sort();
const asideFolders = (dir: string) => readdirSync(dir).filter((name) => name.startsWith('set-aside-'));

/** Repairs the folder, then checks the next start is clean: what it keeps and the warnings of both starts. */
async function repairThenStart(dir: string): Promise<{ kept: string[]; warnings: string[]; after: string[] }> {
  const warnings: string[] = [];
  const repaired = await open(dir, { repair: true, warn: (line) => warnings.push(line) });
  const kept = [...repaired.table.values.keys()];
  await close(repaired.dataDir);
  const after: string[] = [];
  const again = await open(dir, { warn: (line) => after.push(line) });
  expect([...again.table.values.keys()]).toEqual(kept);
  await close(again.dataDir);
  return { kept, warnings, after };
}

describe('--repair', () => {
  it('of a log cut short with a log after it keeps its whole records, and sets its end and the later log aside', async () => {
    const dir = freshDir();
    await keepAll(dir, ['a', 'b']);
    await keepAll(dir, ['c']);
    const first = join(dir, 'log-000001.jsonl');
    const whole = readFileSync(first).length;
    appendFileSync(first, encodeEntries([tableEntry('torn', 20)]).subarray(0, 15));
    await expect(open(dir)).rejects.toThrow(
      `${first} is cut short at byte ${whole}, with 1 logs after it (a log is synced whole before the next starts). ` +
        `To go on, start with --repair to keep the ${whole} bytes before it and set the rest aside, with the 1 files after it, in a folder beside it`,
    );
    const { kept, warnings, after } = await repairThenStart(dir);
    expect(kept).toEqual(['a', 'b']);
    expect(warnings).toEqual([expect.stringContaining(`${first}: cut short at byte ${whole}`)]);
    expect(after).toEqual([]);
    const [aside] = asideFolders(dir);
    expect(readdirSync(join(dir, aside!)).sort()).toEqual([`log-000001.jsonl.from-byte-${whole}`, 'log-000002.jsonl']);
    expect(readFileSync(first).length).toBe(whole);
    // The repaired start numbered its log on from the one kept; the clean start after it, on from that.
    expect(numbered(dir)).toEqual(['log-000001.jsonl', 'log-000002.jsonl', 'log-000003.jsonl']);
  });

  it('refuses a snapshot holding fewer records than its header counts, and repairs to the empty state', async () => {
    const dir = freshDir();
    await keepAll(dir, ['a', 'b', 'c']);
    // A start compacts: here by a tiny threshold.
    const compacting = await open(dir, { compactAfterBytes: 1 });
    await new Promise(setImmediate);
    await close(compacting.dataDir);
    const snapshot = join(dir, 'snapshot-000001.jsonl');
    expect(numbered(dir)).toEqual(['log-000002.jsonl', 'snapshot-000001.jsonl']);
    // Its header alone: the line of records gone whole.
    const data = readFileSync(snapshot);
    writeFileSync(snapshot, data.subarray(0, data.indexOf(0x0a) + 1));
    await expect(open(dir)).rejects.toThrow(`${snapshot} is holding 0 of its 3 records (a snapshot is synced whole before it counts)`);
    const { kept, warnings, after } = await repairThenStart(dir);
    expect(kept).toEqual([]);
    expect(warnings).toEqual([expect.stringContaining(`${snapshot}: holding 0 of its 3 records`)]);
    expect(after).toEqual([]);
    const [aside] = asideFolders(dir);
    expect(readdirSync(join(dir, aside!)).sort()).toEqual(['log-000002.jsonl', 'snapshot-000001.jsonl.from-byte-0']);
    // Started again from nothing: the first log again.
    expect(numbered(dir)).toEqual(['log-000001.jsonl', 'log-000002.jsonl']);
  });

  it('refuses a snapshot without a header, and repairs to the empty state', async () => {
    const dir = freshDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'snapshot-000001.jsonl'), '');
    writeFileSync(
      join(dir, 'log-000002.jsonl'),
      Buffer.concat([encodeHeader({ kind: 'svc-emulator-log', format: KEPT_FORMAT, number: 2 }), encodeEntries([tableEntry('a', 20)])]),
    );
    await expect(open(dir)).rejects.toThrow(`${join(dir, 'snapshot-000001.jsonl')} is without a header`);
    const { kept } = await repairThenStart(dir);
    expect(kept).toEqual([]);
  });

  it('that cannot make its folder changes nothing, and leaves an earlier repair’s folder alone', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const dir = freshDir();
    await keepAll(dir, ['a', 'b']);
    await keepAll(dir, ['c']);
    const first = join(dir, 'log-000001.jsonl');
    appendFileSync(first, encodeEntries([tableEntry('torn', 20)]).subarray(0, 15));
    const repaired = await open(dir, { repair: true });
    await close(repaired.dataDir);
    const [earlier] = asideFolders(dir);
    const earlierFiles = readdirSync(join(dir, earlier!)).sort();
    // Damage again, in the same millisecond (the clock held): the folder's name is taken.
    appendFileSync(first, encodeEntries([tableEntry('torn', 20)]).subarray(0, 15));
    const before = numbered(dir).map((name) => [name, readFileSync(join(dir, name)).length]);
    await expect(open(dir, { repair: true })).rejects.toThrow(
      `--repair could not set aside the damaged part of ${first} (EEXIST); nothing was changed`,
    );
    expect(numbered(dir).map((name) => [name, readFileSync(join(dir, name)).length])).toEqual(before);
    expect(asideFolders(dir)).toEqual([earlier]);
    expect(readdirSync(join(dir, earlier!)).sort()).toEqual(earlierFiles);
  });
});
