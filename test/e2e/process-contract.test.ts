// What users run: the built CLI as a process (execa), once per command and once per output and exit-code rule.
// Everything else about a command is tested in-process (runInProcess), where it is fast; this file is the proof
// that the same behaviour holds through bin/svc.js, real stdio and a real exit code. Each process run is checked for
// all it shows; a command's other cases (its refusals, its other modes) run here in-process beside it, since a
// process per case would prove nothing more than that one run and its exit-code rule below already do.
// A command a README recipe runs has its process run there (recipes.test.ts runs each recipe in bash against the
// built CLI and checks what it printed): a second process here would prove nothing more, so their cases here run
// in-process. RUN_BY_RECIPES lists the
// commands the recipes stand for, and the first test fails if a recipe stops running one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, runCli, runInProcess } from '../helpers/cli.js';
import { startTestEmulator } from '../helpers/emulator-helpers.js';
import { readRecipes } from '../helpers/readme-recipes.js';
import { errorBody, json, useRecordingServer } from '../helpers/test-server.js';

const KEY = 'sk_test_process_contract_0001';
const ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
let emulator: RunningEmulator;
const server = useRecordingServer(() => [json({ transactions: [] })]);

beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(async () => {
  await emulator.close();
});

const svc = (args: string[], options: Parameters<typeof runCli>[1] = {}) =>
  runCli(args, { baseUrl: emulator.url, apiKey: KEY, ...options });
/** The same command line in this process: for the cases beside a command's one process run. */
const inProcess = (args: string[], options: Parameters<typeof runInProcess>[1] = {}) =>
  runInProcess(args, { baseUrl: emulator.url, apiKey: KEY, ...options });

/**
 * Commands (and exit codes as the shell sees them) whose process run is a README recipe's, by the recipe that runs
 * them. .ci/run requires jq (SVC_REQUIRE_TOOLS=1), so the recipes are never skipped there.
 */
const RUN_BY_RECIPES: Array<[what: string, recipe: string, runs: RegExp]> = [
  ['tx list (TSV rows piped)', 'terminal', /^svc tx list --network fuji --status failed$/m],
  ['help', 'terminal', /^svc help tx list$/m],
  ['event-signature', 'terminal', /^svc event-signature /m],
  ['webhook create', 'terminal', /^svc webhook create /m],
  ['webhook list (--json on a real stdout)', 'manage-webhooks', /svc webhook list --all --json \|/],
  ['webhook get', 'manage-webhooks', /^svc webhook get "\$WEBHOOK_ID"$/m],
  ['webhook update', 'manage-webhooks', /^svc webhook update /m],
  ['webhook deactivate', 'manage-webhooks', /^svc webhook deactivate /m],
  ['webhook activate (no prompt, no --yes)', 'manage-webhooks', /^svc webhook activate "\$WEBHOOK_ID"$/m],
  ['webhook addresses add', 'watch-more-addresses', /^svc webhook addresses add /m],
  ['webhook addresses remove', 'watch-more-addresses', /^svc webhook addresses remove /m],
  ['webhook addresses list', 'watch-more-addresses', /^svc webhook addresses list /m],
  ['webhook addresses <id>', 'watched-addresses', /^svc webhook addresses "\$WEBHOOK_ID" /m],
  ['webhook apply', 'apply', /^svc webhook apply -f webhooks\.json$/m],
  ['exit 4 (no key) and 6 (no service), as the shell sees them', 'ci', /^ {2}4\) .*\n {2}6\) /m],
];

