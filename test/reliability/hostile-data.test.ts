// Hostile service data: escape sequences, bidi controls, newlines and tabs in names, symbols, method names and
// ids are neutralised in tables (one under a pty, the others in-process as at a terminal) and TSV (one row per item,
// no ESC byte); 100 KB strings are cut on a terminal and whole in a pipe; `--json` passes the service's bytes through
// exactly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { BIN, isolatedEnv, REPO_ROOT, runCliTty, runInProcess } from '../helpers/cli.js';
import { numberedTransaction } from '../helpers/fixtures.js';
import { errorAnswer, json, startTestServer } from '../helpers/test-server.js';
import type { Answer, RecordedRequest, TestServer } from '../helpers/test-server.js';
import { useFigures } from './figures.js';

const figures = useFigures(import.meta.url);
const KEY = 'sk_test_hostile_8d3c5a1f09';
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

const HOSTILE = [
  '\u001b[31mred\u001b[0m',
  '\u001b]0;pwned window title\u0007',
  '\u001b]8;;https://evil.example/\u001b\\click me\u001b]8;;\u001b\\',
  '\u001b[2J\u001b[Hcleared',
  '\u001b[1A\u001b[2Kup-and-erase',
  '\u009b31mc1-csi',
  '\u009d0;c1-osc\u009c',
  '\u001bPdcs-payload\u001b\\',
  'line\nbreak',
  'carriage\rreturn',
  'tab\there',
  'bell\u0007back\u0008space\u007fdel',
  '\u202eevil-override\u202c',
  'isolate\u2066hidden\u2069',
  'zero\u200bwidth\ufeffbom',
];
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

function hostileTransaction(n: number): Record<string, unknown> {
  const base = numberedTransaction(n);
  const text = HOSTILE[n % HOSTILE.length]!;
  return {
    ...base,
    chainId: n % 5 === 0 ? `4311${text}3` : base.chainId,
    blockNumber: n % 4 === 0 ? `12${text}` : base.blockNumber,
    txStatus: n % 6 === 0 ? text : base.txStatus,
    from: { ...(base.from as object), name: text, symbol: text, address: n % 2 ? `0x${text}` : (base.from as { address: string }).address },
    to: { ...(base.to as object), name: text, symbol: text, address: n % 3 ? `0x7${text}` : (base.to as { address: string }).address },
    method: { callType: text, methodHash: `0x${text}`, methodName: `transfer${text}(address,uint256)` },
    value: n % 7 === 0 ? `1${text}` : base.value,
  };
}

const ITEMS = Array.from({ length: HOSTILE.length * 2 }, (_, i) => hostileTransaction(i + 1));
const HUGE = 'M'.repeat(50_000) + '\u001b[2J' + 'N'.repeat(50_000);
const HUGE_STATUS = 'S'.repeat(100_000);
const HUGE_ITEMS = [
  { ...numberedTransaction(1), method: { callType: 'CONTRACT_CALL', methodHash: '0xa9059cbb', methodName: HUGE } },
  // The same in columns that normally never need to shrink.
  { ...numberedTransaction(2), txStatus: HUGE_STATUS, blockNumber: HUGE_STATUS, chainId: HUGE_STATUS },
];

/** Bytes sent exactly as a service might: pretty-printed, escapes, raw UTF-8 bidi characters, an invalid UTF-8 byte. */
const RAW_BODY = Buffer.concat([
  Buffer.from(
    '{\n  "transactions" : [ ' +
      JSON.stringify(hostileTransaction(1), null, 3) +
      ' ],\n' +
      '  "note": "\\u001b[31m escaped \u202e raw bidi \\ud83d\\ude00 \\/slash", "bytes": "',
  ),
  Buffer.from([0xff, 0xfe, 0xc3]),
  Buffer.from('"  \t}'),
]);

let server: TestServer;

function script(request: RecordedRequest): Answer {
  const [, mode, ...rest] = request.path.split('/');
  const route = '/' + rest.join('/');
  switch (mode) {
    case 'hostile':
      if (route === '/v1/transactions') return json({ transactions: ITEMS });
      if (route.endsWith('/addresses'))
        return json({ addresses: HOSTILE.map((text) => `0x${text}`), totalAddresses: HOSTILE.length, nextPageToken: `tok${HOSTILE[1]}` });
      return json(
        {
          id: `id-${HOSTILE[2]}`,
          url: `https://x/${HOSTILE[0]}`,
          chainId: '43113',
          status: HOSTILE[12],
          createdAt: 1_750_000_000,
          name: HOSTILE[8],
          description: HOSTILE[3],
          eventType: 'address_activity',
          metadata: { addresses: HOSTILE.slice(0, 4), eventSignatures: [HOSTILE[5]] },
        },
        201,
      );
    case 'huge':
      return json({ transactions: HUGE_ITEMS });
    case 'raw':
      return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: RAW_BODY };
    case 'error':
      return errorAnswer(400, [`bad \u001b]0;pwned\u0007 field \u001b[2J`, `second\nline \u202eevil`], { 'x-note': 'hostile error' });
    case 'error-reason':
      return json({ message: 'ok \u001b[31mred', statusCode: 404, error: 'Not\u001b[2J Found\nreally' }, 404);
    default:
      return errorAnswer(404);
  }
}

beforeAll(async () => {
  server = await startTestServer(script);
});
afterAll(async () => {
  await server.close();
});

const commands: Array<[string, string[], number]> = [
  ['tx list', ['tx', 'list'], ITEMS.length],
  ['webhook addresses', ['webhook', 'addresses', WEBHOOK_ID], HOSTILE.length],
  ['webhook create', CREATE, 1],
];

