// Walks the command tree and holds every command to the rules of one voice (issue "One voice"): each example of its
// help runs against the emulator; with --json an error ends stderr with one JSON line; every option that takes a
// <path> completes file names in bash, zsh and fish, and every <id> completes from the service; counts are grouped
// on a terminal and plain when piped. A new command is walked too: it cannot drift without failing here.
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allNodes, describeProgram } from '../../src/completion/model.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { signBody } from '../../src/signature/index.js';
import { BIN, runInProcess } from '../helpers/cli.js';
import { numberedAddress } from '../helpers/fixtures.js';
import { commandPaths, leafPaths, program } from '../helpers/command-tree.js';
import { completeInBash, completeInFish, completeInZsh } from '../helpers/completion-shells.js';
import { runInPty } from '../helpers/pty.js';
import { missing } from '../helpers/tools.js';
import { PATIENT_DELIVERY, startTestEmulator } from '../helpers/emulator-helpers.js';

const paths = commandPaths();
const leaves = leafPaths(paths);

/** The id the help examples use for "a webhook of yours": replaced by a real one when an example runs. */
const EXAMPLE_ID = '3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60';
const WATCHED = ['0x71C7656EC7ab88b098defB751B7401B5f6d8976F', '0x8ba1f109551bD432803012645Ac136ddd64DBA72'];
const ADDR = '0x1111111111111111111111111111111111111111';

let emulator: RunningEmulator;
/** A receiver that answers every notification 200: the examples' webhooks deliver to it, and "a local handler" is it. */
let receiver: Server;
let receiverUrl: string;
let workDir: string;
let binDir: string;
let keyCount = 0;

beforeAll(async () => {
  // The contract's 5 s per attempt: a redelivery the example waits on must not time out on a loaded machine.
  emulator = await startTestEmulator({ blockTimeMs: 0 }, PATIENT_DELIVERY);
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end('ok'));
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  workDir = mkdtempSync(join(tmpdir(), 'svc-tree-'));
  binDir = join(workDir, '.bin');
  mkdirSync(binDir);
  // `svc` on PATH as installed, and the stand-in for the "generate-webhooks" program of apply's example.
  writeFileSync(join(binDir, 'svc'), `#!/bin/sh\nexec node ${JSON.stringify(BIN)} "$@"\n`);
  writeFileSync(join(binDir, 'generate-webhooks'), '#!/bin/sh\ncat webhooks.json\n');
  for (const name of ['svc', 'generate-webhooks']) chmodSync(join(binDir, name), 0o755);
  // The files the examples name.
  const more = Array.from({ length: 5 }, (_, i) => numberedAddress(i + 1));
  writeFileSync(join(workDir, 'watch.txt'), `${WATCHED.join('\n')}\n`);
  writeFileSync(join(workDir, 'wallets.txt'), `# wallets\n${more.join('\n')}\n`);
  writeFileSync(join(workDir, 'retired.txt'), `${more[0]}\n`);
  writeFileSync(join(workDir, 'new-wallets.tsv'), more.map((address, i) => `wallet-${i}\t${address}\n`).join(''));
  writeFileSync(
    join(workDir, 'webhooks.json'),
    JSON.stringify({
      webhooks: [{ name: 'payments', url: 'https://example.com/hooks/payments', chainId: '43113', addressesFile: 'watch.txt' }],
    }),
  );
  writeFileSync(join(workDir, 'body.json'), JSON.stringify({ webhookId: EXAMPLE_ID, messageId: 'm-1', event: {} }));
});

