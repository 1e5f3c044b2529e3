// The chain's starting state: what every address holds before the first block, on every emulated chain.
//
// Every address starts with the same native allocation, as on a development chain whose accounts are all prefunded:
// an injected transaction from any address can pay its value and gas, and an address's native balance is its
// allocation + what it received - what it sent - the gas it paid, which stays positive for every sender. Tokens
// have no allocation: a token balance is the sum of its transfers, so tokens enter the chain by mints (transfers from
// the zero address).

/** One million native units (18 decimals) for every address on every chain. */
export const GENESIS_NATIVE_WEI = 1_000_000n * 10n ** 18n;

/** The native amount `address` holds on `chainId` before the first block (the same for every address). */
export function genesisNativeBalance(_chainId: string, _address: string): bigint {
  return GENESIS_NATIVE_WEI;
}

/** The sender of a mint: ERC-20, ERC-721 and ERC-1155 transfers from it create tokens. */
export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
