// `svc emulator reset`: POST /_emulator/reset: the emulator forgets its webhooks, messages, injected transactions and
// the secrets it made, as if started anew (its generated history stays). Asks first on a terminal, --yes elsewhere.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import type { IO } from '../../io.js';
import type { Action } from '../shared/action.js';
import { checkConfirmation, confirmOrCancel } from '../shared/confirm.js';
import { examples } from '../shared/help-text.js';
import { emulatorAdvice } from './running.js';

export interface EmulatorResetOptions {
  confirmed: boolean;
}

export function register(emulator: Command, action: Action): void {
  emulator
    .command('reset')
    .description("Forget the emulator's webhooks, messages, injected transactions and secrets, as if it started anew")
    .option('-y, --yes', 'do not ask for confirmation (required when not at a terminal)')
    .addHelpText(
      'after',
      examples([
        [
          'in CI: one emulator for the job, emptied before each suite',
          'eval "$(svc emulator start --detach)"\n  $ svc emulator reset --yes\n  $ svc emulator stop',
        ],
      ]) +
        '\nIts generated transactions and blocks stay: they come from its seed. With a --data-dir, what it forgets is\n' +
        'forgotten on disk too. Block numbers and nonces go on after the forgotten ones: none is made again.\n',
    )
    .action(action(({ flags }, context) => run(parseEmulatorResetOptions(flags, context.io), context)));
}

export function parseEmulatorResetOptions(flags: { yes?: boolean }, io: IO): EmulatorResetOptions {
  return checkConfirmation(io, flags.yes, 'refusing to reset the emulator without confirmation');
}

export async function run(options: EmulatorResetOptions, context: CommandContext): Promise<void> {
  const { io } = context;
  const client = await context.emulatorControl();
  if (!options.confirmed) {
    await confirmOrCancel(
      io,
      `Reset the emulator at ${client.baseUrl}? Its webhooks, messages and injected transactions are forgotten.`,
      'the emulator was not reset',
    );
  }
  try {
    await client.reset();
  } catch (error) {
    throw await emulatorAdvice(error, io.env);
  }
  if (context.globals.json) await io.write('{"reset":true}\n');
  if (!io.quiet) io.warn(`Reset the emulator at ${client.baseUrl}: no webhooks, messages or injected transactions remain`);
}
