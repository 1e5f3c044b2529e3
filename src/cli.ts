// Builds the program, registers the commands, and is the one place errors become messages and exit codes.
import { Command, CommanderError, Option } from '@commander-js/extra-typings';
import type { CommandUnknownOpts, OptionValues } from '@commander-js/extra-typings';
import { readFileSync } from 'node:fs';
import { createContext } from './context.js';
import type { GlobalOptions } from './context.js';
import { ExitCode, InterruptedError, OutputError, SvcError, UsageError } from './errors.js';
import { createProcessIO, flushOutput, watchOutput } from './io.js';
import { quotedText } from './render/text.js';
import type { IO } from './io.js';
import { parseInteger, parseSeconds } from './options.js';
import { watchStdoutReader } from './reader-watch.js';
import { addHelpCommands } from './commands/help.js';
import type { Action, FlagsOf, Handler } from './commands/shared/action.js';
import { givenCommandLine } from './commands/shared/command-line.js';
import { examples } from './commands/shared/help-text.js';
import { registerCommands } from './commands/index.js';
import { HELP_CONFIGURATION } from './commands/shared/help-format.js';
import { withAdvice } from './commands/shared/hints.js';

export const VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

/**
 * The program and its own options, accepted before or after the command: declared once, here. Their type (GlobalFlags)
 * and the options that take a value (so that a value is not taken for a command word) are read from this.
 */
function declareProgram() {
  return new Command('svc')
    .description('The command line for the Blockchain Data Service: transactions across EVM chains and address-activity webhooks')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .addOption(new Option('--base-url <url>', 'service base address (env SVC_BASE_URL; default http://127.0.0.1:4010, the emulator)'))
    .addOption(new Option('--profile <name>', 'profile of the config store (env SVC_PROFILE; default "default")'))
    .option('--json', "print the service's JSON exactly as returned (one document per page)")
    .option('--timeout <seconds>', 'per-request time limit (connect + headers + body)', '30')
    .option('--retries <n>', 'retries for retryable failures, 0-10 (0 disables)', '3')
    .option('-v, --verbose', 'one stderr line per HTTP exchange (the key is never shown)')
    .option('-q, --quiet', 'no spinner, progress or hints on stderr')
    .option('--no-color', 'no colour (also NO_COLOR; FORCE_COLOR forces it)');
}

export type GlobalFlags = FlagsOf<ReturnType<typeof declareProgram>>;

export function parseGlobals(raw: GlobalFlags): GlobalOptions {
  return {
    baseUrl: raw.baseUrl,
    profile: raw.profile,
    json: Boolean(raw.json),
    timeoutMs: Math.round(parseSeconds('--timeout', raw.timeout, 3600) * 1000),
    retries: parseInteger('--retries', raw.retries, 0, 10),
    verbose: Boolean(raw.verbose),
    quiet: Boolean(raw.quiet),
  };
}

/** The spellings of the program's options that take a value: `--profile x tx` names the command `tx`, not `x`. */
export function valueOptions(program: CommandUnknownOpts): ReadonlySet<string> {
  return new Set(
    program.options
      .filter((option) => option.required || option.optional)
      .flatMap((option) => [option.short, option.long])
      .filter((name): name is string => name !== undefined),
  );
}

/**
 * The commander tree; `action` runs a command's handler with its context. Also used to generate completions. With
 * `args` (the command line's arguments), the noun its first command word names is the only one loaded
 * (commands/index.ts).
 */
export async function buildProgram(action: Action, args?: readonly string[]) {
  const program = declareProgram()
    .showSuggestionAfterError(true)
    .configureHelp(HELP_CONFIGURATION)
    .addHelpText(
      'after',
      examples([
        ['run the local emulator in the background, then list its latest transactions', 'svc emulator start --detach\n  $ svc tx list'],
        ['failed transactions on the test network', 'svc tx list --network fuji --status failed'],
        ['store the API key (hidden prompt)', 'svc config set api-key'],
        [
          'watch an address on Fuji',
          'svc webhook create --url https://example.com/hook --chain-id 43113 --address 0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
        ],
      ]) +
        '\nEnvironment: SVC_API_KEY, SVC_API_KEY_HEADER, SVC_BASE_URL, SVC_CHAIN_ID, SVC_PROFILE, SVC_CONFIG_DIR, SVC_WEBHOOK_SECRET, NO_COLOR, FORCE_COLOR\n' +
        'Exit codes: 0 ok, 1 failure, 2 usage or 400, 3 not found, 4 auth, 5 rate limited, 6 network, 130 interrupted\n',
    );

  await registerCommands(program, action, args && commandWord(args, valueOptions(program)));
  addHelpCommands(program);
  return program;
}

