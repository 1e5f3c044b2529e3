// Which process a pid is: a proof that outlives the pid (its start time), so a file naming a process that has since
// ended, and whose pid a stranger now has, is never taken for that process; and the file locks built on it.
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';

/**
 * A process's start, as text that is the same each time it is read and differs for any later process of that pid:
 * `linux:<boot id>:<start time in clock ticks since boot>` (field 22 of /proc/<pid>/stat; the boot id tells a pid
 * of the next boot apart), or `ps:<start time>` where ps tells it (macOS, the BSDs: `ps -o lstart=`, to the
 * second). Null where neither is available (Windows): the pid alone is known there.
 */
export type ProcessProof = string | null;

/**
 * alive: the pid is the very process the proof names. gone: no process has the pid, or it is another one (started
 * later). unknown: a process has the pid, but no proof was recorded or none can be read now (another user's process
 * under a hardened /proc, a platform without one), so it may or may not be the one recorded.
 */
export type ProcessVerdict = 'alive' | 'gone' | 'unknown';

let bootId: string | undefined;
let ownProof: ProcessProof | undefined;

/** This process's proof, read once. */
export function currentProcessProof(): ProcessProof {
  if (ownProof === undefined) ownProof = proofOf(process.pid);
  return ownProof;
}

/** The proof of whatever process has `pid` now; null when there is none or it cannot be read. */
export function proofOf(pid: number): ProcessProof {
  if (!isPid(pid)) return null;
  if (process.platform === 'linux') {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    } catch {
      return null;
    }
    // The command name (field 2) is in parentheses and may hold spaces and parentheses itself: count from the last one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const startTicks = fields[22 - 3];
    if (startTicks === undefined || !/^\d+$/.test(startTicks)) return null;
    bootId ??= readBootId();
    return `linux:${bootId}:${startTicks}`;
  }
  if (process.platform === 'win32') return null;
  // Loaded here only: node:child_process costs milliseconds to load, and Linux never needs it.
  const { spawnSync } = process.getBuiltinModule('node:child_process') as typeof import('node:child_process');
  // The C locale and UTC: the same text whatever the language and time zone of the shell that asks.
  const ps = spawnSync('ps', ['-o', 'lstart=', '-p', String(pid)], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '/bin:/usr/bin', LC_ALL: 'C', TZ: 'UTC' },
    stdio: ['ignore', 'pipe', 'ignore'],
    timeout: 5_000,
  });
  const started = typeof ps.stdout === 'string' ? ps.stdout.trim().replace(/\s+/g, ' ') : '';
  return ps.status === 0 && started !== '' ? `ps:${started}` : null;
}

function readBootId(): string {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'latin1').trim();
  } catch {
    // Start times alone: a pid reused after a reboot with the very same start tick is the one case not told apart.
    return '';
  }
}

/** Whether `pid` is still the process that `proof` was read from (see ProcessVerdict). */
export function checkProcess(pid: number, proof: ProcessProof | undefined): ProcessVerdict {
  if (!pidExists(pid) || hasEnded(pid)) return 'gone';
  if (!proof) return 'unknown';
  const now = proofOf(pid);
  if (now === null) return pidExists(pid) ? 'unknown' : 'gone';
  // A proof of another kind (written on another system sharing the folder) tells nothing.
  if (now.slice(0, now.indexOf(':')) !== proof.slice(0, proof.indexOf(':'))) return 'unknown';
  return now === proof ? 'alive' : 'gone';
}

/**
 * Linux: a process that has ended but whose exit its parent has not collected yet (a zombie) keeps its pid, and signal
 * 0 still reaches it, though it runs nothing and holds no file. An emulator started with --detach has init for a parent,
 * and an init that collects late (as in some containers) would leave `svc emulator stop` waiting on one for seconds.
 */
function hasEnded(pid: number): boolean {
  if (process.platform !== 'linux') return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // Field 3, the state, just after the command name: Z (zombie) or X (dead).
    const state = stat[stat.lastIndexOf(')') + 2];
    return state === 'Z' || state === 'X';
  } catch {
    return false;
  }
}

