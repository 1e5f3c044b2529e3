// Where `webhook verify` and `webhook listen --verify` get the shared secret: --secret-file, SVC_WEBHOOK_SECRET, or
// the service. No flag takes the secret itself (it would land in shell history and process lists), and no message
// here ever repeats it or a file's content.
import type { Fetched } from '../../api/client.js';
import type { CommandContext } from '../../context.js';
import { unreadableFileError, UsageError } from '../../errors.js';
import { readInputFileBytes } from '../../io.js';
import type { SharedSecret } from '../../schema/index.js';
import { SECRET_TEXT_PATTERN, SECRET_TEXT_RULE } from '../../schema/rules.js';

export const SECRET_ENV = 'SVC_WEBHOOK_SECRET';

/** A secret is a few dozen characters; a file much larger than that is not a secret file. */
const MAX_SECRET_FILE_BYTES = 64 * 1024;

/**
 * Where the secret comes from, decided with the other flags before any I/O. --secret-file wins over the
 * environment, as a flag wins over the environment everywhere else in the CLI: naming a file on the command line
 * is the more deliberate act, so a SVC_WEBHOOK_SECRET left in a shell or CI job must not silently override it.
 * An empty SVC_WEBHOOK_SECRET counts as unset, as an empty SVC_API_KEY does.
 */
export type SecretSource = { kind: 'file'; path: string } | { kind: 'env' } | { kind: 'service' };

export function parseSecretSource(secretFile: string | undefined, env: NodeJS.ProcessEnv): SecretSource {
  if (secretFile !== undefined) {
    if (secretFile.trim() === '') throw new UsageError('--secret-file: give the path of a file holding the secret');
    return { kind: 'file', path: secretFile };
  }
  return env[SECRET_ENV] ? { kind: 'env' } : { kind: 'service' };
}

/**
 * The secret from its source: the file or the variable (whitespace around it trimmed), or GET getSharedSecret. It
 * is used as given (hex digits are the bytes they spell, any other text its own bytes: see signature/secretKey), so
 * whatever `secret show` printed reads back. A file or variable that holds no one line of text (a file of several
 * lines is some other file) is a usage error (exit 2) that names it and never quotes its content.
 */
export async function loadSecret(source: SecretSource, context: CommandContext): Promise<string> {
  if (source.kind === 'service') return fetchSecret(context);
  if (source.kind === 'env') {
    const secret = context.io.env[SECRET_ENV]!.trim();
    if (!SECRET_TEXT_PATTERN.test(secret)) throw new UsageError(`${SECRET_ENV} does not hold a secret: it ${SECRET_TEXT_RULE}`);
    return secret;
  }
  const secret = (await readSecretFile(source.path, context.interrupt)).trim();
  if (!SECRET_TEXT_PATTERN.test(secret)) {
    throw new UsageError(
      `--secret-file ${source.path}: does not hold a secret: it must hold the secret alone, on one line, without control or formatting characters`,
      'write one with: svc webhook secret show > <file>',
    );
  }
  return secret;
}

/** The key's current secret from the service (needs the key), as it gave it. */
export async function fetchSecret(context: CommandContext): Promise<string> {
  const client = await context.client({ needsKey: true });
  return (await client.getSharedSecret()).data.secret;
}

async function readSecretFile(path: string, interrupt: AbortSignal): Promise<string> {
  try {
    return (await readInputFileBytes(path, { interrupt, maxBytes: MAX_SECRET_FILE_BYTES })).toString('utf8');
  } catch (error) {
    if (interrupt.aborted && error === interrupt.reason) throw error;
    throw unreadableFileError('--secret-file', path, error, {
      terminal: 'it is a terminal; use a file or SVC_WEBHOOK_SECRET',
      tooLarge: `larger than ${MAX_SECRET_FILE_BYTES} bytes, so not a secret file`,
    });
  }
}

/** The secret alone on a line, or with --json the body as returned: stdout only, as asked for. */
export async function printSecret(fetched: Fetched<SharedSecret>, context: CommandContext): Promise<void> {
  if (context.globals.json) {
    const { asReturned } = await import('../../render/json.js');
    await context.io.write(asReturned(fetched.raw));
  } else {
    await context.io.write(`${fetched.data.secret}\n`);
  }
}
