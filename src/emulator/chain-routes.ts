// GET /v1/chains and GET /v1/chains/{chainId} (the operator's supportedChains and getChainInfo): the catalogue's
// chains in the operator's ChainInfo shape, filtered by network and feature as its description says.
import type { ServerResponse } from 'node:http';
import type { Chain } from '../schema/index.js';
import { CHAIN_FEATURES, NETWORKS } from '../schema/index.js';
import { CHAINS } from './chains.js';
import type { ChainAbout, ChainInfo } from './chains.js';
import { sendError, sendJson } from './http-util.js';
import { parseQuery } from './validation.js';

/** Addresses under the reserved .invalid domain (RFC 2606): the emulator serves no RPC, explorer or images. */
const EMULATED = 'svc-emulator.invalid';

function chainAnswer(info: ChainInfo, about: ChainAbout): Chain {
  return {
    chainId: info.chainId,
    status: 'OK',
    chainName: about.chainName,
    description: about.description,
    ...(about.blockchainId === undefined ? {} : { platformChainId: about.blockchainId }),
    ...(about.subnetId === undefined ? {} : { subnetId: about.subnetId }),
    vmName: 'EVM',
    explorerUrl: `https://explorer.${EMULATED}/${info.chainId}`,
    rpcUrl: `https://rpc.${EMULATED}/${info.chainId}/rpc`,
    wsUrl: `wss://rpc.${EMULATED}/${info.chainId}/ws`,
    isTestnet: info.network === 'testnet',
    networkToken: {
      name: about.nativeName,
      symbol: info.nativeSymbol,
      decimals: 18,
      logoUri: `https://images.${EMULATED}/chains/${info.chainId}/token.png`,
      description: `The native coin of ${about.chainName}.`,
    },
    chainLogoUri: `https://images.${EMULATED}/chains/${info.chainId}/logo.png`,
    private: false,
    enabledFeatures: about.features,
  };
}

/** The catalogue's chains as answered, made on first request. */
let answers: Chain[] | undefined;
export function servedChains(): Chain[] {
  answers ??= CHAINS.flatMap((info) => (info.about ? [chainAnswer(info, info.about)] : []));
  return answers;
}

export function listChains(res: ServerResponse, search: string): void {
  const { params, errors } = parseQuery(search, ['network', 'feature']);
  const network = params.get('network');
  if (network !== undefined && !(NETWORKS as readonly string[]).includes(network))
    errors.push(`network must be one of: ${NETWORKS.join(', ')}`);
  const feature = params.get('feature');
  if (feature !== undefined && !(CHAIN_FEATURES as readonly string[]).includes(feature)) {
    errors.push(`feature must be one of: ${CHAIN_FEATURES.join(', ')}`);
  }
  if (errors.length > 0) {
    sendError(res, 400, errors);
    return;
  }
  const chains = servedChains().filter(
    (chain) =>
      (network === undefined || chain.isTestnet === (network !== 'mainnet')) &&
      (feature === undefined || (chain.enabledFeatures as readonly string[] | undefined)?.includes(feature)),
  );
  sendJson(res, 200, JSON.stringify({ chains }));
}

/**
 * Why a webhook cannot watch `chainId`, when the service does not serve that chain (`GET /v1/chains/{chainId}` is
 * 404): the message names the chains it does serve. Undefined for a served chain.
 */
export function unsupportedChainMessage(chainId: string): string | undefined {
  const chains = servedChains();
  if (chains.some((chain) => chain.chainId === chainId)) return undefined;
  const supported = chains.map((chain) => `${chain.chainId} (${chain.chainName})`).join(', ');
  return `chainId ${JSON.stringify(chainId)} is not a supported chain; supported: ${supported}`;
}

/** `rawId` as it came in the path: a chain id, or a blockchain id (getChainInfo takes either). */
export function getChain(res: ServerResponse, rawId: string): void {
  let id: string;
  try {
    id = decodeURIComponent(rawId);
  } catch {
    sendError(res, 400, 'chainId must be a chain id, e.g. "43114", or a blockchain id');
    return;
  }
  const chain = servedChains().find((each) => each.chainId === id || each.platformChainId === id);
  if (!chain) {
    sendError(res, 404, `chain ${id} is not supported; GET /v1/chains lists the supported chains`);
    return;
  }
  sendJson(res, 200, JSON.stringify(chain));
}
