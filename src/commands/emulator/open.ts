// `svc emulator open`: the running emulator's inspector page in the browser; its URL on stdout where none can be
// opened (a machine without a display, a session over ssh) or when asked (--no-browser).
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import type { Action, FlagsOf } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import { emulatorAdvice } from './running.js';

export interface EmulatorOpenOptions {
  /** Open a browser; else only print the URL. */
  browser: boolean;
}

/** The command and its flags, declared once: EmulatorOpenFlags is read from here. */
function declareCommand(emulator: Command) {
  return emulator
    .command('open')
    .description("Open the emulator's inspector page in the browser: deliveries live, webhooks, trigger, transactions")
    .option('--no-browser', 'print the URL instead of opening it');
}

export type EmulatorOpenFlags = FlagsOf<ReturnType<typeof declareCommand>>;

export function register(emulator: Command, action: Action): void {
  declareCommand(emulator)
    .addHelpText(
      'after',
      examples([
        ['the inspector of the emulator you run', 'svc emulator open'],
        ['its URL, for another browser or a test', 'svc emulator open --no-browser'],
        ['with a browser of your choosing (%s stands for the URL)', 'BROWSER="firefox --new-window %s" svc emulator open'],
      ]) +
        '\nThe browser is $BROWSER when set, else the system\u2019s (xdg-open, open, the Windows shell). Where none can be\n' +
        'opened (no display, an opener that fails) the URL is printed on stdout instead, and stderr says why.\n',
    )
    .action(action(({ flags }, context) => run(parseEmulatorOpenOptions(flags), context)));
}

export function parseEmulatorOpenOptions(flags: EmulatorOpenFlags): EmulatorOpenOptions {
  return { browser: flags.browser !== false };
}

export async function run(options: EmulatorOpenOptions, context: CommandContext): Promise<void> {
  const { io } = context;
  const client = await context.emulatorControl();
  const status = await client.status().catch(async (error: unknown) => {
    throw await emulatorAdvice(error, io.env);
  });
  const where = client.urlOf('');
  if (status.inspectorPath === undefined) {
    throw new NotFoundError(`the emulator at ${where} has no inspector page: it is older than this svc`, 'restart it with this svc');
  }
  if (status.inspectorPath === null) {
    throw new NotFoundError(
      `the emulator at ${where} serves no inspector page`,
      'it was started with --no-inspector, or with a --host beyond loopback: start it with --inspector to serve it',
    );
  }
  const url = client.urlOf(status.inspectorPath);
  if (options.browser) {
    const { openInBrowser } = await import('./browser.js');
    const failure = await openInBrowser(url, io.env);
    if (failure === undefined) {
      if (!io.quiet) io.warn(`Opened ${url} in your browser`);
      return;
    }
    if (!io.quiet) io.warn(`svc: cannot open a browser: ${failure}; open the URL yourself`);
  }
  await io.write(`${url}\n`);
}
