// Synthetic blocks make every kind of activity the seed and the operator's models know, for a watched address:
// ERC-721 and ERC-1155 transfers (with their logs), contract creations, and a token contract as the sender.
import { describe, expect, it } from 'vitest';
import { ChainDataGenerator } from '../../src/emulator/chain-data.js';
import { Prng } from '../../src/emulator/prng.js';

const WATCHED = '0x71c7656ec7ab88b098defb751b7401b5f6d8976f';

describe('synthetic blocks for a watched address', () => {
  it('make ERC-721, ERC-1155, contract creations and token senders, each well formed', () => {
    const generator = new ChainDataGenerator(new Prng(7));
    const chain = generator.chain('43113');
    const txs = Array.from({ length: 300 }, (_, k) =>
      generator.syntheticBlock(chain, 1_800_000_000_000 + k * 1000, [{ address: WATCHED, eventSignatures: [] }]),
    ).flat();
    const erc721 = txs.flatMap((tx) => tx.detail.erc721Transfers);
    const erc1155 = txs.flatMap((tx) => tx.detail.erc1155Transfers);
    const creations = txs.filter((tx) => tx.item.method.callType === 'CONTRACT_CREATION');
    const tokenSenders = txs.filter((tx) => tx.item.from.symbol !== undefined);
    expect([erc721.length, erc1155.length, creations.length, tokenSenders.length].every((count) => count > 0)).toBe(true);

    for (const transfer of erc721) {
      expect(transfer).toMatchObject({ type: 'ERC721', value: '1', erc721Token: { decimals: 0 } });
      expect(transfer.tokenId).toMatch(/^\d+$/);
    }
    for (const transfer of erc1155) expect(transfer).toMatchObject({ type: 'ERC1155', erc1155Token: { decimals: 0 } });
    // Each NFT transfer has its log: ERC-721's Transfer with the token id as topic3, ERC-1155's TransferSingle.
    for (const tx of txs.filter((tx) => tx.detail.erc721Transfers.length > 0)) {
      const log = tx.detail.logs.find((entry) => entry.logIndex === tx.detail.erc721Transfers[0]!.logIndex)!;
      expect(BigInt(log.topic3!)).toBe(BigInt(tx.detail.erc721Transfers[0]!.tokenId));
    }
    // Background blocks make creations too (some fail, and make no contract); the watched address makes some of its own.
    for (const tx of creations.filter((each) => each.item.txStatus === '1'))
      expect(tx.detail.contractAddress?.toLowerCase()).toBe(tx.item.to.address.toLowerCase());
    expect(creations.some((tx) => tx.participants.includes(WATCHED))).toBe(true);
    for (const tx of tokenSenders)
      expect(tx.item.from).toMatchObject({ name: expect.any(String), decimals: expect.any(Number), logoUri: expect.any(String) });
  });
});
