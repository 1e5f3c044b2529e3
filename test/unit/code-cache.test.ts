// The build's code cache (scripts/code-cache.cjs, used by bin/svc.js): made for the very bundle it was built with,
// accepted by a plain node, and never a reason for the CLI to fail: a damaged one costs only speed.
import { execa } from 'execa';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { isolatedEnv, REPO_ROOT } from '../helpers/cli.js';
import { API_KEY, startTestEmulator } from '../helpers/emulator-helpers.js';

const bundleFile = join(REPO_ROOT, 'dist', 'svc.js');
const buildHash = () => /^\/\/ svc build ([0-9a-f]+)/.exec(readFileSync(bundleFile, 'latin1'))![1]!;

/** A node with no flags from this test runner: the V8 flags a plain `svc` starts with. */
function plainNodeEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined && name !== 'NODE_OPTIONS') env[name] = value;
  return env;
}

describe('the code cache made by npm run build', () => {
  it('is named after the bundle it was made from, and a plain node compiles the bundle with it', async () => {
    const cacheFile = join(REPO_ROOT, 'dist', `svc-${buildHash()}.code-cache`);
    expect(statSync(cacheFile).size).toBeGreaterThan(10_000);
    // Compiled as bin/svc.js compiles it: V8 refuses a cache made by another V8, under other flags or for another
    // source length; it accepts this one.
    const compiled = await execa(
      process.execPath,
      [
        '-e',
        `const { Script } = require('node:vm'); const fs = require('node:fs');
         const script = new Script(fs.readFileSync(process.argv[1], 'latin1'), { filename: process.argv[1], cachedData: fs.readFileSync(process.argv[2]) });
         console.log(script.cachedDataRejected ? 'rejected' : 'accepted');`,
        bundleFile,
        cacheFile,
      ],
      { env: plainNodeEnv(), extendEnv: false },
    );
    expect(compiled.stdout).toBe('accepted');
  });
});

describe('a CLI whose build cache is damaged', () => {
  let emulator: RunningEmulator;
  let copy: string;
  let userCache: string;
  beforeAll(async () => {
    emulator = await startTestEmulator();
    // A copy of the package (what npm installs: package.json, bin, dist), its cache file overwritten with noise.
    copy = mkdtempSync(join(tmpdir(), 'svc-cache-copy-'));
    for (const entry of ['package.json', 'bin', 'dist']) cpSync(join(REPO_ROOT, entry), join(copy, entry), { recursive: true });
    const cacheFile = join(copy, 'dist', `svc-${buildHash()}.code-cache`);
    writeFileSync(cacheFile, Buffer.alloc(statSync(cacheFile).size, 0x5a));
    userCache = join(copy, 'user-cache');
    mkdirSync(userCache);
  });
  afterAll(async () => {
    await emulator?.close();
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  const run = (env: Record<string, string>) =>
    execa('node', [join(copy, 'bin', 'svc.js'), 'tx', 'list', '--json', '--page-size', '3'], {
      env: isolatedEnv({ baseUrl: emulator.url, apiKey: API_KEY, env: { XDG_CACHE_HOME: userCache, ...env } }),
      extendEnv: false,
      reject: false,
    });

  it('still runs, in CI and out of it, and writes no cache of its own anywhere', async () => {
    const inCi = await run({ CI: 'true' });
    expect(inCi.stderr).toBe('');
    expect(inCi.exitCode).toBe(0);
    expect(JSON.parse(inCi.stdout).transactions).toHaveLength(3);

    const onLaptop = await run({});
    expect(onLaptop.exitCode).toBe(0);
    expect(onLaptop.stdout).toBe(inCi.stdout);
    expect(readdirSync(userCache)).toEqual([]);
  });
});
