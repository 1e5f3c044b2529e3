// Writes to the config store: read-modify-write under a lock (proper-lockfile), then conf's atomic replace, so
// `svc config` runs at once (a CI matrix, a dotfiles script) keep every write and a reader never sees half a file.
// Only `svc config` writes. conf alone is not safe for concurrent writers: the lock is what makes it so.
import { mkdirSync, realpathSync } from 'node:fs';
import { basename, dirname, extname } from 'node:path';
import { LocalError } from '../errors.js';
import { sleep } from '../interrupt.js';
import { readConfig } from './store.js';
import type { ProfileSettings, SettingKey } from './store.js';

/**
 * A lock its holder stopped refreshing this long ago is taken over: the holder died (a write holds it for
 * milliseconds, and a live holder refreshes it every half of this).
 */
export const STALE_LOCK_MS = 5_000;
/** How long a writer waits for the lock: longer than STALE_LOCK_MS, so a dead holder's lock is always taken over. */
export const LOCK_WAIT_MS = 12_000;

export interface WriteOptions {
  /** Ends the wait for the lock (Ctrl-C, SIGTERM). */
  interrupt?: AbortSignal;
  waitMs?: number;
}

export async function writeSetting(
  path: string,
  profile: string,
  key: SettingKey,
  value: string,
  options: WriteOptions = {},
): Promise<void> {
  await updateProfiles(
    path,
    (profiles) => {
      const settings: ProfileSettings = Object.hasOwn(profiles, profile) ? profiles[profile]! : {};
      settings[key] = value;
      profiles[profile] = settings;
    },
    options,
  );
}

/** Returns whether there was a value to remove. */
export async function removeSetting(path: string, profile: string, key: SettingKey, options: WriteOptions = {}): Promise<boolean> {
  return updateProfiles(
    path,
    (profiles) => {
      const settings = Object.hasOwn(profiles, profile) ? profiles[profile]! : undefined;
      if (settings?.[key] === undefined) return false;
      delete settings[key];
      return true;
    },
    options,
  );
}

async function updateProfiles<T>(
  path: string,
  change: (profiles: Record<string, ProfileSettings>) => T,
  options: WriteOptions,
): Promise<T> {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  // conf (with ajv) loaded before the lock is taken, not while it is held: on a slow machine loading it takes longer
  // than the write itself, and every other writer waits for the holder.
  await import('conf');
  const lock = await acquireLock(path, options);
  try {
    // Read under the lock: what another writer stored a moment ago is kept.
    const config = readConfig(path); // a corrupt file is reported, never overwritten
    const profiles: Record<string, ProfileSettings> = config.profiles ?? Object.create(null);
    const result = change(profiles);
    await replaceFile(path, { ...config, profiles });
    return result;
  } finally {
    await lock.release();
  }
}

interface HeldLock {
  release(): Promise<void>;
}

async function acquireLock(path: string, options: WriteOptions): Promise<HeldLock> {
  const { default: lockfile } = await import('proper-lockfile');
  const waitMs = options.waitMs ?? LOCK_WAIT_MS;
  const deadline = Date.now() + waitMs;
  let compromised = false;
  for (let delayMs = 5; ; delayMs = Math.min(delayMs * 2, 100)) {
    try {
      const release = await lockfile.lock(path, {
        realpath: false, // the file may not exist yet
        stale: STALE_LOCK_MS,
        onCompromised: () => {
          compromised = true;
        },
      });
      return {
        async release() {
          // A holder stalled past STALE_LOCK_MS (a suspended laptop) may have lost its lock: say so, never claim success.
          if (compromised) {
            throw new LocalError(
              `another svc took the lock on the config file ${path} while this one was writing: the setting may not be stored`,
              'check with: svc config list',
            );
          }
          await release();
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') {
        throw new LocalError(`cannot lock the config file ${path}: ${(error as Error).message}`);
      }
      if (Date.now() >= deadline) {
        throw new LocalError(
          `the config file ${path} stayed locked by another svc for ${waitMs / 1000} s`,
          `if no svc config command is running, remove ${path}.lock and try again`,
        );
      }
      // Jittered, so writers that collided do not collide again in step.
      await sleep(delayMs * (0.5 + Math.random()), options.interrupt);
    }
  }
}

/** conf writes beside the file and renames over it (mode 0600): readers see the old file or the new one, never a part. */
async function replaceFile(path: string, config: object): Promise<void> {
  let target = path;
  try {
    // A symlinked config file (dotfiles) stays a symlink: the file it points to is replaced.
    target = realpathSync(path);
  } catch {
    // Not there yet: created where asked.
  }
  const { default: Conf } = await import('conf');
  const extension = extname(target);
  try {
    const store = new Conf<Record<string, unknown>>({
      projectName: 'svc',
      projectSuffix: '',
      cwd: dirname(target),
      configName: basename(target, extension),
      fileExtension: extension.slice(1),
      configFileMode: 0o600,
    });
    // The whole object at once (not conf's dotted-path set, which refuses names such as __proto__ without a word).
    store.store = config as Record<string, unknown>;
  } catch (error) {
    throw new LocalError(`cannot write the config file ${path} (it was left as it was): ${(error as Error).message}`);
  }
}
