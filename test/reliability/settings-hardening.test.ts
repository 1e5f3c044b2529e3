// Settings under pressure: `svc config set` run by many processes at once keeps every write (a lock and an
// atomic replace; a dead holder's lock taken over; a clear error after a bounded wait); profile names that are
// properties of every object are stored like any other and touch no other profile; base URLs as users paste them
// are normalised or refused alike from every source; a user:password in a URL is never printed, and
// `webhook listen --forward-to` sends it as Basic auth.
import { execa } from 'execa';
import fc from 'fast-check';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/settings/store.js';
import { checkBaseUrl, displayUrl } from '../../src/settings/resolve.js';
import { LOCK_WAIT_MS, STALE_LOCK_MS, writeSetting } from '../../src/settings/write.js';
import { freshConfigDir, REPO_ROOT, runCli, runInProcess, startInProcess, PROMPT_STOP_MS } from '../helpers/cli.js';
import type { RunResult } from '../helpers/cli.js';
import { json, repeatedly, useRecordingServer } from '../helpers/test-server.js';
import { useFigures } from './figures.js';

const figures = useFigures(import.meta.url);
const server = useRecordingServer(() => repeatedly(json({ transactions: [] })));
const PASSWORD = 'S3cr3t-pw-7f1c';

function profilesIn(configDir: string): Record<string, Record<string, string>> {
  return JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')).profiles;
}

/** Files beside config.json that a writer left behind (its temporary file, its lock). */
function leftovers(configDir: string): string[] {
  return readdirSync(configDir).filter((name) => name !== 'config.json');
}

/** A host name made of a profile name (hosts are lower case, without "_"). */
function host(name: string): string {
  return name.replace(/_/g, 'x').toLowerCase();
}

/**
 * Web URLs without a query or fragment, as fc.webUrl makes them: http or https, a user:password or none, a domain or
 * an IPv4 address, a port or none, a path of RFC 3986 segments (unreserved characters, sub-delimiters, ":", "@" and
 * percent-escapes of any byte), and a "v1" segment now and then. Made here because fc.webUrl builds its segment
 * characters the first time it is used in a process, for ~1.7 CPU-s (most of this file's own CPU).
 */
function webRoot({ withUserInfo }: { withUserInfo: boolean }): fc.Arbitrary<string> {
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const escape = fc.integer({ min: 0, max: 255 }).map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`);
  const unit = (plain: string) => fc.oneof({ arbitrary: fc.constantFrom(...plain), weight: 9 }, { arbitrary: escape, weight: 1 });
  const subDelimiters = "!$&'()*+,;=";
  const segment = fc.oneof(fc.string({ unit: unit(`${letters}-._~${subDelimiters}:@`), maxLength: 10 }), fc.constant('v1'));
  const userInfo = withUserInfo
    ? fc.option(fc.string({ unit: unit(`${letters}-._~${subDelimiters}:`), maxLength: 12 }), { nil: undefined })
    : fc.constant(undefined);
  return fc
    .tuple(
      fc.constantFrom('http', 'https'),
      userInfo,
      fc.oneof(fc.domain(), fc.ipV4()),
      fc.option(fc.nat(65535), { nil: undefined }),
      fc.array(segment, { maxLength: 4 }),
    )
    .map(
      ([scheme, user, host, port, segments]) =>
        `${scheme}://${user === undefined ? '' : `${user}@`}${host}${port === undefined ? '' : `:${port}`}${segments.map((part) => `/${part}`).join('')}`,
    );
}

function expectNoPassword(label: string, result: RunResult): void {
  figures.cases++;
  expect.soft(result.stdout, `${label}: stdout`).not.toContain(PASSWORD);
  expect.soft(result.stderr, `${label}: stderr`).not.toContain(PASSWORD);
}

