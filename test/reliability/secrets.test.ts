// Secrets: a distinctive key run through every command and mode (TSV, --json, --verbose, every kind of error,
// config, a crash) never appears whole in anything printed; the config file is 0600 and tightened to 0600;
// the key is never sent over plain http to a host other than loopback; a corrupt config is reported, untouched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { BIN, freshConfigDir, isolatedEnv, REPO_ROOT, runCli, runInProcess } from '../helpers/cli.js';
import type { RunOptions, RunResult } from '../helpers/cli.js';
import { call, startReceiver, startTestEmulator } from '../helpers/emulator-helpers.js';
import type { Receiver } from '../helpers/emulator-helpers.js';
import { numberedTransaction } from '../helpers/fixtures.js';
import { errorAnswer, json, startTestServer } from '../helpers/test-server.js';
import type { Answer, RecordedRequest, TestServer } from '../helpers/test-server.js';
import { occurrences, useFigures } from './figures.js';

const figures = useFigures(import.meta.url);
const KEY = 'sk_live_RELIABILITY_5f0e9d8c7b6a4321';
const WEBHOOK_ID = '3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60';
const CREATE = [
  'webhook',
  'create',
  '--url',
  'https://hooks.example.com/x',
  '--chain-id',
  '43113',
  '--address',
  '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
];

let server: TestServer;
let evil: TestServer;
let closedPort: string;

/** Every run's stdout and stderr are scanned for the key; each output holding it counts as one leak. */
function scan(label: string, result: RunResult): void {
  figures.cases++;
  for (const [stream, text] of [
    ['stdout', result.stdout],
    ['stderr', result.stderr],
  ] as const) {
    if (occurrences(text, KEY) > 0) {
      figures.keysLeaked++;
      expect.soft(text, `${label}: the key leaked on ${stream}`).not.toContain(KEY);
    }
  }
}

async function run(label: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  const result = await runInProcess(args, { apiKey: KEY, timeout: 15_000, ...options });
  scan(label, result);
  return result;
}

const webhookBody = {
  id: WEBHOOK_ID,
  url: 'https://hooks.example.com/x',
  chainId: '43113',
  status: 'active',
  createdAt: 1_750_000_000,
  name: 'n',
  description: 'd',
  eventType: 'address_activity',
  metadata: { addresses: ['0x71c7656ec7ab88b098defb751b7401b5f6d8976f'], eventSignatures: [] },
  includeInternalTxs: false,
  includeLogs: false,
};

/** The mode is the first path segment of the base URL: /ok, /401, /echo, ... */
function secretsScript(request: RecordedRequest): Answer {
  const [, mode = 'ok', ...rest] = request.path.split('/');
  const route = '/' + rest.join('/');
  const sentKey = String(request.headers['x-service-api-key'] ?? '');
  switch (mode) {
    case 'ok':
      if (route === '/v1/transactions')
        return json({
          transactions: [numberedTransaction(1), numberedTransaction(2)],
          nextPageToken: request.searchParams.get('pageToken') ? undefined : 'p2',
        });
      if (route.endsWith('/addresses')) return json({ addresses: ['0x71c7656ec7ab88b098defb751b7401b5f6d8976f'], totalAddresses: 1 });
      if (request.method === 'POST') return json(webhookBody, 201);
      return json({ ...webhookBody, status: 'inactive' });
    case 'echo':
      // A careless service (or proxy) that repeats the credential it was given in its error.
      return errorAnswer(401, `invalid API key ${sentKey}`, { 'x-echo-key': sentKey });
    case 'echo-array':
      return errorAnswer(400, ['url must be https', `key ${sentKey} may not create webhooks`]);
    case 'echo-reason':
      return json({ message: 'rejected', statusCode: 403, error: `Forbidden for ${sentKey}` }, 403);
    case 'echo-html':
      return {
        status: 502,
        headers: { 'content-type': 'text/html' },
        body: `<html><pre>upstream request headers: x-service-api-key: ${sentKey}</pre></html>`,
      };
    case 'drop':
      return { fault: 'drop' };
    case 'stall':
      return { fault: 'stall' };
    case 'badjson':
      return { status: 200, body: `{"transactions": [{"txHash": "${sentKey}` };
    case 'redirect':
      return { status: 307, headers: { location: `${evil.url}/v1/transactions` }, body: '' };
    default:
      return errorAnswer(Number(mode), `injected ${mode}`);
  }
}

