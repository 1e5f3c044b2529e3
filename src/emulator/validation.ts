// Validation of query strings and request bodies into typed values, or the list of rules broken (each naming its field).
import * as v from 'valibot';
import { issueMessages } from '../schema/issues.js';
import { DECIMAL_PATTERN as DECIMAL, isAddress, isEventSignature } from '../schema/rules.js';
import { CreateWebhookRequestSchema, RULES } from '../schema/webhooks.js';
import type { CreateWebhookRequest } from '../schema/webhooks.js';
import type { InjectionInput } from './chain-data.js';

export type Validated<T> = { ok: true; value: T } | { ok: false; errors: string[] };

const HEX_DATA = /^0x([0-9a-fA-F]{2})*$/;
const MAX_UINT256 = (1n << 256n) - 1n;

/** Query parameters as single values, and an error for each unknown or repeated one. */
export function parseQuery(search: string, allowed: readonly string[]): { params: Map<string, string>; errors: string[] } {
  const params = new Map<string, string>();
  const errors: string[] = [];
  for (const [name, value] of new URLSearchParams(search)) {
    if (!allowed.includes(name)) {
      errors.push(`${name} is not a supported query parameter (supported: ${allowed.join(', ')})`);
    } else if (params.has(name)) {
      errors.push(`${name} must be given at most once`);
    } else {
      params.set(name, value);
    }
  }
  return { params, errors };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function rejectUnknown(object: Record<string, unknown>, allowed: readonly string[], prefix: string, errors: string[]): void {
  for (const key of Object.keys(object)) {
    if (!allowed.includes(key)) errors.push(`property ${prefix}${key} should not exist`);
  }
}

const isAddressText = (item: unknown): boolean => typeof item === 'string' && isAddress(item);
const isSignatureText = (item: unknown): boolean => typeof item === 'string' && isEventSignature(item);
const ADDRESS_RULE = RULES.address;

/** Lower-cases and drops repeats, keeping the first occurrence's position. */
function dedupeLower(items: readonly string[]): string[] {
  return [...new Set(items.map((item) => item.toLowerCase()))];
}

/** Drops repeats compared case-insensitively, keeping the first occurrence as it was given. */
function dedupeKeepingCase(items: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const item of items) if (!seen.has(item.toLowerCase())) seen.set(item.toLowerCase(), item);
  return [...seen.values()];
}

/** Checks `body` against `schema`, in the messages of the service's 400s. */
export function validateBody<S extends v.GenericSchema>(schema: S, body: unknown): Validated<v.InferOutput<S>> {
  const result = v.safeParse(schema, body, { abortEarly: false });
  return result.success ? { ok: true, value: result.output } : { ok: false, errors: issueMessages(result.issues, 'body') };
}

/**
 * As validateBody for a strict object schema, naming every unknown field rather than the first only (valibot
 * stops at the first): unknown fields are reported, then the known ones checked without them.
 */
export function validateStrictBody<S extends v.GenericSchema>(
  schema: S,
  allowed: readonly string[],
  body: unknown,
): Validated<v.InferOutput<S>> {
  if (!isRecord(body)) return validateBody(schema, body);
  const unknown: string[] = [];
  rejectUnknown(body, allowed, '', unknown);
  if (unknown.length === 0) return validateBody(schema, body);
  const known = Object.fromEntries(Object.entries(body).filter(([key]) => allowed.includes(key)));
  const rest = validateBody(schema, known);
  return { ok: false, errors: [...unknown, ...(rest.ok ? [] : rest.errors)] };
}

/** The top-level fields of a creation body; any other is named in the 400. */
const CREATE_FIELDS = ['url', 'chainId', 'eventType', 'metadata', 'name', 'description', 'includeInternalTxs', 'includeLogs'];

/** A creation body, checked, with addresses deduplicated (kept as given) and signatures lower-cased and deduplicated. */
export function validateCreateWebhook(body: unknown): Validated<CreateWebhookRequest> {
  const validated = validateStrictBody(CreateWebhookRequestSchema, CREATE_FIELDS, body);
  if (!validated.ok) return validated;
  const { metadata } = validated.value;
  return {
    ok: true,
    value: {
      ...validated.value,
      metadata: { addresses: dedupeKeepingCase(metadata.addresses), eventSignatures: dedupeLower(metadata.eventSignatures ?? []) },
    },
  };
}

