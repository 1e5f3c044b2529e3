// The Deliveries view's state, in Node: answers and stream news folded in (rows updated in place, new ones in
// order, rows that no longer match dropped, the total kept true, older news never undoing newer), the filters
// matched as the emulator matches them, and the words a row says.
import { describe, expect, it } from 'vitest';
import type { DeliveryRecord } from '../../src/schema/emulator-control.js';
import {
  afterNews,
  filtersFrom,
  happened,
  initialState,
  matches,
  MOST_ROWS,
  pageRead,
  summaryOf,
} from '../../src/emulator/inspector/page/deliveries-state.js';
import type { DeliveriesState, DeliveryFilters } from '../../src/emulator/inspector/page/deliveries-state.js';

const TX = '0x' + 'ab'.repeat(32);
const ADDRESS = '0x71c7656ec7ab88b098defb751b7401b5f6d8976f';
const NOW = Date.parse('2026-01-01T12:00:00Z');

function record(n: number, changes: Partial<DeliveryRecord> = {}): DeliveryRecord {
  return {
    messageId: `msg-${String(n).padStart(4, '0')}-aaaaaaaa`,
    webhookId: 'wh-1',
    webhookName: null,
    url: 'http://127.0.0.1:9/hook',
    createdAt: new Date(NOW - 60_000 + n * 1000).toISOString(),
    attempts: 0,
    lastStatus: null,
    state: 'retrying',
    about: { chainId: '43113', transactionHash: TX, addresses: [ADDRESS] },
    ...changes,
  };
}

const filters = (changes: Partial<DeliveryFilters> = {}): DeliveryFilters => ({
  state: '',
  webhookId: '',
  q: '',
  since: '',
  until: '',
  ...changes,
});

/** A first page read with `rows` (newest first) of `total`, more pages after it when `more`. */
function loaded(rows: DeliveryRecord[], total: number, chosen = filters(), more = false): DeliveriesState {
  return pageRead(initialState(chosen), 0, { deliveries: rows, total, dropped: 0, ...(more ? { nextPageToken: 'next' } : {}) });
}

