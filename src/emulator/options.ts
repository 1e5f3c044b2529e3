// The emulator's public option and handle types, with the defaults the CLI applies.
import type { RetrySchedule } from '../schema/rules.js';

export interface EmulatorOptions {
  /** 0 = any free port. */
  port: number;
  host: string;
  /** Makes generated data and ids deterministic when set. */
  seed?: number;
  /** Interval of synthetic blocks; 0 = none. */
  blockTimeMs: number;
  /** When non-empty, only these keys (and readOnlyKeys) are accepted; others get 401. */
  apiKeys: string[];
  /** May read but not create or deactivate: 403. */
  readOnlyKeys: string[];
  /** Requests per second per key; clients without a key get a tenth, per client address. 0 = unlimited. */
  rateLimit: number;
  /** Share (0..1) of /v1 requests answered with 500/502/503/429 or a dropped connection. */
  faultRate: number;
  /** Added to every /v1 response. */
  latencyMs: number;
  /**
   * Take webhooks on chains the catalogue does not serve (the service refuses them with 400), each such chain made up
   * as it is watched: for load runs over many chains (tests, benchmarks); absent, refused as the service does.
   */
  unlistedChains?: boolean;
  /** Addresses one webhook may watch at most (creation and additions beyond it get 400); absent: no cap. */
  maxAddresses?: number;
  /** Hex: every key's shared secret until it rotates it (and again after a reset); absent: made at random on first use. */
  webhookSecret?: string;
  /** Finished messages kept with their attempts and bodies (the oldest forgotten beyond it); absent: 10,000. */
  keepMessages?: number;
  /** Delivery retries; absent: fast. */
  retrySchedule?: RetrySchedule;
  /**
   * Transactions the chain keeps listed and indexed, the oldest blocks leaving beyond it (transactions a kept
   * message names stay findable by hash); absent: 10,000.
   */
  retainedTransactions?: number;
  /** Transactions a kept message names, findable by hash after their block left the window; absent: 10,000. */
  pinnedTransactions?: number;
  /** Transactions of the generated history made at the first start (kept with the data directory); absent: 3,000. */
  historyTransactions?: number;
  /** The CLI's version, for `GET /_emulator/status`. */
  version?: string;
  /** Where the state is kept across restarts (see kept/data-dir.ts); absent: in memory only. */
  dataDir?: string;
  /** With dataDir: set aside what follows a damaged record instead of refusing the folder. */
  repair?: boolean;
  /** Warnings the user must see whatever the verbosity (a damaged journal record dropped). */
  warn?: (line: string) => void;
  /** One line per request, for the CLI to print on stderr. */
  log?: (line: string) => void;
  /**
   * Serve the inspector page (inspector/): absent, only when `host` is a loopback address. The page shows every
   * key's messages and sends them again, so an emulator put on a network does not offer it unasked.
   */
  inspector?: boolean;
  /** Where the inspector page is served: a path ending in `/`; absent, `/`. */
  inspectorPath?: string;
}

export interface RunningEmulator {
  /** Base URL for clients on this machine, e.g. http://127.0.0.1:4010; never a wildcard address such as 0.0.0.0. */
  url: string;
  /** When listening on every address, the URLs other machines may use; otherwise empty. */
  networkUrls: string[];
  /** The address listened on, as bound (a host name resolved): 0.0.0.0 or :: for every address. */
  boundAddress: string;
  /** ISO 8601: when it started listening. */
  startedAt: string;
  /** The inspector page's URL for a browser on this machine; null when it is not served. */
  inspectorUrl: string | null;
  close(): Promise<void>;
}

export const DEFAULT_EMULATOR_OPTIONS: EmulatorOptions = {
  port: 4010,
  host: '127.0.0.1',
  blockTimeMs: 2_000,
  apiKeys: [],
  readOnlyKeys: [],
  rateLimit: 50,
  faultRate: 0,
  latencyMs: 0,
};
