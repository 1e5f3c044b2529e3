// `svc webhook apply -f <file>`: makes the key's webhooks match a file (webhooks as code); running it twice changes
// nothing the second time, and a run broken half-way is finished by running it again.
import type { Command } from '@commander-js/extra-typings';
import type { DesiredWebhook } from '../../apply/file.js';
import type { Plan } from '../../apply/plan.js';
import type { CommandContext } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { IO } from '../../io.js';
import type { Action, FlagsOf } from '../shared/action.js';
import { checkConfirmation, confirmOrCancel } from '../shared/confirm.js';
import { examples } from '../shared/help-text.js';
import { countOf } from '../../render/count.js';
import { jqOption } from '../shared/jq-option.js';

export interface WebhookApplyOptions {
  webhooks: DesiredWebhook[];
  dryRun: boolean;
  prune: boolean;
  recreate: boolean;
  /** --yes given: pruning needs no question. */
  confirmed: boolean;
}

/** The command and its flags, declared once: WebhookApplyFlags is read from here. */
function declareCommand(webhook: Command) {
  return webhook
    .command('apply')
    .description("Make the key's webhooks match a file: create, update, add and remove addresses; a second run changes nothing")
    .option(
      '-f, --file <path>',
      'the JSON file of webhooks ("-" for stdin); addressesFile paths are relative to it (to the working directory for stdin)',
    )
    .option('--dry-run', 'print the changes without making them (only reads are sent)')
    .option('--recreate', 'replace a webhook whose chainId or event signatures changed: deactivate it, then create a new one')
    .option('--prune', 'also deactivate the active webhooks the file does not name')
    .option('-y, --yes', 'do not ask before pruning (required for --prune when not at a terminal)')
    .addOption(jqOption());
}

export type WebhookApplyFlags = FlagsOf<ReturnType<typeof declareCommand>>;

export function register(webhook: Command, action: Action): void {
  declareCommand(webhook)
    .addHelpText(
      'after',
      [
        '',
        'The file (JSON):',
        '  {"webhooks": [{"name": "treasury", "url": "https://example.com/hook", "chainId": "43114",',
        '    "addresses": ["0x..."]                         or "addressesFile": "treasury.txt" (one per line),',
        '    "events": ["Transfer(address,address,uint256)"] and/or "eventSignatures": ["0x..."],',
        '    "description": "...", "includeLogs": false, "includeInternalTxs": false, "status": "active"}]}',
        "  name, url, chainId and addresses (or addressesFile) are required, names unique. An entry is the key's",
        '  active webhook of that name (else its one inactive one); absent booleans are false, status active.',
        '',
      ].join('\n') +
        examples([
          ['see what would change', 'svc webhook apply -f webhooks.json --dry-run'],
          ['make it so; running it again changes nothing', 'svc webhook apply -f webhooks.json'],
          ['in CI: also deactivate webhooks removed from the file', 'svc webhook apply -f webhooks.json --prune --yes'],
          ['the plan as JSON, from stdin', 'generate-webhooks | svc webhook apply -f - --dry-run --json'],
        ]),
    )
    .action(action(async ({ flags }, context) => run(await parseWebhookApplyOptions(flags, context.io, context.interrupt), context)));
}

/** Every flag and the whole file checked before any request; `interrupt` ends a wait for stdin or a FIFO. */
export async function parseWebhookApplyOptions(flags: WebhookApplyFlags, io: IO, interrupt?: AbortSignal): Promise<WebhookApplyOptions> {
  if (flags.file === undefined)
    throw new UsageError('--file is required: the JSON file of webhooks ("-" for stdin)', 'see: svc webhook apply --help');
  const dryRun = Boolean(flags.dryRun);
  const prune = Boolean(flags.prune);
  const { confirmed } =
    prune && !dryRun
      ? checkConfirmation(io, flags.yes, 'refusing to prune (deactivate webhooks the file does not name) without confirmation')
      : { confirmed: true };
  const { readWebhooksFile } = await import('../../apply/file.js');
  const webhooks = await readWebhooksFile(flags.file, io, interrupt);
  return { webhooks, dryRun, prune, recreate: Boolean(flags.recreate), confirmed };
}

