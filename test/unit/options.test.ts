// Flag parsers, paging, ids, colour, settings resolution and key masking: the checks made before any request.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseChainId, parseChoice, parseHttpUrl, parseInteger, parsePositiveInteger, parseSeconds } from '../../src/options.js';
import { parsePageSize, parsePageToken, parsePaging } from '../../src/commands/shared/paging.js';
import { UsageError, LocalError } from '../../src/errors.js';
import { checkWebhookId } from '../../src/options.js';
import { decideColor } from '../../src/io.js';
import { checkBaseUrl, isLoopbackHost, maskKey, resolveSettings } from '../../src/settings/resolve.js';
import { parseGlobals } from '../../src/cli.js';

describe('parseInteger / parsePositiveInteger / parsePageSize', () => {
  it('accepts integers in range', () => {
    expect(parseInteger('--retries', '0', 0, 10)).toBe(0);
    expect(parseInteger('--retries', '10', 0, 10)).toBe(10);
    expect(parsePositiveInteger('--limit', '250')).toBe(250);
    expect(parsePageSize('1')).toBe(1);
    expect(parsePageSize('100')).toBe(100);
  });

  it.each(['', '-1', '11', '1.5', 'abc', '1e1', '0x5', ' '])('--retries %j is a UsageError naming the flag', (text) => {
    expect(() => parseInteger('--retries', text, 0, 10)).toThrow(UsageError);
    expect(() => parseInteger('--retries', text, 0, 10)).toThrow(/--retries/);
  });

  it.each(['0', '101', '-5', '50.5', 'ten'])('--page-size %j is refused', (text) => {
    expect(() => parsePageSize(text)).toThrow(UsageError);
  });

  it.each(['0', '-1', '1.5', 'x', '99999999999999999999'])('--limit %j is refused', (text) => {
    expect(() => parsePositiveInteger('--limit', text)).toThrow(UsageError);
  });
});

describe('parseSeconds', () => {
  it('accepts fractions above 0 up to the max', () => {
    expect(parseSeconds('--timeout', '0.5', 3600)).toBe(0.5);
    expect(parseSeconds('--timeout', '30', 3600)).toBe(30);
    expect(parseSeconds('--timeout', '3600', 3600)).toBe(3600);
  });
  it.each(['0', '0.0', '-1', 'abc', '', '3601', '1e2', 'Infinity', 'NaN'])('refuses %j', (text) => {
    expect(() => parseSeconds('--timeout', text, 3600)).toThrow(UsageError);
  });
});

describe('parseGlobals', () => {
  it('turns seconds into ms and keeps flags', () => {
    expect(parseGlobals({ timeout: '0.5', retries: '2', color: true, json: true })).toMatchObject({
      timeoutMs: 500,
      retries: 2,
      json: true,
      verbose: false,
      quiet: false,
    });
  });
  it('refuses bad values with a UsageError', () => {
    expect(() => parseGlobals({ timeout: 'x', retries: '3', color: true })).toThrow(UsageError);
    expect(() => parseGlobals({ timeout: '30', retries: '-1', color: true })).toThrow(UsageError);
  });
});

