// `svc emulator start`: the bundled local stand-in for the service, until Ctrl-C.
import { closeSync, existsSync, renameSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from '@commander-js/extra-typings';
import { endAsInterrupted, untilInterrupted } from '../../context.js';
import type { CommandContext } from '../../context.js';
import { emulatorLogFiles, emulatorsDir, ensureEmulatorsDir, LOG_FILE_VARIABLE, READY_FD_VARIABLE } from '../../settings/paths.js';
import { LocalError, UsageError } from '../../errors.js';
import type { FoundRecord, NewEmulatorRecord } from '../../settings/emulator-records.js';
import type { EmulatorOptions } from '../../emulator/options.js';
import { parseChoice, parseInteger } from '../../options.js';
import { RETRY_SCHEDULES } from '../../schema/rules.js';
import { collect } from '../shared/action.js';
import type { Action, FlagsOf } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import { OfferedValuesOption } from '../../completion/offered-values.js';
import { shellQuoted } from './running.js';

/**
 * Hex digits, an even number of them: the form of a shared secret (as src/signature checks it; that module loads
 * a JSON canonicalizer, too much for parsing flags at startup).
 */
const HEX_SECRET = /^(?:[0-9a-fA-F]{2})+$/;

/** The command and its flags, declared once: EmulatorStartFlags is read from here. */
function declareCommand(emulator: Command) {
  return emulator
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
    .option(
      '--unlisted-chains',
      'take webhooks on chains svc chain list does not name, each made up as it is watched (the service refuses them: 400)',
    )
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
    .option(
      '--data-dir <dir>',
      'keep webhooks, secrets, deliveries and the chain (its history and every block, listed only once kept; the newest 10,000 transactions) in this folder across restarts',
    )
    .option(
      '--repair',
      'with --data-dir: keep the state before a damaged record; set the rest, and every later log, aside in a folder beside them',
    )
    .option('--inspector', "serve the inspector page even with a --host beyond loopback (to this machine's browsers only)")
    .option('--no-inspector', 'serve no inspector page')
    .option('--inspector-path <path>', 'where the inspector page is served (default: /)')
    .option(
      '--detach',
      'run it in the background: once it listens, print the export line of its URL (for eval), log to a file it names, and return',
    );
}

export type EmulatorStartFlags = FlagsOf<ReturnType<typeof declareCommand>>;

export function register(emulator: Command, action: Action): void {
  declareCommand(emulator)
    .addHelpText(
      'after',
      examples([
        ['start it in the background and point svc at it', 'eval "$(svc emulator start --detach)"'],
        ['in the foreground, until Ctrl-C', 'svc emulator start'],
        ['a free port and fixed data, for tests', 'svc emulator start --port 0 --seed 42'],
        ['keep its state across restarts, in the background', 'svc emulator start --detach --data-dir .svc-emulator'],
        ['start on a folder a damaged disk wrote to, setting the damage aside', 'svc emulator start --data-dir .svc-emulator --repair'],
        ['rehearse a flaky service', 'svc emulator start --fault-rate 0.2 --latency 300'],
        [
          'its inspector page at /inspector/ rather than /, then in the browser',
          'svc emulator start --detach --inspector-path /inspector\n  $ svc emulator open',
        ],
        ['a known signing secret, for a receiver under test', 'svc emulator start --webhook-secret 00112233445566778899aabbccddeeff'],
      ]) +
        '\nA webhook whose message used up all its attempts is switched to inactive, as the service does;\n' +
        'GET /_emulator/deliveries marks that message with "webhookDeactivated": true.\n' +
        'POST /_emulator/reset forgets webhooks, injected transactions, deliveries and the secrets made or rotated.\n' +
        'A running emulator is recorded under the config folder: `svc emulator status` lists them, `svc emulator stop` ends one.\n' +
        'Its inspector page (deliveries, webhooks, trigger, transactions) is served on loopback only, unless --inspector\n' +
        'or --no-inspector says otherwise: `svc emulator open` opens it.\n',
    )
    .action(action(({ flags }, context) => run(parseEmulatorStartOptions(flags), context)));
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
    unlistedChains: flags.unlistedChains === true,
    keepMessages: flags.keepMessages === undefined ? undefined : parseInteger('--keep-messages', flags.keepMessages, 1, 10_000_000),
    webhookSecret: flags.webhookSecret === undefined ? undefined : parseSecret(flags.webhookSecret),
    retrySchedule: parseChoice('--retry-schedule', flags.retrySchedule, RETRY_SCHEDULES),
    detach: flags.detach === true,
    dataDir: flags.dataDir === undefined ? undefined : parseDataDir(flags.dataDir),
    repair: parseRepair(flags),
    inspector: flags.inspector,
    inspectorPath: parseInspectorPath(flags),
  };
}

