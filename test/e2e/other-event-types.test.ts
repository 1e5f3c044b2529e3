// Webhooks of other event types than address_activity (the real service's validator_activity and
// primary_network_address_activity): the emulator creates and lists them in the operator's shapes and delivers nothing
// for them; svc lists and shows them with their event type, and its address commands refuse them (exit 2).
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
