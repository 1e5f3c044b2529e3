// Runs the documentation's recipes (code blocks after `<!-- recipe: name -->`) as a user would: each document's in
// order, in one bash shell, with `svc` on PATH, against one emulator for them all, so that each recipe is right after
// the ones before it, as well as alone. A recipe typed "in another terminal" (a receiver, a follower) runs in the
// background of that shell. What the shell adds between recipes (the glue below) stands for what the user has
// already (the quick start's emulator and key, a CI's secrets and files) or waits to see in the other terminal before
// typing on. The emulator runs in this process (its blocks every 2 s, as the quick start's); the recipes' `svc` are
// processes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, REPO_ROOT, runInProcess } from '../helpers/cli.js';
import { freePort } from '../helpers/ports.js';
import { missing } from '../helpers/tools.js';
import { readRecipeFiles, readRecipes, recipeDocuments, recipesOf } from '../helpers/readme-recipes.js';
import type { Recipe } from '../helpers/readme-recipes.js';
import { DEFAULT_EMULATOR_OPTIONS, startEmulator } from '../../src/emulator/index.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { notificationLine } from '../../src/render/notifications.js';
import type { NotificationMessage } from '../../src/schema/index.js';

const WATCHED = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const OTHER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const THIRD = '0x1111111111111111111111111111111111111111';
const HOOK_URL = 'http://127.0.0.1:9/hook';

/** The documents whose recipes run here, each in a shell of its own with a key of its own (an account each). */
const SHELLS = {
  'README.md': 'sk_test_recipes_readme',
  'docs/guide.md': 'sk_test_recipes_guide',
  'docs/webhooks-as-code.md': 'sk_test_recipes_apply',
} as const;
type Document = keyof typeof SHELLS;
/** Run by test/e2e/cli-api.test.ts against a recording server: the emulator does not model balances. */
const RUN_BY_CLI_API = ['api-balances', 'api-every-page', 'api-jq'];

/** A line a recipe in another terminal prints on stderr once it is ready for the next recipe. */
const READY: Record<string, RegExp> = { listen: /^Ready: /m };

let emulator: RunningEmulator;
let ports: { listen: number; handler: number };

interface ShellRun {
  exitCode: number;
  /** The commands that failed, one a line: `<recipe>: <command> (<status>)`. */
  failures: string;
  /** The shell's own stderr: a recipe that failed says so there. */
  stderr: string;
  workDir: string;
  out(recipe: string): string;
  err(recipe: string): string;
}
const runs = new Map<Document, Promise<ShellRun>>();
let ciVariants: Promise<Array<{ exitCode?: number; stdout: unknown; stderr: unknown }>>;

/**
 * The CI job's script run again where the job goes wrong: a later step failing, no key, no service. Beside the
 * shells, in a folder and an account of their own, with the file of addresses the job has.
 */
function runCiVariants(): Promise<Array<{ exitCode?: number; stdout: unknown; stderr: unknown }>> {
  const { workDir, binDir } = workFolder();
  writeFileSync(join(workDir, 'watch.txt'), `${WATCHED}\n${OTHER}\n`);
  const again = (name: string, extraEnv: Record<string, string>, append = '') => {
    writeFileSync(join(workDir, `${name}.sh`), readRecipes().get('ci')! + append);
    return execa('bash', [`${name}.sh`], {
      env: { ...environment(workDir, binDir, 'sk_test_recipes_ci'), ...extraEnv },
      extendEnv: false,
      cwd: workDir,
      reject: false,
    });
  };
  return Promise.all([
    again('ci-failing', {}, 'exit 3\n'),
    again('ci-no-key', { SVC_API_KEY: '' }),
    again('ci-no-service', { SVC_BASE_URL: 'http://127.0.0.1:9' }),
  ]);
}

/** A work folder with `svc` on PATH, as an installed CLI would be. */
function workFolder(): { workDir: string; binDir: string } {
  const workDir = mkdtempSync(join(tmpdir(), 'svc-recipes-'));
  const binDir = join(workDir, '.bin');
  mkdirSync(binDir);
  writeFileSync(join(binDir, 'svc'), `#!/bin/sh\nexec node ${JSON.stringify(BIN)} "$@"\n`);
  chmodSync(join(binDir, 'svc'), 0o755);
  mkdirSync(join(workDir, '.out'));
  return { workDir, binDir };
}

