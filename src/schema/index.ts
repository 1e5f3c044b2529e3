// The service's resources and request bodies, defined once (valibot); the types are inferred from them.
export * from './chains.js';
export * from './common.js';
export * from './errors.js';
export * from './notifications.js';
export * from './rules.js';
export * from './transactions.js';
export * from './webhooks.js';
// The chain's reads (EVM).
export * from './blocks.js';
export * from './evm-rules.js';
export * from './evm-transactions.js';
export * from './balances.js';
export * from './contracts.js';
export * from './nfts.js';
