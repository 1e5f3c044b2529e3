// Walks the command tree and holds every command to the rules of one voice (issue "One voice"): each example of its
// help runs against the emulator; with --json an error ends stderr with one JSON line; every option that takes a
// <path> completes file names in bash, zsh and fish, and every <id> completes from the service; counts are grouped
// on a terminal and plain when piped. A new command is walked too: it cannot drift without failing here.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allNodes, describeProgram, DYNAMIC_VALUE_COMMANDS } from '../../src/completion/model.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { signBody } from '../../src/signature/index.js';
import { BIN, runInProcess, startInProcess } from '../helpers/cli.js';
import { numberedAddress } from '../helpers/fixtures.js';
import { commandPaths, leafPaths, program } from '../helpers/command-tree.js';
import { completeInBash, completeManyInBash, completeManyInFish, completeManyInZsh } from '../helpers/completion-shells.js';
import { startShellSvc } from '../helpers/shell-svc.js';
import type { ShellSvc } from '../helpers/shell-svc.js';
import { missing } from '../helpers/tools.js';
import { call, PATIENT_DELIVERY, startTestEmulator, webhookBody } from '../helpers/emulator-helpers.js';

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
/** The examples' `svc` in their shells: each line run in this process (see shell-svc.ts). */
let shellSvc: ShellSvc;
/**
 * The config folder of the runs that read no settings and write none (help, usage errors, 404s, counts): one for
 * all, where each run without one would make a folder of its own.
 */
let quietConfigDir: string;
let keyCount = 0;

