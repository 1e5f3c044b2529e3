// The kept state's edges (issue 37, items 2-6), in-process against the emulator on loopback: a group refused part-way
// is cut back before its 503; a folder of the earlier format is read until a snapshot holds it, its damage refused and
// its ids never made again; an acknowledged deactivation stops messages made at the same moment; snapshots, gaps and
// damage before later logs are refused, and --repair keeps a state the emulator passed through; attempts cut off by a
// stop are recorded; compaction backs off on a disk too small for a snapshot; a FIFO, an old lock naming a reused pid
// and a busy port.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NODE_FILES } from '../../src/emulator/kept/data-dir.js';
import type { KeptFiles } from '../../src/emulator/kept/data-dir.js';
import { encodeLine } from '../../src/emulator/kept/record-file.js';
import { Prng } from '../../src/emulator/prng.js';
import type { EmulatorServer, KeptStateTuning } from '../../src/emulator/server.js';
import { startEmulatorServer } from '../../src/emulator/server.js';
import type { DeliveryTuning } from '../../src/emulator/deliveries/queue.js';
import { API_KEY, call, eventually, FAST_DELIVERY, startReceiver, testOptions, webhookBody } from '../helpers/emulator-helpers.js';
import type { Receiver } from '../helpers/emulator-helpers.js';
import { FolderEntries } from '../helpers/kept-folder.js';

const running: EmulatorServer[] = [];
const receivers: Receiver[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((emulator) => emulator.close()));
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

const FROM = '0x1111111111111111111111111111111111111111';
const SLOW_RETRIES: DeliveryTuning = { ...FAST_DELIVERY, retryDelayMs: () => 60_000 };

function freshDir(): string {
  return join(mkdtempSync(join(tmpdir(), 'svc-edges-')), 'data');
}

interface StartOptions {
  warnings?: string[];
  kept?: KeptStateTuning;
  tuning?: DeliveryTuning;
  repair?: boolean;
  seed?: number;
  port?: number;
}

async function start(dataDir: string, options: StartOptions = {}): Promise<EmulatorServer> {
  const warnings = options.warnings ?? [];
  const emulator = await startEmulatorServer(
    testOptions({
      dataDir,
      warn: (line) => warnings.push(line),
      repair: options.repair,
      seed: options.seed ?? 42,
      ...(options.port ? { port: options.port } : {}),
    }),
    options.tuning ?? SLOW_RETRIES,
    options.kept,
  );
  running.push(emulator);
  return emulator;
}

async function stop(emulator: EmulatorServer): Promise<void> {
  running.splice(running.indexOf(emulator), 1);
  await emulator.close();
}

/** As `kill -9` leaves the folder (the page cache kept): nothing more written; the lock names a process gone. */
function kill(emulator: EmulatorServer, dataDir: string): void {
  running.splice(running.indexOf(emulator), 1);
  emulator.abandon();
  rmSync(join(dataDir, 'emulator.lock'), { force: true });
}

async function createWebhook(url: string, overrides: Record<string, unknown> = {}, key = API_KEY): Promise<any> {
  const created = await call(url, 'POST', '/v1/webhooks', { key, body: webhookBody(overrides) });
  expect(created.status).toBe(201);
  return created.body;
}

async function listed(url: string, key = API_KEY): Promise<any[]> {
  return (await call(url, 'GET', '/v1/webhooks?pageSize=100', { key })).body.webhooks;
}

const named = (dataDir: string, prefix: string) =>
  readdirSync(dataDir)
    .filter((name) => name.startsWith(prefix))
    .sort();

function enospc(): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error('ENOSPC: no space left on device, write');
  error.code = 'ENOSPC';
  return error;
}

/** Files whose disk fills after `fits` more bytes of the next write; syncs that fail while `failSyncs` > 0. */
class FillingFiles implements KeptFiles {
  full = false;
  fits = 0;
  failSyncs = 0;
  /** Cut backs that fail (EIO) while this is above 0. */
  failTruncates = 0;
  refuseSnapshots = false;
  snapshotTries = 0;
  held: Promise<void> | undefined;

  async write(handle: FileHandle, data: Buffer): Promise<void> {
    if (data.subarray(0, 80).includes('"svc-emulator-snapshot"')) {
      this.snapshotTries++;
      if (this.refuseSnapshots) throw enospc();
    }
    if (!this.full) return NODE_FILES.write(handle, data);
    await NODE_FILES.write(handle, data.subarray(0, this.fits));
    throw enospc();
  }