describe('every command, as a process here or in a README recipe', () => {
  it('the README recipes still run the commands whose process runs they are', () => {
    const recipes = readRecipes();
    const missing = RUN_BY_RECIPES.filter(([, name, runs]) => !runs.test(recipes.get(name) ?? '')).map(
      ([what, name]) => `${what}: ${name}`,
    );
    // A command listed here needs its process run back in this file.
    expect(missing).toEqual([]);
  });

  // --json on a real stdout is proven by emulator trigger's process run below and the recipes' (webhook list and
  // create piped into jq); a listing's one document is the command's own logic.
  it('tx list: TSV rows piped; one document with --json (in-process: its process run is the terminal recipe)', async () => {
    const [tsv, asJson] = await Promise.all([
      inProcess(['tx', 'list', '--page-size', '3']),
      inProcess(['tx', 'list', '--page-size', '3', '--json']),
    ]);
    expect(tsv.exitCode).toBe(0);
    expect(tsv.stdout.trimEnd().split('\n')).toHaveLength(3);
    expect(tsv.stdout.split('\n')[0]!.split('\t')).toHaveLength(9);
    expect(asJson.exitCode).toBe(0);
    expect(JSON.parse(asJson.stdout).transactions).toHaveLength(3);
  });

  it('emulator trigger against the emulator; webhook create, addresses and deactivate in-process (recipes)', async () => {
    const created = await inProcess([
      'webhook',
      'create',
      '--url',
      'http://127.0.0.1:9/hook',
      '--chain-id',
      '43113',
      '--address',
      ADDRESS,
      '--json',
    ]);
    expect(created.exitCode).toBe(0);
    const id = JSON.parse(created.stdout).id as string;
    const [addresses, trigger] = await Promise.all([
      inProcess(['webhook', 'addresses', id]),
      svc(['emulator', 'trigger', '--chain-id', '43113', '--from', ADDRESS, '--json']),
    ]);
    expect(addresses).toMatchObject({ exitCode: 0, stdout: ADDRESS + '\n' });
    expect(trigger.exitCode).toBe(0);
    expect(JSON.parse(trigger.stdout).messageIds).toHaveLength(1);
    const deactivated = await inProcess(['webhook', 'deactivate', id, '--yes']);
    expect(deactivated.exitCode).toBe(0);
    expect(deactivated.stdout.split('\t')[0]).toBe(id);
    expect(deactivated.stdout.split('\t')[3]).toBe('inactive');
  });

  it('chain list and chain get (by name) against the emulator: TSV rows piped, exit 0; a name it does not know, exit 2', async () => {
    const [list, get] = await Promise.all([svc(['chain', 'list', '--network', 'fuji']), svc(['chain', 'get', 'c-chain'])]);
    expect(list).toEqual({
      exitCode: 0,
      stdout: [
        '43113\tfuji\tAvalanche Fuji C-Chain\ttestnet\tAVAX\tOK',
        '432201\tdexalot-testnet\tDexalot Testnet\ttestnet\tALOT\tOK',
        '335\tdfk-testnet\tDFK Chain Testnet\ttestnet\tJEWEL\tOK',
        '',
      ].join('\n'),
      stderr: '',
    });
    expect(get).toEqual({ exitCode: 0, stdout: '43114\tc-chain\tAvalanche C-Chain\tmainnet\tAVAX\tOK\n', stderr: '' });
    const unknown = await inProcess(['chain', 'get', 'avalanche']);
    expect(unknown).toMatchObject({ exitCode: 2, stdout: '' });
    expect(unknown.stderr).toMatch(/^svc: chain "avalanche": must be .*fuji \(43113\)/);
  });

  it("emulator open against the emulator: its inspector's URL on stdout with --no-browser, exit 0; where none can be opened, the same and why on stderr", async () => {
    const headless = { env: { DISPLAY: undefined, WAYLAND_DISPLAY: undefined, BROWSER: undefined } };
    expect(await svc(['emulator', 'open', '--no-browser'], headless)).toEqual({ exitCode: 0, stdout: `${emulator.url}/\n`, stderr: '' });
    const failing = await svc(['emulator', 'open'], { env: { ...headless.env, BROWSER: 'false' } });
    expect(failing).toEqual({
      exitCode: 0,
      stdout: `${emulator.url}/\n`,
      stderr: 'svc: cannot open a browser: false failed (exit 1); open the URL yourself\n',
    });
  });

  it('emulator deliveries recover as a process: nothing failed, exit 0 and why on stderr; without --since, exit 2 before any request', async () => {
    const created = await inProcess([
      'webhook',
      'create',
      '--url',
      'http://127.0.0.1:9/hook',
      '--chain-id',
      '43113',
      '--address',
      ADDRESS,
      '--json',
    ]);
    const webhookId = JSON.parse(created.stdout).id as string;
    const recovered = await svc(['emulator', 'deliveries', 'recover', webhookId, '--since', '1h']);
    expect([recovered.exitCode, recovered.stdout]).toEqual([0, '']);
    expect(recovered.stderr).toMatch(new RegExp(`^No failed message of webhook ${webhookId} made since \\S+Z to send again\n$`));
    const refused = await inProcess(['emulator', 'deliveries', 'recover', webhookId]);
    expect(refused).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: 'svc: --since: required, e.g. --since 1h or --since 2026-01-31T12:00:00Z\n',
    });
  });

  // event-signature and help run as processes in the terminal recipe; --version (the launcher answers a lone one
  // itself) and completion here. (The installed package runs both too: test/deep/packaging.test.ts.)
  it('event-signature, completion, help and --version need no service (--version and completion as processes)', async () => {
    const noService = { baseUrl: 'http://127.0.0.1:1' };
    const [signature, completion, help, version] = await Promise.all([
      runInProcess(['event-signature', 'Transfer(address,address,uint256)'], noService),
      runCli(['completion', 'bash'], noService),
      runInProcess(['help', 'tx', 'list'], noService),
      runCli(['--version'], noService),
    ]);
    expect(completion.stderr + version.stderr).toBe('');
    expect(signature.stdout).toBe('0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef\n');
    expect(completion.stdout).toBe(readFileSync(join(REPO_ROOT, 'completions', 'svc.bash'), 'utf8'));
    expect(help.stdout).toContain('Examples:');
    // The same version as the launcher's (which answers a lone --version itself): the package's.
    const { version: packageVersion } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(version.stdout).toBe(`${packageVersion}\n`);
    expect([signature, completion, help, version].map((result) => result.exitCode)).toEqual([0, 0, 0, 0]);
  });

  it('config set (stdin), get, list, unset and path share one config folder', async () => {
    const configDir = (await import('../helpers/cli.js')).freshConfigDir();
    const set = await runCli(['config', 'set', 'api-key'], { configDir, input: 'sk_live_from_stdin_9876\n' });
    expect(set.exitCode).toBe(0);
    const [get, list, path] = await Promise.all([
      runCli(['config', 'get', 'api-key'], { configDir }),
      runCli(['config', 'list'], { configDir }),
      runCli(['config', 'path'], { configDir }),
    ]);
    expect(get.stdout).toBe('****9876\n');
    expect(list.stdout).toContain('api-key\t****9876\tprofile\n');
    expect(path.stdout).toBe(`${configDir}/config.json\n`);
    const unset = await runCli(['config', 'unset', 'api-key'], { configDir });
    expect(unset.exitCode).toBe(0);
    // The shell sees exit 1 in the exit-code section below; here it only tells that unset took the key away.
    expect((await runInProcess(['config', 'get', 'api-key'], { configDir })).exitCode).toBe(1);
  });
});

