// The chain's reads as users run them: the built CLI (bin/svc.js) in a process of its own against the emulator, once
// per command, with the contract's output and exit-code rules: TSV piped, the body as returned with --json, --jq,
// exit 2 for bad input (nothing sent), 3 for an unknown hash or block, the profile's chain-id. The further runs of a
// command (its other exit codes, --jq, a config set first) go in this process: the same parsing, command and error
// reporting, and those rules have process runs of their own (process-contract: exit 2 with nothing sent, 3 for a 404).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { freshConfigDir, runCli, runInProcess } from '../helpers/cli.js';
import type { RunOptions } from '../helpers/cli.js';
import { call, startTestEmulator } from '../helpers/emulator-helpers.js';

let emulator: RunningEmulator;
/** The latest Fuji transaction and its block, as the emulator lists them. */
let latest: { txHash: string; blockNumber: string; blockHash: string; from: { address: string } };

beforeAll(async () => {
  emulator = await startTestEmulator();
  latest = (await call(emulator.url, 'GET', '/v1/chains/43113/transactions?pageSize=1')).body.transactions[0];
});
afterAll(() => emulator.close());

/** A process of the built CLI: each command's first run. */
const svc = (args: string[], options: RunOptions = {}) => runCli(args, { baseUrl: emulator.url, ...options });
/** The same command line in this process: its further runs. */
const here = (args: string[], options: RunOptions = {}) => runInProcess(args, { baseUrl: emulator.url, ...options });
const rows = (stdout: string) =>
  stdout
    .trimEnd()
    .split('\n')
    .map((row) => row.split('\t'));

describe('svc tx get', () => {
  it('piped: its native row first; --jq reads the body; an unknown hash exits 3; a bad one 2', async () => {
    const piped = await svc(['tx', 'get', latest.txHash, '--chain-id', 'fuji']);
    expect(piped.exitCode).toBe(0);
    expect(rows(piped.stdout)[0]!.slice(0, 5)).toEqual(['native', expect.any(String), '43113', latest.blockNumber, latest.txHash]);
    const jq = await here(['tx', 'get', latest.txHash, '--chain-id', '43113', '--jq', '.nativeTransaction.from.address']);
    expect(jq).toEqual({ exitCode: 0, stdout: `${latest.from.address}\n`, stderr: '' });
    const unknown = await here(['tx', 'get', `0x${'0'.repeat(64)}`, '--chain-id', 'fuji']);
    expect(unknown.exitCode).toBe(3);
    expect(unknown.stderr).toMatch(/^svc: .*\(404 Not Found\)\n/);
    expect((await here(['tx', 'get', '0x12', '--chain-id', 'fuji'])).exitCode).toBe(2);
  });
});

describe('svc tx list, one chain, an address, a block', () => {
  it("--block: the block's transactions; --address with --block: exit 2 naming both", async () => {
    const block = await svc(['tx', 'list', '--chain-id', 'fuji', '--block', latest.blockHash]);
    expect(block.exitCode).toBe(0);
    expect(rows(block.stdout).map((row) => row[3])).toContain(latest.txHash);
    const both = await here(['tx', 'list', '--chain-id', 'fuji', '--block', '1', '--address', latest.from.address]);
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toMatch(/^svc: --address and --block: use one or the other/);
  });

  it("--address: its history, the chain from the profile's chain-id", async () => {
    const configDir = freshConfigDir();
    expect((await here(['config', 'set', 'chain-id', 'fuji'], { configDir })).exitCode).toBe(0);
    const history = await svc(['tx', 'list', '--address', latest.from.address, '--limit', '5'], { configDir });
    expect(history.exitCode).toBe(0);
    expect(rows(history.stdout).map((row) => row[3])).toContain(latest.txHash);
  });
});

describe('svc block', () => {
  it('list: TSV rows newest first; get: that block by number, --json as returned; an unknown block exits 3', async () => {
    const listed = await svc(['block', 'list', '--chain-id', 'fuji', '--page-size', '3']);
    expect(listed.exitCode).toBe(0);
    const [newest] = rows(listed.stdout);
    expect(rows(listed.stdout)).toHaveLength(3);
    const got = await svc(['block', 'get', newest![2]!, '--chain-id', 'fuji', '--json']);
    expect(got.exitCode).toBe(0);
    expect(JSON.parse(got.stdout)).toMatchObject({ chainId: '43113', blockNumber: newest![2], blockHash: newest![3] });
    expect((await here(['block', 'get', '999999999999', '--chain-id', 'fuji'])).exitCode).toBe(3);
    expect((await here(['block', 'get', 'latest', '--chain-id', 'fuji'])).exitCode).toBe(2);
  });
});

describe('svc address chains', () => {
  it('the chains an address took part in; a wrong checksum exits 2', async () => {
    const result = await svc(['address', 'chains', latest.from.address]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^43113\tfuji\t.*\ttrue$/m);
    const wrong = latest.from.address.replace(/[a-f]/, (letter) => letter.toUpperCase());
    if (wrong !== latest.from.address) expect((await here(['address', 'chains', wrong])).exitCode).toBe(2);
  });
});

describe('svc token transfers', () => {
  it("a token's transfers, --json one page per line over --limit; no chain at all exits 2 naming --chain-id", async () => {
    const detail = await here(['tx', 'list', '--chain-id', 'fuji', '--address', latest.from.address, '--kind', 'erc20', '--limit', '1']);
    const contract = rows(detail.stdout)[0]?.[6] ?? '0x5425890298aed601595a70AB815c96711a31Bc65';
    const result = await svc(['token', 'transfers', contract, '--chain-id', 'fuji', '--limit', '15', '--page-size', '10', '--json']);
    expect(result.exitCode).toBe(0);
    const pages = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { transfers: unknown[] });
    expect(pages.length).toBeGreaterThanOrEqual(1);
    expect(pages.flatMap((page) => page.transfers).length).toBeLessThanOrEqual(15);
    const noChain = await here(['token', 'transfers', contract]);
    expect(noChain.exitCode).toBe(2);
    expect(noChain.stderr).toMatch(/^svc: --chain-id: required/);
  });
});