function environment(workDir: string, binDir: string, apiKey: string): Record<string, string> {
  return {
    PATH: `${binDir}:${process.env.PATH}`,
    HOME: workDir,
    // HOME is the test's, but the launcher's compiled-code cache stays the runner's, warm as on a user's machine.
    XDG_CACHE_HOME: process.env.XDG_CACHE_HOME || join(homedir(), '.cache'),
    // The quick start's emulator (at the built-in base URL for a user) and its `export SVC_API_KEY=...`.
    SVC_BASE_URL: emulator.url,
    SVC_API_KEY: apiKey,
    SVC_CONFIG_DIR: join(workDir, '.config'),
    NO_COLOR: '1',
    // A CI's secret: where the notifications of its webhook go.
    HOOK_URL,
  };
}

/** The fixed ports of the recipes, replaced by free ones (other tests run beside this one); each must be there. */
function withFreePorts(recipe: Recipe): string {
  const replacements: Array<[string, string]> = [
    ['127.0.0.1:4020', `127.0.0.1:${ports.listen}`],
    ['127.0.0.1:3000', `127.0.0.1:${ports.handler}`],
    ['.listen(3000)', `.listen(${ports.handler})`],
  ];
  if (recipe.name === 'listen') replacements.push(['svc webhook listen', `svc webhook listen --port ${ports.listen}`]);
  let script = recipe.script;
  for (const [from, to] of replacements) script = script.replaceAll(from, to);
  return script;
}

/**
 * The shell script: each recipe as typed, its output kept apart (`.out/<name>.out|.err`), in order. A recipe that
 * begins with `#!` is a script file the user saves and runs; one typed in another terminal runs in the background.
 * As at a terminal, a failing command does not end the shell: it is written down (`.out/failures`, with its recipe
 * and status) and the next one runs.
 */
function shellScript(recipes: Recipe[], workDir: string, glue: Record<string, string>): string {
  const lines = [`trap 'recipe_status=$?; echo "$(cat .out/current): $BASH_COMMAND ($recipe_status)" >> .out/failures' ERR`];
  for (const recipe of recipes) {
    const out = `.out/${recipe.name}.out`;
    const err = `.out/${recipe.name}.err`;
    if (glue[recipe.name]) lines.push(glue[recipe.name]!);
    lines.push(`echo ${recipe.name} > .out/current`);
    const script = withFreePorts(recipe);
    if (script.startsWith('#!')) {
      writeFileSync(join(workDir, `${recipe.name}.sh`), script);
      lines.push(`bash ./${recipe.name}.sh > ${out} 2> ${err}`);
    } else if (recipe.anotherTerminal) {
      lines.push(`{\n${script}} > ${out} 2> ${err} &`);
      const ready = READY[recipe.name];
      // At most 20 s: a receiver that cannot start fails the recipes after it, not the run.
      if (ready) lines.push(`for i in $(seq 400); do grep -qE '${ready.source}' ${err} && break; sleep 0.05; done`);
    } else lines.push(`{\n${script}} > ${out} 2> ${err}`);
  }
  lines.push('echo done > .out/current');
  return lines.join('\n') + '\n';
}

/** One document's recipes in one shell; what runs in its background is ended once the last recipe has run. */
async function runDocument(document: Document, glue: Record<string, string> = {}, files: Record<string, string> = {}): Promise<ShellRun> {
  const { workDir, binDir } = workFolder();
  for (const [name, content] of Object.entries(files)) writeFileSync(join(workDir, name), content);
  const script = shellScript(recipesOf(document), workDir, glue);
  writeFileSync(join(workDir, 'recipes.sh'), script);
  // A process group of its own: the receivers and handlers the recipes leave running are ended with it.
  const shell = execa('bash', ['recipes.sh'], {
    env: environment(workDir, binDir, SHELLS[document]),
    extendEnv: false,
    cwd: workDir,
    reject: false,
    detached: true,
    timeout: 60_000,
  });
  const result = await shell;
  try {
    process.kill(-shell.pid!, 'SIGTERM');
  } catch {
    // Nothing left running.
  }
  const file = (name: string) => (existsSync(join(workDir, '.out', name)) ? readFileSync(join(workDir, '.out', name), 'utf8') : '');
  const current = file('current').trim();
  return {
    exitCode: result.exitCode ?? -1,
    failures: file('failures'),
    stderr: `${String(result.stderr)}\nlast recipe: ${current}\n${file(`${current}.err`)}`,
    workDir,
    out: (recipe) => file(`${recipe}.out`),
    err: (recipe) => file(`${recipe}.err`),
  };
}

