// `svc emulator deliveries recover <webhookId> --since <when>`: POST /_emulator/webhooks/{webhookId}/recover: every
// failed message of the webhook made since then, sent again, oldest first, to its url as it is now.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../../context.js';
import { ApiError, UsageError } from '../../../errors.js';
import { checkWebhookId } from '../../../options.js';
import type { Action, FlagsOf } from '../../shared/action.js';
import { examples } from '../../shared/help-text.js';
import { jqOption } from '../../shared/jq-option.js';
import { emulatorAdvice } from '../running.js';
import { parseSince } from './list.js';

export interface EmulatorDeliveriesRecoverOptions {
  webhookId: string;
  /** ISO 8601: failed messages made at this time or later are sent again. */
  since: string;
}

/** The command and its flags, declared once: EmulatorDeliveriesRecoverFlags is read from here. */
function declareCommand(deliveries: Command) {
  return deliveries
    .command('recover')
    .description("Send a webhook's failed messages again, oldest first, each once, to its url as it is now (the attempts follow)")
    .argument('<webhookId>', 'the webhook whose failed messages to send again')
    .option('--since <when>', 'failed messages made since then: a duration back from now (10m, 2h, 1d) or an ISO 8601 time (required)')
    .addOption(jqOption());
}

export type EmulatorDeliveriesRecoverFlags = FlagsOf<ReturnType<typeof declareCommand>>;

export function register(deliveries: Command, action: Action): void {
  declareCommand(deliveries)
    .addHelpText(
      'after',
      examples([
        ["after fixing the handler, send the last hour's failures again", 'svc emulator deliveries recover "$WEBHOOK_ID" --since 1h'],
        ['then watch them arrive', 'svc emulator deliveries --follow --webhook "$WEBHOOK_ID"'],
      ]),
    )
    .action(action(({ args: [webhookId], flags }, context) => run(parseEmulatorDeliveriesRecoverOptions(webhookId, flags), context)));
}

export function parseEmulatorDeliveriesRecoverOptions(
  webhookId: string,
  flags: EmulatorDeliveriesRecoverFlags,
): EmulatorDeliveriesRecoverOptions {
  if (flags.since === undefined) throw new UsageError('--since: required, e.g. --since 1h or --since 2026-01-31T12:00:00Z');
  return { webhookId: checkWebhookId(webhookId), since: parseSince(flags.since) };
}

export async function run(options: EmulatorDeliveriesRecoverOptions, context: CommandContext): Promise<void> {
  const { io, globals } = context;
  const client = await context.emulatorControl();
  const recovered = await client.recover(options.webhookId, options.since).catch(async (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) {
      throw new UsageError(
        `cannot recover the messages of webhook ${options.webhookId}: ${error.message}`,
        `svc webhook activate ${options.webhookId}, then recover`,
      );
    }
    throw await emulatorAdvice(error, io.env);
  });
  const { messageIds } = recovered.data;
  if (globals.json) {
    const { asReturned } = await import('../../../render/json.js');
    await io.write(asReturned(recovered.raw));
    return;
  }
  // The ids, one a line, for a script; what happened in words on stderr, as `emulator reset` tells it.
  if (messageIds.length > 0) await io.write(messageIds.map((id) => `${id}\n`).join(''));
  if (io.quiet) return;
  const { countOf } = await import('../../../render/count.js');
  io.warn(
    messageIds.length === 0
      ? `No failed message of webhook ${options.webhookId} made since ${options.since} to send again`
      : `Sending ${countOf(messageIds.length, 'failed message', io.isStderrTTY)} of webhook ${options.webhookId} again, oldest first; ` +
          `their attempts: svc emulator deliveries --follow --webhook ${options.webhookId}`,
  );
}
