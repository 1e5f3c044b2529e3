// Prints one webhook answer in the mode the context asks for; shared by the commands that answer with a webhook.
import type { Fetched } from '../../api/client.js';
import type { CommandContext } from '../../context.js';
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
