// The emulator's data directory (--data-dir): its state kept in a journal (journal.ts) so that webhooks, secrets,
// injected transactions and deliveries survive a restart. Every change the state reports is appended as it is
// made; an answer that follows a change is held until the change is synced, and becomes a 503 if it cannot be.
import { statSync, mkdirSync, readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { releaseFileLock, takeFileLock, updateFileLock } from '../process-proof.js';
import type { DeliverySnapshot } from './delivery.js';
import { sendError } from './http-util.js';
import { Journal, JournalFormatError, NODE_FILES, readJournal } from './journal.js';
import type { JournalFiles } from './journal.js';
import type { EmulatorState, StateChange } from './state.js';
import { persistedWebhook } from './webhook-store.js';

const JOURNAL_FILE = 'journal.jsonl';
const LOCK_FILE = 'emulator.lock';
/** How often the deliveries (which change on their own, attempt by attempt) are written when they changed. */
const DELIVERIES_EVERY_MS = 2_000;
/** The journal is compacted once it is this much larger than after its last compaction (and at least this large). */
const COMPACT_GROWTH = 2;
const COMPACT_MIN_BYTES = 8 * 1024 * 1024;
/** After a failed write, a new attempt (a compaction) at most this often. */
const RETRY_AFTER_FAILURE_MS = 1_000;

/** The data directory cannot be used: the message says which and why (the CLI makes it exit 2). */
export class DataDirError extends Error {}

/** One record of the journal: a change, with where the id sequence stood after it. */
type Entry =
  (StateChange & { ids?: number[] }) | { op: 'deliveries'; deliveries: DeliverySnapshot; ids?: number[] } | { op: 'ids'; ids: number[] };

export interface DataDirOptions {
  /** One line for the user (a dropped damaged record). */
  warn: (line: string) => void;
  /** For tests: how the journal writes and syncs. */
  files?: JournalFiles;
}

export class Persistence {
  private deliveriesTimer: NodeJS.Timeout | undefined;
  private lastDeliveries = '';
  private lastRecoveryMs = 0;
  private closed = false;

  private constructor(
    readonly dir: string,
    private readonly journal: Journal,
    private readonly state: EmulatorState,
    private readonly lockFile: string,
  ) {}

  /**
   * Checks the folder (created if missing), takes its lock, reads the journal into `state`, and from then on
   * journals its changes. Throws DataDirError for a folder that cannot be used.
   */
  static async open(dir: string, state: EmulatorState, options: DataDirOptions): Promise<Persistence> {
    const folder = resolve(dir);
    checkFolder(folder);
    const lockFile = join(folder, LOCK_FILE);
    takeLock(folder, lockFile);
    try {
      const file = join(folder, JOURNAL_FILE);
      let contents;
      try {
        contents = await readJournal(file);
      } catch (error) {
        if (error instanceof JournalFormatError) throw new DataDirError(`--data-dir ${folder}: ${error.message}`);
        throw new DataDirError(
          `--data-dir ${folder}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
        );
      }
      if (contents?.droppedBytes) {
        options.warn(
          `svc: ${file}: its last ${contents.droppedBytes} bytes are not a whole record (a write cut short): dropped; every acknowledged change before it is kept`,
        );
      }
      const replayed = contents ? replay(contents.records as Entry[], state) : 0;
      const journal = await Journal.open(file, contents?.validBytes, options.files ?? NODE_FILES);
      const persistence = new Persistence(folder, journal, state, lockFile);
      // A journal mostly of history (changes since superseded) is rewritten as the state it comes to, before
      // anything is appended; one that is about its snapshot already is left as it is (rewriting costs a restart).
      if (journal.size > COMPACT_MIN_BYTES && replayed > COMPACT_GROWTH * persistence.snapshotRecords()) {
        await journal.compact(() => persistence.snapshot());
      }
      persistence.attach();
      return persistence;
    } catch (error) {
      releaseFileLock(lockFile);
      if (error instanceof DataDirError) throw error;
      throw new DataDirError(`--data-dir ${folder}: ${(error as Error).message}`);
    }
  }

  /** Names the URL in the lock, for a second emulator started on the same folder to say which one holds it. */
  listening(url: string): void {
    updateFileLock(this.lockFile, { url });
  }

  /**
   * Before a request is served: a write while the journal is failing is answered 503 at once (after one attempt
   * to recover, at most every second), so nothing is changed that could not be kept. Reads are always served.
   * True when the request may go on.
   */
  async admit(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const method = req.method ?? 'GET';
    if (method === 'GET' || method === 'HEAD' || !this.journal.failure) return true;
    if (Date.now() - this.lastRecoveryMs >= RETRY_AFTER_FAILURE_MS) {
      this.lastRecoveryMs = Date.now();
      try {
        await this.journal.compact(() => this.snapshot());
        return true;
      } catch {
        // Still failing: said below.
      }
    }
    sendUnavailable(res, this.journal.failure);
    return false;
  }

  /**
   * Holds the answer to a request until what was journaled while it ran is on disk; for a write, a 503 instead
   * when it could not be written. `startSeq` is where the journal stood when the request came in.
   */
  holdAnswer(res: ServerResponse, startSeq: number, read: boolean): void {
    const journal = this.journal;
    const held: Array<() => void> = [];
    let holding = false;
    const original = { writeHead: res.writeHead, write: res.write, end: res.end, cork: res.cork, uncork: res.uncork };
    const defer =
      <K extends keyof typeof original>(name: K) =>
      (...args: unknown[]) => {
        if (!holding && name === 'writeHead' && journal.lastSeq > startSeq) {
          holding = true;
          const target = journal.lastSeq;
          journal.whenDurable(target).then(
            () => {
              Object.assign(res, original);
              for (const call of held) call();
            },
            (error: Error) => {
              Object.assign(res, original);
              // A read is answered all the same: what failed was another request's write (or a secret made on
              // first read, which the next successful write keeps).
              if (read) for (const call of held) call();
              else sendUnavailable(res, error);
            },
          );
        }
        if (!holding) return (original[name] as (...a: unknown[]) => unknown).apply(res, args);
        held.push(() => (original[name] as (...a: unknown[]) => unknown).apply(res, args));
        return name === 'write' ? true : res;
      };
    res.writeHead = defer('writeHead') as typeof res.writeHead;
    res.write = defer('write') as typeof res.write;
    res.end = defer('end') as typeof res.end;
    res.cork = defer('cork') as typeof res.cork;
    res.uncork = defer('uncork') as typeof res.uncork;
  }

  get lastSeq(): number {
    return this.journal.lastSeq;
  }

  /** Writes the deliveries as they are, then closes the journal and gives up the lock. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.deliveriesTimer);
    this.state.onChange = undefined;
    this.saveDeliveries();
    try {
      await this.journal.close();
    } finally {
      releaseFileLock(this.lockFile);
    }
  }

  private attach(): void {
    this.state.onChange = (change) => {
      this.journal.append({ ...change, ids: this.state.idPosition() });
      // An injection's messages are part of it: kept before its answer, as the messages it names must be.
      if (change.op === 'inject' || change.op === 'reset') this.saveDeliveries();
    };
    this.deliveriesTimer = setInterval(() => {
      this.saveDeliveries();
      if (!this.journal.failure && this.journal.size > Math.max(COMPACT_MIN_BYTES, COMPACT_GROWTH * this.journal.compactedSize)) {
        this.journal
          .compact(() => this.snapshot())
          .catch(() => {
            // Kept as the journal's failure: writes answer 503 until a compaction succeeds.
          });
      }
    }, DELIVERIES_EVERY_MS);
    this.deliveriesTimer.unref();
  }

  /** Appends the deliveries when they changed since last written (they change on their own, attempt by attempt). */
  private saveDeliveries(): void {
    const deliveries = this.state.deliveries.snapshot();
    const text = JSON.stringify(deliveries);
    if (text === this.lastDeliveries) return;
    this.lastDeliveries = text;
    this.journal.append({ op: 'deliveries', deliveries, ids: this.state.idPosition() });
  }

  /** How many records a snapshot of the state holds (snapshot() writes them). */
  private snapshotRecords(): number {
    return this.state.webhooks.size + [...this.state.keptSecrets()].length + this.state.injectedTransactions().length + 2;
  }

  /** The state as journal records: what a compaction writes. */
  private *snapshot(): Iterable<Entry> {
    for (const stored of this.state.webhooks.all()) yield { op: 'webhook', webhook: persistedWebhook(stored) };
    for (const [key, secret] of this.state.keptSecrets()) yield { op: 'secret', key, secret };
    for (const tx of this.state.injectedTransactions()) yield { op: 'inject', tx };
    const deliveries = this.state.deliveries.snapshot();
    this.lastDeliveries = JSON.stringify(deliveries);
    yield { op: 'deliveries', deliveries };
    yield { op: 'ids', ids: this.state.idPosition() };
  }
}

/** Plays the journal's records into a new state; the number of records. */
function replay(entries: Entry[], state: EmulatorState): number {
  let deliveries: DeliverySnapshot | undefined;
  let ids: number[] | undefined;
  for (const entry of entries) {
    if (entry.ids) ids = entry.ids;
    switch (entry.op) {
      case 'webhook':
        state.webhooks.restore(entry.webhook);
        break;
      case 'update': {
        const stored = state.webhooks.get(entry.id);
        if (stored) state.webhooks.update(stored, entry.changes);
        break;
      }
      case 'deactivate': {
        const stored = state.webhooks.get(entry.id);
        if (stored) state.webhooks.deactivate(stored);
        break;
      }
      case 'addresses': {
        const stored = state.webhooks.get(entry.id);
        if (stored && entry.add) state.webhooks.addAddresses(stored, entry.add);
        if (stored && entry.remove) state.webhooks.removeAddresses(stored, entry.remove);
        break;
      }
      case 'secret':
        state.restoreSecret(entry.key, entry.secret);
        break;
      case 'inject':
        state.restoreInjected(entry.tx);
        break;
      case 'reset':
        state.reset();
        deliveries = undefined;
        break;
      case 'deliveries':
        deliveries = entry.deliveries;
        break;
    }
  }
  if (ids) state.restoreIdPosition(ids);
  if (deliveries) {
    state.deliveries.restore(deliveries);
    // A webhook switched off after the deliveries were last written keeps none of its messages pending.
    for (const stored of state.webhooks.all()) if (stored.webhook.status === 'inactive') state.deliveries.cancelWebhook(stored.webhook.id);
  }
  return entries.length;
}

/** Created when missing; refused when it is a file, or cannot be read or written. */
function checkFolder(folder: string): void {
  try {
    if (!statSync(folder).isDirectory()) throw new DataDirError(`--data-dir ${folder}: is a file, not a folder`);
  } catch (error) {
    if (error instanceof DataDirError) throw error;
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new DataDirError(`--data-dir ${folder}: ${describe(error)}`);
    try {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
    } catch (made) {
      throw new DataDirError(`--data-dir ${folder}: cannot create it (${describe(made)})`);
    }
  }
  try {
    readdirSync(folder);
  } catch (error) {
    throw new DataDirError(`--data-dir ${folder}: cannot read it (${describe(error)})`);
  }
}

/** The folder's lock: one emulator per folder. A lock whose process is gone (or is another process now) is taken over. */
function takeLock(folder: string, lockFile: string): void {
  let taken: ReturnType<typeof takeFileLock>;
  try {
    taken = takeFileLock(lockFile, { url: null });
  } catch (error) {
    throw new DataDirError(`--data-dir ${folder}: cannot write in it (${describe(error)})`);
  }
  if (taken.ok) return;
  if (taken.holder === null) {
    throw new DataDirError(`--data-dir ${folder}: its lock ${lockFile} cannot be read; if no emulator uses the folder, remove the lock`);
  }
  // This very process too: two emulators started in one process must not share a folder either.
  const where = typeof taken.holder.url === 'string' ? ` at ${taken.holder.url}` : '';
  throw new DataDirError(
    `--data-dir ${folder} is in use by the emulator${where} (pid ${taken.holder.pid}): stop it first, or choose another folder`,
  );
}

function describe(error: unknown): string {
  const failure = error as NodeJS.ErrnoException;
  if (failure.code === 'EACCES' || failure.code === 'EPERM') return 'permission denied';
  if (failure.code === 'ENOTDIR') return 'a part of its path is a file';
  return failure.code ?? failure.message;
}

function sendUnavailable(res: ServerResponse, error: Error): void {
  const code = (error as NodeJS.ErrnoException).code;
  const why = code === 'ENOSPC' ? 'the disk is full' : `it cannot be written (${code ?? error.message})`;
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendError(res, 503, `the emulator's data directory could not keep this change: ${why}; reads still work, retry once there is room`, {
    'retry-after': '1',
  });
}
