// The delivery queue's kept records, applied one change at a time (as a log replays) and restored from tables (as a
// start reads a folder): the messages, their attempts and outcomes come back as they were kept, and an attempt that
// was started and never ended comes back as one that ended without an answer.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_TUNING, DeliveryQueue } from '../../src/emulator/deliveries/queue.js';
import type { KeptEntry } from '../../src/emulator/kept/change.js';

const queues: DeliveryQueue[] = [];
afterEach(() => {
  for (const queue of queues.splice(0)) queue.close();
});

/** A queue that only holds records: its keeper never answers, and it is not started (nothing is sent). */
function holdingQueue(): DeliveryQueue {
  const queue = new DeliveryQueue({ ...DEFAULT_DELIVERY_TUNING, retryDelayMs: () => 60_000 }, { keep: () => new Promise(() => {}) });
  queues.push(queue);
  return queue;
}

const message = (sequence: number, url = 'http://127.0.0.1:9/hook') => ({
  sequence,
  webhookId: 'w1',
  webhookName: null,
  url,
  createdAt: '2026-01-01T00:00:00.000Z',
  ownerKey: 'key',
  body: '{"n":1}',
});
const attempt = (number: number, status: number | null) => ({
  number,
  startedAt: '2026-01-01T00:00:01.000Z',
  durationMs: 5,
  url: 'http://127.0.0.1:9/hook',
  requestHeaders: {},
  status,
  ...(status === null ? { error: 'timeout' } : {}),
});
const started = (number: number) => ({ number, startedAt: '2026-01-01T00:00:02.000Z', url: 'http://127.0.0.1:9/hook', requestHeaders: {} });

const attemptsOf = (queue: DeliveryQueue, messageId: string) =>
  queue.get(messageId)!.attempts.map((each) => [each.number, each.status, each.errorMessage?.includes('stopped') ?? false]);
const startedIn = (queue: DeliveryQueue) => [...queue.snapshot()].filter(([kind]) => kind === 'started').map(([, key]) => key);

describe('the delivery queue restored from its tables', () => {
  it('brings back messages in the order made, attempts by number, an attempt cut off as ended unanswered, outcomes, and the count dropped', () => {
    const queue = holdingQueue();
    queue.restore(
      new Map<string, Map<string, unknown>>([
        // Kept by key, not by age: the table's order is not the messages'.
        [
          'message',
          new Map([
            ['m2', message(2)],
            ['m1', message(1)],
          ]),
        ],
        [
          'attempt',
          new Map([
            ['m1/2', attempt(2, 500)],
            ['m1/1', attempt(1, null)],
          ]),
        ],
        [
          'started',
          new Map([
            ['m1/3', started(3)],
            // Ended (its attempt is kept): not one cut off.
            ['m1/2', started(2)],
            // Of a message no longer kept.
            ['gone/1', started(1)],
          ]),
        ],
        [
          'outcome',
          new Map([
            ['m2', { state: 'delivered' }],
            ['gone', { state: 'failed' }],
          ]),
        ],
        ['deliveries', new Map([['dropped', 4]])],
      ]),
    );
    expect(queue.list().map((record) => record.messageId)).toEqual(['m1', 'm2']);
    expect(attemptsOf(queue, 'm1')).toEqual([
      [1, null, false],
      [2, 500, false],
      [3, null, true],
    ]);
    expect(queue.get('m1')!.record).toMatchObject({ attempts: 3, lastStatus: null, state: 'retrying' });
    expect(queue.get('m2')!.record.state).toBe('delivered');
    expect(queue.dropped()).toBe(4);
    // The cut-off attempt stays kept as started (a later snapshot still holds it), the others do not.
    expect(startedIn(queue)).toEqual(['m1/3']);
  });

  it('restores what its snapshot holds', () => {
    const queue = holdingQueue();
    queue.applyEntry('message', 'm1', message(1));
    queue.applyEntry('message', 'm2', message(2));
    queue.applyEntry('message', 'm3', message(3));
    queue.applyEntry('attempt', 'm1/1', attempt(1, 503));
    queue.applyEntry('started', 'm1/2', started(2));
    queue.applyEntry('outcome', 'm2', { state: 'failed', reason: 'webhook_switched_off', switchedOffBy: 'm9', webhookDeactivated: true });
    queue.applyEntry('deliveries', 'dropped', 2);
    // Forgotten (its id stays in the creation order a while), and a started record applied after its message went.
    queue.applyEntry('message', 'm3', null);
    queue.applyEntry('started', 'm3/1', started(1));
    expect(startedIn(queue)).toEqual(['m1/2']);
    const tables = new Map<string, Map<string, unknown>>();
    for (const [kind, key, value] of queue.snapshot() as Iterable<KeptEntry>) {
      if (!tables.has(kind)) tables.set(kind, new Map());
      tables.get(kind)!.set(key, value);
    }
    const restored = holdingQueue();
    restored.restore(tables);
    expect(restored.list().map((record) => [record.messageId, record.state, record.attempts])).toEqual([
      ['m1', 'retrying', 2],
      ['m2', 'failed', 0],
    ]);
    expect(restored.get('m2')!.record).toMatchObject({
      givenUpReason: 'webhook_switched_off',
      switchedOffBy: 'm9',
      webhookDeactivated: true,
    });
    // Unfinished, it has no outcome: still to be delivered.
    expect(restored.pending().messages).toBe(1);
    expect(attemptsOf(restored, 'm1')).toEqual([
      [1, 503, false],
      [2, null, true],
    ]);
    expect(restored.dropped()).toBe(2);
  });
});

describe('the delivery queue replaying its changes', () => {
  it('keeps a message as first made, ends a started attempt once it is kept, and applies outcomes, counts and removals', () => {
    const queue = holdingQueue();
    queue.applyEntry('message', 'm1', message(1));
    // Replayed again (a snapshot taken after it, then the log): the message is not made twice, nor changed.
    queue.applyEntry('message', 'm1', message(1, 'http://127.0.0.1:9/other'));
    expect(queue.list()).toHaveLength(1);
    expect(queue.get('m1')!.record.url).toBe('http://127.0.0.1:9/hook');

    queue.applyEntry('started', 'm1/1', started(1));
    expect(startedIn(queue)).toEqual(['m1/1']);
    queue.applyEntry('attempt', 'm1/1', attempt(1, 200));
    queue.applyEntry('started', 'm1/1', null);
    expect(startedIn(queue)).toEqual([]);
    expect(attemptsOf(queue, 'm1')).toEqual([[1, 200, false]]);
    // An attempt of a message not kept changes nothing.
    queue.applyEntry('attempt', 'other/1', attempt(1, 200));
    expect(queue.get('other')).toBeUndefined();

    queue.applyEntry('outcome', 'm1', null);
    expect(queue.get('m1')!.record.state).toBe('retrying');
    queue.applyEntry('outcome', 'm1', { state: 'delivered' });
    expect(queue.get('m1')!.record.state).toBe('delivered');

    queue.applyEntry('deliveries', 'dropped', 7);
    queue.applyEntry('deliveries', 'another count', 9);
    expect(queue.dropped()).toBe(7);

    queue.applyEntry('message', 'm1', null);
    expect(queue.get('m1')).toBeUndefined();
    expect(queue.list()).toEqual([]);
  });
});
