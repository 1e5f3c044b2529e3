// `svc webhook listen`: duplicates, malformed bodies, --forward-to with a consumer that fails first (the emulator
// retries with the same messageId), deactivation cancelling retries, and a clean Ctrl-C and SIGTERM.
// What listen answers and prints runs it in this process (the same command line through runCommandLine, its output
// read line by line), and for --forward-to the emulator too, with a short retry delay (the retry logic is the point
// there, not the contract's 1 s schedule); the signal tests run both `svc emulator start` and `svc webhook listen`
// as real processes, with a delivery from one to the other.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { DEFAULT_DELIVERY_TUNING } from '../../src/emulator/deliveries/queue.js';
import { SHORT_HISTORY, startTestEmulator } from '../helpers/emulator-helpers.js';
import {
  createWebhook,
  deliveries,
  killAllChildren,
  startEmulatorProcess,
  startListenInProcess,
  startListenProcess,
  stopAllInProcess,
  svc,
  trigger,
  until,
} from '../helpers/webhook-dev-processes.js';
import type { ListenInProcess } from '../helpers/webhook-dev-processes.js';
import { PROMPT_STOP_MS } from '../helpers/cli.js';

const FUJI = '43113';
const WATCHED = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const FLAKY_WATCHED = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const BROKEN_WATCHED = '0x52908400098527886E0F7030069857D2E4169EE7';

/** A notification as the service would send it (spec 2.5), for posting by hand. */
function handMadeMessage(messageId: string): Record<string, unknown> {
  return {
    webhookId: '0f0e0d0c-0b0a-4909-8807-060504030201',
    eventType: 'address_activity',
    messageId,
    event: {
      transaction: {
        txHash: `0x${'ab'.repeat(32)}`,
        chainId: FUJI,
        from: WATCHED,
        to: FLAKY_WATCHED,
        erc20Transfers: [],
        internalTransactions: [],
      },
      logs: [],
    },
  };
}

async function post(url: string, body: string, contentType = 'application/json'): Promise<{ status: number; body: any }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

/** The consumer listen relays to: per messageId, answers 500 to the first attempt ("flaky") or to all ("broken"). */
interface Consumer {
  url: string;
  seen: Array<{ messageId: string; status: number }>;
  server: Server;
}

async function startConsumer(): Promise<Consumer> {
  const consumer: Consumer = { url: '', seen: [], server: undefined as unknown as Server };
  consumer.server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const message = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const watched = String(message.event.transaction.from).toLowerCase();
      const earlier = consumer.seen.filter((seen) => seen.messageId === message.messageId).length;
      const status = watched === BROKEN_WATCHED.toLowerCase() ? 500 : watched === FLAKY_WATCHED.toLowerCase() && earlier === 0 ? 500 : 200;
      consumer.seen.push({ messageId: message.messageId, status });
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ ok: status === 200 }));
    });
  });
  await new Promise<void>((resolve) => consumer.server.listen(0, '127.0.0.1', resolve));
  consumer.url = `http://127.0.0.1:${(consumer.server.address() as AddressInfo).port}/hooks`;
  return consumer;
}

