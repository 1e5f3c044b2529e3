// `svc webhook apply`: the requests each kind of change sends (method, path, exact body), reads only for a dry run and
// for a file the service already matches, file errors before any request, ambiguous names refused with their ids.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli.js';
import type { InProcessOptions } from '../helpers/cli.js';
import { makeWebhook, numberedAddress } from '../helpers/fixtures.js';
import { errorAnswer, json, useRecordingServer } from '../helpers/test-server.js';
import type { RecordedRequest, Reply } from '../helpers/test-server.js';

const KEY = 'sk_test_webhook_apply_0001';
const A1 = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const A2 = '0x52908400098527886E0F7030069857D2E4169EE7';
const A3 = '0xde709f2102306220921060314715629080e2fb77';
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const ID = '3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60';
const NEW_ID = '9b1e0c55-2a4f-4e8d-8c61-7f3a2d9e4b10';

interface FakeWebhook {
  id: string;
  name?: string;
  status?: string;
  url?: string;
  chainId?: string;
  description?: string;
  includeLogs?: boolean;
  includeInternalTxs?: boolean;
  eventSignatures?: string[];
  addresses?: string[];
  /** address_activity unless given: the real service lists webhooks of other event types too. */
  eventType?: string;
}

/** The key's webhooks as the service lists them, each address list served by GET .../addresses; writes answer 200. */
let service: FakeWebhook[] = [];
const server = useRecordingServer(() => {
  service = [];
  return answer;
});

function webhookObject(webhook: FakeWebhook): Record<string, unknown> {
  const { addresses = [A1.toLowerCase()], eventSignatures = [], ...fields } = webhook;
  return makeWebhook({
    name: undefined,
    description: undefined,
    url: 'https://example.com/hook',
    chainId: '43114',
    ...fields,
    metadata: { addresses, eventSignatures },
  });
}

function answer(request: RecordedRequest): Reply {
  if (request.method === 'GET' && request.path === '/v1/webhooks') return json({ webhooks: service.map(webhookObject) });
  const addresses = /^\/v1\/webhooks\/([^/]+)\/addresses$/.exec(request.path);
  if (request.method === 'GET' && addresses) {
    const found = service.find((webhook) => webhook.id === decodeURIComponent(addresses[1]!));
    const list = found?.addresses ?? [A1.toLowerCase()];
    return json({ addresses: list, totalAddresses: list.length });
  }
  if (request.method === 'POST') return json(makeWebhook({ id: NEW_ID }), 201);
  return json(makeWebhook());
}

const dir = mkdtempSync(join(tmpdir(), 'svc-apply-'));
let fileCount = 0;
/** Writes the file (an object is JSON-encoded) and returns its path. */
function webhooksFile(content: unknown, name = `webhooks-${++fileCount}.json`): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const entry = (overrides: Record<string, unknown> = {}) => ({
  name: 'treasury',
  url: 'https://example.com/hook',
  chainId: '43114',
  addresses: [A1],
  ...overrides,
});

const apply = (args: string[], options: InProcessOptions = {}) =>
  runInProcess(['webhook', 'apply', ...args], { baseUrl: server.url, apiKey: KEY, ...options });

const writes = () => server.requests.filter((request) => request.method !== 'GET');
const sent = () =>
  writes().map((request) => ({
    method: request.method,
    path: request.path,
    body: request.body === '' ? undefined : JSON.parse(request.body),
  }));

