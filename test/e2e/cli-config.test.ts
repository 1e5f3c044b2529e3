// `svc config`: set/get/unset/list/path in an isolated SVC_CONFIG_DIR, precedence with sources, file safety.
import { readFileSync, statSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshConfigDir, runInProcess } from '../helpers/cli.js';
import { json, startTestServer, repeatedly } from '../helpers/test-server.js';
import type { TestServer } from '../helpers/test-server.js';

let server: TestServer;
let configDir: string;

beforeAll(async () => {
  server = await startTestServer(repeatedly(json({ transactions: [] })));
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  configDir = freshConfigDir();
});

const svc = (args: string[], options: Parameters<typeof runInProcess>[1] = {}) => runInProcess(args, { configDir, ...options });

/** `config list` TSV as { setting: [value, source] }. */
function parseList(stdout: string): Record<string, [string, string]> {
  const rows: Record<string, [string, string]> = {};
  for (const line of stdout.trimEnd().split('\n')) {
    const [key, value, source] = line.split('\t');
    rows[key!] = [value!, source!];
  }
  return rows;
}

describe('svc config path', () => {
  it('prints config.json inside SVC_CONFIG_DIR', async () => {
    const result = await svc(['config', 'path']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(join(configDir, 'config.json') + '\n');
  });
});

describe('svc config set/get/unset', () => {
  it('sets and gets base-url; the file is created with mode 0600', async () => {
    const set = await svc(['config', 'set', 'base-url', 'https://api.example.com/prefix/']);
    expect(set.exitCode).toBe(0);
    expect(set.stdout).toBe('');
    const file = join(configDir, 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const get = await svc(['config', 'get', 'base-url']);
    expect(get.exitCode).toBe(0);
    expect(get.stdout).toBe('https://api.example.com/prefix\n');
  });

  it('reads the api-key from stdin (trailing newline trimmed) and stores it whole', async () => {
    const set = await svc(['config', 'set', 'api-key'], { input: 'sk_test_from_stdin_9876\n' });
    expect(set.exitCode).toBe(0);
    const stored = JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')) as { profiles: Record<string, Record<string, string>> };
    expect(stored.profiles.default!['api-key']).toBe('sk_test_from_stdin_9876');
    expect(statSync(join(configDir, 'config.json')).mode & 0o777).toBe(0o600);
    const get = await svc(['config', 'get', 'api-key']);
    expect(get.stdout.trim()).toMatch(/^\*+9876$/);
  });

  it('the stored key is sent as x-service-api-key', async () => {
    await svc(['config', 'set', 'api-key'], { input: 'sk_test_stored_5555' });
    const result = await svc(['tx', 'list'], { baseUrl: server.url });
    expect(result.exitCode).toBe(0);
    expect(server.requests[0]!.headers['x-service-api-key']).toBe('sk_test_stored_5555');
  });

  it('an empty key from stdin is refused (exit 2), nothing written', async () => {
    const result = await svc(['config', 'set', 'api-key'], { input: '\n' });
    expect(result.exitCode).toBe(2);
    expect(existsSync(join(configDir, 'config.json'))).toBe(false);
  });

  it('unset removes the value', async () => {
    await svc(['config', 'set', 'base-url', 'https://api.example.com']);
    const unset = await svc(['config', 'unset', 'base-url']);
    expect(unset.exitCode).toBe(0);
    const get = await svc(['config', 'get', 'base-url']);
    expect(get.stdout).toBe('http://127.0.0.1:4010\n');
  });

  it('get api-key when none is set fails without printing a value', async () => {
    const result = await svc(['config', 'get', 'api-key']);
    expect(result.exitCode).not.toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^svc: /);
  });

  it.each([
    ['an unknown setting', ['config', 'set', 'colour', 'red']],
    ['an unknown setting to get', ['config', 'get', 'token']],
    ['a relative base-url', ['config', 'set', 'base-url', 'api.example.com']],
    ['an ftp base-url', ['config', 'set', 'base-url', 'ftp://api.example.com']],
    ['base-url without a value', ['config', 'set', 'base-url']],
    ['a bad profile name', ['config', 'set', 'base-url', 'https://a.example', '--profile', '../etc']],
  ])('%s → exit 2', async (_name, args) => {
    const result = await svc(args);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^svc: /);
    expect(existsSync(join(configDir, 'config.json'))).toBe(false);
  });
});