beforeAll(async () => {
  // The contract's 5 s per attempt: a redelivery the example waits on must not time out on a loaded machine.
  [emulator, shellSvc] = await Promise.all([startTestEmulator({ blockTimeMs: 0 }, PATIENT_DELIVERY), startShellSvc()]);
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end('ok'));
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  workDir = mkdtempSync(join(tmpdir(), 'svc-tree-'));
  binDir = join(workDir, '.bin');
  mkdirSync(binDir);
  quietConfigDir = join(workDir, 'config-quiet');
  mkdirSync(quietConfigDir);
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
  await Promise.all([emulator?.close(), shellSvc?.close()]);
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

interface Account {
  apiKey: string;
  webhookId: string;
  /** Its shared secret, asked for only when the example signs or reads it ('' otherwise). */
  secret: string;
  /** A message for its webhook, made only for an example that names one ($MESSAGE_ID). */
  messageId: string;
  /** An address only this account's webhook watches (the examples' $ADDR). */
  address: string;
}

/** Makes chain activity from `address`: a message for each webhook that watches it. */
async function inject(address: string): Promise<string[]> {
  const injected = await fetch(`${emulator.url}/_emulator/transactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ chainId: '43113', from: address }),
  });
  return ((await injected.json()) as { messageIds: string[] }).messageIds;
}

/** A key of its own for each example, so one example's webhooks, secret or prune never meet another's. */
async function freshAccount(script = ''): Promise<Account> {
  const apiKey = `sk_test_tree_${++keyCount}`;
  // Its own addresses: its activity notifies its own webhook only. The shared ones only when the example names one:
  // the trigger examples' activity on them notified every account's webhook, a hundred deliveries per trigger. (Two
  // of its own, so one can be removed and the webhook still watches something.)
  const address = numberedAddress(0x7e000000 + keyCount);
  const shared = WATCHED.filter((watched) => script.toLowerCase().includes(watched.toLowerCase()));
  // Straight to the service (what the CLI's create and secret show do is tested on their own): set-up, not an example.
  const created = await call<{ id: string }>(emulator.url, 'POST', '/v1/webhooks', {
    key: apiKey,
    body: webhookBody({
      url: `${receiverUrl}/hook`,
      chainId: '43113',
      metadata: { addresses: [...shared, address, numberedAddress(0x7f000000 + keyCount)] },
    }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  // Its secret only for an example that signs ($SIG) or reads it from a file: a request each for the others.
  let secret = '';
  if (/\$SIG\b|webhook-secret/.test(script)) {
    const shared = await call<{ secret: string }>(emulator.url, 'GET', '/v1/webhooks:getSharedSecret', { key: apiKey });
    expect(shared.status).toBe(200);
    secret = shared.body.secret;
  }
  const webhookId = created.body.id;
  let messageId = '';
  if (script.includes('MESSAGE_ID')) {
    // A notification of its own, for the examples that name a message (an injection and a delivery each: only those).
    expect((await inject(address)).length).toBeGreaterThan(0);
    const own = await fetch(`${emulator.url}/_emulator/deliveries?webhookId=${webhookId}&pageSize=1`);
    const [message] = ((await own.json()) as { deliveries: Array<{ messageId: string }> }).deliveries;
    expect(message, 'a message for the new webhook').toBeDefined();
    messageId = message!.messageId;
  }
  return { apiKey, webhookId, secret, messageId, address };
}

/** Each command's examples, read once: the walk, each command's test and the count of them all read them. */
const examplesByPath = new Map<string, Promise<Array<{ comment: string; script: string }>>>();

/** Each example of a command's help: its comment and its invocation lines (a group may hold several). */
function helpExamples(path: string[]): Promise<Array<{ comment: string; script: string }>> {
  const key = path.join(' ');
  if (!examplesByPath.has(key)) examplesByPath.set(key, readHelpExamples(path));
  return examplesByPath.get(key)!;
}

async function readHelpExamples(path: string[]): Promise<Array<{ comment: string; script: string }>> {
  const help = (await runInProcess([...path, '--help'], { configDir: quietConfigDir })).stdout;
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
 * Examples that ask at a terminal (a confirmation), run with a terminal's stdin, stdout and stderr and the answer
 * typed: keyed by the invocation, with the question they must ask. (In this process: a question answered in a real
 * pseudo-terminal is cli-tty's, with webhook deactivate's.)
 */
const ASKING: Record<string, string> = {
  [`svc webhook deactivate ${EXAMPLE_ID}`]: '[y/N]',
  'svc webhook secret rotate': '[y/N]',
};

/** Servers and followers that run until stopped: they pass when they are ready and still running (`--detach` ends). */
const SERVES = /svc (emulator start(?! --detach)|webhook listen|tx list --follow|emulator deliveries --follow)\b/;
/** What a server says on stderr once it serves (a follower's first output is on stdout). */
const READY = /^(Ready: |Emulator listening )/m;

/** The variables the examples use, as the test sets them for an account. */
function exampleVars(account: Account): Record<string, string> {
  return {
    WEBHOOK_ID: account.webhookId,
    MESSAGE_ID: account.messageId,
    ADDR: account.address,
    HOOK_URL: 'http://127.0.0.1:9/hook',
    SIG: account.secret === '' ? '' : signBody(account.secret, JSON.parse(exampleBody(account))),
    SERVICE_KEY: account.apiKey,
    RUNNER_TEMP: join(workDir, `runner-${account.apiKey}`),
  };
}
const VAR_NAMES = ['WEBHOOK_ID', 'MESSAGE_ID', 'ADDR', 'HOOK_URL', 'SIG', 'SERVICE_KEY', 'RUNNER_TEMP'];

function exampleBody(account: Account): string {
  return JSON.stringify({ webhookId: account.webhookId, messageId: 'm-1', event: {} });
}

/** The example as run for an account: its webhook, free ports, the test's receiver for "a handler running locally". */
function adapt(script: string, account: Account): string {
  return (
    script
      .replaceAll(EXAMPLE_ID, account.webhookId)
      // The servers' default ports may be taken on a test machine: any free port instead.
      .replace(/svc (emulator start|webhook listen)\b/g, 'svc $1 --port 0')
      // A data folder in the test's own folder, never in the working folder the tests run from.
      .replace(/--data-dir (?!\/)(\S+)/g, (_, dir: string) => `--data-dir ${join(workDir, `data-${account.apiKey}`, dir)}`)
      .replace(/http:\/\/(127\.0\.0\.1|localhost):3000/g, receiverUrl)
  );
}

/**
 * A line whose only shell syntax is quoting ('…', "…" with $NAME inside) and NAME=value before `svc`: its
 * assignments and arguments as bash would expand them with `vars`. Undefined for anything else (pipes, redirections,
 * $(…), an unknown variable), which a real shell runs.
 */
function plainCommand(line: string, vars: Record<string, string>): { env: Record<string, string>; args: string[] } | undefined {
  const words: Array<{ text: string; assigns: boolean }> = [];
  let i = 0;
  while (i < line.length) {
    if (line[i] === ' ') {
      i++;
      continue;
    }
    let text = '';
    const assigns = /^[A-Z_][A-Z0-9_]*=/.test(line.slice(i));
    while (i < line.length && line[i] !== ' ') {
      const character = line[i]!;
      if (character === "'" || character === '"') {
        const end = line.indexOf(character, i + 1);
        if (end < 0) return undefined;
        const inner = line.slice(i + 1, end);
        if (character === '"') {
          if (/[\\`]|\$(?![A-Za-z_])/.test(inner)) return undefined;
          let unknown = false;
          text += inner.replace(/\$([A-Za-z_]\w*)/g, (_, name: string) => {
            if (!(name in vars)) unknown = true;
            return vars[name] ?? '';
          });
          if (unknown) return undefined;
        } else text += inner;
        i = end + 1;
      } else if (/[\w./:,=@+-]/.test(character)) {
        text += character;
        i++;
      } else return undefined;
    }
    words.push({ text, assigns });
  }
  const at = words.findIndex((word) => !word.assigns);
  if (at < 0 || words[at]!.text !== 'svc') return undefined;
  const env = Object.fromEntries(
    words.slice(0, at).map(({ text }) => [text.slice(0, text.indexOf('=')), text.slice(text.indexOf('=') + 1)]),
  );
  return { env, args: words.slice(at + 1).map((word) => word.text) };
}

