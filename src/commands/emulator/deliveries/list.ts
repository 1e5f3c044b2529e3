// `svc emulator deliveries list`: GET /_emulator/deliveries, newest first, page by page, streamed. The group's default
// command, so `svc emulator deliveries` runs it too.
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../../context.js';
import type { DeliveryFilters } from '../../../api/emulator-control.js';
import type { DeliveriesAnswer, DeliveryRecord } from '../../../schema/emulator-control.js';
import { DELIVERY_STATES } from '../../../schema/rules.js';
import { UsageError } from '../../../errors.js';
import { checkWebhookId, parseChoice } from '../../../options.js';
import { OfferedValuesOption } from '../../../completion/offered-values.js';
import type { Action, FlagsOf } from '../../shared/action.js';
import { examples, shellQuote } from '../../shared/help-text.js';
import { emulatorAdvice } from '../running.js';
import { addPagingOptions, parsePaging } from '../../shared/paging.js';
import type { PagingOptions } from '../../shared/paging.js';
import { jqOption } from '../../shared/jq-option.js';

export interface EmulatorDeliveriesOptions {
  filters: DeliveryFilters;
  paging: PagingOptions;
  /** Print each attempt as it ends instead of listing messages. */
  follow: boolean;
  /** The command the footer's next-page line repeats, with the filters given. */
  commandLine: string;
}

/** One page when neither --page-size nor --limit/--all says otherwise, as every listing. */
const DEFAULT_PAGE_SIZE = 10;
const SINCE_EXAMPLE = 'e.g. --since 10m, --since 2h, --since 1d or --since 2026-01-31T12:00:00Z';
const DURATION_UNITS_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** The command and its flags, declared once: EmulatorDeliveriesFlags is read from here. */
function declareCommand(deliveries: Command) {
  const command = deliveries
    .command('list', { isDefault: true })
    .description("The emulator's messages, newest first, with their attempts and state (also: svc emulator deliveries)")
    .option('--webhook <id>', "only this webhook's messages")
    .addOption(new OfferedValuesOption('--state <state>', 'only messages in this state', DELIVERY_STATES))
    .option('--since <when>', 'only messages made since then: a duration back from now (10m, 2h, 1d) or an ISO 8601 time')
    .option('--until <when>', 'only messages made before then: a duration back from now (10m, 2h, 1d) or an ISO 8601 time')
    .option('--search <text>', 'only messages with this id (or its first 8+ characters), transaction hash or watched address')
    .option('--follow', 'print each attempt as it ends, until Ctrl-C (with --webhook: only its attempts)');
  return addPagingOptions(command, 'messages').addOption(jqOption());
}

export type EmulatorDeliveriesFlags = FlagsOf<ReturnType<typeof declareCommand>>;

export function register(deliveries: Command, action: Action): void {
  declareCommand(deliveries)
    .addHelpText(
      'after',
      examples([
        ['the 10 newest messages', 'svc emulator deliveries'],
        ['what failed in the last hour', 'svc emulator deliveries --state failed --since 1h'],
        ['the messages about one address, made before the last hour', 'svc emulator deliveries --search "$ADDR" --until 1h'],
        ['every message of one webhook, as JSON pages', 'svc emulator deliveries --webhook "$WEBHOOK_ID" --all --json'],
        ['the ids of the messages still being retried', 'svc emulator deliveries --state retrying --all | cut -f2'],
        ['watch attempts as they happen', 'svc emulator deliveries --follow'],
        ['one JSON line per attempt, for a script', "svc emulator deliveries --follow --json | jq -c '.attempt.status'"],
      ]),
    )
    .action(action(({ flags }, context) => run(parseEmulatorDeliveriesOptions(flags), context)));
}

/**
 * `--since` (or another flag of a time, `flag`): a duration back from `now` (10m, 2h) or an ISO 8601 time, as the ISO
 * time the emulator filters by.
 */
