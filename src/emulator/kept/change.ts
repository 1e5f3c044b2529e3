// What the emulator's kept state is made of: keyed entries (a kind, a key, the latest value or null for deleted),
// changes that carry them, and the keeper that makes a change durable before it is applied.
//
// The in-memory state is a function of the entries applied to it: a change is applied by handing each of its
// entries to the resource that owns its kind, exactly as a restart replays them, so what is served and what a
// restart restores cannot differ. Replay is last-write-wins and idempotent, whatever repetition it meets.

/** One keyed record: `value` is the latest value of `kind`/`key`, or null when it was deleted. */
export type KeptEntry = readonly [kind: string, key: string, value: unknown];

/** A value written as these exact JSON bytes, one part after another (cached JSON, such as an address list's chunk). */
export class RawJson {
  readonly byteLength: number;
  constructor(readonly parts: readonly Buffer[]) {
    this.byteLength = parts.reduce((sum, part) => sum + part.length, 0);
  }
}

/** A change: its entries, and what to do once they are applied (timers, queues: what is not state). */
export interface Change<T = void> {
  entries: readonly KeptEntry[];
  /** Runs after the entries are applied; its result is what keep() resolves with. */
  then?: () => T;
}

/**
 * A change could not be kept (the disk is full, failing, or the emulator is stopping): nothing of it was applied,
 * and nothing of it is on disk, unless `undecided`: then part of it may be, and a restart may bring it back.
 */
export class KeepError extends Error {
  constructor(
    message: string,
    /** The file system's error code, when there is one (ENOSPC: the disk is full). */
    readonly code?: string,
    /** Written in part, and the part could not be cut off again: the change may come back after a restart. */
    readonly undecided = false,
  ) {
    super(message);
  }
}

/** Keeps changes: in memory only, or in a data directory (data-dir.ts). */
export interface Keeper {
  /**
   * Applies the change once it is durable, in the order keep() was called, and resolves with its `then`; rejects
   * with KeepError, nothing applied, when it cannot be kept.
   */
  keep<T>(change: Change<T>): Promise<T>;
  /** Set while changes are refused (a failing disk): work that would only make changes can wait. */
  readonly failure: Error | undefined;
}

/** A part of the state whose records are kept: the owner of some kinds of entry. */
export interface KeptResource {
  readonly kinds: readonly string[];
  /** One entry of a change being applied. */
  applyEntry(kind: string, key: string, value: unknown): void;
  /**
   * Every live entry of its kinds after a restart, read before anything is served: the resource is built from them
   * in one pass (indexes made once), as applying them one by one would make it.
   */
  restore(tables: ReadonlyMap<string, ReadonlyMap<string, unknown>>): void;
  /** Its whole state as entries, taken at once: the values must not change afterwards (copies, or immutable). */
  snapshot(): Iterable<KeptEntry>;
}

/** Sends each entry to the resource that owns its kind. */
export class EntryRouter {
  private readonly owners = new Map<string, KeptResource>();

  constructor(readonly resources: readonly KeptResource[]) {
    for (const resource of resources) {
      for (const kind of resource.kinds) {
        if (this.owners.has(kind)) throw new Error(`two kept resources own the kind ${kind}`);
        this.owners.set(kind, resource);
      }
    }
  }

  apply<T>(change: Change<T>): T {
    for (const [kind, key, value] of change.entries) {
      const owner = this.owners.get(kind);
      if (!owner) throw new Error(`no kept resource owns the kind ${kind}`);
      owner.applyEntry(kind, key, value);
    }
    return change.then ? change.then() : (undefined as T);
  }

  owns(kind: string): boolean {
    return this.owners.has(kind);
  }
}

/** Without a data directory: a change is applied at once. */
export class MemoryKeeper implements Keeper {
  readonly failure = undefined;

  constructor(private readonly router: EntryRouter) {}

  keep<T>(change: Change<T>): Promise<T> {
    try {
      return Promise.resolve(this.router.apply(change));
    } catch (error) {
      return Promise.reject(error);
    }
  }
}