/** The files the examples name, in the work folder (where each example's shell runs). */
const EXAMPLE_FILES = ['watch.txt', 'wallets.txt', 'retired.txt', 'new-wallets.tsv', 'webhooks.json', 'body.json', 'webhook-secret'];

/** Whether every file-like word of the script is one of the example files (a plain line may then run here, with its full path). */
function namesKnownFilesOnly(script: string): boolean {
  const named = script.match(/(?<![\w./~$-])(?!-)[\w./~-]*(\.(txt|json|tsv|jsonl)\b|webhook-secret\b)/g) ?? [];
  return named.every((name) => EXAMPLE_FILES.includes(name));
}

/**
 * How an example runs. In this process: plain command lines (after the test expands their quoting and variables) that
 * name no files but the example files (given their full path, as the shell would find them in its folder) and start
 * or stop no emulator process; the ones that ask, with a terminal's IO. Servers and followers: each on its own (in
 * this process when plain, else in bash), stopped once ready. The rest in one bash, whose `svc` runs each line in this
 * process (test/helpers/shell-svc.ts; a start and a follower as the built CLI), but for the examples about the emulators
 * you run, which go in turn beside it (see runInShell).
 */
function kindOf(script: string): 'terminal' | 'server' | 'in-process' | 'shell' {
  if (ASKING[script] !== undefined) return 'terminal';
  if (SERVES.test(script)) return 'server';
  const names = Object.fromEntries(VAR_NAMES.map((name) => [name, '']));
  const plain = script.split('\n').every((line) => plainCommand(line, names) !== undefined);
  if (plain && namesKnownFilesOnly(script) && !isLifecycle(script)) return 'in-process';
  return 'shell';
}

/** A single-quoted bash word. */
function quoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The environment every example's shell starts from. */
function shellBaseEnv(): Record<string, string> {
  return {
    PATH: `${shellSvc.binDir}:${binDir}:${process.env.PATH}`,
    // A home of the test's own: bash runs ~/.bashrc when its stdin is a socket (as Node's pipes are) and SHLVL is
    // unset, and the user's start-up files are no part of an example (a version manager's took a quarter second each).
    HOME: workDir,
    SVC_BASE_URL: emulator.url,
    NO_COLOR: '1',
  };
}

/** The account's own copy of an example file that an example may read or write (the body it signs, its secret). */
function ownFile(name: string, account: Account): string {
  if (name === 'body.json') return `body-${account.apiKey}.json`;
  if (name === 'webhook-secret') return `webhook-secret-${account.apiKey}`;
  return name;
}

/** Writes the account's own body and secret files into the work folder, the ones the example names. */
function writeOwnFiles(account: Account, script: string): void {
  // Only those: a hundred examples wrote two files each that few of them read.
  if (script.includes('body.json')) writeFileSync(join(workDir, ownFile('body.json', account)), exampleBody(account));
  if (/(?<![\w-])webhook-secret\b/.test(script)) writeFileSync(join(workDir, ownFile('webhook-secret', account)), account.secret);
}

/**
 * The example's own settings and files, and the example itself, as bash lines (run in a subshell of its own).
 * `configDir` is shared by the examples about the emulators you run (one starts what the next looks at or stops).
 */
function shellScript(script: string, account: Account, configDir?: string): string {
  const home = join(workDir, `home-${account.apiKey}`);
  mkdirSync(home, { recursive: true });
  // Each run reads its own body as body.json, and has its own secret file.
  writeOwnFiles(account, script);
  const exports = Object.entries({
    ...exampleVars(account),
    HOME: home,
    SVC_API_KEY: account.apiKey,
    SVC_CONFIG_DIR: configDir ?? join(workDir, `config-${account.apiKey}`),
  }).map(([name, value]) => `export ${name}=${quoted(value)}\n`);
  let prelude = `${exports.join('')}cd ${quoted(workDir)}\n`;
  // "The one on port 4010": the one running, whose record is named by its port.
  if (/--port 4010\b/.test(script))
    prelude += 'port=$(cd "$SVC_CONFIG_DIR/emulators" && ls | sed -n "s/^\\([0-9]*\\)\\.json$/\\1/p" | head -n1)\n';
  const adapted = adapt(script, account)
    .replace(/(?<![\w-])webhook-secret\b/g, ownFile('webhook-secret', account))
    .replaceAll('body.json', ownFile('body.json', account))
    .replace(/--port 4010\b/g, '--port "$port"');
  return prelude + adapted;
}

/** An example that only looks at the running emulators (they must have one to show). */
function readsRunning(script: string): boolean {
  return /svc emulator (status|logs)\b/.test(script) && !/svc emulator (start|stop)\b/.test(script);
}

/** Ends a shell's process group (a server it started in the background with it); it may have ended already. */
function endGroup(pid: number | undefined): void {
  try {
    process.kill(-pid!, 'SIGTERM');
  } catch {
    // The group has ended already.
  }
}

/** Marks a line of the lifecycle that starts an emulator for the stop after it (no example of a start is left). */
const START_ONE = Symbol('start one');