describe('class 1: concurrent writers keep every write', () => {
  // One race of four real processes (the lock is between processes, so they must be processes) while this process
  // writes and reads the same file too. Four are enough: they load at once on two cores and write within the same
  // few milliseconds, and this process's writes between theirs leave no gap for an unlocked read-modify-write (the
  // lock turned off, this test lost writes in 5 runs of 5, as it did with six). Before the lock, 3 to 12 of 20
  // racing writes were kept (the closing note of the Hardening issue).
  it('4 `svc config set`/`unset` at once, and this process writing beside them: every write kept, no torn read', async () => {
    const configDir = freshConfigDir();
    const path = join(configDir, 'config.json');
    // u holds a value that is unset while p is set, and ci gets its api-key and base-url from two processes at once:
    // every one of them must land.
    await writeSetting(path, 'u', 'base-url', 'https://old.example.com');
    const writers = Promise.all([
      runCli(['config', 'set', 'base-url', 'https://p.example.com', '--profile', 'p'], { configDir, timeout: 30_000 }),
      runCli(['config', 'unset', 'base-url', '--profile', 'u'], { configDir, timeout: 30_000 }),
      runCli(['config', 'set', 'api-key', '--profile', 'ci'], { configDir, input: 'sk_test_race_abcdefgh\n', timeout: 30_000 }),
      runCli(['config', 'set', 'base-url', 'https://ci.example.com', '--profile', 'ci'], { configDir, timeout: 30_000 }),
    ]);
    let done = false;
    void writers.finally(() => {
      done = true;
    });
    // This process's own writes (each in a profile of its own) and reads, until the last child has ended.
    let reads = 0;
    let torn = 0;
    let ours = 0;
    while (!done && ours < 500) {
      try {
        readConfig(path);
      } catch {
        torn++;
      }
      reads++;
      await writeSetting(path, `t${ours}`, 'base-url', `https://t${ours}.example.com`);
      ours++;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const results = await writers;
    figures.cases += 4 + ours;
    expect(
      results.map((result) => result.exitCode),
      results.map((result) => result.stderr).join(''),
    ).toEqual(Array(4).fill(0));
    // This process read and wrote while the children ran. How often depends on the machine: each of its writes waits
    // for the children's lock, and a loaded CI host saw 9 rounds (the bound was 10 then), so the bound is the least
    // that still means an interleaving: a read before, between and after the children's writes.
    expect(reads).toBeGreaterThanOrEqual(3);
    expect(torn).toBe(0);
    const profiles = profilesIn(configDir);
    expect(profiles.p).toEqual({ 'base-url': 'https://p.example.com' });
    expect(profiles.u).toEqual({});
    expect(profiles.ci).toEqual({ 'api-key': 'sk_test_race_abcdefgh', 'base-url': 'https://ci.example.com' });
    for (let i = 0; i < ours; i++) expect(profiles[`t${i}`], `t${i}`).toEqual({ 'base-url': `https://t${i}.example.com` });
    expect(Object.keys(profiles).length).toBe(3 + ours);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(leftovers(configDir)).toEqual([]);
  }, 60_000);

  it('a lock left by a dead process is taken over: an old one at once, one from a process killed with SIGKILL within the stale time', async () => {
    const oldDir = freshConfigDir();
    const oldLock = join(oldDir, 'config.json.lock');
    mkdirSync(oldLock);
    const past = new Date(Date.now() - 60_000);
    utimesSync(oldLock, past, past);
    // The takers run in this process: what is tested is the lock another process left, and the taker's code is the
    // same in a process (the racing test above runs it in four). The CLI is loaded into this process before the clock
    // starts: what is timed is the takeover.
    await runInProcess(['config', 'path']);
    const started = Date.now();
    const result = await runInProcess(['config', 'set', 'base-url', 'https://after-crash.example.com'], { configDir: oldDir });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(profilesIn(oldDir).default).toEqual({ 'base-url': 'https://after-crash.example.com' });
    expect(existsSync(oldLock)).toBe(false);

    // A holder that keeps its lock fresh, then dies without cleaning up.
    const killedDir = freshConfigDir();
    const holder = execa(
      'node',
      [
        '--input-type=module',
        '-e',
        `import lockfile from 'proper-lockfile';
         await lockfile.lock(${JSON.stringify(join(killedDir, 'config.json'))}, { realpath: false, stale: ${STALE_LOCK_MS} });
         console.log('locked');
         setInterval(() => {}, 1000);`,
      ],
      { cwd: REPO_ROOT, reject: false },
    );
    await new Promise<void>((resolve) => holder.stdout!.once('data', () => resolve()));
    holder.kill('SIGKILL');
    await holder;
    const killedLock = join(killedDir, 'config.json.lock');
    expect(existsSync(killedLock)).toBe(true);
    // Its last refresh made a second short of the stale time ago (not the whole 5 s waited out): the taker finds
    // the lock still fresh, waits, and takes it over once it turns stale, a second later.
    const refreshed = new Date(Date.now() - (STALE_LOCK_MS - 1_000));
    utimesSync(killedLock, refreshed, refreshed);
    const waitedFrom = Date.now();
    const after = await runInProcess(['config', 'set', 'base-url', 'https://after-kill.example.com'], {
      configDir: killedDir,
      timeout: 30_000,
    });
    const waitedMs = Date.now() - waitedFrom;
    figures.cases += 2;
    expect(after.exitCode, after.stderr).toBe(0);
    // Not taken at once (it was fresh), and taken within the stale time of the last refresh, not at the end of the
    // 12 s wait for a live holder.
    expect(waitedMs).toBeGreaterThan(500);
    expect(waitedMs).toBeLessThan(1_000 + 3_000);
    expect(profilesIn(killedDir).default).toEqual({ 'base-url': 'https://after-kill.example.com' });
  }, 30_000);

  it('a lock held by a live process: a clear error after the bounded wait, the file untouched; an interrupt ends the wait at once', async () => {
    const { default: lockfile } = await import('proper-lockfile');
    const configDir = freshConfigDir();
    const path = join(configDir, 'config.json');
    await writeSetting(path, 'default', 'base-url', 'https://before.example.com');
    const release = await lockfile.lock(path, { realpath: false, stale: STALE_LOCK_MS });
    try {
      const started = Date.now();
      const error = await writeSetting(path, 'default', 'base-url', 'https://blocked.example.com', { waitMs: 400 }).catch(
        (caught) => caught,
      );
      // Far from the 12 s a wait without its bound would take; a loaded machine adds a second at times.
      expect(Date.now() - started).toBeLessThan(400 + PROMPT_STOP_MS);
      expect(error.message).toBe(`the config file ${path} stayed locked by another svc for 0.4 s`);
      expect(error.hint).toBe(`if no svc config command is running, remove ${path}.lock and try again`);
      expect(error.exitCode).toBe(1);
      expect(LOCK_WAIT_MS).toBeGreaterThan(STALE_LOCK_MS);

      // `svc config set` waiting for the lock (12 s) ends as soon as it is interrupted: runInProcess interrupts it
      // after 300 ms as SIGTERM does (143), through the same abort signal a Ctrl-C aborts (that a signal aborts it,
      // and 130 for SIGINT, is the processes' part: test/reliability/interrupts.test.ts, a wait just like this one).
      const waitedFrom = Date.now();
      const interrupted = await runInProcess(['config', 'set', 'base-url', 'https://interrupted.example.com'], { configDir, timeout: 300 });
      expect(interrupted.exitCode, interrupted.stderr).toBe(143);
      expect(interrupted.stderr).not.toContain('stayed locked');
      expect(Date.now() - waitedFrom).toBeLessThan(300 + PROMPT_STOP_MS);
      figures.cases += 2;
      expect(profilesIn(configDir).default).toEqual({ 'base-url': 'https://before.example.com' });
    } finally {
      await release();
    }
  }, 20_000);
});

describe('class 2: profile names that are properties of every object', () => {
  const PROTOTYPE_NAMES = [
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'valueOf',
    'hasOwnProperty',
    'isPrototypeOf',
    'propertyIsEnumerable',
    'toLocaleString',
    '__defineGetter__',
    '__lookupSetter__',
  ];

  it.each(PROTOTYPE_NAMES)('profile %s is stored like any other and touches no other profile', async (name) => {
    const configDir = freshConfigDir();
    await runInProcess(['config', 'set', 'base-url', 'https://default.example.com'], { configDir });
    const setUrl = await runInProcess(['config', 'set', 'base-url', `https://${host(name)}.example.com`, '--profile', name], {
      configDir,
    });
    const setKey = await runInProcess(['config', 'set', 'api-key', '--profile', name], { configDir, input: 'sk_test_proto_12345678' });
    figures.cases += 2;
    expect([setUrl.exitCode, setKey.exitCode]).toEqual([0, 0]);
    expect(Object.hasOwn(profilesIn(configDir), name)).toBe(true);
    const list = await runInProcess(['config', 'list', '--json', '--profile', name], { configDir });
    expect(JSON.parse(list.stdout)).toEqual({
      profile: { value: name, source: 'flag' },
      'base-url': { value: `https://${host(name)}.example.com`, source: 'profile' },
      'api-key': { value: '****5678', source: 'profile' },
      'api-key-header': { value: 'x-service-api-key', source: 'default' },
      'chain-id': { value: null, source: 'default' },
    });
    const viaEnv = await runInProcess(['config', 'get', 'base-url'], { configDir, env: { SVC_PROFILE: name } });
    expect(viaEnv.stdout).toBe(`https://${host(name)}.example.com\n`);
    expect((await runInProcess(['config', 'get', 'base-url'], { configDir })).stdout).toBe('https://default.example.com\n');
    const unset = await runInProcess(['config', 'unset', 'api-key', '--profile', name], { configDir });
    expect(unset.stderr).toBe(`Removed api-key from profile "${name}"\n`);
    expect((await runInProcess(['config', 'unset', 'api-key', '--profile', name], { configDir })).stderr).toBe(
      `api-key was not set in profile "${name}"\n`,
    );
    // Nothing reached Object.prototype or the functions on it.
    expect(({} as Record<string, unknown>)['base-url']).toBeUndefined();
    expect((Object.prototype.toString as unknown as Record<string, unknown>)['base-url']).toBeUndefined();
  });

  it('a profile never read or set falls back to defaults, even with a prototype name', async () => {
    const configDir = freshConfigDir();
    await runInProcess(['config', 'set', 'base-url', 'https://default.example.com'], { configDir });
    for (const name of PROTOTYPE_NAMES) {
      const list = await runInProcess(['config', 'list', '--json', '--profile', name], { configDir });
      figures.cases++;
      expect(list.exitCode, list.stderr).toBe(0);
      expect(JSON.parse(list.stdout)['base-url']).toEqual({ value: 'http://127.0.0.1:4010', source: 'default' });
    }
  });

  it.each([
    ['', 'empty'],
    ['a.b', 'a dot (a path in dotted stores)'],
    ['../etc', 'a path'],
    ['a b', 'a space'],
    ['x'.repeat(65), '65 characters'],
    ['prod\u001b[31m', 'an escape sequence'],
    ['ünïcode', 'letters outside ASCII'],
  ])('refuses the name %j (%s) with exit 2 and writes nothing', async (name) => {
    const configDir = freshConfigDir();
    const result = await runInProcess(['config', 'set', 'base-url', 'https://x.example.com', '--profile', name], { configDir });
    figures.cases++;
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^svc: --profile ".*": a profile name is 1 to 64 letters, digits, "-" or "_"\n/);
    expect(existsSync(join(configDir, 'config.json'))).toBe(false);
  });

  it('property: any sequence of sets and unsets over any valid names (prototype names among them) leaves each profile as a map would', async () => {
    const name = fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES, 'default'), fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/));
    // Operations over one or two names drawn for the run, a third of them unsets, so that sets and unsets meet on one
    // profile in most runs. With a name drawn for every operation and one unset in six, a planted set that dropped
    // the profile's other setting went unseen in 3 seeds of 10 at 40 runs, and an unset that dropped the whole
    // profile in all 10; now each fails in every one of 10 seeds (by run 12 and by run 21).
    const operations = fc.uniqueArray(name, { minLength: 1, maxLength: 2 }).chain((names) =>
      fc.array(
        fc.record({
          profile: fc.constantFrom(...names),
          key: fc.constantFrom('api-key' as const, 'base-url' as const),
          value: fc.option(fc.integer({ min: 0, max: 999 }), { nil: undefined, freq: 2 }),
        }),
        { minLength: 1, maxLength: 6 },
      ),
    );
    await fc.assert(
      fc.asyncProperty(operations, async (operations) => {
        const configDir = freshConfigDir();
        const path = join(configDir, 'config.json');
        const model = new Map<string, Map<string, string>>();
        for (const { profile, key, value } of operations) {
          const text = key === 'api-key' ? `sk_test_${value}_abcdef` : `https://v${value}.example.com`;
          const result =
            value === undefined
              ? await runInProcess(['config', 'unset', key, '--profile', profile], { configDir })
              : await runInProcess(['config', 'set', key, ...(key === 'base-url' ? [text] : []), '--profile', profile], {
                  configDir,
                  input: text,
                });
          figures.cases++;
          expect(result.exitCode, result.stderr).toBe(0);
          if (value === undefined) model.get(profile)?.delete(key);
          else model.set(profile, (model.get(profile) ?? new Map()).set(key, text));
        }
        const stored = existsSync(path) ? (readConfig(path).profiles ?? {}) : {};
        for (const [profile, settings] of model) {
          expect(Object.hasOwn(stored, profile) ? { ...stored[profile] } : {}).toEqual(Object.fromEntries(settings));
        }
        expect(Object.keys(stored).every((profile) => model.has(profile))).toBe(true);
      }),
      { numRuns: 40 },
    );
  }, 60_000);
});

