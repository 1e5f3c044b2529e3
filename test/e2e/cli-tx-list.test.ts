// `svc tx list` against a recording server: exact requests, paging, TSV and --json output.
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli.js';
import { makeTransaction, makeTransactions } from '../helpers/fixtures.js';
import { json, useRecordingServer } from '../helpers/test-server.js';
import type { Handler } from '../helpers/test-server.js';

const server = useRecordingServer(() => [json({ transactions: [] })]);

/** Serves `total` transactions, each page as large as pageSize (default 10), tokens "p1", "p2", ... */
function pagedTransactions(total: number): Handler {
  const all = makeTransactions(total);
  return (request) => {
    const token = typeof request.query.pageToken === 'string' ? request.query.pageToken : 'p0';
    const offset = Number(token.slice(1)) || 0;
    const size = request.query.pageSize === undefined ? 10 : Number(request.query.pageSize);
    const page = all.slice(offset, offset + size);
    const next = offset + size < total ? `p${offset + size}` : undefined;
    return json(next ? { transactions: page, nextPageToken: next } : { transactions: page });
  };
}

const tx = (args: string[], extra: Parameters<typeof runInProcess>[1] = {}) =>
  runInProcess(['tx', 'list', ...args], { baseUrl: server.url, ...extra });

describe('svc tx list: requests', () => {
  it('with no flags sends one GET /v1/transactions without pageSize or other params', async () => {
    const result = await tx([]);
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request!.method).toBe('GET');
    expect(request!.path).toBe('/v1/transactions');
    expect(request!.query).toEqual({});
    expect(request!.body).toBe('');
  });

  it('passes --network, --status, --page-size and --page-token through', async () => {
    const result = await tx(['--network', 'fuji', '--status', 'failed', '--page-size', '25', '--page-token', 'abc123']);
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.query).toEqual({ network: 'fuji', status: 'failed', pageSize: '25', pageToken: 'abc123' });
  });

  it.each(['mainnet', 'fuji', 'testnet'])('accepts --network %s', async (network) => {
    const result = await tx(['--network', network]);
    expect(result.exitCode).toBe(0);
    expect(server.requests[0]!.query.network).toBe(network);
  });

  it('sends the key header when SVC_API_KEY is set', async () => {
    const result = await tx([], { apiKey: 'sk_test_header_check_1234' });
    expect(result.exitCode).toBe(0);
    expect(server.requests[0]!.headers['x-service-api-key']).toBe('sk_test_header_check_1234');
  });

  it('does not require a key and sends no key header without one', async () => {
    const result = await tx([]);
    expect(result.exitCode).toBe(0);
    expect(server.requests[0]!.headers['x-service-api-key']).toBeUndefined();
  });

  it('--limit 250 without --page-size asks for 100, 100, 50', async () => {
    server.respond(pagedTransactions(1000));
    const result = await tx(['--limit', '250']);
    expect(result.exitCode).toBe(0);
    expect(server.requests.map((r) => r.query.pageSize)).toEqual(['100', '100', '50']);
    expect(server.requests.map((r) => r.query.pageToken)).toEqual([undefined, 'p100', 'p200']);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(250);
  });

  it('--limit with --page-size asks for min(pageSize, remaining)', async () => {
    server.respond(pagedTransactions(1000));
    const result = await tx(['--limit', '25', '--page-size', '10']);
    expect(result.exitCode).toBe(0);
    expect(server.requests.map((r) => r.query.pageSize)).toEqual(['10', '10', '5']);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(25);
  });

  it('--limit smaller than one page asks for exactly that many', async () => {
    server.respond(pagedTransactions(1000));
    const result = await tx(['--limit', '3']);
    expect(result.exitCode).toBe(0);
    expect(server.requests.map((r) => r.query.pageSize)).toEqual(['3']);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(3);
  });

  it('--limit stops early when the service runs out of pages', async () => {
    server.respond(pagedTransactions(120));
    const result = await tx(['--limit', '500']);
    expect(result.exitCode).toBe(0);
    expect(server.requests.map((r) => r.query.pageSize)).toEqual(['100', '100']);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(120);
  });

  it('--all follows nextPageToken until it is absent, with the largest page size', async () => {
    server.respond(pagedTransactions(230));
    const result = await tx(['--all']);
    expect(result.exitCode).toBe(0);
    expect(server.requests.map((r) => r.query.pageToken)).toEqual([undefined, 'p100', 'p200']);
    expect(server.requests.map((r) => r.query.pageSize)).toEqual(['100', '100', '100']);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(230);
  });

  it('--all stops on an empty nextPageToken and never sends it back', async () => {
    server.respond([
      json({ transactions: makeTransactions(2), nextPageToken: 'second' }),
      json({ transactions: makeTransactions(2), nextPageToken: '' }),
    ]);
    const result = await tx(['--all']);
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.query.pageToken).toBe('second');
    for (const request of server.requests) expect(request.rawUrl).not.toMatch(/pageToken=(&|$)/);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(4);
  });

  it('--all stops on a null nextPageToken', async () => {
    server.respond([
      json({ transactions: makeTransactions(1), nextPageToken: 'second' }),
      json({ transactions: makeTransactions(1), nextPageToken: null }),
    ]);
    const result = await tx(['--all']);
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(2);
  });

  it('a single page ignores nextPageToken (no second request)', async () => {
    server.respond([json({ transactions: makeTransactions(2), nextPageToken: 'more' })]);
    const result = await tx([]);
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(1);
  });

  it('prints a (chainId, txHash) seen on an earlier page only once', async () => {
    const shared = makeTransaction({ txHash: '0x' + 'd'.repeat(64) });
    const sameHashOtherChain = makeTransaction({ txHash: '0x' + 'd'.repeat(64), chainId: '43113' });
    server.respond([
      json({ transactions: [makeTransaction(), shared], nextPageToken: 'n1' }),
      json({ transactions: [{ ...shared }, sameHashOtherChain, makeTransaction()] }),
    ]);
    const result = await tx(['--all']);
    expect(result.exitCode).toBe(0);
    const rows = result.stdout.trimEnd().split('\n');
    expect(rows).toHaveLength(4);
    const keys = rows.map((row) => row.split('\t')[1] + ':' + row.split('\t')[3]);
    expect(new Set(keys).size).toBe(4);
    expect(keys.filter((key) => key === `43114:0x${'d'.repeat(64)}`)).toHaveLength(1);
    expect(keys).toContain(`43113:0x${'d'.repeat(64)}`);
  });

  it('does not count repeated transactions towards --limit', async () => {
    const shared = makeTransaction();
    server.respond([
      json({ transactions: [makeTransaction(), shared], nextPageToken: 'n1' }),
      json({ transactions: [shared, makeTransaction()], nextPageToken: 'n2' }),
    ]);
    const result = await tx(['--limit', '3']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(3);
    expect(server.requests.map((r) => r.query.pageSize)).toEqual(['3', '1']);
  });
});