  async sync(handle: FileHandle): Promise<void> {
    if (this.held) await this.held;
    if (this.failSyncs > 0) {
      this.failSyncs--;
      const error: NodeJS.ErrnoException = new Error('EIO: i/o error, fsync');
      error.code = 'EIO';
      throw error;
    }
    return NODE_FILES.sync(handle);
  }

  async truncate(handle: FileHandle, bytes: number): Promise<void> {
    if (this.failTruncates > 0) {
      this.failTruncates--;
      const error: NodeJS.ErrnoException = new Error('EIO: i/o error, ftruncate');
      error.code = 'EIO';
      throw error;
    }
    return NODE_FILES.truncate(handle, bytes);
  }

  /** Set to let a power cut take back the names not synced into the folder. */
  entries: FolderEntries | undefined;

  syncFolder(folder: string): void {
    if (this.entries) this.entries.sync(folder, () => NODE_FILES.syncFolder(folder));
    else NODE_FILES.syncFolder(folder);
  }
}

/** Files whose power cut (after a kill: the log's bytes are synced) loses each name not synced into the folder. */
function powerCutFiles(dataDir: string): FillingFiles {
  mkdirSync(dataDir, { recursive: true });
  const files = new FillingFiles();
  files.entries = new FolderEntries(dataDir);
  return files;
}

function powerCut(emulator: EmulatorServer, dataDir: string, files: FillingFiles): void {
  kill(emulator, dataDir);
  files.entries!.loseUnsynced();
}

describe('the files as written', () => {
  it('write a buffer whole through short writes (the system may take part of one), each within the buffer', async () => {
    const written: Buffer[] = [];
    const handle = {
      write: async (data: Buffer, offset: number, length: number) => {
        // As FileHandle.write: a range past the buffer's end is refused.
        if (offset + length > data.length) throw new RangeError(`${offset} + ${length} is past ${data.length}`);
        const bytesWritten = Math.min(3, length);
        written.push(Buffer.from(data.subarray(offset, offset + bytesWritten)));
        return { bytesWritten, buffer: data };
      },
    } as unknown as FileHandle;
    await NODE_FILES.write(handle, Buffer.from('0123456789'));
    expect(written.map(String)).toEqual(['012', '345', '678', '9']);
  });
});

describe('a power cut (names not synced into the folder are lost)', () => {
  it('keeps a change acknowledged in the log a start created: the new log is synced into the folder first', async () => {
    const dataDir = freshDir();
    const files = powerCutFiles(dataDir);
    const emulator = await start(dataDir, { kept: { files, compactAfterBytes: Number.MAX_SAFE_INTEGER } });
    await createWebhook(emulator.url, { name: 'kept' });
    powerCut(emulator, dataDir, files);
    const restarted = await start(dataDir);
    expect((await listed(restarted.url)).map((webhook) => webhook.name)).toEqual(['kept']);
  });

  it('keeps what a compaction covered: the snapshot is synced into the folder before the logs it covers go', async () => {
    const dataDir = freshDir();
    const files = powerCutFiles(dataDir);
    const emulator = await start(dataDir, { kept: { files, compactAfterBytes: 200 } });
    for (let index = 0; index < 4; index++) await createWebhook(emulator.url, { name: `s${index}` });
    await eventually(() => (named(dataDir, 'snapshot-').length > 0 && !named(dataDir, 'log-000001').length ? true : undefined));
    powerCut(emulator, dataDir, files);
    const restarted = await start(dataDir);
    expect((await listed(restarted.url)).map((webhook) => webhook.name).sort()).toEqual(['s0', 's1', 's2', 's3']);
  });
});

