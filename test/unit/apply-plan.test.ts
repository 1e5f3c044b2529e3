// The plan of `svc webhook apply` as pure functions: matching by name, the changes and their order, the refusals.
import { describe, expect, it } from 'vitest';
import type { DesiredWebhook } from '../../src/apply/file.js';
import { ADDRESS_BATCH_SIZE, checkFixedFields, matchWebhooks, planChanges } from '../../src/apply/plan.js';
import type { Match, PlanOptions, ServiceWebhook } from '../../src/apply/plan.js';
import { changeLine } from '../../src/apply/report.js';
import { UsageError } from '../../src/errors.js';

const A1 = '0x1111111111111111111111111111111111111111';
const A2 = '0x2222222222222222222222222222222222222222';
const A3 = '0x3333333333333333333333333333333333333333';
const SIG = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

const desired = (overrides: Partial<DesiredWebhook> = {}): DesiredWebhook => ({
  index: 0,
  name: 'treasury',
  url: 'https://example.com/hook',
  chainId: '43114',
  addresses: [A1],
  eventSignatures: [],
  includeLogs: false,
  includeInternalTxs: false,
  status: 'active',
  ...overrides,
});

const onService = (overrides: Partial<ServiceWebhook> = {}): ServiceWebhook => ({
  id: 'w1',
  name: 'treasury',
  status: 'active',
  url: 'https://example.com/hook',
  chainId: '43114',
  eventSignatures: [],
  includeLogs: false,
  includeInternalTxs: false,
  ...overrides,
});

const OPTIONS: PlanOptions = { recreate: false, prune: false };

function plan(entries: DesiredWebhook[], webhooks: ServiceWebhook[], addresses: Record<string, string[]> = {}, options = OPTIONS) {
  const matches = matchWebhooks(entries, webhooks);
  checkFixedFields(matches, options);
  return planChanges(matches, new Map(Object.entries(addresses)), webhooks, options);
}

const lines = (result: ReturnType<typeof plan>) => result.changes.map((change) => changeLine(change));

describe('matchWebhooks', () => {
  it('an entry is the active webhook of its name, else the one inactive one, else none', () => {
    const entries = [desired(), desired({ index: 1, name: 'ops' }), desired({ index: 2, name: 'new' })];
    const webhooks = [
      onService({ id: 'old', status: 'inactive' }),
      onService({ id: 'live' }),
      onService({ id: 'off', name: 'ops', status: 'inactive' }),
      onService({ id: 'anon', name: undefined }),
    ];
    const matched = matchWebhooks(entries, webhooks).map((match: Match) => match.current?.id);
    expect(matched).toEqual(['live', 'off', undefined]);
  });

  it.each([
    [
      [onService({ id: 'a' }), onService({ id: 'b' }), onService({ id: 'c', status: 'inactive' })],
      /2 active webhooks have this name: a, b$/,
    ],
    [
      [onService({ id: 'a', status: 'inactive' }), onService({ id: 'b', status: 'inactive' })],
      /no active webhook has this name, but 2 inactive ones do: a, b$/,
    ],
  ])('refuses an ambiguous name with its ids (%#)', (webhooks, message) => {
    expect(() => matchWebhooks([desired()], webhooks)).toThrow(UsageError);
    expect(() => matchWebhooks([desired()], webhooks)).toThrow(message);
  });
});

describe('planChanges', () => {
  it('nothing to do when the webhook matches (addresses compared case-insensitively)', () => {
    const result = plan([desired({ addresses: [A1.toUpperCase().replace('0X', '0x')] })], [onService()], { w1: [A1] });
    expect(result).toEqual({ changes: [], unchanged: ['treasury'] });
  });

  it('orders an entry: deactivate, update, add, remove; or activate last', () => {
    const goingOff = plan([desired({ status: 'inactive', url: 'https://example.com/2', addresses: [A1, A2] })], [onService()], {
      w1: [A1, A3],
    });
    expect(lines(goingOff)).toEqual([
      '- deactivate treasury',
      '~ update treasury: url',
      '+ add 1 address to treasury',
      '- remove 1 address from treasury',
    ]);
    const goingOn = plan([desired({ includeLogs: true })], [onService({ status: 'inactive' })], { w1: [A1] });
    expect(lines(goingOn)).toEqual(['~ update treasury: includeLogs', '~ activate treasury']);
  });

  it('batches address changes by 500, in order', () => {
    const many = Array.from({ length: ADDRESS_BATCH_SIZE * 2 + 1 }, (_, i) => '0x' + (i + 10).toString(16).padStart(40, '0'));
    const result = plan([desired({ addresses: [A1, ...many] })], [onService()], { w1: [A1] });
    const [change] = result.changes;
    expect(change).toMatchObject({ kind: 'addAddresses' });
    expect(change?.kind === 'addAddresses' && change.batches.map((batch) => batch.length)).toEqual([500, 500, 1]);
    expect(change?.kind === 'addAddresses' && change.batches.flat()).toEqual(many);
    expect(lines(result)).toEqual(['+ add 1001 addresses to treasury']);
  });

  it('creates an absent webhook with its name, then deactivates it when the file says inactive', () => {
    const result = plan([desired({ status: 'inactive', eventSignatures: [SIG], description: 'd', includeInternalTxs: true })], []);
    expect(result.changes).toEqual([
      {
        kind: 'create',
        name: 'treasury',
        request: {
          url: 'https://example.com/hook',
          chainId: '43114',
          eventType: 'address_activity',
          metadata: { addresses: [A1], eventSignatures: [SIG] },
          name: 'treasury',
          description: 'd',
          includeInternalTxs: true,
        },
        moreAddresses: [],
      },
      { kind: 'deactivate', name: 'treasury', target: { createdFor: 'treasury' } },
    ]);
  });

  it('a chainId or event-signature change: refused without --recreate, a recreate with it', () => {
    const webhooks = [onService({ chainId: '43113', eventSignatures: [SIG] })];
    expect(() => plan([desired()], webhooks, {})).toThrow(/^webhooks\[0\] \("treasury"\)\.chainId differs from webhook w1/);
    const result = plan([desired()], webhooks, {}, { recreate: true, prune: false });
    expect(result.changes).toMatchObject([
      { kind: 'recreate', name: 'treasury', oldId: 'w1', changed: ['chainId', 'eventSignatures'], retiredName: 'treasury (replaced)' },
    ]);
    expect(lines(result)).toEqual(['± recreate treasury: chainId, eventSignatures']);
  });

  it('event signatures compare as sets, case-insensitively', () => {
    const result = plan(
      [desired({ eventSignatures: [SIG.toUpperCase().replace('0X', '0x'), SIG] })],
      [onService({ eventSignatures: [SIG] })],
      {
        w1: [A1],
      },
    );
    expect(result.changes).toEqual([]);
  });

  it('--prune deactivates the active webhooks the file does not name, after the entries', () => {
    const webhooks = [onService({ id: 'gone', name: 'gone' }), onService(), onService({ id: 'off', name: 'off', status: 'inactive' })];
    const result = plan([desired({ url: 'https://example.com/2' })], webhooks, { w1: [A1] }, { recreate: false, prune: true });
    expect(lines(result)).toEqual(['~ update treasury: url', '- deactivate gone (not in the file)']);
  });
});
