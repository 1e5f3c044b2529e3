// `svc emulator start --detach`, `status` and `stop` as processes: a real background emulator, found through its
// record under a temporary config folder, and always stopped again.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { proofOf } from '../../src/process-proof.js';
import { BIN, freshConfigDir, isAlive, runCli, runInProcess, startInProcess } from '../helpers/cli.js';

const configDir = freshConfigDir();
const emulatorsDir = join(configDir, 'emulators');
/** Every pid a test started, ended in afterAll whatever the test did. */
const started = new Set<number>();

function record(port: number): any {
  return JSON.parse(readFileSync(join(emulatorsDir, `${port}.json`), 'utf8'));
}

function portOf(url: string): number {
  return Number(new URL(url).port);
}

async function detach(extra: string[] = []): Promise<{ url: string; pid: number; stdout: string; stderr: string }> {
  const result = await runCli(['emulator', 'start', '--detach', '--port', '0', ...extra], { configDir });
  expect(result.stderr).not.toMatch(/^svc: /m);
  expect(result.exitCode).toBe(0);
  const url = /^export SVC_BASE_URL=(\S+)\n$/.exec(result.stdout)?.[1] ?? '';
  const pid = record(portOf(url)).pid as number;
  started.add(pid);
  return { url, pid, stdout: result.stdout, stderr: result.stderr };
}

afterAll(async () => {
  for (const pid of started) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
});

/** The emulator the first test detaches, left running for the status and stop test (one start fewer). */
let kept: { url: string; pid: number } | undefined;

describe('emulator start --detach', () => {
  it('returns once the emulator listens, prints the export line (its URL on stderr too), and records it', async () => {
    const { url, pid, stdout, stderr } = await detach(['--block-time', '0']);
    expect(stdout).toBe(`export SVC_BASE_URL=${url}\n`);
    expect(stderr).toContain(`Emulator listening on ${url} in the background`);
    expect(stderr).toContain(`  inspector: ${url}/ (svc emulator open)\n`);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(pid).not.toBe(process.pid);
    const port = portOf(url);
    const saved = record(port);
    expect(saved).toMatchObject({ port, host: '127.0.0.1', url, dataDir: null, logFile: join(emulatorsDir, `${port}.log`) });
    expect(Date.parse(saved.startedAt)).not.toBeNaN();
    expect(statSync(join(emulatorsDir, `${port}.json`)).mode & 0o777).toBe(0o600);
    expect(stderr).toContain(join(emulatorsDir, `${port}.log`));
    // It answers, and the log holds what it printed.
    const answer = await fetch(`${url}/_emulator/deliveries`);
    expect(answer.status).toBe(200);
    expect(readFileSync(saved.logFile, 'utf8')).toContain(`export SVC_BASE_URL=${url}`);
    // Its port taken, by this user's own emulator: said so, with its pid and how to see it (the same message and exit
    // code as in the foreground); the running one's log untouched, and the failed start's own log gone.
    const again = await runCli(['emulator', 'start', '--detach', '--port', String(port)], { configDir });
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toContain(`svc: port ${port} on 127.0.0.1 is in use by your emulator at ${url} (pid ${pid})`);
    expect(again.stderr).toContain('svc emulator status shows it');
    expect(readFileSync(saved.logFile, 'utf8')).not.toContain('in use');
    expect(readdirSync(emulatorsDir).filter((name) => name.endsWith('.log'))).toEqual([`${port}.log`]);
    // Left running: `emulator stop` below ends it with SIGTERM, and checks that a clean end removes its record.
    kept = { url, pid };
  });

  it('the copy runs every flag given, as parsed: --keep-messages too', async () => {
    const line = [
      'emulator',
      'start',
      '--keep-messages',
      '3',
      '--detach',
      '--port',
      '0',
      '--block-time',
      '0',
      '--api-key',
      'k1',
      '--api-key',
      'k2',
    ];
    const result = await runCli(line, { configDir });
    expect(result.stderr).not.toMatch(/^svc: /m);
    expect(result.exitCode).toBe(0);
    const url = /^export SVC_BASE_URL=(\S+)\n$/.exec(result.stdout)?.[1] ?? '';
    const { pid } = record(portOf(url)) as { pid: number };
    started.add(pid);
    if (process.platform === 'linux') {
      const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      expect(commandLine.slice(commandLine.indexOf(BIN) + 1)).toEqual([
        'emulator',
        'start',
        '--port=0',
        '--block-time=0',
        '--api-key=k1',
        '--api-key=k2',
        '--keep-messages=3',
      ]);
    }
    // It keeps what it was told: a key it was not given is refused.
    const refused = await fetch(`${url}/v1/webhooks`, { headers: { 'x-service-api-key': 'other' } });
    expect(refused.status).toBe(401);
    expect((await runCli(['emulator', 'stop', '--port', String(portOf(url))], { configDir })).exitCode).toBe(0);
  });

  it('a bad flag fails in the parent, before anything starts: no copy, no record, no log', async () => {
    // A process: the launcher starts nothing of its own, and the CLI validates the flags before it starts the copy.
    const before = readdirSync(emulatorsDir);
    const result = await runCli(['emulator', 'start', '--detach', '--port', '70000'], { configDir });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^svc: --port "70000"/);
    expect(result.stdout).toBe('');
    expect(readdirSync(emulatorsDir)).toEqual(before);
  });
});

