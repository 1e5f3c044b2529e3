// `svc webhook listen`: a local receiver for notifications, for developing a webhook consumer.
import type { Command } from '@commander-js/extra-typings';
import { endAsInterrupted, untilInterrupted } from '../../context.js';
import type { CommandContext } from '../../context.js';
import { LocalError, UsageError } from '../../errors.js';
import { parseInteger } from '../../options.js';
import { displayUrl, isLoopbackHost } from '../../settings/resolve.js';
import type { Action, FlagsOf } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import { quotedText } from '../../render/text.js';
import { parseSecretSource } from '../shared/webhook-secret.js';
import type { SecretSource } from '../shared/webhook-secret.js';
import type { SignatureCheck } from '../../receiver/index.js';
import { jqOption } from '../shared/jq-option.js';

export interface WebhookListenOptions {
  port: number;
  host: string;
  path?: string;
  forwardTo?: string;
  /** With --verify: where the shared secret comes from. */
  verify?: SecretSource;
}

/** The command and its flags, declared once: WebhookListenFlags is read from here. */
function declareCommand(webhook: Command) {
  return webhook
    .command('listen')
    .description('Receive notifications locally and show each one (duplicates flagged by messageId)')
    .option('--port <n>', 'port to listen on; 0 picks a free one', '4020')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--path <url-path>', 'accept notifications only at this URL path, e.g. /hooks (default: any path)')
    .option('--forward-to <url>', 'relay each message to this URL and show its status (the sender gets that outcome)')
    .option('--verify', 'check each signature: answer 401 to a missing or wrong one, and neither show nor forward that message')
    .option(
      '--secret-file <path>',
      'with --verify: read the shared secret from this file (default: SVC_WEBHOOK_SECRET, else ask the service)',
    )
    .addOption(jqOption());
}

export type WebhookListenFlags = FlagsOf<ReturnType<typeof declareCommand>>;

export function register(webhook: Command, action: Action): void {
  declareCommand(webhook)
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
        ['reject forged messages, as your receiver must (secret from the service)', 'svc webhook listen --verify'],
        ['the same offline, with the secret in a file', 'svc webhook listen --verify --secret-file webhook-secret'],
      ]) +
        '\nWith --verify the secret comes from --secret-file, else SVC_WEBHOOK_SECRET, else the service (read once at start;\n' +
        'after a mismatch it is read from the service again, at most every 10 seconds, so a rotation is picked up).\n',
    )
    .action(action(({ flags }, context) => run(parseWebhookListenOptions(flags, context.io.env), context)));
}