describe('every exit code, as a process', () => {
  it('2 for bad input, with no request sent', async () => {
    const result = await runCli(['tx', 'list', '--page-size', '500'], { baseUrl: server.url });
    expect(result).toMatchObject({ exitCode: 2, stdout: '', stderr: 'svc: --page-size "500": must be an integer from 1 to 100\n' });
    expect(server.requests).toHaveLength(0);
  });

  // One process per exit code; which failure maps to which code (a 400 is 2 like bad input, a missing key is 4 like
  // a 401) is the in-process tests' part, e.g. the ones beside them here. 4 and 6 reach the shell in the ci recipe,
  // 1 in the full-disk runs below.
  it.each([
    [3, errorBody(404, 'gone')],
    [5, errorBody(429, 'slow', { 'retry-after': '0' })],
  ])('%i for the service answer %#', async (exitCode, answer) => {
    server.respond([answer]);
    const result = await runCli(['tx', 'list', '--retries', '0'], { baseUrl: server.url });
    expect(result.exitCode).toBe(exitCode);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^svc: /);
  });

  it('in-process: 1 for a 500 answer, 2 for a 400, 4 for a 401 and for a missing key, 6 for a refused connection', async () => {
    const answers: Record<string, ReturnType<typeof errorBody>> = {
      '/v1/transactions': errorBody(400, 'pageSize is bad'),
      '/v1/webhooks': errorBody(401, 'no'),
      '/v1/webhooks:getSharedSecret': errorBody(500, 'boom'),
    };
    server.respond((request) => answers[request.path]!);
    const [failed, badRequest, refusedKey, noKey, refused] = await Promise.all([
      runInProcess(['webhook', 'secret', 'show', '--retries', '0'], { baseUrl: server.url, apiKey: KEY }),
      runInProcess(['tx', 'list', '--retries', '0'], { baseUrl: server.url }),
      runInProcess(['webhook', 'list', '--retries', '0'], { baseUrl: server.url, apiKey: KEY }),
      runInProcess(['webhook', 'addresses', '3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60'], { baseUrl: server.url }),
      runInProcess(['tx', 'list', '--retries', '0'], { baseUrl: 'http://127.0.0.1:1' }),
    ]);
    expect(failed).toMatchObject({ exitCode: 1, stdout: '' });
    expect(failed.stderr).toMatch(/^svc: /);
    expect(badRequest).toMatchObject({ exitCode: 2, stdout: '' });
    expect(badRequest.stderr).toMatch(/^svc: /);
    expect(refusedKey).toMatchObject({ exitCode: 4, stdout: '' });
    expect(refusedKey.stderr).toMatch(/^svc: /);
    expect(noKey.exitCode).toBe(4);
    expect(refused.exitCode).toBe(6);
    expect(refused.stderr).toMatch(/^svc: connection refused/);
  });
});