/** Collects a field's errors under its path and returns the value when it is valid. */
class FieldReader {
  constructor(readonly errors: string[]) {}

  address(value: unknown, path: string, required: boolean): string | undefined {
    if (value === undefined) {
      if (required) this.errors.push(`${path} is required`);
      return undefined;
    }
    if (!isAddressText(value)) {
      this.errors.push(`${path} ${ADDRESS_RULE}`);
      return undefined;
    }
    return (value as string).toLowerCase();
  }

  amount(value: unknown, path: string, required: boolean): bigint | undefined {
    if (value === undefined) {
      if (required) this.errors.push(`${path} is required`);
      return undefined;
    }
    if (typeof value !== 'string' || !DECIMAL.test(value) || value.length > 78 || BigInt(value) > MAX_UINT256) {
      this.errors.push(`${path} must be a decimal string of a uint256 amount in the smallest unit, e.g. "1000000"`);
      return undefined;
    }
    return BigInt(value);
  }

  string(value: unknown, path: string): string | undefined {
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || value === '') {
      this.errors.push(`${path} must be a non-empty string`);
      return undefined;
    }
    return value;
  }

  array(value: unknown, path: string): unknown[] {
    if (value === undefined) return [];
    if (!Array.isArray(value)) {
      this.errors.push(`${path} must be an array`);
      return [];
    }
    return value;
  }

  object(value: unknown, path: string, allowed: readonly string[]): Record<string, unknown> | undefined {
    if (!isRecord(value)) {
      this.errors.push(`${path} must be an object`);
      return undefined;
    }
    rejectUnknown(value, allowed, `${path}.`, this.errors);
    return value;
  }
}

const INJECTION_FIELDS = [
  'chainId',
  'from',
  'to',
  'value',
  'txStatus',
  'erc20Transfers',
  'erc721Transfers',
  'erc1155Transfers',
  'internalTransactions',
  'logs',
  'contractCreation',
];

