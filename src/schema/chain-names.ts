// The chains svc knows by name: what every --chain-id (and `chain get`) takes besides an id, and what a terminal
// shows for an id. Plain values, no schema library: the flag parsers load them at start-up, and the tables.

export interface NamedChain {
  /** What a person types: lower case, words joined by "-". */
  name: string;
  chainId: string;
}

/** The emulator's chains, which the real service serves too; any other chain is given by its id. */
export const NAMED_CHAINS: readonly NamedChain[] = [
  { name: 'c-chain', chainId: '43114' },
  { name: 'fuji', chainId: '43113' },
  { name: 'dexalot', chainId: '432204' },
  { name: 'dexalot-testnet', chainId: '432201' },
  { name: 'dfk', chainId: '53935' },
  { name: 'dfk-testnet', chainId: '335' },
];

/** The chain id a name stands for (any case), if svc knows the name. */
export function chainIdOfName(name: string): string | undefined {
  const lower = name.toLowerCase();
  return NAMED_CHAINS.find((chain) => chain.name === lower)?.chainId;
}

/** The name of a chain id, if svc knows one. */
export function nameOfChainId(chainId: unknown): string | undefined {
  return NAMED_CHAINS.find((chain) => chain.chainId === chainId)?.name;
}

/** "c-chain (43114), fuji (43113), ...": the names, for an error that refuses one. */
export function knownChainNames(): string {
  return NAMED_CHAINS.map((chain) => `${chain.name} (${chain.chainId})`).join(', ');
}

/** What a chain flag or argument completes: every name, then every id. */
export const CHAIN_VALUES: readonly string[] = [...NAMED_CHAINS.map((chain) => chain.name), ...NAMED_CHAINS.map((chain) => chain.chainId)];
