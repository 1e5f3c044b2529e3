// The operations of the operator's description (operations.ts) that the bundled emulator models; the others it
// answers with 501 naming them. `svc api --list` marks these. Kept here, not read from the emulator, which the CLI
// never loads; test/unit/emulated-operations.test.ts holds this list to what a running emulator answers, so a route
// added or removed without this list changing fails there.
export const EMULATED_OPERATIONS: ReadonlySet<string> = new Set([
  // The chains.
  'supportedChains',
  'getChainInfo',
  // The latest transactions (the seed's endpoint).
  'listLatestTransactionsAllChains',
  // The chain's reads (EVM): transactions, an address's history and its typed listings, blocks, transfers, contracts.
  'getTransaction',
  'listLatestTransactions',
  'listTransactions',
  'listTransactionsV2',
  'listNativeTransactions',
  'listErc20Transactions',
  'listErc721Transactions',
  'listErc1155Transactions',
  'listInternalTransactions',
  'getTransactionsForBlock',
  'listLatestBlocksAllChains',
  'getLatestBlocks',
  'getBlock',
  'listTransfers',
  'listAddressChains',
  'listContractDeployments',
  'getDeploymentTransaction',
  // What addresses hold: balances, contract metadata, a collection's NFTs and their reindexing.
  'getNativeBalance',
  'listErc20Balances',
  'listErc721Balances',
  'listErc1155Balances',
  'listCollectibleBalances',
  'getContractMetadata',
  'listTokens',
  'getTokenDetails',
  'reindexNft',
  // Health.
  'data-health-check',
  'live-check',
  // Webhooks.
  'listWebhooks',
  'createWebhook',
  'getWebhook',
  'updateWebhook',
  'deactivateWebhook',
  'getAddressesFromWebhook',
  'addAddressesToWebhook',
  'removeAddressesFromWebhook',
  'generateOrRotateSharedSecret',
  'getSharedSecret',
]);