describe('parseChoice, parseHttpUrl, parseChainId, parsePageToken', () => {
  it('parseChoice', () => {
    expect(parseChoice('--network', 'fuji', ['mainnet', 'fuji', 'testnet'] as const)).toBe('fuji');
    expect(() => parseChoice('--network', 'Fuji', ['mainnet', 'fuji', 'testnet'] as const)).toThrow(/mainnet, fuji, testnet/);
  });

  it.each(['https://example.com/hook', 'http://127.0.0.1:8080/x?y=1'])('parseHttpUrl accepts %s', (url) => {
    expect(parseHttpUrl('--url', url)).toBe(url);
  });
  it.each(['/hook', 'example.com', 'ftp://example.com', 'https://exa mple.com', '', 'javascript:alert(1)'])(
    'parseHttpUrl refuses %j',
    (url) => {
      expect(() => parseHttpUrl('--url', url)).toThrow(UsageError);
    },
  );

  it.each(['1', '43114', '43113', '99999999999999999999'])('parseChainId accepts %s', (id) => {
    expect(parseChainId(id)).toBe(id);
  });
  it.each([
    ['fuji', '43113'],
    ['Fuji', '43113'],
    ['c-chain', '43114'],
    ['dfk-testnet', '335'],
  ])('parseChainId takes the name %s for %s', (name, id) => {
    expect(parseChainId(name)).toBe(id);
  });
  it.each(['0', '01', '-1', '0xa86a', '1.0', '', 'fuj', 'avalanche', '1 '])('parseChainId refuses %j', (id) => {
    expect(() => parseChainId(id)).toThrow(UsageError);
  });
  it('an unknown name is refused with the names svc knows', () => {
    expect(() => parseChainId('mainnet')).toThrow(
      '--chain-id "mainnet": must be a decimal chain id such as 43114, or a chain\'s name: c-chain (43114), fuji (43113), dexalot (432204), dexalot-testnet (432201), dfk (53935), dfk-testnet (335)',
    );
  });

  it('parsePageToken refuses empty and whitespace tokens', () => {
    expect(parsePageToken('abc-123_=')).toBe('abc-123_=');
    for (const bad of ['', 'a b', 'a\nb', 'a\tb']) expect(() => parsePageToken(bad)).toThrow(UsageError);
  });
});

describe('parsePaging', () => {
  it('a single page by default', () => {
    expect(parsePaging({})).toEqual({ pageSize: undefined, pageToken: undefined, limit: undefined, followPages: false });
  });
  it('--limit and --all follow pages', () => {
    expect(parsePaging({ limit: '250' })).toMatchObject({ limit: 250, followPages: true });
    expect(parsePaging({ all: true })).toMatchObject({ limit: undefined, followPages: true });
    expect(parsePaging({ pageSize: '20', pageToken: 't' })).toMatchObject({ pageSize: 20, pageToken: 't', followPages: false });
  });
  it('--limit with --all is refused', () => {
    expect(() => parsePaging({ limit: '5', all: true })).toThrow(UsageError);
  });
});

describe('checkWebhookId', () => {
  it.each(['3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60', 'abc', 'a%2F', 'a;b', 'hä', '...'])('accepts %j', (id) => {
    expect(checkWebhookId(id)).toBe(id);
  });
  it.each(['', '.', '..', 'a/b', '/', 'a?b', 'a#b', 'a b', 'a\tb', 'a\nb', 'a\u0000b', 'a\u001bb', 'a\\b', 'a\u0085b'])(
    'refuses %j',
    (id) => {
      expect(() => checkWebhookId(id)).toThrow(UsageError);
    },
  );
});

describe('decideColor', () => {
  const tty = { noColorFlag: false, isTTY: true };
  it('on a terminal by default, not when piped', () => {
    expect(decideColor({ env: {}, ...tty })).toBe(true);
    expect(decideColor({ env: {}, noColorFlag: false, isTTY: false })).toBe(false);
  });
  it('NO_COLOR (non-empty) turns it off; empty NO_COLOR does not', () => {
    expect(decideColor({ env: { NO_COLOR: '1' }, ...tty })).toBe(false);
    expect(decideColor({ env: { NO_COLOR: '' }, ...tty })).toBe(true);
  });
  it('--no-color wins over FORCE_COLOR', () => {
    expect(decideColor({ env: { FORCE_COLOR: '1' }, noColorFlag: true, isTTY: true })).toBe(false);
  });
  it('NO_COLOR wins over FORCE_COLOR', () => {
    expect(decideColor({ env: { FORCE_COLOR: '1', NO_COLOR: '1' }, ...tty })).toBe(false);
  });
  it('FORCE_COLOR forces it when piped; FORCE_COLOR=0 does not', () => {
    expect(decideColor({ env: { FORCE_COLOR: '1' }, noColorFlag: false, isTTY: false })).toBe(true);
    expect(decideColor({ env: { FORCE_COLOR: '0' }, noColorFlag: false, isTTY: false })).toBe(false);
  });
  it('TERM=dumb turns it off', () => {
    expect(decideColor({ env: { TERM: 'dumb' }, ...tty })).toBe(false);
  });
});