/** Makes every command in the tree report usage errors through an exception instead of exiting. */
function configureErrors(command: CommandUnknownOpts, io: IO, path = command.name()): void {
  command.exitOverride((error) => {
    // As gh says it: which group the unknown command was looked up in.
    if (error.code === 'commander.unknownCommand')
      error.message = error.message.replace(/^(error: unknown command '[^']*')/, `$1 for '${path}'`);
    // The hint points at the help of the command that was being parsed, not at the whole program's.
    throw Object.assign(error, { commandPath: path });
  });
  command.configureOutput({
    writeOut: (text) => io.out.write(text),
    writeErr: (text) => io.err.write(text),
    // Help is wrapped to the one width the IO decided (a terminal reporting 0 columns gets COLUMNS or 80).
    getOutHelpWidth: () => (io.isStdoutTTY ? io.columns : 80),
    getErrHelpWidth: () => (io.isStderrTTY ? io.columns : 80),
    // Usage errors are printed by `main` in the contract's format; commander stays silent.
    outputError: () => {},
  });
  for (const sub of command.commands) configureErrors(sub, io, `${path} ${sub.name()}`);
}

/** The first command word of the arguments (past the global options and their values), if any before `--`. */
function commandWord(args: readonly string[], valueGlobals: ReadonlySet<string>): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') return undefined;
    if (!arg.startsWith('-')) return arg;
    if (valueGlobals.has(arg)) i++;
  }
  return undefined;
}

/**
 * `--version` (or `-V`) after a command word: the version is the program's flag, not a command's, so it is refused as
 * any unknown option is (as gh does), rather than printing the version in place of the command.
 */
function versionAfterCommand(args: readonly string[], valueGlobals: ReadonlySet<string>): string | undefined {
  let command: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') return undefined;
    if (!arg.startsWith('-')) {
      command ??= arg;
      continue;
    }
    if (command === undefined && valueGlobals.has(arg)) i++;
    else if (command !== undefined && (arg === '--version' || arg === '-V')) return arg;
  }
  return undefined;
}

/** What the IO object needs to know before the arguments are parsed (colour and quiet decide the spinner). */
export function ioFlags(argv: readonly string[]): { noColor: boolean; quiet: boolean } {
  return { noColor: argv.includes('--no-color'), quiet: argv.includes('-q') || argv.includes('--quiet') };
}

/** How long a command runs before the reader of its piped stdout is watched (see reader-watch.ts). */
const READER_WATCH_AFTER_MS = 500;

/** The error a write to a pipe without a reader fails with. */
function readerGone(): NodeJS.ErrnoException {
  return Object.assign(new Error('write EPIPE'), { code: 'EPIPE', errno: -32, syscall: 'write' });
}

/** The process entry (bin/svc.js): process streams, signals and a closed stdout, then the command line. */
export async function main(argv: string[]): Promise<number> {
  const io = await createProcessIO(ioFlags(argv));
  const interrupts = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    const exitCode = signal === 'SIGINT' ? ExitCode.interrupted : ExitCode.terminated;
    if (interrupts.signal.aborted) process.exit(exitCode); // a second Ctrl-C: no more waiting
    interrupts.abort(new InterruptedError(exitCode));
    // Whatever is still running gets a moment to clean up (spinner, sockets), then the process ends.
    setTimeout(() => process.exit(exitCode), 800).unref();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // stdout failed: the reader left (`svc ... | head -1`: quietly, 0) or the disk is full (1). Whatever is still
  // running (a request, a server) stops as on a signal, and the command says what became of it.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (interrupts.signal.aborted) return;
    const failure = new OutputError(error);
    interrupts.abort(failure);
    setTimeout(() => process.exit(failure.exitCode), 800).unref();
  });
  // The reader leaving between writes (`svc ... --follow | head -n 1`) ends the command as a failed write would, within
  // moments; a command done within half a second never watches.
  watchStdoutReader(() => process.stdout.destroy(readerGone()), READER_WATCH_AFTER_MS);
  // A write nobody waited for (a server printing as events come) fails with the same error: already handled above.
  process.on('unhandledRejection', (reason) => {
    if (!(reason instanceof OutputError)) throw reason;
  });
  return runCommandLine(argv, { io, interrupt: interrupts.signal });
}

/**
 * Parses `argv` (node, script, args...), runs the command with this IO and interrupt signal, and returns the exit
 * code: the whole CLI without the process, as tests run it in-process.
 */
