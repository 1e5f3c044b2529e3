// The records of running emulators, as processes (the built CLI): a pid that now runs another program is never
// signalled, a record that cannot be read is named by every command that reads it, a foreground emulator says that
// it stops and where its state is, `stop` waits for one that writes its last state, a detached one logs each request
// and delivery attempt, and emulator-only commands find the one emulator running without a base URL.
import { execa } from 'execa';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { proofOf } from '../../src/process-proof.js';
import { BIN, freshConfigDir, isAlive, isolatedEnv, REPO_ROOT, runCli } from '../helpers/cli.js';
import { API_KEY, call, startReceiver, webhookBody } from '../helpers/emulator-helpers.js';
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

const WATCHED = '0x71c7656ec7ab88b098defb751b7401b5f6d8976f';

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

  it('a detached emulator: found without a base URL, logs each request and attempt, keeps the newest logs; stopped even without a proof', async () => {
    const configDir = freshConfigDir();
    const dir = join(configDir, 'emulators');
    // Logs of emulators that ended long ago: all but the newest five go when the next one starts.
    mkdirSync(dir);
    for (let index = 0; index < 7; index++) {
      const log = join(dir, `${50_000 + index}.log`);
      writeFileSync(log, 'old\n');
      const hoursAgo = (Date.now() - (index + 1) * 3_600_000) / 1000;
      utimesSync(log, hoursAgo, hoursAgo);
    }
    const started = await runCli(['emulator', 'start', '--detach', '--port', '0', '--block-time', '0'], { configDir });
    expect(started.exitCode).toBe(0);
    const url = /^export SVC_BASE_URL=(\S+)\n$/.exec(started.stdout)![1]!;
    const port = Number(new URL(url).port);
    const record = JSON.parse(readFileSync(join(dir, `${port}.json`), 'utf8'));
    emulatorPids.add(record.pid);
    expect(
      readdirSync(dir)
        .filter((name) => name.endsWith('.log'))
        .sort(),
    ).toEqual([`${port}.log`, '50000.log', '50001.log', '50002.log', '50003.log', '50004.log'].sort());

    const receiver = await startReceiver();
    try {
      const created = await call(url, 'POST', '/v1/webhooks', {
        key: API_KEY,
        body: webhookBody({ url: receiver.url, chainId: '43113', metadata: { addresses: [WATCHED] } }),
      });
      expect(created.status).toBe(201);
      // No base URL set anywhere, the emulator on a port of its own: the command finds it through its record.
      const triggered = await runCli(['emulator', 'trigger', '--chain-id', '43113', '--from', WATCHED], { configDir });
      expect(triggered.stderr).toBe('');
      expect(triggered.exitCode).toBe(0);
      const messageId = triggered.stdout.trimEnd().split('\t')[1]!;
      await receiver.waitFor(1);
      const log = await new Promise<string>((resolve, reject) => {
        const deadline = Date.now() + 5_000;
        const look = () => {
          const text = readFileSync(record.logFile, 'utf8');
          if (text.includes(`delivery ${messageId} attempt 1`)) resolve(text);
          else if (Date.now() > deadline) reject(new Error(text));
          else setTimeout(look, 20);
        };
        look();
      });
      expect(log).toMatch(/^POST \/v1\/webhooks 201 \d+ms$/m);
      expect(log).toMatch(/^POST \/_emulator\/transactions 201 \d+ms$/m);
      expect(log).toMatch(
        new RegExp(`^delivery ${messageId} attempt 1: POST ${receiver.url.replace(/[.]/g, '\\.')} 200 \\d+ms, delivered$`, 'm'),
      );
    } finally {
      await receiver.close();
    }

    // A record without a proof (as an older svc wrote): the emulator at its URL says it is that pid, so it is stopped.
    const { proof: _proof, ...unproven } = record;
    writeFileSync(join(dir, `${port}.json`), JSON.stringify(unproven));
    const stop = await runCli(['emulator', 'stop'], { configDir });
    expect(stop.stderr).toBe(`Stopped the emulator at ${url} (pid ${record.pid})\n`);
    expect(stop.exitCode).toBe(0);
    expect(isAlive(record.pid)).toBe(false);
  });
});
