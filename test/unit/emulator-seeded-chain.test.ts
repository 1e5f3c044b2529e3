// The generated chain is a function of its seed: a seeded history, generated blocks (some for a watched address) and
// injections of each kind make the same transactions, byte for byte, as they always have. A change to how a field is
// built (its hex joined rather than concatenated, say) must leave every answer as it was: its digest says so.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { StoredTx } from '../../src/emulator/chain-data.js';
import { ChainDataGenerator } from '../../src/emulator/chain-data.js';
import { Prng } from '../../src/emulator/prng.js';

const END_MS = 1_750_000_000_000;
const WATCHED = '0x2222222222222222222222222222222222222222';
const OTHER = '0x3333333333333333333333333333333333333333';

/** Every field a listing, a transaction's answer or a message is made from. */
function digest(txs: readonly StoredTx[]): string {
  const hash = createHash('sha256');
  for (const tx of txs) hash.update(JSON.stringify([tx.ms, tx.chainNum, tx.blockIndex, tx.network, tx.item, tx.detail, tx.block]));
  return hash.digest('hex');
}

describe('a seeded chain', () => {
  it('makes the same history, blocks and injections as it always has', () => {
    const generator = new ChainDataGenerator(new Prng(37, 1));
    const history = generator.history(END_MS, 600);
    const blocks: StoredTx[] = [];
    for (let tick = 1; tick <= 20; tick++) {
      for (const chain of generator.catalogueChains()) {
        blocks.push(...generator.syntheticBlock(chain, END_MS + tick * 2_000, [{ address: WATCHED, eventSignatures: [] }]));
      }
    }
    const at = END_MS + 60_000;
    const none = { erc20Transfers: [], internalTransactions: [], logs: [], erc721Transfers: [], erc1155Transfers: [] };
    const injected = [
      generator.injectedBlock({ chainId: '43114', from: WATCHED, to: OTHER, value: 5n, ...none }, at),
      generator.injectedBlock(
        { ...none, chainId: '43114', from: WATCHED, erc20Transfers: [{ from: WATCHED, to: OTHER, value: 7n }] },
        at + 1,
      ),
      generator.injectedBlock(
        { ...none, chainId: '43113', from: WATCHED, erc721Transfers: [{ from: WATCHED, to: OTHER, tokenId: 9n }] },
        at + 2,
      ),
      generator.injectedBlock(
        { ...none, chainId: '43113', from: WATCHED, erc1155Transfers: [{ from: WATCHED, to: OTHER, tokenId: 3n, value: 4n }] },
        at + 3,
      ),
      generator.injectedBlock({ ...none, chainId: '43114', from: WATCHED, contractCreation: true }, at + 4),
    ];
    expect(history).toHaveLength(600);
    expect({ history: digest(history), blocks: digest(blocks), injected: digest(injected) }).toEqual({
      history: '6ac02c3694f0410c8fef84ffedde670432b660254dceda48b15a3fc409da7f0e',
      blocks: 'd7fe6247eb857a511f8aa2beccac8fb1ded7914d652ecb51e97f06bf4cd0ed1a',
      injected: 'a8385dde0fa3ff8312c76f7405dbc18836d707f5b13558fc35b5b79cd537fe98',
    });
  });
});
