// `svc webhook listen`: a local receiver for notifications, for developing a webhook consumer.
import type { Command } from 'commander';
import { untilInterrupted } from '../context.js';
import type { CommandContext } from '../context.js';
import { LocalError, UsageError } from '../errors.js';
import { parseInteger } from '../options.js';
import { displayUrl, isLoopbackHost } from '../settings/resolve.js';
import type { Action } from './shared/action.js';
import { examples } from './shared/help-text.js';
import { quotedText } from '../render/text.js';

export interface WebhookListenFlags {
  port: string;
  host: string;
  path?: string;
  forwardTo?: string;
}

export interface WebhookListenOptions {
  port: number;
  host: string;
  path?: string;
  forwardTo?: string;
}

export function register(webhook: Command, action: Action): void {
  webhook
    .command('listen')
    .description('Receive notifications locally and show each one (duplicates flagged by messageId)')
    .option('--port <n>', 'port to listen on; 0 picks a free one', '4020')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--path <path>', 'accept notifications only at this path (default: any path)')
    .option('--forward-to <url>', 'relay each message to this URL and show its status (the sender gets that outcome)')
    .addHelpText(
      'after',
      examples([
        ['show notifications as they arrive', 'svc webhook listen'],
        [
          'point a webhook at it',
          'svc webhook create --url http://127.0.0.1:4020/ --chain-id 43113 --address 0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
        ],
        [
          'relay to your app and keep a JSON log',
          'svc webhook listen --forward-to http://localhost:3000/hooks --json | tee messages.jsonl',
        ],
      ]),
    )
    .action(action<[], WebhookListenFlags>(({ flags }, context) => run(parseWebhookListenOptions(flags), context)));
}

export function parseWebhookListenOptions(flags: WebhookListenFlags): WebhookListenOptions {
  if (flags.path !== undefined && (!flags.path.startsWith('/') || /[\s?#\p{Cc}]/u.test(flags.path))) {
    throw new UsageError(`--path "${flags.path}": must start with "/" and hold no spaces, "?" or "#"`);
  }
  return {
    port: parseInteger('--port', flags.port, 0, 65535),
    host: flags.host,
    path: flags.path,
    forwardTo: flags.forwardTo === undefined ? undefined : parseForwardTo(flags.forwardTo),
  };
}

/**
 * A user:password in --forward-to is sent as Basic auth, as curl and browsers do with such a URL: a consumer behind
 * a password is common, and refusing would leave no way to reach it. It is never printed, and not sent in clear
 * over the network: plain http only to this machine.
 */
function parseForwardTo(text: string): string {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || /[\s\p{Cc}]/u.test(text)) {
    throw new UsageError(`--forward-to ${JSON.stringify(displayUrl(text))}: must be an absolute http:// or https:// URL`);
  }
  if ((url.username || url.password) && url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new UsageError(
      `--forward-to ${JSON.stringify(displayUrl(text))}: refusing to send its password over plain http to ${url.host}: anyone on the way could read it`,
      'use https://, or a consumer on this machine (127.0.0.1, localhost)',
    );
  }
  return text;
}

export async function run(options: WebhookListenOptions, context: CommandContext): Promise<void> {
  const { io, globals } = context;
  const [{ startReceiver }, { notificationLine, notificationTsv }, { asOneLine }] = await Promise.all([
    import('../receiver/index.js'),
    import('../render/notifications.js'),
    import('../render/json.js'),
  ]);
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  try {
    receiver = await startReceiver({
      ...options,
      onEvent(event) {
        if (event.kind === 'malformed') {
          io.warn(`svc: malformed notification answered 400: ${quotedText(event.reason)}`);
          return;
        }
        if (event.kind === 'rejected') {
          io.warn(`svc: ${quotedText(event.method)} ${quotedText(event.path)} answered ${event.status}`);
          return;
        }
        // How the --forward-to endpoint answered: stdout carries only the message, so it goes to stderr.
        const forwarded = event.forward
          ? `forwarded: ${event.forward.status !== undefined ? event.forward.status : `failed (${event.forward.error})`}`
          : undefined;
        if (io.isStdoutTTY && !globals.json) {
          void io.write(notificationLine(event, io.colorEnabled));
        } else if (event.duplicate) {
          io.warn(`svc: duplicate message ${quotedText(event.message.messageId)} (not printed again)${forwarded ? `; ${forwarded}` : ''}`);
        } else {
          void io.write(globals.json ? asOneLine(Buffer.from(event.body)) : notificationTsv(event));
          // The TSV row has a column for it; a JSON line is the message as received, nothing added.
          if (globals.json && forwarded) io.warn(`svc: message ${quotedText(event.message.messageId)} ${forwarded}`);
        }
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new LocalError(`port ${options.port} on ${options.host} is in use`, 'choose another with --port (0 picks a free one)');
    }
    throw error;
  }
  io.warn(
    `Ready: notifications to ${receiver.url}${options.forwardTo ? ` are relayed to ${displayUrl(options.forwardTo)}` : ''} (Ctrl-C to stop)`,
  );
  await untilInterrupted(context.interrupt);
  await receiver.close();
}
