// A message's view's state, apart from its rendering: the message as last read, its webhook's status as the stream
// tells it, and what the page says of them: why it failed, what it offers (Redeliver, or Activate while its webhook
// is inactive), how many scheduled attempts it was given up after, which attempts are open.
// Pure: no DOM, tested in Node (test/unit/inspector-message-state.test.ts).
import type { DeliveryAttempt, DeliveryDetail, DeliveryRecord, WebhookSummary } from '../../../schema/emulator-control.js';
import { isNotOlder } from './events.js';
import type { StreamNews } from './events.js';

export interface MessageState {
  messageId: string;
  detail: DeliveryDetail | undefined;
  /** Its webhook's status and why it is off, from the summary read with it, then from the stream. */
  webhook: Pick<WebhookSummary, 'status' | 'switchedOff'> | undefined;
}

export function initialState(messageId: string): MessageState {
  return { messageId, detail: undefined, webhook: undefined };
}

/** The state after a piece of news, and whether the message must be read again (its attempts changed, or all did). */
export function afterNews(state: MessageState, news: StreamNews): { state: MessageState; reread: boolean } {
  switch (news.kind) {
    case 'reload':
    case 'reset':
      return { state, reread: true };
    case 'connection':
      return { state, reread: false };
    case 'webhook': {
      const { webhook } = news;
      if (!state.detail || webhook.webhookId !== state.detail.delivery.webhookId) return { state, reread: false };
      const switchedOff =
        webhook.status === 'inactive' && webhook.reason && webhook.reason !== 'activated'
          ? { at: webhook.changedAt, reason: webhook.reason, ...(webhook.byMessageId ? { byMessageId: webhook.byMessageId } : {}) }
          : undefined;
      return { state: { ...state, webhook: { status: webhook.status, ...(switchedOff ? { switchedOff } : {}) } }, reread: false };
    }
    default: {
      const { delivery } = news;
      if (delivery.messageId !== state.messageId) return { state, reread: false };
      if (!state.detail) return { state, reread: true };
      if (!isNotOlder(delivery, state.detail.delivery)) return { state, reread: false };
      // An attempt adds to the timeline: only a read gives its whole (headers, answer); the rest is in the news.
      const reread = news.kind === 'attempt' || delivery.attempts !== state.detail.attempts.length;
      return { state: { ...state, detail: { ...state.detail, delivery } }, reread };
    }
  }
}

/** The message and its webhook's summary as read. */
export function read(state: MessageState, detail: DeliveryDetail, webhook: WebhookSummary | undefined): MessageState {
  const newer = state.detail && !isNotOlder(detail.delivery, state.detail.delivery) ? state.detail.delivery : detail.delivery;
  return { ...state, detail: { ...detail, delivery: newer }, webhook: webhook ?? state.webhook };
}

/** What the page offers to send it again: Activate first while its webhook is inactive (a redelivery would be refused). */
export function offer(state: MessageState): 'redeliver' | 'activate' {
  return state.webhook?.status === 'inactive' ? 'activate' : 'redeliver';
}

const REASONS: Readonly<Record<NonNullable<DeliveryRecord['givenUpReason']>, string>> = {
  attempts_exhausted: 'its attempts were used up',
  expired: 'it was still undelivered at the time limit',
  queue_full: 'too many messages were waiting, and it was among the oldest',
  webhook_deactivated: 'its webhook was deactivated',
  webhook_switched_off: 'its webhook was switched off after another message failed for good',
};

/**
 * Why it failed, in words, and the message whose failure switched its webhook off, if another one did: "Given up
 * after 3 attempts: its webhook was switched off ...". The attempts counted are the scheduled ones (redeliveries are
 * the user's, after); an emulator older than the count gives all of them.
 */
export function givenUp(delivery: DeliveryRecord): { words: string; switchedOffBy: string | undefined } | undefined {
  if (delivery.state !== 'failed') return undefined;
  const attempts = delivery.scheduledAttempts ?? delivery.attempts;
  const after = `Given up after ${attempts} attempt${attempts === 1 ? '' : 's'}`;
  const why = delivery.givenUpReason ? REASONS[delivery.givenUpReason] : undefined;
  const byOther =
    delivery.switchedOffBy !== undefined && delivery.switchedOffBy !== delivery.messageId ? delivery.switchedOffBy : undefined;
  if (delivery.givenUpReason === 'webhook_switched_off' && delivery.switchedOffBy === delivery.messageId) {
    return { words: `${after}: its attempts were used up, and its webhook was switched off for it`, switchedOffBy: undefined };
  }
  return { words: why ? `${after}: ${why}` : after, switchedOffBy: byOther };
}

const succeeded = (attempt: DeliveryAttempt) => attempt.status !== null && attempt.status >= 200 && attempt.status < 300;

/**
 * The attempts as the timeline shows them, newest last, each open or closed: the last one open, and the failed ones
 * before it closed (a message tried six times stays short); a success closed unless it is the last.
 */
export function timeline(attempts: readonly DeliveryAttempt[]): { attempt: DeliveryAttempt; open: boolean; succeeded: boolean }[] {
  return attempts.map((attempt, index) => ({ attempt, open: index === attempts.length - 1, succeeded: succeeded(attempt) }));
}
