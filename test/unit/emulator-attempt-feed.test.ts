// The attempt feed behind GET /_emulator/deliveries/stream: what a reconnecting client is replayed, and what it is
// told it missed.
import { describe, expect, it } from 'vitest';
import { AttemptFeed } from '../../src/emulator/deliveries/attempt-feed.js';
import type { AttemptEvent } from '../../src/schema/emulator-control.js';

function event(messageId: string): AttemptEvent {
  return {
    attempt: {
      number: 1,
      startedAt: '2026-11-25T12:00:00.000Z',
      durationMs: 3,
      url: 'http://127.0.0.1:9/',
      requestHeaders: {},
      status: 200,
    },
    delivery: {
      messageId,
      webhookId: 'w',
      webhookName: null,
      url: 'http://127.0.0.1:9/',
      createdAt: '2026-11-25T12:00:00.000Z',
      attempts: 1,
      lastStatus: 200,
      state: 'delivered',
    },
  };
}

const messageIds = (events: { data: string }[]) => events.map((published) => JSON.parse(published.data).delivery.messageId);

describe('AttemptFeed', () => {
  it('replays what came after the last id a client saw, from the position it connected at', () => {
    const feed = new AttemptFeed();
    const start = feed.position();
    feed.publish(event('a'));
    feed.publish(event('b'));
    const afterStart = feed.replayAfter(start);
    expect(messageIds(afterStart.events)).toEqual(['a', 'b']);
    expect(afterStart.missed).toBe(0);
    expect(messageIds(feed.replayAfter(afterStart.events[0]!.id).events)).toEqual(['b']);
    expect(feed.replayAfter(undefined)).toEqual({ events: [], missed: 0 });
  });

  it('past what it keeps (1,024 events), says how many are gone; an id of another instance gets all it keeps', () => {
    const feed = new AttemptFeed();
    const start = feed.position();
    for (let i = 0; i < 1_100; i++) feed.publish(event(`m${i}`));
    const replay = feed.replayAfter(start);
    expect(replay.missed).toBe(76);
    expect(replay.events).toHaveLength(1_024);
    expect(messageIds(replay.events.slice(0, 1))).toEqual(['m76']);
    const restarted = feed.replayAfter('0123456789ab-5');
    expect(restarted.events).toHaveLength(1_024);
    expect(restarted.missed).toBe(76);
  });

  it('pushes each event to every subscriber until it unsubscribes', () => {
    const feed = new AttemptFeed();
    const seen: string[] = [];
    const unsubscribe = feed.subscribe((published) => seen.push(...messageIds([published])));
    feed.publish(event('a'));
    unsubscribe();
    feed.publish(event('b'));
    expect(seen).toEqual(['a']);
  });
});
