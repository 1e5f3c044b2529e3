// `svc api` and --jq as processes: the README's three recipes in bash with `svc` on PATH, against a recording server
// that fails on any request it was not told to expect, and one run per exit-code rule of its own (a refused flag, an
// operation the emulator does not model, jq failing at run time). Options and every flag's request are tested in
// this process (test/commands/api.test.ts).
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { BIN, isolatedEnv, runCli, runCliTty } from '../helpers/cli.js';
import { startTestEmulator } from '../helpers/emulator-helpers.js';
import { readRecipes } from '../helpers/readme-recipes.js';
import { json, useRecordingServer } from '../helpers/test-server.js';

const KEY = 'sk_test_cli_api_0001';
const server = useRecordingServer();
let emulator: RunningEmulator;
let workDir: string;

beforeAll(async () => {
  emulator = await startTestEmulator();
  workDir = mkdtempSync(join(tmpdir(), 'svc-api-recipes-'));
  mkdirSync(join(workDir, '.bin'));
  writeFileSync(join(workDir, '.bin', 'svc'), `#!/bin/sh\nexec node ${JSON.stringify(BIN)} "$@"\n`);
  chmodSync(join(workDir, '.bin', 'svc'), 0o755);
});
afterAll(async () => {
  await emulator.close();
});

/** A README recipe in bash, in the work folder, `svc` on PATH, aimed at the recording server. */
async function recipe(name: string) {
  const script = readRecipes().get(name);
  if (script === undefined) throw new Error(`README.md has no recipe "${name}"`);
  const env = isolatedEnv({ baseUrl: server.url, apiKey: KEY });
  const result = await execa('bash', ['-e', '-c', script], {
    env: { ...env, PATH: `${join(workDir, '.bin')}:${process.env.PATH}` },
    extendEnv: false,
    cwd: workDir,
    reject: false,
    timeout: 30_000,
    stripFinalNewline: false,
  });
  return { exitCode: result.exitCode, stdout: String(result.stdout), stderr: String(result.stderr) };
}

const ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';

describe('svc api: the README recipes', () => {
  it("api-balances: the operation's path, the key in its header; the body printed as returned", async () => {
    const body = '{"erc20TokenBalances":[{"symbol":"USDC","balance":"123456789012345678901234567890"}]}';
    server.respond([json(body)]);
    const result = await recipe('api-balances');
    expect(result).toEqual({ exitCode: 0, stdout: body + '\n', stderr: '' });
    expect(server.requests.map((request) => [request.method, request.rawUrl, request.headers['x-service-api-key']])).toEqual([
      ['GET', `/v1/chains/43114/addresses/${ADDRESS}/balances:listErc20`, KEY],
    ]);
  });

  it('api-every-page: three pages into one array in a file', async () => {
    const pages = [
      { webhooks: [{ id: 'w-1' }], nextPageToken: 't1' },
      { webhooks: [{ id: 'w-2' }], nextPageToken: 't2' },
      { webhooks: [{ id: 'w-3' }] },
    ];
    server.respond(pages.map((page) => json(page)));
    const result = await recipe('api-every-page');
    expect(result).toEqual({ exitCode: 0, stdout: '', stderr: '' });
    expect(JSON.parse(readFileSync(join(workDir, 'all-webhooks.json'), 'utf8'))).toEqual(pages);
    expect(server.requests.map((request) => request.rawUrl)).toEqual([
      '/v1/webhooks?pageSize=100',
      '/v1/webhooks?pageSize=100&pageToken=t1',
      '/v1/webhooks?pageSize=100&pageToken=t2',
    ]);
  });

  it('api-jq: fields pulled by the jq built in, from svc api and from webhook list, raw strings one a line', async () => {
    server.respond([
      json({ transactions: [{ txHash: '0xa1' }, { txHash: '0xb2' }] }),
      json({
        webhooks: [
          { id: 'w-1', status: 'active' },
          { id: 'w-2', status: 'inactive' },
        ],
        nextPageToken: 'n',
      }),
      json({ webhooks: [{ id: 'w-3', status: 'active' }] }),
    ]);
    const result = await recipe('api-jq');
    expect(result).toEqual({ exitCode: 0, stdout: '0xa1\n0xb2\nw-1\nw-3\n', stderr: '' });
    expect(server.requests.map((request) => request.rawUrl)).toEqual([
      '/v1/transactions?network=fuji&pageSize=5',
      '/v1/webhooks?pageSize=100',
      '/v1/webhooks?pageToken=n&pageSize=100',
    ]);
  });
});

