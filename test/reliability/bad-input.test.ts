// Bad input never reaches the network: each invalid invocation is one `svc: ...` line naming the flag and the
// rule (a hint line allowed), exit 2, nothing on stdout, and not a single request at the recording server.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInProcess } from '../helpers/cli.js';
import { json, startTestServer } from '../helpers/test-server.js';
import type { TestServer } from '../helpers/test-server.js';
import { useFigures } from './figures.js';

const figures = useFigures(import.meta.url);
const KEY = 'sk_test_badinput_4c1d9e7a2b';
const ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const HOOK = ['webhook', 'create', '--url', 'https://example.com/hook', '--chain-id', '43113'];
const CREATE = [...HOOK, '--address', ADDRESS];
const SIG64 = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

const files = mkdtempSync(join(tmpdir(), 'svc-badinput-'));
const EMPTY_FILE = join(files, 'empty.txt');
const COMMENTS_FILE = join(files, 'comments.txt');
const BAD_LINE_FILE = join(files, 'bad-line.txt');
const BINARY_FILE = join(files, 'binary.bin');
const FOLDER = join(files, 'folder');
writeFileSync(EMPTY_FILE, '');
writeFileSync(COMMENTS_FILE, '# only comments\n\n   \n# and blanks\n');
writeFileSync(BAD_LINE_FILE, `${ADDRESS}\n0x1234 # too short\n`);
writeFileSync(BINARY_FILE, Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x1b, 0x5b, 0x32, 0x4a, 0x0a]));
mkdirSync(FOLDER);

interface Case {
  args: string[];
  /** What the first stderr line must name: the flag, argument or command at fault. */
  names: RegExp;
  input?: string;
}

/** Words that state a rule or the reason for refusing. */
const RULE =
  /must|required|unknown|missing|too many|refus|use one|holds no|cannot|expected|not a valid|unbalanced|invalid|empty|pass --yes|a profile name is/i;