/**
 * The examples about the emulators you run, in an order in which each finds what it needs, sharing one folder of
 * records: a start in the background, (the first time) the ones that look at what runs, then a stop of it; again for
 * each start. A stop with no start left before it gets one started for it. (An emulator process of its own for each
 * of them cost two processes more each, and a second of CPU for its history.)
 */
function lifecycleOrder(scripts: string[]): Array<string | typeof START_ONE> {
  const starts = scripts.filter((script) => /svc emulator start\b/.test(script) && !/svc emulator stop\b/.test(script));
  const reads = scripts.filter(readsRunning);
  const stops = scripts.filter((script) => /svc emulator stop\b/.test(script) && !/svc emulator start\b/.test(script));
  // One that starts and stops its own comes first, while none runs.
  const order: Array<string | typeof START_ONE> = scripts.filter(
    (script) => !starts.includes(script) && !reads.includes(script) && !stops.includes(script),
  );
  const rounds = Math.max(starts.length, stops.length, reads.length > 0 ? 1 : 0);
  for (let i = 0; i < rounds; i++) {
    order.push(starts[i] ?? START_ONE);
    if (i === 0) order.push(...reads);
    if (stops[i] !== undefined) order.push(stops[i]!);
  }
  return order;
}

/** Bash lanes the independent shell examples are spread over: they run side by side. */
const LANES = 3;

/** An example about the emulators you run: it starts, looks at or stops one (they share one folder of records). */
function isLifecycle(script: string): boolean {
  return /svc emulator (start|status|stop|logs)\b/.test(script);
}

/**
 * A step of the lifecycle that runs in this process: a plain line (status, stop) that starts nothing, as every other
 * plain line does. A start stays in bash: `--detach` spawns a copy of the built CLI, and the others have shell syntax.
 */
function lifecycleStepRunsHere(script: string): boolean {
  const names = Object.fromEntries(VAR_NAMES.map((name) => [name, '']));
  return (
    script.split('\n').every((line) => plainCommand(line, names) !== undefined) &&
    namesKnownFilesOnly(script) &&
    !/svc emulator start\b/.test(script)
  );
}

/** Runs bash lines in a process group of their own, so a server an example started in the background is stopped with it. */
async function inBash(lines: string, timeout: number): Promise<{ exitCode?: number; stderr: string }> {
  const child = execa('bash', ['-c', `set -o pipefail\n${lines}`], {
    env: shellBaseEnv(),
    extendEnv: false,
    reject: false,
    detached: true,
    timeout,
  });
  const result = await child;
  endGroup(child.pid);
  return { exitCode: result.exitCode, stderr: String(result.stderr) };
}

/**
 * All the shell examples in ONE bash: each in a subshell with its own account, stdin, output files and exit status;
 * the independent ones in a few lanes side by side. (A bash per command and an emulator process per example about
 * them cost a process each.) The examples about the emulators you run go in turn (see lifecycleOrder), beside the
 * lanes: the ones with shell syntax and the starts each in a bash of its own, the plain status and stop lines in
 * this process (a process of the CLI each, for what the same code does here). Resolves to each example's failure.
 */
async function runInShell(scripts: string[]): Promise<Array<Error | undefined>> {
  const accounts = await Promise.all(scripts.map((script) => freshAccount(script)));
  const directory = mkdtempSync(join(workDir, 'shell-'));
  const file = (i: number, name: string) => quoted(join(directory, `${i}.${name}`));
  const running = mkdtempSync(join(workDir, 'running-'));
  const block = (i: number, configDir?: string) =>
    `(\n${shellScript(scripts[i]!, accounts[i]!, configDir)}\n) <<<${quoted(accounts[i]!.apiKey)} >${file(i, 'out')} 2>${file(i, 'err')}\n` +
    `echo $? >${file(i, 'status')}\n`;
  /** The example's failure, from what its block wrote, if any; `shell` is the bash it ran in. */
  const outcome = (i: number, shell: { exitCode?: number; stderr: string }): Error | undefined => {
    const read = (name: string) => {
      try {
        return readFileSync(join(directory, `${i}.${name}`), 'utf8');
      } catch {
        return '';
      }
    };
    const status = read('status').trim();
    // An example can succeed while the shell complains about a line of it (a command's output that eval tries to
    // run, a missing file): the user would see that error, so it fails the example.
    const complaint = read('err')
      .split('\n')
      .find((line) => /^bash: (line \d+: )?/.test(line));
    if (status === '0' && complaint) return new Error(`${scripts[i]}\nthe shell said: ${complaint}`);
    if (status === '0') return undefined;
    return new Error(`${scripts[i]}\nexit ${status || `(none: the shell ended ${shell.exitCode})`}\n${read('err')}${shell.stderr}`);
  };
  const lanes: string[][] = Array.from({ length: LANES }, () => []);
  scripts.forEach((script, i) => {
    if (!isLifecycle(script)) lanes[i % LANES]!.push(block(i));
  });
  const laneRun = inBash(`${lanes.map((lane) => `{\n${lane.join('')}} &\n`).join('')}wait\n`, 100_000);
  const lifecycleFailures = new Map<number, Error | undefined>();
  for (const step of lifecycleOrder(scripts.filter(isLifecycle))) {
    if (step === START_ONE) {
      await inBash(`SVC_CONFIG_DIR=${quoted(running)} svc emulator start --detach --port 0 >/dev/null\n`, 30_000);
      continue;
    }
    const i = scripts.indexOf(step);
    if (lifecycleStepRunsHere(step)) {
      lifecycleFailures.set(
        i,
        await runHere(step, accounts[i], running).then(
          () => undefined,
          (error: Error) => error,
        ),
      );
    } else lifecycleFailures.set(i, outcome(i, await inBash(block(i, running), 30_000)));
  }
  const lanesResult = await laneRun;
  // What the lifecycle left running (a start with no stop after it), and what a failed stop left.
  await runInProcess(['emulator', 'stop', '--all'], { configDir: running });
  return scripts.map((script, i) => (isLifecycle(script) ? lifecycleFailures.get(i) : outcome(i, lanesResult)));
}