describe('svc api: exit codes as a process', () => {
  it('exit 2 for a refused flag, one line naming it, nothing sent', async () => {
    const result = await runCli(['api', '/v1/webhooks', '--paginate', '-X', 'DELETE'], { baseUrl: server.url, apiKey: KEY });
    expect(result).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: 'svc: --paginate follows the pages of a GET listing: not with DELETE\n',
    });
    expect(server.requests).toEqual([]);
  });

  it('exit 1 for an operation the emulator does not model: its body on stdout, the error by name on stderr; --json adds the error line', async () => {
    const result = await runCli(['api', '/v1/networks/mainnet/validators', '--json'], {
      baseUrl: emulator.url,
      apiKey: KEY,
    });
    expect(result.exitCode).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ statusCode: 501, error: 'Not Implemented' });
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'svc: not emulated: listValidators (GET /v1/networks/{network}/validators) is an operation of the service that this emulator does not model (501 Not Implemented)',
    );
    expect(lines).toContain(
      'the local emulator models only some of the service: send it to the service itself (--base-url), or see what it models: svc api --list (marked *)',
    );
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ statusCode: 501, error: 'Not Implemented' });
  });

  it("exit 1 for jq failing at run time, with jq's message (what jq printed for that document before failing is lost)", async () => {
    server.respond([json({ transactions: [{ txHash: '0xa1' }, { txHash: 7 }] })]);
    const result = await runCli(['api', '/v1/transactions', '--jq', '.transactions[] | .txHash | ascii_downcase'], {
      baseUrl: server.url,
      apiKey: KEY,
    });
    expect(result).toMatchObject({ exitCode: 1, stdout: '' });
    expect(result.stderr.split('\n')[0]).toBe('svc: --jq: explode input must be a string');
  });
});

describe('svc api: fields and errors against the emulator', () => {
  it('creates a webhook from fields (nested keys, an array), then reads it back; an unknown id: the body on stdout, exit 3', async () => {
    const env = { baseUrl: emulator.url, apiKey: KEY };
    const created = await runCli(
      [
        'api',
        '/v1/webhooks',
        '-f',
        'url=https://example.com/hook',
        '-f',
        'chainId=43113',
        '-f',
        'eventType=address_activity',
        '-f',
        `metadata[addresses][]=${ADDRESS}`,
        '--jq',
        '.id',
      ],
      env,
    );
    expect(created).toMatchObject({ exitCode: 0, stderr: '' });
    const id = created.stdout.trim();
    const addresses = await runCli(['api', `/v1/webhooks/${id}/addresses`, '--jq', '.addresses[]'], env);
    expect(addresses).toEqual({ exitCode: 0, stdout: `${ADDRESS}\n`, stderr: '' });
    const unknown = await runCli(['api', '-i', '/v1/webhooks/00000000-0000-4000-8000-000000000000'], env);
    expect(unknown.exitCode).toBe(3);
    expect(unknown.stdout).toMatch(/^HTTP\/1\.1 404 Not Found\n/);
    expect(JSON.parse(unknown.stdout.slice(unknown.stdout.indexOf('\n\n') + 2))).toMatchObject({ statusCode: 404 });
    expect(unknown.stderr.split('\n')[0]).toMatch(/^svc: .* \(404 Not Found\)$/);
  });
});

describe('svc api --jq: the environment and the terminal', () => {
  it("env is the user's: select(.id == env.ID) picks the webhook named in the shell", async () => {
    server.respond([json({ webhooks: [{ id: 'w-1' }, { id: 'w-2', name: 'refunds' }] })]);
    const result = await runCli(['api', '/v1/webhooks', '--jq', '.webhooks[] | select(.id == env.ID) | .name'], {
      baseUrl: server.url,
      apiKey: KEY,
      env: { ID: 'w-2' },
    });
    expect(result).toEqual({ exitCode: 0, stdout: 'refunds\n', stderr: '' });
  });

  it('at a terminal with colour: keys painted bright blue, strings green; NO_COLOR: laid out, no colour', async () => {
    server.respond([json({ name: 'payments' }), json({ name: 'payments' })]);
    const coloured = await runCliTty(['api', '/v1/a', '--jq', '.'], { baseUrl: server.url, apiKey: KEY, env: { NO_COLOR: undefined } });
    expect(coloured).toEqual({
      exitCode: 0,
      output:
        '\u001b[1;38m{\u001b[0m\n  \u001b[1;34m"name"\u001b[0m\u001b[1;38m:\u001b[0m \u001b[32m"payments"\u001b[0m\n\u001b[1;38m}\u001b[0m\n',
    });
    const plain = await runCliTty(['api', '/v1/a', '--jq', '.'], { baseUrl: server.url, apiKey: KEY });
    expect(plain).toEqual({ exitCode: 0, output: '{\n  "name": "payments"\n}\n' });
  });
});