describe('svc tx list: TSV output (stdout not a terminal)', () => {
  it('prints one row per transaction with the contract columns, no header', async () => {
    server.respond([
      json({
        transactions: [
          makeTransaction({
            blockTimestamp: 1_700_000_000,
            chainId: '43114',
            blockNumber: '4821337',
            txHash: '0x' + '1'.repeat(64),
            from: { address: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F', name: 'A' },
            to: { address: '0x52908400098527886E0F7030069857D2E4169EE7', name: 'B' },
            method: { callType: 'CONTRACT_CALL', methodHash: '0xa9059cbb', methodName: 'transfer(address,uint256)' },
            value: '1000000000000000000',
            txStatus: '1',
          }),
          makeTransaction({
            blockTimestamp: 1_700_000_012,
            chainId: '43113',
            blockNumber: '12',
            txHash: '0x' + '2'.repeat(64),
            method: { callType: 'CONTRACT_CALL', methodHash: '0x095ea7b3' },
            value: '1500000000000000000',
            txStatus: '0',
          }),
          makeTransaction({
            value: '0',
            method: { callType: 'NATIVE_TRANSFER', methodHash: '0x', methodName: '' },
            txHash: '0x' + '3'.repeat(64),
          }),
          makeTransaction({ value: '1', txHash: '0x' + '4'.repeat(64) }),
        ],
      }),
    ]);
    const result = await tx([]);
    expect(result.exitCode).toBe(0);
    const rows = result.stdout.split('\n');
    expect(rows.pop()).toBe('');
    expect(rows).toHaveLength(4);
    expect(rows[0]!.split('\t')).toEqual([
      '2023-11-14T22:13:20Z',
      '43114',
      '4821337',
      '0x' + '1'.repeat(64),
      '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
      '0x52908400098527886E0F7030069857D2E4169EE7',
      'transfer(address,uint256)',
      '1',
      'success',
    ]);
    expect(rows[1]!.split('\t')).toEqual([
      '2023-11-14T22:13:32Z',
      '43113',
      '12',
      '0x' + '2'.repeat(64),
      '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
      '0x52908400098527886E0F7030069857D2E4169EE7',
      '0x095ea7b3',
      '1.5',
      'failed',
    ]);
    expect(rows[2]!.split('\t')[7]).toBe('0');
    expect(rows[3]!.split('\t')[7]).toBe('0.000000000000000001');
    expect(result.stdout).not.toContain('\u001b');
    expect(result.stdout).not.toMatch(/TIME|CHAIN/);
  });

  it('keeps a hostile name/method on one row, without escape bytes', async () => {
    server.respond([
      json({
        transactions: [
          makeTransaction({
            from: { name: 'evil\u001b[31mRED\u001b[0m\tname\nnext', address: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F' },
            method: { callType: 'CONTRACT_CALL', methodHash: '0xdeadbeef', methodName: 'pwn\u001b]0;title\u0007(\tuint256\r\n)\u009b2J' },
          }),
          makeTransaction(),
        ],
      }),
    ]);
    const result = await tx([]);
    expect(result.exitCode).toBe(0);
    const rows = result.stdout.trimEnd().split('\n');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.split('\t')).toHaveLength(9);
    expect(result.stdout).not.toContain('\u001b');
    expect(result.stdout).not.toContain('\u009b');
    expect(result.stdout).not.toContain('\r');
    expect(result.stdout).not.toContain('\u0007');
    expect(rows[0]!.split('\t')[6]).toContain('pwn');
  });

  it('nothing is truncated in TSV, and stderr stays empty (no spinner when not a terminal)', async () => {
    const longName = 'veryLongMethodName' + 'x'.repeat(300) + '(address,uint256)';
    server.respond([
      json({ transactions: [makeTransaction({ method: { callType: 'CONTRACT_CALL', methodHash: '0x12345678', methodName: longName } })] }),
    ]);
    const result = await tx([]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout.split('\t')[6]).toBe(longName);
    expect(result.stderr).toBe('');
  });

  it('with no transactions prints nothing on stdout and exits 0', async () => {
    const result = await tx([]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('');
  });
});

describe('svc tx list --json', () => {
  it('a single page is printed byte for byte as returned', async () => {
    const body =
      '{\n    "transactions" :[ {"chainId":"43114","txHash":"0x01",  "value":"1000000000000000000000000000001", "x": 1.50}\n\t],\n  "nextPageToken":"tok"   }';
    server.respond([{ status: 200, headers: { 'content-type': 'application/json' }, body }]);
    const result = await tx(['--json']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout.replace(/\n$/, '')).toBe(body);
    expect(result.stderr).toBe('');
  });

  it('a single page ending in a newline is not given a second one', async () => {
    const body = '{"transactions":[]}\n';
    server.respond([{ status: 200, body }]);
    const result = await tx(['--json']);
    expect(result.stdout).toBe(body);
  });

  it('several pages give one JSON document per line, each the page as returned', async () => {
    const pages = [
      { transactions: makeTransactions(2), nextPageToken: 'a' },
      { transactions: makeTransactions(2), nextPageToken: 'b' },
      { transactions: makeTransactions(1) },
    ];
    server.respond(pages.map((page) => ({ status: 200, body: JSON.stringify(page, null, 2) })));
    const result = await tx(['--all', '--json']);
    expect(result.exitCode).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    for (const [i, line] of lines.entries()) expect(JSON.parse(line)).toEqual(pages[i]);
  });

  it('several pages are written compactly (no whitespace between tokens)', async () => {
    const page = { transactions: [makeTransaction({ txHash: '0xab cd' })], nextPageToken: 'z' };
    server.respond([
      { status: 200, body: JSON.stringify(page, null, 4) },
      { status: 200, body: JSON.stringify({ transactions: [] }, null, 4) },
    ]);
    const result = await tx(['--all', '--json']);
    expect(result.exitCode).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(JSON.stringify(page));
  });

  it('--limit with a service that sends more than asked: the JSON holds exactly the limit', async () => {
    server.respond([json({ transactions: makeTransactions(10), nextPageToken: 'more' })]);
    const result = await tx(['--limit', '4', '--json']);
    expect(result.exitCode).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect((JSON.parse(lines[0]!) as { transactions: unknown[] }).transactions).toHaveLength(4);
    expect(server.requests).toHaveLength(1);
  });

  it('--limit with a service that sends more than asked: TSV holds exactly the limit', async () => {
    server.respond([json({ transactions: makeTransactions(10), nextPageToken: 'more' })]);
    const result = await tx(['--limit', '4']);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(4);
  });

  it('keeps hostile text as returned (escaped JSON, no changes)', async () => {
    const body = JSON.stringify({
      transactions: [makeTransaction({ method: { callType: 'X', methodHash: '0x', methodName: 'a\u001b[31mb' } })],
    });
    server.respond([{ status: 200, body }]);
    const result = await tx(['--json']);
    expect(result.stdout).toBe(body + '\n');
  });
});
