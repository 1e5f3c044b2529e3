// Everything the emulator's holdings answer for one address of a chain: what the properties over the chain compare
// whole (a restart's against the blocks', a copy's against a placement's).
import type { Holdings } from '../../src/emulator/holdings/store.js';

export function addressHoldings(holdings: Holdings, chainId: string, address: string) {
  return {
    address,
    native: holdings.nativeBalance(chainId, address),
    erc20: holdings.erc20Holdings(chainId, address),
    erc721: holdings.erc721Owned(chainId, address),
    erc1155: holdings.erc1155Held(chainId, address),
    contract: holdings.contract(chainId, address),
  };
}
