// `svc emulator start`: the bundled local stand-in for the service, until Ctrl-C.
import { renameSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { endAsInterrupted, untilInterrupted } from '../../context.js';
import type { CommandContext } from '../../context.js';
import { emulatorsDir, ensureEmulatorsDir, LOG_FILE_VARIABLE } from '../../settings/paths.js';
import { LocalError, UsageError } from '../../errors.js';
import type { EmulatorOptions } from '../../emulator/options.js';
import { parseChoice, parseInteger } from '../../options.js';
import { RETRY_SCHEDULES } from '../../schema/rules.js';
import { collect } from '../shared/action.js';
import type { Action } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import { OfferedValuesOption } from '../../completion/offered-values.js';

export interface EmulatorStartFlags {
  port: string;
  host: string;
  seed?: string;
  blockTime: string;
  apiKey: string[];
  readOnlyKey: string[];
  rateLimit: string;
  faultRate: string;
  latency: string;
  maxAddresses?: string;
  keepMessages?: string;
  webhookSecret?: string;
  retrySchedule: string;
  detach?: boolean;
  dataDir?: string;
  repair?: boolean;
}

/**
 * Hex digits, an even number of them: the form of a shared secret (as src/signature checks it; that module loads
 * a JSON canonicalizer, too much for parsing flags at startup).
 */
const HEX_SECRET = /^(?:[0-9a-fA-F]{2})+$/;

export function register(emulator: Command, action: Action): void {
  emulator
    .command('start')
    .description('Run a local emulator of the service (transactions, webhooks, signed webhook deliveries, a control API)')
    .option('--port <n>', 'port to listen on; 0 picks a free one', '4010')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--seed <n>', 'make all generated data and ids deterministic (default: random)')
    .option('--block-time <ms>', 'a new block on each chain every ms milliseconds; 0 for none', '2000')
    .option('--api-key <key>', 'accept only this key (repeatable); default: any non-empty key', collect, [])
    .option('--read-only-key <key>', 'a key that may read but not create or deactivate (repeatable)', collect, [])
    .option('--rate-limit <n>', 'requests per second per key, keyless clients a tenth; 0 for no limit', '50')
    .option('--fault-rate <rate>', 'share of requests, 0 to 1, answered 500/502/503/429 or dropped', '0')
    .option('--latency <ms>', 'milliseconds added to every response', '0')
    .option('--max-addresses <n>', 'addresses one webhook may watch at most; more is a 400 (default: no cap)')
    .option('--keep-messages <n>', 'messages kept with their attempts for svc emulator deliveries; the oldest are dropped (default: 10000)')
    .option(
      '--webhook-secret <hex>',
      "hex secret signing every key's notifications until rotated (default: random per key); a test secret: flags show in process lists",
    )
    .addOption(
      new OfferedValuesOption(
        '--retry-schedule <schedule>',
        "delivery retries: fast (given up within 2 minutes) or real (the service's, over 45 h)",
        RETRY_SCHEDULES,
      ).default('fast'),
    )
    .option('--data-dir <dir>', 'keep webhooks, secrets, injected transactions and deliveries in this folder across restarts')
    .option('--repair', 'with --data-dir: keep what comes before a damaged record and set the rest aside in a file beside it')
    .option(
      '--detach',
      'run it in the background: once it listens, print the export line of its URL (for eval), log to a file it names, and return',
    )
    .addHelpText(
      'after',
      examples([
        ['start it in the background and point svc at it', 'eval "$(svc emulator start --detach)"'],
        ['in the foreground, until Ctrl-C', 'svc emulator start'],
        ['a free port and fixed data, for tests', 'svc emulator start --port 0 --seed 42'],
        ['keep its state across restarts, in the background', 'svc emulator start --detach --data-dir .svc-emulator'],
        ['start on a folder a damaged disk wrote to, setting the damage aside', 'svc emulator start --data-dir .svc-emulator --repair'],
        ['rehearse a flaky service', 'svc emulator start --fault-rate 0.2 --latency 300'],
        ['a known signing secret, for a receiver under test', 'svc emulator start --webhook-secret 00112233445566778899aabbccddeeff'],
      ]) +
        '\nA webhook whose message used up all its attempts is switched to inactive, as the service does;\n' +
        'GET /_emulator/deliveries marks that message with "webhookDeactivated": true.\n' +
        'POST /_emulator/reset forgets webhooks, injected transactions, deliveries and the secrets made or rotated.\n' +
        'A running emulator is recorded under the config folder: `svc emulator status` lists them, `svc emulator stop` ends one.\n',
    )
    .action(action<[], EmulatorStartFlags>(({ flags }, context) => run(parseEmulatorStartOptions(flags), context)));
}

function parseRate(text: string): number {
  const value = Number(text);
  if (!/^\d*\.?\d+$/.test(text) || value < 0 || value > 1) throw new UsageError(`--fault-rate "${text}": must be a number from 0 to 1`);
  return value;
}

export type EmulatorStartOptions = Omit<EmulatorOptions, 'log'> & {
  /** Start a copy of this command in the background and return once it listens. */
  detach: boolean;
};

export function parseEmulatorStartOptions(flags: EmulatorStartFlags): EmulatorStartOptions {
  for (const [flag, keys] of [
    ['--api-key', flags.apiKey],
    ['--read-only-key', flags.readOnlyKey],
  ] as const) {
    for (const key of keys) {
      if (key === '' || /[^\x21-\x7e]/.test(key)) throw new UsageError(`${flag}: a key must be non-empty printable ASCII, without spaces`);
    }
  }
  return {
    port: parseInteger('--port', flags.port, 0, 65535),
    host: parseHost(flags.host),
    seed: flags.seed === undefined ? undefined : parseInteger('--seed', flags.seed, 0, 2 ** 32 - 1),
    blockTimeMs: parseInteger('--block-time', flags.blockTime, 0, 3_600_000),
    apiKeys: flags.apiKey,
    readOnlyKeys: flags.readOnlyKey,
    rateLimit: parseInteger('--rate-limit', flags.rateLimit, 0, 1_000_000),
    faultRate: parseRate(flags.faultRate),
    latencyMs: parseInteger('--latency', flags.latency, 0, 600_000),
    maxAddresses: flags.maxAddresses === undefined ? undefined : parseInteger('--max-addresses', flags.maxAddresses, 1, 100_000_000),
    keepMessages: flags.keepMessages === undefined ? undefined : parseInteger('--keep-messages', flags.keepMessages, 1, 10_000_000),
    webhookSecret: flags.webhookSecret === undefined ? undefined : parseSecret(flags.webhookSecret),
    retrySchedule: parseChoice('--retry-schedule', flags.retrySchedule, RETRY_SCHEDULES),
    detach: flags.detach === true,
    dataDir: flags.dataDir === undefined ? undefined : parseDataDir(flags.dataDir),
    repair: parseRepair(flags),
  };
}

/** --repair changes how a data directory is read: without one it would do nothing, which is surely not what was meant. */
function parseRepair(flags: EmulatorStartFlags): boolean | undefined {
  if (flags.repair !== true) return undefined;
  if (flags.dataDir === undefined) throw new UsageError('--repair: only with --data-dir (it repairs that folder)');
  return true;
}

/** Absolute, so a detached copy and the records name the same folder whatever their working folder. */
function parseDataDir(text: string): string {
  if (text.trim() === '') throw new UsageError('--data-dir: must name a folder');
  return resolve(text);
}

/** The value is never echoed: it is a secret. */
function parseSecret(text: string): string {
  if (!HEX_SECRET.test(text)) throw new UsageError('--webhook-secret: must be hex digits, an even number of them (64 for 32 bytes)');
  return text;
}

/** A host name or IP address to listen on: no scheme, port, path or spaces (those fail later, less clearly). */
function parseHost(text: string): string {
  if (!/^(\[[0-9a-fA-F:.]+\]|[0-9a-fA-F:]*:[0-9a-fA-F:.]*|[A-Za-z0-9.-]+)$/.test(text)) {
    throw new UsageError(`--host "${text}": must be a host name or IP address, such as 127.0.0.1, ::1 or 0.0.0.0`);
  }
  return text.replace(/^\[(.*)\]$/, '$1');
}

export async function run(startOptions: EmulatorStartOptions, context: CommandContext): Promise<void> {
  if (startOptions.detach) {
    const { startDetached } = await import('./detach.js');
    return startDetached(startOptions, context);
  }
  const { detach: _detach, ...emulatorOptions } = startOptions;
  const options: EmulatorOptions = {
    ...emulatorOptions,
    version: context.version,
    warn: (line: string) => context.io.warn(line),
    log: context.globals.verbose ? (line: string) => context.io.warn(line) : undefined,
  };
  const [{ startEmulator, isWildcard, DataDirError }, records] = await Promise.all([
    import('../../emulator/index.js'),
    import('../../settings/emulator-records.js'),
  ]);
  let emulator: Awaited<ReturnType<typeof startEmulator>>;
  try {
    emulator = await startEmulator(options);
  } catch (error) {
    if (error instanceof DataDirError) throw new UsageError(error.message);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new LocalError(
        `port ${options.port} on ${options.host} is in use`,
        'is an emulator already running? Or choose another: --port 0',
      );
    }
    throw new LocalError(`cannot start the emulator: ${(error as Error).message}`);
  }
  const env = context.io.env;
  const port = Number(new URL(emulator.url).port);
  let recorded = false;
  try {
    records.writeEmulatorRecord(env, {
      pid: process.pid,
      port,
      host: options.host,
      url: emulator.url,
      dataDir: options.dataDir ?? null,
      logFile: detachedLogFile(env, ensureEmulatorsDir(env), port),
      startedAt: emulator.startedAt,
      version: context.version,
    });
    recorded = true;
  } catch (error) {
    // It still serves; only `svc emulator status` and `stop` will not find it.
    context.io.warn(`svc: cannot record the emulator under ${emulatorsDir(env)}: ${(error as Error).message}`);
  }
  await context.io.write(`${emulator.url}\nexport SVC_BASE_URL=${emulator.url}\n`);
  if (!context.io.quiet) {
    if (isWildcard(emulator.boundAddress)) {
      // As dev servers print it: the wildcard is where it listens, not an address anyone can connect to.
      context.io.warn(`Emulator listening on every address (${emulator.boundAddress}) (Ctrl-C to stop)`);
      context.io.warn(`  Local:   ${emulator.url}`);
      for (const url of emulator.networkUrls) context.io.warn(`  Network: ${url}`);
    } else {
      context.io.warn(`Emulator listening on ${emulator.url} (Ctrl-C to stop)`);
    }
  }
  try {
    await untilInterrupted(context.interrupt);
    await emulator.close();
  } finally {
    if (recorded) records.removeEmulatorRecord(env, port, process.pid);
  }
  endAsInterrupted(context.interrupt);
}

/**
 * The log of a detached emulator, renamed to `<port>.log` once the port is known (a `--port 0` start names its
 * log before it has one); null in the foreground. Renaming an open file is safe: the process keeps writing to it.
 */
function detachedLogFile(env: NodeJS.ProcessEnv, dir: string, port: number): string | null {
  const given = env[LOG_FILE_VARIABLE];
  if (!given) return null;
  const final = join(dir, `${port}.log`);
  if (given === final) return final;
  try {
    renameSync(given, final);
    return final;
  } catch {
    return given;
  }
}
