// `svc webhook secret rotate`: POST /v1/webhooks:generateOrRotateSharedSecret, after a confirmation on a terminal
// (or --yes): receivers holding the old secret reject every notification until they get the new one.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../../context.js';
import { InterruptedError, ResponseShapeError, SvcError } from '../../../errors.js';
import type { IO } from '../../../io.js';
import type { Action } from '../../shared/action.js';
import { checkConfirmation, confirmOrCancel } from '../../shared/confirm.js';
import { examples } from '../../shared/help-text.js';
import { jqOption } from '../../shared/jq-option.js';

export interface WebhookSecretRotateOptions {
  confirmed: boolean;
}

export function register(secret: Command, action: Action): void {
  secret
    .command('rotate')
    .description('Replace the shared secret with a new one and print it; receivers must switch to it')
    .option('-y, --yes', 'do not ask for confirmation (required when not at a terminal)')
    .addHelpText(
      'after',
      examples([
        ['asks first, then prints the new secret', 'svc webhook secret rotate'],
        ['in a script: straight into a file only you can read', '(umask 077; svc webhook secret rotate --yes > webhook-secret)'],
      ]),
    )
    .addOption(jqOption())
    .action(action(({ flags }, context) => run(parseWebhookSecretRotateOptions(flags, context.io), context)));
}

export function parseWebhookSecretRotateOptions(flags: { yes?: boolean }, io: IO): WebhookSecretRotateOptions {
  return checkConfirmation(io, flags.yes, 'refusing to rotate the shared secret without confirmation');
}

export async function run(options: WebhookSecretRotateOptions, context: CommandContext): Promise<void> {
  // Settings and key are checked before asking, so a doomed command does not ask first.
  const client = await context.client({ needsKey: true });
  if (!options.confirmed) {
    await confirmOrCancel(
      context.io,
      'Rotate the shared secret? Receivers reject notifications until they have the new one.',
      'the secret was not rotated',
    );
  }
  let rotated: Awaited<ReturnType<typeof client.rotateSharedSecret>>;
  try {
    rotated = await client.rotateSharedSecret();
  } catch (error) {
    if (error instanceof InterruptedError) {
      error.hint =
        'interrupted while the request was under way: the secret may have been rotated; see the one in effect with: svc webhook secret show';
    }
    // The service acted: whatever is wrong with its answer, rotating again would replace the new secret too.
    if (error instanceof ResponseShapeError) {
      error.message = `the secret was rotated, but the answer could not be read: ${error.message.replace(/^unexpected response: /, '')}`;
      error.hint = 'see the new secret with: svc webhook secret show';
    } else if (error instanceof SvcError && error.outcomeUnknown) {
      error.hint = `${error.hint ?? 'the secret may have been rotated'}; see the one in effect with: svc webhook secret show`;
    }
    throw error;
  }
  const [{ printAcceptedChange }, { printSecret }] = await Promise.all([
    import('../../shared/webhook-output.js'),
    import('../../shared/webhook-secret.js'),
  ]);
  const change = {
    done: 'the shared secret was rotated',
    headline: "Rotated this key's shared secret: notifications are signed with the new one from now on",
    notAgain: 'do not rotate it again: see the new secret with: svc webhook secret show',
  };
  await printAcceptedChange(change, context, () => printSecret(rotated, context));
}