/** Stops what an example may have started with --detach in its own folder (in a session of its own, so not in the shell's process group). */
async function stopDetached(account: Account): Promise<void> {
  await runInProcess(['emulator', 'stop', '--all'], { configDir: join(workDir, `config-${account.apiKey}`) });
}

/** Resolves with `value` after `ms`, or never once `cancel` is called: a bound on a wait. */
function after<T>(ms: number, value: T): { promise: Promise<T>; cancel: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(value), ms)));
  return { promise, cancel: () => clearTimeout(timer) };
}

/** A follower of deliveries prints nothing until an attempt ends: the account's own activity makes some. */
function activityFor(script: string, account: Account): NodeJS.Timeout | undefined {
  return /deliveries --follow/.test(script) ? setInterval(() => void inject(account.address).catch(() => {}), 300) : undefined;
}

/** The arguments of a plain line as a shell in the work folder would find its files: the example files by full path. */
function withFiles(args: string[], account: Account): string[] {
  return args.map((arg) => (EXAMPLE_FILES.includes(arg) ? join(workDir, ownFile(arg, account)) : arg));
}

/**
 * A server or follower: passes once it is ready (its first output, or its "ready" line) while still running. A plain
 * one runs in this process and ends as at Ctrl-C; one with shell syntax (a pipe, a file) in bash, stopped by SIGTERM.
 */
async function runServer(script: string): Promise<void> {
  const account = await freshAccount(script);
  const adapted = adapt(script, account);
  const plain = plainCommand(adapted, exampleVars(account));
  if (plain && Object.keys(plain.env).length === 0 && namesKnownFilesOnly(script)) {
    writeOwnFiles(account, script);
    // An emulator started here without a seed makes a history of its own (~0.3 CPU-s each): seeded as the tests'
    // default, it shares the one this process made already. Whether it serves is the point, not its data; a start
    // without a seed is still the detached example's (`eval "$(svc emulator start --detach)"`, a process) and
    // emulator-api's.
    if (plain.args[0] === 'emulator' && plain.args[1] === 'start' && !plain.args.includes('--seed')) plain.args.push('--seed', '42');
    const activity = activityFor(script, account);
    const bound = after(20_000, 'late' as const);
    const started = startInProcess(withFiles(plain.args, account), {
      baseUrl: emulator.url,
      apiKey: account.apiKey,
      configDir: join(workDir, `config-${account.apiKey}`),
      input: `${account.apiKey}\n`,
      readyOnStderr: /webhook listen/.test(script) ? READY : undefined,
    });
    const first = await Promise.race([started, bound.promise]);
    bound.cancel();
    clearInterval(activity);
    if (first === 'late') throw new Error(`${script}: not ready in 20 s`);
    expect(await first.stop(), `${script}\n${first.stderr()}`).toBe(130);
    return;
  }
  // jq writes to a pipe in blocks, so a follower's first line would only come out at the end: unbuffered here.
  const unbufferedJq = 'jq() { command jq --unbuffered "$@"; }\n';
  const child = execa('bash', ['-c', `set -o pipefail\n${unbufferedJq}${shellScript(script, account)}`], {
    env: shellBaseEnv(),
    extendEnv: false,
    input: `${account.apiKey}\n`,
    reject: false,
    detached: true,
    buffer: false,
    timeout: 30_000,
  });
  let stdout = '';
  let stderr = '';
  const ready = new Promise<'ready'>((resolve) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += String(chunk);
      resolve('ready');
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += String(chunk);
      if (READY.test(stderr)) resolve('ready');
    });
  });
  const activity = activityFor(script, account);
  const bound = after(20_000, 'late' as const);
  const first = await Promise.race([ready, child.then(() => 'ended' as const), bound.promise]);
  bound.cancel();
  clearInterval(activity);
  endGroup(child.pid);
  const result = await child;
  if (/svc emulator start\b/.test(script)) await stopDetached(account);
  expect(first, `${script}\n(exit ${result.exitCode})\n${stdout}\n${stderr}`).toBe('ready');
}