describe('maskKey', () => {
  it('shows at most the last 4 characters', () => {
    expect(maskKey('sk_test_DISTINCTIVE_0123456789abcdef')).toBe('****cdef');
    expect(maskKey('sk_test_DISTINCTIVE_0123456789abcdef')).not.toContain('bcdef');
  });
  it('a short key shows nothing of itself', () => {
    expect(maskKey('abcd')).toBe('****');
    expect(maskKey('abcdefgh')).toBe('****');
    expect(maskKey('')).toBe('****');
  });
});

describe('isLoopbackHost', () => {
  it.each(['localhost', 'LOCALHOST', 'api.localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]'])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });
  it.each(['example.com', '10.0.0.1', '128.0.0.1', '127.0.0.1.evil.com', 'localhost.evil.com', '0.0.0.0', '::', '192.168.1.1'])(
    '%s is not',
    (host) => {
      expect(isLoopbackHost(host)).toBe(false);
    },
  );
});

describe('checkBaseUrl', () => {
  it('drops trailing slashes, keeps a path prefix', () => {
    expect(checkBaseUrl('https://api.example.com/', '--base-url')).toBe('https://api.example.com');
    expect(checkBaseUrl('https://api.example.com/prefix//', '--base-url')).toBe('https://api.example.com/prefix');
  });
  it.each(['api.example.com', 'ftp://a.example', 'https://a.example/?x=1', 'https://a.example/#f'])('refuses %j', (url) => {
    expect(() => checkBaseUrl(url, '--base-url')).toThrow(UsageError);
  });
});

describe('resolveSettings', () => {
  function dirWith(config: unknown): string {
    const dir = mkdtempSync(join(tmpdir(), 'svc-unit-'));
    writeFileSync(join(dir, 'config.json'), typeof config === 'string' ? config : JSON.stringify(config), { mode: 0o600 });
    return dir;
  }

  it('flag > env > profile > default, with sources', () => {
    const dir = dirWith({ profiles: { default: { 'base-url': 'https://profile.example', 'api-key': 'sk_profile_1234' } } });
    const profileOnly = resolveSettings({}, { SVC_CONFIG_DIR: dir });
    expect(profileOnly.baseUrl).toEqual({ value: 'https://profile.example', source: 'profile' });
    expect(profileOnly.apiKey).toEqual({ value: 'sk_profile_1234', source: 'profile' });
    expect(profileOnly.profile).toEqual({ value: 'default', source: 'default' });

    const env = { SVC_CONFIG_DIR: dir, SVC_BASE_URL: 'https://env.example', SVC_API_KEY: 'sk_env_5678' };
    const fromEnv = resolveSettings({}, env);
    expect(fromEnv.baseUrl).toEqual({ value: 'https://env.example', source: 'env' });
    expect(fromEnv.apiKey).toEqual({ value: 'sk_env_5678', source: 'env' });

    expect(resolveSettings({ baseUrl: 'https://flag.example/' }, env).baseUrl).toEqual({ value: 'https://flag.example', source: 'flag' });
  });

  it('defaults without a file', () => {
    const settings = resolveSettings({}, { SVC_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'svc-unit-')) });
    expect(settings.baseUrl).toEqual({ value: 'http://127.0.0.1:4010', source: 'default' });
    expect(settings.apiKey).toBeUndefined();
  });

  it('profiles are separate', () => {
    const dir = dirWith({ profiles: { staging: { 'base-url': 'https://staging.example' } } });
    expect(resolveSettings({ profile: 'staging' }, { SVC_CONFIG_DIR: dir }).baseUrl.source).toBe('profile');
    expect(resolveSettings({}, { SVC_CONFIG_DIR: dir }).baseUrl.source).toBe('default');
    expect(resolveSettings({}, { SVC_CONFIG_DIR: dir, SVC_PROFILE: 'staging' }).profile).toEqual({ value: 'staging', source: 'env' });
  });

  it('a corrupt file is a LocalError naming its path', () => {
    const dir = dirWith('{nope');
    expect(() => resolveSettings({}, { SVC_CONFIG_DIR: dir })).toThrow(LocalError);
    expect(() => resolveSettings({}, { SVC_CONFIG_DIR: dir })).toThrow(join(dir, 'config.json'));
  });

  it('a bad profile name is a UsageError', () => {
    expect(() => resolveSettings({ profile: '../x' }, { SVC_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'svc-unit-')) })).toThrow(UsageError);
  });
});
