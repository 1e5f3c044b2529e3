// The Webhooks view's state, apart from its rendering: the webhooks of a key as pages of /v1/webhooks and the
// emulator's summaries left them, kept true by the stream's `webhook` and `reset` events; what is wrong with a key or a
// time before anything is sent (key.ts: the key's); and the words for a webhook's failures. Pure: no DOM, no request (tested in Node).
import type { RecoverAnswer, WebhookEvent, WebhookSummary } from '../../../schema/emulator-control.js';
import type { Webhook } from '../../../schema/webhooks.js';

export type StatusFilter = '' | 'active' | 'inactive';

export interface WebhooksState {
  /** Newest first, as /v1/webhooks pages them. */
  readonly webhooks: readonly Webhook[];
  /** What the emulator says of each webhook it keeps messages of, by id. */
  readonly summaries: ReadonlyMap<string, WebhookSummary>;
  readonly statusFilter: StatusFilter;
  /** The next page's token; absent on the last page. */
  readonly nextPageToken?: string;
  /** True once the first page is in. */
  readonly loaded: boolean;
}

export function initialWebhooks(statusFilter: StatusFilter = ''): WebhooksState {
  return { webhooks: [], summaries: new Map(), statusFilter, loaded: false };
}

const matches = (webhook: Webhook, filter: StatusFilter) => filter === '' || webhook.status === filter;

/** A page of /v1/webhooks: the first replaces what was shown, a later one adds the webhooks not shown yet. */
export function pageLoaded(
  state: WebhooksState,
  page: { webhooks: readonly Webhook[]; nextPageToken?: string | null },
  first: boolean,
): WebhooksState {
  const kept = first ? [] : state.webhooks;
  const known = new Set(kept.map((webhook) => webhook.id));
  const added = page.webhooks.filter((webhook) => !known.has(webhook.id) && matches(webhook, state.statusFilter));
  const { nextPageToken: _dropped, ...rest } = state;
  return {
    ...rest,
    webhooks: [...kept, ...added],
    loaded: true,
    ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
  };
}

/** The emulator's summaries of some webhooks: theirs replaced; a summary's status is the newer word on it. */
export function summariesLoaded(state: WebhooksState, summaries: readonly WebhookSummary[]): WebhooksState {
  const merged = new Map(state.summaries);
  for (const summary of summaries) merged.set(summary.webhookId, summary);
  const statusOf = new Map(summaries.map((summary) => [summary.webhookId, summary.status]));
  return withStatuses({ ...state, summaries: merged }, statusOf);
}

/** A webhook as a change through the page (Activate, Deactivate) left it. */
export function webhookUpdated(state: WebhooksState, updated: Webhook): WebhooksState {
  return {
    ...state,
    webhooks: state.webhooks.flatMap((webhook) =>
      webhook.id !== updated.id ? [webhook] : matches(updated, state.statusFilter) ? [updated] : [],
    ),
  };
}

/**
 * The stream's word that a webhook's status changed (switched off by failures, deactivated or activated anywhere): its
 * row says so, and its summary says why; a view filtered by status drops a row that no longer matches.
 */
export function webhookChanged(state: WebhooksState, event: WebhookEvent): WebhooksState {
  const summary = state.summaries.get(event.webhookId);
  const summaries = new Map(state.summaries);
  if (summary) {
    const { switchedOff: _previous, ...rest } = summary;
    summaries.set(event.webhookId, {
      ...rest,
      status: event.status,
      ...(event.status === 'inactive' && event.reason !== undefined && event.reason !== 'activated'
        ? { switchedOff: { at: event.changedAt, reason: event.reason, ...(event.byMessageId ? { byMessageId: event.byMessageId } : {}) } }
        : {}),
    });
  }
  return withStatuses({ ...state, summaries }, new Map([[event.webhookId, event.status]]));
}

/** After a reset of the emulator: no webhook of any key is left. */
export function emulatorReset(state: WebhooksState): WebhooksState {
  const { nextPageToken: _dropped, ...rest } = state;
  return { ...rest, webhooks: [], summaries: new Map() };
}

function withStatuses(state: WebhooksState, statusOf: ReadonlyMap<string, Webhook['status']>): WebhooksState {
  return {
    ...state,
    webhooks: state.webhooks.flatMap((webhook) => {
      const status = statusOf.get(webhook.id);
      if (status === undefined || status === webhook.status) return [webhook];
      const changed = { ...webhook, status };
      return matches(changed, state.statusFilter) ? [changed] : [];
    }),
  };
}

/** Controls, line breaks and bidirectional overrides: text from outside shown on one line shows them as escapes. */
const NOT_ON_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * A webhook's name on one line, as a row, a button's label and a question to confirm show it: its line breaks and
 * controls as escapes (`\n`), so a name cannot make a dialog read as something else.
 */
export function oneLine(text: string): string {
  return text.replace(NOT_ON_ONE_LINE, (character) => {
    const named = ESCAPES[character];
    return named ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

const ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** The name a webhook is called by on the page: its own name on one line, or its id. */
export const webhookLabel = (webhook: Pick<Webhook, 'id' | 'name'>) => (webhook.name ? oneLine(webhook.name) : oneLine(webhook.id));

/** What Deactivate asks first, as `svc webhook deactivate` does at a terminal. */
export const deactivateQuestion = (webhook: Pick<Webhook, 'id' | 'name'>) =>
  `Deactivate ${webhookLabel(webhook)}? Its messages still being retried are given up, and no new ones are sent.`;

/** What a reset forgets, in the words of `svc emulator reset`. */
export const RESET_FORGETS =
  'every key\u2019s webhooks, every message and its attempts, the injected transactions and the signing secrets, as if ' +
  'it started anew (its generated transactions and blocks stay: they come from its seed); with --data-dir, from the disk too.';

/** What Reset asks first. */
export const RESET_QUESTION = `Reset the emulator? It forgets ${RESET_FORGETS}`;

/** Why a webhook is inactive, in words, from its summary; undefined while active or where the emulator does not know. */
export function switchedOffText(summary: WebhookSummary | undefined): string | undefined {
  if (!summary || summary.status !== 'inactive' || !summary.switchedOff) return undefined;
  return summary.switchedOff.reason === 'webhook_switched_off'
    ? 'switched off by the emulator: a message used up its attempts'
    : 'deactivated';
}

/**
 * The moment "Recover failed messages since" names, from a `datetime-local` field (the browser's local time, to the
 * minute or second; a date-time without an offset is read as local time), as the ISO 8601 instant the control API
 * takes; or what is wrong with it.
 */
export function recoverSince(localTime: string): { since: string } | { problem: string } {
  const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(localTime) ? new Date(localTime) : undefined;
  if (!instant || Number.isNaN(instant.getTime())) return { problem: 'Since: give a date and a time.' };
  return { since: instant.toISOString() };
}

/** What Recover asks first. */
export const recoverQuestion = (webhook: Pick<Webhook, 'id' | 'name'>, failedMessages: number | undefined, since: string) =>
  `Send again every failed message of ${webhookLabel(webhook)} created since ${since}` +
  `${failedMessages === undefined ? '' : ` (${failedMessages} failed kept in all)`}? Each is sent once more, oldest first.`;

/** What Recover did, in words. */
export function recoveredText(webhook: Pick<Webhook, 'id' | 'name'>, answer: RecoverAnswer): string {
  if (answer.recovered === 0) return `No failed message of ${webhookLabel(webhook)} since then: nothing sent.`;
  return `${answer.recovered} failed message${answer.recovered === 1 ? '' : 's'} of ${webhookLabel(webhook)} sent again.`;
}
