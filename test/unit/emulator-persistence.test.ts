// The emulator's data directory in-process: the journal's format and group commit, damaged and foreign folders,
// a full disk, and what survives a restart.
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeRecord, Journal, NODE_FILES, readJournal } from '../../src/emulator/journal.js';
import type { JournalFiles } from '../../src/emulator/journal.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { startEmulatorServer } from '../../src/emulator/server.js';
import { API_KEY, call, FAST_DELIVERY, testOptions, webhookBody } from '../helpers/emulator-helpers.js';

const running: RunningEmulator[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((emulator) => emulator.close()));
});

function freshDir(): string {
  return join(mkdtempSync(join(tmpdir(), 'svc-data-')), 'data');
}

/** Retries a minute apart: a message refused once is still pending when the test restarts the emulator. */
const SLOW_RETRIES = { ...FAST_DELIVERY, retryDelayMs: () => 60_000 };

async function start(dataDir: string, files?: JournalFiles, warnings: string[] = []): Promise<RunningEmulator> {
  const emulator = await startEmulatorServer(testOptions({ dataDir, warn: (line) => warnings.push(line) }), SLOW_RETRIES, files);
  running.push(emulator);
  return emulator;
}

async function restart(emulator: RunningEmulator, dataDir: string, warnings?: string[]): Promise<RunningEmulator> {
  await emulator.close();
  running.splice(running.indexOf(emulator), 1);
  return start(dataDir, undefined, warnings);
}

async function createWebhook(url: string, overrides: Record<string, unknown> = {}): Promise<any> {
  const created = await call(url, 'POST', '/v1/webhooks', { key: API_KEY, body: webhookBody(overrides) });
  expect(created.status).toBe(201);
  return created.body;
}

describe('journal', () => {
  it('reads back what was appended, and syncs concurrent appends together', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'svc-journal-')), 'journal.jsonl');
    let syncs = 0;
    const counting: JournalFiles = { write: NODE_FILES.write, sync: (handle) => (syncs++, NODE_FILES.sync(handle)) };
    const journal = await Journal.open(file, undefined, counting);
    const syncsAtStart = syncs;
    const seqs = Array.from({ length: 50 }, (_, index) => journal.append({ index }));
    await Promise.all(seqs.map((seq) => journal.whenDurable(seq)));
    // The first append starts a write; the 49 queued behind it share the next sync.
    expect(syncs - syncsAtStart).toBeLessThanOrEqual(2);
    await journal.close();
    const contents = await readJournal(file);
    expect(contents!.records).toEqual(Array.from({ length: 50 }, (_, index) => ({ index })));
    expect(contents!.droppedBytes).toBe(0);
  });

  it('compacts to a snapshot of the state as it is when the compaction starts, and appends after it', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'svc-journal-')), 'journal.jsonl');
    const journal = await Journal.open(file, undefined);
    // The state the records describe, as the emulator's memory is: a snapshot reads it when the compaction starts.
    const state: unknown[] = [];
    const change = (n: unknown) => {
      state.push(n);
      return journal.append({ n });
    };
    const seqs = Array.from({ length: 100 }, (_, n) => change(n));
    const compacted = journal.compact(() => [{ all: [...state] }]);
    // Made before the compaction starts (the first write is still running): in the snapshot, not after it.
    seqs.push(change('before'));
    await compacted;
    await Promise.all(seqs.map((seq) => journal.whenDurable(seq)));
    await journal.whenDurable(change('after'));
    await journal.close();
    expect((await readJournal(file))!.records).toEqual([{ all: [...Array.from({ length: 100 }, (_, n) => n), 'before'] }, { n: 'after' }]);
  });

  it('drops a last record cut short, or damaged, and keeps every whole one', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'svc-journal-')), 'journal.jsonl');
    const journal = await Journal.open(file, undefined);
    await journal.whenDurable(journal.append({ n: 1 }));
    await journal.close();
    const whole = readFileSync(file).length;
    appendFileSync(file, encodeRecord({ n: 2 }).subarray(0, 10));
    expect(await readJournal(file)).toEqual({ records: [{ n: 1 }], droppedBytes: 10, validBytes: whole });
    // Same length, other bytes: the checksum tells.
    writeFileSync(
      file,
      Buffer.concat([readFileSync(file).subarray(0, whole), Buffer.from(encodeRecord({ n: 3 }).toString().replace('3}', '4}'))]),
    );
    expect((await readJournal(file))!.records).toEqual([{ n: 1 }]);
  });
});

