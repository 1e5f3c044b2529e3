// `svc tx list`: its run, called directly, against the emulator (a page, --json --limit; with --follow, transactions
// injected through its control API) and against the strict recording server (exact requests: pages followed back,
// an outage in the middle).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTxListOptions, run } from '../../../src/commands/tx/list.js';
import type { TxListFlags, TxListOptions } from '../../../src/commands/tx/list.js';
import { MAX_ITEMS_PER_POLL, SeenItems } from '../../../src/commands/shared/follow.js';
import { ApiError, InterruptedError, UsageError } from '../../../src/errors.js';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { call, eventually, startTestEmulator } from '../../helpers/emulator-helpers.js';
import { makeTransaction } from '../../helpers/fixtures.js';
import { runInProcess } from '../../helpers/cli.js';
import {
  BLOCK_HASH,
  erc1155Transfer,
  erc20Transfer,
  erc721Transfer,
  internalTransaction,
  nativeTransaction,
  NFT,
  RECEIVER,
  SENDER,
  TOKEN,
  TX_HASH,
} from '../../helpers/evm-fixtures.js';
import { createTestContext, withTestContext } from '../../helpers/test-context.js';
import type { TestContextOptions } from '../../helpers/test-context.js';
import type { TestIO } from '../../helpers/test-io.js';
import { errorAnswer, json, startTestServer } from '../../helpers/test-server.js';
import type { Answer, TestServer } from '../../helpers/test-server.js';
import { useEmulator } from '../fixture.js';

const emulator = useEmulator();

describe('tx list: run', () => {
  it('prints one TSV row per transaction of the network and status asked for', async () => {
    await withTestContext({ baseUrl: emulator.url }, async ({ context, io }) => {
      await run(parseTxListOptions({ network: 'fuji', status: 'failed', pageSize: '5' }), context);
      const rows = io.stdout().trimEnd().split('\n');
      expect(rows).toHaveLength(5);
      for (const row of rows) {
        const columns = row.split('\t');
        expect(columns).toHaveLength(9);
        expect(columns[8]).toBe('failed');
      }
    });
  });

  it('--json --limit: each page as returned, one document a line, items up to the limit', async () => {
    await withTestContext({ baseUrl: emulator.url, globals: { json: true } }, async ({ context, io }) => {
      await run(parseTxListOptions({ limit: '150' }), context);
      const pages = io
        .stdout()
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as { transactions: unknown[] });
      expect(pages.map((page) => page.transactions.length)).toEqual([100, 50]);
    });
  });
});

/** Polls every 20 ms: the parse rule (at least 0.5 s) is for people; run() takes what it is given. */
const FAST = 20;

function followOptions(flags: TxListFlags = {}): TxListOptions {
  return { ...parseTxListOptions({ ...flags, follow: true }), follow: { intervalMs: FAST } };
}

/**
 * Starts run() with --follow and a controller to play Ctrl-C; `finished` is its outcome (it only ends by an error or
 * the interrupt).
 */
function startFollowing(options: TxListOptions, contextOptions: TestContextOptions, controller = new AbortController()) {
  const test = createTestContext({ ...contextOptions, interrupt: controller.signal });
  const finished = run(options, test.context).then(
    () => new Error('run() returned: --follow ends only by an error or an interrupt'),
    (error: unknown) => error,
  );
  return {
    io: test.io,
    controller,
    /** Plays Ctrl-C and resolves with what run() ended with. */
    async interrupt(): Promise<unknown> {
      controller.abort(new InterruptedError(130));
      const outcome = await finished;
      await test.close();
      return outcome;
    },
    async finished(): Promise<unknown> {
      const outcome = await finished;
      await test.close();
      return outcome;
    },
  };
}

const rows = (io: TestIO) => io.stdout().split('\n').filter(Boolean);
/** The TSV rows' hash column (the fourth). */
const hashes = (io: TestIO) => rows(io).map((row) => row.split('\t')[3]);

