// `svc emulator deliveries` (its default command, `list`): its run, called directly against in-process emulators: the
// kept messages (a page, --limit, --json, the filters), and with --follow the attempts pushed as they end, an
// emulator that goes away and comes back, and Ctrl-C.
import { afterEach, describe, expect, it } from 'vitest';
import * as list from '../../../../src/commands/emulator/deliveries/list.js';
import { parseEmulatorDeliveriesOptions, run } from '../../../../src/commands/emulator/deliveries/list.js';
import { ExitCode, InterruptedError, UsageError } from '../../../../src/errors.js';
import type { RunningEmulator } from '../../../../src/emulator/index.js';
import { ATTEMPT_TSV_COLUMNS, DELIVERY_TSV_COLUMNS } from '../../../../src/render/deliveries.js';
import { call, eventually, startReceiver, PATIENT_DELIVERY, SHORT_HISTORY, startTestEmulator } from '../../../helpers/emulator-helpers.js';
import type { Receiver } from '../../../helpers/emulator-helpers.js';
import { createTestContext, withTestContext } from '../../../helpers/test-context.js';
import type { TestContext } from '../../../helpers/test-context.js';
import { API_KEY, WATCHED, createWebhook } from '../../fixture.js';
import { useDeliveredMessages } from './fixture.js';

const delivered = useDeliveredMessages();

const flags = (extra: Partial<list.EmulatorDeliveriesFlags> = {}): list.EmulatorDeliveriesFlags => ({ ...extra });

describe('emulator deliveries: run', () => {
  it('piped: one TSV row per message, newest first, in the README columns', async () => {
    await withTestContext({ baseUrl: delivered.emulator.url }, async ({ context, io }) => {
      await list.run(list.parseEmulatorDeliveriesOptions(flags()), context);
      const rows = io
        .stdout()
        .slice(0, -1)
        .split('\n')
        .map((row) => row.split('\t'));
      expect(rows.map((row) => row[1])).toEqual([...delivered.messageIds].reverse());
      const column = (name: (typeof DELIVERY_TSV_COLUMNS)[number]) => DELIVERY_TSV_COLUMNS.indexOf(name);
      for (const row of rows) {
        expect(row).toHaveLength(DELIVERY_TSV_COLUMNS.length);
        expect(row[column('created')]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
        expect(row[column('webhook id')]).toBe(delivered.webhookId);
        expect(row[column('webhook name')]).toBe('payments');
        expect(row[column('url')]).toBe(delivered.receiver.url);
        expect(row[column('state')]).toBe('delivered');
        expect(row[column('attempts')]).toBe('2');
        expect(row[column('last status')]).toBe('200');
        expect(row[column('next attempt')]).toBe('');
      }
    });
  });

  it('--limit follows pages; a single page of --page-size 2 says how to get the next one', async () => {
    await withTestContext({ baseUrl: delivered.emulator.url }, async ({ context, io }) => {
      await list.run(list.parseEmulatorDeliveriesOptions(flags({ limit: '2', pageSize: '1' })), context);
      expect(
        io
          .stdout()
          .trimEnd()
          .split('\n')
          .map((row) => row.split('\t')[1]),
      ).toEqual([delivered.messageIds[2], delivered.messageIds[1]]);
    });
    await withTestContext({ baseUrl: delivered.emulator.url, io: { stdoutTTY: true, columns: 200 } }, async ({ context, io }) => {
      await list.run(list.parseEmulatorDeliveriesOptions(flags({ pageSize: '2', state: 'delivered' })), context);
      expect(io.stdout()).toContain('MESSAGE ID');
      expect(io.stdout()).toContain(delivered.messageIds[2]!);
      expect(io.stdout()).not.toContain(delivered.messageIds[0]!);
      const nextPage = /Next page: (svc emulator deliveries --state delivered --page-size 2 --page-token \S+)/.exec(io.stdout());
      expect(nextPage).not.toBeNull();
    });
  });

  it('--json: the control API bodies; --webhook and --state filter', async () => {
    await withTestContext({ baseUrl: delivered.emulator.url, globals: { json: true } }, async ({ context, io }) => {
      await list.run(list.parseEmulatorDeliveriesOptions(flags({ all: true, webhook: delivered.webhookId })), context);
      const pages = io
        .stdout()
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(pages.flatMap((page) => page.deliveries.map((record: { messageId: string }) => record.messageId))).toEqual(
        [...delivered.messageIds].reverse(),
      );
      expect(pages[0].dropped).toBe(0);
    });
    await withTestContext({ baseUrl: delivered.emulator.url, globals: { json: true } }, async ({ context, io }) => {
      await list.run(list.parseEmulatorDeliveriesOptions(flags({ state: 'failed' })), context);
      expect(JSON.parse(io.stdout()).deliveries).toEqual([]);
    });
  });

  it('--since: a duration or an ISO time; anything else is a usage error with an example', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(list.parseSince('10m', now)).toBe('2026-11-25T11:50:00.000Z');
    expect(list.parseSince('2h', now)).toBe('2026-11-25T10:00:00.000Z');
    expect(list.parseSince('2026-11-25T08:00:00+01:00', now)).toBe('2026-11-25T07:00:00.000Z');
    for (const bad of ['yesterday', '10 minutes', '2026-13-45', '-5m']) {
      expect(() => list.parseSince(bad, now)).toThrow(UsageError);
      expect(() => list.parseSince(bad, now)).toThrow(/e\.g\. --since 10m/);
    }
  });

  it('--search and --until: the messages of one transaction, address or id, made before a time; bad input names the flag', async () => {
    const [, middle] = delivered.messageIds;
    await withTestContext({ baseUrl: delivered.emulator.url }, async ({ context, io }) => {
      await list.run(list.parseEmulatorDeliveriesOptions(flags({ search: middle!.slice(0, 8) })), context);
      expect(io.stdout().split('\t')[1]).toBe(middle);
    });
    const newest = (await call(delivered.emulator.url, 'GET', `/_emulator/deliveries/${delivered.messageIds[2]}`)).body.delivery.createdAt;
    await withTestContext({ baseUrl: delivered.emulator.url }, async ({ context, io }) => {
      await list.run(list.parseEmulatorDeliveriesOptions(flags({ search: WATCHED.toLowerCase(), until: newest })), context);
      const shown = io
        .stdout()
        .trimEnd()
        .split('\n')
        .map((row) => row.split('\t')[1]);
      expect(shown).not.toContain(delivered.messageIds[2]);
      expect(shown.length).toBeGreaterThan(0);
    });
    expect(() => list.parseEmulatorDeliveriesOptions(flags({ until: 'soon' }))).toThrow(
      /^--until "soon": must be a duration or an ISO 8601 time, e\.g\. --until 10m/,
    );
    expect(() => list.parseEmulatorDeliveriesOptions(flags({ search: ' ' }))).toThrow(
      new UsageError('--search: must be a message id, a transaction hash or an address; it is empty'),
    );
    expect(() => list.parseEmulatorDeliveriesOptions(flags({ follow: true, search: 'x' }))).toThrow(/leave out --search/);
  });
});

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const closable of open.splice(0).reverse()) await closable.close();
});

