// `svc emulator deliveries`, `deliveries show` and `redeliver` as processes (the built CLI) against an in-process
// emulator: output on a pipe, one process per command. Their refusals (exit 2 and 3, rules whose exit codes reach
// the shell in process-contract) run in-process beside them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { DELIVERY_TSV_COLUMNS } from '../../src/render/deliveries.js';
import { runCli, runInProcess } from '../helpers/cli.js';
import { API_KEY, call, eventually, startReceiver, PATIENT_DELIVERY, startTestEmulator, webhookBody } from '../helpers/emulator-helpers.js';
import type { Receiver } from '../helpers/emulator-helpers.js';

const WATCHED = '0x71c7656ec7ab88b098defb751b7401b5f6d8976f';
let emulator: RunningEmulator;
let receiver: Receiver;
let webhookId: string;
let messageId: string;

beforeAll(async () => {
  emulator = await startTestEmulator({}, PATIENT_DELIVERY);
  receiver = await startReceiver();
  const created = await call(emulator.url, 'POST', '/v1/webhooks', {
    key: API_KEY,
    body: webhookBody({ url: receiver.url, name: 'orders', metadata: { addresses: [WATCHED] } }),
  });
  webhookId = created.body.id;
  messageId = (await call(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId: '43114', from: WATCHED } })).body
    .messageIds[0];
  await receiver.waitFor(1);
  await eventually(async () =>
    (await call(emulator.url, 'GET', '/_emulator/deliveries?state=delivered')).body.deliveries.length === 1 ? true : undefined,
  );
});
afterAll(async () => {
  await receiver.close();
  await emulator.close();
});

const svc = (args: string[]) => runCli(args, { baseUrl: emulator.url, apiKey: API_KEY });
const inProcess = (args: string[]) => runInProcess(args, { baseUrl: emulator.url, apiKey: API_KEY });

describe('svc emulator deliveries (process)', () => {
  it('piped: a TSV row per message, exit 0', async () => {
    const result = await svc(['emulator', 'deliveries']);
    expect(result.exitCode).toBe(0);
    const cells = result.stdout.slice(0, -1).split('\t');
    expect(cells).toHaveLength(DELIVERY_TSV_COLUMNS.length);
    expect(cells.slice(1, 4)).toEqual([messageId, webhookId, 'orders']);
  });

  it('--since that is neither a duration nor a time: exit 2 with an example, nothing on stdout (in-process)', async () => {
    const result = await inProcess(['emulator', 'deliveries', '--since', 'last tuesday']);
    expect(result).toMatchObject({ exitCode: 2, stdout: '' });
    expect(result.stderr).toContain('svc: --since "last tuesday"');
    expect(result.stderr).toContain('e.g. --since 10m');
  });
});

describe('svc emulator deliveries show (process)', () => {
  it('--body: the bytes the receiver got; an unknown id (in-process): exit 3 naming it', async () => {
    const body = await svc(['emulator', 'deliveries', 'show', messageId, '--body']);
    expect(body.exitCode).toBe(0);
    expect(body.stdout).toBe(receiver.requests[0]!.rawBody);
    const unknown = await inProcess(['emulator', 'deliveries', 'show', '00000000-0000-4000-8000-00000000abcd']);
    expect(unknown.exitCode).toBe(3);
    expect(unknown.stderr).toContain('message 00000000-0000-4000-8000-00000000abcd');
  });
});

describe('svc emulator redeliver (process)', () => {
  it('exit 0 when the receiver answers 2xx; exit 2 naming the webhook once it is inactive (in-process)', async () => {
    const sent = await svc(['emulator', 'redeliver', messageId]);
    expect(sent.exitCode).toBe(0);
    expect(sent.stdout.split('\t')[1]).toBe(messageId);
    expect(receiver.requests.map((request) => request.body.messageId)).toEqual([messageId, messageId]);
    expect((await call(emulator.url, 'DELETE', `/v1/webhooks/${webhookId}`, { key: API_KEY })).status).toBe(200);
    const refused = await inProcess(['emulator', 'redeliver', messageId]);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain(webhookId);
    expect(refused.stderr).toContain(`svc webhook activate ${webhookId}`);
  });
});
