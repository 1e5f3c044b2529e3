// Every path that matches a webhook's addresses compares them case-insensitively: the emulator's own synthetic
// activity, injected transactions and address changes, for the addresses the README writes (checksummed, as users
// copy them) and for the same addresses in lower case.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainDataGenerator } from '../../src/emulator/chain-data.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { Prng } from '../../src/emulator/prng.js';
import { REPO_ROOT } from '../helpers/cli.js';
import { API_KEY, call, startReceiver, startTestEmulator, webhookBody } from '../helpers/emulator-helpers.js';
import type { Receiver } from '../helpers/emulator-helpers.js';

/** The addresses the README's examples use, as it writes them. */
const README_ADDRESSES = [...new Set(readFileSync(join(REPO_ROOT, 'README.md'), 'utf8').match(/\b0x[0-9a-fA-F]{40}\b/g))];

describe('addresses compare the same way on every path', () => {
  it('the README writes checksummed addresses (what this file is about)', () => {
    expect(README_ADDRESSES.length).toBeGreaterThan(0);
    expect(README_ADDRESSES.some((address) => address !== address.toLowerCase())).toBe(true);
  });

  it('a synthetic block made for a watched address in any case lists it among the participants a match looks up', () => {
    const generator = new ChainDataGenerator(new Prng(11));
    const chain = generator.chain('43113');
    for (const address of README_ADDRESSES) {
      for (let k = 0; k < 20; k++) {
        const block = generator.syntheticBlock(chain, 1_800_000_000_000 + k * 2_000, [{ address, eventSignatures: [] }]);
        expect(block.some((tx) => tx.participants.includes(address.toLowerCase()))).toBe(true);
        for (const tx of block) expect(tx.participants.every((participant) => participant === participant.toLowerCase())).toBe(true);
      }
    }
  });

  describe('against a running emulator making blocks', () => {
    let emulator: RunningEmulator;
    let receiver: Receiver;
    beforeAll(async () => {
      [emulator, receiver] = await Promise.all([startTestEmulator({ blockTimeMs: 50 }), startReceiver()]);
    });
    afterAll(async () => {
      await Promise.all([emulator.close(), receiver.close()]);
    });

    // Only the README's own forms: a webhook given the same address in lower case would be notified of the activity
    // made for it, and hide whether the checksummed one gets its own.
    it('a webhook given an address checksummed, as the README writes it, gets the activity made for it', async () => {
      const ids = new Map<string, string>();
      for (const address of README_ADDRESSES) {
        const created = await call(emulator.url, 'POST', '/v1/webhooks', {
          key: API_KEY,
          body: webhookBody({ url: receiver.url, chainId: '43113', metadata: { addresses: [address] } }),
        });
        expect(created.status).toBe(201);
        ids.set(created.body.id as string, address);
      }
      const notified = () => new Set(receiver.messages.map((message) => message.webhookId));
      await receiver.until(
        () => ([...ids.keys()].every((id) => notified().has(id)) ? true : undefined),
        15_000,
        'a message for every webhook',
      );
      // Each message touches its webhook's address, whatever case the webhook was given it in.
      for (const message of receiver.messages) {
        const address = ids.get(message.webhookId)?.toLowerCase();
        if (address === undefined) continue;
        const transaction = message.event.transaction;
        const touched = [
          transaction.from,
          transaction.to,
          ...transaction.erc20Transfers.flatMap((transfer) => [transfer.from, transfer.to, transfer.erc20Token.address]),
          ...transaction.erc721Transfers.flatMap((transfer) => [transfer.from, transfer.to]),
          ...transaction.erc1155Transfers.flatMap((transfer) => [transfer.from, transfer.to]),
          ...transaction.internalTransactions.flatMap((call) => [call.from, call.to]),
          ...message.event.logs.map((log) => log.address),
        ].map((touchedAddress) => touchedAddress.toLowerCase());
        expect(touched).toContain(address);
      }
    });
  });
});
