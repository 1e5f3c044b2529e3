// The emulator's data directory in-process: its files (lines, torn tails, damage), group commit, what survives a
// restart and an abandoned process, a full disk that leaves no trace, compaction under concurrent writes, ids never
// made twice, attempts numbered one at a time, and a data directory of the earlier format.
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeEntries, encodeHeader, encodeLine, scanFile } from '../../src/emulator/kept/record-file.js';
import { NODE_FILES } from '../../src/emulator/kept/data-dir.js';
import type { KeptFiles } from '../../src/emulator/kept/data-dir.js';
import type { EmulatorServer, KeptStateTuning } from '../../src/emulator/server.js';
import { startEmulatorServer } from '../../src/emulator/server.js';
import type { DeliveryTuning } from '../../src/emulator/deliveries/queue.js';
import {
  API_KEY,
  call,
  eventually,
  FAST_DELIVERY,
  SHORT_HISTORY,
  startReceiver,
  testOptions,
  webhookBody,
} from '../helpers/emulator-helpers.js';
import type { Receiver } from '../helpers/emulator-helpers.js';

const running: EmulatorServer[] = [];
const receivers: Receiver[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((emulator) => emulator.close()));
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

function freshDir(): string {
  return join(mkdtempSync(join(tmpdir(), 'svc-data-')), 'data');
}

/** Retries a minute apart: a message refused once is still pending when the test restarts the emulator. */
const SLOW_RETRIES: DeliveryTuning = { ...FAST_DELIVERY, retryDelayMs: () => 60_000 };

interface StartOptions {
  warnings?: string[];
  kept?: KeptStateTuning;
  tuning?: DeliveryTuning;
  repair?: boolean;
  seed?: number;
}

