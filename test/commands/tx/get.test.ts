// `svc tx get`: its options and run, against the recording server answering as the operator's description shapes a
// transaction (exact requests, the layouts, errors; bad input sends nothing).
import { describe, expect, it } from 'vitest';
import { parseTxGetOptions, run } from '../../../src/commands/tx/get.js';
import { runInProcess } from '../../helpers/cli.js';
import { freshConfigDir } from '../../helpers/cli.js';
import { CHAIN, NFT, RECEIVER, SENDER, TOKEN, TX_HASH, transactionDetail } from '../../helpers/evm-fixtures.js';
import { withTestContext } from '../../helpers/test-context.js';
import { errorBody, json, useRecordingServer } from '../../helpers/test-server.js';
import { call } from '../../helpers/emulator-helpers.js';
import { useEmulator } from '../fixture.js';

const server = useRecordingServer(() => [json(transactionDetail())]);
const PATH = `/v1/chains/${CHAIN}/transactions/${TX_HASH}`;

describe('tx get: options', () => {
  it('a hash is 0x and 64 hex digits; --chain-id takes a name as its id', () => {
    expect(parseTxGetOptions(TX_HASH, { chainId: 'fuji' })).toEqual({ txHash: TX_HASH, chainId: '43113' });
    expect(parseTxGetOptions(TX_HASH, {})).toEqual({ txHash: TX_HASH, chainId: undefined });
    for (const bad of ['0x1234', TX_HASH.slice(0, -1), `${TX_HASH}0`, TX_HASH.replace('0x', ''), `0x${'g'.repeat(64)}`, '../x']) {
      expect(() => parseTxGetOptions(bad, { chainId: 'fuji' })).toThrow(
        /^tx hash ".*": must be a transaction hash: 0x followed by 64 hex digits/,
      );
    }
    expect(() => parseTxGetOptions(TX_HASH, { chainId: 'fujj' })).toThrow(/^--chain-id "fujj": must be a decimal chain id/);
  });
});

describe('tx get: run', () => {
  it('piped: one row per record, its kind first, amounts raw', async () => {
    await withTestContext({ baseUrl: server.url }, async ({ context, io }) => {
      await run(parseTxGetOptions(TX_HASH, { chainId: 'fuji' }), context);
      expect(io.stdout()).toBe(
        [
          `native\t2022-03-30T20:34:46Z\t43113\t339\t${TX_HASH}\t${SENDER}\t${TOKEN}\ttransfer(address,uint256)\t10000000000000000000\tsuccess\t51373\t470000000000\t1\t0x17533aeb5193378b9ff441d61728e7a2ebaf10f61fd5310759451627dfca2e7c`,
          `erc20\t${SENDER}\t${RECEIVER}\t${TOKEN}\tWAVAX\t\t1500000000000000000\t0`,
          `erc721\t${SENDER}\t${RECEIVER}\t${NFT}\tKIT\t42\t\t1`,
          `erc1155\t${SENDER}\t${RECEIVER}\t${NFT}\tITEM\t7\t250\t2`,
          `internal\t${TOKEN}\t${RECEIVER}\tCALL\t5000000000000000\tfalse\t2300`,
          '',
        ].join('\n'),
      );
    });
    expect(server.requests.map((request) => [request.method, request.rawUrl])).toEqual([['GET', PATH]]);
  });

  it('at a terminal: the transaction field by field in AVAX, then a section per kind of movement in token units', async () => {
    await withTestContext({ baseUrl: server.url, io: { stdoutTTY: true, columns: 200 } }, async ({ context, io }) => {
      await run(parseTxGetOptions(TX_HASH, { chainId: '43113' }), context);
      const text = io.stdout();
      expect(text).toMatch(new RegExp(`^HASH +${TX_HASH}$`, 'm'));
      expect(text).toMatch(/^CHAIN +43113 \(fuji\)$/m);
      expect(text).toMatch(/^STATUS +success$/m);
      expect(text).toMatch(/^VALUE +10 AVAX$/m);
      // 51373 gas at 470 gwei.
      expect(text).toMatch(/^FEE +0\.02414531 AVAX$/m);
      expect(text).toMatch(/^TO +0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7 \(Wrapped AVAX\)$/m);
      expect(text).toContain('\nERC-20 transfers (1)\n');
      expect(text).toMatch(/WAVAX +0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7 +1\.5$/m);
      expect(text).toContain('\nERC-721 transfers (1)\n');
      expect(text).toMatch(/KIT +0x5425890298aed601595a70AB815c96711a31Bc65 +42$/m);
      expect(text).toContain('\nERC-1155 transfers (1)\n');
      // 250 with the token's 2 decimals.
      expect(text).toMatch(/ITEM +0x5425890298aed601595a70AB815c96711a31Bc65 +7 +2\.5$/m);
      expect(text).toContain('\nInternal transactions (1)\n');
      expect(text).toMatch(/^CALL .* 0\.005 AVAX +no$/m);
    });
  });

  it('--json: the body exactly as returned', async () => {
    const body = `{"nativeTransaction": ${JSON.stringify(transactionDetail().nativeTransaction)},\n "networkTokenDetails": {"networkToken": {"name":"A","symbol":"A","decimals":18}}, "extra": 123456789012345678901234567890}`;
    server.respond([{ status: 200, body }]);
    await withTestContext({ baseUrl: server.url, globals: { json: true } }, async ({ context, io }) => {
      await run(parseTxGetOptions(TX_HASH, { chainId: 'fuji' }), context);
      expect(io.stdout()).toBe(`${body}\n`);
    });
  });

  it('an answer without its native transaction is a malformed answer (exit 1), nothing printed', async () => {
    server.respond([json({ erc20Transfers: [] })]);
    await withTestContext({ baseUrl: server.url }, async ({ context, io }) => {
      await expect(run(parseTxGetOptions(TX_HASH, { chainId: 'fuji' }), context)).rejects.toMatchObject({ exitCode: 1 });
      expect(io.stdout()).toBe('');
    });
  });
});