describe('precedence: flag > env > profile > default, with sources', () => {
  it('defaults when nothing is set', async () => {
    const result = await svc(['config', 'list']);
    expect(result.exitCode).toBe(0);
    const rows = parseList(result.stdout);
    expect(rows.profile).toEqual(['default', 'default']);
    expect(rows['base-url']).toEqual(['http://127.0.0.1:4010', 'default']);
    expect(rows['api-key']![1]).toBe('default');
    expect(rows['api-key']![0]).toBe('');
  });

  it('profile, then env, then flag win in turn', async () => {
    await svc(['config', 'set', 'base-url', 'https://profile.example.com']);
    await svc(['config', 'set', 'api-key'], { input: 'sk_profile_key_1111' });
    let rows = parseList((await svc(['config', 'list'])).stdout);
    expect(rows['base-url']).toEqual(['https://profile.example.com', 'profile']);
    expect(rows['api-key']).toEqual([expect.stringMatching(/^\*+1111$/), 'profile']);

    const env = { SVC_BASE_URL: 'https://env.example.com', SVC_API_KEY: 'sk_env_key_2222' };
    rows = parseList((await svc(['config', 'list'], { env })).stdout);
    expect(rows['base-url']).toEqual(['https://env.example.com', 'env']);
    expect(rows['api-key']).toEqual([expect.stringMatching(/^\*+2222$/), 'env']);

    rows = parseList((await svc(['config', 'list', '--base-url', 'https://flag.example.com'], { env })).stdout);
    expect(rows['base-url']).toEqual(['https://flag.example.com', 'flag']);

    const get = await svc(['--base-url', 'https://flag.example.com', 'config', 'get', 'base-url'], { env });
    expect(get.stdout).toBe('https://flag.example.com\n');
  });

  it('the effective base URL is the one requests go to', async () => {
    await svc(['config', 'set', 'base-url', 'http://127.0.0.1:9']);
    const viaEnv = await svc(['tx', 'list'], { baseUrl: server.url });
    expect(viaEnv.exitCode).toBe(0);
    expect(server.requests).toHaveLength(1);
    const viaFlag = await svc(['tx', 'list', '--base-url', server.url], { env: { SVC_BASE_URL: 'http://127.0.0.1:9' } });
    expect(viaFlag.exitCode).toBe(0);
    expect(server.requests).toHaveLength(2);
  });

  it('the profile comes from --profile, else SVC_PROFILE', async () => {
    let rows = parseList((await svc(['config', 'list'], { env: { SVC_PROFILE: 'ci' } })).stdout);
    expect(rows.profile).toEqual(['ci', 'env']);
    rows = parseList((await svc(['config', 'list', '--profile', 'staging'], { env: { SVC_PROFILE: 'ci' } })).stdout);
    expect(rows.profile).toEqual(['staging', 'flag']);
  });

  it('config list --json gives value and source per setting', async () => {
    const result = await svc(['config', 'list', '--json'], { env: { SVC_BASE_URL: 'https://env.example.com' } });
    expect(result.exitCode).toBe(0);
    const document = JSON.parse(result.stdout) as Record<string, { value: unknown; source: string }>;
    expect(document['base-url']).toEqual({ value: 'https://env.example.com', source: 'env' });
  });
});

describe('--profile isolation', () => {
  it('settings in one profile are invisible to another', async () => {
    await svc(['config', 'set', 'base-url', 'https://staging.example.com', '--profile', 'staging']);
    await svc(['config', 'set', 'api-key', '--profile', 'staging'], { input: 'sk_staging_key_3333' });
    const staging = parseList((await svc(['config', 'list', '--profile', 'staging'])).stdout);
    expect(staging['base-url']).toEqual(['https://staging.example.com', 'profile']);
    expect(staging['api-key']![0]).toMatch(/3333$/);
    const fallback = parseList((await svc(['config', 'list'])).stdout);
    expect(fallback['base-url']).toEqual(['http://127.0.0.1:4010', 'default']);
    expect(fallback['api-key']![0]).toBe('');
    const viaEnvProfile = await svc(['config', 'get', 'base-url'], { env: { SVC_PROFILE: 'staging' } });
    expect(viaEnvProfile.stdout).toBe('https://staging.example.com\n');
  });

  it('unset in one profile leaves the other alone', async () => {
    await svc(['config', 'set', 'base-url', 'https://a.example.com']);
    await svc(['config', 'set', 'base-url', 'https://b.example.com', '--profile', 'b']);
    await svc(['config', 'unset', 'base-url', '--profile', 'b']);
    expect((await svc(['config', 'get', 'base-url'])).stdout).toBe('https://a.example.com\n');
    expect((await svc(['config', 'get', 'base-url', '--profile', 'b'])).stdout).toBe('http://127.0.0.1:4010\n');
  });
});

describe('a corrupt config file', () => {
  it.each([
    ['not JSON', '{"profiles": {'],
    ['not an object', '[1,2]'],
    ['a key that is not a string', '{"profiles":{"default":{"api-key":42}}}'],
  ])('%s: a clear error naming the path; the file is not overwritten', async (_name, content) => {
    mkdirSync(configDir, { recursive: true });
    const file = join(configDir, 'config.json');
    writeFileSync(file, content, { mode: 0o600 });
    const set = await svc(['config', 'set', 'base-url', 'https://x.example.com']);
    expect(set.exitCode).toBe(1);
    expect(set.stderr).toMatch(/^svc: /);
    expect(set.stderr).toContain(file);
    expect(set.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(file, 'utf8')).toBe(content);
    const list = await svc(['tx', 'list'], { baseUrl: server.url });
    expect(list.exitCode).toBe(1);
    expect(list.stderr).toContain(file);
    expect(server.requests).toHaveLength(0);
    expect(readFileSync(file, 'utf8')).toBe(content);
  });

  it('a world-readable config file is tightened to 0600 when read', async () => {
    mkdirSync(configDir, { recursive: true });
    const file = join(configDir, 'config.json');
    writeFileSync(file, '{"profiles":{"default":{"base-url":"https://a.example.com"}}}', { mode: 0o644 });
    const result = await svc(['config', 'get', 'base-url']);
    expect(result.stdout).toBe('https://a.example.com\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
