// Global options anywhere on the line, usage errors as `svc: ...` with exit 2, --version, --help, event-signature.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli, runInProcess } from '../helpers/cli.js';
import { makeTransactions } from '../helpers/fixtures.js';
import { json, useRecordingServer } from '../helpers/test-server.js';

const server = useRecordingServer(() => [json({ transactions: [] })]);

const svc = (args: string[], options: Parameters<typeof runInProcess>[1] = {}) => runInProcess(args, { baseUrl: server.url, ...options });

describe('global options before or after the command', () => {
  const body = '{ "transactions": [],  "nextPageToken": "t" }';
  it.each([[['--json', 'tx', 'list']], [['tx', '--json', 'list']], [['tx', 'list', '--json']]])(
    '%j prints the body as returned',
    async (args) => {
      server.respond([{ status: 200, body }]);
      const result = await svc(args);
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toBe(body + '\n');
    },
  );

  it('--retries and --timeout before the command', async () => {
    server.respond([{ fault: 'stall' }]);
    const result = await svc(['--retries', '0', '--timeout', '0.5', 'tx', 'list']);
    expect(result.exitCode).toBe(6);
    expect(server.requests).toHaveLength(1);
  });

  it('--base-url after the command, with a path prefix', async () => {
    const result = await runInProcess(['tx', 'list', '--base-url', `${server.url}/prefix/`], { baseUrl: 'http://127.0.0.1:9' });
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.path).toBe('/prefix/v1/transactions');
  });

  it('--quiet and --no-color are accepted and change nothing on stdout', async () => {
    server.respond([json({ transactions: makeTransactions(1) })]);
    const result = await svc(['-q', '--no-color', 'tx', 'list']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout.split('\t')).toHaveLength(9);
    expect(result.stderr).toBe('');
  });

  it('FORCE_COLOR does not add colour to TSV data', async () => {
    server.respond([json({ transactions: makeTransactions(1) })]);
    const result = await svc(['tx', 'list'], { env: { FORCE_COLOR: '1', NO_COLOR: undefined } });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).not.toContain('\u001b');
  });
});

describe('usage errors → svc: ..., exit 2, zero requests', () => {
  it.each([
    ['--timeout abc', ['tx', 'list', '--timeout', 'abc']],
    ['--timeout 0', ['tx', 'list', '--timeout', '0']],
    ['--timeout -1', ['--timeout', '-1', 'tx', 'list']],
    ['--timeout empty', ['tx', 'list', '--timeout', '']],
    ['--retries -1', ['tx', 'list', '--retries', '-1']],
    ['--retries 1.5', ['tx', 'list', '--retries', '1.5']],
    ['--retries x', ['--retries', 'x', 'tx', 'list']],
    ['--retries 1000', ['tx', 'list', '--retries', '1000']],
    ['--network bogus', ['tx', 'list', '--network', 'bogus']],
    ['--status pending', ['tx', 'list', '--status', 'pending']],
    ['--page-size 0', ['tx', 'list', '--page-size', '0']],
    ['--page-size 101', ['tx', 'list', '--page-size', '101']],
    ['--page-size 1e1', ['tx', 'list', '--page-size', '1e1']],
    ['--page-size abc', ['tx', 'list', '--page-size', 'abc']],
    ['--limit 0', ['tx', 'list', '--limit', '0']],
    ['--limit -5', ['tx', 'list', '--limit', '-5']],
    ['--limit with --all', ['tx', 'list', '--limit', '5', '--all']],
    ['an empty --page-token', ['tx', 'list', '--page-token', '']],
    ['--base-url not a URL', ['tx', 'list', '--base-url', 'not a url']],
    ['--base-url ftp', ['tx', 'list', '--base-url', 'ftp://127.0.0.1/']],
    ['--profile with a slash', ['tx', 'list', '--profile', 'a/b']],
    ['an unknown option', ['tx', 'list', '--bogus']],
    ['an unknown command', ['bogus']],
    ['an unknown subcommand', ['tx', 'lst']],
    ['a missing argument', ['webhook', 'addresses']],
    ['a missing option value', ['tx', 'list', '--network']],
  ])('%s', async (_name, args) => {
    const result = await svc(args);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^svc: \S/);
    expect(result.stderr).not.toMatch(/^error:/m);
    expect(result.stdout).toBe('');
    expect(server.requests).toHaveLength(0);
  });

  it('a page token: an empty one is said to be empty, one with spaces to hold spaces', async () => {
    const empty = await svc(['tx', 'list', '--page-token', '']);
    expect(empty.stderr).toBe('svc: --page-token "": is empty; give the nextPageToken of a previous page\n');
    const spaced = await svc(['tx', 'list', '--page-token', 'abc def']);
    expect(spaced).toMatchObject({ exitCode: 2, stdout: '' });
    expect(spaced.stderr).toBe(
      'svc: --page-token "abc def": must be one word, as the service returned its nextPageToken: this one holds spaces or control characters\n',
    );
    expect(server.requests).toHaveLength(0);
  });

  it('the message names the bad flag', async () => {
    const result = await svc(['tx', 'list', '--page-size', '500']);
    expect(result.stderr).toMatch(/--page-size/);
    expect(result.stderr).toMatch(/100/);
  });

  it('an unknown command suggests what to do', async () => {
    const result = await svc(['tx', 'list', '--pagesize', '5']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr.split('\n').filter(Boolean).length).toBeGreaterThanOrEqual(2);
  });

  it('a bad SVC_BASE_URL is a usage error naming the variable', async () => {
    const result = await runInProcess(['tx', 'list'], { baseUrl: 'nope' });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/SVC_BASE_URL/);
  });
});