export function validateInjection(body: unknown): Validated<InjectionInput> {
  if (!isRecord(body)) return { ok: false, errors: ['body must be a JSON object'] };
  const errors: string[] = [];
  const read = new FieldReader(errors);
  rejectUnknown(body, INJECTION_FIELDS, '', errors);

  const chainId = body.chainId;
  // A safe integer keeps chainId usable as a numeric sort key of the listing.
  if (chainId === undefined) errors.push('chainId is required');
  else if (typeof chainId !== 'string' || !/^[1-9][0-9]{0,14}$/.test(chainId)) {
    errors.push('chainId must be a decimal string of at most 15 digits, e.g. "43114"');
  }
  const txStatus = body.txStatus;
  if (txStatus !== undefined && txStatus !== '1' && txStatus !== '0') errors.push('txStatus must be "1" (success) or "0" (failed)');

  const input: InjectionInput = {
    chainId: chainId as string,
    erc20Transfers: [],
    erc721Transfers: [],
    erc1155Transfers: [],
    internalTransactions: [],
    logs: [],
  };
  const from = read.address(body.from, 'from', false);
  const to = read.address(body.to, 'to', false);
  const value = read.amount(body.value, 'value', false);
  if (from !== undefined) input.from = from;
  if (to !== undefined) input.to = to;
  if (value !== undefined) input.value = value;
  if (txStatus === '1' || txStatus === '0') input.txStatus = txStatus;

  read.array(body.erc20Transfers, 'erc20Transfers').forEach((raw, index) => {
    const path = `erc20Transfers[${index}]`;
    const transfer = read.object(raw, path, ['from', 'to', 'value', 'token']);
    if (!transfer) return;
    const transferFrom = read.address(transfer.from, `${path}.from`, true);
    const transferTo = read.address(transfer.to, `${path}.to`, true);
    const amount = read.amount(transfer.value, `${path}.value`, true);
    let token: InjectionInput['erc20Transfers'][number]['token'];
    if (transfer.token !== undefined) {
      const rawToken = read.object(transfer.token, `${path}.token`, ['address', 'name', 'symbol', 'decimals']);
      const address = rawToken && read.address(rawToken.address, `${path}.token.address`, true);
      const decimals = rawToken?.decimals;
      if (decimals !== undefined && !(Number.isInteger(decimals) && (decimals as number) >= 0 && (decimals as number) <= 36)) {
        errors.push(`${path}.token.decimals must be an integer from 0 to 36`);
      }
      const name = rawToken && read.string(rawToken.name, `${path}.token.name`);
      const symbol = rawToken && read.string(rawToken.symbol, `${path}.token.symbol`);
      if (address !== undefined) {
        token = {
          address,
          ...(name !== undefined && { name }),
          ...(symbol !== undefined && { symbol }),
          ...(typeof decimals === 'number' && { decimals }),
        };
      }
    }
    if (transferFrom !== undefined && transferTo !== undefined && amount !== undefined) {
      input.erc20Transfers.push({ from: transferFrom, to: transferTo, value: amount, ...(token && { token }) });
    }
  });

  for (const standard of ['erc721', 'erc1155'] as const) {
    const field = `${standard}Transfers` as const;
    read.array(body[field], field).forEach((raw, index) => {
      const path = `${field}[${index}]`;
      const transfer = read.object(
        raw,
        path,
        standard === 'erc721' ? ['from', 'to', 'tokenId', 'token'] : ['from', 'to', 'tokenId', 'value', 'token'],
      );
      if (!transfer) return;
      const transferFrom = read.address(transfer.from, `${path}.from`, true);
      const transferTo = read.address(transfer.to, `${path}.to`, true);
      const tokenId = read.amount(transfer.tokenId, `${path}.tokenId`, true);
      const amount = standard === 'erc1155' ? read.amount(transfer.value, `${path}.value`, false) : 1n;
      let token: { address: string; name?: string; symbol?: string } | undefined;
      if (transfer.token !== undefined) {
        const rawToken = read.object(transfer.token, `${path}.token`, ['address', 'name', 'symbol']);
        const address = rawToken && read.address(rawToken.address, `${path}.token.address`, true);
        const name = rawToken && read.string(rawToken.name, `${path}.token.name`);
        const symbol = rawToken && read.string(rawToken.symbol, `${path}.token.symbol`);
        if (address !== undefined) token = { address, ...(name !== undefined && { name }), ...(symbol !== undefined && { symbol }) };
      }
      if (transferFrom === undefined || transferTo === undefined || tokenId === undefined) return;
      const move = { from: transferFrom, to: transferTo, tokenId, ...(token && { token }) };
      if (standard === 'erc721') input.erc721Transfers.push(move);
      else input.erc1155Transfers.push({ ...move, value: amount ?? 1n });
    });
  }

  if (body.contractCreation !== undefined) {
    if (typeof body.contractCreation !== 'boolean') errors.push('contractCreation must be a boolean');
    else if (body.contractCreation) {
      const others = ['to', 'erc20Transfers', 'erc721Transfers', 'erc1155Transfers', 'internalTransactions', 'logs'].filter(
        (field) => body[field] !== undefined,
      );
      if (others.length > 0) errors.push(`contractCreation makes a transaction of its own: leave out ${others.join(', ')}`);
      else input.contractCreation = true;
    }
  }

  read.array(body.internalTransactions, 'internalTransactions').forEach((raw, index) => {
    const path = `internalTransactions[${index}]`;
    const call = read.object(raw, path, ['from', 'to', 'value', 'internalTxType']);
    if (!call) return;
    const callFrom = read.address(call.from, `${path}.from`, true);
    const callTo = read.address(call.to, `${path}.to`, true);
    const amount = read.amount(call.value, `${path}.value`, false);
    const type = call.internalTxType;
    if (type !== undefined && (typeof type !== 'string' || !/^[A-Z][A-Z0-9_]*$/.test(type))) {
      errors.push(`${path}.internalTxType must be an upper-case call type such as CALL or DELEGATECALL`);
    }
    if (callFrom !== undefined && callTo !== undefined) {
      input.internalTransactions.push({
        from: callFrom,
        to: callTo,
        value: amount ?? 0n,
        internalTxType: typeof type === 'string' ? type : 'CALL',
      });
    }
  });

  read.array(body.logs, 'logs').forEach((raw, index) => {
    const path = `logs[${index}]`;
    const log = read.object(raw, path, ['address', 'topics', 'data']);
    if (!log) return;
    const address = read.address(log.address, `${path}.address`, true);
    const topics = log.topics;
    const topicsValid = Array.isArray(topics) && topics.length >= 1 && topics.length <= 4 && topics.every(isSignatureText);
    if (!topicsValid) errors.push(`${path}.topics must be an array of 1 to 4 topics, each 0x followed by 64 hex digits`);
    const data = log.data;
    if (data !== undefined && (typeof data !== 'string' || !HEX_DATA.test(data))) {
      errors.push(`${path}.data must be 0x-prefixed hex with an even number of digits`);
    }
    if (address !== undefined && topicsValid) {
      input.logs.push({
        address,
        topics: (topics as string[]).map((topic) => topic.toLowerCase()),
        data: typeof data === 'string' ? data.toLowerCase() : '0x',
      });
    }
  });

  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: input };
}