async function emulatorWithReceiver(port = 0): Promise<{ emulator: RunningEmulator; receiver: Receiver; webhookId: string }> {
  const emulator = await startTestEmulator({ port, ...SHORT_HISTORY }, PATIENT_DELIVERY);
  const receiver = await startReceiver();
  open.push(receiver);
  const webhookId = await createWebhook(emulator.url, { url: receiver.url });
  return { emulator, receiver, webhookId };
}

async function trigger(url: string): Promise<string> {
  return (await call(url, 'POST', '/_emulator/transactions', { body: { chainId: '43113', from: WATCHED } })).body.messageIds[0];
}

/** Starts `--follow` and resolves once it is connected (its "Following" line on a terminal stderr). */
async function follow(baseUrl: string, globals = {}): Promise<{ test: TestContext; stop: AbortController; running: Promise<unknown> }> {
  const stop = new AbortController();
  const test = createTestContext({ baseUrl, interrupt: stop.signal, globals, io: { stderrTTY: true } });
  const running = run(parseEmulatorDeliveriesOptions({ follow: true }), test.context).catch((error: unknown) => error);
  await eventually(() => (test.io.stderr().includes('Following delivery attempts') ? true : undefined));
  return { test, stop, running };
}

const rows = (test: TestContext) =>
  test.io
    .stdout()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split('\t'));