function shellRun(document: Document): Promise<ShellRun> {
  return runs.get(document)!;
}

beforeAll(async () => {
  emulator = await startEmulator({ ...DEFAULT_EMULATOR_OPTIONS, port: 0, seed: 42 });
  ports = { listen: await freePort(), handler: await freePort() };
  const wallets = Array.from({ length: 1200 }, (_, i) => '0xb' + (i + 1).toString(16).padStart(39, '0'));
  // The three shells at once, each an account of its own on the one emulator.
  runs.set(
    'README.md',
    runDocument('README.md', {
      // The user sees the triggers' lines in the receiver's terminal before switching the webhook off.
      'consumer-done':
        'for tx in $(cut -f1 .out/consumer-offline.out); do for i in $(seq 200); do grep -q "$tx" .out/listen.out && break; sleep 0.05; done; done',
      // The user sees the first attempt's row in the other terminal (the follower) before looking at it.
      'see-it-fail': 'for i in $(seq 200); do grep -q "$MESSAGE_ID" .out/follow.out && break; sleep 0.05; done',
    }),
  );
  runs.set(
    'docs/guide.md',
    runDocument('docs/guide.md', {}, { 'new-wallets.txt': `# wallets opened this week\n${[...wallets, OTHER, WATCHED].join('\n')}\n` }),
  );
  runs.set(
    'docs/webhooks-as-code.md',
    runDocument(
      'docs/webhooks-as-code.md',
      // Before the CI job's run: a webhook of the key the file no longer names, for --prune to find.
      { 'apply-ci': `svc webhook create --url ${HOOK_URL} --chain-id 43113 --address ${THIRD} --name old > /dev/null` },
      { 'watch.txt': `# addresses this job watches\n${[WATCHED, OTHER, THIRD].join('\n')}\n\n`, ...Object.fromEntries(readRecipeFiles()) },
    ),
  );
  ciVariants = runCiVariants();
  await Promise.all([...runs.values(), ciVariants]);
}, 90_000);

afterAll(async () => {
  await emulator?.close();
});

describe.skipIf(missing('jq'))('the recipes', () => {
  it('every recipe of the documentation runs here, or in cli-api.test.ts', () => {
    const everyRecipe = recipeDocuments().flatMap((document) => recipesOf(document).map((recipe) => recipe.name));
    const runHere = Object.keys(SHELLS).flatMap((document) => recipesOf(document).map((recipe) => recipe.name));
    expect(everyRecipe.filter((name) => !runHere.includes(name)).sort()).toEqual([...RUN_BY_CLI_API].sort());
    expect([...readRecipes().keys()]).toEqual(expect.arrayContaining(RUN_BY_CLI_API));
    expect([...readRecipeFiles().keys()]).toEqual(['webhooks.json']);
  });

  it.each(Object.keys(SHELLS).map((document) => [document]))('%s: every recipe runs, in order, in one shell', async (document) => {
    const run = await shellRun(document as Document);
    expect(run.exitCode, run.stderr).toBe(0);
    // Waiting for a handler the recipe ended is answered with the signal that ended it: no failure.
    const failures = run.failures.split('\n').filter((line) => line !== '' && !/: wait "\$HANDLER" .*\(143\)$/.test(line));
    expect(failures).toEqual([]);
  });
});