describe('svc webhook apply: a file the service already matches', () => {
  it('sends reads only and says "no changes"', async () => {
    service = [{ id: ID, name: 'treasury', status: 'active', addresses: [A1.toLowerCase()] }];
    const result = await apply(['-f', webhooksFile({ webhooks: [entry()] })]);
    expect(result).toMatchObject({ exitCode: 0, stdout: '', stderr: 'no changes\n' });
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/webhooks',
      `GET /v1/webhooks/${ID}/addresses`,
    ]);
    expect(server.requests[0]!.query).toEqual({ pageSize: '100' });
    expect(server.requests[1]!.query).toEqual({ pageSize: '100' });
  });

  it('follows every page of the listing and of the addresses', async () => {
    const pages: Reply[] = [
      json({ webhooks: [webhookObject({ id: 'w-other', name: 'other', status: 'active' })], nextPageToken: 'p2' }),
      json({ webhooks: [webhookObject({ id: ID, name: 'treasury', status: 'active' })] }),
    ];
    server.respond((request) => {
      if (request.path === '/v1/webhooks') return pages[request.query.pageToken === 'p2' ? 1 : 0]!;
      if (request.query.pageToken === 'a2') return json({ addresses: [A2.toLowerCase()], totalAddresses: 2 });
      return json({ addresses: [A1.toLowerCase()], totalAddresses: 2, nextPageToken: 'a2' });
    });
    const result = await apply(['-f', webhooksFile({ webhooks: [entry({ addresses: [A2, A1] })] })]);
    expect(result).toMatchObject({ exitCode: 0, stdout: '', stderr: 'no changes\n' });
    expect(server.requests.map((request) => request.rawUrl)).toEqual([
      '/v1/webhooks?pageSize=100',
      '/v1/webhooks?pageToken=p2&pageSize=100',
      `/v1/webhooks/${ID}/addresses?pageSize=100`,
      `/v1/webhooks/${ID}/addresses?pageToken=a2&pageSize=100`,
    ]);
  });
});

