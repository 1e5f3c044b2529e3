// Who may change what at once. A change is planned from the state as applied and kept before it is applied, so two
// changes planned from the same state must not both write one key: each key (a webhook, a key's secret, a message)
// takes its changes one at a time. A reset takes them all.

type Release = () => void;

export class WriteGate {
  /** The tail of each key's queue: the next one in waits for it. */
  private readonly tails = new Map<string, Promise<void>>();
  /** Changes running now (any key), for a reset to wait for; and a reset running, for them to wait for. */
  private running = 0;
  private drained: Array<() => void> = [];
  private exclusive: Promise<void> | undefined;

  /** Runs `work` once every earlier change of these keys is over, and no reset runs. */
  async run<T>(keys: readonly string[], work: () => Promise<T>): Promise<T> {
    while (this.exclusive) await this.exclusive;
    this.running++;
    const releases: Release[] = [];
    try {
      for (const key of [...new Set(keys)].sort()) releases.push(await this.acquire(key));
      return await work();
    } finally {
      for (const release of releases) release();
      this.running--;
      if (this.running === 0) for (const done of this.drained.splice(0)) done();
    }
  }

  /**
   * Inside run(): runs `work` once every earlier change of these further keys is over, holding them meanwhile. For a
   * change that learns its keys only once it runs (the webhooks a new transaction notifies).
   */
  async within<T>(keys: readonly string[], work: () => Promise<T>): Promise<T> {
    const releases: Release[] = [];
    try {
      for (const key of [...new Set(keys)].sort()) releases.push(await this.acquire(key));
      return await work();
    } finally {
      for (const release of releases) release();
    }
  }

  /** Runs `work` alone: after the changes running now, before any that come in meanwhile. */
  async runAlone<T>(work: () => Promise<T>): Promise<T> {
    while (this.exclusive) await this.exclusive;
    let open!: () => void;
    this.exclusive = new Promise((resolve) => (open = resolve));
    try {
      if (this.running > 0) await new Promise<void>((resolve) => this.drained.push(resolve));
      return await work();
    } finally {
      this.exclusive = undefined;
      open();
    }
  }

  private async acquire(key: string): Promise<Release> {
    const before = this.tails.get(key);
    let release!: Release;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = before ? before.then(() => mine) : mine;
    this.tails.set(key, tail);
    if (before) await before;
    return () => {
      release();
      // The last one out leaves no entry behind: the map holds only keys being changed.
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
  }
}