describe('svc webhook listen --json: messages posted by hand', () => {
  let listen: ListenInProcess;
  beforeAll(async () => {
    listen = await startListenInProcess();
  });
  afterAll(stopAllInProcess);

  it('prints the Ready line with the URL it listens on, on stderr, and nothing on stdout', () => {
    expect(listen.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(listen.stdoutLines).toEqual([]);
  });

  it('prints a message once on stdout; the same messageId again is answered 200 and reported as a duplicate on stderr', async () => {
    const messageId = '11111111-2222-4333-8444-555555555555';
    const body = JSON.stringify(handMadeMessage(messageId), null, 2);
    const first = await post(listen.url, body);
    const second = await post(listen.url, body);
    expect(first).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(second).toEqual({ status: 200, body: { received: true, duplicate: true } });

    await listen.waitForLine('stderr', (line) => line.includes(`duplicate message ${messageId}`));
    const printed = listen.stdoutLines.filter((line) => line.includes(messageId));
    expect(printed).toHaveLength(1);
    // One JSON line per message, the same value as sent.
    expect(JSON.parse(printed[0]!)).toEqual(handMadeMessage(messageId));
    expect(printed[0]).toBe(JSON.stringify(handMadeMessage(messageId)));
  });

  it('answers a malformed body 400 with a clear stderr line, and keeps taking messages', async () => {
    const notJson = await post(listen.url, '{"messageId": ', 'application/json');
    expect(notJson.status).toBe(400);
    expect(notJson.body.message).toMatch(/^malformed notification: not JSON/);
    await listen.waitForLine('stderr', /^svc: malformed notification answered 400: not JSON/);

    const noMessageId = await post(listen.url, JSON.stringify({ ...handMadeMessage('x'), messageId: undefined }));
    expect(noMessageId.status).toBe(400);
    await listen.waitForLine('stderr', /^svc: malformed notification answered 400: "messageId" is missing or not a string$/);

    const noTransaction = await post(listen.url, JSON.stringify({ ...handMadeMessage('y'), event: { logs: [] } }));
    expect(noTransaction.status).toBe(400);
    await listen.waitForLine('stderr', /answered 400: "event\.transaction" is missing or not an object/);

    const empty = await post(listen.url, '');
    expect(empty.status).toBe(400);
    await listen.waitForLine('stderr', /answered 400: empty body/);

    expect(listen.stdoutLines.some((line) => line.includes('"x"') || line.includes('"y"'))).toBe(false);
    expect(listen.exited).toBe(false);
    const messageId = '99999999-2222-4333-8444-555555555555';
    expect((await post(listen.url, JSON.stringify(handMadeMessage(messageId)))).status).toBe(200);
    await listen.waitForLine('stdout', (line) => line.includes(messageId));
  });

  it('answers other methods 405 and says so on stderr', async () => {
    const response = await fetch(listen.url, { method: 'GET' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    await response.arrayBuffer();
    await listen.waitForLine('stderr', /^svc: GET \/ answered 405$/);
  });
});

/** The emulator's wait between attempts in the --forward-to tests: short, but every attempt is given the contract's 5 s. */
const RETRY_DELAY_MS = 200;

describe('svc webhook listen --forward-to, with deliveries from the emulator', () => {
  let emulator: RunningEmulator;
  let listen: ListenInProcess;
  let consumer: Consumer;

  beforeAll(async () => {
    consumer = await startConsumer();
    [emulator, listen] = await Promise.all([
      // Enough attempts that a broken consumer is never given up on within a test: only deactivation ends it.
      // A short history: the tests check the deliveries of their own injections.
      startTestEmulator({ seed: 5, ...SHORT_HISTORY }, { ...DEFAULT_DELIVERY_TUNING, maxAttempts: 50, retryDelayMs: () => RETRY_DELAY_MS }),
      startListenInProcess(['--forward-to', consumer.url]),
    ]);
  });
  afterAll(async () => {
    await stopAllInProcess();
    await emulator.close();
    consumer.server.closeAllConnections();
    await new Promise((resolve) => consumer.server.close(resolve));
  });

  it('says where it relays in its Ready line', async () => {
    await listen.waitForLine('stderr', (line) => line.includes(`are relayed to ${consumer.url}`));
  });

  it('a consumer that fails first: the emulator retries with the same messageId, listen reports the retry as a duplicate', async () => {
    const webhook = await createWebhook(emulator.url, ['--url', listen.url, '--chain-id', FUJI, '--address', FLAKY_WATCHED]);
    const { txHash, messageIds } = await trigger(emulator.url, ['--chain-id', FUJI, '--from', FLAKY_WATCHED]);
    expect(messageIds).toHaveLength(1);
    const [messageId] = messageIds as [string];

    const record = await until(
      async () => (await deliveries(emulator.url)).find((one) => one.messageId === messageId && one.state === 'delivered'),
      10_000,
    );
    expect(record).toEqual(
      expect.objectContaining({ messageId, webhookId: webhook.id, url: listen.url, attempts: 2, lastStatus: 200, state: 'delivered' }),
    );
    // The consumer saw the same message twice: 500, then 200.
    expect(consumer.seen.filter((seen) => seen.messageId === messageId)).toEqual([
      { messageId, status: 500 },
      { messageId, status: 200 },
    ]);
    // stdout: the message once; stderr: the retry, as a duplicate.
    // stderr also tells how the consumer answered each time (stdout keeps the message only).
    await listen.waitForLine('stderr', `svc: message ${messageId} forwarded: 500`);
    await listen.waitForLine('stderr', `svc: duplicate message ${messageId} (not printed again); forwarded: 200`);
    const printed = listen.messages().filter((message) => message?.messageId === messageId);
    expect(printed).toHaveLength(1);
    expect(printed[0].event.transaction.txHash).toBe(txHash);
    expect(printed[0].webhookId).toBe(webhook.id);
  });

  it('deactivation cancels a delivery that is still being retried', async () => {
    const webhook = await createWebhook(emulator.url, ['--url', listen.url, '--chain-id', FUJI, '--address', BROKEN_WATCHED]);
    const { messageIds } = await trigger(emulator.url, ['--chain-id', FUJI, '--from', BROKEN_WATCHED]);
    const [messageId] = messageIds as [string];
    const retrying = await until(async () =>
      (await deliveries(emulator.url)).find((one) => one.messageId === messageId && one.attempts >= 1 && one.lastStatus !== null),
    );
    expect(retrying).toMatchObject({ state: 'retrying', lastStatus: 502 });

    const deactivated = await svc(emulator.url, ['webhook', 'deactivate', webhook.id, '--yes']);
    expect(deactivated.exitCode).toBe(0);
    const cancelled = (await deliveries(emulator.url)).find((one) => one.messageId === messageId)!;
    expect(cancelled.state).toBe('failed');
    // Nothing is left to send it: no attempt is scheduled, and the emulator has no message pending.
    expect(cancelled.nextAttemptAt).toBeUndefined();
    const status = (await (await fetch(`${emulator.url}/_emulator/status`)).json()) as { pendingMessages: number };
    expect(status.pendingMessages).toBe(0);
    expect(consumer.seen.filter((seen) => seen.messageId === messageId)).toHaveLength(cancelled.attempts);
  });
});

describe('Ctrl-C', () => {
  afterEach(killAllChildren);

  it('ends `svc webhook listen` and `svc emulator start` cleanly and promptly, open connections and all', async () => {
    const [emulator, listen] = await Promise.all([startEmulatorProcess([], 9), startListenProcess()]);
    await createWebhook(emulator.url, ['--url', listen.url, '--chain-id', FUJI, '--address', WATCHED]);
    const { messageIds } = await trigger(emulator.url, ['--chain-id', FUJI, '--from', WATCHED]);
    await listen.waitForMessage((message) => message.messageId === messageIds[0]);
    // A keep-alive connection from this process to the emulator is open too.
    const listed = await fetch(`${emulator.url}/v1/transactions?pageSize=1`);
    expect(listed.status).toBe(200);
    await listed.arrayBuffer();

    const [listenExit, emulatorExit] = await Promise.all([listen.stop('SIGINT'), emulator.stop('SIGINT')]);
    for (const [exit, stderr] of [
      [listenExit, listen.stderrLines],
      [emulatorExit, emulator.stderrLines],
    ] as const) {
      expect(exit.signal).toBeUndefined();
      // A clean shutdown, then the exit code of the signal that asked for it (the contract: 130 on SIGINT).
      expect(exit.exitCode).toBe(130);
      expect(exit.afterMs).toBeLessThan(PROMPT_STOP_MS);
      expect(stderr.join('\n')).not.toMatch(/\n\s+at |Error:/);
    }
    // The ports are free again.
    await expect(fetch(listen.url, { method: 'POST', body: '{}' })).rejects.toThrow();
    await expect(fetch(`${emulator.url}/v1/transactions`)).rejects.toThrow();
  });

  it('SIGTERM: both shut down cleanly and exit 143', async () => {
    const [emulator, listen] = await Promise.all([startEmulatorProcess([], 10), startListenProcess()]);
    const exits = await Promise.all([listen.stop('SIGTERM'), emulator.stop('SIGTERM')]);
    for (const exit of exits) {
      expect(exit.signal).toBeUndefined();
      expect(exit.exitCode).toBe(143);
      expect(exit.afterMs).toBeLessThan(PROMPT_STOP_MS);
    }
  });
});
