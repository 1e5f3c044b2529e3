// The background copy of `svc emulator start --detach`, started by the launcher (bin/svc.js) before it loads the CLI.
// A detached start is a CLI start in front of a foreground one; started here, the copy's own start runs while this
// process is still loading the CLI and parsing its flags, not after (the goal: within 1.5x of a foreground start).
// Bundled as a part of its own (dist/svc-part-detach.cjs) from node and settings/paths only: the launcher requires it
// without the CLI. The CLI adopts the copy once the flags are valid (detach.ts), and ends it when they are not.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { closeSync, openSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { DetachedEmulatorCopy } from '../../context.js';
import { ensureEmulatorsDir, LOG_FILE_VARIABLE } from '../../settings/paths.js';

/**
 * Starts the copy: this CLI (`launcher`, under the same node) with the same arguments but `--detach`, its output in a
 * new log under the emulators folder. Throws when the folder cannot be made (the caller words it).
 */
export function spawnDetachedCopy(launcher: string, args: readonly string[], env: NodeJS.ProcessEnv): DetachedEmulatorCopy {
  const dir = ensureEmulatorsDir(env);
  // A start that fails (the port is taken) must not write into the log of the emulator already on that port.
  const startingLog = join(dir, `starting-${process.pid}-${Date.now()}.log`);
  const logFd = openSync(startingLog, 'a', 0o600);
  let ended = false;
  let child: ChildProcess;
  try {
    child = spawn(process.execPath, [launcher, ...args], {
      detached: true,
      stdio: ['ignore', logFd, logFd],
      env: { ...env, [LOG_FILE_VARIABLE]: startingLog },
    });
  } finally {
    closeSync(logFd);
  }
  const exited = new Promise<number>((resolve) => {
    child.once('exit', (code, signal) => {
      ended = true;
      resolve(code ?? (signal === 'SIGTERM' ? 143 : 1));
    });
    child.once('error', () => {
      ended = true;
      resolve(1);
    });
  });
  return { child, startingLog, exited, hasEnded: () => ended };
}

/**
 * For the launcher: the copy of a `svc emulator start --detach` command line (`words` are its first two command
 * words), started at once; undefined for any other command line, or when it cannot be started early (the CLI then
 * starts it itself, and says why if it cannot either).
 */
export function startEarly(
  launcher: string,
  words: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): DetachedEmulatorCopy | undefined {
  if (words !== 'emulator-start' || !args.includes('--detach')) return undefined;
  // Help asked for, or "--" (whatever follows is no flag): the CLI decides alone.
  if (args.some((arg) => arg === '-h' || arg === '--help' || arg === '--')) return undefined;
  try {
    return spawnDetachedCopy(
      launcher,
      args.filter((arg) => arg !== '--detach'),
      env,
    );
  } catch {
    return undefined;
  }
}

/** Ends a copy the CLI did not adopt (its flags were refused, or the command failed first), and drops its log. */
export async function discardCopy(copy: DetachedEmulatorCopy): Promise<void> {
  if (!copy.hasEnded()) {
    copy.child.kill('SIGTERM');
    // A copy that got as far as listening shuts down cleanly (its record goes): a moment, never a hang.
    await Promise.race([copy.exited, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
  }
  copy.child.unref();
  rmSync(copy.startingLog, { force: true });
}