export function parseWebhookListenOptions(flags: WebhookListenFlags, env: NodeJS.ProcessEnv = {}): WebhookListenOptions {
  if (flags.path !== undefined && (!flags.path.startsWith('/') || /[\s?#\p{Cc}]/u.test(flags.path))) {
    throw new UsageError(`--path "${flags.path}": must start with "/" and hold no spaces, "?" or "#"`);
  }
  if (flags.secretFile !== undefined && !flags.verify) throw new UsageError('--secret-file is used with --verify: add --verify');
  return {
    port: parseInteger('--port', flags.port, 0, 65535),
    host: flags.host,
    path: flags.path,
    forwardTo: flags.forwardTo === undefined ? undefined : parseForwardTo(flags.forwardTo),
    verify: flags.verify ? parseSecretSource(flags.secretFile, env) : undefined,
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
    import('../../receiver/index.js'),
    import('../../render/notifications.js'),
    import('../../render/json.js'),
  ]);
  // The secret is read before the port is opened: a receiver that cannot verify must not look ready.
  const verifier = options.verify ? await startVerifier(options.verify, context) : undefined;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  try {
    receiver = await startReceiver({
      ...options,
      checkSignature: verifier,
      onEvent(event) {
        if (event.kind === 'malformed') {
          const what = event.status === 413 ? 'notification too large' : 'malformed notification';
          io.warn(`svc: ${what} answered ${event.status}: ${quotedText(event.reason)}`);
          return;
        }
        if (event.kind === 'unverified') {
          // Which webhook and who sent it: a forged message, or a sender signing with another key's secret.
          const which = event.messageId === undefined ? 'a message' : `message ${quotedText(event.messageId)}`;
          const webhook = event.webhookId === undefined ? '' : ` of webhook ${quotedText(event.webhookId)}`;
          const agent = event.sender.userAgent === undefined ? '' : ` by ${JSON.stringify(quotedText(event.sender.userAgent, 80))}`;
          io.warn(
            `svc: rejected ${which}${webhook}, sent from ${quotedText(event.sender.address)}${agent} (answered 401): invalid signature: ${event.reason}`,
          );
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
          void io.write(notificationLine(event, io.colorEnabled, io.columns));
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
  endAsInterrupted(context.interrupt);
}

/** After a mismatch, the secret is asked for again at most this often: forged messages cannot make listen flood the service. */
const SECRET_REFRESH_INTERVAL_MS = 10_000;

/**
 * Checks signatures with the secret read once at start. A secret from the service may be rotated while listen runs:
 * on a mismatch it is fetched again (one fetch for every message that is waiting, at most every 10 s) and the
 * message checked once more with the new one. A secret from a file or the environment is the user's to change.
 */
async function startVerifier(
  source: SecretSource,
  context: CommandContext,
): Promise<(body: string, signature: string | undefined) => Promise<SignatureCheck>> {
  const [{ fetchSecret, loadSecret }, { verifyBody }] = await Promise.all([
    import('../shared/webhook-secret.js'),
    import('../../signature/index.js'),
  ]);
  let secret = await loadSecret(source, context);
  const origin = await secretOrigin(source, context);
  if (!context.io.quiet) context.io.warn(`svc: verifying signatures with the shared secret ${origin}`);
  let mismatchHinted = false;
  /** Once: a wrong secret is most often another key's (another profile, another SVC_API_KEY) than the webhook's. */
  const hintOnce = (verdict: SignatureCheck): SignatureCheck => {
    if (!verdict.valid && !mismatchHinted && !context.io.quiet) {
      mismatchHinted = true;
      context.io.warn(
        `hint: a message whose signature does not match may be signed with another key's secret: this one is ${origin}; the webhook's key, profile or base URL may differ`,
      );
    }
    return verdict;
  };
  let refreshing: Promise<void> | undefined;
  // The first mismatch may fetch at once: a rotation right after start is the common case.
  let lastRefresh = -Infinity;
  const refresh = (): Promise<void> =>
    (refreshing ??= (async () => {
      lastRefresh = Date.now();
      try {
        const fresh = await fetchSecret(context);
        if (fresh !== secret) context.io.warn('svc: the shared secret was rotated on the service: checking with the new one');
        secret = fresh;
      } catch (error) {
        // The old secret stays in use; the sender retries, and the next mismatch tries again.
        if (!context.interrupt.aborted)
          context.io.warn(`svc: could not fetch the shared secret again: ${quotedText((error as Error).message)}`);
      } finally {
        refreshing = undefined;
      }
    })());
  return async (body, signature) => {
    const verdict = verifyBody(secret, body, signature);
    if (verdict.valid || signature === undefined || signature.trim() === '') return verdict;
    if (source.kind !== 'service') return hintOnce(verdict);
    const used = secret;
    if (refreshing) await refreshing;
    else if (Date.now() - lastRefresh >= SECRET_REFRESH_INTERVAL_MS) await refresh();
    return hintOnce(secret === used ? verdict : verifyBody(secret, body, signature));
  };
}

/** Where the secret came from, said at start: a file, the environment, or the service at a URL for a key (masked). */
async function secretOrigin(source: SecretSource, context: CommandContext): Promise<string> {
  if (source.kind === 'file') return `from the file ${quotedText(source.path)}`;
  if (source.kind === 'env') return 'from SVC_WEBHOOK_SECRET';
  const { resolveSettings, displayUrl, maskKey } = await import('../../settings/resolve.js');
  const settings = resolveSettings({ profile: context.globals.profile, baseUrl: context.globals.baseUrl }, context.io.env);
  const key = settings.apiKey ? maskKey(settings.apiKey.value) : '(none)';
  return `of the key ${key} (${settings.apiKey?.source === 'env' ? 'SVC_API_KEY' : `profile "${settings.profile.value}"`}) at ${displayUrl(settings.baseUrl.value)}`;
}