describe.skipIf(missing('jq'))('README.md, in order', () => {
  const readme = () => shellRun('README.md');
  const rows = (text: string) =>
    text
      .trimEnd()
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => line.split('\t'));

  it('terminal: failed transactions, the help, the signature, the webhook', async () => {
    const run = await readme();
    expect(run.err('terminal')).toBe('');
    const out = run.out('terminal');
    const listed = out.slice(0, out.indexOf('Usage: ')).trimEnd().split('\n');
    expect(listed).toHaveLength(10);
    for (const row of listed) expect(row.split('\t')).toEqual([...Array(8).fill(expect.any(String)), 'failed']);
    expect(out).toMatch(/^Usage: svc tx list/m);
    expect(out).toMatch(/^0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef$/m);
    // The webhook's columns: id, name, chain id, status, addresses, url, created, event type.
    expect(out).toMatch(/^[0-9a-f-]{36}\t[^\t]*\t43113\tactive\t1\thttps:\/\/example\.com\/hook\t/m);
  });

  it('failed-fuji-hashes: 50 hashes of failed transactions of the test network', async () => {
    const hashes = (await readme()).out('failed-fuji-hashes').trim().split('\n');
    expect(hashes).toHaveLength(50);
    for (const hash of hashes) expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    // Failed, on the test network: all among a longer listing of those asked now (new blocks came since).
    const now = await runInProcess(['tx', 'list', '--network', 'fuji', '--status', 'failed', '--limit', '300'], { baseUrl: emulator.url });
    expect(now.exitCode, now.stderr).toBe(0);
    const listed = new Set(now.stdout.split('\n').map((row) => row.split('\t')[3]));
    expect(hashes.filter((hash) => !listed.has(hash))).toEqual([]);
  });

  it('follow-hashes: the first page and two new ones, one hash a line, and it ends', async () => {
    const hashes = (await readme()).out('follow-hashes').trim().split('\n');
    expect(hashes).toHaveLength(12);
    for (const hash of hashes) expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(new Set(hashes).size).toBe(12);
  });

  it('watched-addresses: the webhook of the file, its addresses read back into a file', async () => {
    const run = await readme();
    expect(run.out('watched-addresses').trim()).toBe('2');
    const saved = readFileSync(join(run.workDir, 'watched.txt'), 'utf8').trim().split('\n');
    expect(saved).toEqual([WATCHED, OTHER]);
  });

  it('json-error: the last stderr line of a failure is the error as JSON', async () => {
    const run = await readme();
    expect(run.out('json-error')).toBe('404 webhook 00000000-0000-4000-8000-000000000000 not found\n');
    expect(run.err('json-error')).toBe('');
  });

  it('ci: the webhook of the file reported, then deactivated when the job ends', async () => {
    const run = await readme();
    expect(run.err('ci')).toBe('');
    const id = /^webhook (\S+) watches 2 addresses$/m.exec(run.out('ci'))?.[1];
    expect(id).toBeDefined();
    expect(run.out('ci').trim().split('\n').at(-1)).toBe(`webhook ${id}: inactive`);
  });

  it('ci: a later step failing, a missing key, an unreachable service (the same script, run again)', async () => {
    const [failing, noKey, noService] = await ciVariants;
    expect(failing!.exitCode, String(failing!.stderr)).toBe(3);
    expect(String(failing!.stdout)).toMatch(/^webhook \S+: inactive$/m);
    expect(noKey!.exitCode, String(noKey!.stderr)).toBe(1);
    expect(String(noKey!.stderr)).toMatch(/^SVC_API_KEY is missing or the service refused it$/m);
    expect(String(noKey!.stdout)).not.toMatch(/webhook/);
    expect(noService!.exitCode, String(noService!.stderr)).toBe(1);
    expect(String(noService!.stderr)).toMatch(/cannot reach the service at http:\/\/127\.0\.0\.1:9$/m);
    expect(String(noService!.stdout)).not.toMatch(/webhook/);
  });

  describe('develop a webhook consumer offline', () => {
    /** The two triggers' lines (tx hash, then the message of each webhook that watches the address), and the rest. */
    async function consumer() {
      const run = await readme();
      const [first, second] = rows(run.out('consumer-offline'));
      const done = rows(run.out('consumer-done'));
      const deactivated = done.at(-1)!;
      const webhookId = deactivated[0]!;
      return { run, first: first!, second: second!, deliveries: done.slice(0, -1), deactivated, webhookId };
    }

    it('each trigger makes a transaction and a message per watching webhook; the messages are delivered; deactivated', async () => {
      const { run, first, second, deliveries, deactivated, webhookId } = await consumer();
      expect(run.err('consumer-offline') + run.err('consumer-done')).toBe('');
      for (const trigger of [first, second]) {
        expect(trigger[0]).toMatch(/^0x[0-9a-f]{64}$/);
        expect(trigger.length).toBeGreaterThanOrEqual(2);
      }
      // The consumer's own two messages among the webhook's deliveries, delivered to the receiver at the first attempt.
      const ours = deliveries.filter((row) => first.includes(row[1]!) || second.includes(row[1]!));
      expect(ours).toHaveLength(2);
      for (const row of ours) {
        expect(row.slice(2, 8)).toEqual([webhookId, 'consumer', `http://127.0.0.1:${ports.listen}/`, 'delivered', '1', '200']);
      }
      expect(deactivated.slice(3, 4)).toEqual(['inactive']);
    });

    it('the receiver in the other terminal showed both, as the example shows them', async () => {
      const { run, first, second, webhookId } = await consumer();
      const received = rows(run.out('listen'));
      // received at, webhook id, message id, chain id, tx hash, from, to, ERC-20 transfers, logs, forward status
      const row1 = received.find((row) => row[4] === first[0])!;
      const row2 = received.find((row) => row[4] === second[0])!;
      expect(row1.slice(1, 4)).toEqual([webhookId, expect.any(String), '43113']);
      expect(row1[5]).toBe(WATCHED);
      expect(row1.slice(7, 9)).toEqual(['0', '0']);
      // The ERC-20 transfer, and its Transfer log (the webhook was made with --include-logs).
      expect(row2.slice(1, 4)).toEqual([webhookId, expect.any(String), '43113']);
      expect(row2.slice(7, 9)).toEqual(['1', '1']);
      expect(run.err('listen').split('\n')[0]).toBe(`Ready: notifications to http://127.0.0.1:${ports.listen}/ (Ctrl-C to stop)`);

      // The README's example of the receiver's lines has the shape listen prints on a terminal for these two.
      const readmeText = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
      const example = /\n```text\n(Ready: [\s\S]*?)\n```/.exec(readmeText)![1]!.split('\n');
      expect(example[0]).toBe('Ready: notifications to http://127.0.0.1:4020/ (Ctrl-C to stop)');
      const shape = (line: string) =>
        line
          .replace(/\d\d:\d\d:\d\d/, 'TIME')
          .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'UUID')
          .replace(/0x[0-9a-fA-F]{4}…[0-9a-fA-F]{6}/g, 'HEX');
      const rendered = [row1, row2].map(([receivedAt, hook, messageId, chainId, txHash, from, to, erc20, logs]) => {
        const message = {
          webhookId: hook,
          messageId,
          eventType: 'address_activity',
          event: {
            transaction: { chainId, txHash, from, to, erc20Transfers: Array.from({ length: Number(erc20) }, () => ({})) },
            logs: Array.from({ length: Number(logs) }, () => ({})),
          },
        } as unknown as NotificationMessage;
        return notificationLine({ message, receivedAt: new Date(receivedAt!), duplicate: false }, false).trimEnd();
      });
      expect(example.slice(1).map(shape)).toEqual(rendered.map(shape));
    });
  });

  describe('debug a receiver', () => {
    async function debugRun() {
      const run = await readme();
      const message = JSON.parse(readFileSync(join(run.workDir, 'message.json'), 'utf8')) as NotificationMessage;
      return { run, messageId: message.messageId, webhookId: message.webhookId, message };
    }

    it("the message picked is the webhook's, retrying after its handler's 500s", async () => {
      const { run, messageId, webhookId, message } = await debugRun();
      expect(run.err('failing-handler')).toBe('');
      // The body sent (show --body): the trigger's transaction, from the address given.
      expect(message.event.transaction.from).toBe(WATCHED);
      expect(message.event.transaction.txHash).toMatch(/^0x[0-9a-f]{64}$/);
      const [retrying, ...attempts] = rows(run.out('see-it-fail'));
      // --state retrying lists the webhook's messages that are retrying; the one picked among them.
      expect(
        rows(run.out('see-it-fail'))
          .find((row) => row[1] === messageId)
          ?.slice(2, 6),
      ).toEqual([webhookId, 'payments', `http://127.0.0.1:${ports.handler}/hooks`, 'retrying']);
      expect(retrying![5]).toBe('retrying');
      // show: an attempt a row, answered 500.
      const shown = attempts.filter((row) => row[1] === messageId && row[8] === 'automatic');
      expect(shown.length).toBeGreaterThan(0);
      expect(shown[0]![5]).toBe('500');
    });

    it('fixed, redelivered: the attempt answered 200, the statuses end in 200', async () => {
      const { run, messageId } = await debugRun();
      expect(run.err('fix-and-redeliver')).toBe('');
      const lines = run.out('fix-and-redeliver').trimEnd().split('\n');
      const redelivered = lines[0]!.split('\t');
      expect(redelivered[1]).toBe(messageId);
      expect(redelivered[5]).toBe('200');
      const statuses = JSON.parse(lines.at(-1)!) as Array<number | null>;
      expect(statuses[0]).toBe(500);
      expect(statuses.at(-1)).toBe(200);
    });

    it('the follower in the other terminal printed its failed attempts and the one that passed', async () => {
      const { run, messageId } = await debugRun();
      const attempts = rows(run.out('follow')).filter((row) => row[1] === messageId);
      expect(attempts.map((row) => row[5])).toEqual(expect.arrayContaining(['500', '200']));
    });
  });
});