beforeAll(async () => {
  server = await startTestServer(secretsScript);
  evil = await startTestServer(() => json({ transactions: [] }));
  const probe = await startTestServer();
  closedPort = probe.url.split(':').pop()!;
  await probe.close();
});
afterAll(async () => {
  await server.close();
  await evil.close();
});

describe('the key never appears whole in anything printed', () => {
  const commands: Array<[string, string[]]> = [
    ['tx list', ['tx', 'list']],
    ['tx list --all', ['tx', 'list', '--all']],
    ['webhook create', CREATE],
    ['webhook addresses', ['webhook', 'addresses', WEBHOOK_ID, '--all']],
    ['webhook deactivate', ['webhook', 'deactivate', WEBHOOK_ID, '--yes']],
  ];
  const modes: Array<[string, string[]]> = [
    ['tsv', []],
    ['json', ['--json']],
    ['verbose', ['--verbose']],
    ['json+verbose', ['--json', '-v']],
  ];
  const faults = [
    'ok',
    '400',
    '401',
    '403',
    '404',
    '429',
    '500',
    '502',
    '503',
    'echo',
    'echo-array',
    'echo-reason',
    'echo-html',
    'drop',
    'stall',
    'badjson',
    'redirect',
  ];

  it.each(faults)(
    'fault %s, every command in every mode',
    async (fault) => {
      const runs = commands.flatMap(([name, args]) =>
        // Every mode for the happy path; for errors --json -v prints the most (each exchange, the message, the JSON line).
        (fault === 'ok' ? modes : modes.slice(3)).map(([modeName, flags]) =>
          run(`${name} ${modeName} ${fault}`, [...args, ...flags, '--retries', '1', '--timeout', fault === 'stall' ? '0.5' : '10'], {
            baseUrl: `${server.url}/${fault}`,
          }),
        ),
      );
      const results = await Promise.all(runs);
      for (const result of results) {
        if (fault === 'ok') expect(result.exitCode, result.stderr).toBe(0);
        else expect(result.exitCode).not.toBe(0);
        expect(result.stderr).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
      }
      expect(evil.requests).toHaveLength(0);
    },
    60_000,
  );

  it('connection refused and timeouts, every command, --verbose and --json', async () => {
    const results = await Promise.all(
      commands.flatMap(([name, args]) =>
        [['-v'], ['--json', '-v']].map((flags) =>
          run(`${name} refused`, [...args, ...flags, '--retries', '1'], { baseUrl: `http://127.0.0.1:${closedPort}` }),
        ),
      ),
    );
    for (const result of results) expect(result.exitCode).toBe(6);
  }, 60_000);

  it('the key in a base URL user-info is redacted in --verbose lines', async () => {
    const url = server.url.replace('http://', `http://user:${KEY}@`);
    const result = await run('user-info', ['tx', 'list', '-v'], { baseUrl: `${url}/ok` });
    expect(result.stderr).toMatch(/\*\*\*@|\*\*\*\*/);
  });

  it('the key typed as a flag (--api-key=KEY, as other CLIs take it) is refused without being repeated', async () => {
    for (const args of [
      ['tx', 'list', `--api-key=${KEY}`],
      ['tx', 'list', '--api-key', KEY],
      [`--api-key=${KEY}`, 'tx', 'list'],
      ['webhook', 'create', `--key=${KEY}`],
    ]) {
      const result = await run(`flag ${args[0]}`, args, { baseUrl: `${server.url}/ok` });
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toMatch(/^svc: /);
    }
  });

  it('config list, get, set, unset and path, with the key from the environment and from the profile', async () => {
    const dir = freshConfigDir();
    const stored = await runInProcess(['config', 'set', 'api-key'], { configDir: dir, input: KEY + '\n', apiKey: undefined });
    scan('config set api-key (stdin)', stored);
    expect(stored.exitCode, stored.stderr).toBe(0);
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).toContain(KEY);
    for (const [label, args, apiKey] of [
      ['config list (profile)', ['config', 'list'], undefined],
      ['config list --json (profile)', ['config', 'list', '--json'], undefined],
      ['config get api-key (profile)', ['config', 'get', 'api-key'], undefined],
      ['config list (env)', ['config', 'list'], KEY],
      ['config get api-key (env)', ['config', 'get', 'api-key'], KEY],
      ['config get api-key --json', ['config', 'get', 'api-key', '--json'], KEY],
      ['config path', ['config', 'path'], KEY],
      ['tx list -v (profile key)', ['tx', 'list', '-v'], undefined],
      ['webhook create -v --json (profile key)', [...CREATE, '-v', '--json'], undefined],
      ['webhook create echo (profile key)', [...CREATE, '-v'], undefined],
    ] as Array<[string, string[], string | undefined]>) {
      const base = label.includes('echo') ? `${server.url}/echo` : `${server.url}/ok`;
      const result = await runInProcess(args, { configDir: dir, apiKey, baseUrl: base });
      scan(label, result);
      if (!label.includes('echo')) expect(result.exitCode, `${label}: ${result.stderr}`).toBe(0);
    }
    const argument = await runInProcess(['config', 'set', 'api-key', KEY], { configDir: dir });
    scan('config set api-key KEY (argument)', argument);
    expect(argument.exitCode).toBe(0);
    const unset = await runInProcess(['config', 'unset', 'api-key', '-v'], { configDir: dir });
    scan('config unset', unset);
    expect(unset.exitCode).toBe(0);
  }, 60_000);

  it('a crash path (the config folder is a file): an unexpected error, with --verbose stack, still without the key', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'svc-crash-')), 'not-a-folder');
    writeFileSync(file, 'x');
    for (const args of [
      ['config', 'set', 'api-key', KEY, '-v'],
      ['config', 'set', 'base-url', 'https://example.com', '--verbose'],
      ['tx', 'list', '-v'],
    ]) {
      const result = await runInProcess(args, { configDir: file, apiKey: KEY, baseUrl: `${server.url}/ok` });
      scan(`crash ${args.join(' ')}`, result);
      expect(result.exitCode).not.toBe(0);
      expect(result.stderr).toMatch(/^svc: /);
    }
  });

  it('a corrupt config holding the key: the error names the file, never quotes the key', async () => {
    const dir = freshConfigDir();
    const path = join(dir, 'config.json');
    for (const text of [
      `{"profiles":{"default":{"api-key":"${KEY}"`,
      `{"profiles":{"default":{"api-key":${KEY}}}}`,
      `{"profiles":{"default":{"api-key":"${KEY}" "base-url":"x"}}}`,
      `{"profiles":{"default":{"api-key":["${KEY}"]}}}`,
    ]) {
      writeFileSync(path, text, { mode: 0o600 });
      for (const args of [
        ['tx', 'list'],
        ['config', 'list'],
        ['config', 'get', 'api-key', '-v'],
      ]) {
        const result = await runInProcess(args, { configDir: dir, baseUrl: `${server.url}/ok` });
        scan(`corrupt config ${args.join(' ')}`, result);
        expect(result.exitCode).toBe(1);
        expect(result.stderr).toContain(path);
      }
    }
  }, 60_000);
});