export function parseSince(text: string, now = Date.now(), flag = '--since'): string {
  const duration = /^(\d+)([smhd])$/.exec(text);
  if (duration) return new Date(now - Number(duration[1]) * DURATION_UNITS_MS[duration[2]!]!).toISOString();
  const at = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?$/.test(text) ? Date.parse(text) : NaN;
  if (Number.isNaN(at)) {
    throw new UsageError(`${flag} "${text}": must be a duration or an ISO 8601 time, ${SINCE_EXAMPLE.replaceAll('--since', flag)}`);
  }
  return new Date(at).toISOString();
}

export function parseEmulatorDeliveriesOptions(flags: EmulatorDeliveriesFlags): EmulatorDeliveriesOptions {
  const filters: DeliveryFilters = {};
  const words = ['svc emulator deliveries'];
  if (flags.webhook !== undefined) {
    filters.webhookId = checkWebhookId(flags.webhook);
    words.push('--webhook', shellQuote(filters.webhookId));
  }
  if (flags.state !== undefined) {
    filters.state = parseChoice('--state', flags.state, DELIVERY_STATES);
    words.push('--state', filters.state);
  }
  if (flags.since !== undefined) {
    filters.since = parseSince(flags.since);
    // The next page must filter by the same instant, not one moved on by the time between the two commands.
    words.push('--since', filters.since);
  }
  if (flags.until !== undefined) {
    filters.until = parseSince(flags.until, Date.now(), '--until');
    words.push('--until', filters.until);
  }
  if (flags.search !== undefined) {
    filters.q = flags.search.trim();
    if (filters.q === '') throw new UsageError('--search: must be a message id, a transaction hash or an address; it is empty');
    words.push('--search', shellQuote(filters.q));
  }
  const follow = Boolean(flags.follow);
  if (follow) {
    const listingOnly = [
      ['--state', flags.state],
      ['--since', flags.since],
      ['--until', flags.until],
      ['--search', flags.search],
      ['--limit', flags.limit],
      ['--all', flags.all],
      ['--page-size', flags.pageSize],
      ['--page-token', flags.pageToken],
    ].flatMap(([flag, value]) => (value === undefined ? [] : [flag]));
    if (listingOnly.length) {
      throw new UsageError(
        `--follow prints attempts as they happen: leave out ${listingOnly.join(', ')}`,
        'list what already happened with svc emulator deliveries, without --follow',
      );
    }
  }
  return { filters, paging: parsePaging(flags), follow, commandLine: words.join(' ') };
}

export async function run(options: EmulatorDeliveriesOptions, context: CommandContext): Promise<void> {
  if (options.follow) {
    const { followAttempts } = await import('./follow.js');
    return followAttempts({ webhookId: options.filters.webhookId }, context);
  }
  const [{ printListing }, { deliveryTable, deliveryTsv }, { countOf, formatCount }] = await Promise.all([
    import('../../shared/listing.js'),
    import('../../../render/deliveries.js'),
    import('../../../render/count.js'),
  ]);
  const client = await context.emulatorControl();
  try {
    await printListing<DeliveryRecord, DeliveriesAnswer>(context, {
      paging: options.paging,
      noun: 'messages',
      listField: 'deliveries',
      fetch: (request) => client.listDeliveries(options.filters, { ...request, pageSize: request.pageSize ?? DEFAULT_PAGE_SIZE }),
      items: (body) => body.deliveries,
      nextPageToken: (body) => body.nextPageToken,
      tsv: deliveryTsv,
      table: deliveryTable,
      footer: (body, shown) => {
        let footer = `\nShowing ${countOf(shown, 'message', true)}, newest first.`;
        if (body.dropped > 0) {
          const older = body.dropped === 1 ? 'older one was' : 'older ones were';
          footer += ` ${formatCount(body.dropped, true)} ${older} dropped (emulator start --keep-messages).`;
        }
        if (!options.paging.followPages && typeof body.nextPageToken === 'string' && body.nextPageToken !== '') {
          const pageSize = options.paging.pageSize ? ` --page-size ${options.paging.pageSize}` : '';
          footer += `\nNext page: ${options.commandLine}${pageSize} --page-token ${shellQuote(body.nextPageToken)}`;
        }
        return footer + '\n';
      },
    });
  } catch (error) {
    throw await emulatorAdvice(error, context.io.env);
  }
}