describe('a group refused part-way (item 2)', () => {
  it('is cut back to the last synced byte before its 503: a kill in the next second does not bring it back', async () => {
    const dataDir = freshDir();
    const files = new FillingFiles();
    const emulator = await start(dataDir, { kept: { files } });
    const kept = await createWebhook(emulator.url, { name: 'kept' });
    const log = join(dataDir, named(dataDir, 'log-').at(-1)!);
    const syncedBytes = statSync(log).size;
    files.full = true;
    files.fits = 60;
    const refused = await call(emulator.url, 'POST', '/v1/webhooks', { key: API_KEY, body: webhookBody({ name: 'refused' }) });
    expect(refused.status).toBe(503);
    expect(refused.body.message).toContain('nothing was changed');
    // Before the answer left: the 60 bytes that fit are gone again.
    expect(statSync(log).size).toBe(syncedBytes);
    kill(emulator, dataDir);
    const restarted = await start(dataDir);
    expect((await listed(restarted.url)).map((webhook) => webhook.name)).toEqual(['kept']);
    expect(kept.id).toBeDefined();
  });

  it('answers undecided (500, not 503) when what was written cannot be cut back, and close() cuts it back', async () => {
    const dataDir = freshDir();
    const files = new FillingFiles();
    const emulator = await start(dataDir, { kept: { files } });
    await createWebhook(emulator.url, { name: 'kept' });
    const log = join(dataDir, named(dataDir, 'log-').at(-1)!);
    const syncedBytes = statSync(log).size;
    // The group's sync fails, and so does the sync of its cut back.
    files.failSyncs = 2;
    const answer = await call(emulator.url, 'POST', '/v1/webhooks', { key: API_KEY, body: webhookBody({ name: 'undecided' }) });
    expect(answer.status).toBe(500);
    expect(answer.body.message).toMatch(/could not undo it: it is not applied now, and may be after a restart; read it back/);
    expect((await listed(emulator.url)).map((webhook) => webhook.name)).toEqual(['kept']);
    await stop(emulator);
    expect(statSync(log).size).toBe(syncedBytes);
    const restarted = await start(dataDir);
    expect((await listed(restarted.url)).map((webhook) => webhook.name)).toEqual(['kept']);
  });
});

/** A journal.jsonl of the earlier format: webhooks with the first ids `seed` makes, as that svc made them. */
function writeJournal(dataDir: string, seed: number, count: number, extra: Buffer[] = []): string[] {
  mkdirSync(dataDir, { recursive: true });
  const ids = new Prng(seed, 2);
  const line = (record: unknown) => encodeLine([Buffer.from(JSON.stringify(record))]);
  const made: string[] = [];
  const records = [line({ kind: 'svc-emulator-journal', format: 1 })];
  for (let index = 0; index < count; index++) {
    const id = ids.uuid();
    made.push(id);
    const webhook = {
      id,
      url: 'http://127.0.0.1:9/hook',
      chainId: '43114',
      status: 'active',
      createdAt: 1_700_000_000_000 + index,
      name: `old${index}`,
      description: '',
      eventType: 'address_activity',
      includeInternalTxs: false,
      includeLogs: false,
    };
    records.push(
      line({ op: 'webhook', webhook: { webhook, addresses: [FROM], eventSignatures: [], ownerKey: API_KEY }, ids: ids.words() }),
    );
  }
  writeFileSync(join(dataDir, 'journal.jsonl'), Buffer.concat([...records, ...extra]));
  return made;
}

/** A group whose sync fails, and whose cut back fails too: answered undecided, the bytes still in the log. */
async function undecidedGroup(files: FillingFiles, url: string, log: string, syncedBytes: number): Promise<void> {
  files.failSyncs = 1;
  files.failTruncates = 1;
  const answer = await call(url, 'POST', '/v1/webhooks', { key: API_KEY, body: webhookBody({ name: 'undecided' }) });
  expect(answer.status).toBe(500);
  expect(statSync(log).size).toBeGreaterThan(syncedBytes);
}

describe('a group that cannot be cut back at once (item 2)', () => {
  it('is cut back by a clean stop', async () => {
    const dataDir = freshDir();
    const files = new FillingFiles();
    const emulator = await start(dataDir, { kept: { files } });
    await createWebhook(emulator.url, { name: 'kept' });
    const log = join(dataDir, named(dataDir, 'log-').at(-1)!);
    const syncedBytes = statSync(log).size;
    await undecidedGroup(files, emulator.url, log, syncedBytes);
    await stop(emulator);
    expect(statSync(log).size).toBe(syncedBytes);
    const restarted = await start(dataDir);
    expect((await listed(restarted.url)).map((webhook) => webhook.name)).toEqual(['kept']);
  });

  it('is cut back by the recovery before a new log starts', async () => {
    const dataDir = freshDir();
    const files = new FillingFiles();
    const emulator = await start(dataDir, { kept: { files } });
    await createWebhook(emulator.url, { name: 'kept' });
    const log = join(dataDir, named(dataDir, 'log-').at(-1)!);
    const syncedBytes = statSync(log).size;
    await undecidedGroup(files, emulator.url, log, syncedBytes);
    // The recovery (a second later) cuts it back, then a new log takes the writes again.
    await eventually(async () => {
      const created = await call(emulator.url, 'POST', '/v1/webhooks', { key: API_KEY, body: webhookBody({ name: 'after' }) });
      return created.status === 201 ? true : undefined;
    }, 5_000);
    expect(named(dataDir, 'log-')).toHaveLength(2);
    expect(statSync(log).size).toBe(syncedBytes);
    kill(emulator, dataDir);
    const restarted = await start(dataDir);
    expect((await listed(restarted.url)).map((webhook) => webhook.name).sort()).toEqual(['after', 'kept']);
  });
});