describe('output that cannot be written, as a process', () => {
  it('--version (answered by the launcher) and --help into a full disk exit 1 saying so; into a closed pipe, 0', async () => {
    const { execa } = await import('execa');
    const { BIN } = await import('../helpers/cli.js');
    for (const args of [['--version'], ['--help']]) {
      // The shell points the CLI's own stdout at /dev/full (execa would put a pipe between them).
      const full = await execa('sh', ['-c', `node ${JSON.stringify(BIN)} ${args.join(' ')} > /dev/full`], { reject: false });
      expect(full.exitCode, args.join(' ')).toBe(1);
      expect(full.stderr).toMatch(/^svc: cannot write to stdout: .*ENOSPC/);
    }
    const closed = await execa('sh', ['-c', `node ${JSON.stringify(BIN)} --version | true`], { reject: false });
    expect(closed.exitCode).toBe(0);
    expect(closed.stderr).toBe('');
  });
});

// Their process runs are the manage-webhooks recipe's (RUN_BY_RECIPES); what the service is sent and what each
// prints for a given answer is checked here, in-process, against the recording server.
describe('webhook list, get, update and activate (in-process)', () => {
  const WEBHOOK_ID = '3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60';
  const webhook = (overrides: Record<string, unknown> = {}) => ({
    id: WEBHOOK_ID,
    url: 'https://example.com/hook',
    chainId: '43113',
    status: 'active',
    createdAt: 1_715_621_587_000,
    name: 'payments',
    eventType: 'address_activity',
    metadata: { addresses: [ADDRESS] },
    ...overrides,
  });
  const viaServer = (args: string[]) => runInProcess(args, { baseUrl: server.url, apiKey: KEY });

  it('webhook list: TSV rows piped (created in UTC from milliseconds), one document with --json, exit 2 for a tx status', async () => {
    const page = { webhooks: [webhook(), webhook({ id: 'w2', status: 'inactive', createdAt: 946_684_800_000 })] };
    server.respond([json(page), json(page)]);
    const [tsv, asJson, badStatus] = await Promise.all([
      viaServer(['webhook', 'list', '--status', 'active']),
      viaServer(['webhook', 'list', '--json']),
      viaServer(['webhook', 'list', '--status', 'failed']),
    ]);
    expect(tsv).toMatchObject({ exitCode: 0, stderr: '' });
    expect(tsv.stdout).toBe(
      `${WEBHOOK_ID}\tpayments\t43113\tactive\t1\thttps://example.com/hook\t2024-05-13T17:33:07Z\taddress_activity\n` +
        'w2\tpayments\t43113\tinactive\t1\thttps://example.com/hook\t2000-01-01T00:00:00Z\taddress_activity\n',
    );
    expect(JSON.parse(asJson.stdout)).toEqual(page);
    expect(badStatus.exitCode).toBe(2);
    expect(badStatus.stderr).toBe('svc: --status "failed": must be one of active, inactive\n');
    expect(server.requests.map((request) => request.rawUrl).sort()).toEqual(['/v1/webhooks', '/v1/webhooks?status=active']);
  });

  it('webhook get: the webhook as one TSV row; 404 exits 3', async () => {
    server.respond((request) => (request.path === `/v1/webhooks/${WEBHOOK_ID}` ? json(webhook()) : errorBody(404, 'webhook not found')));
    const [found, missing] = await Promise.all([viaServer(['webhook', 'get', WEBHOOK_ID]), viaServer(['webhook', 'get', 'nope'])]);
    expect(found).toMatchObject({ exitCode: 0, stderr: '' });
    expect(found.stdout).toBe(
      `${WEBHOOK_ID}\tpayments\t43113\tactive\t1\thttps://example.com/hook\t2024-05-13T17:33:07Z\taddress_activity\n`,
    );
    expect(missing.exitCode).toBe(3);
    expect(missing.stderr).toMatch(/^svc: webhook not found \(404 Not Found\)\n/);
  });

  it('webhook update: PATCH with exactly the fields given, the answer printed; none given exits 2', async () => {
    server.respond([json(webhook({ url: 'https://example.com/new', includeLogs: false }))]);
    const [updated, nothing] = await Promise.all([
      viaServer(['webhook', 'update', WEBHOOK_ID, '--url', 'https://example.com/new', '--no-include-logs', '--json']),
      viaServer(['webhook', 'update', WEBHOOK_ID]),
    ]);
    expect(updated.exitCode).toBe(0);
    expect(JSON.parse(updated.stdout)).toMatchObject({ url: 'https://example.com/new', includeLogs: false });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ method: 'PATCH', path: `/v1/webhooks/${WEBHOOK_ID}` });
    expect(server.requests[0]!.body).toBe('{"url":"https://example.com/new","includeLogs":false}');
    expect(nothing.exitCode).toBe(2);
    expect(nothing.stderr).toMatch(/^svc: nothing to update/);
  });

  it('webhook activate: PATCH {"status":"active"} without a prompt or --yes, the webhook printed', async () => {
    server.respond([json(webhook())]);
    const result = await viaServer(['webhook', 'activate', WEBHOOK_ID]);
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
    expect([result.stdout.split('\t')[0], result.stdout.split('\t')[3]]).toEqual([WEBHOOK_ID, 'active']);
    expect(server.requests.map((request) => [request.method, request.path, request.body])).toEqual([
      ['PATCH', `/v1/webhooks/${WEBHOOK_ID}`, '{"status":"active"}'],
    ]);
  });
});

