// A small schema check for the notification message of spec 2.5: every field present, with its JSON type.
// Returns the problems found ("event.transaction.gas: expected string, got number"), none for a valid message.

type Check = (value: unknown, path: string, problems: string[]) => void;

const typeName = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

function fail(problems: string[], path: string, expected: string, value: unknown): void {
  problems.push(`${path}: expected ${expected}, got ${typeName(value)}${typeof value === 'string' ? ` "${value}"` : ''}`);
}

const string =
  (pattern?: RegExp, describe = 'string'): Check =>
  (value, path, problems) => {
    if (typeof value !== 'string' || (pattern && !pattern.test(value))) fail(problems, path, describe, value);
  };

const integer: Check = (value, path, problems) => {
  if (typeof value !== 'number' || !Number.isInteger(value)) fail(problems, path, 'integer', value);
};

const boolean: Check = (value, path, problems) => {
  if (typeof value !== 'boolean') fail(problems, path, 'boolean', value);
};

const nullable =
  (check: Check): Check =>
  (value, path, problems) => {
    if (value !== null) check(value, path, problems);
  };

/** A field that may be left out; when present, it passes `check`. */
const optional = (check: Check): Check =>
  Object.assign<Check, { optional: true }>((value, path, problems) => check(value, path, problems), { optional: true });

const literal =
  (expected: string): Check =>
  (value, path, problems) => {
    if (value !== expected) fail(problems, path, `"${expected}"`, value);
  };

const object =
  (fields: Record<string, Check>): Check =>
  (value, path, problems) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail(problems, path, 'object', value);
    const record = value as Record<string, unknown>;
    for (const [name, check] of Object.entries(fields)) {
      if (!(name in record)) {
        if (!('optional' in check)) problems.push(`${path}.${name}: missing`);
      } else check(record[name], `${path}.${name}`, problems);
    }
  };

const array =
  (element?: Check): Check =>
  (value, path, problems) => {
    if (!Array.isArray(value)) return fail(problems, path, 'array', value);
    if (element) for (const [index, item] of value.entries()) element(item, `${path}[${index}]`, problems);
  };

const HEX = /^0x[0-9a-fA-F]*$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HASH32 = /^0x[0-9a-fA-F]{64}$/;
const DECIMAL = /^\d+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const address = string(ADDRESS, '0x-prefixed 20-byte address');
const hash32 = string(HASH32, '0x-prefixed 32-byte hex');
const decimal = string(DECIMAL, 'decimal string');

const erc20Transfer = object({
  transactionHash: hash32,
  type: literal('ERC20'),
  from: address,
  to: address,
  value: decimal,
  blockTimestamp: integer,
  logIndex: integer,
  erc20Token: object({
    address,
    name: string(),
    symbol: string(),
    decimals: integer,
    valueWithDecimals: string(/^\d+(\.\d+)?$/, 'decimal string'),
  }),
});

const internalTransaction = object({
  from: address,
  to: address,
  internalTxType: string(/^[A-Z]+$/, 'call type such as CALL'),
  value: decimal,
  gasUsed: decimal,
  gasLimit: decimal,
  transactionHash: hash32,
});

const log = object({
  address,
  topic0: hash32,
  topic1: optional(hash32),
  topic2: optional(hash32),
  topic3: nullable(hash32),
  data: string(HEX, '0x-prefixed hex'),
  transactionIndex: integer,
  logIndex: integer,
  removed: boolean,
});

const transaction = object({
  blockHash: hash32,
  blockNumber: decimal,
  blockTimestamp: integer,
  from: address,
  to: address,
  gas: decimal,
  gasPrice: decimal,
  maxFeePerGas: decimal,
  maxPriorityFeePerGas: decimal,
  txHash: hash32,
  txStatus: string(/^[01]$/, '"1" or "0"'),
  input: string(HEX, '0x-prefixed hex'),
  nonce: decimal,
  transactionIndex: integer,
  value: decimal,
  type: integer,
  chainId: decimal,
  receiptCumulativeGasUsed: decimal,
  receiptGasUsed: decimal,
  receiptEffectiveGasPrice: decimal,
  receiptRoot: hash32,
  erc20Transfers: array(erc20Transfer),
  erc721Transfers: array(),
  erc1155Transfers: array(),
  internalTransactions: array(internalTransaction),
});

const notification = object({
  webhookId: string(),
  eventType: literal('address_activity'),
  messageId: string(UUID, 'UUID'),
  event: object({ transaction, logs: array(log) }),
});

export function notificationProblems(message: unknown): string[] {
  const problems: string[] = [];
  notification(message, 'message', problems);
  return problems;
}