describe('a folder of the earlier format (item 3)', () => {
  it('is read again while no snapshot holds it: a first snapshot that finds no room loses nothing over a kill', async () => {
    const dataDir = freshDir();
    const ids = writeJournal(dataDir, 42, 3);
    const files = new FillingFiles();
    files.refuseSnapshots = true;
    const warnings: string[] = [];
    const emulator = await start(dataDir, { kept: { files }, warnings });
    await eventually(() => (files.snapshotTries > 0 ? true : undefined));
    const added = await createWebhook(emulator.url, { name: 'new' });
    expect(existsSync(join(dataDir, 'journal.jsonl'))).toBe(true);
    kill(emulator, dataDir);
    let restarted = await start(dataDir);
    expect((await listed(restarted.url)).map((webhook) => webhook.id).sort()).toEqual([...ids, added.id].sort());
    // Once a snapshot holds it, the journal goes; the state stays.
    await eventually(() => (existsSync(join(dataDir, 'journal.jsonl')) ? undefined : true));
    await stop(restarted);
    restarted = await start(dataDir);
    expect((await listed(restarted.url)).map((webhook) => webhook.id).sort()).toEqual([...ids, added.id].sort());
  });

  it('never hands a new create an id the earlier svc gave, seeded; a create planned on a live id is refused', async () => {
    const dataDir = freshDir();
    const ids = writeJournal(dataDir, 42, 2);
    const emulator = await start(dataDir, { seed: 42 });
    const made = await createWebhook(emulator.url, { name: 'new', url: 'http://127.0.0.1:9/new' });
    expect(ids).not.toContain(made.id);
    const all = await listed(emulator.url);
    expect(all.map((webhook) => [webhook.name, webhook.url])).toEqual(
      expect.arrayContaining([
        ['old0', 'http://127.0.0.1:9/hook'],
        ['old1', 'http://127.0.0.1:9/hook'],
        ['new', 'http://127.0.0.1:9/new'],
      ]),
    );
    const { WebhookStore } = await import('../../src/emulator/webhooks/store.js');
    const store = new WebhookStore();
    const request = webhookBody() as any;
    for (const [kind, key, value] of store.planCreate(request, API_KEY, 'same', 1)) store.applyEntry(kind, key, value);
    expect(() => store.planCreate(request, 'another-key', 'same', 2)).toThrow(/the id of a live one \(same\)/);
  });

  it('refuses damage in the journal like damage in a log (naming it), and --repair sets the rest aside', async () => {
    const dataDir = freshDir();
    writeJournal(dataDir, 42, 4);
    const journal = join(dataDir, 'journal.jsonl');
    const data = readFileSync(journal);
    const starts = [0];
    for (let at = data.indexOf(0x0a); at >= 0 && at + 1 < data.length; at = data.indexOf(0x0a, at + 1)) starts.push(at + 1);
    const third = starts[3]!;
    data[third + 20] = data[third + 20]! ^ 0x02;
    writeFileSync(journal, data);
    await expect(start(dataDir)).rejects.toThrow(new RegExp(`${journal} is damaged at byte ${third}, with 1 whole records after it`));
    const warnings: string[] = [];
    const emulator = await start(dataDir, { repair: true, warnings });
    expect((await listed(emulator.url)).map((webhook) => webhook.name).sort()).toEqual(['old0', 'old1']);
    expect(warnings.join('\n')).toMatch(/set aside in .*set-aside-.*: the damaged record, 1 whole records/);
  });
});

