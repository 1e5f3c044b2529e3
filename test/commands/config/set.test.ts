// `svc config set`: its run, called directly with a config directory of the test's own; and the api-key-header
// setting it stores (the request header the key goes in: the seed's by default, the operator's own for the real
// service), checked, overridden by SVC_API_KEY_HEADER and used by every request.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { run as path } from '../../../src/commands/config/path.js';
import { parseConfigSetOptions, run as set } from '../../../src/commands/config/set.js';
import { freshConfigDir, runInProcess } from '../../helpers/cli.js';
import { withTestContext } from '../../helpers/test-context.js';
import { json, useRecordingServer } from '../../helpers/test-server.js';
import { API_KEY, createWebhook, useEmulator } from '../fixture.js';

const server = useRecordingServer();
const emulator = useEmulator();
const KEY = 'sk_header_test_0123456789';

describe('config set: run', () => {
  it('stores the value in the profile of the config file', async () => {
    const configDir = freshConfigDir();
    const file = await withTestContext({ configDir }, async ({ context, io }) => {
      await path(context);
      return io.stdout().trim();
    });
    await withTestContext({ configDir }, ({ context }) => set(parseConfigSetOptions('base-url', 'https://example.com/api'), context));
    expect(JSON.parse(readFileSync(file, 'utf8')).profiles.default['base-url']).toBe('https://example.com/api');
  });

  it('an API key is stored whole', async () => {
    const configDir = freshConfigDir();
    const file = await withTestContext({ configDir }, async ({ context, io }) => {
      await path(context);
      return io.stdout().trim();
    });
    await withTestContext({ configDir }, ({ context }) => set(parseConfigSetOptions('api-key', 'sk_test_abcdef123456'), context));
    expect(JSON.parse(readFileSync(file, 'utf8')).profiles.default['api-key']).toBe('sk_test_abcdef123456');
  });
});

describe('config set api-key-header', () => {
  it('defaults to x-service-api-key; a profile value and SVC_API_KEY_HEADER (which wins) show in config list', async () => {
    const configDir = freshConfigDir();
    const list = async (env: Record<string, string> = {}) =>
      (await runInProcess(['config', 'list'], { configDir, env })).stdout.split('\n').find((row) => row.startsWith('api-key-header\t'));
    expect(await list()).toBe('api-key-header\tx-service-api-key\tdefault');
    const set = await runInProcess(['config', 'set', 'api-key-header', 'X-Glacier-API-Key'], { configDir });
    expect(set.exitCode, set.stderr).toBe(0);
    expect(await list()).toBe('api-key-header\tx-glacier-api-key\tprofile');
    expect(await list({ SVC_API_KEY_HEADER: 'x-other-key' })).toBe('api-key-header\tx-other-key\tenv');
    expect((await runInProcess(['config', 'get', 'api-key-header'], { configDir })).stdout).toBe('x-glacier-api-key\n');
  });

  it.each([
    ['a space inside', 'x api key', /must be a header name/],
    ['a colon', 'x-key:', /must be a header name/],
    ['a standard header', 'Authorization', /a standard HTTP header cannot carry the API key/],
    ['content-type', 'content-type', /a standard HTTP header cannot carry the API key/],
  ])('%s: exit 2 naming it, nothing stored, nothing sent', async (_what, value, rule) => {
    const configDir = freshConfigDir();
    const set = await runInProcess(['config', 'set', 'api-key-header', value], { configDir });
    expect(set.exitCode).toBe(2);
    expect(set.stderr.split('\n')[0]).toMatch(/^svc: config set api-key-header /);
    expect(set.stderr).toMatch(rule);
    const viaEnv = await runInProcess(['webhook', 'list'], { baseUrl: server.url, apiKey: KEY, env: { SVC_API_KEY_HEADER: value } });
    expect(viaEnv.exitCode).toBe(2);
    expect(viaEnv.stderr.split('\n')[0]).toMatch(/^svc: SVC_API_KEY_HEADER /);
    expect(server.requests).toHaveLength(0);
  });

  it('the key goes in the header named, and only there; errors and --verbose never show it whole', async () => {
    server.respond([json({ message: `bad key ${KEY}`, statusCode: 401, error: 'Unauthorized' }, 401)]);
    const result = await runInProcess(['webhook', 'list', '-v'], {
      baseUrl: server.url,
      apiKey: KEY,
      env: { SVC_API_KEY_HEADER: 'x-glacier-api-key' },
    });
    expect(result.exitCode).toBe(4);
    expect(server.requests[0]!.headers['x-glacier-api-key']).toBe(KEY);
    expect(server.requests[0]!.headers['x-service-api-key']).toBeUndefined();
    expect(result.stderr).not.toContain(KEY);
    expect(result.stderr).toContain('****6789');
  });

  it("the emulator takes the key in the operator's header too", async () => {
    const id = await createWebhook(emulator.url);
    const result = await runInProcess(['webhook', 'get', id], {
      baseUrl: emulator.url,
      apiKey: API_KEY,
      env: { SVC_API_KEY_HEADER: 'x-glacier-api-key' },
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout.split('\t')[0]).toBe(id);
  });
});

describe('config set chain-id', () => {
  it('an id or a name svc knows, kept as given; config get and list give its id and source, SVC_CHAIN_ID winning', async () => {
    const configDir = freshConfigDir();
    const list = async (env: Record<string, string> = {}) =>
      (await runInProcess(['config', 'list'], { configDir, env })).stdout.split('\n').find((row) => row.startsWith('chain-id\t'));
    expect(await list()).toBe('chain-id\t\tdefault');
    expect((await runInProcess(['config', 'get', 'chain-id'], { configDir })).exitCode).toBe(1);
    expect((await runInProcess(['config', 'set', 'chain-id', 'Fuji'], { configDir })).exitCode).toBe(0);
    expect(await list()).toBe('chain-id\t43113\tprofile');
    expect(await list({ SVC_CHAIN_ID: '43114' })).toBe('chain-id\t43114\tenv');
    expect((await runInProcess(['config', 'get', 'chain-id'], { configDir })).stdout).toBe('43113\n');
  });

  it('neither an id nor a known name: exit 2 naming the setting and the names, nothing stored', async () => {
    const configDir = freshConfigDir();
    const result = await runInProcess(['config', 'set', 'chain-id', 'fujii'], { configDir });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^svc: config set chain-id "fujii": must be a decimal chain id .* fuji \(43113\)/);
    expect((await runInProcess(['config', 'list'], { configDir })).stdout).toMatch(/^chain-id\t\tdefault$/m);
  });
});