function mode(path: string): number {
  return statSync(path).mode & 0o777;
}

describe('the config file', () => {
  it('is created 0600 by config set, whatever the umask', async () => {
    const dir = freshConfigDir();
    const env = isolatedEnv({ configDir: dir });
    // A process: the umask is a process attribute, set by the shell before node starts (changing it in the test
    // worker would affect everything else running there). The api-key, the setting the mode protects: every key is
    // stored by the same write (settings/write.ts), so one run stands for base-url and api-key-header too.
    const result = await execa('sh', ['-c', 'umask 000; exec node "$0" "$@"', BIN, 'config', 'set', 'api-key'], {
      env,
      extendEnv: false,
      reject: false,
      input: KEY,
      cwd: REPO_ROOT,
    });
    scan(`config set under umask 000`, { exitCode: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr) });
    expect(result.exitCode, String(result.stderr)).toBe(0);
    expect(mode(join(dir, 'config.json')).toString(8)).toBe('600');
  });

  it.each([
    ['tx list', ['tx', 'list']],
    ['config get base-url', ['config', 'get', 'base-url']],
    ['config list', ['config', 'list']],
    ['config set base-url', ['config', 'set', 'base-url', 'https://example.org']],
  ])('a 0644 file is tightened to 0600 when %s runs', async (_name, args) => {
    const dir = freshConfigDir();
    const path = join(dir, 'config.json');
    writeFileSync(path, JSON.stringify({ profiles: { default: { 'api-key': KEY, 'base-url': `${server.url}/ok` } } }));
    chmodSync(path, 0o644);
    const result = await runInProcess(args, { configDir: dir });
    scan(`0644 ${args.join(' ')}`, result);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(mode(path).toString(8)).toBe('600');
  });

  it.each([
    ['truncated JSON', '{"profiles":{"default":{"base-url":"https://example.com"'],
    ['not an object', '[1,2,3]'],
    ['profiles not an object', '{"profiles":"default"}'],
    ['a setting not a string', '{"profiles":{"default":{"base-url":42}}}'],
    ['binary junk', '\u0000\u0001\u001b[2J\u00ff'],
  ])(
    '%s: a clear error naming the file, exit 1, and the file unchanged by every command',
    async (_name, text) => {
      const dir = freshConfigDir();
      const path = join(dir, 'config.json');
      writeFileSync(path, text, { mode: 0o600 });
      const before = readFileSync(path);
      for (const args of [
        ['tx', 'list'],
        ['config', 'list'],
        ['config', 'get', 'base-url'],
        ['config', 'set', 'base-url', 'https://example.org'],
        ['config', 'set', 'api-key', KEY],
        ['config', 'unset', 'base-url'],
        ['webhook', 'addresses', WEBHOOK_ID],
      ]) {
        const result = await runInProcess(args, { configDir: dir, baseUrl: `${server.url}/ok`, apiKey: KEY });
        scan(`corrupt ${args.join(' ')}`, result);
        expect(result.exitCode, `${args.join(' ')}: ${result.stderr}`).toBe(1);
        expect(result.stderr.split('\n')[0]).toMatch(/^svc: .*config/);
        expect(result.stderr).toContain(path);
        expect(result.stderr).not.toMatch(/\u001b/);
        expect(readFileSync(path).equals(before), `${args.join(' ')} changed the file`).toBe(true);
      }
    },
    60_000,
  );
});

