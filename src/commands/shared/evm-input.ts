// What the chain's reads take, checked before any request: a transaction hash, a block (number or hash), a block
// number, an address (its EIP-55 checksum where it has one), a token id, and the chain: --chain-id, else the
// profile's default.
import { OfferedValuesOption } from '../../completion/offered-values.js';
import type { ChainAddress } from '../../api/client.js';
import type { CommandContext } from '../../context.js';
import { UsageError } from '../../errors.js';
import { checkChecksums } from '../../given-address.js';
import { parseChainId } from '../../options.js';
import { CHAIN_VALUES } from '../../schema/chain-names.js';
import { ADDRESS_PATTERN, DECIMAL_PATTERN, HASH32_PATTERN } from '../../schema/rules.js';
import { ADDRESS_RULE, BLOCK_ID_RULE, BLOCK_NUMBER_PATTERN, BLOCK_NUMBER_RULE, TX_HASH_RULE } from '../../schema/evm-rules.js';

/** Where a chain-scoped command finds its chain when --chain-id is left out (chainIdOrDefault). */
export const DEFAULT_CHAIN_NOTE = "SVC_CHAIN_ID, else the profile's (svc config set chain-id)";

/**
 * --chain-id as every chain read declares it: an id or a name, offered by completion. `description` says what it
 * does for the command, and where the chain comes from without it.
 */
export function chainIdOption(description = `the chain: an id (43113) or a name (fuji); default: ${DEFAULT_CHAIN_NOTE}`) {
  return new OfferedValuesOption('--chain-id <chain>', description, CHAIN_VALUES);
}

/** `what` names the argument or flag in the message ("tx hash", "--address"). */
export function parseTxHash(what: string, text: string): string {
  if (!HASH32_PATTERN.test(text)) throw new UsageError(`${what} ${JSON.stringify(text)}: ${TX_HASH_RULE}`);
  return text;
}

/** A block number or a block hash, as the operations' `blockId` takes either. */
export function parseBlockId(what: string, text: string): string {
  if (!BLOCK_NUMBER_PATTERN.test(text) && !HASH32_PATTERN.test(text)) {
    throw new UsageError(`${what} ${JSON.stringify(text)}: ${BLOCK_ID_RULE}`);
  }
  return text;
}

export function parseBlockNumber(what: string, text: string): number {
  if (!BLOCK_NUMBER_PATTERN.test(text) || !Number.isSafeInteger(Number(text))) {
    throw new UsageError(`${what} ${JSON.stringify(text)}: ${BLOCK_NUMBER_RULE}`);
  }
  return Number(text);
}

/** The shape, at parse time; the checksum of a mixed-case address is `checkAddress`'s (it loads keccak). */
export function parseAddress(what: string, text: string): string {
  if (!ADDRESS_PATTERN.test(text)) throw new UsageError(`${what} ${JSON.stringify(text)}: ${ADDRESS_RULE}`);
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

/** A mixed-case address whose case is not its EIP-55 checksum is a typo: refused before any request. */
export function checkAddress(what: string, address: string): Promise<void> {
  return checkChecksums([{ address, origin: what }]);
}

/**
 * The chain a chain-scoped command reads: --chain-id as given (a name already made its id), else SVC_CHAIN_ID or the
 * profile's `chain-id`; without any, a usage error naming the flag, before any request.
 */
export async function chainIdOrDefault(given: string | undefined, context: CommandContext): Promise<string> {
  if (given !== undefined) return given;
  const { resolveChainId } = await import('../../settings/resolve.js');
  const chainId = resolveChainId({ profile: context.globals.profile }, context.io.env);
  if (chainId) return chainId.value;
  throw new UsageError(
    '--chain-id: required (a chain id such as 43113, or its name such as fuji)',
    'give --chain-id, or set a default for this profile: svc config set chain-id fuji',
  );
}

/** The address a chain-scoped read is about, and --chain-id's id as given: undefined for the default (chainIdOrDefault). */
export interface GivenChainAddress {
  chainId?: string;
  address: string;
}

/** Where the read looks: the chain given, else the default chain (chainIdOrDefault), and the address. */
export async function chainAddressOrDefault(given: GivenChainAddress, context: CommandContext): Promise<ChainAddress> {
  return { chainId: await chainIdOrDefault(given.chainId, context), address: given.address };
}

/**
 * --chain-id as its id (undefined: the default, resolved when the command runs) and the address a chain-scoped read is
 * about: its shape, then its EIP-55 checksum where its case is mixed. `what` names the argument in the message.
 */
export async function parseChainAddress(chainId: string | undefined, what: string, address: string): Promise<GivenChainAddress> {
  const given = { chainId: chainId === undefined ? undefined : parseChainId(chainId), address: parseAddress(what, address) };
  await checkAddress(what, given.address);
  return given;
}
