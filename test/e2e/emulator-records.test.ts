// The records of running emulators, as processes (the built CLI): a pid that now runs another program is never
// signalled, a record that cannot be read is named by every command that reads it, a foreground emulator says that
// it stops and where its state is, and `stop` waits for one that writes its last state.
import { execa } from 'execa';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { proofOf } from '../../src/process-proof.js';
import { BIN, freshConfigDir, isAlive, isolatedEnv, REPO_ROOT, runCli } from '../helpers/cli.js';
import { stubProcess, writeRecord, wrongProof } from '../helpers/emulator-records.js';
import type { StubProcess } from '../helpers/emulator-records.js';

const stubs: StubProcess[] = [];
const emulatorPids = new Set<number>();
afterAll(() => {
  for (const stub of stubs) stub.child.kill('SIGKILL');
  for (const pid of emulatorPids) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
});

async function stub(onTerm?: Parameters<typeof stubProcess>[0]): Promise<StubProcess> {
  const started = await stubProcess(onTerm);
  stubs.push(started);
  return started;
}

describe.skipIf(process.platform === 'win32')('emulator records, as processes', () => {
  it('a pid that now runs another program: status shows the record stale, stop never signals it', async () => {
    const configDir = freshConfigDir();
    const stranger = await stub();
    writeRecord(configDir, 4131, { pid: stranger.pid, proof: wrongProof() });
    const status = await runCli(['emulator', 'status'], { configDir });
    expect(status.exitCode).toBe(3);
    expect(status.stdout).toBe(`http://127.0.0.1:4131\t${stranger.pid}\t\t\t\tstale\n`);
    writeRecord(configDir, 4131, { pid: stranger.pid, proof: wrongProof() });
    const stop = await runCli(['emulator', 'stop'], { configDir });
    expect(stop.exitCode).toBe(3);
    expect(stop.stderr).toContain(`(pid ${stranger.pid} is another program now, left alone); its record is removed`);
    expect(stop.stderr).not.toContain('Stopped');
    expect(isAlive(stranger.pid)).toBe(true);
    expect(stranger.output()).toBe('ready\n');
  });

  it('a record file holding garbage: status, stop and the next start on its port each name it (exit 1)', async () => {
    const configDir = freshConfigDir();
    const port = 4132;
    const garbage = writeRecord(configDir, port, 'garbage');
    const named = `cannot read the emulator record ${garbage} (it is not JSON): an emulator may be running on port ${port}`;
    for (const args of [['status'], ['stop']]) {
      const result = await runCli(['emulator', ...args], { configDir });
      expect(result.exitCode, args[0]).toBe(1);
      expect(result.stderr).toContain(`svc: ${named}\n  if none of yours is, remove the file: rm ${garbage}\n`);
    }
    const start = await runCli(['emulator', 'start', '--detach', '--port', String(port), '--block-time', '0'], { configDir });
    expect(start.exitCode).toBe(1);
    expect(start.stderr).toContain(
      `svc: not started in the background: the emulator record ${garbage} cannot be read (it is not JSON), so this emulator is not recorded`,
    );
    expect(start.stderr).toContain(`remove the file: rm ${garbage}`);
    expect(readFileSync(garbage, 'utf8')).toBe('garbage');
    expect(readdirSync(join(configDir, 'emulators'))).toEqual([`${port}.json`]);
  });

  it('SIGTERM in the foreground: it says it is stopping, then that it stopped and where its state is kept; exit 143', async () => {
    const configDir = freshConfigDir();
    const dataDir = join(mkdtempSync(join(tmpdir(), 'svc-data-')), 'state');
    const child = execa('node', [BIN, 'emulator', 'start', '--port', '0', '--block-time', '0', '--data-dir', dataDir], {
      env: isolatedEnv({ configDir }),
      extendEnv: false,
      reject: false,
      cwd: REPO_ROOT,
      timeout: 15_000,
    });
    emulatorPids.add(child.pid!);
    const url = await new Promise<string>((resolve) => {
      let printed = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        printed += chunk.toString();
        if (printed.includes('\n')) resolve(printed.split('\n')[0]!);
      });
    });
    child.kill('SIGTERM');
    const result = await child;
    expect(result.exitCode).toBe(143);
    expect(result.stderr).toContain(
      `Stopping the emulator at ${url}: writing its state to ${dataDir}\nStopped the emulator at ${url}; its state is kept in ${dataDir}`,
    );
    expect(readdirSync(join(configDir, 'emulators'))).toEqual([]);
  });

  it('stop waits, saying so, for an emulator that is writing its last state, and never signals it again', async () => {
    const configDir = freshConfigDir();
    const writing = await stub('note');
    writeRecord(configDir, 4133, { pid: writing.pid, proof: proofOf(writing.pid), stoppingSince: new Date().toISOString() });
    const stop = execa('node', [BIN, 'emulator', 'stop'], {
      env: isolatedEnv({ configDir }),
      extendEnv: false,
      reject: false,
      cwd: REPO_ROOT,
      timeout: 15_000,
    });
    await new Promise<void>((resolve) => {
      let said = '';
      stop.stderr!.on('data', (chunk: Buffer) => {
        said += chunk.toString();
        if (said.includes('waiting for it to finish writing its state')) resolve();
      });
    });
    // It finishes (here: ends) whenever it is done; stop then reports success.
    writing.child.kill('SIGKILL');
    const result = await stop;
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain(`Stopped the emulator at http://127.0.0.1:4133 (pid ${writing.pid})`);
    expect(writing.output()).toBe('ready\n');
  });
});