afterAll(async () => {
  await emulator?.close();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** A key of its own for each example, so one example's webhooks, secret or prune never meet another's. */
async function freshAccount(): Promise<{ apiKey: string; webhookId: string; secret: string; messageId: string }> {
  const apiKey = `sk_test_tree_${++keyCount}`;
  const options = { baseUrl: emulator.url, apiKey };
  const created = await runInProcess(
    ['webhook', 'create', '--url', `${receiverUrl}/hook`, '--chain-id', '43113', '--address', [...WATCHED, ADDR].join(','), '--json'],
    options,
  );
  expect(created.exitCode, created.stderr).toBe(0);
  const secret = await runInProcess(['webhook', 'secret', 'show'], options);
  expect(secret.exitCode, secret.stderr).toBe(0);
  // A notification of its own, for the examples that name a message.
  const injected = await fetch(`${emulator.url}/_emulator/transactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ chainId: '43113', from: ADDR }),
  });
  const { messageIds } = (await injected.json()) as { messageIds: string[] };
  expect(messageIds.length).toBeGreaterThan(0);
  const webhookId = (JSON.parse(created.stdout) as { id: string }).id;
  // Every account's webhook watches ADDR, so an injection (this one, or a concurrent test's) makes a message for each:
  // the one for this account's webhook is found by it (another example may have switched the others off).
  const own = await fetch(`${emulator.url}/_emulator/deliveries?webhookId=${webhookId}&pageSize=1`);
  const [message] = ((await own.json()) as { deliveries: Array<{ messageId: string }> }).deliveries;
  expect(message, 'a message for the new webhook').toBeDefined();
  return { apiKey, webhookId, secret: secret.stdout.trim(), messageId: message!.messageId };
}

/** Each example of a command's help: its comment and its invocation lines (a group may hold several). */
async function helpExamples(path: string[]): Promise<Array<{ comment: string; script: string }>> {
  const help = (await runInProcess([...path, '--help'])).stdout;
  const section = help.split('\nExamples:\n')[1] ?? '';
  const examples: Array<{ comment: string; script: string }> = [];
  for (const block of section.split(/\n(?= {2}# )/)) {
    const comment = /^ {2}# (.*)$/m.exec(block)?.[1];
    const lines = [...block.matchAll(/^ {2}\$ (.*)$/gm)].map((match) => match[1]!);
    if (comment !== undefined && lines.length > 0) examples.push({ comment, script: lines.join('\n') });
  }
  return examples;
}

/**
 * Examples that ask at a terminal (a confirmation), run in a pseudo-terminal with the answer typed: keyed by the
 * invocation, with the question to wait for.
 */
const ASKING: Record<string, string> = {
  [`svc webhook deactivate ${EXAMPLE_ID}`]: '[y/N]',
  'svc webhook secret rotate': '[y/N]',
};

/** Servers and followers that run until stopped: they pass when they are still running after a moment. */
const SERVES = /svc (emulator start|webhook listen|tx list --follow|emulator deliveries --follow)\b/;

describe('every example in every help runs against the emulator', () => {
  const withExamples = paths.map((path) => [path.join(' ')]);

  it.concurrent.each(withExamples)(
    'svc %s',
    async (joined) => {
      const examples = await helpExamples(joined.split(' '));
      // Each example has an account of its own: they run side by side.
      await Promise.all(
        examples.map(async (example) => {
          const account = await freshAccount();
          // The servers' default ports may be taken on a test machine: any free port instead.
          const script = example.script
            .replaceAll(EXAMPLE_ID, account.webhookId)
            .replace(/svc (emulator start|webhook listen)\b/g, 'svc $1 --port 0')
            // "a handler running locally" is the test's receiver.
            .replace(/http:\/\/(127\.0\.0\.1|localhost):3000/g, receiverUrl);
          const question = ASKING[example.script];
          if (question !== undefined) {
            const args = script.split(' ').slice(1);
            const run = await runInPty(args, {
              baseUrl: emulator.url,
              apiKey: account.apiKey,
              columns: 120,
              steps: [{ waitFor: question }, { type: 'y\r' }],
            });
            expect(run.exitCode, `${example.script}\n${run.output}`).toBe(0);
            return;
          }
          // A plain invocation (no shell syntax, no file) runs in this process: the same parsing and commands, no spawn.
          if (
            /^svc [\w ./:,=@-]+$/.test(script) &&
            !SERVES.test(script) &&
            !/\.(txt|json|tsv)\b|svc emulator (status|stop)\b/.test(script)
          ) {
            const result = await runInProcess(script.split(' ').slice(1), {
              baseUrl: emulator.url,
              apiKey: account.apiKey,
              configDir: join(workDir, `config-${account.apiKey}`),
              input: `${account.apiKey}\n`,
            });
            expect(result.exitCode, `${example.script}\n${result.stderr}`).toBe(0);
            return;
          }
          const body = JSON.stringify({ webhookId: account.webhookId, messageId: 'm-1', event: {} });
          writeFileSync(join(workDir, `body-${account.apiKey}.json`), body);
          const env = {
            PATH: `${binDir}:${process.env.PATH}`,
            HOME: join(workDir, `home-${account.apiKey}`),
            SVC_BASE_URL: emulator.url,
            SVC_API_KEY: account.apiKey,
            SVC_CONFIG_DIR: join(workDir, `config-${account.apiKey}`),
            NO_COLOR: '1',
            WEBHOOK_ID: account.webhookId,
            MESSAGE_ID: account.messageId,
            ADDR,
            HOOK_URL: 'http://127.0.0.1:9/hook',
            SIG: signBody(account.secret, JSON.parse(body)),
            SERVICE_KEY: account.apiKey,
            RUNNER_TEMP: join(workDir, `runner-${account.apiKey}`),
          };
          mkdirSync(env.HOME);
          // Each run has its own secret file, and reads its own body as body.json.
          let prelude = `set -o pipefail\ncd ${JSON.stringify(workDir)}\nprintf %s "${account.secret}" > webhook-secret-${account.apiKey}\n`;
          // An example about the emulators you run needs one running: started in the background first, on a free port.
          const needsRunning = /svc emulator (status|stop)\b/.test(script) && !/svc emulator start\b/.test(script);
          if (needsRunning) prelude += 'started=$(svc emulator start --detach --port 0 | head -n1)\nport=${started##*:}\n';
          const adapted = script
            .replace(/(?<![\w-])webhook-secret\b/g, `webhook-secret-${account.apiKey}`)
            .replaceAll('body.json', `body-${account.apiKey}.json`)
            .replace(/--port 4010\b/g, needsRunning ? '--port "$port"' : '--port 0');
          const serving = SERVES.test(script);
          // In a process group of its own, so a server it started in the background is stopped with it.
          const child = execa('bash', ['-c', prelude + adapted], {
            env,
            extendEnv: false,
            input: `${account.apiKey}\n`,
            reject: false,
            detached: true,
            timeout: 30_000,
          });
          let stopped = false;
          const stop = setTimeout(
            () => {
              stopped = true;
              try {
                process.kill(-child.pid!, 'SIGTERM');
              } catch {
                // It ended at this very moment: nothing to stop.
              }
            },
            serving ? 2_500 : 30_000,
          );
          const result = await child;
          clearTimeout(stop);
          try {
            process.kill(-child.pid!, 'SIGTERM');
          } catch {
            // The group has ended already.
          }
          // An emulator started with --detach is in a session of its own: stopped through its record.
          await runInProcess(['emulator', 'stop', '--all'], { configDir: env.SVC_CONFIG_DIR });
          const said = String(result.stderr);
          // A server passes when it was still serving when stopped; anything else when it ended with 0.
          if (serving) expect(stopped || result.exitCode === 0, `${example.script}\n${said}`).toBe(true);
          else expect(result.exitCode, `${example.script}\n${said}`).toBe(0);
        }),
      );
      // A command's servers and followers run 2.5 s each, beside its other examples: more than the default.
    },
    120_000,
  );

  it('finds the examples it runs (a check on the walk itself)', async () => {
    const counts = await Promise.all(leaves.map(async (path) => (await helpExamples(path)).length));
    expect(counts.every((count) => count > 0)).toBe(true);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBeGreaterThan(40);
  });
});

describe('with --json, every command ends a failure with one JSON line on stderr', () => {
  it.each(leaves.map((path) => [path.join(' ')]))('svc %s --json --no-such-flag', async (joined) => {
    const result = await runInProcess([...joined.split(' '), '--json', '--no-such-flag'], { baseUrl: emulator.url });
    expect(result.exitCode).toBe(2);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe("svc: unknown option '--no-such-flag'");
    expect(JSON.parse(lines.at(-1)!)).toEqual({ message: "unknown option '--no-such-flag'", statusCode: null, error: null });
  });

  const withId = allNodes(describeProgram(program)).filter((node) => node.arguments.some((argument) => argument.dynamic));
  it.each(withId.map((node) => [node.path.slice(1).join(' ')]))('svc %s <unknown id> --json: the 404 as JSON', async (joined) => {
    const args = [...joined.split(' '), '00000000-0000-4000-8000-000000000000', '--json'];
    if (joined.endsWith('addresses add') || joined.endsWith('addresses remove')) args.push('--address', ADDR);
    if (joined.endsWith('update')) args.push('--name', 'x');
    if (joined.endsWith('deactivate')) args.push('--yes');
    const result = await runInProcess(args, { baseUrl: emulator.url, apiKey: 'sk_test_tree_404' });
    expect(result.exitCode, result.stderr).toBe(3);
    const last = JSON.parse(result.stderr.trimEnd().split('\n').at(-1)!) as Record<string, unknown>;
    expect(last).toMatchObject({ statusCode: 404, error: 'Not Found' });
    expect(last.message).toEqual(expect.any(String));
  });
});

describe('completion: every <path> option completes files, every <id> the service’s webhooks', () => {
  const nodes = allNodes(describeProgram(program)).filter((node) => !node.isHelp);
  const fileOptions = nodes.flatMap((node) =>
    node.options.filter((option) => option.file).map((option) => [node.path.slice(1).join(' '), option.names.at(-1)!] as const),
  );
  const idArguments = nodes
    .filter((node) => node.arguments.some((argument) => argument.dynamic))
    .map((node) => node.path.slice(1).join(' '));

  it('finds the options that take a file and the arguments that take an id (a check on the walk itself)', () => {
    expect(fileOptions.map(([command, option]) => `${command} ${option}`)).toEqual(
      expect.arrayContaining([
        'webhook create --addresses-file',
        'webhook apply --file',
        'webhook listen --secret-file',
        'webhook verify --secret-file',
        'webhook addresses add --addresses-file',
      ]),
    );
    expect(idArguments).toEqual(expect.arrayContaining(['webhook get', 'webhook deactivate', 'webhook addresses list']));
    // Every option whose value is a path is marked as one (the placeholder is the mark).
    for (const node of nodes) {
      for (const option of node.options)
        expect(option.file, `${node.path.join(' ')} ${option.names.join(',')}`).toBe(option.valueName === 'path');
    }
  });

  const bash = completeInBash;
  const fish = completeInFish;
  const zsh = async (line: string, env?: Record<string, string>) => {
    const { exitCode, candidates } = await completeInZsh(line, env);
    expect(exitCode).toBe(0);
    return candidates;
  };

  describe.each(fileOptions)('svc %s %s <path>', (command, option) => {
    const line = ['svc', ...command.split(' '), ...(command.includes('addresses') ? ['some-id'] : []), option, 'completions/svc.b'];

    it('bash', async () => {
      const result = await bash(line);
      expect(result.stderr).toBe('');
      expect(String(result.stdout).trim()).toBe('completions/svc.bash');
    });

    it.skipIf(missing('fish'))('fish', async () => {
      const result = await fish(line.join(' '));
      expect(String(result.stdout).split('\n')[0]!.split('\t')[0]).toBe('completions/svc.bash');
    });

    it.skipIf(missing('zsh'))('zsh', async () => {
      expect(await zsh(line.join(' '))).toContain('svc.bash');
    });
  });

  describe('an <id> asks the service for the key’s webhooks', () => {
    let account: { apiKey: string; webhookId: string };
    let env: Record<string, string>;
    beforeAll(async () => {
      account = await freshAccount();
      env = {
        PATH: `${binDir}:${process.env.PATH}`,
        SVC_BASE_URL: emulator.url,
        SVC_API_KEY: account.apiKey,
        SVC_CONFIG_DIR: join(workDir, 'config-completion'),
      };
    });

    it.each(idArguments.map((command) => [command]))('bash: svc %s <Tab>', async (command) => {
      const result = await bash(['svc', ...command.split(' '), ''], env);
      expect(String(result.stdout).trim()).toBe(account.webhookId);
    });

    it.skipIf(missing('fish'))('fish: svc webhook get <Tab>, with the name as the description', async () => {
      const result = await fish('svc webhook get ', env);
      expect(String(result.stdout).trim().split('\t')[0]).toBe(account.webhookId);
    });

    it.skipIf(missing('zsh'))('zsh: svc webhook deactivate <Tab>', async () => {
      expect(await zsh('svc webhook deactivate ', env)).toContain(account.webhookId);
    });

    it('no service: nothing offered, nothing said, in bounded time', async () => {
      const result = await bash(['svc', 'webhook', 'get', ''], { ...env, SVC_BASE_URL: 'http://127.0.0.1:9' });
      expect(result).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
    });
  });
});

describe('counts: grouped on a terminal, plain when piped', () => {
  const BIG = 1234;
  let options: { baseUrl: string; apiKey: string };
  let webhookId: string;
  beforeAll(async () => {
    options = { baseUrl: emulator.url, apiKey: 'sk_test_tree_counts' };
    const addresses = Array.from({ length: BIG }, (_, i) => numberedAddress(i + 1000)).join('\n');
    const created = await runInProcess(
      ['webhook', 'create', '--url', 'http://127.0.0.1:9/hook', '--chain-id', '43113', '--addresses-file', '-', '--name', 'big', '--json'],
      { ...options, input: addresses },
    );
    expect(created.exitCode, created.stderr).toBe(0);
    webhookId = (JSON.parse(created.stdout) as { id: string }).id;
  });

  const terminal = { stdoutTTY: true, stderrTTY: true, columns: 200 };
  /** Per command, how a large count shows: the arguments to run, and the text a terminal shows and a pipe gets. */
  const SCENARIOS: Record<string, (id: string) => { args: string[]; tty: string; piped: RegExp }> = {
    'webhook list': () => ({ args: ['webhook', 'list'], tty: '1,234', piped: /\t1234\t/ }),
    'webhook get': (id) => ({ args: ['webhook', 'get', id], tty: '1,234: 0x', piped: /\t1234\t/ }),
    'webhook update': (id) => ({ args: ['webhook', 'update', id, '--name', 'big'], tty: '1,234: 0x', piped: /\t1234\t/ }),
    'webhook activate': (id) => ({ args: ['webhook', 'activate', id], tty: '1,234: 0x', piped: /\t1234\t/ }),
    'webhook deactivate': (id) => ({ args: ['webhook', 'deactivate', id, '--yes'], tty: '1,234: 0x', piped: /\t1234\t/ }),
    'webhook addresses list': (id) => ({
      args: ['webhook', 'addresses', 'list', id],
      tty: 'Showing 10 of 1,234 addresses.',
      piped: /^(0x[0-9a-fA-F]{40}\n){10}$/,
    }),
    'webhook addresses add': (id) => ({
      args: ['webhook', 'addresses', 'add', id, '--address', ADDR],
      tty: '1,235 addresses',
      piped: /^1235 addresses\n$/,
    }),
    'webhook addresses remove': (id) => ({
      args: ['webhook', 'addresses', 'remove', id, '--address', ADDR],
      tty: '1,234 addresses',
      piped: /^1234 addresses\n$/,
    }),
  };
  /** Commands that print no count a person reads (ids, hashes, values and times are data, printed as the service wrote them). */
  const NO_COUNTS = new Set([
    'tx list',
    'webhook create',
    'webhook apply',
    'webhook listen',
    'webhook verify',
    'webhook secret show',
    'webhook secret rotate',
    'event-signature',
    'config set',
    'config get',
    'config list',
    'config unset',
    'config path',
    'emulator start',
    'emulator trigger',
    // Its webhooks and pending counts go through formatCount like every count; no test runs 1,000 webhooks for it.
    'emulator status',
    'emulator stop',
    // Its one count at a terminal ("Showing n messages", "n older ones were dropped") goes through countOf grouped;
    // a scenario here would need over a thousand messages.
    'emulator deliveries list',
    'emulator deliveries show',
    'emulator redeliver',
    'completion',
    'help',
  ]);

  it('every command is either shown with a count below or prints none (a new command must say which)', () => {
    const unclassified = leaves
      .map((path) => path.join(' '))
      .filter((command) => !(command in SCENARIOS) && !NO_COUNTS.has(command) && !command.endsWith(' help'));
    expect(unclassified).toEqual([]);
  });

  it.each(Object.keys(SCENARIOS).map((command) => [command]))('svc %s', async (command) => {
    const scenario = SCENARIOS[command]!(webhookId);
    const atTerminal = await runInProcess(scenario.args, { ...options, ...terminal });
    expect(atTerminal.exitCode, atTerminal.stderr).toBe(0);
    expect(atTerminal.stdout + atTerminal.stderr).toContain(scenario.tty);
    const piped = await runInProcess(scenario.args, options);
    expect(piped.exitCode, piped.stderr).toBe(0);
    expect(piped.stdout).toMatch(scenario.piped);
    expect(piped.stdout + piped.stderr).not.toMatch(/\d,\d{3}/);
  });

  it('webhook apply: the plan line and the summary group on a terminal only', async () => {
    const file = join(workDir, 'big-webhooks.json');
    const addressesFile = join(workDir, 'big-addresses.txt');
    writeFileSync(addressesFile, Array.from({ length: BIG }, (_, i) => numberedAddress(i + 5000)).join('\n'));
    writeFileSync(file, JSON.stringify({ webhooks: [{ name: 'big', url: 'http://127.0.0.1:9/hook', chainId: '43113', addressesFile }] }));
    const atTerminal = await runInProcess(['webhook', 'apply', '-f', file, '--dry-run'], { ...options, ...terminal });
    expect(atTerminal.stdout).toContain('+ add 1,234 addresses to big');
    expect(atTerminal.stderr).toContain('1,234 addresses to add');
    const piped = await runInProcess(['webhook', 'apply', '-f', file, '--dry-run'], options);
    expect(piped.stdout).toContain('+ add 1234 addresses to big');
    expect(piped.stderr).toContain('1234 addresses to add');
  });
});
