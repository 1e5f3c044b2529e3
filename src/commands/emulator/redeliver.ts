// `svc emulator redeliver <messageId>`: POST /_emulator/deliveries/{messageId}/redeliver: the message once more, now.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import { ApiError, ExitCode, SvcError, UsageError } from '../../errors.js';
import { parseHttpUrl } from '../../options.js';
import type { Action, FlagsOf } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import { messageAdvice } from './deliveries/message-advice.js';
import { jqOption } from '../shared/jq-option.js';

export interface EmulatorRedeliverOptions {
  messageId: string;
  /** This attempt goes here instead of the webhook's url; the webhook is not changed. */
  to?: string;
}

/** The receiver answered, or failed to, with something other than 2xx: exit 1, after the outcome was printed. */
export class ReceiverRefusedError extends SvcError {
  readonly exitCode = ExitCode.failure;
}

/** The command and its flags, declared once: EmulatorRedeliverFlags is read from here. */
function declareCommand(emulator: Command) {
  return emulator
    .command('redeliver')
    .description('Send a message again now: same messageId and body, signed with the current secret, recorded as a further attempt')
    .argument('<messageId>', 'the message id (from svc emulator deliveries)')
    .option('--to <url>', "send this one attempt to another URL (a local handler); the webhook's url stays")
    .addOption(jqOption());
}

export type EmulatorRedeliverFlags = FlagsOf<ReturnType<typeof declareCommand>>;

export function register(emulator: Command, action: Action): void {
  declareCommand(emulator)
    .addHelpText(
      'after',
      examples([
        ['after fixing the handler, send the failed message again', 'svc emulator redeliver "$MESSAGE_ID"'],
        ['try it on a handler running elsewhere', 'svc emulator redeliver "$MESSAGE_ID" --to http://127.0.0.1:3000/hooks'],
        [
          'send every failed message of a webhook again',
          'svc emulator deliveries --webhook "$WEBHOOK_ID" --state failed --all | cut -f2 | xargs -r -n1 svc emulator redeliver',
        ],
      ]),
    )
    .action(action(({ args: [messageId], flags }, context) => run(parseEmulatorRedeliverOptions(messageId, flags), context)));
}

export function parseEmulatorRedeliverOptions(messageId: string, flags: EmulatorRedeliverFlags): EmulatorRedeliverOptions {
  return { messageId, to: flags.to === undefined ? undefined : parseHttpUrl('--to', flags.to) };
}

export async function run(options: EmulatorRedeliverOptions, context: CommandContext): Promise<void> {
  const { io, globals } = context;
  const client = await context.emulatorControl();
  const redelivered = await client.redeliver(options.messageId, options.to).catch(async (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) {
      // The emulator names the webhook; the way out is the CLI's.
      const webhookId = /webhook (\S+)/.exec(error.message)?.[1];
      throw new UsageError(
        `cannot redeliver message ${options.messageId}: ${error.message}`,
        webhookId
          ? `svc webhook activate ${webhookId}, then redeliver`
          : 'activate its webhook (svc webhook activate <id>), then redeliver',
      );
    }
    // The client says what to check; the command that shows them is the CLI's.
    if (error instanceof SvcError && error.outcomeUnknown) error.hint = `${error.hint}: svc emulator deliveries show ${options.messageId}`;
    throw await messageAdvice(error, options.messageId, io.env);
  });
  const { attempt } = redelivered.data;
  if (globals.json) {
    const { asReturned } = await import('../../render/json.js');
    await io.write(asReturned(redelivered.raw));
  } else if (io.isStdoutTTY) {
    const { attemptDetails } = await import('../../render/deliveries.js');
    await io.write(attemptDetails(attempt));
  } else {
    const { attemptTsv } = await import('../../render/deliveries.js');
    await io.write(attemptTsv(redelivered.data));
  }
  if (attempt.status === null || attempt.status < 200 || attempt.status >= 300) {
    const { attemptOutcome } = await import('../../render/deliveries.js');
    throw new ReceiverRefusedError(
      `the receiver did not answer 2xx: ${attemptOutcome(attempt)}`,
      `svc emulator deliveries show ${options.messageId} shows every attempt and answer`,
    );
  }
}