const CASES: Case[] = [
  // global options: wrong types and ranges
  { args: ['tx', 'list', '--timeout', 'abc'], names: /--timeout/ },
  { args: ['tx', 'list', '--timeout', '0'], names: /--timeout/ },
  { args: ['tx', 'list', '--timeout=-5'], names: /--timeout/ },
  { args: ['tx', 'list', '--timeout', '3601'], names: /--timeout/ },
  { args: ['tx', 'list', '--timeout', '1e3'], names: /--timeout/ },
  { args: ['tx', 'list', '--timeout', ''], names: /--timeout/ },
  { args: ['tx', 'list', '--retries', 'x'], names: /--retries/ },
  { args: ['tx', 'list', '--retries=-1'], names: /--retries/ },
  { args: ['tx', 'list', '--retries', '11'], names: /--retries/ },
  { args: ['tx', 'list', '--retries', '1.5'], names: /--retries/ },
  { args: ['--base-url', 'not a url', 'tx', 'list'], names: /--base-url/ },
  { args: ['--base-url', 'ftp://127.0.0.1/files', 'tx', 'list'], names: /--base-url/ },
  { args: ['--base-url', 'http://127.0.0.1:9/?next=1', 'tx', 'list'], names: /--base-url/ },
  { args: ['--base-url', '127.0.0.1:4010', 'tx', 'list'], names: /--base-url/ },
  { args: ['--profile', 'two words', 'tx', 'list'], names: /--profile/ },
  { args: ['--profile', '../escape', 'tx', 'list'], names: /--profile/ },
  { args: ['--profile', '', 'tx', 'list'], names: /--profile/ },
  // tx list
  { args: ['tx', 'list', '--network', 'mars'], names: /--network/ },
  { args: ['tx', 'list', '--network', 'MAINNET'], names: /--network/ },
  { args: ['tx', 'list', '--network'], names: /--network/ },
  { args: ['tx', 'list', '--status', 'pending'], names: /--status/ },
  { args: ['tx', 'list', '--status', '1'], names: /--status/ },
  { args: ['tx', 'list', '--page-size', '0'], names: /--page-size/ },
  { args: ['tx', 'list', '--page-size', '101'], names: /--page-size/ },
  { args: ['tx', 'list', '--page-size', 'ten'], names: /--page-size/ },
  { args: ['tx', 'list', '--page-size', '2.5'], names: /--page-size/ },
  { args: ['tx', 'list', '--page-size=-3'], names: /--page-size/ },
  { args: ['tx', 'list', '--limit', '0'], names: /--limit/ },
  { args: ['tx', 'list', '--limit=-1'], names: /--limit/ },
  { args: ['tx', 'list', '--limit', 'lots'], names: /--limit/ },
  { args: ['tx', 'list', '--limit', '99999999999999999999'], names: /--limit/ },
  { args: ['tx', 'list', '--limit', '5', '--all'], names: /--limit.*--all|--all.*--limit/ },
  { args: ['tx', 'list', '--page-token', ''], names: /--page-token/ },
  { args: ['tx', 'list', '--page-token', 'two words'], names: /--page-token/ },
  { args: ['tx', 'list', '--page-token', 'line\nbreak'], names: /--page-token/ },
  // unknown flags and commands
  { args: ['tx', 'list', '--bogus'], names: /--bogus/ },
  { args: ['tx', 'list', '-z'], names: /-z/ },
  { args: ['--no-such-global', 'tx', 'list'], names: /--no-such-global/ },
  { args: ['tx', 'lst'], names: /lst/ },
  { args: ['txx', 'list'], names: /txx/ },
  { args: ['webhook', 'lst'], names: /lst/ },
  // webhook list, get, update, activate: statuses, ids, nothing to update
  { args: ['webhook', 'list', '--status', 'failed'], names: /--status/ },
  { args: ['webhook', 'list', '--status', 'ACTIVE'], names: /--status/ },
  { args: ['webhook', 'list', '--page-size', '0'], names: /--page-size/ },
  { args: ['webhook', 'get', '../transactions'], names: /webhook id/ },
  { args: ['webhook', 'get'], names: /id/ },
  { args: ['webhook', 'update', 'wh-1'], names: /nothing to update/ },
  { args: ['webhook', 'update', 'wh-1', '--url', 'ftp://example.com/hook'], names: /--url/ },
  { args: ['webhook', 'update', 'wh-1', '--url', 'example.com/hook'], names: /--url/ },
  { args: ['webhook', 'update', 'wh-1', '--status', 'paused'], names: /--status/ },
  { args: ['webhook', 'update', 'a?b', '--name', 'n'], names: /webhook id/ },
  { args: ['webhook', 'activate', 'a/b'], names: /webhook id/ },
  { args: ['webhook', 'activate', 'wh-1', '--yes'], names: /--yes/ },
  { args: ['tx', 'list', 'extra-argument'], names: /extra-argument|argument/ },
  // webhook create: required flags, URLs, chain ids
  { args: ['webhook', 'create', '--chain-id', '43113', '--address', ADDRESS], names: /--url/ },
  { args: ['webhook', 'create', '--url', 'https://example.com/hook', '--address', ADDRESS], names: /--chain-id/ },
  { args: HOOK, names: /address/ },
  { args: [...HOOK.slice(0, 3), 'example.com/hook', ...HOOK.slice(4), '--address', ADDRESS], names: /--url/ },
  { args: ['webhook', 'create', '--url', 'ftp://example.com/hook', '--chain-id', '43113', '--address', ADDRESS], names: /--url/ },
  { args: ['webhook', 'create', '--url', '/relative/hook', '--chain-id', '43113', '--address', ADDRESS], names: /--url/ },
  { args: ['webhook', 'create', '--url', 'https://exa mple.com/hook', '--chain-id', '43113', '--address', ADDRESS], names: /--url/ },
  { args: ['webhook', 'create', '--url', 'javascript:alert(1)', '--chain-id', '43113', '--address', ADDRESS], names: /--url/ },
  {
    args: ['webhook', 'create', '--url', 'https://example.com/hook', '--chain-id', 'fuj', '--address', ADDRESS],
    names: /--chain-id .*fuji \(43113\)/,
  },
  { args: ['webhook', 'create', '--url', 'https://example.com/hook', '--chain-id', '0', '--address', ADDRESS], names: /--chain-id/ },
  { args: ['webhook', 'create', '--url', 'https://example.com/hook', '--chain-id=-1', '--address', ADDRESS], names: /--chain-id/ },
  { args: ['webhook', 'create', '--url', 'https://example.com/hook', '--chain-id', '0xa86a', '--address', ADDRESS], names: /--chain-id/ },
  { args: ['webhook', 'create', '--url', 'https://example.com/hook', '--chain-id', '43113.5', '--address', ADDRESS], names: /--chain-id/ },
  { args: ['webhook', 'create', '--url', 'https://example.com/hook', '--chain-id', '043113', '--address', ADDRESS], names: /--chain-id/ },
  // addresses
  { args: [...HOOK, '--address', '0x1234'], names: /--address/ },
  { args: [...HOOK, '--address', ADDRESS.slice(2)], names: /--address/ },
  { args: [...HOOK, '--address', '0x' + 'g'.repeat(40)], names: /--address/ },
  { args: [...HOOK, '--address', ADDRESS + 'a'], names: /--address/ },
  { args: [...HOOK, '--address', `${ADDRESS},`], names: /--address/ },
  { args: [...HOOK, '--address', `${ADDRESS} 0x52908400098527886E0F7030069857D2E4169EE7`], names: /--address/ },
  { args: [...HOOK, '--address', ''], names: /--address/ },
  // event signatures and declarations
  { args: [...CREATE, '--event-signature', '0x1234'], names: /--event-signature/ },
  { args: [...CREATE, '--event-signature', SIG64], names: /--event-signature/ },
  { args: [...CREATE, '--event-signature', '0x' + SIG64.slice(0, 63) + 'g'], names: /--event-signature/ },
  { args: [...CREATE, '--event-signature', '0x' + SIG64 + '00'], names: /--event-signature/ },
  { args: [...CREATE, '--event', 'Transfer'], names: /--event/ },
  { args: [...CREATE, '--event', 'Transfer(address,address'], names: /--event/ },
  { args: [...CREATE, '--event', 'Transfer(adress,address,uint256)'], names: /--event/ },
  { args: [...CREATE, '--event', '(address,uint256)'], names: /--event/ },
  { args: [...CREATE, '--event', 'Transfer(uint257)'], names: /--event/ },
  { args: [...CREATE, '--event', '1Transfer(address)'], names: /--event/ },
  // address files
  { args: [...HOOK, '--addresses-file', join(files, 'missing.txt')], names: /--addresses-file/ },
  { args: [...HOOK, '--addresses-file', EMPTY_FILE], names: /--addresses-file/ },
  { args: [...HOOK, '--addresses-file', COMMENTS_FILE], names: /--addresses-file/ },
  { args: [...HOOK, '--addresses-file', BAD_LINE_FILE], names: /--addresses-file/ },
  { args: [...HOOK, '--addresses-file', BINARY_FILE], names: /--addresses-file/ },
  { args: [...HOOK, '--addresses-file', FOLDER], names: /--addresses-file/ },
  { args: [...HOOK, '--addresses-file', '-'], input: '', names: /--addresses-file/ },
  { args: [...HOOK, '--addresses-file', '-'], input: `${ADDRESS}\nnot-an-address\n`, names: /--addresses-file/ },
  // webhook ids: missing, or able to reach another route
  { args: ['webhook', 'addresses'], names: /id/ },
  { args: ['webhook', 'addresses', ''], names: /id/ },
  { args: ['webhook', 'addresses', 'a/b'], names: /id/ },
  { args: ['webhook', 'addresses', '..'], names: /id/ },
  { args: ['webhook', 'addresses', '.'], names: /id/ },
  { args: ['webhook', 'addresses', '../../v1/transactions'], names: /id/ },
  { args: ['webhook', 'addresses', 'abc?pageSize=100'], names: /id/ },
  { args: ['webhook', 'addresses', 'abc#fragment'], names: /id/ },
  { args: ['webhook', 'addresses', 'two words'], names: /id/ },
  { args: ['webhook', 'addresses', 'tab\there'], names: /id/ },
  { args: ['webhook', 'addresses', 'ctrl\u0001char'], names: /id/ },
  { args: ['webhook', 'addresses', 'esc\u001b[2Jseq'], names: /id/ },
  { args: ['webhook', 'addresses', 'new\nline'], names: /id/ },
  { args: ['webhook', 'addresses', 'back\\slash'], names: /id/ },
  { args: ['webhook', 'addresses', 'abc', '--page-size', '0'], names: /--page-size/ },
  { args: ['webhook', 'addresses', 'abc', '--limit', '3', '--all'], names: /--limit.*--all|--all.*--limit/ },
  { args: ['webhook', 'deactivate'], names: /id/ },
  { args: ['webhook', 'deactivate', '..', '--yes'], names: /id/ },
  { args: ['webhook', 'deactivate', 'x/y', '--yes'], names: /id/ },
  { args: ['webhook', 'deactivate', '%2e%2e/x', '--yes'], names: /id/ },
  { args: ['webhook', 'deactivate', '3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60'], names: /--yes/ },
  // event-signature and config
  { args: ['event-signature'], names: /declaration/ },
  { args: ['event-signature', 'NotADeclaration'], names: /NotADeclaration/ },
  { args: ['event-signature', 'Transfer(address,,uint256)'], names: /Transfer/ },
  { args: ['config', 'set', 'colour', 'blue'], names: /colour/ },
  { args: ['config', 'get', 'password'], names: /password/ },
  { args: ['config', 'set', 'base-url', 'not-a-url'], names: /base-url/ },
  { args: ['config', 'set', 'api-key'], input: '', names: /api-key/ },
  { args: ['config', 'set', 'api-key'], input: 'two words\n', names: /api-key/ },
  // the emulator's own flags
  { args: ['emulator', 'start', '--port', '70000'], names: /--port/ },
  { args: ['emulator', 'start', '--fault-rate', '2'], names: /--fault-rate/ },
  { args: ['emulator', 'start', '--rate-limit', 'fast'], names: /--rate-limit/ },
  { args: ['emulator', 'trigger', '--chain-id', 'abc'], names: /--chain-id/ },
  { args: ['emulator', 'trigger', '--chain-id', '43113', '--from', '0xnothex'], names: /--from/ },
  { args: ['emulator', 'trigger', '--chain-id', 'testnet', '--from', ADDRESS], names: /--chain-id .*dfk-testnet \(335\)/ },
  // chains
  { args: ['chain', 'list', '--network', 'c-chain'], names: /--network/ },
  { args: ['chain', 'list', '--feature', 'webhook'], names: /--feature/ },
  { args: ['chain', 'get', 'fuj'], names: /chain "fuj".*fuji \(43113\)/ },
  { args: ['chain', 'get', '../webhooks'], names: /chain "\.\.\/webhooks"/ },
  { args: ['chain', 'get'], names: /missing required argument 'chain'/ },
  // the chain's holdings: balances, contracts, NFTs
  { args: ['balance', ADDRESS], names: /--chain-id: required/ },
  { args: ['balance', '0x1234', '--chain-id', 'fuji'], names: /address "0x1234"/ },
  { args: ['balance', ADDRESS, '--chain-id', 'fuji', '--erc20', '--erc1155'], names: /--erc20 and --erc1155/ },
  { args: ['balance', ADDRESS, '--chain-id', 'fuji', '--contract', ADDRESS], names: /--contract: cannot be used without/ },
  { args: ['balance', ADDRESS, '--chain-id', 'fuji', '--erc20', '--contract', `${ADDRESS},0xnothex`], names: /--contract "0xnothex"/ },
  { args: ['balance', ADDRESS, '--chain-id', 'fuji', '--all'], names: /--all: cannot be used without one of --erc20/ },
  { args: ['contract', 'get', '../webhooks', '--chain-id', 'fuji'], names: /address "\.\.\/webhooks"/ },
  { args: ['contract', 'deployments', ADDRESS, '--chain-id', 'fuj'], names: /--chain-id "fuj"/ },
  { args: ['nft', 'list', ADDRESS, '--chain-id', 'fuji', '--page-size', '0'], names: /--page-size/ },
  { args: ['nft', 'get', ADDRESS, '-1', '--chain-id', 'fuji'], names: /token id "-1"/ },
  { args: ['nft', 'get', ADDRESS, '1e3', '--chain-id', 'fuji'], names: /token id "1e3"/ },
  { args: ['nft', 'reindex', ADDRESS, '0x2a', '--chain-id', 'fuji'], names: /token id "0x2a"/ },
  { args: ['nft', 'reindex', ADDRESS, '42'], names: /--chain-id: required/ },
  {
    args: ['emulator', 'trigger', '--chain-id', '43113', '--log', `${ADDRESS}:${Array(5).fill(`0x${SIG64}`).join(',')}`],
    names: /--log .*at most 4 topics/,
  },
  {
    args: ['emulator', 'trigger', '--chain-id', '43113', '--log', `${ADDRESS}:0x${SIG64},0x1234`],
    names: /--log .*topic1 must be 32 bytes/,
  },
];

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(() => json({ transactions: [] }));
});
afterAll(async () => {
  await server.close();
});

