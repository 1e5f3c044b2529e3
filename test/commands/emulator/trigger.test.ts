// `svc emulator trigger`: its run, called directly against the emulator.
import { describe, expect, it } from 'vitest';
import { parseEmulatorTriggerOptions, run } from '../../../src/commands/emulator/trigger.js';
import type { EmulatorTriggerFlags } from '../../../src/commands/emulator/trigger.js';
import { NetworkError } from '../../../src/errors.js';
import { toChecksumAddress } from '../../../src/evm/address.js';
import { currentProcessProof } from '../../../src/process-proof.js';
import { freshConfigDir } from '../../helpers/cli.js';
import { writeRecord } from '../../helpers/emulator-records.js';
import { startReceiver } from '../../helpers/emulator-helpers.js';
import { withTestContext } from '../../helpers/test-context.js';
import { WATCHED, createWebhook, useEmulator } from '../fixture.js';

const emulator = useEmulator();
/** The repeatable flags, none given. */
/** The flags commander gives a command line that names none of them. */
const DEFAULTS = { status: 'success', erc20: [], erc721: [], erc1155: [], internal: [], log: [] };
const TOPIC = (n: number) => '0x' + n.toString(16).padStart(64, '0');

describe('emulator trigger: run', () => {
  it('injects a transaction and prints its hash and the message made for the watching webhook', async () => {
    await createWebhook(emulator.url);
    await withTestContext({ baseUrl: emulator.url }, async ({ context, io }) => {
      await run(await parseEmulatorTriggerOptions({ chainId: '43113', from: WATCHED, ...DEFAULTS }), context);
      const [txHash, messageId, ...rest] = io.stdout().trimEnd().split('\t');
      expect(txHash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(messageId).toMatch(/^[0-9a-f-]{36}$/);
      expect(rest).toEqual([]);
    });
  });
});

describe('emulator trigger: the kinds beyond ERC-20', () => {
  it('--erc721, --erc1155 and --contract-creation each make a delivered transaction', async () => {
    // Two webhooks of this test's own, on an address no other test watches, delivering to a receiver that answers
    // 200. A webhook whose deliveries fail (the fixture's) is switched off once its retries run out, which on a slow
    // machine could fall between two triggers here and leave one message instead of two.
    const receiver = await startReceiver();
    try {
      const watched = '0x2546bcd3c84621e976d8185a91a922ae77ecec30';
      for (const name of ['nfts', 'creations']) {
        await createWebhook(emulator.url, { name, url: receiver.url, metadata: { addresses: [watched] } });
      }
      // Mints (a sender must hold what it sends), the NFT of an id the generated history never makes (below 10,000).
      const zero = '0x0000000000000000000000000000000000000000';
      const kinds: Array<Partial<EmulatorTriggerFlags>> = [
        { erc721: [`${zero}:${watched}:1000042`] },
        { erc1155: [`${zero}:${watched}:7:3`] },
        { from: watched, contractCreation: true },
      ];
      for (const flags of kinds) {
        await withTestContext({ baseUrl: emulator.url }, async ({ context, io }) => {
          await run(await parseEmulatorTriggerOptions({ chainId: '43113', ...DEFAULTS, ...flags }), context);
          // One message for each of the two webhooks.
          expect(io.stdout().trimEnd().split('\t').slice(1)).toHaveLength(2);
        });
      }
      // And each of the six was delivered.
      expect(await receiver.waitFor(6)).toHaveLength(6);
    } finally {
      await receiver.close();
    }
  });

  it('--log makes logs of 1 to 4 topics with their data, --internal internal transactions: delivered as given', async () => {
    const receiver = await startReceiver();
    try {
      const watched = '0x9965507d1a55bcc2695c58ba16fb37d819b0a4dc';
      await createWebhook(emulator.url, {
        name: 'logs',
        url: receiver.url,
        includeLogs: true,
        includeInternalTxs: true,
        metadata: { addresses: [watched] },
      });
      const logs = [1, 2, 3, 4].map((count) => {
        const topics = Array.from({ length: count }, (_, i) => TOPIC(i + 1));
        return `${watched}:${topics.join(',')}:0x${'ab'.repeat(count)}`;
      });
      const internal = [
        `${watched}:0x8ba1f109551bD432803012645Ac136ddd64DBA72:5`,
        `${watched}:0x1111111111111111111111111111111111111111:0:DELEGATECALL`,
      ];
      await withTestContext({ baseUrl: emulator.url }, async ({ context }) => {
        await run(await parseEmulatorTriggerOptions({ chainId: '43113', ...DEFAULTS, log: logs, internal }), context);
      });
      const [message] = await receiver.waitFor(1);
      expect(
        message!.event.logs.map((log) => [
          [log.topic0, log.topic1, log.topic2, log.topic3].filter((topic) => typeof topic === 'string').length,
          log.data,
        ]),
      ).toEqual([
        [1, '0xab'],
        [2, '0xabab'],
        [3, '0xababab'],
        [4, '0xabababab'],
      ]);
      expect(message!.event.logs[3]).toMatchObject({ topic0: TOPIC(1), topic1: TOPIC(2), topic2: TOPIC(3), topic3: TOPIC(4) });
      expect(message!.event.transaction.internalTransactions.map((call) => [call.internalTxType, call.value])).toEqual([
        ['CALL', '5'],
        ['DELEGATECALL', '0'],
      ]);
    } finally {
      await receiver.close();
    }
  });

  it.each<[Partial<EmulatorTriggerFlags>, RegExp]>([
    [
      { erc721: ['0x8ba1f109551bD432803012645Ac136ddd64DBA72:0x71C7656EC7ab88b098defB751B7401B5f6d8976F'] },
      /--erc721 tokenId "": must be a whole decimal/,
    ],
    [
      { erc1155: ['0x8ba1f109551bD432803012645Ac136ddd64DBA72:0x71C7656EC7ab88b098defB751B7401B5f6d8976F:1'] },
      /must be from:to:tokenId:value/,
    ],
    [
      { contractCreation: true, to: '0x8ba1f109551bD432803012645Ac136ddd64DBA72' },
      /--contract-creation makes a transaction of its own: leave out --to/,
    ],
    [
      { log: [`0x8ba1f109551bD432803012645Ac136ddd64DBA72:${[1, 2, 3, 4, 5].map(TOPIC).join(',')}`] },
      /--log .*must hold at most 4 topics.*this has 5/,
    ],
    [{ log: ['0x8ba1f109551bD432803012645Ac136ddd64DBA72:0xddf252ad'] }, /--log .*topic0 must be 32 bytes/],
    [{ log: [`0x8ba1f109551bD432803012645Ac136ddd64DBA72:${TOPIC(1)},0x${'0'.repeat(62)}`] }, /--log .*topic1 must be 32 bytes/],
    [{ log: [`0x8ba1f109551bD432803012645Ac136ddd64DBA72:${TOPIC(1)}:0xabc`] }, /--log .*data must be 0x followed by an even number/],
    [{ log: [`0x8ba1f109551bD432803012645Ac136ddd64DBA72:${TOPIC(1)}:0x:0x`] }, /--log .*must be address, address:topics/],
    [{ internal: ['0x8ba1f109551bD432803012645Ac136ddd64DBA72:0x71C7656EC7ab88b098defB751B7401B5f6d8976F'] }, /--internal .*from:to:value/],
    [
      { internal: ['0x8ba1f109551bD432803012645Ac136ddd64DBA72:0x71C7656EC7ab88b098defB751B7401B5f6d8976F:1:call'] },
      /--internal .*upper-case call type/,
    ],
    [
      { token: '0x5425890298aed601595a70AB815c96711a31Bc65' },
      /^--token names the contract of --erc20, --erc721 or --erc1155 transfers: give some$/,
    ],
    [
      {
        token: '0x5425890298aed601595a70AB815c96711a31Bc65',
        erc20: ['0x0000000000000000000000000000000000000000:0x71C7656EC7ab88b098defB751B7401B5f6d8976F:1'],
        erc721: ['0x0000000000000000000000000000000000000000:0x71C7656EC7ab88b098defB751B7401B5f6d8976F:1'],
      },
      /^--token names one contract, which is one kind of token: give it with only one of --erc20, --erc721$/,
    ],
    [
      { token: '0x5425', erc20: ['0x0000000000000000000000000000000000000000:0x71C7656EC7ab88b098defB751B7401B5f6d8976F:1'] },
      /^--token "0x5425": must be an address/,
    ],
  ])('bad input %j: a usage error before any request', async (flags, message) => {
    await expect(parseEmulatorTriggerOptions({ chainId: '43113', ...DEFAULTS, ...flags })).rejects.toThrow(message);
  });
});

describe('emulator trigger --token', () => {
  it('names the token contract of every transfer of its kind: a mint of a chosen token, then a transfer of it', async () => {
    const zero = '0x0000000000000000000000000000000000000000';
    const holder = '0x7a11e00000000000000000000000000000000007';
    const usdc = '0x5425890298aed601595a70AB815c96711a31Bc65';
    const minted = await parseEmulatorTriggerOptions({
      chainId: '43113',
      ...DEFAULTS,
      erc20: [`${zero}:${holder}:5`, `${zero}:${holder}:2`],
      token: usdc,
    });
    expect(minted.erc20Transfers).toEqual([
      { from: zero, to: holder, value: '5', token: { address: usdc } },
      { from: zero, to: holder, value: '2', token: { address: usdc } },
    ]);
    await withTestContext({ baseUrl: emulator.url }, async ({ context }) => run(minted, context));
    // Seven minted, so seven can be sent on; an eighth is refused, naming the balance.
    const sent = await parseEmulatorTriggerOptions({
      chainId: '43113',
      ...DEFAULTS,
      erc20: [`${holder}:${zero.replace(/0$/, '1')}:7`],
      token: usdc,
    });
    await withTestContext({ baseUrl: emulator.url }, async ({ context }) => run(sent, context));
    await withTestContext({ baseUrl: emulator.url }, async ({ context }) => {
      await expect(run(sent, context)).rejects.toThrow(
        `erc20Transfers[0].from ${toChecksumAddress(holder)} holds 0 of token ${usdc} on chain 43113, less than 7`,
      );
    });
  });
});

describe('emulator trigger: which emulator, when no base URL is set', () => {
  const flags = { chainId: '43113', from: WATCHED, ...DEFAULTS };

  it('the one emulator recorded, wherever it listens', async () => {
    const configDir = freshConfigDir();
    // As the emulator records itself (it runs in this process here, on a port of its own).
    writeRecord(configDir, Number(new URL(emulator.url).port), { pid: process.pid, proof: currentProcessProof(), url: emulator.url });
    await withTestContext({ configDir }, async ({ context, io }) => {
      await run(await parseEmulatorTriggerOptions(flags), context);
      expect(io.stdout()).toMatch(/^0x[0-9a-f]{64}/);
    });
  });

  it('nothing answering: the hint names the emulators running, or how to start one', async () => {
    const configDir = freshConfigDir();
    // A base URL where nothing listens (port 1 is never an emulator's).
    const nowhere = { configDir, baseUrl: 'http://127.0.0.1:1' };
    await withTestContext(nowhere, async ({ context }) => {
      const error = await run(await parseEmulatorTriggerOptions(flags), context).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(NetworkError);
      expect((error as NetworkError).hint).toBe('no emulator of yours is running; start one: eval "$(svc emulator start --detach)"');
    });
    const port = Number(new URL(emulator.url).port);
    writeRecord(configDir, port, { pid: process.pid, proof: currentProcessProof(), url: emulator.url });
    await withTestContext(nowhere, async ({ context }) => {
      const error = await run(await parseEmulatorTriggerOptions(flags), context).catch((caught: unknown) => caught);
      expect((error as NetworkError).hint).toBe(
        `your emulator listens at ${emulator.url} (pid ${process.pid}): export SVC_BASE_URL=${emulator.url}`,
      );
    });
    // Two recorded: the hint names both (with no base URL set, neither would be chosen for the command).
    writeRecord(configDir, 2, { pid: process.pid, proof: currentProcessProof() });
    await withTestContext(nowhere, async ({ context }) => {
      const error = await run(await parseEmulatorTriggerOptions(flags), context).catch((caught: unknown) => caught);
      expect((error as NetworkError).hint).toBe(
        `your emulators listen at http://127.0.0.1:2 (pid ${process.pid}), ${emulator.url} (pid ${process.pid}): choose one, e.g. export SVC_BASE_URL=http://127.0.0.1:2`,
      );
    });
  });
});