/** The event types besides address_activity the real service has (the operator's models): created and listed, never delivered. */
export const OTHER_EVENT_TYPES = ['primary_network_address_activity', 'validator_activity'] as const;
export type OtherEventType = (typeof OTHER_EVENT_TYPES)[number];

/** A creation body of another event type, checked against the operator's request models, metadata kept as given. */
export interface OtherWebhookRequest {
  eventType: OtherEventType;
  url: string;
  name?: string;
  description?: string;
  network: 'mainnet' | 'fuji';
  /** The chain it names (primary network address activity), or the P-Chain's for validator activity. */
  chainId: string;
  metadata: Record<string, unknown>;
}

/** The P-Chain's blockchain id, on mainnet and Fuji alike: what a validator_activity webhook answers as its chainId. */
const P_CHAIN_ID = '11111111111111111111111111111111LpoYY';

export function isOtherEventType(value: unknown): value is OtherEventType {
  return (OTHER_EVENT_TYPES as readonly unknown[]).includes(value);
}

/**
 * The metadata of each other event type, as the operator's description defines it (ValidatorActivityMetadata,
 * PrimaryNetworkAddressActivityMetadata): its key types, its sub-events and the fields only it has. A webhook the
 * description would refuse is refused here, so none is ever served back in a shape a validating client rejects.
 */
const OTHER_METADATA: Record<OtherEventType, { keyTypes: string[]; subEventsField: string; subEvents: string[]; own: string[] }> = {
  validator_activity: {
    keyTypes: ['nodeId', 'subnetId'],
    subEventsField: 'validatorActivitySubEvents',
    subEvents: [
      'validator_stake',
      'delegator_stake',
      'reward_distribution',
      'l1_validator_balance_increased',
      'l1_validator_disabled',
      'l1_validator_removed',
      'l1_validator_balance_threshold',
    ],
    own: ['nodeIds', 'subnetIds', 'l1ValidatorFeeBalanceThreshold'],
  },
  primary_network_address_activity: {
    keyTypes: ['addresses'],
    subEventsField: 'addressActivitySubEvents',
    subEvents: ['balance_change', 'balance_threshold', 'reward_distribution'],
    own: ['balanceThresholdFilter'],
  },
};

/** CommonBalanceType: the balances a primary network balance threshold can watch. */
const BALANCE_TYPES = [
  'unlockedUnstaked',
  'unlockedStaked',
  'lockedPlatform',
  'lockedStakeable',
  'lockedStaked',
  'pendingStaked',
  'unlocked',
  'locked',
  'atomicMemoryUnlocked',
  'atomicMemoryLocked',
];

/** An amount of nAVAX, as the description's thresholds are: a string of decimal digits. */
const NAVAX_RULE = 'must be a string of decimal digits, an amount in nAVAX, e.g. "1000000000"';

const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

export function validateOtherWebhook(body: Record<string, unknown>): Validated<OtherWebhookRequest> {
  const eventType = body.eventType as OtherEventType;
  const validator = eventType === 'validator_activity';
  const errors: string[] = [];
  rejectUnknown(body, ['eventType', 'url', 'name', 'description', 'network', 'metadata', ...(validator ? [] : ['chainId'])], '', errors);
  const text = (field: string, required: boolean): string | undefined => {
    const value = body[field];
    if (value === undefined) {
      if (required) errors.push(`${field} is required`);
      return undefined;
    }
    if (typeof value !== 'string') errors.push(`${field} must be a string`);
    return typeof value === 'string' ? value : undefined;
  };
  const url = text('url', true);
  if (url !== undefined && !/^https?:\/\/[^\s/]+/.test(url)) errors.push(`url ${RULES.url}`);
  const name = text('name', false);
  const description = text('description', false);
  const network = text('network', true);
  if (network !== undefined && network !== 'mainnet' && network !== 'fuji') errors.push('network must be one of: mainnet, fuji');
  const chainId = validator ? P_CHAIN_ID : text('chainId', true);
  const metadata = body.metadata;
  if (metadata === undefined) errors.push('metadata is required');
  else if (!isRecord(metadata)) errors.push('metadata must be an object');
  else checkOtherMetadata(eventType, metadata, errors);
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      eventType,
      url: url!,
      ...(name !== undefined && { name }),
      ...(description !== undefined && { description }),
      network: network as 'mainnet' | 'fuji',
      chainId: chainId!,
      metadata: metadata as Record<string, unknown>,
    },
  };
}

