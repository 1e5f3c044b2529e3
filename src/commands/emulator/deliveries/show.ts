// `svc emulator deliveries show <messageId>`: GET /_emulator/deliveries/{messageId}: the message and each attempt.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../../context.js';
import type { Action, FlagsOf } from '../../shared/action.js';
import { examples } from '../../shared/help-text.js';
import { messageAdvice } from './message-advice.js';
import { jqOption } from '../../shared/jq-option.js';

export interface EmulatorDeliveriesShowOptions {
  messageId: string;
  /** Print the exact bytes sent instead of the message and its attempts. */
  body: boolean;
}

/** The command and its flags, declared once: EmulatorDeliveriesShowFlags is read from here. */
function declareCommand(deliveries: Command) {
  return deliveries
    .command('show')
    .description('One message of the emulator and each attempt: when, how long, headers sent, the answer or the network error')
    .argument('<messageId>', 'the message id (from svc emulator deliveries, or the trigger that caused it)')
    .option('--body', 'print the exact bytes that were sent, nothing else')
    .addOption(jqOption());
}

export type EmulatorDeliveriesShowFlags = FlagsOf<ReturnType<typeof declareCommand>>;

export function register(deliveries: Command, action: Action): void {
  declareCommand(deliveries)
    .addHelpText(
      'after',
      examples([
        ['why did it fail?', 'svc emulator deliveries show "$MESSAGE_ID"'],
        [
          'replay it by hand to a local handler',
          'svc emulator deliveries show "$MESSAGE_ID" --body | curl --data-binary @- -H "content-type: application/json" http://127.0.0.1:3000/hooks',
        ],
        ['the status of each attempt', 'svc emulator deliveries show "$MESSAGE_ID" --json | jq \'.attempts[].status\''],
      ]),
    )
    .action(action(({ args: [messageId], flags }, context) => run({ messageId, body: Boolean(flags.body) }, context)));
}

export async function run(options: EmulatorDeliveriesShowOptions, context: CommandContext): Promise<void> {
  const { io, globals } = context;
  const client = await context.emulatorControl();
  const fetched = await client.getDelivery(options.messageId).catch(async (error: unknown) => {
    throw await messageAdvice(error, options.messageId, io.env);
  });
  if (options.body) {
    // The body as it went out, byte for byte: `| curl --data-binary @-` sends the same bytes, so the signature holds.
    await io.write(Buffer.from(fetched.data.body, 'utf8'));
  } else if (globals.json) {
    const { asReturned } = await import('../../../render/json.js');
    await io.write(asReturned(fetched.raw));
  } else if (io.isStdoutTTY) {
    const { deliveryDetails } = await import('../../../render/deliveries.js');
    await io.write(deliveryDetails(fetched.data, { width: io.columns, color: io.colorEnabled }));
  } else {
    // Piped: one row per attempt, in order, as `deliveries --follow` prints them (each names its message and state).
    const { attemptTsv } = await import('../../../render/deliveries.js');
    let rows = '';
    for (const attempt of fetched.data.attempts) rows += attemptTsv({ attempt, delivery: fetched.data.delivery });
    await io.write(rows);
  }
}
