// Where svc keeps its files, from the environment alone.
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The platform's config folder for "svc" (env-paths' rules, as conf used), unless SVC_CONFIG_DIR is set. */
export function configDir(env: NodeJS.ProcessEnv): string {
  if (env.SVC_CONFIG_DIR) return env.SVC_CONFIG_DIR;
  const home = homedir();
  if (process.platform === 'darwin') return join(home, 'Library', 'Preferences', 'svc');
  if (process.platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'svc', 'Config');
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'svc');
}

/** `<config dir>/emulators`: the records and the logs of detached emulators. */
export function emulatorsDir(env: NodeJS.ProcessEnv): string {
  return join(configDir(env), 'emulators');
}

/** The log of the detached emulator on `port`, and the one of its run before (kept when it starts again). */
export function emulatorLogFiles(env: NodeJS.ProcessEnv, port: number): { current: string; previous: string } {
  return { current: join(emulatorsDir(env), `${port}.log`), previous: join(emulatorsDir(env), `${port}.previous.log`) };
}

/** Creates the emulators folder, readable by this user only (logs may quote requests); returns it. */
export function ensureEmulatorsDir(env: NodeJS.ProcessEnv): string {
  const dir = emulatorsDir(env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/** Set in the background copy of `svc emulator start --detach`: the file its stdout and stderr go to, kept in its record. */
export const LOG_FILE_VARIABLE = 'SVC_EMULATOR_LOG_FILE';

/**
 * Set in that copy too: the file descriptor of a pipe to the command that started it, which waits for one line on it
 * (the copy's record, once it listens and is recorded) rather than looking for the record file.
 */
export const READY_FD_VARIABLE = 'SVC_EMULATOR_READY_FD';