describe('class 8: base URLs as users paste them', () => {
  const NORMALISED: Array<[string, string]> = [
    ['  https://api.example.com  ', 'https://api.example.com'],
    ['https://api.example.com\n', 'https://api.example.com'],
    ['\thttps://api.example.com/', 'https://api.example.com'],
    ['https://api.example.com/v1', 'https://api.example.com'],
    ['https://api.example.com/v1/', 'https://api.example.com'],
    ['https://api.example.com/prefix/v1/', 'https://api.example.com/prefix'],
    ['https://api.example.com/prefix//', 'https://api.example.com/prefix'],
    ['https://api.example.com?', 'https://api.example.com'],
    ['https://api.example.com/#', 'https://api.example.com'],
    ['https://api.example.com/v1/?', 'https://api.example.com'],
    ['HTTPS://API.Example.COM:443/Prefix', 'https://api.example.com/Prefix'],
    ['\u00a0https://api.example.com/v1\u00a0', 'https://api.example.com'],
    ['https://v1/v1/v1', 'https://v1'],
    ['http://v1:8080/', 'http://v1:8080'],
    ['https://api.example.com/v1x/', 'https://api.example.com/v1x'],
    ['https://api.example.com/apiv1', 'https://api.example.com/apiv1'],
  ];
  const REFUSED: Array<[string, RegExp]> = [
    ['https://api.example.com?key=1', /must not carry a query/],
    ['https://api.example.com/#/docs', /must not carry a fragment/],
    ['https://api. example.com', /must not hold spaces or control characters/],
    ['https://api.example.com/a\tb', /must not hold spaces or control characters/],
    ['https://api.example.com/\u200b', /must not hold spaces or control characters/],
    ['api.example.com', /must be an absolute http:\/\/ or https:\/\/ URL/],
    ['ftp://api.example.com', /must be an absolute http:\/\/ or https:\/\/ URL/],
    ['   ', /must be an absolute http:\/\/ or https:\/\/ URL/],
  ];

  it.each(NORMALISED)('%j is normalised to %s from config set, --base-url and SVC_BASE_URL alike', async (pasted, root) => {
    const configDir = freshConfigDir();
    const set = await runInProcess(['config', 'set', 'base-url', pasted], { configDir });
    expect(set.exitCode, set.stderr).toBe(0);
    expect(profilesIn(configDir).default!['base-url']).toBe(root);
    expect((await runInProcess(['config', 'get', 'base-url'], { configDir })).stdout).toBe(`${root}\n`);
    expect((await runInProcess(['config', 'get', 'base-url', '--base-url', pasted])).stdout).toBe(`${root}\n`);
    expect((await runInProcess(['config', 'get', 'base-url'], { env: { SVC_BASE_URL: pasted } })).stdout).toBe(`${root}\n`);
    figures.cases += 4;
  });

  it.each(REFUSED)('%j is refused with exit 2 from every source, naming it', async (pasted, rule) => {
    const sources: Array<[string, string[], Record<string, string>]> = [
      ['config set base-url', ['config', 'set', 'base-url', pasted], {}],
      ['--base-url', ['tx', 'list', '--base-url', pasted], {}],
      ['SVC_BASE_URL', ['tx', 'list'], { SVC_BASE_URL: pasted }],
    ];
    for (const [origin, args, env] of sources) {
      const configDir = freshConfigDir();
      const result = await runInProcess(args, { configDir, env });
      figures.cases++;
      expect(result.exitCode, `${origin}: ${result.stderr}`).toBe(2);
      expect(result.stderr.startsWith(`svc: ${origin} "`), result.stderr).toBe(true);
      expect(result.stderr).toMatch(rule);
      expect(result.stderr.split('\n')[0]).not.toMatch(/\t/);
      expect(existsSync(join(configDir, 'config.json'))).toBe(false);
    }
  });

  it('a request goes to <root>/v1/..., never /v1/v1/..., whatever was pasted; a refused URL sends nothing', async () => {
    for (const pasted of [` ${server.url}/v1/ `, `${server.url}/v1`, `${server.url}/?`, `${server.url}#`]) {
      const viaFlag = await runInProcess(['tx', 'list', '--base-url', pasted]);
      const viaEnv = await runInProcess(['tx', 'list'], { env: { SVC_BASE_URL: pasted } });
      figures.cases += 2;
      expect([viaFlag.exitCode, viaEnv.exitCode], viaFlag.stderr + viaEnv.stderr).toEqual([0, 0]);
    }
    expect(server.requests.map((request) => request.path)).toEqual(Array(8).fill('/v1/transactions'));
    server.requests.length = 0;
    for (const pasted of [`${server.url}?x=1`, `${server.url}/#top`, `${server.url}/ x`]) {
      const result = await runInProcess(['tx', 'list', '--base-url', pasted]);
      figures.cases++;
      expect(result.exitCode).toBe(2);
    }
    figures.badInputRequests += server.requests.length;
    expect(server.requests).toEqual([]);
  });

  it('a stored base URL that no longer passes names the profile and the command that mends it; set and unset still work', async () => {
    const configDir = freshConfigDir();
    writeFileSync(
      join(configDir, 'config.json'),
      JSON.stringify({ profiles: { staging: { 'base-url': 'https://s.example.com/?token=1' } } }),
      {
        mode: 0o600,
      },
    );
    const list = await runInProcess(['config', 'list', '--profile', 'staging'], { configDir });
    expect(list.exitCode).toBe(2);
    expect(list.stderr).toBe(
      'svc: base-url of profile "staging" "https://s.example.com/?token=1": must not carry a query ("?..."): the CLI appends /v1/... and its own query to it\n' +
        'set it again with: svc config set base-url <url> --profile staging (or: svc config unset base-url --profile staging)\n',
    );
    const unset = await runInProcess(['config', 'unset', 'base-url', '--profile', 'staging'], { configDir });
    expect(unset.exitCode, unset.stderr).toBe(0);
    writeFileSync(join(configDir, 'config.json'), JSON.stringify({ profiles: { staging: { 'base-url': 'nonsense' } } }), { mode: 0o600 });
    const set = await runInProcess(['config', 'set', 'base-url', 'https://s.example.com/v1', '--profile', 'staging'], { configDir });
    expect(set.exitCode, set.stderr).toBe(0);
    expect((await runInProcess(['config', 'get', 'base-url', '--profile', 'staging'], { configDir })).stdout).toBe(
      'https://s.example.com\n',
    );
    figures.cases += 3;
  });

  it('property: pasting decorations (spaces, trailing slashes, /v1, an empty ? or #) never changes the root; normalising is idempotent', () => {
    fc.assert(
      fc.property(
        webRoot({ withUserInfo: true }),
        fc.array(fc.constantFrom('/', '//', '/v1', '/v1/'), { maxLength: 3 }),
        fc.constantFrom('', '?', '#', '/?', '/#', '?#'),
        fc.constantFrom('', ' ', '\t', '\n', '\u00a0'),
        (url, path, end, padding) => {
          const expected = checkBaseUrl(url, 'test');
          expect(checkBaseUrl(`${padding}${url}${path.join('')}${end}${padding}`, 'test')).toBe(expected);
          expect(checkBaseUrl(expected, 'test')).toBe(expected);
          expect(expected).not.toMatch(/\/$|\/v1$/);
        },
      ),
      // Planted, a root that kept a second /v1 or a second trailing slash, or a trim of ASCII spaces only, failed by
      // run 14 in each of 20 seeds (by run 3 on average): 100 runs, not 500.
      { numRuns: 100 },
    );
  });
});

