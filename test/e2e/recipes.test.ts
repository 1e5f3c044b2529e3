// Runs every README recipe (a code block after `<!-- recipe: name -->`) with bash against the emulator, with
// `svc` on PATH, so the README cannot drift from what the CLI does. The recipes are shell scripts running the
// installed-style `svc` (bin/svc.js), so they stay processes; the emulator they talk to and the direct `svc`
// calls that prepare or cross-check a recipe run in this process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { missing } from '../helpers/tools.js';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, runInProcess } from '../helpers/cli.js';
import { readRecipeFiles, readRecipes } from '../helpers/readme-recipes.js';
import { DEFAULT_EMULATOR_OPTIONS, startEmulator } from '../../src/emulator/index.js';
import type { RunningEmulator } from '../../src/emulator/index.js';

const KEY = 'sk_test_recipes_0001';
const ADDRESSES = [
  '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
  '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
  '0x1111111111111111111111111111111111111111',
];

const recipes = readRecipes();

const recipe = (name: string): string => {
  const text = recipes.get(name);
  if (text === undefined) throw new Error(`README.md has no recipe "${name}"`);
  return text;
};

let emulator: RunningEmulator | undefined;
let baseUrl: string;
let workDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  // What `svc emulator start --port 0 --seed 42 --block-time 0` runs, with the CLI's other defaults: seed 42 as the
  // README's own start and the tests' default, so its history is the one this process has made already (another
  // seed made one of its own, ~0.3 CPU-s).
  emulator = await startEmulator({ ...DEFAULT_EMULATOR_OPTIONS, port: 0, seed: 42, blockTimeMs: 0 });
  baseUrl = emulator.url;
  expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

  // `svc` on PATH, as an installed CLI would be.
  workDir = mkdtempSync(join(tmpdir(), 'svc-recipes-'));
  const binDir = join(workDir, '.bin');
  mkdirSync(binDir);
  writeFileSync(join(binDir, 'svc'), `#!/bin/sh\nexec node ${JSON.stringify(BIN)} "$@"\n`);
  chmodSync(join(binDir, 'svc'), 0o755);
  writeFileSync(join(workDir, 'watch.txt'), `# addresses this job watches\n${ADDRESSES.join('\n')}\n\n`);
  for (const [name, content] of readRecipeFiles()) writeFileSync(join(workDir, name), content);
  env = {
    PATH: `${binDir}:${process.env.PATH}`,
    HOME: workDir,
    // HOME is the test's, but the launcher's compiled-code cache stays the runner's, warm from earlier runs as on a
    // user's machine: a cold cache costs every command's first run here ~0.08 CPU-s compiling and saving it.
    XDG_CACHE_HOME: process.env.XDG_CACHE_HOME || join(homedir(), '.cache'),
    SVC_BASE_URL: baseUrl,
    SVC_API_KEY: KEY,
    SVC_CONFIG_DIR: join(workDir, '.config'),
    NO_COLOR: '1',
    HOOK_URL: 'http://127.0.0.1:9/hook',
  };
});

afterAll(async () => {
  await emulator?.close();
});

/** `svc` with the recipes' environment (service, key, config directory, HOME), in this process. */
function svc(args: string[], input?: string) {
  return runInProcess(args, { baseUrl, apiKey: KEY, configDir: env.SVC_CONFIG_DIR, env: { HOME: workDir }, input });
}

async function run(script: string, extraEnv: Record<string, string> = {}) {
  const file = join(workDir, 'recipe.sh');
  writeFileSync(file, script);
  const result = await execa('bash', ['-e', file], {
    env: { ...env, ...extraEnv },
    extendEnv: false,
    cwd: workDir,
    reject: false,
    timeout: 60_000,
  });
  return { exitCode: result.exitCode, stdout: String(result.stdout), stderr: String(result.stderr) };
}

