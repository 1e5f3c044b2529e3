// A message's view's state, in Node: why it failed and which message switched its webhook off, the scheduled
// attempts counted (not redeliveries), Activate offered while its webhook is inactive (from the summary read, then
// from the stream), the timeline's failed attempts closed but the last, and when it must be read again.
import { describe, expect, it } from 'vitest';
import type { DeliveryAttempt, DeliveryDetail, DeliveryRecord } from '../../src/schema/emulator-control.js';
import { afterNews, givenUp, initialState, offer, read, timeline } from '../../src/emulator/inspector/page/message-state.js';

const MESSAGE = 'msg-aaaaaaaa-1';
const OTHER = 'msg-bbbbbbbb-2';

function record(changes: Partial<DeliveryRecord> = {}): DeliveryRecord {
  return {
    messageId: MESSAGE,
    webhookId: 'wh-1',
    webhookName: null,
    url: 'http://127.0.0.1:9/hook',
    createdAt: '2026-01-01T12:00:00.000Z',
    attempts: 0,
    lastStatus: null,
    state: 'retrying',
    ...changes,
  };
}

function attempt(number: number, status: number | null, changes: Partial<DeliveryAttempt> = {}): DeliveryAttempt {
  return {
    number,
    startedAt: '2026-01-01T12:00:00.000Z',
    durationMs: 3,
    url: 'http://127.0.0.1:9/hook',
    requestHeaders: {},
    status,
    ...changes,
  };
}

const detail = (delivery: DeliveryRecord, attempts: DeliveryAttempt[] = []): DeliveryDetail => ({ delivery, attempts, body: '{}' });

describe('the message state', () => {
  it('says why it failed, naming the message that switched its webhook off, after its scheduled attempts only', () => {
    expect(
      givenUp(record({ state: 'failed', attempts: 5, scheduledAttempts: 3, givenUpReason: 'webhook_switched_off', switchedOffBy: OTHER })),
    ).toEqual({
      words: 'Given up after 3 attempts: its webhook was switched off after another message failed for good',
      switchedOffBy: OTHER,
    });
    expect(givenUp(record({ state: 'failed', attempts: 1, givenUpReason: 'attempts_exhausted' }))).toEqual({
      words: 'Given up after 1 attempt: its attempts were used up',
      switchedOffBy: undefined,
    });
    expect(givenUp(record({ state: 'failed', attempts: 0, scheduledAttempts: 0, givenUpReason: 'expired' }))?.words).toBe(
      'Given up after 0 attempts: it was still undelivered at the time limit',
    );
    expect(givenUp(record())).toBeUndefined();
  });

  it('offers Activate while its webhook is inactive, from the summary and then from the stream', () => {
    let state = read(initialState(MESSAGE), detail(record({ state: 'failed', attempts: 3 })), {
      webhookId: 'wh-1',
      status: 'inactive',
      failedMessages: 1,
      lastSuccessAt: null,
      switchedOff: { at: '2026-01-01T12:01:00.000Z', reason: 'webhook_switched_off', byMessageId: OTHER },
    });
    expect([offer(state), state.webhook?.switchedOff?.byMessageId]).toEqual(['activate', OTHER]);
    state = afterNews(state, {
      kind: 'webhook',
      webhook: { webhookId: 'wh-1', status: 'active', changedAt: '2026-01-01T12:02:00.000Z', reason: 'activated' },
    }).state;
    expect([offer(state), state.webhook]).toEqual(['redeliver', { status: 'active' }]);
    // Another webhook's news is not its own.
    const other = afterNews(state, {
      kind: 'webhook',
      webhook: { webhookId: 'wh-2', status: 'inactive', changedAt: '2026-01-01T12:03:00.000Z', reason: 'webhook_deactivated' },
    }).state;
    expect(offer(other)).toBe('redeliver');
  });

  it('takes its own news only; an attempt is read again (its whole is not in the news), a schedule is not', () => {
    const state = read(initialState(MESSAGE), detail(record({ attempts: 1, lastStatus: 500 }), [attempt(1, 500)]), undefined);
    const scheduled = afterNews(state, {
      kind: 'scheduled',
      delivery: record({ attempts: 1, lastStatus: 500, nextAttemptAt: '2026-01-01T12:00:10.000Z' }),
    });
    expect([scheduled.reread, scheduled.state.detail?.delivery.nextAttemptAt]).toEqual([false, '2026-01-01T12:00:10.000Z']);
    expect(afterNews(state, { kind: 'attempt', delivery: record({ attempts: 2, lastStatus: 500 }) }).reread).toBe(true);
    expect(afterNews(state, { kind: 'attempt', delivery: record({ messageId: OTHER, attempts: 2 }) }).reread).toBe(false);
    expect(afterNews(state, { kind: 'given-up', delivery: record({ attempts: 0 }) }).state).toBe(state);
    expect(afterNews(state, { kind: 'reset' }).reread).toBe(true);
  });

  it('keeps the newer message when a read answers an older one than the stream already told', () => {
    const told = afterNews(read(initialState(MESSAGE), detail(record()), undefined), {
      kind: 'given-up',
      delivery: record({ state: 'failed', givenUpReason: 'expired' }),
    }).state;
    expect(read(told, detail(record()), undefined).detail?.delivery.state).toBe('failed');
  });

  it('opens the last attempt only: failed ones before it closed', () => {
    expect(timeline([attempt(1, 500), attempt(2, null), attempt(3, 200)]).map(({ open, succeeded }) => [open, succeeded])).toEqual([
      [false, false],
      [false, false],
      [true, true],
    ]);
  });
});
