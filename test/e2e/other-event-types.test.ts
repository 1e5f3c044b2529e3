// Webhooks of other event types than address_activity (the real service's validator_activity and
// primary_network_address_activity): the emulator creates and lists them in the operator's shapes and delivers nothing
// for them; svc lists and shows them with their event type, and its address commands refuse them (exit 2). Metadata
// the operator's description refuses is refused, field by field, so a client that validates answers (the operator's
// SDK) reads every listing.
import { AvaCloudSDK } from '@avalabs/avacloud-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { runInProcess } from '../helpers/cli.js';
import { API_KEY, call, startReceiver, startTestEmulator } from '../helpers/emulator-helpers.js';
import type { Receiver } from '../helpers/emulator-helpers.js';

let emulator: RunningEmulator;
let receiver: Receiver;
beforeAll(async () => {
  [emulator, receiver] = await Promise.all([startTestEmulator(), startReceiver()]);
});
afterAll(async () => {
  await Promise.all([emulator.close(), receiver.close()]);
});

const VALIDATORS = {
  eventType: 'validator_activity',
  url: 'https://example.com/validators',
  name: 'validators',
  network: 'fuji',
  metadata: {
    keyType: 'nodeId',
    keys: ['NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg'],
    subEvents: { validatorActivitySubEvents: ['validator_stake'] },
  },
};
const PLATFORM = {
  eventType: 'primary_network_address_activity',
  url: 'https://example.com/platform',
  name: 'platform',
  network: 'mainnet',
  chainId: '11111111111111111111111111111111LpoYY',
  metadata: {
    keyType: 'addresses',
    keys: ['avax1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq'],
    subEvents: { addressActivitySubEvents: ['balance_change'] },
  },
};

