// An address's balances (the operator's getNativeBalance, listErc20Balances, listErc721Balances, listErc1155Balances,
// listCollectibleBalances): the answers as the CLI relies on them, tolerant of fields it does not show.
import * as v from 'valibot';
import { PageTokenSchema, plainObject, shownDigits, shownNumber, shownString } from './common.js';
import { ShownNftSchema } from './nfts.js';

/**
 * NativeTokenBalance and Erc20TokenBalance: an amount of a fungible token, in its smallest unit (`balance`), with the
 * `decimals` that make it whole units. The native one has no contract `address`.
 */
export const ShownTokenBalanceSchema = v.pipe(
  plainObject('must be a JSON object'),
  v.looseObject({
    address: shownString,
    name: shownString,
    symbol: shownString,
    decimals: shownNumber,
    chainId: shownString,
    balance: shownDigits,
    ercType: shownString,
  }),
);
export type ShownTokenBalance = v.InferOutput<typeof ShownTokenBalanceSchema>;

/** GetNativeBalanceResponse: the one balance object is relied on. */
export const NativeBalanceAnswerSchema = v.pipe(
  plainObject('must be a JSON object'),
  v.looseObject({ nativeTokenBalance: ShownTokenBalanceSchema }),
);
export type NativeBalanceAnswer = v.InferOutput<typeof NativeBalanceAnswerSchema>;

/** ListErc20BalancesResponse: the list array and the page token (its nativeTokenBalance is not shown). */
export const Erc20BalancePageSchema = v.looseObject({
  erc20TokenBalances: v.array(ShownTokenBalanceSchema),
  nextPageToken: PageTokenSchema,
});
export type Erc20BalancePage = v.InferOutput<typeof Erc20BalancePageSchema>;

export const Erc721BalancePageSchema = v.looseObject({
  erc721TokenBalances: v.array(ShownNftSchema),
  nextPageToken: PageTokenSchema,
});
export type Erc721BalancePage = v.InferOutput<typeof Erc721BalancePageSchema>;

export const Erc1155BalancePageSchema = v.looseObject({
  erc1155TokenBalances: v.array(ShownNftSchema),
  nextPageToken: PageTokenSchema,
});
export type Erc1155BalancePage = v.InferOutput<typeof Erc1155BalancePageSchema>;

/** ListCollectibleBalancesResponse: ERC-721 and ERC-1155 tokens in one list. */
export const CollectibleBalancePageSchema = v.looseObject({
  collectibleBalances: v.array(ShownNftSchema),
  nextPageToken: PageTokenSchema,
});
export type CollectibleBalancePage = v.InferOutput<typeof CollectibleBalancePageSchema>;