async function start(dataDir: string, options: StartOptions = {}): Promise<EmulatorServer> {
  const warnings = options.warnings ?? [];
  const emulator = await startEmulatorServer(
    testOptions({
      dataDir,
      warn: (line) => warnings.push(line),
      repair: options.repair,
      seed: options.seed ?? 42,
      // What these tests keep is what they add to the history (webhooks, injections, attempts).
      ...SHORT_HISTORY,
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

/** As `kill -9` leaves the folder: nothing more written; the lock names a process that no longer runs it. */
function kill(emulator: EmulatorServer, dataDir: string): void {
  running.splice(running.indexOf(emulator), 1);
  emulator.abandon();
  rmSync(join(dataDir, 'emulator.lock'), { force: true });
}

async function createWebhook(url: string, overrides: Record<string, unknown> = {}): Promise<any> {
  const created = await call(url, 'POST', '/v1/webhooks', { key: API_KEY, body: webhookBody(overrides) });
  expect(created.status).toBe(201);
  return created.body;
}

async function listIds(url: string): Promise<string[]> {
  const ids: string[] = [];
  let token = '';
  for (;;) {
    const page = await call(url, 'GET', `/v1/webhooks?pageSize=7${token ? `&pageToken=${token}` : ''}`, { key: API_KEY });
    ids.push(...page.body.webhooks.map((webhook: any) => webhook.id));
    if (!page.body.nextPageToken) return ids;
    token = page.body.nextPageToken;
  }
}

function files(dataDir: string, prefix: string): string[] {
  return readdirSync(dataDir)
    .filter((name) => name.startsWith(prefix))
    .sort();
}

const FROM = '0x1111111111111111111111111111111111111111';
const TO = '0x3333333333333333333333333333333333333333';

describe('data files', () => {
  const header = encodeHeader({ kind: 'svc-emulator-log', format: 2, number: 1 });
  const one = encodeEntries([['k', 'a', { n: 1 }]]);
  const two = encodeEntries([
    ['k', 'b', 2],
    ['k', 'a', null],
  ]);

  it('reads whole lines, and drops a last line cut short', () => {
    const whole = Buffer.concat([header, one, two]);
    expect(scanFile(whole, 'f').lines.map((line) => JSON.parse(line.toString()))).toEqual([
      [['k', 'a', { n: 1 }]],
      [
        ['k', 'b', 2],
        ['k', 'a', null],
      ],
    ]);
    const torn = Buffer.concat([header, one, two.subarray(0, 9)]);
    expect(scanFile(torn, 'f')).toMatchObject({ validBytes: header.length + one.length, tornBytes: 9 });
    expect(scanFile(torn, 'f').damage).toBeUndefined();
  });

  it('tells a damaged line with whole lines after it from a torn tail, whatever byte is flipped', () => {
    const whole = Buffer.concat([header, one, two, encodeEntries([['k', 'c', 3]])]);
    for (let at = header.length; at < header.length + one.length; at++) {
      const flipped = Buffer.from(whole);
      flipped[at] = flipped[at]! ^ 0x20;
      const scanned = scanFile(flipped, 'f');
      // A flipped newline joins the line to the next: one whole line is left after it then.
      expect(scanned.damage, `byte ${at}`).toEqual({
        offset: header.length,
        wholeLinesAfter: at === header.length + one.length - 1 ? 1 : 2,
      });
    }
  });

  it('takes a file cut inside its header as empty, and refuses one that is no data file', () => {
    expect(scanFile(Buffer.alloc(0), 'f')).toMatchObject({ header: undefined, lines: [] });
    expect(scanFile(header.subarray(0, 7), 'f')).toMatchObject({ header: undefined, lines: [], tornBytes: 7 });
    expect(() => scanFile(Buffer.from('hello\n'), 'f')).toThrow('f is not an emulator data file');
    expect(() => scanFile(encodeLine([Buffer.from('{"kind":"other"}')]), 'f')).toThrow('f is not an emulator data file');
  });
});

describe('emulator --data-dir', () => {
  it('syncs concurrent changes together', async () => {
    const dataDir = freshDir();
    let syncs = 0;
    // A slow disk: every sync takes 100 ms, and what comes meanwhile waits for the next.
    const counting: KeptFiles = {
      write: NODE_FILES.write,
      sync: async (handle) => {
        syncs++;
        await new Promise((resolve) => setTimeout(resolve, 100));
        return NODE_FILES.sync(handle);
      },
      truncate: NODE_FILES.truncate,
      syncFolder: NODE_FILES.syncFolder,
    };
    const emulator = await start(dataDir, { kept: { files: counting } });
    const before = syncs;
    await Promise.all(Array.from({ length: 40 }, () => createWebhook(emulator.url)));
    // The first change starts a write; those that come while it syncs share the next ones.
    expect(syncs - before).toBeLessThanOrEqual(10);
    expect(await listIds(emulator.url)).toHaveLength(40);
  });

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
    const injected = await call(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId: '43114', from: FROM, to: TO } });
    expect(injected.status).toBe(201);
    expect(injected.body.messageIds).toHaveLength(2);
    const before = await call(emulator.url, 'GET', '/v1/webhooks', { key: API_KEY });

    await stop(emulator);
    emulator = await start(dataDir);
    const after = await call(emulator.url, 'GET', '/v1/webhooks', { key: API_KEY });
    expect(after.body).toEqual(before.body);
    expect(after.body.webhooks.map((webhook: any) => [webhook.name, webhook.status])).toEqual([
      ['off', 'inactive'],
      ['after', 'active'],
      ['kept', 'active'],
    ]);
    expect((await call(emulator.url, 'GET', '/v1/webhooks:getSharedSecret', { key: API_KEY })).body.secret).toBe(rotated.body.secret);
    const listed = await call(emulator.url, 'GET', '/v1/transactions?pageSize=100');
    expect(listed.body.transactions.map((tx: any) => tx.txHash)).toContain(injected.body.txHash);
    const deliveries = await call(emulator.url, 'GET', '/_emulator/deliveries');
    expect(deliveries.body.deliveries.map((record: any) => record.messageId).sort()).toEqual([...injected.body.messageIds].sort());
    expect(deliveries.body.deliveries.map((record: any) => record.state)).toEqual(['retrying', 'retrying']);
    expect((await call(emulator.url, 'GET', '/_emulator/status')).body).toMatchObject({ webhooks: 3, dataDir });
    // The address index, built on first use after a restart, matches as before it.
    const inject = (from: string) => call(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId: '43114', from, to: TO } });
    expect((await inject(FROM)).body.messageIds).toHaveLength(2);
    expect((await inject(added)).body.messageIds).toHaveLength(1);
  });

  it('answers a write 503 while the disk is full, leaving no trace of it, serves reads, and takes writes again once there is room', async () => {
    const dataDir = freshDir();
    let full = false;
    const filling: KeptFiles = {
      write: (handle, data) => {
        if (!full) return NODE_FILES.write(handle, data);
        const error: NodeJS.ErrnoException = new Error('ENOSPC: no space left on device, write');
        error.code = 'ENOSPC';
        return Promise.reject(error);
      },
      sync: NODE_FILES.sync,
      truncate: NODE_FILES.truncate,
      syncFolder: NODE_FILES.syncFolder,
    };
    let emulator = await start(dataDir, { kept: { files: filling } });
    const kept = await createWebhook(emulator.url);
    full = true;
    const refused = await call(emulator.url, 'POST', '/v1/webhooks', { key: API_KEY, body: webhookBody({ name: 'refused' }) });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body.message).toContain('the disk is full');
    expect(refused.body.message).toContain('nothing was changed');
    // Refused at once while the disk fails, and nothing of either is listed.
    const again = await call(emulator.url, 'PATCH', `/v1/webhooks/${kept.id}`, { key: API_KEY, body: { name: 'refused too' } });
    expect(again.status).toBe(503);
    expect(await listIds(emulator.url)).toEqual([kept.id]);
    expect((await call(emulator.url, 'GET', `/v1/webhooks/${kept.id}`, { key: API_KEY })).body.name).toBe('');
    full = false;
    // Recovery is tried every second in the background; the retry the 503 invites then goes through.
    const later = await eventually(async () => {
      const created = await call(emulator.url, 'POST', '/v1/webhooks', { key: API_KEY, body: webhookBody({ name: 'later' }) });
      return created.status === 201 ? created.body : undefined;
    });
    await stop(emulator);
    emulator = await start(dataDir);
    expect((await listIds(emulator.url)).sort()).toEqual([kept.id, later.id].sort());
  });

  it('drops a torn last record with one warning, and starts empty from a log cut inside its header', async () => {
    const dataDir = freshDir();
    let emulator = await start(dataDir);
    const first = await createWebhook(emulator.url);
    await stop(emulator);
    const log = join(dataDir, files(dataDir, 'log-').at(-1)!);
    appendFileSync(log, '812 0123abcd [["webhook","0f');
    const warnings: string[] = [];
    emulator = await start(dataDir, { warnings });
    expect(warnings).toEqual([
      expect.stringMatching(/last 28 bytes are not a whole record .*dropped; every acknowledged change before it is kept/),
    ]);
    expect(await listIds(emulator.url)).toEqual([first.id]);
    await stop(emulator);
    // Cut off in the file too: that log is not the last one now, where a torn end would be refused as damage.
    const again: string[] = [];
    emulator = await start(dataDir, { warnings: again });
    expect(again).toEqual([]);
    expect(await listIds(emulator.url)).toEqual([first.id]);
    await stop(emulator);
    // A crash between creating a log and writing its header: 0 bytes, or part of the header.
    const empty = freshDir();
    mkdirSync(empty, { recursive: true });
    writeFileSync(join(empty, 'log-000001.jsonl'), '');
    writeFileSync(join(empty, 'log-000002.jsonl'), encodeHeader({ kind: 'svc-emulator-log', format: 2, number: 2 }).subarray(0, 12));
    emulator = await start(empty);
    expect(await listIds(emulator.url)).toEqual([]);
    await createWebhook(emulator.url);
  });

  it('refuses a log damaged before its last record, naming the offset, and --repair sets the rest aside', async () => {
    const dataDir = freshDir();
    let emulator = await start(dataDir);
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await createWebhook(emulator.url, { name: `n${i}` })).id);
    await stop(emulator);
    const log = join(dataDir, files(dataDir, 'log-').at(-1)!);
    const data = readFileSync(log);
    // A byte of the third webhook's record flipped (each line is one change).
    const lineStarts = [0];
    for (let at = data.indexOf(0x0a); at >= 0 && at + 1 < data.length; at = data.indexOf(0x0a, at + 1)) lineStarts.push(at + 1);
    const third = lineStarts[lineStarts.length - 3]!;
    data[third + 30] = data[third + 30]! ^ 0x01;
    writeFileSync(log, data);
    // The last log: a power cut can leave unsynced pages out of order there, and the refusal says so.
    await expect(start(dataDir)).rejects.toThrow(
      new RegExp(
        `${log} is damaged at byte ${third}, with 2 whole records after it\\. If the machine lost power .* nothing acknowledged is at risk.* start with --repair to keep the ${third} bytes before it`,
      ),
    );
    const warnings: string[] = [];
    emulator = await start(dataDir, { warnings, repair: true });
    expect(warnings).toEqual([
      expect.stringMatching(
        new RegExp(
          `${log}: damaged at byte ${third}.*; set aside in ${dataDir}/set-aside-[^:]+: the damaged record, 2 whole records, touching 2 webhooks`,
        ),
      ),
    ]);
    expect((await listIds(emulator.url)).sort()).toEqual(ids.slice(0, 2).sort());
    const folder = readdirSync(dataDir).find((name) => name.startsWith('set-aside-'))!;
    expect(readdirSync(join(dataDir, folder))).toEqual([`${files(dataDir, 'log-')[0]}.from-byte-${third}`]);
    expect(statSync(join(dataDir, folder, readdirSync(join(dataDir, folder))[0]!)).size).toBe(data.length - third);
  });

  it('refuses a folder that is a file, a log of a newer format, another file, an unreadable log, and a folder in use', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'svc-data-'));
    const file = join(parent, 'file');
    writeFileSync(file, 'x');
    await expect(start(file)).rejects.toThrow(`--data-dir ${file}: is a file, not a folder`);
    const newer = freshDir();
    mkdirSync(newer, { recursive: true });
    writeFileSync(join(newer, 'log-000001.jsonl'), encodeHeader({ kind: 'svc-emulator-log', format: 3, number: 1 }));
    await expect(start(newer)).rejects.toThrow(/is of a newer format \(3; this svc reads 2\)/);
    const foreign = freshDir();
    mkdirSync(foreign, { recursive: true });
    writeFileSync(join(foreign, 'log-000001.jsonl'), 'hello\n');
    await expect(start(foreign)).rejects.toThrow(/is not an emulator data file/);
    const unreadable = freshDir();
    mkdirSync(join(unreadable, 'log-000001.jsonl'), { recursive: true });
    await expect(start(unreadable)).rejects.toThrow(
      `--data-dir ${unreadable}: ${join(unreadable, 'log-000001.jsonl')} is not a regular file: move it away`,
    );
    const shared = freshDir();
    const first = await start(shared);
    await expect(start(shared)).rejects.toThrow(`--data-dir ${shared} is in use by the emulator at ${first.url} (pid ${process.pid})`);
  });

  it('lists each webhook and injected transaction once after compactions that ran while 8 clients created them', async () => {
    const dataDir = freshDir();
    // Compacted every few kilobytes: dozens of compactions, each while creates and injections go on.
    let emulator = await start(dataDir, { kept: { compactAfterBytes: 4_096 } });
    const created: string[] = [];
    const hashes: string[] = [];
    const addresses = Array.from({ length: 60 }, (_, i) => '0x' + (i + 1).toString(16).padStart(40, '0'));
    await Promise.all(
      Array.from({ length: 8 }, async (_, client) => {
        for (let i = 0; i < 12; i++) {
          created.push((await createWebhook(emulator.url, { name: `c${client}`, metadata: { addresses } })).id);
          const injected = await call(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId: '43113', from: FROM, to: TO } });
          hashes.push(injected.body.txHash);
        }
      }),
    );
    expect(files(dataDir, 'snapshot-').length).toBeGreaterThan(0);
    await stop(emulator);
    emulator = await start(dataDir);
    const listed = await listIds(emulator.url);
    expect(listed.length).toBe(new Set(listed).size);
    expect(listed.sort()).toEqual(created.sort());
    const txs = (await call(emulator.url, 'GET', '/v1/transactions?pageSize=100&network=testnet')).body.transactions.map(
      (tx: any) => tx.txHash,
    );
    for (const hash of hashes) expect(txs.filter((listedHash: string) => listedHash === hash)).toHaveLength(1);
  });

  it('never makes a webhook id, message id or transaction hash twice, seeded, over restarts and kills', async () => {
    const dataDir = freshDir();
    const receiver = await startReceiver();
    receivers.push(receiver);
    const seen = { webhooks: new Set<string>(), messages: new Set<string>(), hashes: new Set<string>(), blocks: new Set<string>() };
    for (let round = 0; round < 4; round++) {
      const emulator = await start(dataDir, { seed: 7, tuning: FAST_DELIVERY });
      const webhook = await createWebhook(emulator.url, { url: receiver.url, metadata: { addresses: [FROM] } });
      expect(seen.webhooks.has(webhook.id), `round ${round}: webhook id`).toBe(false);
      seen.webhooks.add(webhook.id);
      for (let i = 0; i < 3; i++) {
        const injected = await call(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId: '43114', from: FROM, to: TO } });
        expect(seen.hashes.has(injected.body.txHash), `round ${round}: tx hash`).toBe(false);
        seen.hashes.add(injected.body.txHash);
        const block = (await call(emulator.url, 'GET', '/v1/transactions?pageSize=1')).body.transactions[0];
        expect(block.txHash).toBe(injected.body.txHash);
        expect(seen.blocks.has(block.blockNumber), `round ${round}: block`).toBe(false);
        seen.blocks.add(block.blockNumber);
        for (const messageId of injected.body.messageIds) {
          expect(seen.messages.has(messageId), `round ${round}: message id`).toBe(false);
          seen.messages.add(messageId);
        }
      }
      if (round % 2 === 0) kill(emulator, dataDir);
      else await stop(emulator);
    }
    // Every message id the receiver got carried one transaction only.
    const bodies = new Map<string, string>();
    for (const message of receiver.messages) {
      const hash = (message as any).event.transaction.txHash;
      expect(bodies.get(message.messageId) ?? hash).toBe(hash);
      bodies.set(message.messageId, hash);
    }
  });

  it('numbers attempts one at a time, keeps a redelivery across a kill, and does not count redeliveries in the schedule', async () => {
    const dataDir = freshDir();
    const receiver = await startReceiver();
    receivers.push(receiver);
    receiver.respond = () => 500;
    // Five automatic attempts, a long wait after the first: time for the redeliveries.
    const tuning: DeliveryTuning = { ...FAST_DELIVERY, maxAttempts: 3, retryDelayMs: (failed) => (failed === 1 ? 1_500 : 50) };
    let emulator = await start(dataDir, { tuning });
    await createWebhook(emulator.url, { url: receiver.url, metadata: { addresses: [FROM] } });
    const injected = await call(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId: '43114', from: FROM, to: TO } });
    const [messageId] = injected.body.messageIds;
    const detail = () => call(emulator.url, 'GET', `/_emulator/deliveries/${messageId}`);
    await eventually(async () => ((await detail()).body.attempts.length === 1 ? true : undefined));
    const redelivered = await Promise.all(
      Array.from({ length: 3 }, () => call(emulator.url, 'POST', `/_emulator/deliveries/${messageId}/redeliver`)),
    );
    expect(redelivered.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(redelivered.map((answer) => answer.body.attempt.number).sort()).toEqual([2, 3, 4]);
    kill(emulator, dataDir);
    emulator = await start(dataDir, { tuning });
    // The redeliveries survived the kill; the schedule then makes its two remaining automatic attempts.
    const finished = await eventually(async () => {
      const shown = (await detail()).body;
      return shown.delivery.state === 'failed' ? shown : undefined;
    }, 10_000);
    expect(finished.attempts.map((attempt: any) => [attempt.number, attempt.redelivery === true])).toEqual([
      [1, false],
      [2, true],
      [3, true],
      [4, true],
      [5, false],
      [6, false],
    ]);
  });

  it('records an attempt in a line of its own, the same size whether 20 or 200 messages are kept', async () => {
    const growth = async (messages: number): Promise<number> => {
      const dataDir = freshDir();
      const receiver = await startReceiver();
      receivers.push(receiver);
      receiver.respond = () => 500;
      const emulator = await start(dataDir, { tuning: { ...FAST_DELIVERY, maxAttempts: 2, retryDelayMs: () => 60_000 } });
      const webhook = await createWebhook(emulator.url, { url: receiver.url, metadata: { addresses: [FROM] } });
      for (let i = 0; i < messages; i++)
        await call(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId: '43114', from: FROM, to: TO } });
      await receiver.until(() => (receiver.requests.length >= messages ? true : undefined), 10_000);
      const log = join(dataDir, files(dataDir, 'log-').at(-1)!);
      // Every first attempt is kept once its message is; the redelivery below is one more attempt, one more line.
      await eventually(async () => {
        const shown = await call(emulator.url, 'GET', `/_emulator/deliveries?webhookId=${webhook.id}`);
        return shown.body.deliveries.every((record: any) => record.attempts === 1) ? true : undefined;
      });
      const before = statSync(log).size;
      const last = (await call(emulator.url, 'GET', '/_emulator/deliveries?pageSize=1')).body.deliveries[0].messageId;
      expect((await call(emulator.url, 'POST', `/_emulator/deliveries/${last}/redeliver`)).status).toBe(200);
      return statSync(log).size - before;
    };
    const few = await growth(20);
    const many = await growth(200);
    // The same line but for its times (a duration of 1 or 12 ms): never the whole queue again.
    expect(Math.abs(many - few)).toBeLessThan(32);
    expect(few).toBeLessThan(2_048);
  });

  it('takes up a data directory of the earlier format (one journal.jsonl), then writes it anew and removes the journal', async () => {
    const dataDir = freshDir();
    mkdirSync(dataDir, { recursive: true });
    const line = (record: unknown) => encodeLine([Buffer.from(JSON.stringify(record))]);
    const fields = (id: string, name: string, createdAt: number) => ({
      id,
      url: 'http://127.0.0.1:9/hook',
      chainId: '43114',
      status: 'active',
      createdAt,
      name,
      description: '',
      eventType: 'address_activity',
      includeInternalTxs: false,
      includeLogs: false,
    });
    const first = '3f2b8c1e-9a4d-4e7f-8b2a-1c5d6e7f8a9b';
    const second = '4f2b8c1e-9a4d-4e7f-8b2a-1c5d6e7f8a9b';
    const message = {
      sequence: 1,
      record: {
        messageId: 'm-1',
        webhookId: first,
        webhookName: 'a',
        url: 'http://127.0.0.1:9/hook',
        createdAt: '2026-01-01T00:00:00.000Z',
        attempts: 1,
        lastStatus: 500,
        state: 'failed',
      },
      ownerKey: API_KEY,
      body: '{"messageId":"m-1"}',
      attempts: [
        {
          number: 1,
          startedAt: '2026-01-01T00:00:00.000Z',
          durationMs: 3,
          url: 'http://127.0.0.1:9/hook',
          requestHeaders: {},
          status: 500,
        },
      ],
    };
    writeFileSync(
      join(dataDir, 'journal.jsonl'),
      Buffer.concat([
        line({ kind: 'svc-emulator-journal', format: 1 }),
        line({
          op: 'webhook',
          webhook: { webhook: fields(first, 'a', 1_000), addresses: [FROM], eventSignatures: [], ownerKey: API_KEY },
          ids: [1, 2, 3, 4],
        }),
        line({
          op: 'webhook',
          webhook: { webhook: fields(second, 'b', 2_000), addresses: [FROM], eventSignatures: [], ownerKey: API_KEY },
        }),
        line({ op: 'addresses', id: first, add: [TO] }),
        line({ op: 'update', id: second, changes: { name: 'renamed' } }),
        line({ op: 'deactivate', id: second }),
        line({ op: 'secret', key: API_KEY, secret: 'ab'.repeat(32) }),
        line({ op: 'deliveries', deliveries: { messages: [message], pending: [], dropped: 2 } }),
        // The earlier format could list a webhook twice this way: taken up once.
        line({
          op: 'webhook',
          webhook: { webhook: fields(first, 'a', 1_000), addresses: [FROM, TO], eventSignatures: [], ownerKey: API_KEY },
        }),
      ]),
    );
    let emulator = await start(dataDir);
    const expectState = async () => {
      const listed = (await call(emulator.url, 'GET', '/v1/webhooks', { key: API_KEY })).body.webhooks;
      expect(listed.map((webhook: any) => [webhook.id, webhook.name, webhook.status, webhook.metadata.addresses])).toEqual([
        [second, 'renamed', 'inactive', [FROM]],
        [first, 'a', 'active', [FROM, TO]],
      ]);
      expect((await call(emulator.url, 'GET', '/v1/webhooks:getSharedSecret', { key: API_KEY })).body.secret).toBe('ab'.repeat(32));
      const deliveries = (await call(emulator.url, 'GET', '/_emulator/deliveries')).body;
      expect(deliveries).toMatchObject({ dropped: 2, deliveries: [{ messageId: 'm-1', state: 'failed', attempts: 1, lastStatus: 500 }] });
    };
    await expectState();
    await eventually(() => (readdirSync(dataDir).includes('journal.jsonl') ? undefined : true));
    expect(files(dataDir, 'snapshot-')).toHaveLength(1);
    await stop(emulator);
    emulator = await start(dataDir);
    await expectState();
  });
});
