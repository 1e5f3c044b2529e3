// The service's chains (the operator's supportedChains and getChainInfo): the resource as the operator describes it,
// and the answers as the CLI relies on them.
import * as v from 'valibot';
import { plainObject, shownBoolean, shownNumber, shownString } from './common.js';
import { CHAIN_FEATURES, CHAIN_STATUSES } from './rules.js';

/** NetworkToken: the chain's native coin. */
export const NetworkTokenSchema = v.object({
  name: v.string(),
  symbol: v.string(),
  decimals: v.number(),
  logoUri: v.optional(v.string()),
  description: v.optional(v.string()),
});

/** ChainInfo, the same as GetChainResponse: what the emulator answers, every field as the operator describes it. */
export const ChainSchema = v.object({
  chainId: v.string(),
  status: v.picklist(CHAIN_STATUSES),
  chainName: v.string(),
  description: v.string(),
  /** The chain's blockchain id on the platform (base58), which getChainInfo takes as well as the chain id. */
  platformChainId: v.optional(v.string()),
  subnetId: v.optional(v.string()),
  vmId: v.optional(v.string()),
  vmName: v.picklist(['EVM', 'BITCOIN', 'ETHEREUM']),
  explorerUrl: v.optional(v.string()),
  rpcUrl: v.string(),
  wsUrl: v.optional(v.string()),
  isTestnet: v.boolean(),
  utilityAddresses: v.optional(v.object({ multicall: v.optional(v.string()) })),
  networkToken: NetworkTokenSchema,
  chainLogoUri: v.optional(v.string()),
  private: v.optional(v.boolean()),
  enabledFeatures: v.optional(v.array(v.picklist(CHAIN_FEATURES))),
});
export type Chain = v.InferOutput<typeof ChainSchema>;

/** ListChainsResponse. */
export const ChainListResponseSchema = v.object({ chains: v.array(ChainSchema) });
export type ChainListResponse = v.InferOutput<typeof ChainListResponseSchema>;

/**
 * A chain as the CLI reads an answer: an object whose shown fields are taken when they have their type; a field of
 * another type is shown empty rather than failing the answer (`--json` keeps the bytes as returned either way).
 */
export const ShownChainSchema = v.pipe(
  plainObject('must be a JSON object'),
  v.looseObject({
    chainId: shownString,
    status: shownString,
    chainName: shownString,
    description: shownString,
    platformChainId: shownString,
    subnetId: shownString,
    vmName: shownString,
    explorerUrl: shownString,
    rpcUrl: shownString,
    isTestnet: shownBoolean,
    networkToken: v.fallback(v.optional(v.looseObject({ name: shownString, symbol: shownString, decimals: shownNumber })), undefined),
    enabledFeatures: v.fallback(v.optional(v.array(v.unknown())), undefined),
  }),
);
export type ShownChain = v.InferOutput<typeof ShownChainSchema>;

/** The answer of GET /v1/chains as the CLI relies on it: the list array of chains. */
export const ChainPageSchema = v.looseObject({ chains: v.array(ShownChainSchema) });
export type ChainPage = v.InferOutput<typeof ChainPageSchema>;
