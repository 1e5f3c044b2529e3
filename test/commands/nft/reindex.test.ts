// `svc nft reindex`: its options and its run, called directly against the strict recording server. A write the
// service takes once an hour per token: sent once, retried only where the service surely did not act.
import { describe, expect, it } from 'vitest';
import { parseNftReindexOptions, run } from '../../../src/commands/nft/reindex.js';
import { withTestContext } from '../../helpers/test-context.js';
import type { TestContextOptions } from '../../helpers/test-context.js';
import { errorAnswer, useRecordingServer } from '../../helpers/test-server.js';
import { call } from '../../helpers/emulator-helpers.js';
import { COLLECTION, numbered } from '../../helpers/holdings-fixtures.js';
import { useEmulator } from '../fixture.js';

const ZERO = '0x0000000000000000000000000000000000000000';

const server = useRecordingServer();
const PATH = `/v1/chains/43113/nfts/collections/${COLLECTION}/tokens/42:reindex`;
const CREATED = { status: 201, body: '' };
const KEY = 'sk_test_reindex_0001';

async function reindex(context: TestContextOptions = {}) {
  return withTestContext({ baseUrl: server.url, apiKey: KEY, ...context }, async ({ context: commandContext, io }) => {
    await run(await parseNftReindexOptions(COLLECTION, '42', { chainId: 'fuji' }), commandContext);
    return { stdout: io.stdout(), stderr: io.stderr() };
  });
}

describe('nft reindex: options', () => {
  it('the collection, the token id and the chain, checked before any request', async () => {
    expect(await parseNftReindexOptions(COLLECTION, '42', { chainId: 'fuji' })).toEqual({
      where: { chainId: '43113', address: COLLECTION },
      tokenId: '42',
    });
    expect((await parseNftReindexOptions(COLLECTION, '42', {})).where).toEqual({ chainId: undefined, address: COLLECTION });
    await expect(parseNftReindexOptions(COLLECTION, 'x', { chainId: 'fuji' })).rejects.toThrow(/^token id "x": must be a decimal integer/);
  });
});

describe('nft reindex: run', () => {
  it('POSTs .../tokens/42:reindex once, with the key and no body; piped it prints nothing', async () => {
    server.respond([CREATED]);
    expect(await reindex()).toEqual({ stdout: '', stderr: '' });
    expect(server.requests.map((request) => [request.method, request.rawUrl, request.body, request.headers['x-service-api-key']])).toEqual([
      ['POST', PATH, '', KEY],
    ]);
  });

  it('without a key: exit 4 before any request (a write needs one)', async () => {
    await expect(reindex({ apiKey: '' })).rejects.toMatchObject({ exitCode: 4 });
    expect(server.requests).toHaveLength(0);
  });

  it('at a terminal it says what it asked for, and how to see the result', async () => {
    server.respond([CREATED]);
    const { stdout, stderr } = await reindex({ io: { stdoutTTY: true, stderrTTY: true } });
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `Asked for token 42 of ${COLLECTION} on chain 43113 to be reindexed; see it with: svc nft get ${COLLECTION} 42 --chain-id 43113\n`,
    );
  });

  it('--json: the answer as returned when it has a body; nothing when it has none (the operator answers none)', async () => {
    server.respond([{ status: 200, body: '{"status":"queued"}' }, CREATED]);
    expect((await reindex({ globals: { json: true } })).stdout).toBe('{"status":"queued"}\n');
    expect((await reindex({ globals: { json: true } })).stdout).toBe('');
  });

  it('a 429 is retried (the service did not act); a 503 is not: the outcome is unknown, and the error says how to check', async () => {
    server.respond([errorAnswer(429), CREATED]);
    await reindex({ globals: { retries: 3 } });
    expect(server.requests).toHaveLength(2);
    server.respond([errorAnswer(503)]);
    await expect(reindex({ globals: { retries: 3 } })).rejects.toMatchObject({
      exitCode: 1,
      outcomeUnknown: true,
      hint: expect.stringContaining(`see the token's metadata with: svc nft get ${COLLECTION} 42 --chain-id 43113`),
    });
    expect(server.requests).toHaveLength(3);
  });

  it('a connection broken after the request was sent: exit 6, not retried, the outcome unknown', async () => {
    server.respond([{ fault: 'drop' }]);
    await expect(reindex({ globals: { retries: 3 } })).rejects.toMatchObject({ exitCode: 6, outcomeUnknown: true });
    expect(server.requests).toHaveLength(1);
  });

  it('no such token: the service 404, exit 3', async () => {
    server.respond([errorAnswer(404, 'token not found')]);
    await expect(reindex()).rejects.toMatchObject({ exitCode: 3, statusCode: 404 });
  });
});

describe('nft reindex against the emulator', () => {
  const emulator = useEmulator();
  const FUJI_AVATARS = '0x9047787E3e4F025b967e064a9e9603cFB414024c';

  it('a minted token: reindexed once; again within the hour: the service’s 400, exit 2', async () => {
    const minted = await call(emulator.url, 'POST', '/_emulator/transactions', {
      body: {
        chainId: '43113',
        erc721Transfers: [{ from: ZERO, to: numbered(0x7e1d), tokenId: '3000001', token: { address: FUJI_AVATARS } }],
      },
    });
    expect(minted.status, JSON.stringify(minted.body)).toBe(201);
    await withTestContext({ baseUrl: emulator.url, apiKey: KEY }, async ({ context, io }) => {
      const options = await parseNftReindexOptions(FUJI_AVATARS, '3000001', { chainId: 'fuji' });
      await run(options, context);
      expect(io.stdout()).toBe('');
      await expect(run(options, context)).rejects.toMatchObject({ exitCode: 2, statusCode: 400, message: /once per hour/ });
    });
  });
});
