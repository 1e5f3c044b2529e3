// The chain's blocks (EvmBlock, GetEvmBlockResponse) as the CLI relies on them: an object per block, the list array
// and the page token checked; every shown field taken when it has its type, shown empty otherwise.
import * as v from 'valibot';
import { PageTokenSchema, plainObject, shownNumber, shownString } from './common.js';

/** A number shown as digits: the operator sends block numbers and amounts as strings; a JSON number is shown too. */
const shownDigits = v.fallback(v.optional(v.union([v.string(), v.number()])), undefined);

export const ShownBlockSchema = v.pipe(
  plainObject('must be a JSON object'),
  v.looseObject({
    chainId: shownString,
    blockNumber: shownDigits,
    blockTimestamp: shownDigits,
    blockHash: shownString,
    parentHash: shownString,
    txCount: shownNumber,
    baseFee: shownDigits,
    gasUsed: shownDigits,
    gasLimit: shownDigits,
    gasCost: shownDigits,
    feesSpent: shownDigits,
    cumulativeTransactions: shownDigits,
  }),
);
export type ShownBlock = v.InferOutput<typeof ShownBlockSchema>;

/** ListEvmBlocksResponse (getLatestBlocks, listLatestBlocksAllChains). */
export const BlockPageSchema = v.looseObject({
  blocks: v.array(ShownBlockSchema),
  nextPageToken: PageTokenSchema,
});
export type BlockPage = v.InferOutput<typeof BlockPageSchema>;