describe('plain http to a host other than loopback', () => {
  const hosts = [
    'http://203.0.113.7',
    'http://example.com',
    'http://localhost.evil.example',
    'http://127.0.0.1.nip.io',
    'http://10.0.0.1:4010/prefix',
    'http://[2001:db8::1]',
  ];
  it.each(hosts)('%s with a key: refused before any request, exit 2, saying why', async (host) => {
    const started = performance.now();
    const results = await Promise.all([
      run(`flag ${host}`, ['--base-url', host, 'tx', 'list', '--timeout', '3']),
      run(`env ${host}`, ['webhook', 'create', ...CREATE.slice(2), '--timeout', '3'], { baseUrl: host }),
      run(`env ${host} addresses`, ['webhook', 'addresses', WEBHOOK_ID, '--timeout', '3'], { baseUrl: host }),
      run(`env ${host} deactivate`, ['webhook', 'deactivate', WEBHOOK_ID, '--yes', '--timeout', '3'], { baseUrl: host }),
    ]);
    for (const result of results) {
      expect(result.exitCode, result.stderr).toBe(2);
      expect(result.stderr).toMatch(/^svc: .*http/);
      expect(result.stderr).toMatch(/https/);
    }
    // Refused up front: no connection attempt that would have to time out.
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('a key from the profile and a base URL from the profile: refused too', async () => {
    const dir = freshConfigDir();
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ profiles: { default: { 'api-key': KEY, 'base-url': 'http://203.0.113.7' } } }),
      { mode: 0o600 },
    );
    const result = await runInProcess(['tx', 'list', '--timeout', '3'], { configDir: dir });
    scan('profile http', result);
    expect(result.exitCode).toBe(2);
  });

  it('loopback over http is allowed (127.0.0.1, localhost): the key reaches the local server', async () => {
    const before = server.requests.length;
    const port = server.url.split(':').pop();
    for (const host of [`http://127.0.0.1:${port}/ok`, `http://localhost:${port}/ok`]) {
      const result = await run(`loopback ${host}`, ['webhook', 'addresses', WEBHOOK_ID], { baseUrl: host });
      expect(result.exitCode, result.stderr).toBe(0);
    }
    const seen = server.requests.slice(before);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    for (const request of seen) expect(request.headers['x-service-api-key']).toBe(KEY);
  });

  it('a redirect from the service is not followed (the key would go along)', async () => {
    const result = await run('redirect', ['tx', 'list'], { baseUrl: `${server.url}/redirect` });
    expect(result.exitCode).not.toBe(0);
    expect(evil.requests).toHaveLength(0);
  });
});