describe('an acknowledged deactivation (item 4)', () => {
  it('stops a message made at the same moment: an injection while the deactivation waits for its sync notifies no one', async () => {
    const dataDir = freshDir();
    const receiver = await startReceiver();
    receivers.push(receiver);
    const files = new FillingFiles();
    const emulator = await start(dataDir, { kept: { files }, tuning: FAST_DELIVERY });
    const webhook = await createWebhook(emulator.url, { url: receiver.url });
    let release!: () => void;
    files.held = new Promise((resolve) => (release = resolve));
    const deactivated = call(emulator.url, 'DELETE', `/v1/webhooks/${webhook.id}`, { key: API_KEY });
    await new Promise((resolve) => setTimeout(resolve, 30));
    const injected = call(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId: '43114', from: FROM } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    files.held = undefined;
    release();
    expect((await deactivated).status).toBe(200);
    const injection = await injected;
    expect(injection.status).toBe(201);
    expect(injection.body.messageIds).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.requests).toEqual([]);
    expect((await call(emulator.url, 'GET', '/_emulator/deliveries')).body.deliveries).toEqual([]);
  });
});

/** A folder with webhooks created over `logs` starts (a log each), compaction off. */
async function folderOfLogs(logs: number): Promise<{ dataDir: string; names: string[] }> {
  const dataDir = freshDir();
  const names: string[] = [];
  for (let index = 0; index < logs; index++) {
    const emulator = await start(dataDir, { kept: { compactAfterBytes: Number.MAX_SAFE_INTEGER } });
    for (let made = 0; made < 2; made++) {
      const name = `w${index}-${made}`;
      await createWebhook(emulator.url, { name, metadata: { addresses: [FROM, '0x' + String(index).repeat(40).slice(0, 40)] } });
      names.push(name);
    }
    await stop(emulator);
  }
  return { dataDir, names };
}

