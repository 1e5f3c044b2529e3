// `svc emulator`: the bundled local emulator of the service.
import type { Command } from '@commander-js/extra-typings';
import type { Action } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import * as deliveries from './deliveries/index.js';
import * as open from './open.js';
import * as redeliver from './redeliver.js';
import * as reset from './reset.js';
import * as logs from './logs.js';
import * as start from './start.js';
import * as status from './status.js';
import * as stop from './stop.js';
import * as trigger from './trigger.js';
import { NOUN_SUMMARIES } from '../nouns.js';

export function register(program: Command, action: Action): void {
  const emulator = program
    .command('emulator')
    .description(NOUN_SUMMARIES.emulator)
    .addHelpText(
      'after',
      examples([
        ['run it in the background, then talk to it', 'eval "$(svc emulator start --detach --seed 1)"\n  $ svc tx list'],
        ['its messages, with no base URL set: the one emulator you run, wherever it listens', 'svc emulator deliveries'],
        ['its inspector page, in the browser', 'svc emulator open'],
        ['and stop it again', 'svc emulator stop'],
      ]) +
        '\nopen, deliveries, redeliver and trigger talk to the base URL (--base-url, SVC_BASE_URL, the profile); with none set\n' +
        'and one emulator of yours running, to that one.\n',
    );
  for (const verb of [start, status, stop, logs, open, trigger, deliveries, redeliver, reset]) verb.register(emulator, action);
}
