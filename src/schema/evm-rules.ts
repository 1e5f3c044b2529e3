// The rules of the chain's reads as plain values, without the schema library: what the EVM commands check and offer
// before any request, loaded at start-up (the schemas load only with the client).

/** The typed listings of an address's history (`tx list --address --kind`); without --kind, the history itself. */
export const TRANSACTION_KINDS = ['native', 'erc20', 'erc721', 'erc1155', 'internal'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/** An address's history, oldest or newest first (the operator's SortOrder). */
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** A block as the operations take it (`blockId`): its number, or its hash. */
export const BLOCK_NUMBER_PATTERN = /^(0|[1-9][0-9]{0,19})$/;

export const TX_HASH_RULE = 'must be a transaction hash: 0x followed by 64 hex digits (32 bytes)';
export const BLOCK_ID_RULE = 'must be a block number (decimal, e.g. 48213755) or a block hash (0x followed by 64 hex digits)';
export const BLOCK_NUMBER_RULE = 'must be a block number: a decimal integer, e.g. 48213755';
export const ADDRESS_RULE = 'must be an address: 0x followed by 40 hex digits (20 bytes)';