describe('the deliveries state', () => {
  it('updates a row in place and puts a new message in its place by time, counting it', () => {
    let state = loaded([record(3), record(1)], 2);
    state = afterNews(state, { kind: 'attempt', delivery: record(1, { attempts: 1, lastStatus: 200, state: 'delivered' }) }).state;
    expect(state.rows.map((row) => [row.messageId.slice(0, 8), row.state])).toEqual([
      ['msg-0003', 'retrying'],
      ['msg-0001', 'delivered'],
    ]);
    state = afterNews(state, { kind: 'message', delivery: record(2) }).state;
    expect(state.rows.map((row) => row.messageId.slice(0, 8))).toEqual(['msg-0003', 'msg-0002', 'msg-0001']);
    expect(state.total).toBe(3);
  });

  it('never goes back: news older than what is shown (a page read after it) changes nothing', () => {
    const state = loaded([record(1, { attempts: 2, state: 'failed', givenUpReason: 'attempts_exhausted' })], 1);
    const after = afterNews(state, { kind: 'scheduled', delivery: record(1, { attempts: 1, nextAttemptAt: new Date(NOW).toISOString() }) });
    expect(after.state.rows[0]!.state).toBe('failed');
  });

  it('drops a row that no longer matches its filter, and counts one that now does', () => {
    let state = loaded([record(2), record(1)], 2, filters({ state: 'retrying' }));
    state = afterNews(state, {
      kind: 'given-up',
      delivery: record(1, { state: 'failed', givenUpReason: 'webhook_switched_off', switchedOffBy: 'msg-0009' }),
    }).state;
    expect(state.rows.map((row) => row.messageId.slice(0, 8))).toEqual(['msg-0002']);
    expect(state.total).toBe(1);

    let failed = loaded([], 0, filters({ state: 'failed' }));
    failed = afterNews(failed, { kind: 'given-up', delivery: record(5, { state: 'failed', givenUpReason: 'expired' }) }).state;
    expect([failed.rows.length, failed.total]).toEqual([1, 1]);
  });

  it('on a later page, takes no message newer than its rows, but counts it', () => {
    const state = pageRead(loaded([record(9)], 3, filters(), true), 1, { deliveries: [record(2), record(1)], total: 3, dropped: 0 });
    const after = afterNews(state, { kind: 'message', delivery: record(10) }).state;
    expect([after.rows.length, after.total, after.pageTokens]).toEqual([2, 4, [undefined, 'next']]);
  });

  it('reads again on a reset, on missed events, and when the first page outgrows what it holds', () => {
    const state = loaded([record(1)], 1);
    expect(afterNews(state, { kind: 'reset' }).reread).toBe(true);
    expect(afterNews(state, { kind: 'reload' }).reread).toBe(true);
    let big = loaded(
      Array.from({ length: MOST_ROWS }, (_, index) => record(MOST_ROWS - index)),
      MOST_ROWS,
    );
    const grown = afterNews(big, { kind: 'message', delivery: record(MOST_ROWS + 1) });
    big = grown.state;
    expect([grown.reread, big.rows.length]).toEqual([true, MOST_ROWS + 1]);
  });

  it('matches as the emulator filters: message id or its first 8+ characters, transaction, address; time range', () => {
    const one = record(1);
    expect(matches(filters({ q: one.messageId.toUpperCase() }), one)).toBe(true);
    expect(matches(filters({ q: one.messageId.slice(0, 8) }), one)).toBe(true);
    expect(matches(filters({ q: one.messageId.slice(0, 7) }), one)).toBe(false);
    expect(matches(filters({ q: TX.toUpperCase().replace('0X', '0x') }), one)).toBe(true);
    expect(matches(filters({ q: ADDRESS }), one)).toBe(true);
    expect(matches(filters({ q: '0x' + '1'.repeat(40) }), one)).toBe(false);
    expect(matches(filters({ since: one.createdAt }), one)).toBe(true);
    expect(matches(filters({ until: one.createdAt }), one)).toBe(false);
    expect(matches(filters({ webhookId: 'wh-2' }), one)).toBe(false);
  });

  it('reads its filters from the address, leaving out what is not one', () => {
    expect(filtersFrom(new URLSearchParams('state=nope&webhook= wh-1 &q=%200xAB%20&since=2026-01-01T00:00:00Z&until=junk'))).toEqual({
      state: '',
      webhookId: 'wh-1',
      q: '0xAB',
      since: '2026-01-01T00:00:00.000Z',
      until: '',
    });
  });

  it('says what happened in words, counting down, and not guessing while the emulator is unreachable', () => {
    const next = new Date(NOW + 12_000).toISOString();
    expect(happened(record(1, { attempts: 1, lastStatus: 200, state: 'delivered' }), NOW, true)).toBe('delivered 200');
    expect(happened(record(1, { attempts: 3, lastStatus: 500, state: 'failed', givenUpReason: 'webhook_switched_off' }), NOW, true)).toBe(
      'failed: webhook switched off',
    );
    const retrying = record(1, { attempts: 1, lastStatus: 500, nextAttemptAt: next });
    expect(happened(retrying, NOW, true)).toBe('retrying in 12 s (last 500)');
    expect(happened(retrying, NOW + 5_000, true)).toBe('retrying in 7 s (last 500)');
    expect(happened(retrying, NOW, false)).toBe('retrying, not known now: the emulator is unreachable (last 500)');
    expect(happened(record(1), NOW, true)).toBe('waiting for its first attempt');
  });

  it('counts the rows shown among the true total', () => {
    expect(summaryOf(loaded([record(2), record(1)], 2))).toBe('2 messages');
    const second = pageRead(loaded([record(9)], 52, filters(), true), 1, { deliveries: [record(2), record(1)], total: 52, dropped: 0 });
    expect(summaryOf(second)).toBe('51\u201352 of 52 messages');
  });
});