export async function run(options: WebhookApplyOptions, context: CommandContext): Promise<void> {
  const [
    { checkFixedFields, fixedFieldChanges, matchWebhooks, planChanges },
    { readAddresses, readWebhooks },
    { changeLine, changeSummary, planDocument },
  ] = await Promise.all([import('../../apply/plan.js'), import('../../apply/service-state.js'), import('../../apply/report.js')]);
  const { io, globals } = context;
  const client = await context.client({ needsKey: true });
  const spinner = await io.spinner(globals.json);
  try {
    spinner.update('Reading webhooks');
    const webhooks = await readWebhooks(client, (count) => spinner.update(`Reading webhooks (${count})`));
    const matches = matchWebhooks(options.webhooks, webhooks);
    checkFixedFields(matches, options);
    // The addresses of every matched webhook kept in place (a recreated one gets the file's addresses anyway).
    const compared = matches.flatMap(({ entry, current }) =>
      current && fixedFieldChanges(entry, current).length === 0 ? [current.id] : [],
    );
    const addressesOf = await readAddresses(client, compared, (done) =>
      spinner.update(`Reading addresses (${done} of ${countOf(compared.length, 'webhook', true)})`),
    );
    const plan = planChanges(matches, addressesOf, webhooks, options);
    spinner.clear();

    if (options.dryRun) {
      if (globals.json) await io.write(planDocument(plan, true));
      else {
        await io.write(plan.changes.map((change) => changeLine(change, io.isStdoutTTY) + '\n').join(''));
      }
      // stdout holds the changes alone (none: nothing), what they add up to goes with the other summaries on stderr.
      if (!globals.quiet) {
        io.warn(
          plan.changes.length === 0
            ? 'no changes'
            : `dry run: nothing was changed (${changeSummary(plan.changes, 'planned', io.isStderrTTY)})`,
        );
      }
      return;
    }
    await confirmPrune(plan, options, io);
    const { executePlan, retireConcurrentCopies } = await import('../../apply/execute.js');
    const createdIds = await executePlan(plan, client, {
      interrupt: context.interrupt,
      onStart: (change, position) => spinner.update(`${position + 1}/${plan.changes.length} ${changeLine(change, true)}`),
      // Each line printed once its change is made, so a broken run shows how far it got.
      onDone: async (change) => {
        if (globals.json) return;
        spinner.clear();
        await io.write(changeLine(change, io.isStdoutTTY) + '\n');
      },
    });
    if (createdIds.size > 0) {
      spinner.update('Checking for webhooks created at the same time');
      const retired = await retireConcurrentCopies(client, createdIds, await readWebhooks(client, () => {}));
      spinner.clear();
      const { safeText } = await import('../../render/text.js');
      for (const copy of retired) {
        io.warn(
          `svc: another run created webhook "${safeText(copy.name)}" at the same time: kept ${copy.keptId}, deactivated ${copy.retiredId} (renamed "${safeText(copy.renamedTo)}")`,
        );
      }
    }
    spinner.clear();
    if (globals.json) await io.write(planDocument(plan, false, createdIds));
    else if (!globals.quiet) io.warn(plan.changes.length === 0 ? 'no changes' : changeSummary(plan.changes, 'done', io.isStderrTTY));
  } finally {
    spinner.clear();
  }
}

/** Pruning stops notifications of webhooks the file does not name: asked on a terminal unless --yes. */
async function confirmPrune(plan: Plan, options: WebhookApplyOptions, io: IO): Promise<void> {
  const pruned = plan.changes.filter((change) => change.kind === 'prune');
  if (options.confirmed || pruned.length === 0) return;
  const { safeText } = await import('../../render/text.js');
  const names = pruned.map((change) => safeText(change.name ?? change.id)).join(', ');
  await confirmOrCancel(
    io,
    `Deactivate ${countOf(pruned.length, 'webhook', io.isStderrTTY)} the file does not name (${names})? ${pruned.length === 1 ? 'Its' : 'Their'} notifications stop at once.`,
    'nothing was changed',
  );
}