/** The port of the emulator recorded in a folder of records (the first, by name). */
function runningPort(configDir: string): string {
  const ports = readdirSync(join(configDir, 'emulators')).flatMap((name) => /^(\d+)\.json$/.exec(name)?.[1] ?? []);
  expect(ports.length, 'an emulator running').toBeGreaterThan(0);
  return ports.sort()[0]!;
}

/**
 * Plain command lines, expanded as bash would, in this process: the same parsing and commands, no spawn. One that asks
 * runs at a terminal (stdin, stdout and stderr), must ask its question, and is answered yes.
 */
async function runHere(script: string, given?: Account, running?: string): Promise<void> {
  const account = given ?? (await freshAccount(script));
  writeOwnFiles(account, script);
  const vars = exampleVars(account);
  const question = ASKING[script];
  const terminal = { stdinTTY: true, stdoutTTY: true, stderrTTY: true, columns: 120, input: 'y\r' };
  for (const line of adapt(script, account).split('\n')) {
    const { env, args } = plainCommand(line, vars)!;
    const { SVC_CONFIG_DIR: configDir, ...rest } = env;
    // "The one on port 4010": the one running, whose record is named by its port.
    const port = args.indexOf('--port') + 1;
    if (running !== undefined && args[port] === '4010') args[port] = runningPort(running);
    const result = await runInProcess(withFiles(args, account), {
      baseUrl: emulator.url,
      apiKey: account.apiKey,
      configDir: configDir ?? running ?? join(workDir, `config-${account.apiKey}`),
      env: rest,
      input: `${account.apiKey}\n`,
      ...(question === undefined ? {} : terminal),
    });
    expect(result.exitCode, `${script}\n${line}\n${result.stderr}`).toBe(0);
    if (question !== undefined) expect(result.stderr, script).toContain(question);
  }
}