describe('other event types', () => {
  it('the emulator creates them with the metadata of the operator’s models, lists them, and refuses a wrong shape', async () => {
    const created = await call(emulator.url, 'POST', '/v1/webhooks', { key: API_KEY, body: VALIDATORS });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      eventType: 'validator_activity',
      status: 'active',
      network: 'fuji',
      metadata: VALIDATORS.metadata,
    });
    expect(created.body.metadata.addresses).toBeUndefined();
    const bad = await call(emulator.url, 'POST', '/v1/webhooks', {
      key: API_KEY,
      body: { ...PLATFORM, metadata: { keyType: 'nodeId', keys: [] } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(
      expect.arrayContaining(['metadata.keyType must be one of: addresses', 'metadata.keys must be an array of 1 or more strings']),
    );
  });

  it('svc webhook list and get show the event type; the address commands refuse them with exit 2; nothing is delivered', async () => {
    const key = 'other-types-key-1';
    const platform = (await call(emulator.url, 'POST', '/v1/webhooks', { key, body: { ...PLATFORM, url: receiver.url } })).body.id;
    const options = { baseUrl: emulator.url, apiKey: key };
    const listed = await runInProcess(['webhook', 'list'], options);
    expect(listed.exitCode, listed.stderr).toBe(0);
    expect(listed.stdout.trimEnd().split('\t').at(-1)).toBe('primary_network_address_activity');
    const shown = await runInProcess(['webhook', 'get', platform], { ...options, stdoutTTY: true, columns: 120 });
    expect(shown.stdout).toMatch(/EVENT TYPE\s+primary_network_address_activity/);
    for (const args of [
      ['list', platform],
      ['add', platform, '--address', '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'],
    ]) {
      const refused = await runInProcess(['webhook', 'addresses', ...args], options);
      expect(refused.exitCode).toBe(2);
      expect(refused.stderr).toMatch(/valid only for EVM activity webhooks/);
    }
    const injected = await call(emulator.url, 'POST', '/_emulator/transactions', {
      body: { chainId: '11111111111111111111111111111111LpoYY' },
    });
    expect(injected.status, JSON.stringify(injected.body)).toBe(400);
    expect(receiver.requests).toHaveLength(0);
  });
});

/** A copy of `body` with `metadata` changed: fields set, or removed where the value is undefined. */
function withMetadata(body: typeof VALIDATORS | typeof PLATFORM, changes: Record<string, unknown>): Record<string, unknown> {
  const metadata: Record<string, unknown> = { ...body.metadata, ...changes };
  for (const [field, value] of Object.entries(changes)) if (value === undefined) delete metadata[field];
  return { ...body, metadata };
}

describe('other event types: metadata as the operator’s description defines it', () => {
  const sub = (field: string, events: unknown) => ({ subEvents: { [field]: events } });
  const CASES: Array<[string, Record<string, unknown>, string | string[]]> = [
    [
      'a validator sub-event outside the enum',
      withMetadata(VALIDATORS, sub('validatorActivitySubEvents', ['validator_stake', 'validator_unstake'])),
      'metadata.subEvents.validatorActivitySubEvents holds "validator_unstake": each must be one of: validator_stake, delegator_stake, reward_distribution, l1_validator_balance_increased, l1_validator_disabled, l1_validator_removed, l1_validator_balance_threshold',
    ],
    [
      'an address sub-event outside the enum',
      withMetadata(PLATFORM, sub('addressActivitySubEvents', ['balance_drop'])),
      'metadata.subEvents.addressActivitySubEvents holds "balance_drop": each must be one of: balance_change, balance_threshold, reward_distribution',
    ],
    [
      'sub-events not an array',
      withMetadata(VALIDATORS, sub('validatorActivitySubEvents', 'validator_stake')),
      'metadata.subEvents.validatorActivitySubEvents must be an array of strings',
    ],
    [
      'sub-events of the other type',
      withMetadata(VALIDATORS, sub('addressActivitySubEvents', ['balance_change'])),
      [
        'property metadata.subEvents.addressActivitySubEvents should not exist',
        'metadata.subEvents.validatorActivitySubEvents is required',
      ],
    ],
    ['no sub-events', withMetadata(PLATFORM, { subEvents: undefined }), 'metadata.subEvents is required'],
    ['no key type', withMetadata(VALIDATORS, { keyType: undefined }), 'metadata.keyType is required'],
    [
      'a key type of the other event type',
      withMetadata(VALIDATORS, { keyType: 'addresses' }),
      'metadata.keyType must be one of: nodeId, subnetId',
    ],
    [
      'two keys for validator activity (it takes one)',
      withMetadata(VALIDATORS, { keys: ['NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg', 'NodeID-MFrZFVCXPv5iCn6M9K6XduxGTYp891xXZ'] }),
      'metadata.keys must be an array of exactly 1 string',
    ],
    ['no keys', withMetadata(PLATFORM, { keys: undefined }), 'metadata.keys is required'],
    ['an empty key for validator activity', withMetadata(VALIDATORS, { keys: [''] }), 'metadata.keys must hold no empty string'],
    ['a blank key among others', withMetadata(PLATFORM, { keys: ['P-fuji1abc', ' '] }), 'metadata.keys must hold no empty string'],
    ['keys that are not strings', withMetadata(PLATFORM, { keys: [42] }), 'metadata.keys must be an array of 1 or more strings'],
    [
      'a fee threshold of the wrong type',
      withMetadata(VALIDATORS, { l1ValidatorFeeBalanceThreshold: 1000 }),
      'metadata.l1ValidatorFeeBalanceThreshold must be a string of decimal digits, an amount in nAVAX, e.g. "1000000000"',
    ],
    [
      'a balance threshold of the wrong type',
      withMetadata(PLATFORM, { balanceThresholdFilter: { balanceType: 'unlocked', balanceThreshold: 5 } }),
      'metadata.balanceThresholdFilter.balanceThreshold must be a string of decimal digits, an amount in nAVAX, e.g. "1000000000"',
    ],
    [
      'a balance filter without its threshold',
      withMetadata(PLATFORM, { balanceThresholdFilter: { balanceType: 'unlocked' } }),
      'metadata.balanceThresholdFilter.balanceThreshold is required',
    ],
    [
      'a balance filter without its balance type',
      withMetadata(PLATFORM, { balanceThresholdFilter: { balanceThreshold: '1000' } }),
      'metadata.balanceThresholdFilter.balanceType is required',
    ],
    [
      'a balance type outside the enum',
      withMetadata(PLATFORM, { balanceThresholdFilter: { balanceType: 'everything', balanceThreshold: '1' } }),
      'metadata.balanceThresholdFilter.balanceType must be one of: unlockedUnstaked, unlockedStaked, lockedPlatform, lockedStakeable, lockedStaked, pendingStaked, unlocked, locked, atomicMemoryUnlocked, atomicMemoryLocked',
    ],
    [
      'a balance filter that is not an object',
      withMetadata(PLATFORM, { balanceThresholdFilter: 'unlocked>1' }),
      'metadata.balanceThresholdFilter must be an object',
    ],
    ['node ids that are not strings', withMetadata(VALIDATORS, { nodeIds: 'NodeID-1' }), 'metadata.nodeIds must be an array of strings'],
    [
      'a field of the other type',
      withMetadata(VALIDATORS, { balanceThresholdFilter: { balanceType: 'unlocked', balanceThreshold: '1' } }),
      'property metadata.balanceThresholdFilter should not exist',
    ],
    ['no metadata', { ...VALIDATORS, metadata: undefined }, 'metadata is required'],
    ['a network the type does not know', { ...PLATFORM, network: 'testnet' }, 'network must be one of: mainnet, fuji'],
    ['no chain id for primary network activity', { ...PLATFORM, chainId: undefined }, 'chainId is required'],
  ];

  it.each(CASES)('%s: 400 naming the field and the rule', async (_what, body, message) => {
    const refused = await call(emulator.url, 'POST', '/v1/webhooks', { key: 'metadata-rules-key', body });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    // One broken rule is a message, several an array of them (as the real service answers).
    expect([refused.body.message].flat()).toEqual([message].flat());
  });

  it('metadata with every optional field right is taken, and the operator’s SDK reads the listing of them', async () => {
    const key = 'metadata-rules-sdk-key';
    const full = [
      withMetadata(VALIDATORS, {
        subEvents: { validatorActivitySubEvents: ['l1_validator_balance_threshold', 'validator_stake'] },
        nodeIds: ['NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg'],
        subnetIds: ['11111111111111111111111111111111LpoYY'],
        l1ValidatorFeeBalanceThreshold: '5000000000',
        eventSignatures: [],
      }),
      withMetadata(PLATFORM, {
        subEvents: { addressActivitySubEvents: ['balance_threshold', 'reward_distribution'] },
        balanceThresholdFilter: { balanceType: 'unlockedUnstaked', balanceThreshold: '1000000000' },
      }),
    ];
    for (const body of full) {
      const created = await call(emulator.url, 'POST', '/v1/webhooks', { key, body });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.metadata).toEqual(body.metadata);
    }
    for (const [, body] of CASES) await call(emulator.url, 'POST', '/v1/webhooks', { key, body });
    const sdk = new AvaCloudSDK({ serverURL: emulator.url, apiKey: key });
    const listed = await sdk.webhooks.list({ pageSize: 100 }, { serverURL: emulator.url });
    expect(listed.result.webhooks.map((webhook) => webhook.eventType).sort()).toEqual([
      'primary_network_address_activity',
      'validator_activity',
    ]);
  });
});