// Its process run is the apply recipe's (RUN_BY_RECIPES).
describe('webhook apply (in-process)', () => {
  it('applies a file from stdin, then finds nothing to change, and a bad file exits 2 before any request', async () => {
    const file = JSON.stringify({
      webhooks: [{ name: 'process-contract-apply', url: 'http://127.0.0.1:9/hook', chainId: '43113', addresses: [ADDRESS] }],
    });
    const first = await inProcess(['webhook', 'apply', '-f', '-'], { input: file });
    expect(first).toMatchObject({ exitCode: 0, stdout: '+ create process-contract-apply\n', stderr: '1 change made: 1 created\n' });
    const second = await inProcess(['webhook', 'apply', '-f', '-', '--json'], { input: file });
    expect(second.exitCode).toBe(0);
    expect(JSON.parse(second.stdout)).toEqual({ dryRun: false, changes: [], unchanged: ['process-contract-apply'] });

    const bad = await runInProcess(['webhook', 'apply', '-f', '-'], {
      baseUrl: server.url,
      apiKey: KEY,
      input: JSON.stringify({ webhooks: [{ name: 'treasury', url: 'https://example.com', chainId: 43114, addresses: [ADDRESS] }] }),
    });
    expect(bad).toMatchObject({
      exitCode: 2,
      stdout: '',
      stderr:
        'svc: webhooks[0] ("treasury").chainId must be a decimal chain id above 0 such as "43114", or a chain\'s name: ' +
        'c-chain (43114), fuji (43113), dexalot (432204), dexalot-testnet (432201), dfk (53935), dfk-testnet (335)\n',
    });
    expect(server.requests).toHaveLength(0);
  });
});

