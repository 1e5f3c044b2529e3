// An automatic attempt's kept records when its message is given up at each step, against a real receiver on
// loopback and a keeper that holds the attempt's `started` record until released: given up while that record is
// being kept, nothing is sent and the record is withdrawn (a restart must not bring back an attempt never made);
// given up while the request is out, the attempt is recorded as stopped, with no retry and no second outcome.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_TUNING, DeliveryQueue } from '../../src/emulator/deliveries/queue.js';
import type { Change, KeptEntry } from '../../src/emulator/kept/change.js';
import { EntryRouter, KeepError } from '../../src/emulator/kept/change.js';
import { eventually } from '../helpers/emulator-helpers.js';

let receiver: http.Server;
let url: string;
/** Requests the receiver got, each left unanswered until the test answers it. */
const requests: http.ServerResponse[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => requests.push(res));
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const queues: DeliveryQueue[] = [];
afterEach(() => {
  for (const queue of queues.splice(0)) queue.close();
  for (const res of requests.splice(0)) res.destroy();
});

/** A queue whose keeper applies each change at once, but holds one with a `started` record while `held` is set. */
function heldQueue() {
  const kept: KeptEntry[][] = [];
  /** `failAttempts`: the next changes recording an attempt that are refused (a full disk). */
  const control: { held?: Promise<void>; release?: () => void; waiting: number; failAttempts: number } = { waiting: 0, failAttempts: 0 };
  const hold = () => {
    control.held = new Promise((resolve) => (control.release = resolve));
  };
  const keep = async <T>(change: Change<T>): Promise<T> => {
    if (control.held && change.entries.some(([kind, , value]) => kind === 'started' && value !== null)) {
      control.waiting++;
      await control.held;
    }
    if (control.failAttempts > 0 && change.entries.some(([kind]) => kind === 'attempt')) {
      control.failAttempts--;
      throw new KeepError("the emulator's data directory could not keep this change: the disk is full", 'ENOSPC');
    }
    kept.push([...change.entries]);
    return router.apply(change);
  };
  const exhausted: string[][] = [];
  const secret: { held?: Promise<void> } = {};
  const queue = new DeliveryQueue(
    // No attempt times out during a test: one given up must be stopped by the give-up itself.
    { ...DEFAULT_DELIVERY_TUNING, retryDelayMs: () => 60_000, maxAttempts: 1, attemptTimeoutMs: 60_000 },
    {
      keep,
      secretFor: async () => {
        await secret.held;
        return 'ab'.repeat(32);
      },
      exhausted: async (webhookId, messageId) => {
        exhausted.push([webhookId, messageId]);
      },
    },
  );
  const router = new EntryRouter([queue]);
  queues.push(queue);
  queue.start();
  return { queue, kept, control, hold, keep, exhausted, secret };
}

const keysOf = (kept: KeptEntry[][], kind: string) => kept.flat().filter(([each]) => each === kind);

describe('an attempt given up', () => {
  it('while its start is being kept: nothing is sent, and the started record is withdrawn', async () => {
    const { queue, kept, control, hold, keep } = heldQueue();
    hold();
    await queue.enqueue('w1', url, 'm1', { n: 1 });
    await eventually(() => (control.waiting === 1 ? true : undefined));
    // The webhook is deactivated meanwhile.
    await keep({ entries: queue.planCancel('w1') });
    control.release!();
    await eventually(() => (keysOf(kept, 'started').length === 2 ? true : undefined));
    expect(keysOf(kept, 'started')).toEqual([
      ['started', 'm1/1', expect.objectContaining({ number: 1 })],
      ['started', 'm1/1', null],
    ]);
    expect(keysOf(kept, 'attempt')).toEqual([]);
    expect(requests).toHaveLength(0);
    expect(queue.get('m1')!.record).toMatchObject({ state: 'failed', attempts: 0 });
    expect([...queue.snapshot()].filter(([kind]) => kind === 'started')).toEqual([]);
  });

  it('while its request is out: recorded as stopped, with no retry and no outcome of its own', async () => {
    const { queue, kept, keep } = heldQueue();
    await queue.enqueue('w1', url, 'm1', { n: 1 });
    await eventually(() => (requests.length === 1 ? true : undefined));
    await keep({ entries: queue.planCancel('w1') });
    await eventually(() => (keysOf(kept, 'attempt').length === 1 ? true : undefined));
    const [[, key, attempt]] = keysOf(kept, 'attempt') as [KeptEntry];
    expect(key).toBe('m1/1');
    expect(attempt).toMatchObject({ number: 1, status: null, errorMessage: 'stopped: the message was given up' });
    // The cancel's outcome alone: the attempt (the last allowed) adds no 'attempts_exhausted' over it.
    expect(keysOf(kept, 'outcome')).toEqual([
      ['outcome', 'm1', expect.objectContaining({ state: 'failed', reason: 'webhook_deactivated' })],
    ]);
    expect(keysOf(kept, 'started').map(([, , value]) => value === null)).toEqual([false, true]);
    expect(queue.get('m1')!.record).toMatchObject({ state: 'failed', attempts: 1, givenUpReason: 'webhook_deactivated' });
    expect(queue.get('m1')!.record.nextAttemptAt).toBeUndefined();
  });

  it('while it waits for its key’s secret: nothing is kept of it, nothing sent', async () => {
    const { queue, kept, keep, secret } = heldQueue();
    let release!: () => void;
    secret.held = new Promise((resolve) => (release = resolve));
    await queue.enqueue('w1', url, 'm1', { n: 1 });
    await keep({ entries: queue.planCancel('w1') });
    release();
    // A message made after it is sent: the queue went on, without a record of the first one's attempt.
    await queue.enqueue('w2', url, 'm2', { n: 2 });
    await eventually(() => (requests.length === 1 ? true : undefined));
    expect(keysOf(kept, 'started').map(([, key]) => key)).toEqual(['m2/1']);
  });
});