describe.skipIf(missing('jq'))('docs/guide.md, in order', () => {
  it('create-treasury, then manage-webhooks finds it by name, moves its url, switches it off and on', async () => {
    const run = await shellRun('docs/guide.md');
    expect(run.err('create-treasury') + run.err('manage-webhooks')).toBe('');
    const created = run.out('create-treasury').trimEnd().split('\t');
    const webhookId = created[0]!;
    expect(created.slice(1, 5)).toEqual(['treasury', '43113', 'active', '2']);
    const lines = run.out('manage-webhooks').trim().split('\n');
    // get, update, deactivate, activate (TSV: id, status and url in columns 1, 4 and 6), then the last get through jq.
    const cells = (line: string) => [line.split('\t')[0], line.split('\t')[3], line.split('\t')[5]];
    expect(lines.map(cells).slice(0, 4)).toEqual([
      [webhookId, 'active', 'https://example.com/hook'],
      [webhookId, 'active', 'https://example.com/new-hook'],
      [webhookId, 'inactive', 'https://example.com/new-hook'],
      [webhookId, 'active', 'https://example.com/new-hook'],
    ]);
    expect(lines[4]).toBe(`${webhookId} active https://example.com/new-hook`);
  });

  it('watch-more-addresses: the file added in batches, one removed, what is left counted', async () => {
    const run = await shellRun('docs/guide.md');
    expect(run.err('watch-more-addresses')).toBe('');
    // 2 watched, 1,200 new and the 2 again in the file; then one removed.
    expect(
      run
        .out('watch-more-addresses')
        .trim()
        .split('\n')
        .map((line) => line.trim()),
    ).toEqual(['1202 addresses', '1201 addresses', '1201']);
  });
});