// Their process runs are the watch-more-addresses recipe's (RUN_BY_RECIPES), but for a full disk: that one is here.
describe('webhook addresses list, add and remove', () => {
  const more = ['0x0000000000000000000000000000000000000001', '0x0000000000000000000000000000000000000002'];
  /** A webhook to change, made in-process. */
  async function createdWebhook(): Promise<string> {
    const created = await inProcess([
      'webhook',
      'create',
      '--url',
      'https://example.com/hook',
      '--chain-id',
      '43113',
      '--address',
      ADDRESS,
      '--json',
    ]);
    expect(created.exitCode, created.stderr).toBe(0);
    return JSON.parse(created.stdout).id as string;
  }

  it('addresses add (in-process): the count line; stdin input; a bad line is exit 2 with nothing sent', async () => {
    const id = await createdWebhook();
    const added = await inProcess(['webhook', 'addresses', 'add', id, '--addresses-file', '-', '--batch-size', '1'], {
      input: more.join('\n') + '\n',
    });
    expect(added.exitCode, added.stderr).toBe(0);
    expect(added.stdout).toBe('3 addresses\n');
    expect(added.stderr).toBe('');
    const bad = await inProcess(['webhook', 'addresses', 'add', id, '--addresses-file', '-'], { input: `${more[0]}\n0xbad\n` });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toBe('svc: --addresses-file - line 2: "0xbad": must be an address, 0x followed by 40 hex characters\n');
  });

  it('addresses remove (in-process): --json prints the answer as returned; a missing webhook is exit 3', async () => {
    const id = await createdWebhook();
    const removed = await inProcess(['webhook', 'addresses', 'remove', id, '--address', more[0]!, '--json']);
    expect(removed.exitCode, removed.stderr).toBe(0);
    expect(JSON.parse(removed.stdout)).toMatchObject({ id, metadata: { addresses: [ADDRESS] } });
    const missing = await inProcess(['webhook', 'addresses', 'remove', '3f2b8c1e-9a4d-4e7f-8b2a-1c5d6e7f8a9b', '--address', more[0]!]);
    expect(missing.exitCode).toBe(3);
    expect(missing.stderr).toMatch(/^svc: /);
  });

  it('addresses add into a full disk: exit 1, saying what was applied and that running it again is safe', async () => {
    const id = await createdWebhook();
    const { execa } = await import('execa');
    const { BIN } = await import('../helpers/cli.js');
    const env = { ...process.env, SVC_BASE_URL: emulator.url, SVC_API_KEY: KEY };
    const countLine = await execa(
      'sh',
      ['-c', `node ${JSON.stringify(BIN)} webhook addresses add ${id} --address ${more.join(',')} > /dev/full`],
      { env, reject: false },
    );
    expect(countLine.exitCode).toBe(1);
    expect(countLine.stderr).toMatch(
      /^svc: 2 addresses were added to webhook \S+, but the answer was lost: cannot write to stdout: .*ENOSPC/,
    );

    // A line per batch (--json): the first line that cannot be written stops the batches. The same error path as
    // above once the write failed, so in-process, with a stdout that fails as /dev/full does.
    const [{ runCommandLine, ioFlags }, { createTestIO }, { isolatedEnv }, { Writable }] = await Promise.all([
      import('../../src/cli.js'),
      import('../helpers/test-io.js'),
      import('../helpers/cli.js'),
      import('node:stream'),
    ]);
    const full = new Writable({
      write: (_chunk, _encoding, done) => done(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })),
    });
    const args = ['webhook', 'addresses', 'add', await createdWebhook(), '--address', more.join(','), '--batch-size', '1', '--json'];
    const io = createTestIO({ env: isolatedEnv({ baseUrl: emulator.url, apiKey: KEY }), ...ioFlags(args) });
    const { writeWithBackpressure } = await import('../../src/io.js');
    const exitCode = await runCommandLine(['node', 'svc', ...args], {
      io: { ...io, out: full, write: (text) => writeWithBackpressure(full, text) },
      interrupt: new AbortController().signal,
    });
    expect(exitCode).toBe(1);
    expect(io.stderr()).toMatch(
      /^svc: 1 of 2 addresses were added, then the command stopped: cannot write to stdout: .*ENOSPC.*\nrunning the same command again is safe/,
    );
  });

  it('addresses list <id> prints what addresses <id> prints (in-process)', async () => {
    const id = await createdWebhook();
    await inProcess(['webhook', 'addresses', 'add', id, '--address', more.join(',')]);
    const [listed, old] = await Promise.all([
      inProcess(['webhook', 'addresses', 'list', id, '--all']),
      inProcess(['webhook', 'addresses', id, '--all']),
    ]);
    expect(listed.exitCode).toBe(0);
    expect(listed.stdout).toBe(old.stdout);
    expect(listed.stdout.trimEnd().split('\n').sort()).toEqual([ADDRESS, ...more].sort());
  });
});