describe('emulator --data-dir', () => {
  it('keeps webhooks, addresses, changes, secrets, injected transactions and pending retries across a restart', async () => {
    const dataDir = freshDir();
    let emulator = await start(dataDir);
    const kept = await createWebhook(emulator.url, { name: 'kept' });
    const changed = await createWebhook(emulator.url, { name: 'before' });
    const off = await createWebhook(emulator.url, { name: 'off' });
    const added = '0x2222222222222222222222222222222222222222';
    expect(
      (await call(emulator.url, 'PATCH', `/v1/webhooks/${kept.id}/addresses`, { key: API_KEY, body: { addresses: [added] } })).status,
    ).toBe(200);
    expect((await call(emulator.url, 'PATCH', `/v1/webhooks/${changed.id}`, { key: API_KEY, body: { name: 'after' } })).status).toBe(200);
    expect((await call(emulator.url, 'DELETE', `/v1/webhooks/${off.id}`, { key: API_KEY })).status).toBe(200);
    const rotated = await call(emulator.url, 'POST', '/v1/webhooks:generateOrRotateSharedSecret', { key: API_KEY });
    expect(rotated.status).toBe(201);
    // The receiver (port 9, discard) refuses: the message stays pending, to be retried.
    const injected = await call(emulator.url, 'POST', '/_emulator/transactions', {
      body: { chainId: '43114', from: '0x1111111111111111111111111111111111111111', to: '0x3333333333333333333333333333333333333333' },
    });
    expect(injected.status).toBe(201);
    // One message for each active webhook watching the sender.
    expect(injected.body.messageIds).toHaveLength(2);
    const before = await call(emulator.url, 'GET', '/v1/webhooks', { key: API_KEY });

    emulator = await restart(emulator, dataDir);
    const after = await call(emulator.url, 'GET', '/v1/webhooks', { key: API_KEY });
    expect(after.body).toEqual(before.body);
    expect(after.body.webhooks.map((webhook: any) => [webhook.name, webhook.status])).toEqual([
      ['off', 'inactive'],
      ['after', 'active'],
      ['kept', 'active'],
    ]);
    expect(after.body.webhooks[2].metadata.addresses).toContain(added);
    expect((await call(emulator.url, 'GET', '/v1/webhooks:getSharedSecret', { key: API_KEY })).body.secret).toBe(rotated.body.secret);
    const listed = await call(emulator.url, 'GET', '/v1/transactions?pageSize=100');
    expect(listed.body.transactions.map((tx: any) => tx.txHash)).toContain(injected.body.txHash);
    const deliveries = await call(emulator.url, 'GET', '/_emulator/deliveries');
    expect(deliveries.body.deliveries.map((record: any) => record.messageId).sort()).toEqual([...injected.body.messageIds].sort());
    expect(deliveries.body.deliveries.map((record: any) => record.state)).toEqual(['retrying', 'retrying']);
    const status = await call(emulator.url, 'GET', '/_emulator/status');
    expect(status.body).toMatchObject({ webhooks: 3, dataDir });
    // The address index, built on first use after a restart, matches as before it: both active webhooks watch the
    // sender, only "kept" the address added to it, and the deactivated one nothing.
    const inject = (from: string) =>
      call(emulator.url, 'POST', '/_emulator/transactions', {
        body: { chainId: '43114', from, to: '0x3333333333333333333333333333333333333333' },
      });
    expect((await inject('0x1111111111111111111111111111111111111111')).body.messageIds).toHaveLength(2);
    expect((await inject(added)).body.messageIds).toHaveLength(1);
    // New ids do not repeat the ones made before the restart (the id sequence goes on).
    const next = await createWebhook(emulator.url);
    expect([kept.id, changed.id, off.id]).not.toContain(next.id);
  });

  it('drops a torn last record with one warning, and goes on appending after the whole ones', async () => {
    const dataDir = freshDir();
    let emulator = await start(dataDir);
    const first = await createWebhook(emulator.url);
    await emulator.close();
    running.pop();
    appendFileSync(join(dataDir, 'journal.jsonl'), '812 0123abcd {"op":"webhook","webh');
    const warnings: string[] = [];
    emulator = await start(dataDir, undefined, warnings);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/last 34 bytes are not a whole record .*dropped/);
    const second = await createWebhook(emulator.url);
    emulator = await restart(emulator, dataDir, warnings);
    expect(warnings).toHaveLength(1);
    const ids = (await call(emulator.url, 'GET', '/v1/webhooks', { key: API_KEY })).body.webhooks.map((webhook: any) => webhook.id);
    expect(ids).toEqual([second.id, first.id]);
  });

  it('refuses a folder that is a file, a journal of a newer format, another file, and a folder in use', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'svc-data-'));
    const file = join(parent, 'file');
    writeFileSync(file, 'x');
    await expect(start(file)).rejects.toThrow(`--data-dir ${file}: is a file, not a folder`);

    // The folders hold only the journal written here, as a folder an emulator ran on and closed does (its lock goes
    // with it): written directly, without starting and closing one for each (~0.15 CPU-s a start).
    const newer = freshDir();
    mkdirSync(newer, { recursive: true });
    writeFileSync(join(newer, 'journal.jsonl'), encodeRecord({ kind: 'svc-emulator-journal', format: 2 }));
    await expect(start(newer)).rejects.toThrow(/is of a newer format \(2; this svc reads 1\)/);

    const foreign = freshDir();
    mkdirSync(foreign, { recursive: true });
    writeFileSync(join(foreign, 'journal.jsonl'), 'hello\n');
    await expect(start(foreign)).rejects.toThrow(/is not an emulator journal/);

    // A journal that cannot be read (here a folder in its place; permissions do not stop a root user).
    const unreadable = freshDir();
    mkdirSync(join(unreadable, 'journal.jsonl'), { recursive: true });
    await expect(start(unreadable)).rejects.toThrow(`--data-dir ${unreadable}: cannot read ${join(unreadable, 'journal.jsonl')} (EISDIR)`);

    const shared = freshDir();
    const first = await start(shared);
    await expect(start(shared)).rejects.toThrow(`--data-dir ${shared} is in use by the emulator at ${first.url} (pid ${process.pid})`);
  });

  it('answers a write 503 while the disk is full, keeps serving reads, and keeps writes again once there is room', async () => {
    const dataDir = freshDir();
    let full = false;
    const filling: JournalFiles = {
      write: (handle, data) => {
        if (!full) return NODE_FILES.write(handle, data);
        const error: NodeJS.ErrnoException = new Error('ENOSPC: no space left on device, write');
        error.code = 'ENOSPC';
        return Promise.reject(error);
      },
      sync: NODE_FILES.sync,
    };
    let emulator = await start(dataDir, filling);
    const kept = await createWebhook(emulator.url);
    full = true;
    const refused = await call(emulator.url, 'POST', '/v1/webhooks', { key: API_KEY, body: webhookBody() });
    expect(refused.status).toBe(503);
    expect(refused.body.message).toContain('the disk is full');
    const again = await call(emulator.url, 'POST', '/v1/webhooks', { key: API_KEY, body: webhookBody() });
    expect(again.status).toBe(503);
    const read = await call(emulator.url, 'GET', `/v1/webhooks/${kept.id}`, { key: API_KEY });
    expect(read.status).toBe(200);
    full = false;
    // The first write a second after the failure goes through a compaction that writes the journal anew: the clock
    // (Date only; timers, sockets and the disk stay real) is moved on by that second rather than waited out.
    vi.useFakeTimers({ toFake: ['Date'] });
    let later: any;
    try {
      vi.setSystemTime(Date.now() + 1_100);
      later = await createWebhook(emulator.url, { name: 'later' });
    } finally {
      vi.useRealTimers();
    }
    emulator = await restart(emulator, dataDir);
    const ids = (await call(emulator.url, 'GET', '/v1/webhooks', { key: API_KEY })).body.webhooks.map((webhook: any) => webhook.id);
    expect(ids).toContain(kept.id);
    expect(ids).toContain(later.id);
  });
});