/** Signal 0 only asks; EPERM: the pid is another user's, so it exists. Never 0 or negative: those name process groups. */
function pidExists(pid: number): boolean {
  if (!isPid(pid)) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isPid(pid: unknown): pid is number {
  return typeof pid === 'number' && Number.isSafeInteger(pid) && pid > 0;
}

/** What a lock file holds, read once: its holder (the JSON written), the text itself, and whether the holder lives. */
export type FileLockState =
  | { state: 'absent' }
  | { state: 'unreadable'; reason: string }
  | { state: 'held'; holder: Record<string, unknown>; text: string; verdict: ProcessVerdict };

/** The text this process wrote to each lock it holds: what "still ours" means, even for two holders in one process. */
const held = new Map<string, string>();

/** Tries before giving up on a lock that another process is taking over (each takes well under a millisecond). */
const TAKE_ATTEMPTS = 500;
const RETRY_PAUSE_MS = 2;

/**
 * Takes `file` as a lock, holding `{ ...holder, pid, proof }`, created whole in one step (a link of a complete
 * file), so a reader never sees half of one. A lock whose holder is gone (its pid ended, or now runs another
 * process) is taken over, by exactly one of several processes trying at once; one that is alive or cannot be
 * judged is left alone, and its holder returned (null: the file is not a lock this module can read).
 */
export function takeFileLock(
  file: string,
  holder: Record<string, unknown>,
): { ok: true } | { ok: false; holder: Record<string, unknown> | null /* null: unreadable */ } {
  const text = lockText(holder);
  let last: Record<string, unknown> | null = null;
  for (let attempt = 0; attempt < TAKE_ATTEMPTS; attempt++) {
    if (createWhole(file, text)) {
      held.set(file, text);
      return { ok: true };
    }
    const found = readFileLock(file);
    if (found.state === 'absent') continue;
    if (found.state === 'unreadable') return { ok: false, holder: null };
    if (found.verdict !== 'gone') return { ok: false, holder: found.holder };
    last = found.holder;
    // Another process is taking this one over: it is done in a moment, and its lock is judged on the next turn.
    if (!removeStale(file, found.text)) pause(RETRY_PAUSE_MS);
  }
  return { ok: false, holder: last };
}

/** Replaces the holder of a lock this process holds, whole (a new file renamed over it); false when it is not ours. */
export function updateFileLock(file: string, holder: Record<string, unknown>): boolean {
  const mine = held.get(file);
  if (mine === undefined || readText(file) !== mine) return false;
  const text = lockText(holder);
  const temporary = temporaryName(file);
  try {
    writeFileSync(temporary, text, { mode: 0o600 });
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
  held.set(file, text);
  return true;
}

/** Gives up a lock: removed if it is still the one this process wrote, left alone if another has it now. */
export function releaseFileLock(file: string): void {
  const mine = held.get(file);
  if (mine === undefined) return;
  held.delete(file);
  if (readText(file) === mine) rmSync(file, { force: true });
}

/** Reads a lock and judges its holder, for those who report on locks (`svc emulator status`) rather than take them. */
export function readFileLock(file: string): FileLockState {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { state: 'absent' };
    return { state: 'unreadable', reason: code === 'EACCES' || code === 'EPERM' ? 'permission denied' : (code ?? String(error)) };
  }
  let holder: unknown;
  try {
    holder = JSON.parse(text);
  } catch {
    return { state: 'unreadable', reason: text.trim() === '' ? 'it is empty' : 'it is not JSON' };
  }
  if (typeof holder !== 'object' || holder === null || Array.isArray(holder))
    return { state: 'unreadable', reason: 'it is not a JSON object' };
  const { pid, proof } = holder as { pid?: unknown; proof?: unknown };
  if (!isPid(pid)) return { state: 'unreadable', reason: 'it names no process id' };
  if (proof !== undefined && proof !== null && typeof proof !== 'string') return { state: 'unreadable', reason: 'its proof is not text' };
  return { state: 'held', holder: holder as Record<string, unknown>, text, verdict: checkProcess(pid, proof) };
}

/**
 * Removes a lock read as held by a process that is gone, unless it changed since it was read (taken over already):
 * the same exactly-once takeover as takeFileLock's. True when it was removed or is gone.
 */
export function removeStaleFileLock(file: string, lock: Extract<FileLockState, { state: 'held' }>): boolean {
  return lock.verdict === 'gone' && removeStale(file, lock.text);
}

/**
 * Removes the stale lock `text` from `file`, through a claim named after that very text: of several processes that
 * judged it stale, one creates the claim; it checks the lock is still that text (no other can have changed it: its
 * holder is gone and every other taker waits for the claim) and removes it. A claim left by a taker that died is
 * itself a stale lock, taken over the same way. False when another process holds the claim.
 */
function removeStale(file: string, text: string): boolean {
  const claim = `${file}.takeover-${fnv1a(text)}`;
  if (!takeFileLock(claim, { takingOver: true }).ok) return false;
  try {
    const now = readText(file);
    if (now === text) rmSync(file, { force: true });
    return true;
  } finally {
    releaseFileLock(claim);
  }
}

function lockText(holder: Record<string, unknown>): string {
  return JSON.stringify({ ...holder, pid: process.pid, proof: currentProcessProof() }) + '\n';
}

/**
 * Creates `file` holding `text`, or false when it exists: written to a file of this process's own, then linked to
 * the name, which fails if the name is taken, so the lock appears whole or not at all. Where links are not
 * supported (FAT, some network shares) an exclusive create does it, visible empty for a moment.
 */
function createWhole(file: string, text: string): boolean {
  const temporary = temporaryName(file);
  writeFileSync(temporary, text, { mode: 0o600 });
  try {
    linkSync(temporary, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
  try {
    writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

let temporaries = 0;

/** Beside the file (a rename or link within one folder), unique to this process and call. */
function temporaryName(file: string): string {
  return `${file}.${process.pid}-${++temporaries}.tmp`;
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** A synchronous pause: the lock functions are synchronous, so their callers need not be. */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** 32-bit FNV-1a: a short name for a lock's text (two texts sharing one only take turns). */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