describe('svc webhook apply: each kind of change sends exactly its requests', () => {
  it('create: one POST with the whole entry, named', async () => {
    const file = webhooksFile({
      webhooks: [
        entry({
          addresses: [A1, A2, A1.toLowerCase()],
          events: ['Transfer(address,address,uint256)'],
          description: 'the treasury',
          includeLogs: true,
        }),
      ],
    });
    const result = await apply(['-f', file]);
    expect(result).toMatchObject({ exitCode: 0, stdout: '+ create treasury\n', stderr: '1 change made: 1 created\n' });
    expect(sent()).toEqual([
      {
        method: 'POST',
        path: '/v1/webhooks',
        body: {
          url: 'https://example.com/hook',
          chainId: '43114',
          eventType: 'address_activity',
          metadata: { addresses: [A1, A2], eventSignatures: [TRANSFER] },
          name: 'treasury',
          description: 'the treasury',
          includeLogs: true,
        },
      },
    ]);
  });

  it('a chainId given by name, as every --chain-id takes it: sent as its id', async () => {
    const result = await apply(['-f', webhooksFile({ webhooks: [entry({ chainId: 'Fuji' })] })]);
    expect(result).toMatchObject({ exitCode: 0, stdout: '+ create treasury\n' });
    expect(JSON.parse(writes()[0]!.body).chainId).toBe('43113');
  });

  it('create with status inactive: the POST, then PATCH status of the new webhook', async () => {
    const result = await apply(['-f', webhooksFile({ webhooks: [entry({ status: 'inactive' })] })]);
    expect(result.stdout).toBe('+ create treasury\n- deactivate treasury\n');
    expect(sent()).toEqual([
      expect.objectContaining({ method: 'POST', path: '/v1/webhooks' }),
      { method: 'PATCH', path: `/v1/webhooks/${NEW_ID}`, body: { status: 'inactive' } },
    ]);
  });

  it('create with 1,200 addresses: 500 in the POST, then batches of 500 and 200 in order', async () => {
    const addresses = Array.from({ length: 1200 }, (_, i) => numberedAddress(i + 1));
    const result = await apply(['-f', webhooksFile({ webhooks: [entry({ addresses })] })]);
    expect(result).toMatchObject({ exitCode: 0, stdout: '+ create treasury\n' });
    const requests = sent();
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /v1/webhooks',
      `PATCH /v1/webhooks/${NEW_ID}/addresses`,
      `PATCH /v1/webhooks/${NEW_ID}/addresses`,
    ]);
    expect(requests[0]!.body.metadata.addresses).toEqual(addresses.slice(0, 500));
    expect(requests[1]!.body).toEqual({ addresses: addresses.slice(500, 1000) });
    expect(requests[2]!.body).toEqual({ addresses: addresses.slice(1000) });
  });

  it('update: one PATCH with only the fields that differ', async () => {
    service = [{ id: ID, name: 'treasury', status: 'active', url: 'https://old.example.com/hook', description: 'same', includeLogs: true }];
    const file = webhooksFile({ webhooks: [entry({ description: 'same', includeInternalTxs: true })] });
    const result = await apply(['-f', file]);
    expect(result).toMatchObject({ exitCode: 0, stdout: '~ update treasury: url, includeLogs, includeInternalTxs\n' });
    expect(sent()).toEqual([
      {
        method: 'PATCH',
        path: `/v1/webhooks/${ID}`,
        body: { url: 'https://example.com/hook', includeLogs: false, includeInternalTxs: true },
      },
    ]);
  });

  it('a description absent from the file is left as it is', async () => {
    service = [{ id: ID, name: 'treasury', status: 'active', description: 'set by hand' }];
    const result = await apply(['-f', webhooksFile({ webhooks: [entry()] })]);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('no changes\n');
    expect(writes()).toEqual([]);
  });

  it('addresses: added (as written) before removed (as listed), compared case-insensitively', async () => {
    service = [{ id: ID, name: 'treasury', status: 'active', addresses: [A1.toLowerCase(), A3] }];
    const result = await apply(['-f', webhooksFile({ webhooks: [entry({ addresses: [A1, A2] })] })]);
    expect(result).toMatchObject({ exitCode: 0, stdout: '+ add 1 address to treasury\n- remove 1 address from treasury\n' });
    expect(sent()).toEqual([
      { method: 'PATCH', path: `/v1/webhooks/${ID}/addresses`, body: { addresses: [A2] } },
      { method: 'DELETE', path: `/v1/webhooks/${ID}/addresses`, body: { addresses: [A3] } },
    ]);
  });

  it('re-activates an inactive webhook last, after its other changes', async () => {
    service = [{ id: ID, name: 'treasury', status: 'inactive', url: 'https://old.example.com/hook' }];
    const result = await apply(['-f', webhooksFile({ webhooks: [entry()] })]);
    expect(result.stdout).toBe('~ update treasury: url\n~ activate treasury\n');
    expect(sent()).toEqual([
      { method: 'PATCH', path: `/v1/webhooks/${ID}`, body: { url: 'https://example.com/hook' } },
      { method: 'PATCH', path: `/v1/webhooks/${ID}`, body: { status: 'active' } },
    ]);
  });

  it('deactivates first when the file says inactive', async () => {
    service = [{ id: ID, name: 'treasury', status: 'active', addresses: [A1.toLowerCase()] }];
    const result = await apply(['-f', webhooksFile({ webhooks: [entry({ status: 'inactive', addresses: [A1, A2] })] })]);
    expect(result.stdout).toBe('- deactivate treasury\n+ add 1 address to treasury\n');
    expect(sent()).toEqual([
      { method: 'PATCH', path: `/v1/webhooks/${ID}`, body: { status: 'inactive' } },
      { method: 'PATCH', path: `/v1/webhooks/${ID}/addresses`, body: { addresses: [A2] } },
    ]);
  });

  it('--recreate: the old one deactivated and renamed in one PATCH, then the POST', async () => {
    service = [{ id: ID, name: 'treasury', status: 'active', chainId: '43113' }];
    const result = await apply(['-f', webhooksFile({ webhooks: [entry()] }), '--recreate']);
    expect(result).toMatchObject({ exitCode: 0, stdout: '± recreate treasury: chainId\n' });
    expect(sent()).toEqual([
      { method: 'PATCH', path: `/v1/webhooks/${ID}`, body: { status: 'inactive', name: 'treasury (replaced)' } },
      expect.objectContaining({ method: 'POST', path: '/v1/webhooks' }),
    ]);
    // A recreated webhook's addresses are not read: the new one gets the file's.
    expect(server.requests.filter((request) => request.path.endsWith('/addresses'))).toEqual([]);
  });

  it('--prune: DELETE for each active webhook the file does not name, inactive ones left alone', async () => {
    service = [
      { id: ID, name: 'treasury', status: 'active' },
      { id: 'w-old', name: 'old', status: 'active' },
      { id: 'w-off', name: 'off', status: 'inactive' },
      { id: 'w-anon', status: 'active' },
    ];
    const result = await apply(['-f', webhooksFile({ webhooks: [entry()] }), '--prune', '--yes']);
    expect(result).toMatchObject({ exitCode: 0, stdout: '- deactivate old (not in the file)\n- deactivate w-anon (not in the file)\n' });
    expect(sent()).toEqual([
      { method: 'DELETE', path: '/v1/webhooks/w-old', body: undefined },
      { method: 'DELETE', path: '/v1/webhooks/w-anon', body: undefined },
    ]);
  });

  it('webhooks of other event types are never matched, updated or pruned, even by name', async () => {
    service = [
      { id: 'w-validators', name: 'treasury', status: 'active', eventType: 'validator_activity' },
      { id: 'w-platform', name: 'platform', status: 'active', eventType: 'primary_network_address_activity' },
      { id: ID, name: 'treasury', status: 'active' },
    ];
    const result = await apply(['-f', webhooksFile({ webhooks: [entry()] }), '--prune', '--yes']);
    expect(result).toMatchObject({ exitCode: 0, stdout: '', stderr: 'no changes\n' });
    expect(sent()).toEqual([]);
    // Only the address-activity webhook's addresses were read.
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/webhooks',
      `GET /v1/webhooks/${ID}/addresses`,
    ]);
  });

  it('--json: one document of what was done, with the ids', async () => {
    service = [{ id: ID, name: 'ops', status: 'active', addresses: [A1.toLowerCase()] }];
    const file = webhooksFile({ webhooks: [entry(), entry({ name: 'ops', addresses: [A1, A2] })] });
    const result = await apply(['-f', file, '--json']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(JSON.parse(result.stdout)).toEqual({
      dryRun: false,
      changes: [
        { action: 'create', name: 'treasury', id: NEW_ID },
        { action: 'addAddresses', name: 'ops', id: ID, addresses: [A2] },
      ],
      unchanged: [],
    });
  });
});

