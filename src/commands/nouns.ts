// The program's top-level commands (nouns, and lone verbs), in the order help lists them, with the one-line summary
// each shows there. Kept apart from the commands themselves: a command line loads the noun it names and lists the
// others by these lines alone (commands/index.ts).
export const NOUN_SUMMARIES = {
  tx: 'Transactions across EVM chains',
  chain: 'The EVM chains the service supports, and the names every --chain-id takes',
  // The chain's reads (EVM).
  block: "A chain's blocks: the latest, or one by number or hash",
  address: 'What the service knows of an address across chains',
  token: "A token contract's transfers",
  balance: 'What an address holds on a chain: its native balance, or its ERC-20, ERC-721 and ERC-1155 tokens',
  contract: 'Contracts on a chain: one by its address, with its deployment, and those an address deployed',
  nft: 'NFT collections on a chain: their tokens, one token with its metadata, and asking for it to be read again',
  webhook: 'Address-activity webhooks: manage them and their addresses, apply a file, receive and verify notifications',
  'event-signature': 'Print the keccak-256 event signature (topic0) of event declarations; works offline',
  config: 'Settings: the API key and base URL, per profile',
  emulator: 'The bundled local emulator of the service',
  api: 'Any operation of the service with your key and settings, and the list of them all',
  completion: 'Print the shell completion script for bash, zsh or fish',
} as const;

export type NounName = keyof typeof NOUN_SUMMARIES;