export async function runCommandLine(argv: string[], { io, interrupt }: { io: IO; interrupt: AbortSignal }): Promise<number> {
  let globalsForErrors: Partial<GlobalOptions> = {
    json: argv.includes('--json'),
    verbose: argv.includes('-v') || argv.includes('--verbose'),
  };

  const action: Action =
    <Args extends unknown[], Flags extends OptionValues>(handler: Handler<Args, Flags>) =>
    async (...commanderArgs: [...Args, Flags, CommandUnknownOpts]) => {
      // commander passes the declared positional arguments, then the flags, then the command: typed by the
      // declaration (see Action), split here by position. The global flags are the program's, wherever given.
      const args = commanderArgs.slice(0, -2) as Args;
      const flags = commanderArgs[commanderArgs.length - 2] as Flags;
      const command = commanderArgs[commanderArgs.length - 1] as CommandUnknownOpts;
      const jq = typeof flags.jq === 'string' ? flags.jq : undefined;
      // --jq filters the command's JSON, so it asks for JSON; the expression is checked before anything is sent.
      const given = parseGlobals(program.opts());
      const globals = { ...given, ...(jq === undefined ? {} : { json: true }) };
      // The JSON error line is for --json given: a --jq error is one line, as jq's own errors are.
      globalsForErrors = given;
      const filtered = jq === undefined ? undefined : await (await import('./commands/shared/jq-output.js')).jqOutput(jq, io);
      const { context, close } = createContext({
        io: filtered?.io ?? io,
        globals,
        interrupt,
        version: VERSION,
        commandLine: givenCommandLine(command),
      });
      try {
        await handler({ args, flags }, context);
        await filtered?.end();
      } catch (error) {
        throw withAdvice(error);
      } finally {
        await close();
      }
    };

  watchOutput(io.out);
  const program = await buildProgram(action, argv.slice(2));
  configureErrors(program, io);
  let exitCode: number;
  try {
    const version = versionAfterCommand(argv.slice(2), valueOptions(program));
    if (version) throw new UsageError(`unknown option '${version}'`, "the version is the program's: svc --version");
    if (argv.length <= 2) program.outputHelp();
    else await program.parseAsync(argv);
    exitCode = ExitCode.ok;
  } catch (error) {
    exitCode = report(error, io, globalsForErrors);
  }
  if (exitCode !== ExitCode.ok) return exitCode;
  // Success means the output arrived: help, a version or a table that went into a full disk is a failure too.
  try {
    await flushOutput(io.out);
    return exitCode;
  } catch (error) {
    return report(error, io, globalsForErrors);
  }
}

const STACK_LINES = 40;

function report(error: unknown, io: IO, globals: Partial<GlobalOptions>): number {
  if (error instanceof CommanderError) {
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.exitCode === 0) return ExitCode.ok;
    if (error.code === 'commander.help') return ExitCode.usage; // a command group without a subcommand: help went to stderr
    return report(
      commanderUsageError(error.message, (error as CommanderError & { commandPath?: string }).commandPath ?? 'svc'),
      io,
      globals,
    );
  }
  // Messages, reasons and hints quote the service, files and the command line (a token, a line, an address): each
  // is one line, without escape sequences, and at most a few KB, whatever came in.
  if (error instanceof InterruptedError) {
    if (error.hint) io.warn(`svc: ${quotedText(error.hint)}`);
    return error.exitCode;
  }
  // The reader of stdout left: nobody is there to tell.
  if (error instanceof OutputError && error.exitCode === ExitCode.ok) return ExitCode.ok;
  if (error instanceof SvcError) {
    const message = quotedText(error.message);
    const reason = error.reason === undefined ? undefined : quotedText(error.reason);
    const status = error.statusCode === undefined ? '' : ` (${error.statusCode}${reason ? ' ' + reason : ''})`;
    // Messages and hints are fitted to a terminal (io.warn); the --json line below stays one line for programs.
    io.warn(`svc: ${message}${status}`);
    if (error.hint) io.warn(quotedText(error.hint));
    if (globals.json) {
      io.err.write(JSON.stringify({ message, statusCode: error.statusCode ?? null, error: reason ?? null }) + '\n');
    }
    return error.exitCode;
  }
  const unexpected = error as Error;
  io.warn(`svc: unexpected error: ${quotedText(unexpected?.message ?? String(error))}`);
  if (globals.verbose && unexpected?.stack) {
    // The message part of a stack may have any number of lines; forty show every frame node keeps.
    io.err.write(
      `${unexpected.stack
        .split('\n')
        .slice(0, STACK_LINES)
        .map((line) => quotedText(line))
        .join('\n')}\n`,
    );
  } else io.warn('run again with --verbose for details');
  return ExitCode.failure;
}

/** commander's "error: unknown option '--x'\n(Did you mean --y?)" as one line and a hint. */
function commanderUsageError(message: string, commandPath: string): UsageError {
  const [first = '', ...rest] = message
    .replace(/^error: /, '')
    // `--api-key=<key>` (as other CLIs take it): name the unknown option, never repeat its value.
    .replace(/^(unknown option '[^'=]*)=[^']*'/, "$1=…'")
    .split('\n');
  const suggestion = rest.join(' ').trim();
  return new UsageError(first.trim(), suggestion ? suggestion.replace(/^\((.*)\)$/, '$1') : `see: ${commandPath} --help`);
}
