// `svc webhook secret`: the shared secret notifications are signed with.
import type { Command } from '@commander-js/extra-typings';
import type { Action } from '../../shared/action.js';
import { examples } from '../../shared/help-text.js';
import * as rotate from './rotate.js';
import * as show from './show.js';

export function register(webhook: Command, action: Action): void {
  const secret = webhook
    .command('secret')
    .description('The shared secret notifications are signed with')
    .addHelpText(
      'after',
      examples([['keep it in a file for verify and listen --verify', '(umask 077; svc webhook secret show > webhook-secret)']]),
    );
  for (const verb of [show, rotate]) verb.register(secret, action);
}