describe('svc webhook apply --dry-run', () => {
  it('prints the plan and sends only reads', async () => {
    service = [
      { id: ID, name: 'ops', status: 'inactive', addresses: [A1.toLowerCase(), A3] },
      { id: 'w-old', name: 'old', status: 'active' },
    ];
    const file = webhooksFile({ webhooks: [entry(), entry({ name: 'ops', url: 'https://example.com/ops', addresses: [A1, A2] })] });
    const result = await apply(['-f', file, '--dry-run', '--prune']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(
      [
        '+ create treasury',
        '~ update ops: url',
        '+ add 1 address to ops',
        '- remove 1 address from ops',
        '~ activate ops',
        '- deactivate old (not in the file)',
        '',
      ].join('\n'),
    );
    expect(result.stderr).toBe(
      'dry run: nothing was changed (6 changes planned: 1 to create, 1 to update, 1 address to add, 1 address to remove, 1 to activate, 1 to deactivate)\n',
    );
    expect(writes()).toEqual([]);
  });

  it('--json: the plan as one document', async () => {
    const result = await apply(['-f', webhooksFile({ webhooks: [entry()] }), '--dry-run', '--json']);
    expect(JSON.parse(result.stdout)).toEqual({ dryRun: true, changes: [{ action: 'create', name: 'treasury' }], unchanged: [] });
    expect(writes()).toEqual([]);
  });
});

describe('svc webhook apply: names that match several webhooks', () => {
  it('two active webhooks with one name: exit 2 listing their ids, nothing changed', async () => {
    service = [
      { id: 'w-1', name: 'treasury', status: 'active' },
      { id: 'w-2', name: 'treasury', status: 'active' },
    ];
    const result = await apply(['-f', webhooksFile({ webhooks: [entry({ url: 'https://example.com/new' })] })]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^svc: webhooks\[0\] \("treasury"\): 2 active webhooks have this name: w-1, w-2\n/);
    expect(writes()).toEqual([]);
  });

  it('several inactive and none active: exit 2 listing their ids', async () => {
    service = [
      { id: 'w-1', name: 'treasury', status: 'inactive' },
      { id: 'w-2', name: 'treasury', status: 'inactive' },
    ];
    const result = await apply(['-f', webhooksFile({ webhooks: [entry()] })]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(
      /^svc: webhooks\[0\] \("treasury"\): no active webhook has this name, but 2 inactive ones do: w-1, w-2\n/,
    );
    expect(writes()).toEqual([]);
  });

  it('one active beside inactive ones: the active one is the match', async () => {
    service = [
      { id: 'w-1', name: 'treasury', status: 'inactive', url: 'https://old.example.com' },
      { id: ID, name: 'treasury', status: 'active' },
    ];
    const result = await apply(['-f', webhooksFile({ webhooks: [entry()] })]);
    expect(result).toMatchObject({ exitCode: 0, stdout: '', stderr: 'no changes\n' });
  });

  it('a chainId change without --recreate: exit 2 naming the field, nothing changed', async () => {
    service = [{ id: ID, name: 'treasury', status: 'active', chainId: '43113' }];
    const result = await apply(['-f', webhooksFile({ webhooks: [entry({ url: 'https://example.com/new' })] })]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(
      `svc: webhooks[0] ("treasury").chainId differs from webhook ${ID} ("43113" there) and cannot be changed in place\n` +
        'run apply with --recreate to deactivate that webhook and create a new one\n',
    );
    expect(writes()).toEqual([]);
  });

  it('an event-signature change without --recreate: exit 2 naming the field', async () => {
    service = [{ id: ID, name: 'treasury', status: 'active' }];
    const result = await apply(['-f', webhooksFile({ webhooks: [entry({ eventSignatures: [TRANSFER] })] })]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^svc: webhooks\[0\] \("treasury"\)\.eventSignatures differs from webhook/);
    expect(writes()).toEqual([]);
  });
});

describe('svc webhook apply: file errors exit 2 naming the entry and field, before any request', () => {
  it.each<[string, unknown, string]>([
    [
      'a chainId that is a number',
      { webhooks: [entry(), entry({ name: 'ops', chainId: 43114 })] },
      'webhooks[1] ("ops").chainId must be a decimal chain id above 0 such as "43114", or a chain\'s name: c-chain (43114), fuji (43113)',
    ],
    [
      'a chainId of 0, refused as `create --chain-id` refuses it',
      { webhooks: [entry({ chainId: '0' })] },
      'webhooks[0] ("treasury").chainId must be a decimal chain id above 0 such as "43114", or a chain\'s name',
    ],
    [
      'a chainId that names no chain svc knows',
      { webhooks: [entry({ chainId: 'fuji2' })] },
      'webhooks[0] ("treasury").chainId must be a decimal chain id above 0 such as "43114", or a chain\'s name',
    ],
    ['a missing url', { webhooks: [{ name: 'ops', chainId: '1', addresses: [A1] }] }, 'webhooks[0] ("ops").url is required'],
    ['a missing name', { webhooks: [{ url: 'https://example.com', chainId: '1', addresses: [A1] }] }, 'webhooks[0].name is required'],
    ['an unknown field', { webhooks: [entry({ colour: 'red' })] }, 'webhooks[0] ("treasury").colour: unknown field (known: name, url'],
    ['an unknown top-level field', { webhooks: [], version: 1 }, 'version: unknown field (the file holds only "webhooks")'],
    ['no webhooks array', {}, 'webhooks is required'],
    ['not an object', [], 'the file must be a JSON object'],
    ['a bad address', { webhooks: [entry({ addresses: [A1, '0x12'] })] }, 'webhooks[0] ("treasury").addresses[1] must be an address'],
    [
      'a wrong EIP-55 checksum',
      { webhooks: [entry({ addresses: [A1.replace('C7', 'c7')] })] },
      'webhooks[0] ("treasury").addresses[0] "0x71c7656EC7ab88b098defB751B7401B5f6d8976F": its mixed case is an EIP-55 checksum',
    ],
    [
      'no addresses',
      { webhooks: [{ name: 'a', url: 'https://example.com', chainId: '1' }] },
      'webhooks[0] ("a").addresses is required (or addressesFile',
    ],
    [
      'both addresses and addressesFile',
      { webhooks: [entry({ addressesFile: 'a.txt' })] },
      'webhooks[0] ("treasury"): give addresses or addressesFile, not both',
    ],
    [
      'an empty address list',
      { webhooks: [entry({ addresses: [] })] },
      'webhooks[0] ("treasury").addresses must contain at least 1 address',
    ],
    ['a bad status', { webhooks: [entry({ status: 'paused' })] }, 'webhooks[0] ("treasury").status must be one of: active, inactive'],
    [
      'a bad url',
      { webhooks: [entry({ url: 'ftp://example.com' })] },
      'webhooks[0] ("treasury").url must be an absolute http or https URL',
    ],
    [
      'a bad event signature',
      { webhooks: [entry({ eventSignatures: ['0x12'] })] },
      'webhooks[0] ("treasury").eventSignatures[0] must be an event signature',
    ],
    [
      'a bad event declaration',
      { webhooks: [entry({ events: ['Transfer(address'] })] },
      'webhooks[0] ("treasury").events[0] "Transfer(address": ',
    ],
    ['a boolean that is a string', { webhooks: [entry({ includeLogs: 'yes' })] }, 'webhooks[0] ("treasury").includeLogs must be a boolean'],
    [
      'a duplicate name',
      { webhooks: [entry(), entry({ url: 'https://example.com/2' })] },
      'webhooks[1] ("treasury").name is also the name of webhooks[0]',
    ],
    ['text that is not JSON', '{"webhooks": [', ': not valid JSON ('],
  ])('%s', async (_case, content, message) => {
    const result = await apply(['-f', webhooksFile(content)]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^svc: /);
    // One message for one field's one problem: never the same field again as "and 1 more".
    if (message.includes('.chainId ')) expect(result.stderr).not.toContain('and 1 more');
    expect(result.stderr.split('\n')[0]).toContain(message);
    expect(result.stdout).toBe('');
    expect(server.requests).toEqual([]);
  });

  it('addressesFile: read relative to the file, lines checked and named', async () => {
    const sub = mkdtempSync(join(dir, 'sub-'));
    writeFileSync(join(sub, 'watch.txt'), `# treasury\n${A1}\n\n${A2}\n`);
    writeFileSync(join(sub, 'bad.txt'), `${A1}\nnot-an-address\n`);
    const good = join(sub, 'good.json');
    writeFileSync(good, JSON.stringify({ webhooks: [{ ...entry({ addresses: undefined }), addressesFile: 'watch.txt' }] }));
    const result = await apply(['-f', good]);
    expect(result).toMatchObject({ exitCode: 0, stdout: '+ create treasury\n' });
    expect(JSON.parse(writes()[0]!.body).metadata.addresses).toEqual([A1, A2]);

    server.requests.length = 0;
    const bad = join(sub, 'bad.json');
    writeFileSync(bad, JSON.stringify({ webhooks: [{ ...entry({ addresses: undefined }), addressesFile: 'bad.txt' }] }));
    const refused = await apply(['-f', bad]);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(
      /^svc: webhooks\[0\] \("treasury"\)\.addressesFile bad\.txt line 2: "not-an-address" must be an address/,
    );
    const missingFile = join(sub, 'missing.json');
    writeFileSync(missingFile, JSON.stringify({ webhooks: [{ ...entry({ addresses: undefined }), addressesFile: 'nope.txt' }] }));
    const missing = await apply(['-f', missingFile]);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toMatch(
      /^svc: webhooks\[0\] \("treasury"\)\.addressesFile nope\.txt: cannot read it \(no such file\)\nit is read relative to /,
    );
    expect(server.requests).toEqual([]);
  });

  it('-f - reads the file from stdin', async () => {
    const result = await apply(['-f', '-', '--dry-run'], { input: JSON.stringify({ webhooks: [entry()] }) });
    expect(result).toMatchObject({ exitCode: 0, stdout: '+ create treasury\n' });
  });

  it('--file is required; a missing file is named', async () => {
    const [none, missing] = await Promise.all([apply([]), apply(['-f', join(dir, 'nope.json')])]);
    expect(none).toMatchObject({ exitCode: 2, stderr: expect.stringMatching(/^svc: --file is required/) });
    expect(missing).toMatchObject({
      exitCode: 2,
      stderr: expect.stringMatching(/^svc: --file .*nope\.json: cannot read it \(no such file/),
    });
    expect(server.requests).toEqual([]);
  });

  it('--prune without --yes and without a terminal: exit 2 before any request; with --dry-run it needs none', async () => {
    const file = webhooksFile({ webhooks: [entry()] });
    const refused = await apply(['-f', file, '--prune']);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/^svc: refusing to prune .* without confirmation: pass --yes\n/);
    expect(server.requests).toEqual([]);
    const dryRun = await apply(['-f', file, '--prune', '--dry-run']);
    expect(dryRun.exitCode).toBe(0);
  });
});

describe('svc webhook apply --prune at a terminal', () => {
  const terminal = { stdinTTY: true, stderrTTY: true };
  const pruneFile = () => webhooksFile({ webhooks: [entry()] });

  it('asks before deactivating; "n" changes nothing', async () => {
    service = [
      { id: ID, name: 'treasury', status: 'active', url: 'https://old.example.com/hook' },
      { id: 'w-old', name: 'old', status: 'active' },
    ];
    const result = await apply(['-f', pruneFile(), '--prune'], { ...terminal, input: 'n\n' });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('Deactivate 1 webhook the file does not name (old)? Its notifications stop at once. [y/N]');
    expect(result.stderr).toMatch(/svc: cancelled: nothing was changed\n$/);
    expect(writes()).toEqual([]);
  });

  it('"y" makes every change', async () => {
    service = [{ id: 'w-old', name: 'old', status: 'active' }];
    const result = await apply(['-f', pruneFile(), '--prune'], { ...terminal, input: 'y\n' });
    expect(result).toMatchObject({ exitCode: 0, stdout: '+ create treasury\n- deactivate old (not in the file)\n' });
    expect(sent().map((request) => `${request.method} ${request.path}`)).toEqual(['POST /v1/webhooks', 'DELETE /v1/webhooks/w-old']);
  });

  it('nothing to prune: no question', async () => {
    service = [{ id: ID, name: 'treasury', status: 'active' }];
    const result = await apply(['-f', pruneFile(), '--prune'], terminal);
    expect(result).toMatchObject({ exitCode: 0, stdout: '', stderr: 'no changes\n' });
  });
});

describe('svc webhook apply: a run that fails half-way', () => {
  it('says how far it got and that running it again finishes the rest', async () => {
    server.respond((request) => {
      if (request.method === 'GET' && request.path === '/v1/webhooks') return json({ webhooks: [] });
      if (request.method === 'POST' && JSON.parse(request.body).name === 'ops') return errorAnswer(503);
      return json(makeWebhook({ id: NEW_ID }), 201);
    });
    const result = await apply(['-f', webhooksFile({ webhooks: [entry(), entry({ name: 'ops' })] }), '--retries', '0']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('+ create treasury\n');
    expect(result.stderr).toMatch(
      /\n1 of 2 changes was made; run the same command again to finish: it finds webhooks by name, so none is created twice\n$/,
    );
  });
});