describe.skipIf(missing('jq'))('README recipes', () => {
  it('the README has its recipes and the file they use', () => {
    expect([...recipes.keys()]).toEqual([
      'manage-webhooks',
      'watch-more-addresses',
      // Run by cli-api.test.ts, against a recording server.
      'api-balances',
      'api-every-page',
      'api-jq',
      'terminal',
      'failed-fuji-hashes',
      'follow-hashes',
      'watched-addresses',
      'json-error',
      'ci',
      'apply-dry-run',
      'apply',
      'apply-ci',
    ]);
    expect([...readRecipeFiles().keys()]).toEqual(['webhooks.json']);
  });

  it('terminal: every command succeeds; the signature and the webhook are printed', async () => {
    const result = await run(recipe('terminal'));
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    // tx list piped: a page (10) of TSV rows, every one failed, before the help. This run is tx list's process run
    // (process-contract.test.ts runs its cases in-process), as the others here are for help, event-signature and create.
    const rows = result.stdout.slice(0, result.stdout.indexOf('Usage: ')).trimEnd().split('\n');
    expect(rows).toHaveLength(10);
    for (const row of rows) expect(row.split('\t')).toEqual([...Array(8).fill(expect.any(String)), 'failed']);
    expect(result.stdout).toMatch(/^Usage: svc tx list/m);
    expect(result.stdout).toMatch(/^Examples:$/m);
    expect(result.stdout).toMatch(/^0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef$/m);
    // The webhook's columns, as every command prints them: id, name, chain id, status, addresses, url, created, event type.
    expect(result.stdout).toMatch(/^[0-9a-f-]{36}\t[^\t]*\t43113\tactive\t\d+\thttps:\/\/example\.com\/hook\t/m);
  });

  it('failed-fuji-hashes: one transaction hash per line, all of failed Fuji transactions', async () => {
    const result = await run(recipe('failed-fuji-hashes'));
    expect(result.exitCode).toBe(0);
    const hashes = result.stdout.trim().split('\n');
    expect(hashes.length).toBeGreaterThan(0);
    for (const hash of hashes) expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    // The same set the CLI reports as failed and on the test network.
    const rows = await svc(['tx', 'list', '--network', 'fuji', '--status', 'failed', '--limit', '50']);
    expect(rows.exitCode).toBe(0);
    expect(
      String(rows.stdout)
        .trim()
        .split('\n')
        .map((row) => row.split('\t')[3]),
    ).toEqual(hashes);
  });

  it('follow-hashes: the first page, then new transactions as they are injected, one hash a line, and it ends', async () => {
    const injected: string[] = [];
    const recipeRun = run(recipe('follow-hashes'));
    let ended = false;
    void recipeRun.finally(() => (ended = true));
    // New fuji transactions until the pipeline ends: head leaves after 12 lines, then jq and svc at their next write.
    for (let i = 0; i < 100 && !ended; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      // `svc emulator trigger` in this process: its modules are loaded already, where the first fetch() would load
      // Node's own HTTP client for this alone.
      const answer = await svc(['emulator', 'trigger', '--chain-id', '43113', '--json']);
      expect(answer.exitCode, answer.stderr).toBe(0);
      injected.push((JSON.parse(answer.stdout) as { txHash: string }).txHash);
    }
    const result = await recipeRun;
    expect(result.exitCode).toBe(0);
    const hashes = result.stdout.trim().split('\n');
    expect(hashes).toHaveLength(12);
    for (const hash of hashes) expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(new Set(hashes).size).toBe(12);
    // The last two are new ones, one after the other as they were made (the first page may hold an earlier one).
    const first = injected.indexOf(hashes[10]!);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(injected.slice(first, first + 2)).toEqual(hashes.slice(10));
  });

  it('watched-addresses: the file holds every watched address', async () => {
    const addresses = Array.from({ length: 120 }, (_, i) => '0x' + (i + 1).toString(16).padStart(40, 'a'));
    const created = await svc(
      ['webhook', 'create', '--url', 'http://127.0.0.1:9/hook', '--chain-id', '43113', '--addresses-file', '-', '--json'],
      addresses.join('\n'),
    );
    expect(created.exitCode).toBe(0);
    const webhookId = (JSON.parse(String(created.stdout)) as { id: string }).id;
    const result = await run(recipe('watched-addresses'), { WEBHOOK_ID: webhookId });
    expect(result.exitCode).toBe(0);
    expect(result.stdout.trim()).toBe('120');
    const saved = readFileSync(join(workDir, 'watched.txt'), 'utf8').trim().split('\n');
    expect(saved.map((address) => address.toLowerCase()).sort()).toEqual(addresses.sort());
  });

  it('manage-webhooks: finds the webhook by name, gets it, moves its url, switches it off and on', async () => {
    const created = await svc([
      'webhook',
      'create',
      '--url',
      'http://127.0.0.1:9/hook',
      '--chain-id',
      '43113',
      '--address',
      ADDRESSES[0]!,
      '--name',
      'payments',
      '--json',
    ]);
    expect(created.exitCode).toBe(0);
    const webhookId = (JSON.parse(String(created.stdout)) as { id: string }).id;
    const result = await run(recipe('manage-webhooks'));
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    const lines = result.stdout.trim().split('\n');
    // get (TSV), update (TSV), deactivate (TSV), activate (TSV), then the last get through jq.
    expect(lines).toHaveLength(5);
    // id, status and url of each printed webhook (columns 1, 4 and 6, as every command prints a webhook).
    const cells = (line: string) => [line.split('\t')[0], line.split('\t')[3], line.split('\t')[5]];
    expect(cells(lines[0]!)).toEqual([webhookId, 'active', 'http://127.0.0.1:9/hook']);
    expect(cells(lines[1]!)).toEqual([webhookId, 'active', 'https://example.com/new-hook']);
    expect(cells(lines[2]!).slice(0, 2)).toEqual([webhookId, 'inactive']);
    expect(cells(lines[3]!).slice(0, 2)).toEqual([webhookId, 'active']);
    expect(lines[4]).toBe(`${webhookId} active https://example.com/new-hook`);
    // The service agrees.
    const after = await svc(['webhook', 'get', webhookId, '--json']);
    expect(JSON.parse(String(after.stdout))).toMatchObject({ id: webhookId, status: 'active', url: 'https://example.com/new-hook' });
    // Eight svc processes one after another (seven of them in the recipe's shell): ~1.6 s alone, and over 20 s in
    // three full runs of a machine shared with three other test runs.
  }, 60_000);

  it('watch-more-addresses: adds the file in batches, removes one, counts what is left', async () => {
    const created = await svc([
      'webhook',
      'create',
      '--url',
      'http://127.0.0.1:9/hook',
      '--chain-id',
      '43113',
      '--address',
      ADDRESSES[0]!,
      '--json',
    ]);
    expect(created.exitCode).toBe(0);
    const webhookId = (JSON.parse(String(created.stdout)) as { id: string }).id;
    const wallets = Array.from({ length: 1200 }, (_, i) => '0xb' + (i + 1).toString(16).padStart(39, '0'));
    writeFileSync(join(workDir, 'new-wallets.txt'), `# wallets opened this week\n${[...wallets, ADDRESSES[1], ADDRESSES[0]].join('\n')}\n`);
    const result = await run(recipe('watch-more-addresses'), { WEBHOOK_ID: webhookId });
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(
      result.stdout
        .trim()
        .split('\n')
        .map((line) => line.trim()),
    ).toEqual(['1202 addresses', '1201 addresses', '1201']);
  });

  it('ci: creates the webhook from the file, reports it, deactivates it at the end', async () => {
    const result = await run(recipe('ci'));
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    const id = /^webhook (\S+) watches 3 addresses$/m.exec(result.stdout)?.[1];
    expect(id).toBeDefined();
    expect(result.stdout.trim().split('\n').at(-1)).toBe(`webhook ${id}: inactive`);
  });

  it('ci: when a later step fails, the webhook is still deactivated and the exit code kept', async () => {
    const result = await run(recipe('ci') + 'exit 3\n');
    expect(result.exitCode).toBe(3);
    expect(result.stdout).toMatch(/^webhook \S+: inactive$/m);
  });

  it('json-error: the last stderr line of a failure is the error as JSON', async () => {
    const result = await run(recipe('json-error'));
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
    expect(result.stdout).toBe('404 webhook 00000000-0000-4000-8000-000000000000 not found');
  });

  it('ci: a missing key stops the job early, on the emulator too (where listing transactions needs none)', async () => {
    const result = await run(recipe('ci'), { SVC_API_KEY: '' });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/^SVC_API_KEY is missing or the service refused it$/m);
    expect(result.stdout).not.toMatch(/webhook/);
  });

  it('ci: an unreachable service stops the job early with a clear message', async () => {
    const result = await run(recipe('ci'), { SVC_BASE_URL: 'http://127.0.0.1:9', SVC_API_KEY: KEY });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/cannot reach the service at http:\/\/127\.0\.0\.1:9$/m);
    expect(result.stdout).not.toMatch(/webhook/);
  });

  describe('keep webhooks in your repository', () => {
    // A key of their own: the other recipes' webhooks are not the file's, and --prune would take them.
    const APPLY_KEY = 'sk_test_recipes_apply_0001';
    const applyRun = (script: string) => run(script, { SVC_API_KEY: APPLY_KEY });

    it('apply-dry-run: the plan, and nothing created', async () => {
      const result = await applyRun(recipe('apply-dry-run'));
      expect(result).toMatchObject({ exitCode: 0, stdout: '+ create treasury\n+ create payments-fuji' });
      expect(result.stderr).toBe('dry run: nothing was changed (2 changes planned: 2 to create)');
      // Nothing created: the key has no webhook (asked in this process; a second run of the recipe said the same).
      const listed = await runInProcess(['webhook', 'list', '--all', '--json'], {
        baseUrl,
        apiKey: APPLY_KEY,
        configDir: env.SVC_CONFIG_DIR,
      });
      expect(listed.exitCode, listed.stderr).toBe(0);
      expect(JSON.parse(listed.stdout).webhooks).toEqual([]);
    });

    it('apply: the changes as made, then no changes', async () => {
      const result = await applyRun(recipe('apply'));
      expect(result).toMatchObject({
        exitCode: 0,
        stderr: '2 changes made: 2 created\nno changes',
        stdout: '+ create treasury\n+ create payments-fuji',
      });
    });

    it('apply-ci: nothing to do for the file, webhooks removed from it deactivated', async () => {
      const old = await runInProcess(
        ['webhook', 'create', '--url', 'http://127.0.0.1:9/hook', '--chain-id', '43113', '--address', ADDRESSES[2]!, '--name', 'old'],
        { baseUrl, apiKey: APPLY_KEY, configDir: env.SVC_CONFIG_DIR },
      );
      expect(old.exitCode).toBe(0);
      const result = await applyRun(recipe('apply-ci'));
      // --quiet keeps the dry run's note off stderr; the real run ends with its summary.
      expect(result).toMatchObject({ exitCode: 0, stderr: '1 change made: 1 deactivated' });
      expect(result.stdout).toBe('- deactivate old (not in the file)\n- deactivate old (not in the file)');
      // Nothing left to do for the job's next push (asked in this process, with the recipe's flags and working folder).
      const after = await runInProcess(['webhook', 'apply', '-f', join(workDir, 'webhooks.json'), '--prune', '--dry-run'], {
        baseUrl,
        apiKey: APPLY_KEY,
        configDir: env.SVC_CONFIG_DIR,
      });
      expect(after).toMatchObject({ exitCode: 0, stdout: '', stderr: 'no changes\n' });
    });
  });
});