describe('TSV (piped): one row per item, nothing that a terminal would act on', () => {
  it.each(commands)('%s', async (_name, args, rows) => {
    const result = await runInProcess(args, { baseUrl: `${server.url}/hostile`, apiKey: KEY });
    figures.cases++;
    expect(result.exitCode, result.stderr).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(rows);
    if (args[0] === 'tx') for (const line of lines) expect(line.split('\t')).toHaveLength(9);
    expect(result.stdout).not.toMatch(UNSAFE);
    expect(result.stdout).not.toContain('\u001b');
    expect(result.stderr).not.toMatch(/[\u001b\u009b\u202e]/);
  });

  it('a 100 KB method name comes through whole when piped', async () => {
    const result = await runInProcess(['tx', 'list'], { baseUrl: `${server.url}/huge`, apiKey: KEY });
    figures.cases++;
    expect(result.exitCode).toBe(0);
    const lines = result.stdout.split('\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    const method = lines[0]!.split('\t')[6]!;
    expect(method).toHaveLength(100_000);
    expect(method).toBe('M'.repeat(50_000) + 'N'.repeat(50_000));
    const second = lines[1]!.split('\t');
    expect(second[1]).toBe(HUGE_STATUS);
    expect(second[2]).toBe(HUGE_STATUS);
    expect(second[8]).toBe(HUGE_STATUS);
  });
});

// One command in a real pseudo-terminal, what the user's terminal gets; the others, and 100 KB values, in-process
// with stdout and stderr taken for a terminal of the same width: the same tables, written to a buffer.
describe('tables at a terminal', () => {
  /** What a terminal would show: stderr then stdout (the table); -q, so stderr should be empty. */
  async function atTerminal(args: string[], baseUrl: string, columns: number) {
    const result = await runInProcess([...args, '-q'], { baseUrl, apiKey: KEY, columns, stdoutTTY: true, stderrTTY: true });
    return { exitCode: result.exitCode, output: result.stderr + result.stdout };
  }

  it.each(commands)('%s: no escape sequence or control character reaches the terminal, one line per item', async (name, args, rows) => {
    const result =
      name === 'tx list'
        ? await runCliTty([...args, '-q'], { baseUrl: `${server.url}/hostile`, apiKey: KEY, columns: 120 })
        : await atTerminal(args, `${server.url}/hostile`, 120);
    figures.cases++;
    expect(result.exitCode, result.output).toBe(0);
    // NO_COLOR and -q: the CLI itself writes no sequence, so any ESC would be the service's.
    expect(result.output).not.toContain('\u001b');
    expect(result.output).not.toMatch(UNSAFE);
    const lines = result.output.split('\n');
    for (const line of lines) expect(Array.from(line).length).toBeLessThanOrEqual(120);
    if (args[0] === 'tx') expect(lines.filter((line) => /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/.test(line))).toHaveLength(rows);
  });

  it('100 KB values (method name, chain, block, status) are cut to the terminal width', async () => {
    const result = await atTerminal(['tx', 'list'], `${server.url}/huge`, 140);
    figures.cases++;
    expect(result.exitCode).toBe(0);
    expect(result.output.length).toBeLessThan(5_000);
    for (const line of result.output.split('\n')) expect(Array.from(line).length).toBeLessThanOrEqual(140);
    expect(result.output).toMatch(/MMM…/);
    expect(result.output).toMatch(/SSS…/);
  });
});

describe('--json passes the body through byte for byte', () => {
  it('one page: stdout is exactly the bytes the service sent (plus the final newline)', async () => {
    // A process: the claim is about the bytes on the real stdout, invalid UTF-8 included, and runInProcess gives
    // stdout back as a (decoded) string.
    const result = await execa('node', [BIN, 'tx', 'list', '--json'], {
      env: isolatedEnv({ baseUrl: `${server.url}/raw`, apiKey: KEY }),
      extendEnv: false,
      reject: false,
      cwd: REPO_ROOT,
      encoding: 'buffer',
      stripFinalNewline: false,
    });
    figures.cases++;
    expect(result.exitCode, Buffer.from(result.stderr as Uint8Array).toString()).toBe(0);
    const stdout = Buffer.from(result.stdout as Uint8Array);
    expect(stdout.equals(Buffer.concat([RAW_BODY, Buffer.from('\n')]))).toBe(true);
  });

  it('hostile values in --json: the JSON as returned, which parses to the very same values', async () => {
    const result = await runInProcess(['tx', 'list', '--json'], { baseUrl: `${server.url}/hostile`, apiKey: KEY });
    figures.cases++;
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ transactions: ITEMS });
  });
});

describe('error messages from the service are neutralised too', () => {
  it.each([
    ['error', 2],
    ['error-reason', 3],
  ])('%s: one clean line (and a hint), exit %i', async (mode, exitCode) => {
    for (const flags of [[], ['--json']]) {
      const result = await runInProcess(['tx', 'list', ...flags], { baseUrl: `${server.url}/${mode}`, apiKey: KEY });
      figures.cases++;
      expect(result.exitCode).toBe(exitCode);
      expect(result.stdout).toBe('');
      expect(result.stderr).not.toMatch(/[\u001b\u0007\u009b\u202e\r]/);
      const lines = result.stderr.replace(/\n$/, '').split('\n');
      expect(lines[0]).toMatch(/^svc: /);
      expect(lines.length).toBeLessThanOrEqual(flags.length ? 3 : 2);
      if (flags.length) expect(() => JSON.parse(lines[lines.length - 1]!)).not.toThrow();
    }
  });
});