describe('tx list --follow: parsing', () => {
  it('--interval defaults to 2 s, takes decimals, and refuses less than 0.5 s naming the flag and the rule', () => {
    expect(parseTxListOptions({ follow: true }).follow).toEqual({ intervalMs: 2000 });
    expect(parseTxListOptions({ follow: true, interval: '0.5' }).follow).toEqual({ intervalMs: 500 });
    expect(parseTxListOptions({ follow: true, interval: '1.25' }).follow).toEqual({ intervalMs: 1250 });
    for (const bad of ['0.4', '0', '-1', 'abc', '', '1e3', '3601']) {
      expect(() => parseTxListOptions({ follow: true, interval: bad })).toThrow(UsageError);
    }
    expect(() => parseTxListOptions({ follow: true, interval: '0.2' })).toThrow(
      '--interval "0.2": must be a number of seconds from 0.5 to 3600 (decimals allowed, e.g. 1.5)',
    );
  });

  it('--interval without --follow, and --follow with --limit, --all or --page-token, are usage errors saying why', () => {
    expect(() => parseTxListOptions({ interval: '1' })).toThrow('--interval: only with --follow');
    expect(() => parseTxListOptions({ follow: true, limit: '5' })).toThrow(/^--follow and --limit: use one or the other/);
    expect(() => parseTxListOptions({ follow: true, all: true })).toThrow(/^--follow and --all: use one or the other/);
    expect(() => parseTxListOptions({ follow: true, pageToken: 'abc' })).toThrow(/^--follow and --page-token: use one or the other/);
    expect(parseTxListOptions({}).follow).toBeUndefined();
  });
});

describe('tx list --follow: what it remembers is bounded', () => {
  it('keeps the last keys only, and takes what is older than the last one forgotten for seen', () => {
    const seen = new SeenItems(3);
    for (let i = 1; i <= 5; i++) seen.add(`k${i}`, i * 1000);
    expect(seen.size).toBe(3);
    // k1 and k2 are forgotten: the floor rose to k2's time, so both still count as seen.
    expect(seen.floorMs).toBe(2000);
    expect(seen.has('k1', 1000)).toBe(true);
    expect(seen.has('k5', 5000)).toBe(true);
    // Unknown at the floor's own time or later: new; without a time only the keys decide.
    expect(seen.has('other', 2000)).toBe(false);
    expect(seen.has('other', 9000)).toBe(false);
    expect(seen.has('k2', undefined)).toBe(false);
    expect(seen.has('k4', undefined)).toBe(true);
  });
});

describe('tx list --follow against the emulator', () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator();
  });
  afterAll(() => emulator.close());

  const inject = async (chainId: string, txStatus = '1'): Promise<string> => {
    const answer = await call<{ txHash: string }>(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId, txStatus } });
    if (answer.status !== 201) throw new Error(`injection answered ${answer.status}`);
    return answer.body.txHash;
  };

  it('prints the first page oldest first, then each injected transaction of the network asked for once, in order; Ctrl-C gives the count and 130', async () => {
    const firstPage = await call<{ transactions: Array<{ txHash: string }> }>(emulator.url, 'GET', '/v1/transactions?network=fuji');
    const following = startFollowing(followOptions({ network: 'fuji' }), { baseUrl: emulator.url });
    await eventually(() => (rows(following.io).length === 10 ? true : undefined));
    expect(hashes(following.io)).toEqual(firstPage.body.transactions.map((tx) => tx.txHash).reverse());

    const injected: string[] = [];
    const onMainnet: string[] = [];
    for (let i = 0; i < 5; i++) {
      injected.push(await inject('43113'));
      // A mainnet transaction in between: not on fuji, never printed.
      onMainnet.push(await inject('43114'));
    }
    await eventually(() => (rows(following.io).length >= 15 ? true : undefined));
    injected.push(await inject('43113'));
    await eventually(() => (rows(following.io).length >= 16 ? true : undefined));

    const outcome = await following.interrupt();
    expect(outcome).toBeInstanceOf(InterruptedError);
    expect((outcome as InterruptedError).exitCode).toBe(130);
    // Each injected fuji transaction once, in the emulator's own order (oldest first), and nothing else.
    const listed = await call<{ transactions: Array<{ txHash: string }> }>(
      emulator.url,
      'GET',
      '/v1/transactions?network=fuji&pageSize=16',
    );
    expect(hashes(following.io)).toEqual(listed.body.transactions.map((tx) => tx.txHash).reverse());
    expect(new Set(hashes(following.io).slice(10))).toEqual(new Set(injected));
    expect(hashes(following.io).filter((hash) => onMainnet.includes(hash!))).toEqual([]);
    expect(following.io.stderr()).toBe('svc: 16 transactions shown\n');
  });

  it('--json: one line per transaction, the bytes the emulator sent for it', async () => {
    const following = startFollowing(followOptions({ network: 'mainnet', pageSize: '2' }), {
      baseUrl: emulator.url,
      globals: { json: true },
    });
    await eventually(() => (rows(following.io).length === 2 ? true : undefined));
    const hash = await inject('43114');
    await eventually(() => (rows(following.io).length === 3 ? true : undefined));
    await following.interrupt();
    const listed = await fetch(`${emulator.url}/v1/transactions?network=mainnet&pageSize=1`);
    const text = await listed.text();
    const newest = rows(following.io)[2]!;
    expect((JSON.parse(newest) as { txHash: string }).txHash).toBe(hash);
    // The emulator writes compact JSON: its item is the same bytes, cut out of the page.
    expect(text).toContain(newest);
  });
});

