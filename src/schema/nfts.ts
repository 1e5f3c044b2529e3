// NFTs (the operator's listTokens, getTokenDetails; the items of the ERC-721, ERC-1155 and collectible balances): a
// token as the CLI reads an answer, tolerant of what it does not show.
import * as v from 'valibot';
import { PageTokenSchema, plainObject, shownDigits, shownNumber, shownString } from './common.js';

/** Erc721TokenMetadata / Erc1155TokenMetadata: what the service read from the token's URI, and how that went. */
const ShownNftMetadataSchema = v.fallback(
  v.optional(
    v.looseObject({
      indexStatus: shownString,
      metadataLastUpdatedTimestamp: shownDigits,
      name: shownString,
      symbol: shownString,
      description: shownString,
      imageUri: shownString,
      animationUri: shownString,
      externalUrl: shownString,
      /** ERC-1155 only: how many decimals its amounts have. */
      decimals: shownNumber,
    }),
  ),
  undefined,
);

/**
 * One token of a collection (Erc721Token, Erc1155Token), or one an address holds (Erc721TokenBalance,
 * Erc1155TokenBalance, which add `chainId` and, for ERC-1155, `balance`): an object whose shown fields are taken when
 * they have their type.
 */
export const ShownNftSchema = v.pipe(
  plainObject('must be a JSON object'),
  v.looseObject({
    address: shownString,
    ercType: shownString,
    tokenId: shownDigits,
    tokenUri: shownString,
    name: shownString,
    symbol: shownString,
    ownerAddress: shownString,
    chainId: shownString,
    balance: shownDigits,
    metadata: ShownNftMetadataSchema,
  }),
);
export type ShownNft = v.InferOutput<typeof ShownNftSchema>;

/** A page of listTokens (ListNftTokens) as the CLI relies on it: the list array, and the page token. */
export const NftPageSchema = v.looseObject({
  tokens: v.array(ShownNftSchema),
  nextPageToken: PageTokenSchema,
});
export type NftPage = v.InferOutput<typeof NftPageSchema>;