describe('version and help', () => {
  const version = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

  // A process: bin/svc.js answers a lone --version/-V itself (the launcher's fast path), without the CLI. --version
  // has its process run, checked against package.json too, in process-contract; -V is the launcher's other spelling.
  it('-V prints the package.json version', async () => {
    const result = await runCli(['-V'], { baseUrl: server.url });
    expect(result).toEqual({ exitCode: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('svc tx list --help has options and Examples on stdout, exit 0, no request', async () => {
    const result = await svc(['tx', 'list', '--help']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/Usage: svc tx list/);
    expect(result.stdout).toMatch(/--page-size/);
    expect(result.stdout).toMatch(/Examples:/);
    expect(result.stdout).toMatch(/\$ svc tx list/);
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    [['webhook', 'create', '--help']],
    [['webhook', 'addresses', '--help']],
    [['webhook', 'deactivate', '--help']],
    [['config', 'set', '--help']],
    [['event-signature', '--help']],
  ])('%j has Examples', async (args) => {
    const result = await svc(args);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/Examples:/);
  });

  it('svc help tx list shows the same help as svc tx list --help', async () => {
    const viaHelp = await svc(['help', 'tx', 'list']);
    const viaFlag = await svc(['tx', 'list', '--help']);
    expect(viaHelp.exitCode).toBe(0);
    expect(viaHelp.stdout).toMatch(/Usage: svc tx list/);
    expect(viaHelp.stdout).toBe(viaFlag.stdout);
  });

  it('svc --help lists the commands and exit codes', async () => {
    const result = await svc(['--help']);
    expect(result.exitCode).toBe(0);
    for (const word of ['tx', 'webhook', 'config', 'event-signature']) expect(result.stdout).toContain(word);
    expect(result.stdout).toMatch(/Exit codes/);
  });

  it('svc with no arguments shows help', async () => {
    const result = await svc([]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout + result.stderr).toMatch(/Usage: svc/);
  });
});

describe('svc event-signature (offline)', () => {
  const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
  const APPROVAL = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925';

  it('prints one signature per declaration', async () => {
    const result = await runInProcess(
      [
        'event-signature',
        'Transfer(address,address,uint256)',
        'event Approval(address indexed owner, address indexed spender, uint value)',
      ],
      {
        baseUrl: 'http://127.0.0.1:9',
      },
    );
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(`${TRANSFER}\n${APPROVAL}\n`);
  });

  it('--json gives declaration, canonical and signature', async () => {
    const declaration = 'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)';
    const result = await runInProcess(['event-signature', declaration, '--json']);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([{ declaration, canonical: 'Transfer(address,address,uint256)', signature: TRANSFER }]);
  });

  it('a bad declaration → exit 2', async () => {
    const result = await runInProcess(['event-signature', 'Transfer(address,']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^svc: /);
  });
});

describe('svc completion', () => {
  it.each(['bash', 'zsh', 'fish'])('%s prints a script that mentions the commands', async (shell) => {
    const result = await runInProcess(['completion', shell]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('svc');
    expect(result.stdout).toContain('webhook');
  });
});
