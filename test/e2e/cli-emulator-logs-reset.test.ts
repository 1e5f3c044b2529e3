// The commands a new user looked for, as processes: `svc emulator logs` and `reset` against a real background
// emulator (a restart on its port keeps the log before), and `svc webhook delete` pointing at deactivate. Each runs
// once as a process; its further runs, and the stops (a process each in emulator-detach), go in this process.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshConfigDir, isAlive, runCli, runCliTty, runInProcess } from '../helpers/cli.js';

const configDir = freshConfigDir();
const started = new Set<number>();
afterAll(() => {
  for (const pid of started) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
});

async function detach(port: string): Promise<string> {
  const result = await runCli(['emulator', 'start', '--detach', '--port', port, '--block-time', '0'], { configDir });
  expect(result.exitCode, result.stderr).toBe(0);
  const url = /^export SVC_BASE_URL=(\S+)\n$/.exec(result.stdout)![1]!;
  started.add(JSON.parse(readFileSync(join(configDir, 'emulators', `${new URL(url).port}.json`), 'utf8')).pid);
  return url;
}

describe('svc emulator logs and reset, svc webhook delete', () => {
  it('logs prints the log, reset refuses without --yes and forgets with it, a restart keeps the log before (--previous)', async () => {
    const url = await detach('0');
    const port = new URL(url).port;
    const logs = await runCli(['emulator', 'logs'], { configDir });
    expect(logs.exitCode).toBe(0);
    expect(logs.stdout).toContain(`Emulator listening on ${url}`);

    const refused = await runInProcess(['emulator', 'reset'], { configDir });
    expect(refused).toEqual({ exitCode: 2, stdout: '', stderr: 'svc: refusing to reset the emulator without confirmation: pass --yes\n' });
    const reset = await runCli(['emulator', 'reset', '--yes'], { configDir });
    expect(reset).toEqual({
      exitCode: 0,
      stdout: '',
      stderr: `Reset the emulator at ${url}: no webhooks, messages or injected transactions remain\n`,
    });

    expect((await runInProcess(['emulator', 'stop'], { configDir })).exitCode).toBe(0);
    const again = await detach(port);
    expect(again).toBe(url);
    const previous = await runInProcess(['emulator', 'logs', '--previous'], { configDir });
    expect(previous.exitCode).toBe(0);
    expect(previous.stdout).toContain('POST /_emulator/reset 200');
    const current = await runInProcess(['emulator', 'logs'], { configDir });
    expect(current.stdout).not.toContain('POST /_emulator/reset');
    expect((await runInProcess(['emulator', 'stop'], { configDir })).exitCode).toBe(0);
  });

  it('start --detach at a terminal: what started first, the export line to paste last (piped, it is all stdout holds)', async () => {
    const configDir = freshConfigDir();
    const { exitCode, output } = await runCliTty(['emulator', 'start', '--detach', '--port', '0', '--block-time', '0'], { configDir });
    expect(exitCode).toBe(0);
    const url = /export SVC_BASE_URL=(\S+)\n$/.exec(output)?.[1];
    expect(url, output).toBeDefined();
    started.add(JSON.parse(readFileSync(join(configDir, 'emulators', `${new URL(url!).port}.json`), 'utf8')).pid);
    expect(output.indexOf('Emulator listening on')).toBeLessThan(output.indexOf('export SVC_BASE_URL='));
    expect(output).toContain('(svc emulator logs)');
    expect((await runInProcess(['emulator', 'stop'], { configDir })).exitCode).toBe(0);
  });

  it('webhook delete: exit 2 and the pointer to deactivate', async () => {
    const result = await runCli(['webhook', 'delete', 'w-1'], { baseUrl: 'http://127.0.0.1:9', apiKey: 'k' });
    expect(result).toEqual({
      exitCode: 2,
      stdout: '',
      stderr:
        'svc: the service does not delete webhooks: it deactivates them (their notifications stop, and activate starts them again)\n' +
        'run: svc webhook deactivate w-1\n',
    });
  });
});