describe(`bad input: ${CASES.length} invalid invocations`, () => {
  it('has at least 60 cases', ({ expect }) => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
  });

  CASES.forEach((c, index) => {
    const title = `#${index} svc ${c.args.map((arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : JSON.stringify(arg))).join(' ')}`;
    it.concurrent(title, async ({ expect }) => {
      const prefix = `/case-${index}`;
      const result = await runInProcess(c.args, { baseUrl: server.url + prefix, apiKey: KEY, input: c.input, timeout: 10_000 });
      const requests = server.requests.filter((request) => request.path.startsWith(prefix + '/')).length;
      figures.cases++;
      figures.badInputRequests += requests;

      expect(requests, 'requests sent for bad input').toBe(0);
      expect(result.exitCode, result.stderr).toBe(2);
      expect(result.stdout).toBe('');
      const lines = result.stderr.replace(/\n$/, '').split('\n');
      expect(lines.length, result.stderr).toBeGreaterThanOrEqual(1);
      expect(lines.length, result.stderr).toBeLessThanOrEqual(2);
      expect(lines[0]).toMatch(/^svc: \S/);
      expect(lines[0]).toMatch(c.names);
      expect(lines[0]).toMatch(RULE);
      expect(result.stderr).not.toMatch(/^\s+at /m);
      // The refusal itself must not garble a terminal: whatever the input held, no raw control bytes go back out.
      expect(result.stderr.replace(/\n/g, '')).not.toMatch(/[\u0000-\u001f\u007f]/);
    });
  });
});