describe('class 9: credentials in URLs', () => {
  const CREDENTIAL_URL = `https://alice:${PASSWORD}@api.example.com/prefix/v1/`;

  it('config set / get / list (TSV, table, --json) show the base URL without its user:password', async () => {
    const configDir = freshConfigDir();
    const set = await runInProcess(['config', 'set', 'base-url', CREDENTIAL_URL], { configDir });
    expectNoPassword('config set', set);
    expect(set.stderr).toContain('Set base-url to https://***@api.example.com/prefix in profile "default"');
    expect(profilesIn(configDir).default!['base-url']).toBe(`https://alice:${PASSWORD}@api.example.com/prefix`);
    const get = await runInProcess(['config', 'get', 'base-url'], { configDir });
    expectNoPassword('config get', get);
    expect(get.stdout).toBe('https://***@api.example.com/prefix\n');
    for (const extra of [[], ['--json'], ['--base-url', CREDENTIAL_URL]]) {
      const list = await runInProcess(['config', 'list', ...extra], { configDir });
      expectNoPassword(`config list ${extra.join(' ')}`, list);
      expect(list.stdout).toContain('https://***@api.example.com/prefix');
    }
    const table = await runInProcess(['config', 'list'], { configDir, stdoutTTY: true, columns: 120 });
    expectNoPassword('config list on a terminal', table);
    const env = await runInProcess(['config', 'get', 'base-url'], { env: { SVC_BASE_URL: CREDENTIAL_URL } });
    expectNoPassword('config get from SVC_BASE_URL', env);
  });

  it('-v lines and errors never print it: refused, unparseable, unreachable, and answered with an error', async () => {
    const local = server.url.replace('http://', `http://alice:${PASSWORD}@`);
    const verbose = await runInProcess(['-v', 'tx', 'list'], { env: { SVC_BASE_URL: `${local}/v1/` } });
    expectNoPassword('-v tx list', verbose);
    expect(verbose.exitCode, verbose.stderr).toBe(0);
    expect(verbose.stderr).toMatch(/^\* GET http:\/\/\*\*\*@127\.0\.0\.1:\d+\/v1\/transactions\S* -> 200/m);

    server.respond([json({ message: 'not here', statusCode: 404, error: 'Not Found' }, 404)]);
    const notFound = await runInProcess(['-v', 'tx', 'list', '--json', '--base-url', local]);
    expectNoPassword('404', notFound);
    expect(notFound.exitCode).toBe(3);

    const bad = [
      `https://alice:${PASSWORD}@api.example.com/?q=1`,
      `https://alice:${PASSWORD}@api.example.com/#x`,
      `https://alice:${PASSWORD.slice(0, 4)}/${PASSWORD.slice(4)}@api.example.com`,
      `https://alice:${PASSWORD}@api example.com`,
      `alice:${PASSWORD}@api.example.com`,
    ];
    for (const pasted of bad) {
      for (const args of [
        ['config', 'set', 'base-url', pasted],
        ['tx', 'list', '--base-url', pasted],
      ]) {
        const result = await runInProcess(args);
        expectNoPassword(`${args[0]} ${pasted}`, result);
        expect.soft(result.stderr, pasted).not.toContain(PASSWORD.slice(4));
        expect(result.exitCode).toBe(2);
      }
      const viaEnv = await runInProcess(['tx', 'list', '--json'], { env: { SVC_BASE_URL: pasted } });
      expectNoPassword(`SVC_BASE_URL ${pasted}`, viaEnv);
      expect.soft(viaEnv.stderr, pasted).not.toContain(PASSWORD.slice(4));
    }

    const unreachable = await runInProcess(['-v', 'tx', 'list', '--retries', '0', '--base-url', `http://alice:${PASSWORD}@127.0.0.1:9`]);
    expectNoPassword('connection refused', unreachable);
    expect(unreachable.exitCode).toBe(6);
  });

  it('property: displayUrl hides any user name and password, and keeps the host and path', () => {
    fc.assert(
      fc.property(webRoot({ withUserInfo: false }), fc.string({ minLength: 1, maxLength: 12 }), (url, user) => {
        const withCredentials = new URL(url);
        withCredentials.username = encodeURIComponent(user);
        withCredentials.password = PASSWORD;
        const root = checkBaseUrl(withCredentials.href, 'test');
        const shown = displayUrl(root);
        expect(shown).not.toContain(PASSWORD);
        expect(shown).toBe(checkBaseUrl(url, 'test').replace('://', '://***@'));
      }),
      { numRuns: 300 },
    );
  });

  describe('webhook listen --forward-to with a user:password', () => {
    let consumer: Server;
    const received: Array<{ path: string; headers: IncomingHttpHeaders; body: string }> = [];
    afterAll(() => new Promise<void>((resolve) => (consumer ? consumer.close(() => resolve()) : resolve())));

    it('forwards with Basic auth (escapes decoded), to the URL without credentials, and never prints the password', async () => {
      consumer = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
          response.writeHead(request.headers.authorization ? 200 : 401).end();
        });
      });
      await new Promise<void>((resolve) => consumer.listen(0, '127.0.0.1', resolve));
      const port = (consumer.address() as AddressInfo).port;
      // "%40" is "@" and "%3A" is ":" inside the password, as a user must write them in a URL.
      const forwardTo = `http://alice:${PASSWORD}%40%3Ax@127.0.0.1:${port}/hooks?from=svc`;
      // In this process: what is tested is what reaches the consumer and what is printed, not a signal or a pipe.
      const listen = await startInProcess(['webhook', 'listen', '--port', '0', '--json', '--forward-to', forwardTo], {
        readyOnStderr: /^Ready: /,
      });
      let stopped = false;
      try {
        const ready = listen
          .stderr()
          .split('\n')
          .find((line) => line.startsWith('Ready: '))!;
        expect(ready).toContain(`relayed to http://***@127.0.0.1:${port}/hooks?from=svc`);
        const url = /notifications to (\S+)/.exec(ready)![1]!;
        const message = {
          webhookId: '0f0e0d0c-0b0a-4909-8807-060504030201',
          eventType: 'address_activity',
          messageId: 'a3b1c2d4-0000-4000-8000-000000000001',
          event: {
            transaction: {
              txHash: `0x${'ab'.repeat(32)}`,
              chainId: '43113',
              from: `0x${'11'.repeat(20)}`,
              to: `0x${'22'.repeat(20)}`,
              erc20Transfers: [],
              internalTransactions: [],
            },
            logs: [],
          },
        };
        const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(message) });
        expect(answer.status).toBe(200);
        for (const deadline = Date.now() + 8_000; !/forwarded: 200/.test(listen.stderr());) {
          if (Date.now() > deadline) throw new Error(`no "forwarded: 200" line: ${listen.stderr()}`);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        stopped = true;
        expect(await listen.stop()).toBe(130);
        figures.cases++;
        expect(received).toHaveLength(1);
        expect(received[0]!.path).toBe('/hooks?from=svc');
        expect(received[0]!.headers.authorization).toBe(`Basic ${Buffer.from(`alice:${PASSWORD}@:x`).toString('base64')}`);
        expect(JSON.parse(received[0]!.body)).toEqual(message);
        const printed = listen.stdout() + listen.stderr();
        expect(printed).toContain('forwarded: 200');
        expect(printed).not.toContain(PASSWORD);
      } finally {
        if (!stopped) await listen.stop();
      }
    }, 30_000);

    it.each([
      [`http://alice:${PASSWORD}@hooks.example.com/x`, /refusing to send its password over plain http to hooks\.example\.com/],
      [`http://alice:${PASSWORD.slice(0, 4)}/${PASSWORD.slice(4)}@127.0.0.1/`, /must be an absolute http:\/\/ or https:\/\/ URL/],
      [`ftp://alice:${PASSWORD}@127.0.0.1/`, /must be an absolute http:\/\/ or https:\/\/ URL/],
      [`http://alice:${PASSWORD}@127.0.0.1/ x`, /must be an absolute http:\/\/ or https:\/\/ URL/],
    ])('refuses %s with exit 2, naming --forward-to, without the password', async (forwardTo, rule) => {
      const result = await runInProcess(['webhook', 'listen', '--port', '0', '--forward-to', forwardTo]);
      expectNoPassword(`--forward-to ${forwardTo}`, result);
      expect(result.stderr).not.toContain(PASSWORD.slice(4));
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toMatch(/^svc: --forward-to "/);
      expect(result.stderr).toMatch(rule);
    });

    it('https, and plain http to this machine, are accepted with credentials', async () => {
      const { parseWebhookListenOptions } = await import('../../src/commands/webhook/listen.js');
      for (const forwardTo of [
        `https://alice:${PASSWORD}@hooks.example.com/`,
        `http://alice:${PASSWORD}@localhost:3000/`,
        `http://u:p@[::1]:3000/`,
      ]) {
        expect(parseWebhookListenOptions({ port: '0', host: '127.0.0.1', forwardTo }).forwardTo).toBe(forwardTo);
      }
    });
  });
});