describe('an attempt answered', () => {
  it('2xx: recorded as it was, started as an automatic attempt, the message delivered', async () => {
    const { queue, kept } = heldQueue();
    await queue.enqueue('w1', url, 'm1', { n: 1 });
    await eventually(() => (requests.length === 1 ? true : undefined));
    requests[0]!.end();
    await eventually(() => (keysOf(kept, 'outcome').length === 1 ? true : undefined));
    expect(keysOf(kept, 'started')[0]![2]).toMatchObject({ number: 1 });
    expect(keysOf(kept, 'started')[0]![2]).not.toHaveProperty('redelivery');
    const [[, , attempt]] = keysOf(kept, 'attempt') as [KeptEntry];
    expect(attempt).toMatchObject({ number: 1, status: 200 });
    expect(attempt).not.toHaveProperty('errorMessage');
    expect(keysOf(kept, 'outcome')).toEqual([['outcome', 'm1', { state: 'delivered' }]]);
  });

  it('5xx at the last attempt allowed: the message fails as exhausted, and its webhook is reported once', async () => {
    const { queue, kept, exhausted } = heldQueue();
    await queue.enqueue('w1', url, 'm1', { n: 1 });
    await eventually(() => (requests.length === 1 ? true : undefined));
    requests[0]!.writeHead(500).end();
    await eventually(() => (exhausted.length === 1 ? true : undefined));
    expect(exhausted).toEqual([['w1', 'm1']]);
    expect(keysOf(kept, 'outcome')).toEqual([
      ['outcome', 'm1', expect.objectContaining({ state: 'failed', reason: 'attempts_exhausted' })],
    ]);
    expect(queue.get('m1')!.record).toMatchObject({ state: 'failed', attempts: 1, lastStatus: 500 });
    expect(queue.get('m1')!.record.nextAttemptAt).toBeUndefined();
  });

  it('a redelivery asked while the automatic attempt is out waits for it, and takes the next number', async () => {
    const { queue, kept } = heldQueue();
    await queue.enqueue('w1', url, 'm1', { n: 1 });
    await eventually(() => (requests.length === 1 ? true : undefined));
    const redelivered = queue.redeliver('m1');
    // Not sent while attempt 1 is out.
    await new Promise(setImmediate);
    expect(keysOf(kept, 'started')).toHaveLength(1);
    requests[0]!.writeHead(500).end();
    await eventually(() => (requests.length === 2 ? true : undefined));
    requests[1]!.end();
    await redelivered;
    expect(keysOf(kept, 'attempt').map(([, key]) => key)).toEqual(['m1/1', 'm1/2']);
    expect(queue.get('m1')!.attempts.map((each) => [each.number, each.status])).toEqual([
      [1, 500],
      [2, 200],
    ]);
  });

  it('whose record cannot be kept: it does not count, and is made again once the disk takes writes', async () => {
    const { queue, kept, control } = heldQueue();
    control.failAttempts = 1;
    await queue.enqueue('w1', url, 'm1', { n: 1 });
    await eventually(() => (requests.length === 1 ? true : undefined));
    requests[0]!.end();
    // Made again a second later, under the same number (the first was never recorded).
    await eventually(() => (requests.length === 2 ? true : undefined));
    requests[1]!.end();
    await eventually(() => (keysOf(kept, 'outcome').length === 1 ? true : undefined));
    expect(keysOf(kept, 'attempt').map(([, key]) => key)).toEqual(['m1/1']);
    expect(queue.get('m1')!.record).toMatchObject({ state: 'delivered', attempts: 1 });
  });
});