describe("a URL's user name and password are never printed", () => {
  const PASSWORD = 'hunter2-URL-SECRET';
  const WATCHED = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
  let emulator: RunningEmulator;
  let receiver: Receiver;
  let withCredentials: string;
  let messageId: string;
  const unseen = (result: RunResult, what: string) => {
    expect(result.exitCode, `${what}: ${result.stderr}`).toBe(0);
    expect(result.stdout + result.stderr, what).not.toContain(PASSWORD);
  };

  beforeAll(async () => {
    [emulator, receiver] = await Promise.all([startTestEmulator(), startReceiver()]);
    withCredentials = receiver.url.replace('http://', `http://alice:${PASSWORD}@`);
    const created = await call(emulator.url, 'POST', '/v1/webhooks', {
      key: KEY,
      body: {
        url: withCredentials,
        chainId: '43113',
        eventType: 'address_activity',
        name: 'basic-auth',
        metadata: { addresses: [WATCHED] },
      },
    });
    expect(created.status).toBe(201);
    messageId = (await call(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId: '43113', from: WATCHED } })).body
      .messageIds[0];
    await receiver.waitFor(1);
  });
  afterAll(() => Promise.all([emulator.close(), receiver.close()]));

  it('svc emulator redeliver --to, as a process: the attempt shown with *** in its place', async () => {
    const result = await runCli(['emulator', 'redeliver', messageId, '--to', withCredentials], {
      baseUrl: emulator.url,
      apiKey: KEY,
    });
    unseen(result, 'redeliver --to');
    expect(result.stdout).toContain(`\thttp://***@${new URL(receiver.url).host}/`);
  });

  it('webhook list and get, emulator deliveries and deliveries show: on a terminal and piped; --json stays as returned', async () => {
    const options = { baseUrl: emulator.url, apiKey: KEY };
    const terminal = { ...options, stdoutTTY: true, columns: 400 };
    const webhookId = (await runInProcess(['webhook', 'list', '--json'], options)).stdout.match(/"id":"([^"]+)"/)![1]!;
    const commands = [
      ['webhook', 'list'],
      ['webhook', 'get', webhookId],
      ['emulator', 'deliveries'],
      ['emulator', 'deliveries', 'show', messageId],
    ];
    for (const args of commands) {
      for (const [mode, how] of [
        ['piped', options],
        ['terminal', terminal],
      ] as const) {
        const result = await runInProcess(args, how);
        unseen(result, `${args.join(' ')} (${mode})`);
        expect(result.stdout, `${args.join(' ')} (${mode})`).toContain('***@');
      }
    }
    const json = await runInProcess(['webhook', 'get', webhookId, '--json'], options);
    expect(JSON.parse(json.stdout).url).toBe(withCredentials);
  });

  it('a refused --to names the flag, not the password', async () => {
    const result = await runInProcess(['emulator', 'redeliver', messageId, '--to', `ftp://alice:${PASSWORD}@example.com/`], {
      baseUrl: emulator.url,
    });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe('svc: --to "ftp://***@example.com/": must be an absolute http:// or https:// URL\n');
  });
});
