// What the chain-scoped reads take (balance, contract, nft): --chain-id, addresses and token ids, checked before any
// request, each refusal a usage error naming the flag or argument and the rule.
import { UsageError } from '../../errors.js';
import { checkChecksums } from '../../given-address.js';
import { parseChainId } from '../../options.js';
import { CHAIN_VALUES } from '../../schema/chain-names.js';
import { DECIMAL_PATTERN, isAddress } from '../../schema/rules.js';
import { OfferedValuesOption } from '../../completion/offered-values.js';

/** --chain-id as every chain-scoped read declares it: an id or a name, completed from the names svc knows. */
export function chainIdOption() {
  return new OfferedValuesOption(
    '--chain-id <chain>',
    'the chain to read (required): its id, or its name (43114 or c-chain, 43113 or fuji)',
    CHAIN_VALUES,
  );
}

/** The chain a read is about: required (no profile default yet), sent as its decimal id. */
export function requireChainId(text: string | undefined): string {
  if (text === undefined) throw new UsageError('--chain-id is required: the id or name of the chain to read (svc chain list shows them)');
  return parseChainId(text);
}

/**
 * An address as given (`what` names the argument or flag in the error): 0x and 40 hex digits, and, when its case is
 * mixed, a matching EIP-55 checksum. Sent as given.
 */
export async function parseAddress(what: string, text: string): Promise<string> {
  if (!isAddress(text)) throw new UsageError(`${what} ${JSON.stringify(text)}: must be an address, 0x followed by 40 hex characters`);
  await checkChecksums([{ address: text, origin: what }]);
  return text;
}

/** The largest token id there is: token ids are uint256. */
const MAX_TOKEN_ID = 2n ** 256n - 1n;

/** A token id: a decimal integer of a uint256 (no sign, no leading zeros, no hex), sent as given. */
export function parseTokenId(text: string): string {
  if (!DECIMAL_PATTERN.test(text) || text.length > 78 || BigInt(text) > MAX_TOKEN_ID) {
    throw new UsageError(`token id ${JSON.stringify(text)}: must be a decimal integer from 0 to 2^256-1, e.g. 42`);
  }
  return text;
}
