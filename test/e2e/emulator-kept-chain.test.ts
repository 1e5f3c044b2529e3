// `svc emulator start --data-dir` as a process, unseeded, generated blocks on (issue 37, item 1): blocks and
// transactions listed before a SIGKILL, and before a SIGTERM, are listed again after the restart, as they were.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, freshConfigDir, isolatedEnv } from '../helpers/cli.js';
import { call, printedUrl, sleep } from '../helpers/emulator-helpers.js';

const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** A foreground emulator making a block on every chain every 40 ms, no seed; resolves once it printed its URL. */
async function startEmulator(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [BIN, 'emulator', 'start', '--port', '0', '--block-time', '40', '--rate-limit', '0', '--data-dir', dataDir],
    {
      env: isolatedEnv({ configDir: freshConfigDir() }),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.add(child);
  return { child, url: await printedUrl(child) };
}

async function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  const ended = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await ended;
}

/** The newest blocks of every chain (block number to hash) and the newest transactions as listed. */
async function listed(url: string): Promise<{ blocks: Map<string, string>; txs: Map<string, string> }> {
  const blocks = new Map<string, string>();
  const page = await call(url, 'GET', '/v1/blocks?pageSize=100');
  for (const block of page.body.blocks) blocks.set(`${block.chainId}:${block.blockNumber}`, block.blockHash);
  const txs = new Map<string, string>();
  const latest = await call(url, 'GET', '/v1/transactions?pageSize=100');
  for (const tx of latest.body.transactions) txs.set(tx.txHash, JSON.stringify(tx));
  return { blocks, txs };
}

describe('the generated chain, kept by an emulator process', () => {
  it('lists after a SIGKILL and after a SIGTERM the blocks and transactions it listed, as it listed them', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'svc-chain-')), 'data');
    let emulator = await startEmulator(dataDir);
    for (const signal of ['SIGKILL', 'SIGTERM'] as const) {
      await sleep(200);
      const before = await listed(emulator.url);
      expect(before.blocks.size).toBe(100);
      await stop(emulator.child, signal);
      emulator = await startEmulator(dataDir);
      for (const [key, hash] of before.blocks) {
        const [chainId, number] = key.split(':');
        const block = await call(emulator.url, 'GET', `/v1/chains/${chainId}/blocks/${number}`);
        expect(block.body.blockHash, `block ${key} after ${signal}`).toBe(hash);
      }
      for (const [hash, json] of before.txs) {
        const found = await call(emulator.url, 'GET', `/v1/chains/${JSON.parse(json).chainId}/transactions/${hash}`);
        expect(JSON.stringify(found.body.nativeTransaction), `transaction ${hash} after ${signal}`).toContain(json.slice(1, -1));
      }
    }
    await stop(emulator.child, 'SIGTERM');
  }, 30_000);
});