describe('tx list --follow against the recording server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  /** A transaction named by its number, later ones newer (listed first). */
  const tx = (n: number) =>
    makeTransaction({
      chainId: '43113',
      txHash: '0x' + n.toString(16).padStart(64, '0'),
      blockTimestamp: 1_700_000_000 + n,
      blockTimestampMilliseconds: (1_700_000_000 + n) * 1000,
    });
  const page = (numbers: number[], nextPageToken?: string) =>
    json(nextPageToken ? { transactions: numbers.map(tx), nextPageToken } : { transactions: numbers.map(tx) });
  const hashOf = (n: number) => '0x' + n.toString(16).padStart(64, '0');

  /**
   * Answers the requests in order; the request after the last answer plays Ctrl-C and is never answered, so the
   * requests made are exactly these plus that one.
   */
  function script(answers: Answer[], controller: AbortController) {
    server.requests.length = 0;
    server.respond((_request, index) => {
      if (index < answers.length) return answers[index]!;
      controller.abort(new InterruptedError(130));
      return { fault: 'stall' };
    });
  }

  it('more than a page between polls: follows nextPageToken back to what it had seen, prints each once, oldest first, with the filters on every request', async () => {
    const controller = new AbortController();
    script(
      [
        page([3, 2], 'p1'),
        // Read once at the start for what shares the first page's oldest time: nothing does here.
        page([1, 0], 'p2'),
        // Four arrived: the newest page is all new, so the next is read, and the next, until 3 (seen) is met.
        page([7, 6], 'k1'),
        page([5, 4], 'k2'),
        page([3, 2], 'p1'),
        // One more, beside one seen: no further page.
        page([8, 7], 'k3'),
        page([8, 7], 'k3'),
      ],
      controller,
    );
    const following = startFollowing(
      followOptions({ network: 'fuji', status: 'failed', pageSize: '2' }),
      { baseUrl: server.url },
      controller,
    );
    const outcome = await following.finished();
    expect(outcome).toBeInstanceOf(InterruptedError);
    expect(hashes(following.io)).toEqual([2, 3, 4, 5, 6, 7, 8].map(hashOf));
    expect(server.requests.map((request) => request.searchParams.get('pageToken'))).toEqual([
      null,
      'p1',
      null,
      'k1',
      'k2',
      null,
      null,
      null,
    ]);
    for (const request of server.requests) {
      expect(request.path).toBe('/v1/transactions');
      expect(request.query).toMatchObject({ network: 'fuji', status: 'failed', pageSize: '2' });
    }
    expect(following.io.stderr()).toBe('svc: 7 transactions shown\n');
  });

  it("--chain-id: follows that chain's latest transactions (listLatestTransactions), the status on every request", async () => {
    const controller = new AbortController();
    script([page([2, 1]), page([3, 2])], controller);
    const following = startFollowing(followOptions({ chainId: 'fuji', status: 'success' }), { baseUrl: server.url }, controller);
    expect(await following.finished()).toBeInstanceOf(InterruptedError);
    expect(hashes(following.io)).toEqual([1, 2, 3].map(hashOf));
    for (const request of server.requests) {
      expect(request.path).toBe('/v1/chains/43113/transactions');
      expect(request.query).toMatchObject({ status: 'success' });
    }
  });

  it('an outage in the middle: one line when it starts, one when it ends, and nothing lost or repeated', async () => {
    const controller = new AbortController();
    script(
      [
        page([2, 1]),
        page([3, 2]),
        // A 503 after the client's retries (none here), then a dropped connection: the same outage.
        errorAnswer(503, 'down for maintenance'),
        { fault: 'drop' },
        page([6, 5, 4, 3, 2]),
        page([6, 5, 4, 3, 2]),
      ],
      controller,
    );
    const following = startFollowing(followOptions(), { baseUrl: server.url }, controller);
    const outcome = await following.finished();
    expect(outcome).toBeInstanceOf(InterruptedError);
    expect(hashes(following.io)).toEqual([1, 2, 3, 4, 5, 6].map(hashOf));
    const lines = following.io.stderr().split('\n').filter(Boolean);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('svc: the service is not answering (HTTP 503 Service Unavailable); retrying');
    expect(lines[1]).toMatch(/^svc: the service is answering again after \d+ s; resuming$/);
    expect(lines[2]).toBe('svc: 6 transactions shown');
    // Every poll, failed or not, asks for the newest page, as large as a page may be.
    expect(server.requests).toHaveLength(7);
    for (const request of server.requests.slice(1)) expect(request.query).toEqual({ pageSize: '100' });
  });

  it('what is older than the first page is never printed, even when what it showed leaves the listing', async () => {
    const controller = new AbortController();
    // 3 and 2 are shown, then gone (a reset): 1 and 0 are older than anything shown, not new.
    script([page([3, 2]), page([1, 0]), page([4, 1, 0])], controller);
    const following = startFollowing(followOptions(), { baseUrl: server.url }, controller);
    await following.finished();
    expect(hashes(following.io)).toEqual([2, 3, 4].map(hashOf));
  });

  it('a 429 after the retries is ridden out like an outage, in its own words', async () => {
    const controller = new AbortController();
    script([page([1]), errorAnswer(429, 'slow down'), page([2, 1])], controller);
    const following = startFollowing(followOptions(), { baseUrl: server.url }, controller);
    await following.finished();
    expect(hashes(following.io)).toEqual([1, 2].map(hashOf));
    expect(following.io.stderr().split('\n')[0]).toBe('svc: the service is limiting requests (HTTP 429 Too Many Requests); retrying');
  });

  it('more than it gathers in one poll (after a long outage): the newest are printed, the older skipped and said so, once', async () => {
    const controller = new AbortController();
    const arrived = MAX_ITEMS_PER_POLL + 150;
    // Newest first: arrived + 1 down to 2, pages of 100 by offset; 1 is the first page, printed at the start.
    const listing = Array.from({ length: arrived }, (_, i) => arrived + 1 - i);
    let polls = 0;
    server.requests.length = 0;
    server.respond((request, index) => {
      if (index === 0) return page([1]);
      const offset = Number(request.searchParams.get('pageToken') ?? 0);
      if (offset === 0 && ++polls === 3) {
        controller.abort(new InterruptedError(130));
        return { fault: 'stall' };
      }
      const next = offset + 100 < listing.length ? String(offset + 100) : undefined;
      return page(listing.slice(offset, offset + 100), next);
    });
    const following = startFollowing(followOptions(), { baseUrl: server.url }, controller);
    expect(await following.finished()).toBeInstanceOf(InterruptedError);
    const printed = hashes(following.io);
    expect(printed).toHaveLength(1 + MAX_ITEMS_PER_POLL);
    expect(printed.slice(0, 2)).toEqual([hashOf(1), hashOf(arrived + 1 - MAX_ITEMS_PER_POLL + 1)]);
    expect(printed.at(-1)).toBe(hashOf(arrived + 1));
    expect(following.io.stderr()).toBe(
      `svc: more than ${MAX_ITEMS_PER_POLL} new transactions since the last poll: the older ones were skipped\nsvc: ${1 + MAX_ITEMS_PER_POLL} transactions shown\n`,
    );
    // The first poll read pages until the skipped ones began (101 pages), the second only the newest page.
    expect(server.requests).toHaveLength(1 + 101 + 1 + 1);
  });

  it('a 4xx while following (the key refused) ends it with that error', async () => {
    server.requests.length = 0;
    server.respond([page([2, 1]), errorAnswer(401, 'invalid API key')]);
    const following = startFollowing(followOptions(), { baseUrl: server.url, apiKey: 'sk_refused' });
    const outcome = await following.finished();
    expect(outcome).toBeInstanceOf(ApiError);
    expect((outcome as ApiError).exitCode).toBe(4);
    expect(hashes(following.io)).toEqual([1, 2].map(hashOf));
    expect(following.io.stderr()).toBe('');
    server.verify();
  });

  it('--json keeps the service bytes of each item (every digit of a long number, escapes as sent)', async () => {
    const controller = new AbortController();
    const item = (n: number) =>
      `{ "chainId" : "43113", "txHash": "0x${n}", "value": 123456789012345678901234567890, "note": "caf\\u00e9", "blockTimestampMilliseconds": ${1_700_000_000_000 + n} }`;
    script(
      [
        { status: 200, body: `{"transactions": [\n  ${item(1)}\n]}` },
        { status: 200, body: `{"transactions": [${item(2)}, ${item(1)}], "nextPageToken": "more"}` },
      ],
      controller,
    );
    const following = startFollowing(followOptions(), { baseUrl: server.url, globals: { json: true } }, controller);
    await following.finished();
    expect(following.io.stdout()).toBe(
      [1, 2]
        .map(
          (n) =>
            `{"chainId":"43113","txHash":"0x${n}","value":123456789012345678901234567890,"note":"caf\\u00e9","blockTimestampMilliseconds":${1_700_000_000_000 + n}}\n`,
        )
        .join(''),
    );
  });

  it('on a terminal: one header above the first page, then rows only', async () => {
    const controller = new AbortController();
    script([page([2, 1]), page([4, 3, 2])], controller);
    const following = startFollowing(followOptions(), { baseUrl: server.url, io: { stdoutTTY: true, columns: 400 } }, controller);
    await following.finished();
    const lines = rows(following.io);
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(/^TIME \(UTC\)\s+CHAIN\s+BLOCK\s+TX HASH/);
    expect(lines.filter((line) => line.includes('TX HASH'))).toHaveLength(1);
    expect(lines.slice(1).map((line) => /\b0x[0-9a-f]{64}\b/.exec(line)?.[0])).toEqual([1, 2, 3, 4].map(hashOf));
  });
});

