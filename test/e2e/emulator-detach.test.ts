// `svc emulator start --detach`, `status` and `stop` as processes: a real background emulator, found through its
// record under a temporary config folder, and always stopped again.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshConfigDir, runCli, startInProcess } from '../helpers/cli.js';

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
  const url = result.stdout.split('\n')[0]!;
  const pid = record(portOf(url)).pid as number;
  started.add(pid);
  return { url, pid, stdout: result.stdout, stderr: result.stderr };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

afterAll(async () => {
  for (const pid of started) if (alive(pid)) process.kill(pid, 'SIGKILL');
});

describe('emulator start --detach', () => {
  it('returns once the emulator listens, prints its URL and the export line, and records it', async () => {
    const { url, pid, stdout, stderr } = await detach();
    expect(stdout).toBe(`${url}\nexport SVC_BASE_URL=${url}\n`);
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
    // Its port taken: the same message and exit code as in the foreground, and the running one's log untouched.
    const again = await runCli(['emulator', 'start', '--detach', '--port', String(port)], { configDir });
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toContain(`svc: port ${port} on 127.0.0.1 is in use`);
    expect(readFileSync(saved.logFile, 'utf8')).not.toContain('in use');
    expect(readdirSync(emulatorsDir).filter((name) => name.startsWith('starting-'))).toEqual([]);
    // SIGTERM ends it cleanly, and a clean end removes its record.
    process.kill(pid, 'SIGTERM');
    await until(() => !alive(pid));
    expect(readdirSync(emulatorsDir)).not.toContain(`${port}.json`);
  });

  it('a bad flag fails in the parent, before anything starts', async () => {
    const result = await runCli(['emulator', 'start', '--detach', '--port', '70000'], { configDir });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--port "70000"');
  });
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

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