/** Runs `task`s at most `limit` at a time (the examples run here share this process with each other). */
function limited(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/**
 * Every example of every help, each run once by its text (an example in a group's help and its command's runs once,
 * for both): started at the first test's call, the shell ones all in one bash. Each test awaits its command's.
 */
let allRuns: Promise<Map<string, Promise<void>>> | undefined;
function runAllExamples(): Promise<Map<string, Promise<void>>> {
  allRuns ??= (async () => {
    const scripts = [...new Set((await Promise.all(paths.map((path) => helpExamples(path)))).flat().map((example) => example.script))];
    const runs = new Map<string, Promise<void>>();
    const inShell = scripts.filter((script) => kindOf(script) === 'shell');
    const failures = runInShell(inShell);
    inShell.forEach((script, i) =>
      runs.set(
        script,
        failures.then((all) => {
          if (all[i]) throw all[i];
        }),
      ),
    );
    const here = limited(4);
    for (const script of scripts.filter((each) => !runs.has(each)))
      runs.set(
        script,
        here(() => (kindOf(script) === 'server' ? runServer(script) : runHere(script))),
      );
    // Awaited by the tests, maybe later than a failure: not an unhandled rejection meanwhile.
    for (const run of runs.values()) run.catch(() => {});
    return runs;
  })();
  return allRuns;
}

describe('every example in every help runs against the emulator', () => {
  const withExamples = paths.map((path) => [path.join(' ')]);

  it("runs the shell examples' svc lines in this process, the starts and followers as the built CLI (a check on the host)", async () => {
    await Promise.allSettled((await runAllExamples()).values());
    expect(shellSvc.counts.here).toBeGreaterThan(40);
    expect(shellSvc.counts.asProcess).toBeGreaterThan(0);
  }, 120_000);

  it.concurrent.each(withExamples)(
    'svc %s',
    async (joined) => {
      const examples = await helpExamples(joined.split(' '));
      const runs = await runAllExamples();
      // Each example, whichever command's test started it: they run side by side, each with an account of its own.
      await Promise.all(examples.map(({ script }) => runs.get(script)));
    },
    120_000,
  );

  it('finds the examples it runs (a check on the walk itself)', async () => {
    const counts = await Promise.all(leaves.map(async (path) => (await helpExamples(path)).length));
    expect(counts.every((count) => count > 0)).toBe(true);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBeGreaterThan(40);
  });

  it('runs the examples with shell syntax in a shell (a check on the sorting)', () => {
    expect(kindOf('svc webhook get "$WEBHOOK_ID" --json | jq -r .status')).toBe('shell');
    expect(kindOf('WEBHOOK_ID=$(svc webhook create --url "$HOOK_URL" --json)')).toBe('shell');
    expect(kindOf('svc webhook verify --signature "$SIG" < body.json')).toBe('shell');
    expect(kindOf('svc config set api-key --profile $PROFILE')).toBe('shell');
    expect(kindOf('svc webhook update "$WEBHOOK_ID" --name "$(date)"')).toBe('shell');
    expect(kindOf('svc webhook list | cat')).toBe('shell');
    expect(kindOf('svc webhook update "$WEBHOOK_ID" --name payments')).toBe('in-process');
    // The example files here by their full path; any other file is the shell's to find; a flag is no file.
    expect(kindOf('svc webhook apply -f webhooks.json --dry-run')).toBe('in-process');
    expect(kindOf('svc webhook apply -f other.json')).toBe('shell');
    expect(kindOf('svc webhook create --addresses-file ./watch.txt')).toBe('shell');
    expect(namesKnownFilesOnly('svc emulator start --webhook-secret 00112233')).toBe(true);
    expect(kindOf('svc emulator status')).toBe('shell');
    // Of the emulator lifecycle, the plain lines that start nothing run here; starts and shell syntax in bash.
    expect(lifecycleStepRunsHere('svc emulator status --json')).toBe(true);
    expect(lifecycleStepRunsHere('svc emulator stop --port 4010')).toBe(true);
    expect(lifecycleStepRunsHere('svc emulator status | cut -f1')).toBe(false);
    expect(lifecycleStepRunsHere('svc emulator start --detach --data-dir .svc-emulator')).toBe(false);
    expect(lifecycleStepRunsHere('eval "$(svc emulator start --detach)"')).toBe(false);
  });

  it('orders the examples about running emulators so each finds what it needs (a check on the lifecycle)', () => {
    const start = 'eval "$(svc emulator start --detach)"';
    expect(lifecycleOrder(['svc emulator stop', 'svc emulator status', start, 'svc emulator stop --all'])).toEqual([
      start,
      'svc emulator status',
      'svc emulator stop',
      START_ONE,
      'svc emulator stop --all',
    ]);
    expect(lifecycleOrder(['svc emulator status'])).toEqual([START_ONE, 'svc emulator status']);
    expect(
      plainCommand(`SVC_CONFIG_DIR="$RUNNER_TEMP/svc" svc event-signature 'event A(uint a, uint b)' x`, { RUNNER_TEMP: '/t' }),
    ).toEqual({
      env: { SVC_CONFIG_DIR: '/t/svc' },
      args: ['event-signature', 'event A(uint a, uint b)', 'x'],
    });
  });
});

describe('with --json, every command ends a failure with one JSON line on stderr', () => {
  it.each(leaves.map((path) => [path.join(' ')]))('svc %s --json --no-such-flag', async (joined) => {
    const result = await runInProcess([...joined.split(' '), '--json', '--no-such-flag'], {
      baseUrl: emulator.url,
      configDir: quietConfigDir,
    });
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
    const result = await runInProcess(args, { baseUrl: emulator.url, apiKey: 'sk_test_tree_404', configDir: quietConfigDir });
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
  // The webhook ids; the emulator's message ids are asked of another command (test/e2e/completion.test.ts).
  const idArguments = nodes
    .filter((node) => node.arguments.some((argument) => argument.dynamic === 'webhook-ids'))
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

  /** The command line that completes a file option's value: an addresses command first takes its <id>. */
  const fileLine = (command: string, option: string) => [
    'svc',
    ...command.split(' '),
    ...(command.includes('addresses') ? ['some-id'] : []),
    option,
    'completions/svc.b',
  ];
  const idLine = (command: string) => ['svc', ...command.split(' '), ''];

  // Every option and argument in each real shell, one shell per shell (each completion is a subshell or a
  // `complete -C` of the same shell; zsh's compinit, the costly part, runs once). The <id>s ask a stand-in `svc` on
  // PATH, which notes what it was asked: the first time (in the first shell) it hands over to the built CLI, which
  // answers from the emulator with the key's webhook; after that it answers with what the CLI answers, taken in this
  // process (the same command and output), so each shell reads the CLI's real answer (a process of the CLI each was
  // most of the cost).
  let account: Account;
  let stub: { env: Record<string, string>; log: string; handedOver: string };
  const ASKED = DYNAMIC_VALUE_COMMANDS['webhook-ids'];
  const BY_CLI = `${ASKED} (the built CLI)`;
  beforeAll(async () => {
    account = await freshAccount();
    const directory = mkdtempSync(join(tmpdir(), 'svc-stub-'));
    const log = join(directory, 'asked.log');
    const handedOver = join(directory, 'handed-over');
    const env = {
      PATH: `${directory}:${process.env.PATH}`,
      SVC_BASE_URL: emulator.url,
      SVC_API_KEY: account.apiKey,
      SVC_CONFIG_DIR: join(workDir, 'config-completion'),
    };
    const answer = await runInProcess(ASKED.split(' '), { baseUrl: emulator.url, apiKey: account.apiKey, configDir: env.SVC_CONFIG_DIR });
    expect(answer.exitCode, answer.stderr).toBe(0);
    expect(answer.stdout).toContain(account.webhookId);
    writeFileSync(join(directory, 'answer'), answer.stdout);
    writeFileSync(
      join(directory, 'svc'),
      `#!/bin/sh
if mkdir ${JSON.stringify(handedOver)} 2>/dev/null; then
` +
        `  printf '%s\n' "$* (the built CLI)" >> ${JSON.stringify(log)}
  exec node ${JSON.stringify(BIN)} "$@"
fi
` +
        `printf '%s\n' "$*" >> ${JSON.stringify(log)}
cat ${JSON.stringify(join(directory, 'answer'))}
`,
    );
    chmodSync(join(directory, 'svc'), 0o755);
    writeFileSync(log, '');
    stub = { env, log, handedOver };
  });
  /** What the stand-in was asked since the last call, one line per time a shell ran it. */
  const asked = () => {
    const lines = readFileSync(stub.log, 'utf8').trim().split('\n');
    writeFileSync(stub.log, '');
    return lines;
  };
  /** What a shell must have asked: once of the built CLI when it is the first shell, else of the stand-in. */
  const expectedAsked = (first: boolean) => idArguments.map((_, i) => (first && i === 0 ? BY_CLI : ASKED));
  const isFirst = () => !existsSync(stub.handedOver);
  const lines = () => [...fileOptions.map(([command, option]) => fileLine(command, option)), ...idArguments.map(idLine)];
  /** The webhook id each <id> line is offered: the key's own (the CLI's answer, by the process or taken here). */
  const ids = () => idArguments.map(() => account.webhookId);

  it('bash: every <path> option completes file names, every <id> asks for the key’s webhooks', async () => {
    const first = isFirst();
    const { exitCode, stderr, replies } = await completeManyInBash(lines(), stub.env);
    expect({ exitCode, stderr }).toEqual({ exitCode: 0, stderr: '' });
    expect(replies).toEqual([...fileOptions.map(() => ['completions/svc.bash']), ...ids().map((id) => [id])]);
    expect(asked()).toEqual(expectedAsked(first));
  });

  it.skipIf(missing('fish'))('fish: every <path> option completes file names, every <id> asks for the key’s webhooks', async () => {
    const first = isFirst();
    const { exitCode, replies } = await completeManyInFish(
      lines().map((words) => words.join(' ')),
      stub.env,
    );
    expect(exitCode).toBe(0);
    expect(replies.map((reply) => reply[0]?.split('\t')[0])).toEqual([...fileOptions.map(() => 'completions/svc.bash'), ...ids()]);
    expect(asked()).toEqual(expectedAsked(first));
  });

  it.skipIf(missing('zsh'))('zsh: every <path> option completes file names, every <id> asks for the key’s webhooks', async () => {
    const first = isFirst();
    const { exitCode, replies } = await completeManyInZsh(
      lines().map((words) => words.join(' ')),
      stub.env,
    );
    expect(exitCode).toBe(0);
    expect(replies).toHaveLength(lines().length);
    fileOptions.forEach(([command, option], i) => expect(replies[i], `${command} ${option}`).toContain('svc.bash'));
    ids().forEach((id, i) => expect(replies[fileOptions.length + i], idArguments[i]).toContain(id));
    expect(asked()).toEqual(expectedAsked(first));
  });

  it('no service: nothing offered, nothing said, in bounded time', async () => {
    const env = { ...stub.env, PATH: `${binDir}:${process.env.PATH}`, SVC_BASE_URL: 'http://127.0.0.1:9' };
    const result = await completeInBash(['svc', 'webhook', 'get', ''], env);
    expect(result).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
  });
});

describe('counts: grouped on a terminal, plain when piped', () => {
  const BIG = 1234;
  let options: { baseUrl: string; apiKey: string; configDir: string };
  let webhookId: string;
  beforeAll(async () => {
    options = { baseUrl: emulator.url, apiKey: 'sk_test_tree_counts', configDir: quietConfigDir };
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
    'tx get',
    // The chain's reads: numbers of the chain (blocks, amounts, transaction counts of a block) are data, printed as the
    // service wrote them; block get's chain total is grouped at a terminal (test/commands/block/get.test.ts).
    'block list',
    'block get',
    'address chains',
    'token transfers',
    // A few dozen chains at most, and no count printed for them.
    'chain list',
    'chain get',
    // Amounts, token ids and decimals are values, printed as the service wrote them (amounts in the token's units at a
    // terminal, never grouped); their listings print no count.
    'balance',
    'contract get',
    'contract deployments',
    'nft list',
    'nft get',
    'nft reindex',
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
    // A URL, and no count.
    'emulator open',
    // Its one count at a terminal ("Showing n messages", "n older ones were dropped") goes through countOf grouped;
    // a scenario here would need over a thousand messages.
    'emulator deliveries list',
    'emulator deliveries show',
    // Its one count, on stderr ("Sending n failed messages"), goes through countOf, grouped on a terminal; a scenario
    // here would need over a thousand failed messages.
    'emulator deliveries recover',
    'emulator redeliver',
    // A log as written, a reset and a pointer: no count.
    'emulator logs',
    'emulator reset',
    'webhook delete',
    // The service's body as returned, and the operations of --list: no count of its own.
    'api',
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