describe('tx list: one chain, an address, a block (the chain reads)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  const page = (items: unknown[], nextPageToken?: string) => json({ transactions: items, ...(nextPageToken ? { nextPageToken } : {}) });
  const requested = () => server.requests.map((request) => request.rawUrl);
  const listed = async (flags: TxListFlags, contextOptions: TestContextOptions = {}) =>
    withTestContext({ baseUrl: server.url, ...contextOptions }, async ({ context, io }) => {
      await run(parseTxListOptions(flags), context);
      return io.stdout();
    });

  it("--chain-id: that chain's latest (listLatestTransactions), --status sent along; rows as every transaction listing's", async () => {
    server.requests.length = 0;
    server.respond([page([nativeTransaction()])]);
    expect(await listed({ chainId: 'fuji', status: 'failed' })).toBe(
      `2022-03-30T20:34:46Z\t43113\t339\t${TX_HASH}\t${SENDER}\t${TOKEN}\ttransfer(address,uint256)\t10\tsuccess\n`,
    );
    expect(requested()).toEqual(['/v1/chains/43113/transactions?status=failed']);
  });

  it('--address: its history (listTransactions) with the range and order asked for; a row per transaction, pages followed to --limit', async () => {
    server.requests.length = 0;
    const item = (n: number) => ({
      nativeTransaction: nativeTransaction({ txHash: `0x${String(n).padStart(64, '0')}` }),
      erc20Transfers: [],
    });
    server.respond([page([item(1), item(2)], 'next-1'), page([item(2), item(3)], 'next-2')]);
    const rows = (await listed({ chainId: '43113', address: SENDER, startBlock: '100', endBlock: '200', sortOrder: 'asc', limit: '3' }))
      .trimEnd()
      .split('\n');
    // The second page repeats transaction 2: printed once.
    expect(rows.map((row) => row.split('\t')[3])).toEqual([1, 2, 3].map((n) => `0x${String(n).padStart(64, '0')}`));
    const path = `/v1/chains/43113/addresses/${SENDER}/transactions`;
    expect(requested()).toEqual([
      `${path}?pageSize=3&startBlock=100&endBlock=200&sortOrder=asc`,
      `${path}?pageToken=next-1&pageSize=1&startBlock=100&endBlock=200&sortOrder=asc`,
    ]);
  });

  it('--address --json over pages: each page a line as returned, a transaction repeated on a later page left out of it', async () => {
    const item = (n: number) => ({
      nativeTransaction: nativeTransaction({ txHash: `0x${String(n).padStart(64, '0')}` }),
      erc20Transfers: [],
    });
    server.respond([page([item(1), item(2)], 'next-1'), page([item(2), item(3)])]);
    const lines = (await listed({ chainId: 'fuji', address: SENDER, all: true }, { globals: { json: true } })).trimEnd().split('\n');
    const pages = lines.map((line) => JSON.parse(line) as { transactions: Array<{ nativeTransaction: { txHash: string } }> });
    expect(pages.map((body) => body.transactions.map((tx) => Number(tx.nativeTransaction.txHash)))).toEqual([[1, 2], [3]]);
    expect(pages[1]).not.toHaveProperty('nextPageToken');
  });

  it('--address at a terminal: the table of every transaction listing, a row per transaction', async () => {
    server.respond([page([{ nativeTransaction: nativeTransaction() }])]);
    const text = await listed({ chainId: 'fuji', address: SENDER }, { io: { stdoutTTY: true, columns: 250 } });
    expect(text.split('\n')[0]).toMatch(/^TIME \(UTC\) +CHAIN +BLOCK +TX HASH +FROM +TO +METHOD +VALUE +STATUS$/);
    expect(text).toMatch(/^2022-03-30 20:34:46 +fuji +339 +0x3e9303f8.* +transfer\(address,uint256\) +10 +success$/m);
  });

  it('--filter-spam-tokens: the history of v2 (listTransactionsV2)', async () => {
    server.requests.length = 0;
    server.respond([page([])]);
    await listed({ chainId: 'fuji', address: SENDER, filterSpamTokens: true });
    expect(requested()).toEqual([`/v2/chains/43113/addresses/${SENDER}/transactions?filterSpamTokens=true`]);
  });

  it('--kind: the typed listing, each with rows of its own (transfers: standard, token, id, raw value; internal: type, value, reverted)', async () => {
    server.requests.length = 0;
    server.respond([
      page([nativeTransaction()]),
      page([erc20Transfer(), erc721Transfer(), erc1155Transfer()]),
      page([erc721Transfer()]),
      page([erc1155Transfer()]),
      page([internalTransaction()]),
    ]);
    const time = '2022-03-30T20:34:46Z';
    expect(await listed({ chainId: 'fuji', address: SENDER, kind: 'native' })).toMatch(/^2022-03-30T20:34:46Z\t43113\t339\t/);
    expect(await listed({ chainId: 'fuji', address: SENDER, kind: 'erc20' })).toBe(
      [
        `${time}\t339\t${TX_HASH}\t${SENDER}\t${RECEIVER}\tERC-20\t${TOKEN}\t\t1500000000000000000`,
        `${time}\t339\t${TX_HASH}\t${SENDER}\t${RECEIVER}\tERC-721\t${NFT}\t42\t`,
        `${time}\t339\t${TX_HASH}\t${SENDER}\t${RECEIVER}\tERC-1155\t${NFT}\t7\t250`,
        '',
      ].join('\n'),
    );
    await listed({ chainId: 'fuji', address: SENDER, kind: 'erc721' });
    await listed({ chainId: 'fuji', address: SENDER, kind: 'erc1155' });
    expect(await listed({ chainId: 'fuji', address: SENDER, kind: 'internal' })).toBe(
      `${time}\t339\t${TX_HASH}\t${TOKEN}\t${RECEIVER}\tCALL\t5000000000000000\ttrue\n`,
    );
    const path = `/v1/chains/43113/addresses/${SENDER}/transactions`;
    expect(requested()).toEqual(
      ['listNative', 'listErc20', 'listErc721', 'listErc1155', 'listInternals'].map((listing) => `${path}:${listing}`),
    );
  });

  it('at a terminal, transfers in the token units of their decimals (an ERC-1155 by its metadata), reverted internal ones marked', async () => {
    server.respond([page([erc20Transfer(), erc1155Transfer()]), page([internalTransaction()])]);
    const terminal = { io: { stdoutTTY: true, columns: 240 } };
    const transfers = await listed({ chainId: 'fuji', address: SENDER, kind: 'erc20' }, terminal);
    expect(transfers.split('\n')[0]).toMatch(/^TIME \(UTC\) +BLOCK +TX HASH +FROM +TO +STANDARD +TOKEN +TOKEN ID +VALUE$/);
    expect(transfers).toMatch(/ERC-20 +WAVAX +1\.5$/m);
    expect(transfers).toMatch(/ERC-1155 +ITEM +7 +2\.5$/m);
    expect(await listed({ chainId: 'fuji', address: SENDER, kind: 'internal' }, terminal)).toMatch(/CALL +0\.005 +yes$/m);
  });

  it("--block: the block's transactions (getTransactionsForBlock), by number or hash", async () => {
    server.requests.length = 0;
    server.respond([page([nativeTransaction()]), page([])]);
    await listed({ chainId: 'fuji', block: '339' });
    await listed({ chainId: 'fuji', block: BLOCK_HASH, pageSize: '5' });
    expect(requested()).toEqual([
      '/v1/chains/43113/blocks/339/transactions',
      `/v1/chains/43113/blocks/${BLOCK_HASH}/transactions?pageSize=5`,
    ]);
  });

  it("the next page's command on a terminal carries every flag given, the chain by its id", async () => {
    server.respond([page([{ nativeTransaction: nativeTransaction() }], 'tok/2')]);
    const text = await listed(
      { chainId: 'fuji', address: SENDER, startBlock: '5', sortOrder: 'desc' },
      { io: { stdoutTTY: true, columns: 300 } },
    );
    expect(text).toContain(
      `Next page: svc tx list --chain-id 43113 --address ${SENDER} --start-block 5 --sort-order desc --page-token tok/2\n`,
    );
  });

  it('flags that do not go together: a usage error naming both; flags of a history without --address name --address', () => {
    const cases: Array<[TxListFlags, RegExp]> = [
      [{ network: 'fuji', chainId: 'fuji' }, /^--network and --chain-id: use one or the other \(--network lists every chain of a network/],
      [{ network: 'mainnet', address: SENDER }, /^--network and --address: /],
      [{ address: SENDER, block: '1' }, /^--address and --block: use one or the other/],
      [{ status: 'failed', address: SENDER }, /^--status and --address: use one or the other/],
      [{ status: 'failed', block: '1' }, /^--status and --block: /],
      [{ kind: 'erc20' }, /^--kind: only with --address/],
      [{ startBlock: '1' }, /^--start-block: only with --address/],
      [{ endBlock: '1' }, /^--end-block: only with --address/],
      [{ sortOrder: 'asc' }, /^--sort-order: only with --address/],
      [{ filterSpamTokens: true }, /^--filter-spam-tokens: only with --address/],
      [{ address: SENDER, kind: 'erc20', sortOrder: 'asc' }, /^--kind and --sort-order: /],
      [{ address: SENDER, kind: 'internal', filterSpamTokens: true }, /^--kind and --filter-spam-tokens: /],
      [{ address: SENDER, follow: true }, /^--follow and --address: /],
      [{ block: '1', follow: true }, /^--follow and --block: /],
    ];
    for (const [flags, message] of cases) expect(() => parseTxListOptions(flags), JSON.stringify(flags)).toThrow(message);
  });

  it('bad values: a usage error naming the flag and the rule', () => {
    const cases: Array<[TxListFlags, RegExp]> = [
      [{ address: '0x1234' }, /^--address "0x1234": must be an address: 0x followed by 40 hex digits/],
      [{ address: SENDER, kind: 'erc777' }, /^--kind "erc777": must be one of native, erc20, erc721, erc1155, internal/],
      [{ address: SENDER, startBlock: '-1' }, /^--start-block "-1": must be a block number/],
      [{ address: SENDER, endBlock: '1e3' }, /^--end-block "1e3": must be a block number/],
      [{ address: SENDER, startBlock: '9', endBlock: '9' }, /^--start-block 9 and --end-block 9: the start must be below the end/],
      [{ address: SENDER, sortOrder: 'up' }, /^--sort-order "up": must be one of asc, desc/],
      [{ block: 'latest' }, /^--block "latest": must be a block number .* or a block hash/],
      [{ block: '0x1234' }, /^--block "0x1234": /],
      [{ chainId: 'fujii' }, /^--chain-id "fujii": /],
    ];
    for (const [flags, message] of cases) expect(() => parseTxListOptions(flags), JSON.stringify(flags)).toThrow(message);
  });

  it("--address with a wrong EIP-55 checksum, or without a chain: exit 2 before any request; a profile's chain narrows only --address and --block", async () => {
    server.requests.length = 0;
    const wrongCase = SENDER.replace('C7656EC', 'c7656EC');
    const bad = await runInProcess(['tx', 'list', '--chain-id', 'fuji', '--address', wrongCase], { baseUrl: server.url });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/^svc: --address "0x71c7656EC.*": its mixed case is an EIP-55 checksum, and it does not match/);
    const noChain = await runInProcess(['tx', 'list', '--block', '1'], { baseUrl: server.url });
    expect(noChain.exitCode).toBe(2);
    expect(noChain.stderr).toMatch(/^svc: --chain-id: required/);
    expect(server.requests).toEqual([]);
    server.respond([page([]), page([])]);
    const env = { SVC_CHAIN_ID: 'dfk' };
    expect((await runInProcess(['tx', 'list', '--block', '1'], { baseUrl: server.url, env })).exitCode).toBe(0);
    expect((await runInProcess(['tx', 'list'], { baseUrl: server.url, env })).exitCode).toBe(0);
    expect(requested()).toEqual(['/v1/chains/53935/blocks/1/transactions', '/v1/transactions']);
  });
});

