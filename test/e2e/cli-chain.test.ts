// `svc chain list` and `svc chain get`, and chains by name everywhere: against a recording server that answers
// chains as the operator's description shapes them, and against the emulator. Tables on a terminal, TSV piped,
// the body as returned with --json; every --chain-id takes a name; the CHAIN column of `tx list` shows it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { NAMED_CHAINS } from '../../src/schema/chain-names.js';
import { runInProcess } from '../helpers/cli.js';
import type { InProcessOptions } from '../helpers/cli.js';
import { API_KEY, call, startTestEmulator } from '../helpers/emulator-helpers.js';
import { errorBody, json, useRecordingServer } from '../helpers/test-server.js';

/**
 * The operator's description gives no whole example of a chain, so this one is made of what it gives: the required
 * fields, and the examples of its fields (chainId "43114"; the network token "Wrapped AVAX", "WAVAX", 18 decimals and
 * its logo; the feature "nftIndexing").
 */
const SPEC_CHAIN = {
  chainId: '43114',
  status: 'OK',
  chainName: 'Avalanche (C-Chain)',
  description: 'The Contract Chain on Avalanche',
  vmName: 'EVM',
  rpcUrl: 'https://api.avax.network/ext/bc/C/rpc',
  isTestnet: false,
  networkToken: {
    name: 'Wrapped AVAX',
    symbol: 'WAVAX',
    decimals: 18,
    logoUri: 'https://images.ctfassets.net/gcj8jwzm6086/5VHupNKwnDYJvqMENeV7iJ/fdd6326b7a82c8388e4ee9d4be7062d4/avalanche-avax-logo.svg',
  },
  enabledFeatures: ['nftIndexing'],
};
/** A chain svc has no name for, with a field of the wrong type: shown, that field empty. */
const OTHER_CHAIN = { ...SPEC_CHAIN, chainId: '7777777', chainName: 'Another L1', isTestnet: 'no', status: 'UNAVAILABLE' };
const LIST = { chains: [SPEC_CHAIN, OTHER_CHAIN] };
const KEY = 'sk_test_chains_0001';

const server = useRecordingServer(() => [json(LIST)]);
const svc = (args: string[], options: InProcessOptions = {}) => runInProcess(args, { baseUrl: server.url, ...options });
const TERMINAL = { stdoutTTY: true, columns: 120 };

describe('svc chain list against a service that follows the spec', () => {
  it('GETs /v1/chains, without a key too; piped: a TSV row per chain (id, name, chain name, network, token, status)', async () => {
    const result = await svc(['chain', 'list']);
    expect(result).toEqual({
      exitCode: 0,
      stdout: '43114\tc-chain\tAvalanche (C-Chain)\tmainnet\tWAVAX\tOK\n7777777\t\tAnother L1\t\tWAVAX\tUNAVAILABLE\n',
      stderr: '',
    });
    expect(server.requests.map((request) => [request.method, request.rawUrl, request.headers['x-service-api-key']])).toEqual([
      ['GET', '/v1/chains', undefined],
    ]);
  });

  it('--network and --feature are sent as the operation takes them; the key goes along when there is one', async () => {
    const result = await svc(['chain', 'list', '--network', 'fuji', '--feature', 'webhooks'], { apiKey: KEY });
    expect(result.exitCode).toBe(0);
    expect(server.requests.map((request) => [request.rawUrl, request.headers['x-service-api-key']])).toEqual([
      ['/v1/chains?network=fuji&feature=webhooks', KEY],
    ]);
  });

  it('on a terminal: a table', async () => {
    const result = await svc(['chain', 'list', '-q'], TERMINAL);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(
      [
        'CHAIN ID  NAME     CHAIN NAME           NETWORK  TOKEN  STATUS',
        '43114     c-chain  Avalanche (C-Chain)  mainnet  WAVAX  OK',
        '7777777            Another L1                    WAVAX  UNAVAILABLE',
        '',
      ].join('\n'),
    );
  });

  it('--json: the body as returned', async () => {
    const body = `{ "chains": [ ${JSON.stringify(SPEC_CHAIN)} ], "extra": 1 }`;
    server.respond([{ status: 200, body }]);
    const result = await svc(['chain', 'list', '--json']);
    expect(result).toEqual({ exitCode: 0, stdout: `${body}\n`, stderr: '' });
  });

  it('an answer without the list: exit 1, nothing on stdout', async () => {
    server.respond([json({ chains: 'all of them' })]);
    const result = await svc(['chain', 'list']);
    expect(result).toMatchObject({ exitCode: 1, stdout: '' });
    expect(result.stderr).toMatch(/^svc: unexpected response: "chains" is not an array/);
  });

  it.each([
    [['chain', 'list', '--network', 'mars'], /^svc: --network "mars": must be one of mainnet, fuji, testnet\n$/],
    [['chain', 'list', '--feature', 'nfts'], /^svc: --feature "nfts": must be one of nftIndexing, webhooks, teleporter\n$/],
  ])('%j: exit 2 naming the flag, no request', async (args, message) => {
    const result = await svc(args);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(server.requests).toHaveLength(0);
  });
});