describe('emulator deliveries --follow: run', () => {
  it('prints each attempt as it ends (500, then 200), and on Ctrl-C how many were shown, exiting 130', async () => {
    const { emulator, receiver } = await emulatorWithReceiver();
    open.push(emulator);
    receiver.respond = (index) => (index === 0 ? 500 : 200);
    const { test, stop, running } = await follow(emulator.url);
    const messageId = await trigger(emulator.url);
    await eventually(() => (rows(test).length === 2 ? true : undefined));
    const status = ATTEMPT_TSV_COLUMNS.indexOf('status');
    expect(rows(test).map((row) => [row[1], row[3], row[status]])).toEqual([
      [messageId, '1', '500'],
      [messageId, '2', '200'],
    ]);
    stop.abort(new InterruptedError(ExitCode.interrupted));
    const ended = await running;
    expect(ended).toBeInstanceOf(InterruptedError);
    expect((ended as InterruptedError).exitCode).toBe(130);
    expect(test.io.stderr()).toContain('2 attempts shown');
    await test.close();
  });

  it('--json: one line per attempt, the event as the emulator sent it', async () => {
    const { emulator } = await emulatorWithReceiver();
    open.push(emulator);
    const { test, stop, running } = await follow(emulator.url, { json: true });
    const messageId = await trigger(emulator.url);
    await eventually(() => (test.io.stdout().includes('\n') ? true : undefined));
    const [line] = test.io.stdout().split('\n');
    expect(JSON.parse(line!)).toMatchObject({ attempt: { number: 1, status: 200 }, delivery: { messageId, state: 'delivered' } });
    stop.abort(new InterruptedError(ExitCode.interrupted));
    await running;
    await test.close();
  });

  it('an emulator that goes away: one stderr line for the outage, then it resumes with the new one, nothing twice', async () => {
    const first = await emulatorWithReceiver();
    const port = Number(new URL(first.emulator.url).port);
    const { test, stop, running } = await follow(first.emulator.url);
    const before = await trigger(first.emulator.url);
    await eventually(() => (rows(test).length === 1 ? true : undefined));
    await first.emulator.close();
    await eventually(() => (test.io.stderr().includes('lost the emulator') ? true : undefined));
    // Back on the same port; its attempts made before the client reconnects are replayed, not lost.
    const second = await emulatorWithReceiver(port);
    open.push(second.emulator);
    const after = await trigger(second.emulator.url);
    await eventually(() => (rows(test).length === 2 ? true : undefined), 10_000);
    expect(rows(test).map((row) => row[1])).toEqual([before, after]);
    expect(test.io.stderr().match(/lost the emulator/g)).toHaveLength(1);
    expect(test.io.stderr()).toContain('the emulator is back');
    stop.abort(new InterruptedError(ExitCode.interrupted));
    await running;
    expect(rows(test)).toHaveLength(2);
    await test.close();
  });

  it('on a terminal: a line per attempt, its number and status', async () => {
    const { emulator } = await emulatorWithReceiver();
    open.push(emulator);
    const stop = new AbortController();
    const test = createTestContext({ baseUrl: emulator.url, interrupt: stop.signal, io: { stdoutTTY: true, stderrTTY: true } });
    const running = run(parseEmulatorDeliveriesOptions({ follow: true }), test.context).catch((error: unknown) => error);
    await eventually(() => (test.io.stderr().includes('Following delivery attempts') ? true : undefined));
    const messageId = await trigger(emulator.url);
    await eventually(() => (test.io.stdout().includes('\n') ? true : undefined));
    expect(test.io.stdout()).toContain(messageId);
    expect(test.io.stdout()).toMatch(/ {2}#1 {2}.+ {2}200 {2}\d+ ms {2}delivered\n$/);
    stop.abort(new InterruptedError(ExitCode.interrupted));
    await running;
    await test.close();
  });

  it('a message given up without an attempt to tell it (its webhook deactivated while it waits to retry): a row saying why', async () => {
    const emulator = await startTestEmulator(SHORT_HISTORY, { ...PATIENT_DELIVERY, retryDelayMs: () => 60_000 });
    open.push(emulator);
    const receiver = await startReceiver();
    open.push(receiver);
    receiver.respond = () => 500;
    const webhookId = await createWebhook(emulator.url, { url: receiver.url });
    const { test, stop, running } = await follow(emulator.url);
    const messageId = await trigger(emulator.url);
    await eventually(() => (rows(test).length === 1 ? true : undefined));
    await call(emulator.url, 'DELETE', `/v1/webhooks/${webhookId}`, { key: API_KEY });
    await eventually(() => (rows(test).length === 2 ? true : undefined));
    const column = (name: (typeof ATTEMPT_TSV_COLUMNS)[number]) => ATTEMPT_TSV_COLUMNS.indexOf(name);
    const [attempt, givenUp] = rows(test);
    expect([attempt![column('attempt')], attempt![column('status')], attempt![column('state')]]).toEqual(['1', '500', 'retrying']);
    expect(givenUp).toHaveLength(ATTEMPT_TSV_COLUMNS.length);
    expect([givenUp![column('message id')], givenUp![column('attempt')], givenUp![column('status')], givenUp![column('state')]]).toEqual([
      messageId,
      '',
      'webhook_deactivated',
      'failed',
    ]);
    expect(givenUp![column('kind')]).toBe('given-up');
    stop.abort(new InterruptedError(ExitCode.interrupted));
    await running;
    await test.close();
    // Listed on a terminal, its state says why.
    await withTestContext({ baseUrl: emulator.url, io: { stdoutTTY: true, columns: 200 } }, async ({ context, io }) => {
      await list.run(list.parseEmulatorDeliveriesOptions(flags()), context);
      expect(io.stdout()).toContain('failed (webhook deactivated)');
    });
  });

  it('--follow with listing flags: a usage error naming them', () => {
    expect(() => parseEmulatorDeliveriesOptions({ follow: true, state: 'failed', all: true })).toThrow(UsageError);
    expect(() => parseEmulatorDeliveriesOptions({ follow: true, state: 'failed', all: true })).toThrow(/leave out --state, --all/);
  });
});
