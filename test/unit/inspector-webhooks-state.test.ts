// The inspector's Webhooks view, its state without a browser: pages and summaries merged, statuses kept true by the
// stream, a filter that drops what no longer matches, a reset, and the words a key, a name or a time is shown with.
import { describe, expect, it } from 'vitest';
import type { WebhookSummary } from '../../src/schema/emulator-control.js';
import type { Webhook } from '../../src/schema/webhooks.js';
import {
  deactivateQuestion,
  emulatorReset,
  initialWebhooks,
  oneLine,
  pageLoaded,
  recoveredText,
  recoverSince,
  summariesLoaded,
  switchedOffText,
  webhookChanged,
  webhookUpdated,
} from '../../src/emulator/inspector/page/webhooks-state.js';
import { keyProblem, maskedKey } from '../../src/emulator/inspector/page/key.js';

const webhook = (id: string, status: Webhook['status'] = 'active', name?: string): Webhook => ({
  id,
  url: `http://127.0.0.1:3000/${id}`,
  chainId: '43113',
  status,
  createdAt: 1_700_000_000_000,
  eventType: 'address_activity',
  metadata: { addresses: [] },
  ...(name === undefined ? {} : { name }),
});
const summary = (webhookId: string, overrides: Partial<WebhookSummary> = {}): WebhookSummary => ({
  webhookId,
  status: 'active',
  failedMessages: 0,
  lastSuccessAt: null,
  ...overrides,
});
const ids = (state: { webhooks: readonly Webhook[] }) => state.webhooks.map((one) => `${one.id}:${one.status}`);