describe('tx list: one chain, an address, a block, against the emulator', () => {
  const rowsOf = async (flags: TxListFlags) =>
    withTestContext({ baseUrl: emulator.url }, async ({ context, io }) => {
      await run(parseTxListOptions(flags), context);
      return io
        .stdout()
        .split('\n')
        .filter(Boolean)
        .map((row) => row.split('\t'));
    });

  it("--chain-id: that chain's transactions only, of the status asked for", async () => {
    const rows = await rowsOf({ chainId: 'fuji', status: 'failed', pageSize: '20' });
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect([row[1], row[8]]).toEqual(['43113', 'failed']);
  });

  it("--block: the block's transactions, as many as the block counts; each in that block", async () => {
    const latest = await call<{ blocks: Array<{ blockNumber: string; txCount: number }> }>(
      emulator.url,
      'GET',
      '/v1/chains/43113/blocks?pageSize=1',
    );
    const block = latest.body.blocks[0]!;
    const rows = await rowsOf({ chainId: 'fuji', block: block.blockNumber, all: true });
    expect(rows).toHaveLength(block.txCount);
    for (const row of rows) expect(row[2]).toBe(block.blockNumber);
  });

  it('--address: its history holds only transactions it took part in; each --kind names it as a party', async () => {
    const [first] = await rowsOf({ chainId: 'fuji', pageSize: '1' });
    const address = first![4]!;
    const history = await rowsOf({ chainId: 'fuji', address, limit: '30' });
    expect(history.length).toBeGreaterThan(0);
    expect(new Set(history.map((row) => row[3])).size).toBe(history.length);
    const native = await rowsOf({ chainId: 'fuji', address, kind: 'native', limit: '30' });
    for (const row of native) expect([row[4], row[5]]).toContain(address);
    for (const kind of ['erc20', 'erc721', 'erc1155', 'internal'] as const) {
      for (const row of await rowsOf({ chainId: 'fuji', address, kind, limit: '10' })) {
        expect([row[3]!.toLowerCase(), row[4]!.toLowerCase()], kind).toContain(address.toLowerCase());
      }
    }
    const oldestFirst = await rowsOf({ chainId: 'fuji', address, sortOrder: 'asc', limit: '30' });
    expect(oldestFirst.map((row) => row[3]).sort()).toEqual(history.map((row) => row[3]).sort());
  });
});