/**
 * The inspector page's path, ending in "/" (its own files are under /_inspector/ wherever it is): plain segments,
 * none of the APIs' prefixes.
 */
function parseInspectorPath(flags: EmulatorStartFlags): string | undefined {
  const text = flags.inspectorPath;
  if (text === undefined) return undefined;
  if (flags.inspector === false) throw new UsageError('--inspector-path: the page is off (--no-inspector); give one or the other');
  const path = text.endsWith('/') ? text : `${text}/`;
  const segments = path.split('/').slice(1, -1);
  if (!path.startsWith('/') || segments.some((segment) => !/^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/.test(segment))) {
    throw new UsageError(
      `--inspector-path "${text}": must be a path such as / or /inspector (letters, digits and - _ . ~ in each segment)`,
    );
  }
  if (segments[0] === 'v1' || segments[0] === '_emulator') {
    throw new UsageError(`--inspector-path "${text}": /${segments[0]}/ is the ${segments[0] === 'v1' ? "service's" : "control API's"}`);
  }
  return path;
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
    return startDetached(context);
  }
  const { detach: _detach, ...emulatorOptions } = startOptions;
  const env = context.io.env;
  const warn = (line: string) => context.io.warn(line);
  // A detached one's log is all there is to see of it: a line per request and per delivery attempt, as --verbose
  // prints in the foreground.
  const startingLog = env[LOG_FILE_VARIABLE] || undefined;
  const detached = startingLog !== undefined;
  const options: EmulatorOptions = {
    ...emulatorOptions,
    version: context.version,
    warn,
    log: context.globals.verbose || detached ? warn : undefined,
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
    if (code === 'EADDRINUSE') throw portInUse(options, records.readEmulatorRecord(env, options.port));
    throw new LocalError(`cannot start the emulator: ${(error as Error).message}`);
  }
  const port = Number(new URL(emulator.url).port);
  const record: NewEmulatorRecord = {
    port,
    host: options.host,
    url: emulator.url,
    dataDir: options.dataDir ?? null,
    logFile: detached ? emulatorLogFiles(env, port).current : null,
    startedAt: emulator.startedAt,
    version: context.version,
    inspectorUrl: emulator.inspectorUrl,
  };
  let unrecorded: LocalError | undefined;
  try {
    ensureEmulatorsDir(env);
    const taken = records.takeEmulatorRecord(env, record);
    if (!taken.taken) unrecorded = unrecordedError(records.recordFile(env, port), taken.holder);
    else if (startingLog !== undefined && record.logFile) {
      // Named `<port>.log` once the port is known (a `--port 0` start names its log before it has one). Renaming an
      // open file is safe: the process keeps writing to it.
      try {
        // The log of the run before on this port is kept beside it (`svc emulator logs --previous`): what a crash
        // or a stop left there is what a restart is usually for.
        const { previous } = emulatorLogFiles(env, port);
        if (existsSync(record.logFile)) renameSync(record.logFile, previous);
        renameSync(startingLog, record.logFile);
      } catch {
        record.logFile = startingLog;
        records.updateEmulatorRecord(env, record);
      }
      records.pruneEmulatorLogs(env, KEPT_LOGS);
    }
  } catch (error) {
    unrecorded = new LocalError(`cannot record the emulator under ${emulatorsDir(env)}: ${(error as Error).message}`);
  }
  const recorded = unrecorded === undefined;
  if (unrecorded) {
    // A detached one that `svc emulator status` and `stop` cannot find could only be found with ps: it ends, saying why.
    if (detached) {
      await emulator.close();
      throw new LocalError(`not started in the background: ${unrecorded.message}`, unrecorded.hint);
    }
    // In the foreground it still serves; only `svc emulator status` and `stop` will not find it.
    warn(`svc: ${unrecorded.message}`);
    if (unrecorded.hint) warn(`  ${unrecorded.hint}`);
  }
  if (detached) reportListening(env, record);
  await context.io.write(`${emulator.url}\nexport SVC_BASE_URL=${emulator.url}\n`);
  if (!context.io.quiet) {
    if (isWildcard(emulator.boundAddress)) {
      // As dev servers print it: the wildcard is where it listens, not an address anyone can connect to.
      warn(`Emulator listening on every address (${emulator.boundAddress}) (Ctrl-C to stop)`);
      warn(`  Local:   ${emulator.url}`);
      for (const url of emulator.networkUrls) warn(`  Network: ${url}`);
    } else {
      warn(`Emulator listening on ${emulator.url} (Ctrl-C to stop)`);
    }
    if (emulator.inspectorUrl) warn(`  Inspector: ${emulator.inspectorUrl} (svc emulator open)`);
    else if (options.inspector === undefined) warn('  Inspector: off beyond loopback; --inspector serves it to browsers on this machine');
  }
  try {
    await untilInterrupted(context.interrupt);
    // Until it has ended, `svc emulator stop` waits for it rather than calling it hung: its last writes take a moment.
    if (recorded) records.updateEmulatorRecord(env, { ...record, stoppingSince: new Date().toISOString() });
    if (!context.io.quiet)
      warn(`Stopping the emulator at ${emulator.url}${options.dataDir ? `: writing its state to ${options.dataDir}` : ''}`);
    await emulator.close();
    if (!context.io.quiet)
      warn(`Stopped the emulator at ${emulator.url}${options.dataDir ? `; its state is kept in ${options.dataDir}` : ''}`);
  } finally {
    if (recorded) records.releaseEmulatorRecord(env, port);
  }
  endAsInterrupted(context.interrupt);
}

