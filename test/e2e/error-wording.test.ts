// Each operation speaks of what it touched: the transport's retry rules and hints carry no command's words.
import { describe, expect, it } from 'vitest';
import { freshConfigDir, runCli, runInProcess } from '../helpers/cli.js';
import { takeEmulatorRecord } from '../../src/settings/emulator-records.js';
import { errorBody, json, useRecordingServer } from '../helpers/test-server.js';
import type { Answer } from '../helpers/test-server.js';
import { makeWebhook } from '../helpers/fixtures.js';

const server = useRecordingServer(() => [json({})]);
const KEY = 'sk_test_wording_0001';
const ID = '3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60';
const ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const TRIGGER = ['emulator', 'trigger', '--chain-id', '43113', '--from', ADDRESS];
const CREATE = ['webhook', 'create', '--url', 'https://example.com/hook', '--chain-id', '43113', '--address', ADDRESS];

async function answered(args: string[], answers: Answer[], retries = 1) {
  server.respond(answers);
  return runInProcess([...args, '--retries', String(retries)], { baseUrl: server.url, apiKey: KEY });
}

describe('at-most-once requests', () => {
  it('a 500 to emulator trigger says the transaction may exist, not a webhook, and is not retried', async () => {
    const result = await answered(TRIGGER, [errorBody(500, 'boom')]);
    expect(result.exitCode).toBe(1);
    expect(server.requests).toHaveLength(1);
    expect(result.stderr).toMatch(/outcome is unknown/);
    expect(result.stderr).toMatch(/check which messages the emulator sent before triggering again: svc emulator deliveries\n/);
    expect(result.stderr).not.toMatch(/webhook/i);
  });

  it('a connection dropped after an emulator trigger was sent: exit 6, outcome unknown, no webhook', async () => {
    const result = await answered(TRIGGER, [{ fault: 'drop' }]);
    expect(result.exitCode).toBe(6);
    expect(server.requests).toHaveLength(1);
    expect(result.stderr).toMatch(/outcome is unknown/);
    expect(result.stderr).not.toMatch(/webhook/i);
  });

  it('a 500 to webhook create still says the webhook may have been created', async () => {
    const result = await answered(CREATE, [errorBody(500, 'boom')]);
    expect(result.exitCode).toBe(1);
    expect(server.requests).toHaveLength(1);
    expect(result.stderr).toMatch(/may have acted.*check whether the webhook was created/);
  });

  it('a 429 is retried even for an at-most-once request (the service did not act)', async () => {
    const result = await answered(CREATE, [errorBody(429, 'slow', { 'retry-after': '0' }), json(makeWebhook(), 201)]);
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(2);
  });
});

describe('status hints fit the request', () => {
  it('a 404 to tx list points at the base URL, not at a webhook id', async () => {
    const result = await answered(['tx', 'list'], [errorBody(404, 'Cannot GET /v1/transactions')]);
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toMatch(/check the base URL/);
    expect(result.stderr).not.toMatch(/webhook/i);
  });

  it('a 403 to tx list says nothing of webhooks', async () => {
    const result = await answered(['tx', 'list'], [errorBody(403, 'forbidden')]);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).not.toMatch(/webhook/i);
  });

  it('a 404 for a webhook speaks of its id and owner', async () => {
    const result = await answered(['webhook', 'addresses', ID], [errorBody(404, `webhook ${ID} not found`)]);
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toMatch(/check the webhook id; a webhook is visible only to the key that created it/);
  });

  it('a 404 from a base URL that is not the emulator, to emulator trigger, says so', async () => {
    const result = await answered(TRIGGER, [errorBody(404, 'Cannot POST /_emulator/transactions')]);
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toMatch(/is the base URL the emulator/);
  });
});

describe('repeatable requests', () => {
  it('DELETE (deactivate) is retried on a 503 and a dropped connection, the same request each time', async () => {
    const result = await answered(
      ['webhook', 'deactivate', ID, '--yes'],
      [errorBody(503, 'later', { 'retry-after': '0' }), { fault: 'drop' }, json(makeWebhook({ id: ID, status: 'inactive' }))],
      2,
    );
    expect(result.exitCode).toBe(0);
    expect(server.requests.map((request) => `${request.method} ${request.path} ${request.body}`)).toEqual(
      Array(3).fill(`DELETE /v1/webhooks/${ID} `),
    );
  });
});

describe('no API key', () => {
  const EMULATOR_HINT = /^the local emulator takes any key: export SVC_API_KEY=dev \(or store one: svc config set api-key\)$/m;

  it("at the built-in base URL (the emulator's): exit 4, no request, the hint says the emulator takes any key", async () => {
    // The README's first webhook command after its Quick start, as a user types it.
    const result = await runCli(CREATE);
    expect(result.exitCode).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^svc: no API key: this command needs one\n/);
    expect(result.stderr).toMatch(EMULATOR_HINT);
  });

  it('at the address of an emulator this user runs (its record, its process alive): the same hint', async () => {
    const configDir = freshConfigDir();
    const port = Number(new URL(server.url).port);
    takeEmulatorRecord(
      { SVC_CONFIG_DIR: configDir },
      {
        port,
        host: '127.0.0.1',
        url: server.url,
        dataDir: null,
        logFile: null,
        startedAt: new Date().toISOString(),
        version: '0.0.0-test',
      },
    );
    const result = await runInProcess(CREATE, { baseUrl: server.url.replace('127.0.0.1', 'localhost'), configDir });
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toMatch(EMULATOR_HINT);
    expect(server.requests).toHaveLength(0);
  });

  it('at any other service: how to set a key, and no word of the emulator', async () => {
    const result = await runInProcess(['--profile', 'real', ...CREATE], { baseUrl: server.url });
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toBe('svc: no API key: this command needs one\nset SVC_API_KEY, or run: svc config set api-key --profile real\n');
    expect(server.requests).toHaveLength(0);
  });
});
