// Every change of a message's or a webhook's state, for `GET /_emulator/deliveries/stream`: a message made, its next
// attempt set, an attempt ended, a message given up without one, a webhook switched on or off, a reset. Pushed to
// every subscriber at once, and the last few kept so a client that lost its connection resumes from its Last-Event-ID
// without a gap or a repeat.
import { randomBytes } from 'node:crypto';
import type { AttemptEvent, GivenUpEvent, MessageEvent, ResetEvent, ScheduledEvent, WebhookEvent } from '../../schema/emulator-control.js';

/** Events a reconnecting client can catch up on; a longer outage is told how many it missed. */
const REPLAYABLE_EVENTS = 1_024;

export interface FeedEvent {
  /** `<instance>-<n>`: a client that comes back to another instance (a restarted emulator) is told apart. */
  id: string;
  /** The event's name on the stream. */
  name: 'attempt' | 'given-up' | 'message' | 'scheduled' | 'webhook' | 'reset';
  /** The webhook it concerns, for streams of one webhook; absent on a reset, which concerns every one. */
  webhookId?: string;
  /** The event's JSON, serialised once for every subscriber. */
  data: string;
}

export interface Replay {
  events: FeedEvent[];
  /** Events after the client's last one that are no longer kept. */
  missed: number;
}

export class AttemptFeed {
  private readonly instance = randomBytes(6).toString('hex');
  private nextNumber = 1;
  /** The last REPLAYABLE_EVENTS events, oldest first, from `head` on. */
  private kept: FeedEvent[] = [];
  private head = 0;
  private readonly subscribers = new Set<(event: FeedEvent) => void>();

  publish(event: AttemptEvent): void {
    this.add('attempt', event, event.delivery.webhookId);
  }

  /** A message given up other than by an attempt: in the same order and numbering as the attempts. */
  publishGivenUp(event: GivenUpEvent): void {
    this.add('given-up', event, event.delivery.webhookId);
  }

  /** A message made, before its first attempt. */
  publishMessage(event: MessageEvent): void {
    this.add('message', event, event.delivery.webhookId);
  }

  /** A message's next attempt set. */
  publishScheduled(event: ScheduledEvent): void {
    this.add('scheduled', event, event.delivery.webhookId);
  }

  /** A webhook's status changed. */
  publishWebhook(event: WebhookEvent): void {
    this.add('webhook', event, event.webhookId);
  }

  /** Every message and webhook forgotten. */
  publishReset(event: ResetEvent): void {
    this.add('reset', event, undefined);
  }

  private add(name: FeedEvent['name'], event: object, webhookId: string | undefined): void {
    const published: FeedEvent = {
      id: `${this.instance}-${this.nextNumber++}`,
      name,
      ...(webhookId === undefined ? {} : { webhookId }),
      data: JSON.stringify(event),
    };
    this.kept.push(published);
    if (this.kept.length - this.head > REPLAYABLE_EVENTS) this.head++;
    if (this.head >= REPLAYABLE_EVENTS) {
      this.kept = this.kept.slice(this.head);
      this.head = 0;
    }
    for (const subscriber of this.subscribers) subscriber(published);
  }

  /** The id of the newest event (`<instance>-0` before the first): where a client that connects now stands. */
  position(): string {
    return `${this.instance}-${this.nextNumber - 1}`;
  }

  subscribe(subscriber: (event: FeedEvent) => void): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /**
   * What a client that last saw `lastEventId` has not: the kept events after it. Without an id it starts from now;
   * with one of another instance (the emulator restarted) every kept event is new to it.
   */
  replayAfter(lastEventId: string | undefined): Replay {
    if (lastEventId === undefined) return { events: [], missed: 0 };
    const kept = this.kept.slice(this.head);
    const separator = lastEventId.lastIndexOf('-');
    const instance = lastEventId.slice(0, separator);
    const lastNumber = Number(lastEventId.slice(separator + 1));
    if (instance !== this.instance || !Number.isSafeInteger(lastNumber)) {
      const firstNumber = this.nextNumber - kept.length;
      return { events: kept, missed: firstNumber - 1 };
    }
    const firstKept = this.nextNumber - kept.length;
    const from = Math.max(0, lastNumber + 1 - firstKept);
    return { events: kept.slice(from), missed: Math.max(0, firstKept - lastNumber - 1) };
  }
}