describe('the Webhooks view state', () => {
  it('pages: the first replaces, a later one adds what is not shown yet, the next token kept until the last page', () => {
    let state = pageLoaded(initialWebhooks(), { webhooks: [webhook('a'), webhook('b')], nextPageToken: 't1' }, true);
    expect([ids(state), state.nextPageToken, state.loaded]).toEqual([['a:active', 'b:active'], 't1', true]);
    state = pageLoaded(state, { webhooks: [webhook('b'), webhook('c')], nextPageToken: null }, false);
    expect([ids(state), state.nextPageToken]).toEqual([['a:active', 'b:active', 'c:active'], undefined]);
    state = pageLoaded(state, { webhooks: [webhook('z')] }, true);
    expect(ids(state)).toEqual(['z:active']);
  });

  it("a webhook switched off reads inactive from the stream's event, with why; activated again, active", () => {
    let state = summariesLoaded(pageLoaded(initialWebhooks(), { webhooks: [webhook('a'), webhook('b')] }, true), [
      summary('a', { failedMessages: 2, lastSuccessAt: '2026-01-01T00:00:00.000Z' }),
    ]);
    state = webhookChanged(state, {
      webhookId: 'a',
      status: 'inactive',
      changedAt: '2026-01-01T00:01:00.000Z',
      reason: 'webhook_switched_off',
      byMessageId: 'm1',
    });
    expect(ids(state)).toEqual(['a:inactive', 'b:active']);
    expect(state.summaries.get('a')).toEqual({
      webhookId: 'a',
      status: 'inactive',
      failedMessages: 2,
      lastSuccessAt: '2026-01-01T00:00:00.000Z',
      switchedOff: { at: '2026-01-01T00:01:00.000Z', reason: 'webhook_switched_off', byMessageId: 'm1' },
    });
    expect(switchedOffText(state.summaries.get('a'))).toBe('switched off by the emulator: a message used up its attempts');
    state = webhookChanged(state, { webhookId: 'a', status: 'active', changedAt: '2026-01-01T00:02:00.000Z', reason: 'activated' });
    expect(ids(state)).toEqual(['a:active', 'b:active']);
    expect(state.summaries.get('a')?.switchedOff).toBeUndefined();
    expect(switchedOffText(state.summaries.get('a'))).toBeUndefined();
  });

  it('a summary newer than the page sets the status; a view filtered by status drops a row that no longer matches', () => {
    let state = pageLoaded(initialWebhooks('active'), { webhooks: [webhook('a'), webhook('b'), webhook('c', 'inactive')] }, true);
    expect(ids(state)).toEqual(['a:active', 'b:active']);
    state = summariesLoaded(state, [summary('a', { status: 'inactive' })]);
    expect(ids(state)).toEqual(['b:active']);
    state = webhookChanged(state, {
      webhookId: 'b',
      status: 'inactive',
      changedAt: '2026-01-01T00:00:00.000Z',
      reason: 'webhook_deactivated',
    });
    expect(ids(state)).toEqual([]);
    state = pageLoaded(initialWebhooks('inactive'), { webhooks: [webhook('a', 'inactive')] }, true);
    expect(ids(webhookUpdated(state, webhook('a', 'active')))).toEqual([]);
    expect(ids(webhookUpdated(state, { ...webhook('a', 'inactive'), name: 'x' }))).toEqual(['a:inactive']);
  });

  it('a reset leaves no webhook and no summary', () => {
    const state = summariesLoaded(pageLoaded(initialWebhooks(), { webhooks: [webhook('a')], nextPageToken: 't' }, true), [summary('a')]);
    const after = emulatorReset(state);
    expect([after.webhooks, after.summaries.size, after.nextPageToken]).toEqual([[], 0, undefined]);
  });

  it('a key outside Latin-1 is refused with why, before anything is sent; a key with a line break too', () => {
    expect(keyProblem('ordinary-key-123')).toBeUndefined();
    expect(keyProblem('caf\u00e9-latin-1-is-fine')).toBeUndefined();
    expect(keyProblem('key-\u2013-dash')).toMatch(
      /^The key holds "\u2013", a character outside Latin-1: a request header can carry Latin-1 only/,
    );
    expect(keyProblem('key-\u{1f511}')).toContain('outside Latin-1');
    expect(keyProblem('two\nlines')).toMatch(/control character/);
    expect(keyProblem('')).toMatch(/^Give a key/);
    expect([maskedKey('abcdefghijkl'), maskedKey('short')]).toEqual(['****ijkl', '****']);
  });

  it("a name's line breaks, controls and bidirectional overrides read as escapes, on one line: the dialog asks about one webhook", () => {
    expect(oneLine('payouts\nDeactivate every webhook?\r\tx\u202eevil\u0000')).toBe(
      'payouts\\nDeactivate every webhook?\\r\\tx\\u202eevil\\u0000',
    );
    const question = deactivateQuestion({ id: 'w1', name: 'a\nb' });
    expect(question).toBe('Deactivate a\\nb? Its messages still being retried are given up, and no new ones are sent.');
    expect(question.split('\n')).toHaveLength(1);
    expect(deactivateQuestion({ id: 'w1' })).toMatch(/^Deactivate w1\?/);
  });

  it('Recover: a local date and time as an instant, or what is wrong; how many were sent again, in words', () => {
    expect(recoverSince('2026-03-04T05:06')).toEqual({ since: new Date(2026, 2, 4, 5, 6).toISOString() });
    expect(recoverSince('2026-03-04T05:06:07')).toEqual({ since: new Date(2026, 2, 4, 5, 6, 7).toISOString() });
    for (const bad of ['', 'yesterday', '2026-03-04', '2026-13-40T99:99'])
      expect(recoverSince(bad), bad).toEqual({ problem: 'Since: give a date and a time.' });
    expect(recoveredText({ id: 'w', name: 'orders' }, { recovered: 3, messageIds: ['a', 'b', 'c'] })).toBe(
      '3 failed messages of orders sent again.',
    );
    expect(recoveredText({ id: 'w', name: 'orders' }, { recovered: 1, messageIds: ['a'] })).toBe('1 failed message of orders sent again.');
    expect(recoveredText({ id: 'w' }, { recovered: 0, messageIds: [] })).toBe('No failed message of w since then: nothing sent.');
  });
});