describe.skipIf(missing('jq'))('docs/webhooks-as-code.md, in order', () => {
  it('apply-dry-run: the plan, and nothing created', async () => {
    const run = await shellRun('docs/webhooks-as-code.md');
    expect(run.out('apply-dry-run')).toBe('+ create treasury\n+ create payments-fuji\n');
    expect(run.err('apply-dry-run')).toBe('dry run: nothing was changed (2 changes planned: 2 to create)\n');
  });

  it('apply: the changes as made, then no changes', async () => {
    const run = await shellRun('docs/webhooks-as-code.md');
    expect(run.out('apply')).toBe('+ create treasury\n+ create payments-fuji\n');
    expect(run.err('apply')).toBe('2 changes made: 2 created\nno changes\n');
  });

  it('apply-ci: nothing to do for the file, the webhook it no longer names deactivated', async () => {
    const run = await shellRun('docs/webhooks-as-code.md');
    // --quiet keeps the dry run's note off stderr; the real run ends with its summary.
    expect(run.out('apply-ci')).toBe('- deactivate old (not in the file)\n- deactivate old (not in the file)\n');
    expect(run.err('apply-ci')).toBe('1 change made: 1 deactivated\n');
    const after = await runInProcess(['webhook', 'apply', '-f', join(run.workDir, 'webhooks.json'), '--prune', '--dry-run'], {
      baseUrl: emulator.url,
      apiKey: SHELLS['docs/webhooks-as-code.md'],
    });
    expect(after).toMatchObject({ exitCode: 0, stdout: '', stderr: 'no changes\n' });
  });
});
