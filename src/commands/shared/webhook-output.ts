// Prints one webhook answer in the mode the context asks for; shared by the commands that answer with a webhook.
// Also the one place that prints the answer to a change the service has already made.
import type { Fetched } from '../../api/client.js';
import type { CommandContext } from '../../context.js';
import { OutputError, UnshownChangeError } from '../../errors.js';
import { flushOutput } from '../../io.js';
import { asReturned } from '../../render/json.js';
import { webhookDetails, webhookTsv } from '../../render/webhooks.js';
import type { ShownWebhook } from '../../schema/index.js';

export async function printWebhook(fetched: Fetched<ShownWebhook>, context: CommandContext): Promise<void> {
  const { io } = context;
  if (context.globals.json) {
    await io.write(asReturned(fetched.raw));
  } else if (io.isStdoutTTY) {
    await io.write(webhookDetails(fetched.data, { width: io.columns, color: io.colorEnabled }));
  } else {
    await io.write(webhookTsv(fetched.data));
  }
}

/** What a command changed on the service, in the words its error uses if the answer cannot be shown. */
export interface AcceptedChange {
  /** What was changed, naming it: "webhook 3f2c… was created". */
  done: string;
  /** The same, said first to a person at a terminal before the answer is shown: "Created webhook 3f2c…". */
  headline: string;
  /** Why not to run the command again: "running it again would create a second webhook". */
  notAgain: string;
}

/**
 * Prints the answer to a change the service accepted, and waits until it reached stdout. A failed stdout (a full
 * disk, a reader that left) must not read like a failed change, or the user would make it again: the error names
 * what was changed and says not to repeat the command.
 */
export async function printAcceptedChange(change: AcceptedChange, context: CommandContext, print: () => Promise<void>): Promise<void> {
  const { io, globals } = context;
  // Every write says what it did, in one wording, before the card a terminal shows (stderr: stdout holds the data).
  if (io.isStdoutTTY && !globals.json && !io.quiet) io.warn(change.headline);
  try {
    await print();
    await flushOutput(context.io.out);
  } catch (error) {
    if (error instanceof OutputError) throw new UnshownChangeError(change.done, error, change.notAgain);
    throw error;
  }
}