/**
 * Tells the command that started this one in the background (commands/emulator/detach.ts) that it listens and is
 * recorded: its record, a line on the pipe READY_FD_VARIABLE names, which is then closed (nothing more goes there).
 */
function reportListening(env: NodeJS.ProcessEnv, record: NewEmulatorRecord): void {
  const fd = Number(env[READY_FD_VARIABLE]);
  if (!Number.isInteger(fd) || fd < 3) return;
  try {
    writeSync(fd, `${JSON.stringify({ ...record, pid: process.pid })}\n`);
  } catch {
    // That command is gone (interrupted): there is no one to tell, and the record says it all.
  }
  try {
    closeSync(fd);
  } catch {
    // Closed already.
  }
}

/** The logs of detached emulators that ended, kept for a look afterwards: the newest few. */
const KEPT_LOGS = 5;

/** A port taken: by an emulator of this user (named, with how to see and stop it), or by something else. */
function portInUse(options: EmulatorOptions, found: FoundRecord | undefined): LocalError {
  const taken = `port ${options.port} on ${options.host} is in use`;
  if (found?.kind === 'record' && found.verdict !== 'gone') {
    const { url, pid } = found.record;
    return new LocalError(
      `${taken} by your emulator at ${url} (pid ${pid})`,
      `svc emulator status shows it; use it (export SVC_BASE_URL=${url}), stop it (svc emulator stop --port ${options.port}), or choose another port: --port 0`,
    );
  }
  if (found?.kind === 'unreadable') {
    return new LocalError(
      `${taken}; its emulator record ${found.file} cannot be read (${found.reason}), so whose it is cannot be told`,
      `if no emulator of yours runs there, remove the file (rm ${shellQuoted(found.file)}) and see what listens; or choose another port: --port 0`,
    );
  }
  return new LocalError(taken, 'is an emulator already running? Or choose another: --port 0');
}

/** The port's record is another's (the same port on another host) or no record at all: never written over. */
function unrecordedError(file: string, holder: FoundRecord | undefined): LocalError {
  const unseen = 'svc emulator status and stop will not find it';
  if (holder?.kind === 'record') {
    const { port, url, pid } = holder.record;
    return new LocalError(`port ${port} is recorded for your emulator at ${url} (pid ${pid}), so this one is not: ${unseen}`);
  }
  const why = holder?.kind === 'unreadable' ? `cannot be read (${holder.reason})` : 'is being taken by another process';
  return new LocalError(
    `the emulator record ${file} ${why}, so this emulator is not recorded: ${unseen}`,
    `if no other emulator of yours uses the port, remove the file: rm ${shellQuoted(file)}`,
  );
}