describe('snapshots, gaps and damage before later logs (item 6)', () => {
  it('refuses a snapshot with a flipped byte in its last line, or cut short, and a missing snapshot or log', async () => {
    const dataDir = freshDir();
    let emulator = await start(dataDir, { kept: { compactAfterBytes: 200 } });
    for (let index = 0; index < 4; index++) await createWebhook(emulator.url, { name: `s${index}` });
    await eventually(() => (named(dataDir, 'snapshot-').length > 0 ? true : undefined));
    await stop(emulator);
    const snapshot = join(dataDir, named(dataDir, 'snapshot-').at(-1)!);
    const whole = readFileSync(snapshot);
    const flipped = Buffer.from(whole);
    flipped[flipped.length - 5] = flipped[flipped.length - 5]! ^ 0x01;
    writeFileSync(snapshot, flipped);
    await expect(start(dataDir)).rejects.toThrow(new RegExp(`${snapshot} is cut short at byte \\d+ \\(a snapshot is synced whole`));
    writeFileSync(snapshot, whole.subarray(0, whole.length - 3));
    await expect(start(dataDir)).rejects.toThrow(/is cut short at byte/);
    writeFileSync(snapshot, whole);
    emulator = await start(dataDir);
    expect(await listed(emulator.url)).toHaveLength(4);
    await stop(emulator);
    rmSync(snapshot);
    await expect(start(dataDir)).rejects.toThrow(new RegExp(`${snapshot.replace(/\d{6}\.jsonl$/, '')}\\d{6}\\.jsonl is missing`));

    const { dataDir: logsDir } = await folderOfLogs(3);
    rmSync(join(logsDir, 'log-000002.jsonl'));
    await expect(start(logsDir)).rejects.toThrow(`${join(logsDir, 'log-000002.jsonl')} is missing`);
  });

  it('--repair of damage in a log that is not the last sets the later logs aside too, and says what it dropped', async () => {
    const { dataDir, names } = await folderOfLogs(3);
    const first = join(dataDir, 'log-000001.jsonl');
    const data = readFileSync(first);
    const starts = [0];
    for (let at = data.indexOf(0x0a); at >= 0 && at + 1 < data.length; at = data.indexOf(0x0a, at + 1)) starts.push(at + 1);
    // The second line is the start count; the third, the first webhook; the fourth, the second.
    const damaged = starts[3]!;
    data[damaged + 40] = data[damaged + 40]! ^ 0x04;
    writeFileSync(first, data);
    await expect(start(dataDir)).rejects.toThrow(/with the 2 files after it, in a folder beside it/);
    const warnings: string[] = [];
    const emulator = await start(dataDir, { repair: true, warnings });
    // The state after the first webhook: one the emulator passed through, every webhook whole.
    const kept = await listed(emulator.url);
    expect(kept.map((webhook) => webhook.name)).toEqual([names[0]]);
    for (const webhook of kept) expect(webhook.metadata.addresses.length).toBeGreaterThan(0);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /the damaged record, \d+ whole records \(2 files after it among them\), touching .*webhooks .* may have lost changes/,
    );
    const aside = named(dataDir, 'set-aside-');
    expect(aside).toHaveLength(1);
    expect(readdirSync(join(dataDir, aside[0]!)).sort()).toEqual([
      `log-000001.jsonl.from-byte-${damaged}`,
      'log-000002.jsonl',
      'log-000003.jsonl',
    ]);
  });

  it('after a clean stop or a kill, an attempt that was under way is recorded, and the next one is numbered after it', async () => {
    const dataDir = freshDir();
    const receiver = await startReceiver();
    receivers.push(receiver);
    receiver.respond = () => 'hang';
    const patient = { ...FAST_DELIVERY, attemptTimeoutMs: 30_000, retryDelayMs: () => 60_000 };
    let emulator = await start(dataDir, { tuning: patient });
    await createWebhook(emulator.url, { url: receiver.url });
    const injected = await call(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId: '43114', from: FROM } });
    const [messageId] = injected.body.messageIds;
    await receiver.until(() => (receiver.requests.length === 1 ? true : undefined));
    await stop(emulator);
    receiver.respond = () => 200;
    emulator = await start(dataDir, { tuning: FAST_DELIVERY });
    await receiver.waitFor(1);
    const detail = await eventually(async () => {
      const body = (await call(emulator.url, 'GET', `/_emulator/deliveries/${messageId}`)).body;
      return body.delivery.state === 'delivered' ? body : undefined;
    });
    expect(detail.attempts.map((each: any) => [each.number, each.status])).toEqual([
      [1, null],
      [2, 200],
    ]);
    expect(detail.attempts[0].errorMessage).toBe('the emulator stopped during this attempt: the receiver may have got it');
    expect(receiver.requests).toHaveLength(2);
  });

  it('backs off compaction on a disk with no room for a snapshot, and leaves few logs behind', async () => {
    const dataDir = freshDir();
    const files = new FillingFiles();
    files.refuseSnapshots = true;
    const warnings: string[] = [];
    const emulator = await start(dataDir, { kept: { files, compactAfterBytes: 300 }, warnings });
    for (let index = 0; index < 40; index++) await createWebhook(emulator.url, { name: `b${index}` });
    // Without a pause every write past the threshold would try one (and start a log for it).
    expect(files.snapshotTries).toBeLessThanOrEqual(2);
    expect(named(dataDir, 'log-').length).toBeLessThanOrEqual(3);
    expect(warnings.filter((line) => line.includes('could not write a snapshot')).length).toBe(files.snapshotTries);
  });

  it('refuses a FIFO named like a log at once', async () => {
    const dataDir = freshDir();
    mkdirSync(dataDir, { recursive: true });
    execFileSync('mkfifo', [join(dataDir, 'log-000001.jsonl')]);
    await expect(start(dataDir)).rejects.toThrow(`${join(dataDir, 'log-000001.jsonl')} is not a regular file`);
  });

  it('takes over a lock of the earlier format whose pid now runs a process started after it was written', async () => {
    const dataDir = freshDir();
    mkdirSync(dataDir, { recursive: true });
    const lock = join(dataDir, 'emulator.lock');
    // This very process: alive, but started long after 2001.
    writeFileSync(lock, JSON.stringify({ pid: process.pid, url: 'http://127.0.0.1:9' }) + '\n');
    utimesSync(lock, new Date('2001-01-01'), new Date('2001-01-01'));
    const emulator = await start(dataDir);
    expect(JSON.parse(readFileSync(lock, 'utf8')).url).toBe(emulator.url);
    await stop(emulator);
    // Written after this process started: it may be this process's, and the folder stays refused.
    writeFileSync(lock, JSON.stringify({ pid: process.pid, url: 'http://127.0.0.1:9' }) + '\n');
    await expect(start(dataDir)).rejects.toThrow(/is in use by the emulator at http:\/\/127\.0\.0\.1:9/);
  });

  it('creates no data folder when its port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as AddressInfo).port;
    const dataDir = freshDir();
    try {
      await expect(start(dataDir, { port })).rejects.toThrow(/EADDRINUSE/);
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      blocker.close();
    }
  });
});