describe('svc tx get: the command line', () => {
  it("an unknown hash is the service's 404: exit 3, its message and the hint", async () => {
    server.respond([errorBody(404, `Transaction ${TX_HASH} not found`)]);
    const result = await runInProcess(['tx', 'get', TX_HASH, '--chain-id', 'fuji'], { baseUrl: server.url });
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toContain(`svc: Transaction ${TX_HASH} not found (404 Not Found)`);
    expect(result.stderr).toContain('no transaction with that hash on that chain');
  });

  it('a bad hash, or no chain at all: exit 2 naming the argument or the flag, nothing sent', async () => {
    server.respond([]);
    const bad = await runInProcess(['tx', 'get', '0xabc', '--chain-id', 'fuji'], { baseUrl: server.url });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/^svc: tx hash "0xabc": must be a transaction hash/);
    const noChain = await runInProcess(['tx', 'get', TX_HASH], { baseUrl: server.url });
    expect(noChain.exitCode).toBe(2);
    expect(noChain.stderr).toMatch(/^svc: --chain-id: required/);
    expect(noChain.stderr).toContain('svc config set chain-id fuji');
    expect(server.requests).toEqual([]);
  });

  it("the chain from SVC_CHAIN_ID, else the profile's chain-id; the flag wins over both", async () => {
    const configDir = freshConfigDir();
    expect((await runInProcess(['config', 'set', 'chain-id', 'dfk'], { configDir })).exitCode).toBe(0);
    server.respond([json(transactionDetail()), json(transactionDetail()), json(transactionDetail())]);
    const options = { baseUrl: server.url, configDir };
    expect((await runInProcess(['tx', 'get', TX_HASH], options)).exitCode).toBe(0);
    expect((await runInProcess(['tx', 'get', TX_HASH], { ...options, env: { SVC_CHAIN_ID: 'c-chain' } })).exitCode).toBe(0);
    expect(
      (await runInProcess(['tx', 'get', TX_HASH, '--chain-id', '335'], { ...options, env: { SVC_CHAIN_ID: 'c-chain' } })).exitCode,
    ).toBe(0);
    expect(server.requests.map((request) => request.path.split('/')[3])).toEqual(['53935', '43114', '335']);
  });
});

describe('tx get against the emulator', () => {
  const emulator = useEmulator();

  it('a listed transaction is found by its hash with the same fields; an unknown hash is exit 3', async () => {
    const latest = await call<{ transactions: Array<Record<string, unknown>> }>(
      emulator.url,
      'GET',
      '/v1/chains/43113/transactions?pageSize=1',
    );
    const listed = latest.body.transactions[0]!;
    const detail = await withTestContext({ baseUrl: emulator.url, globals: { json: true } }, async ({ context, io }) => {
      await run(parseTxGetOptions(String(listed.txHash), { chainId: 'fuji' }), context);
      return JSON.parse(io.stdout()) as { nativeTransaction: Record<string, unknown> };
    });
    for (const field of ['txHash', 'blockNumber', 'blockHash', 'from', 'to', 'value', 'txStatus']) {
      expect(detail.nativeTransaction[field], field).toEqual(listed[field]);
    }
    const row = await withTestContext({ baseUrl: emulator.url }, async ({ context, io }) => {
      await run(parseTxGetOptions(String(listed.txHash), { chainId: 'fuji' }), context);
      return io.stdout().split('\n')[0]!.split('\t');
    });
    expect(row.slice(0, 5)).toEqual(['native', expect.any(String), '43113', listed.blockNumber, listed.txHash]);
    await withTestContext({ baseUrl: emulator.url }, async ({ context }) => {
      await expect(run(parseTxGetOptions(`0x${'0'.repeat(64)}`, { chainId: 'fuji' }), context)).rejects.toMatchObject({ exitCode: 3 });
    });
  });
});
