// The launcher's early start of `svc emulator start --detach` (bin/svc.js, commands/emulator/early-detach.ts): the
// background copy starts before the CLI loads, with the command line as typed less `--detach`; the CLI adopts it
// once the flags are valid, and ends it (leaving no log) when they are not. As processes: the launcher is the point.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, freshConfigDir, isAlive, isolatedEnv, runCli } from '../helpers/cli.js';

const configDir = freshConfigDir();
const emulatorsDir = join(configDir, 'emulators');
const started = new Set<number>();

afterAll(() => {
  for (const pid of started) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
});

describe('emulator start --detach, started by the launcher', () => {
  // One detached start for both (each is a background emulator, ~0.7 CPU-s): the command line as the help writes it,
  // with a flag (--seed) before --detach so that the copy's command line shows it was passed on as typed.
  it('eval "$(svc emulator start --detach)", as the help and README write it, sets SVC_BASE_URL and prints no error; the copy runs the flags as typed, less --detach, and stop ends it', async () => {
    const script = `svc() { node ${JSON.stringify(BIN)} "$@"; }
eval "$(svc emulator start --seed 5 --detach --port 0 --quiet)"
printf '%s\\n' "$SVC_BASE_URL"`;
    const result = await execa('bash', ['-c', script], { env: isolatedEnv({ configDir }), extendEnv: false, reject: false });
    const url = String(result.stdout).trim();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const port = Number(new URL(url).port);
    const { pid } = JSON.parse(readFileSync(join(emulatorsDir, `${port}.json`), 'utf8')) as { pid: number };
    started.add(pid);
    // Before, the URL stood alone on the first line and the shell tried to run it ("No such file or directory").
    expect(String(result.stderr)).toBe('');
    expect(result.exitCode).toBe(0);
    // The CLI's own copy would have each value joined to its flag (--seed=5), the flags in their declared order: this
    // one is the launcher's.
    if (process.platform === 'linux') {
      const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      expect(commandLine.slice(-7)).toEqual(['emulator', 'start', '--seed', '5', '--port', '0', '--quiet']);
    }
    const answer = await fetch(`${url}/v1/transactions?pageSize=1`, { headers: { 'x-service-api-key': 'any' } });
    expect(answer.status).not.toBe(404);

    const stopped = await runCli(['emulator', 'stop', '--port', String(port)], { configDir });
    expect(stopped.exitCode).toBe(0);
    expect(isAlive(pid)).toBe(false);
  });

  it('a refused flag exits 2 naming it, and leaves no copy running and no log behind', async () => {
    const before = new Set(readdirSafe(emulatorsDir));
    const result = await runCli(['emulator', 'start', '--detach', '--port', 'abc'], { configDir });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^svc: --port "abc"/m);
    expect(result.stdout).toBe('');
    // The copy refused the same flag, or was ended by the CLI: no record, no starting log of this run.
    const left = readdirSafe(emulatorsDir).filter((name) => !before.has(name));
    expect(left).toEqual([]);
  });
});

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