describe('svc chain get against a service that follows the spec', () => {
  it('a name is sent as its id: GET /v1/chains/43114; piped, the row chain list prints', async () => {
    server.respond([json(SPEC_CHAIN)]);
    const result = await svc(['chain', 'get', 'C-Chain']);
    expect(result).toEqual({ exitCode: 0, stdout: '43114\tc-chain\tAvalanche (C-Chain)\tmainnet\tWAVAX\tOK\n', stderr: '' });
    expect(server.requests.map((request) => request.rawUrl)).toEqual(['/v1/chains/43114']);
  });

  it('an id and a blockchain id are sent as given', async () => {
    server.respond([json(OTHER_CHAIN), json(SPEC_CHAIN)]);
    expect((await svc(['chain', 'get', '7777777'])).exitCode).toBe(0);
    expect((await svc(['chain', 'get', '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5'])).exitCode).toBe(0);
    expect(server.requests.map((request) => request.rawUrl)).toEqual([
      '/v1/chains/7777777',
      '/v1/chains/2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5',
    ]);
  });

  it('on a terminal: each field on a line of its own', async () => {
    server.respond([json(SPEC_CHAIN)]);
    const result = await svc(['chain', 'get', '43114', '-q'], TERMINAL);
    expect(result.stdout).toBe(
      [
        'CHAIN ID     43114',
        'NAME         c-chain',
        'CHAIN NAME   Avalanche (C-Chain)',
        'DESCRIPTION  The Contract Chain on Avalanche',
        'NETWORK      mainnet',
        'STATUS       OK',
        'TOKEN        WAVAX (Wrapped AVAX, 18 decimals)',
        'VM           EVM',
        'RPC URL      https://api.avax.network/ext/bc/C/rpc',
        'EXPLORER',
        'FEATURES     nftIndexing',
        '',
      ].join('\n'),
    );
  });

  it('--json: the body as returned', async () => {
    const body = JSON.stringify(SPEC_CHAIN, null, 2);
    server.respond([{ status: 200, body }]);
    expect(await svc(['chain', 'get', 'c-chain', '--json'])).toEqual({ exitCode: 0, stdout: `${body}\n`, stderr: '' });
  });

  it('404: exit 3, saying how to see the chains the service supports', async () => {
    server.respond([errorBody(404, 'chain 99 not found')]);
    const result = await svc(['chain', 'get', '99']);
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toMatch(/svc chain list shows the ones it does/);
  });

  it('a name svc does not know: exit 2 listing the names it knows, no request', async () => {
    const result = await svc(['chain', 'get', 'fuj']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(
      'svc: chain "fuj": must be a decimal chain id such as 43114, a blockchain id, or a chain\'s name: c-chain (43114), fuji (43113), dexalot (432204), dexalot-testnet (432201), dfk (53935), dfk-testnet (335)\n' +
        'svc chain list shows the chains the service supports\n',
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe('every --chain-id takes a name', () => {
  it('webhook create --chain-id fuji sends chainId "43113" (any case)', async () => {
    const answered = { id: '3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60', chainId: '43113', status: 'active' };
    server.respond([json(answered, 201), json(answered, 201)]);
    for (const name of ['fuji', 'FUJI']) {
      const result = await svc(
        [
          'webhook',
          'create',
          '--url',
          'https://example.com/hook',
          '--chain-id',
          name,
          '--address',
          '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
        ],
        { apiKey: KEY },
      );
      expect(result.exitCode, result.stderr).toBe(0);
    }
    expect(server.requests.map((request) => JSON.parse(request.body).chainId)).toEqual(['43113', '43113']);
  });

  it.each([
    ['webhook', 'create', '--url', 'https://example.com/hook', '--address', '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'],
    ['emulator', 'trigger'],
  ])('%s %s --chain-id with an unknown name: exit 2 listing the names it knows, no request', async (...command) => {
    const result = await svc([...command, '--chain-id', 'avalanche'], { apiKey: KEY });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(
      'svc: --chain-id "avalanche": must be a decimal chain id such as 43114, or a chain\'s name: c-chain (43114), fuji (43113), dexalot (432204), dexalot-testnet (432201), dfk (53935), dfk-testnet (335)\n',
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe('chains by name against the emulator', () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator();
  });
  afterAll(() => emulator.close());
  const here = (args: string[], options: InProcessOptions = {}) => runInProcess(args, { baseUrl: emulator.url, ...options });

  it('every chain the emulator serves has a name svc knows, and every name is one of its chains', async () => {
    const chains = (await call(emulator.url, 'GET', '/v1/chains')).body.chains as Array<{ chainId: string; isTestnet: boolean }>;
    expect(chains.map((chain) => chain.chainId).sort()).toEqual(NAMED_CHAINS.map((chain) => chain.chainId).sort());
  });

  it('chain list: a table on a terminal, TSV piped', async () => {
    const [table, tsv] = await Promise.all([here(['chain', 'list', '-q'], TERMINAL), here(['chain', 'list', '--network', 'testnet'])]);
    expect(table.stdout).toBe(
      [
        'CHAIN ID  NAME             CHAIN NAME              NETWORK  TOKEN  STATUS',
        '43114     c-chain          Avalanche C-Chain       mainnet  AVAX   OK',
        '432204    dexalot          Dexalot                 mainnet  ALOT   OK',
        '53935     dfk              DFK Chain               mainnet  JEWEL  OK',
        '43113     fuji             Avalanche Fuji C-Chain  testnet  AVAX   OK',
        '432201    dexalot-testnet  Dexalot Testnet         testnet  ALOT   OK',
        '335       dfk-testnet      DFK Chain Testnet       testnet  JEWEL  OK',
        '',
      ].join('\n'),
    );
    expect(tsv.stdout).toBe(
      [
        '43113\tfuji\tAvalanche Fuji C-Chain\ttestnet\tAVAX\tOK',
        '432201\tdexalot-testnet\tDexalot Testnet\ttestnet\tALOT\tOK',
        '335\tdfk-testnet\tDFK Chain Testnet\ttestnet\tJEWEL\tOK',
        '',
      ].join('\n'),
    );
  });

  it('tx list: the CHAIN column names the chain on a terminal; piped and with --json it is the id', async () => {
    const [table, tsv, asJson] = await Promise.all([
      here(['tx', 'list', '--page-size', '20', '-q'], { ...TERMINAL, columns: 200 }),
      here(['tx', 'list', '--page-size', '20']),
      here(['tx', 'list', '--page-size', '20', '--json']),
    ]);
    const ids = (JSON.parse(asJson.stdout) as { transactions: Array<{ chainId: string }> }).transactions.map((tx) => tx.chainId);
    const names = new Map(NAMED_CHAINS.map((chain) => [chain.chainId, chain.name]));
    expect(new Set(ids).size).toBeGreaterThan(1);
    expect(
      tsv.stdout
        .trimEnd()
        .split('\n')
        .map((row) => row.split('\t')[1]),
    ).toEqual(ids);
    const rows = table.stdout.trimEnd().split('\n');
    expect(rows[0]).toMatch(/^TIME \(UTC\)\s+CHAIN\s+BLOCK/);
    expect(rows.slice(1, 21).map((row) => row.split(/\s{2,}/)[1])).toEqual(ids.map((id) => names.get(id)));
  });

  it('webhook create and emulator trigger by name: the webhook is on chain 43113, and the trigger notifies it', async () => {
    const watched = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
    const created = await here(
      ['webhook', 'create', '--url', 'http://127.0.0.1:9/hook', '--chain-id', 'fuji', '--address', watched, '--json'],
      { apiKey: API_KEY },
    );
    expect(created.exitCode, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout).chainId).toBe('43113');
    const triggered = await here(['emulator', 'trigger', '--chain-id', 'fuji', '--from', watched, '--json']);
    expect(triggered.exitCode, triggered.stderr).toBe(0);
    expect(JSON.parse(triggered.stdout).messageIds).toHaveLength(1);
  });

  it('chain get by name, by id and by blockchain id: the same chain; an unknown id is 404 (exit 3)', async () => {
    const answers = await Promise.all(
      ['fuji', '43113', 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp'].map((chain) => here(['chain', 'get', chain, '--json'])),
    );
    for (const answer of answers) expect(JSON.parse(answer.stdout)).toMatchObject({ chainId: '43113', isTestnet: true });
    const missing = await here(['chain', 'get', '999999']);
    expect(missing.exitCode).toBe(3);
  });
});