/** Each field of another event type's metadata against its definition, one message per rule broken. */
function checkOtherMetadata(eventType: OtherEventType, metadata: Record<string, unknown>, errors: string[]): void {
  const { keyTypes, subEventsField, subEvents, own } = OTHER_METADATA[eventType];
  const validator = eventType === 'validator_activity';
  rejectUnknown(metadata, ['eventSignatures', 'keyType', 'keys', 'subEvents', ...own], 'metadata.', errors);
  if (metadata.keyType === undefined) errors.push('metadata.keyType is required');
  else if (!keyTypes.includes(metadata.keyType as string)) errors.push(`metadata.keyType must be one of: ${keyTypes.join(', ')}`);
  const keys = metadata.keys;
  if (keys === undefined) errors.push('metadata.keys is required');
  // The description: "ValidatorActivity event will only accept a single key".
  else if (validator && !(isStringArray(keys) && keys.length === 1)) errors.push('metadata.keys must be an array of exactly 1 string');
  else if (!(isStringArray(keys) && keys.length > 0)) errors.push('metadata.keys must be an array of 1 or more strings');
  else if (keys.some((key) => key.trim() === '')) errors.push('metadata.keys must hold no empty string');
  const subEventsObject = metadata.subEvents;
  if (subEventsObject === undefined) errors.push('metadata.subEvents is required');
  else if (!isRecord(subEventsObject)) errors.push('metadata.subEvents must be an object');
  else {
    rejectUnknown(subEventsObject, [subEventsField], 'metadata.subEvents.', errors);
    const path = `metadata.subEvents.${subEventsField}`;
    const events = subEventsObject[subEventsField];
    if (events === undefined) errors.push(`${path} is required`);
    else if (!isStringArray(events)) errors.push(`${path} must be an array of strings`);
    else {
      for (const event of events) {
        if (!subEvents.includes(event)) errors.push(`${path} holds ${JSON.stringify(event)}: each must be one of: ${subEvents.join(', ')}`);
      }
    }
  }
  for (const field of ['eventSignatures', 'nodeIds', 'subnetIds']) {
    if (metadata[field] !== undefined && !isStringArray(metadata[field])) errors.push(`metadata.${field} must be an array of strings`);
  }
  const feeThreshold = metadata.l1ValidatorFeeBalanceThreshold;
  if (validator && feeThreshold !== undefined && !(typeof feeThreshold === 'string' && DECIMAL.test(feeThreshold))) {
    errors.push(`metadata.l1ValidatorFeeBalanceThreshold ${NAVAX_RULE}`);
  }
  const filter = metadata.balanceThresholdFilter;
  if (!validator && filter !== undefined) {
    const path = 'metadata.balanceThresholdFilter';
    if (!isRecord(filter)) errors.push(`${path} must be an object`);
    else {
      rejectUnknown(filter, ['balanceType', 'balanceThreshold'], `${path}.`, errors);
      if (filter.balanceType === undefined) errors.push(`${path}.balanceType is required`);
      else if (!BALANCE_TYPES.includes(filter.balanceType as string))
        errors.push(`${path}.balanceType must be one of: ${BALANCE_TYPES.join(', ')}`);
      if (filter.balanceThreshold === undefined) errors.push(`${path}.balanceThreshold is required`);
      else if (!(typeof filter.balanceThreshold === 'string' && DECIMAL.test(filter.balanceThreshold))) {
        errors.push(`${path}.balanceThreshold ${NAVAX_RULE}`);
      }
    }
  }
}
