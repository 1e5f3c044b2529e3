// `svc webhook verify --signature <base64>`: checks a notification body on stdin against its x-signature, offline
// when the secret comes from SVC_WEBHOOK_SECRET or --secret-file.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import { ExitCode, SvcError, UsageError } from '../../errors.js';
import { readStreamBytes } from '../../io.js';
import type { IO } from '../../io.js';
import { MAX_NOTIFICATION_BYTES } from '../../schema/rules.js';
import type { Action, FlagsOf } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import { loadSecret, parseSecretSource } from '../shared/webhook-secret.js';
import type { SecretSource } from '../shared/webhook-secret.js';

export interface WebhookVerifyOptions {
  signature: string;
  secret: SecretSource;
}

/** The body does not carry the signature given: exit 1, saying why. */
export class InvalidSignatureError extends SvcError {
  readonly exitCode = ExitCode.failure;
  constructor(reason: string) {
    super(`invalid signature: ${reason}`);
  }
}

/** The command and its flags, declared once: WebhookVerifyFlags is read from here. */
function declareCommand(webhook: Command) {
  return webhook
    .command('verify')
    .description('Check a notification body (on stdin) against its x-signature: prints "valid", or says why not and exits 1')
    .option('--signature <base64>', 'the value of the x-signature header the body came with (required)')
    .option('--secret-file <path>', 'read the shared secret from this file (default: SVC_WEBHOOK_SECRET, else ask the service)');
}

export type WebhookVerifyFlags = FlagsOf<ReturnType<typeof declareCommand>>;

export function register(webhook: Command, action: Action): void {
  declareCommand(webhook)
    .addHelpText(
      'after',
      examples([
        [
          'offline, with the secret in the environment',
          'SVC_WEBHOOK_SECRET=$(cat webhook-secret) svc webhook verify --signature "$SIG" < body.json',
        ],
        ['with the secret in a file', 'svc webhook verify --signature "$SIG" --secret-file webhook-secret < body.json'],
        ['ask the service for the secret (needs the API key)', 'svc webhook verify --signature "$SIG" < body.json'],
      ]) +
        '\nThe secret comes from --secret-file, else SVC_WEBHOOK_SECRET, else the service; no flag takes the secret itself.\n' +
        'Exit codes: 0 valid, 1 invalid (the reason on stderr), 2 usage.\n',
    )
    .action(action(({ flags }, context) => run(parseWebhookVerifyOptions(flags, context.io), context)));
}

export function parseWebhookVerifyOptions(flags: WebhookVerifyFlags, io: IO): WebhookVerifyOptions {
  if (flags.signature === undefined || flags.signature.trim() === '') {
    throw new UsageError('--signature is required: the value of the x-signature header the body came with');
  }
  if (io.isStdinTTY) throw new UsageError('reads the notification body on stdin, but stdin is a terminal: pipe the body in (< body.json)');
  return { signature: flags.signature, secret: parseSecretSource(flags.secretFile, io.env) };
}

export async function run(options: WebhookVerifyOptions, context: CommandContext): Promise<void> {
  const { verifyBody } = await import('../../signature/index.js');
  // The body first: a bad one is known without asking the service for the secret.
  let body: Buffer;
  try {
    body = await readStreamBytes(context.io.in, { interrupt: context.interrupt, maxBytes: MAX_NOTIFICATION_BYTES });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ETOOLARGE') {
      throw new UsageError(`the body on stdin is larger than ${MAX_NOTIFICATION_BYTES} bytes: not a notification`);
    }
    throw error;
  }
  if (body.length === 0) throw new UsageError('no body on stdin: pipe in the notification body exactly as received');
  const secret = await loadSecret(options.secret, context);
  const verdict = verifyBody(secret, body, options.signature);
  if (!verdict.valid) throw new InvalidSignatureError(verdict.reason);
  await context.io.write('valid\n');
}
