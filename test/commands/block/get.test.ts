// `svc block get`: its options and run against the recording server (exact requests, the layouts, 404, bad input).
import { describe, expect, it } from 'vitest';
import { parseBlockGetOptions, run } from '../../../src/commands/block/get.js';
import { runInProcess } from '../../helpers/cli.js';
import { block, BLOCK_HASH, PARENT_HASH } from '../../helpers/evm-fixtures.js';
import { call } from '../../helpers/emulator-helpers.js';
import { withTestContext } from '../../helpers/test-context.js';
import { errorBody, json, useRecordingServer } from '../../helpers/test-server.js';
import { useEmulator } from '../fixture.js';

const server = useRecordingServer(() => [json(block())]);

describe('block get: options', () => {
  it('a decimal number or a 32-byte hash; anything else names the rule', () => {
    expect(parseBlockGetOptions('339', { chainId: 'fuji' })).toEqual({ blockId: '339', chainId: '43113' });
    expect(parseBlockGetOptions(BLOCK_HASH, {})).toEqual({ blockId: BLOCK_HASH, chainId: undefined });
    for (const bad of ['latest', '-1', '01', '1.5', '0x1234', `${BLOCK_HASH}00`, '../1']) {
      expect(() => parseBlockGetOptions(bad, {}), bad).toThrow(
        /^block ".*": must be a block number \(decimal, e\.g\. 48213755\) or a block hash/,
      );
    }
  });
});

describe('block get: run', () => {
  it('by number or by hash; piped, the TSV row of block list', async () => {
    server.respond([json(block()), json(block())]);
    for (const id of ['339', BLOCK_HASH]) {
      await withTestContext({ baseUrl: server.url }, async ({ context, io }) => {
        await run(parseBlockGetOptions(id, { chainId: 'fuji' }), context);
        expect(io.stdout()).toBe(
          `2022-03-30T20:34:46Z\t43113\t339\t${BLOCK_HASH}\t2\t102746\t15000000\t25000000000\t2568650000000000\t${PARENT_HASH}\n`,
        );
      });
    }
    expect(server.requests.map((request) => request.rawUrl)).toEqual([
      '/v1/chains/43113/blocks/339',
      `/v1/chains/43113/blocks/${BLOCK_HASH}`,
    ]);
  });

  it('at a terminal: field by field', async () => {
    await withTestContext({ baseUrl: server.url, io: { stdoutTTY: true, columns: 120 } }, async ({ context, io }) => {
      await run(parseBlockGetOptions('339', { chainId: 'fuji' }), context);
      const text = io.stdout();
      expect(text).toMatch(/^BLOCK +339$/m);
      expect(text).toMatch(/^CHAIN +43113 \(fuji\)$/m);
      expect(text).toMatch(/^TRANSACTIONS +2$/m);
      expect(text).toMatch(/^FEES SPENT +0\.00256865$/m);
      expect(text).toMatch(/^GAS USED +102746 of 15000000$/m);
      // A count a person reads, grouped: 1234 transactions on the chain so far.
      expect(text).toMatch(/^CHAIN TOTAL +1,234 transactions$/m);
    });
  });
});

describe('svc block get: the command line', () => {
  it("an unknown block is the service's 404: exit 3 with the hint", async () => {
    server.respond([errorBody(404, 'block 99999999 not found')]);
    const result = await runInProcess(['block', 'get', '99999999', '--chain-id', 'fuji'], { baseUrl: server.url });
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toContain('no block with that number or hash on that chain');
  });

  it('--json: the body as returned; a bad block: exit 2, nothing sent', async () => {
    const body = `{"blockNumber": "339", "chainId": "43113", "txCount": 2}`;
    server.respond([{ status: 200, body }]);
    expect(await runInProcess(['block', 'get', '339', '--chain-id', 'fuji', '--json'], { baseUrl: server.url })).toEqual({
      exitCode: 0,
      stdout: `${body}\n`,
      stderr: '',
    });
    const bad = await runInProcess(['block', 'get', 'latest', '--chain-id', 'fuji'], { baseUrl: server.url });
    expect(bad.exitCode).toBe(2);
    expect(server.requests).toHaveLength(1);
  });
});

describe('block get against the emulator', () => {
  const emulator = useEmulator();

  it('the latest block by number and by hash is the same block, as listed', async () => {
    const latest = await call<{ blocks: Array<Record<string, unknown>> }>(emulator.url, 'GET', '/v1/chains/43113/blocks?pageSize=1');
    const listed = latest.body.blocks[0]!;
    const shown: string[] = [];
    for (const id of [String(listed.blockNumber), String(listed.blockHash)]) {
      shown.push(
        await withTestContext({ baseUrl: emulator.url }, async ({ context, io }) => {
          await run(parseBlockGetOptions(id, { chainId: 'fuji' }), context);
          return io.stdout();
        }),
      );
    }
    expect(shown[0]).toBe(shown[1]);
    expect(shown[0]!.split('\t').slice(1, 5)).toEqual(['43113', listed.blockNumber, listed.blockHash, String(listed.txCount)]);
    await withTestContext({ baseUrl: emulator.url }, async ({ context }) => {
      await expect(run(parseBlockGetOptions('999999999999', { chainId: 'fuji' }), context)).rejects.toMatchObject({ exitCode: 3 });
    });
  });
});
