// `svc webhook`: address-activity webhooks, their addresses, their shared secret, and tools for receivers.
import type { Command } from '@commander-js/extra-typings';
import type { Action } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import * as activate from './activate.js';
import * as addresses from './addresses/index.js';
import * as apply from './apply.js';
import * as create from './create.js';
import * as deactivate from './deactivate.js';
import * as deleteVerb from './delete.js';
import * as get from './get.js';
import * as list from './list.js';
import * as listen from './listen.js';
import * as secret from './secret/index.js';
import * as update from './update.js';
import * as verify from './verify.js';
import { NOUN_SUMMARIES } from '../nouns.js';

export function register(program: Command, action: Action): void {
  const webhook = program
    .command('webhook')
    .description(NOUN_SUMMARIES.webhook)
    .addHelpText(
      'after',
      examples([
        [
          'watch an address on Fuji, keep the id',
          'WEBHOOK_ID=$(svc webhook create --url https://example.com/hook --chain-id 43113 --address 0x71C7656EC7ab88b098defB751B7401B5f6d8976F --json | jq -r .id)',
        ],
        ['find it again later by its name', `svc webhook list --all --json | jq -r '.webhooks[] | select(.name == "payments") | .id'`],
        ['send its notifications elsewhere', 'svc webhook update "$WEBHOOK_ID" --url https://example.com/new-hook'],
        ['stop it, and start it again', 'svc webhook deactivate "$WEBHOOK_ID" --yes\n  $ svc webhook activate "$WEBHOOK_ID"'],
      ]),
    );
  for (const verb of [create, list, get, update, addresses, deactivate, activate, apply, listen, verify, secret])
    verb.register(webhook, action);
  // Hidden, and answered with the pointer to deactivate: what users look for when they want a webhook gone.
  deleteVerb.register(webhook, action);
}