describe('emulator status and stop', () => {
  it('exit 3 when none runs', async () => {
    const dir = freshConfigDir();
    const status = await runCli(['emulator', 'status'], { configDir: dir });
    expect(status.exitCode).toBe(3);
    expect(status.stderr).toContain('svc: no emulator is running');
    expect(status.stdout).toBe('');
    const stop = await runInProcess(['emulator', 'stop'], { configDir: dir });
    expect(stop.exitCode).toBe(3);
    expect(stop.stderr).toContain('svc: no emulator is running');
    // "Stop them all" of none is done: a teardown under `set -e` goes on.
    const all = await runCli(['emulator', 'stop', '--all'], { configDir: dir });
    expect(all).toMatchObject({ exitCode: 0, stdout: '' });
    expect(all.stderr).toBe('No emulator is running: nothing to stop\n');
  });

  // The two tests below run side by side: this one mostly waits out the 5 s that stop gives an emulator after SIGTERM
  // (a fixed time in the command), the next one works meanwhile (separate config folders, separate emulators).
  it.concurrent('says so, and exits 1, when an emulator is still there 5 s after SIGTERM', async ({ expect }) => {
    const dir = freshConfigDir();
    // A process that ignores SIGTERM: the shell's ignored signal is kept across exec, so it is sleep itself (a
    // millisecond to start, where node takes a tenth of a second).
    const stubborn = spawn('sh', ['-c', "trap '' TERM; echo ready; exec sleep 60"], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    started.add(stubborn.pid!);
    await new Promise((resolve) => stubborn.stdout!.once('data', resolve));
    mkdirSync(join(dir, 'emulators'));
    const url = 'http://127.0.0.1:1';
    writeFileSync(
      join(dir, 'emulators', '1.json'),
      JSON.stringify({
        pid: stubborn.pid,
        // Proven to be that process (as an emulator's own record is): signalled, then waited for.
        proof: proofOf(stubborn.pid!),
        port: 1,
        host: '127.0.0.1',
        url,
        dataDir: null,
        logFile: null,
        startedAt: new Date().toISOString(),
        version: '0.0.0',
      }),
    );
    // In this process: the stubborn emulator is the process that matters here.
    const result = await runInProcess(['emulator', 'stop', '--all'], { configDir: dir, timeout: 15_000 });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(`svc: the emulator at ${url} (pid ${stubborn.pid}) is still running 5 s after SIGTERM`);
    expect(isAlive(stubborn.pid!)).toBe(true);
    expect(readdirSync(join(dir, 'emulators'))).toContain('1.json');
    stubborn.kill('SIGKILL');
  });

  // A detached start and four processes: 60 s, as 20 s was not always enough on a loaded machine.
  it.concurrent(
    'lists the running ones with their counts, shows a dead one as stale once, and stops the one the base URL or --port names',
    async ({ expect }) => {
      expect(kept, 'the emulator the first test detached').toBeDefined();
      const first = kept!;
      const second = await detach(['--block-time', '0']);
      const created = await fetch(`${first.url}/v1/webhooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-api-key': 'k' },
        body: JSON.stringify({
          url: 'http://127.0.0.1:9/hook',
          chainId: '43113',
          eventType: 'address_activity',
          metadata: { addresses: ['0x' + '1'.repeat(40)] },
        }),
      });
      expect(created.status).toBe(201);
      // A record left by an emulator that was killed: its pid no longer exists.
      const deadPid = await endedPid();
      writeFileSync(
        join(emulatorsDir, '9.json'),
        JSON.stringify({
          pid: deadPid,
          port: 9,
          host: '127.0.0.1',
          url: 'http://127.0.0.1:9',
          dataDir: null,
          logFile: null,
          startedAt: new Date().toISOString(),
          version: '0.0.0',
        }),
      );

      const piped = await runCli(['emulator', 'status'], { configDir });
      expect(piped.exitCode).toBe(0);
      const rows = piped.stdout
        .trimEnd()
        .split('\n')
        .map((line) => line.split('\t'));
      expect(rows).toEqual(
        [
          ['http://127.0.0.1:9', String(deadPid), '', '', '', 'stale'],
          [first.url, String(first.pid), expect.stringMatching(/^\d+$/), '1', '0', 'running'],
          [second.url, String(second.pid), expect.stringMatching(/^\d+$/), '0', '0', 'running'],
        ].sort((a, b) => portOf(a[0] as string) - portOf(b[0] as string)),
      );
      expect(readdirSync(emulatorsDir)).not.toContain('9.json');

      // The rest in this process (status and stop as processes are above and just below): they read the records and
      // signal the emulators' processes just the same.
      const json = await runInProcess(['emulator', 'status', '--json'], { configDir });
      expect(json.exitCode).toBe(0);
      const emulators = JSON.parse(json.stdout).emulators;
      expect(emulators.map((item: any) => [item.url, item.state, item.webhooks])).toEqual(
        [
          [first.url, 'running', 1],
          [second.url, 'running', 0],
        ].sort((a, b) => portOf(a[0] as string) - portOf(b[0] as string)),
      );

      const ambiguous = await runInProcess(['emulator', 'stop'], { configDir });
      expect(ambiguous.exitCode).toBe(2);
      expect(ambiguous.stderr).toContain(`${portOf(first.url)}`);
      expect(ambiguous.stderr).toContain('--all');
      expect(isAlive(first.pid) && isAlive(second.pid)).toBe(true);

      // The one the base URL names: the one svc talks to.
      const named = await runCli(['emulator', 'stop'], { configDir, baseUrl: second.url });
      expect(named.exitCode).toBe(0);
      expect(named.stderr).toBe(`Stopped the emulator at ${second.url} (pid ${second.pid})\n`);
      expect(isAlive(second.pid)).toBe(false);
      expect(isAlive(first.pid)).toBe(true);

      const byPort = await runInProcess(['emulator', 'stop', '--port', String(portOf(first.url))], { configDir });
      expect(byPort.exitCode).toBe(0);
      expect(byPort.stderr).toContain(`Stopped the emulator at ${first.url} (pid ${first.pid})`);
      expect(isAlive(first.pid)).toBe(false);
      expect(readdirSync(emulatorsDir)).not.toContain(`${portOf(first.url)}.json`);

      const gone = await runInProcess(['emulator', 'stop', '--port', String(portOf(first.url))], { configDir });
      expect(gone.exitCode).toBe(3);
      expect((await runInProcess(['emulator', 'status'], { configDir })).exitCode).toBe(3);
    },
    60_000,
  );
});

describe('emulator start in the foreground', () => {
  it('is recorded too while it runs, and the record goes when it stops', async () => {
    const dir = freshConfigDir();
    const running = await startInProcess(['emulator', 'start', '--port', '0', '--block-time', '0'], { configDir: dir });
    const url = running.stdout().split('\n')[0]!;
    const saved = JSON.parse(readFileSync(join(dir, 'emulators', `${portOf(url)}.json`), 'utf8'));
    expect(saved).toMatchObject({ pid: process.pid, url, logFile: null });
    expect(await running.stop()).toBe(130);
    expect(readdirSync(join(dir, 'emulators'))).toEqual([]);
  });
});

/** The pid of a process that has ended (and been reaped), as a crashed emulator's record holds. */
async function endedPid(): Promise<number> {
  // Any program will do, and true starts in a millisecond where node takes a tenth of a second.
  const child = spawn('true', [], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}