// svc emulator start and svc webhook listen run as processes in webhook-dev-listen (their Ctrl-C and SIGTERM, and
// listen's JSON lines on a real stdout): their cases here run in-process.
describe('emulator start signing options', () => {
  it('a malformed --webhook-secret or --retry-schedule is exit 2 naming the flag, the secret not echoed', async () => {
    const [secret, schedule] = await Promise.all([
      runInProcess(['emulator', 'start', '--port', '0', '--webhook-secret', 'c0ffee-not-hex']),
      runInProcess(['emulator', 'start', '--port', '0', '--retry-schedule', 'never']),
    ]);
    expect(secret.exitCode).toBe(2);
    expect(secret.stdout).toBe('');
    expect(secret.stderr).toMatch(/^svc: --webhook-secret: must be hex digits/);
    expect(secret.stderr).not.toContain('c0ffee');
    expect(schedule.exitCode).toBe(2);
    expect(schedule.stderr).toMatch(/^svc: --retry-schedule "never": must be one of fast, real/);
  });
});

describe('signatures and the shared secret, as processes', () => {
  const SECRET = '5f3c0a9e1b7d4c2a8e6f0b1d3c5a7e9f2b4d6c8a0e1f3b5d7c9a1e3f5b7d9c0a';
  const sign = async (value: unknown) => (await import('../../src/signature/index.js')).signBody(SECRET, value);

  it('webhook secret show: the secret alone on stdout, exit 0', async () => {
    server.respond([json({ secret: SECRET })]);
    const result = await runCli(['webhook', 'secret', 'show'], { baseUrl: server.url, apiKey: KEY });
    expect(result).toEqual({ exitCode: 0, stdout: `${SECRET}\n`, stderr: '' });
    expect(server.requests.map((request) => request.rawUrl)).toEqual(['/v1/webhooks:getSharedSecret']);
  });

  it('webhook secret rotate: exit 2 and no request without --yes (in-process); the new secret with --yes', async () => {
    server.respond([json({ secret: SECRET }, 201)]);
    const refused = await runInProcess(['webhook', 'secret', 'rotate'], { baseUrl: server.url, apiKey: KEY });
    expect(refused.exitCode).toBe(2);
    expect(server.requests).toHaveLength(0);
    const rotated = await runCli(['webhook', 'secret', 'rotate', '--yes'], { baseUrl: server.url, apiKey: KEY });
    expect(rotated).toEqual({ exitCode: 0, stdout: `${SECRET}\n`, stderr: '' });
    expect(server.requests.map((request) => `${request.method} ${request.rawUrl}`)).toEqual([
      'POST /v1/webhooks:generateOrRotateSharedSecret',
    ]);
  });

  it('webhook verify: "valid" and 0; in-process, the reason and 1, 2 without --signature (offline: nothing sent)', async () => {
    const message = { messageId: 'm-1', webhookId: 'w-1', eventType: 'address_activity', event: { transaction: { chainId: '43113' } } };
    const body = JSON.stringify(message);
    const env = { SVC_WEBHOOK_SECRET: SECRET };
    const [valid, invalid, usage] = await Promise.all([
      runCli(['webhook', 'verify', '--signature', await sign(message)], { input: body, env, baseUrl: server.url }),
      runInProcess(['webhook', 'verify', '--signature', await sign({ ...message, messageId: 'm-2' })], {
        input: body,
        env,
        baseUrl: server.url,
      }),
      runInProcess(['webhook', 'verify'], { input: body, env, baseUrl: server.url }),
    ]);
    expect(valid).toEqual({ exitCode: 0, stdout: 'valid\n', stderr: '' });
    expect(invalid).toMatchObject({ exitCode: 1, stdout: '' });
    expect(invalid.stderr).toMatch(/^svc: invalid signature: the signature does not match the body/);
    expect(usage.exitCode).toBe(2);
    expect(server.requests).toHaveLength(0);
  });

  it('webhook listen --verify (in-process): 200 and a JSON line for a signed message, 401 and a stderr line for an unsigned one', async () => {
    const { startCliInProcess, stopAllInProcess } = await import('../helpers/webhook-dev-processes.js');
    const listen = await startCliInProcess(['webhook', 'listen', '--port', '0', '--json', '--verify'], {
      env: { SVC_WEBHOOK_SECRET: SECRET },
    });
    try {
      const url = /^Ready: notifications to (\S+)/m.exec(await listen.waitForLine('stderr', /^Ready: /, 15_000))![1]!;
      const message = { messageId: 'm-signed', webhookId: 'w-1', eventType: 'address_activity', event: { transaction: {} } };
      const post = (body: unknown, headers: Record<string, string>) =>
        fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      expect((await post(message, { 'x-signature': await sign(message) })).status).toBe(200);
      expect((await post({ ...message, messageId: 'm-unsigned' }, {})).status).toBe(401);
      expect(JSON.parse(await listen.waitForLine('stdout', () => true))).toEqual(message);
      expect(await listen.waitForLine('stderr', /m-unsigned/)).toBe(
        'svc: rejected message m-unsigned of webhook w-1, sent from 127.0.0.1 by "node" (answered 401): invalid signature: no x-signature header',
      );
      expect(listen.stdoutLines).toHaveLength(1);
    } finally {
      await stopAllInProcess();
    }
  });
});
