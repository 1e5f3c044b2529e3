// What the emulator's event stream (GET /_emulator/deliveries/stream) tells the page, as the views take it: a message
// made, its next attempt set, an attempt ended, a message given up, a webhook switched on or off, everything reset;
// and the page's own news: the connection's state, and that events may have been missed (a view then reads again).
// Pure: no DOM, so the views' state modules and their tests in Node use it as the page does.
import type { DeliveryAttempt, DeliveryRecord, WebhookEvent } from '../../../schema/emulator-control.js';

/** The stream's events that carry a message as the event left it. */
export const MESSAGE_EVENTS = ['message', 'scheduled', 'attempt', 'given-up'] as const;
export type MessageEventName = (typeof MESSAGE_EVENTS)[number];

/** Whether the page hears the emulator: before the first answer, while it does, and while it tries again. */
export type Connection = 'connecting' | 'live' | 'reconnecting';

export type StreamNews =
  | { kind: MessageEventName; delivery: DeliveryRecord; attempt?: DeliveryAttempt }
  | { kind: 'webhook'; webhook: WebhookEvent }
  | { kind: 'reset' }
  /** Events may have been missed (a lost connection, a restarted emulator, another tab taking the stream over). */
  | { kind: 'reload' }
  | { kind: 'connection'; connection: Connection };

/** One event of the stream as news, or undefined for the events that carry none of their own (ready, missed). */
export function newsOf(name: string, data: string): StreamNews | undefined {
  if ((MESSAGE_EVENTS as readonly string[]).includes(name)) {
    const { delivery, attempt } = JSON.parse(data) as { delivery: DeliveryRecord; attempt?: DeliveryAttempt };
    return attempt === undefined ? { kind: name as MessageEventName, delivery } : { kind: name as MessageEventName, delivery, attempt };
  }
  if (name === 'webhook') return { kind: 'webhook', webhook: JSON.parse(data) as WebhookEvent };
  if (name === 'reset') return { kind: 'reset' };
  if (name === 'missed') return { kind: 'reload' };
  return undefined;
}

/** The stream's event names the page listens for (an EventSource hears only the names it is given). */
export const STREAM_EVENT_NAMES = [...MESSAGE_EVENTS, 'webhook', 'reset', 'missed'] as const;

/**
 * Whether `incoming` is the same message as `known` or a later state of it: never older. Events and pages read
 * meanwhile can arrive in either order; a message only moves forward (more attempts; given up or delivered after
 * retrying; a later next attempt), so the later of two is the one with the most of these, in this order.
 */
export function isNotOlder(incoming: DeliveryRecord, known: DeliveryRecord): boolean {
  if (incoming.attempts !== known.attempts) return incoming.attempts > known.attempts;
  const finished = (record: DeliveryRecord) => (record.state === 'retrying' ? 0 : 1);
  if (finished(incoming) !== finished(known)) return finished(incoming) > finished(known);
  return (incoming.nextAttemptAt ?? '') >= (known.nextAttemptAt ?? '');
}
