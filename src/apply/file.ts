// The webhooks file of `svc webhook apply`: read (a path or "-" for stdin), checked field by field, and turned into the
// webhooks it declares, each with its addresses and event signatures resolved. Every problem is a UsageError naming
// the entry and the field, raised before any request.
import { dirname, resolve } from 'node:path';
import * as v from 'valibot';
import { unreadableFileError, UsageError } from '../errors.js';
import { readInputFile, readStreamText } from '../io.js';
import type { IO } from '../io.js';
import { addressLines, checkChecksums } from '../given-address.js';
import type { GivenAddress } from '../given-address.js';
import { plainObject } from '../schema/common.js';
import { chainIdOfName, knownChainNames } from '../schema/chain-names.js';
import { AddressItemSchema, HttpUrlSchema, RULES, SignatureItemSchema } from '../schema/webhooks.js';
import { CHAIN_ID_PATTERN, isAddress, WEBHOOK_STATUSES } from '../schema/rules.js';
import type { WebhookStatus } from '../schema/rules.js';

/** One webhook as the file declares it, with every default filled in: what the service should hold. */
export interface DesiredWebhook {
  /** The entry's position in the file, for messages: `webhooks[2] ("treasury")`. */
  index: number;
  name: string;
  url: string;
  chainId: string;
  /** Each once (case-insensitively), in file order, as written. */
  addresses: string[];
  /** Each once (case-insensitively): the eventSignatures given, then those of the events declared. */
  eventSignatures: string[];
  /** Absent: the webhook's description is left as it is (the service has no way to remove one). */
  description?: string;
  includeLogs: boolean;
  includeInternalTxs: boolean;
  status: WebhookStatus;
}

const ENTRY_FIELDS = [
  'name',
  'url',
  'chainId',
  'addresses',
  'addressesFile',
  'eventSignatures',
  'events',
  'description',
  'includeLogs',
  'includeInternalTxs',
  'status',
] as const;

const CHAIN_ID_RULE = `must be a decimal chain id above 0 such as "43114", or a chain's name: ${knownChainNames()}`;

/** "is required" when absent, else the rule, as the service's own schemas word it. */
const rule = (text: string) => (issue: v.BaseIssue<unknown>) => (issue.input === undefined ? 'is required' : text);

const EntrySchema = v.pipe(
  plainObject('must be an object'),
  v.strictObject({
    name: v.pipe(v.string(rule(RULES.string)), v.minLength(1, 'must not be empty')),
    url: HttpUrlSchema,
    // As every --chain-id takes it: a decimal id above 0 (stricter than the service's any decimal), or a chain's
    // name, sent as its id. One rule, so a bad value is one message.
    chainId: v.pipe(
      v.string(rule(CHAIN_ID_RULE)),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const id = CHAIN_ID_PATTERN.test(dataset.value) ? dataset.value : chainIdOfName(dataset.value);
        if (id !== undefined) return id;
        addIssue({ message: CHAIN_ID_RULE });
        return NEVER;
      }),
    ),
    addresses: v.optional(
      v.pipe(v.array(AddressItemSchema, 'must be an array of addresses'), v.minLength(1, 'must contain at least 1 address')),
    ),
    addressesFile: v.optional(v.pipe(v.string(RULES.string), v.minLength(1, 'must not be empty'))),
    eventSignatures: v.optional(v.array(SignatureItemSchema, 'must be an array of event signatures')),
    events: v.optional(
      v.array(
        v.string('must be an event declaration such as "Transfer(address,address,uint256)"'),
        'must be an array of event declarations',
      ),
    ),
    description: v.optional(v.string(RULES.string)),
    includeLogs: v.optional(v.boolean(RULES.boolean)),
    includeInternalTxs: v.optional(v.boolean(RULES.boolean)),
    status: v.optional(v.picklist(WEBHOOK_STATUSES, RULES.status)),
  }),
);

const FileSchema = v.pipe(
  plainObject('must be a JSON object'),
  v.strictObject({ webhooks: v.array(EntrySchema, rule('must be an array of webhooks')) }),
);

type Entry = v.InferOutput<typeof EntrySchema>;

/** `webhooks[2] ("treasury")`: how every message names an entry (the name only when it is a usable string). */
export function entryLabel(index: number, name: unknown): string {
  return typeof name === 'string' && name !== '' ? `webhooks[${index}] (${JSON.stringify(name)})` : `webhooks[${index}]`;
}

/**
 * Reads and checks the file. `addressesFile` paths are relative to the file's folder; for stdin ("-"), to the
 * working directory. `interrupt` ends a wait for a FIFO or stdin.
 */
export async function readWebhooksFile(path: string, io: IO, interrupt?: AbortSignal): Promise<DesiredWebhook[]> {
  const label = path === '-' ? 'stdin' : path;
  const text = await readText(path, io, interrupt);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UsageError(
      `${label}: not valid JSON (${(error as Error).message})`,
      'the file holds {"webhooks": [{"name", "url", "chainId", "addresses"}, ...]}',
    );
  }
  const baseDir = path === '-' ? process.cwd() : dirname(resolve(path));
  const entries = checkShape(parsed);
  const webhooks: DesiredWebhook[] = [];
  for (const [index, entry] of entries.entries()) webhooks.push(await resolveEntry(index, entry, baseDir, interrupt));
  return webhooks;
}

async function readText(path: string, io: IO, interrupt: AbortSignal | undefined): Promise<string> {
  if (path === '-') {
    if (io.isStdinTTY) throw new UsageError('--file -: reads the webhooks from stdin, but stdin is a terminal; pipe the file in');
    return readStreamText(io.in, interrupt);
  }
  try {
    return await readInputFile(path, interrupt);
  } catch (error) {
    if (interrupt?.aborted && error === interrupt.reason) throw error;
    throw unreadableFileError('--file', path, error, { terminal: 'it is a terminal; pipe the file to --file -' });
  }
}

/** The schema's verdict, as UsageErrors naming the entry and the field; then the names, each once. */
function checkShape(parsed: unknown): Entry[] {
  const result = v.safeParse(FileSchema, parsed);
  if (!result.success) {
    const messages = result.issues.map((issue) => describeIssue(issue, parsed));
    const more =
      messages.length > 1
        ? `and ${messages.length - 1} more: ${messages.slice(1, 4).join('; ')}${messages.length > 4 ? '; ...' : ''}`
        : undefined;
    throw new UsageError(messages[0]!, more);
  }
  const entries = result.output.webhooks;
  const firstIndexOf = new Map<string, number>();
  for (const [index, entry] of entries.entries()) {
    const label = entryLabel(index, entry.name);
    const first = firstIndexOf.get(entry.name);
    if (first !== undefined) {
      throw new UsageError(
        `${label}.name is also the name of webhooks[${first}]: names identify webhooks, so each must be unique in the file`,
      );
    }
    firstIndexOf.set(entry.name, index);
    if (entry.addresses !== undefined && entry.addressesFile !== undefined) {
      throw new UsageError(`${label}: give addresses or addressesFile, not both`);
    }
    if (entry.addresses === undefined && entry.addressesFile === undefined) {
      throw new UsageError(`${label}.addresses is required (or addressesFile, a file of addresses one per line)`);
    }
  }
  return entries;
}

function describeIssue(issue: v.BaseIssue<unknown>, parsed: unknown): string {
  const keys = (issue.path ?? []).map((item) => item.key);
  if (keys.length === 0) return `the file ${issue.message}, such as {"webhooks": [...]}`;
  if (keys[0] !== 'webhooks') return `${String(keys[0])}: unknown field (the file holds only "webhooks")`;
  if (keys.length === 1) return `webhooks ${issue.input === undefined ? 'is required' : issue.message}`;
  const index = keys[1] as number;
  const entries = (parsed as { webhooks: unknown[] }).webhooks;
  const name = (entries[index] as { name?: unknown } | null)?.name;
  const label = entryLabel(index, name);
  if (keys.length === 2) return `${label} ${issue.message}`;
  const field = keys
    .slice(2)
    .map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`))
    .join('');
  if (issue.type === 'strict_object' && issue.expected === 'never') {
    return `${label}${field}: unknown field (known: ${ENTRY_FIELDS.join(', ')})`;
  }
  if (issue.input === undefined) return `${label}${field} is required`;
  return `${label}${field} ${issue.message}`;
}

/** The entry with its addresses read and checked, its events turned into signatures, and its defaults filled in. */
async function resolveEntry(index: number, entry: Entry, baseDir: string, interrupt: AbortSignal | undefined): Promise<DesiredWebhook> {
  const label = entryLabel(index, entry.name);
  const given: GivenAddress[] =
    entry.addresses !== undefined
      ? entry.addresses.map((address, position) => ({ address, origin: `${label}.addresses[${position}]` }))
      : await readAddressesFile(label, entry.addressesFile!, baseDir, interrupt);
  await checkChecksums(given);
  const desired: DesiredWebhook = {
    index,
    name: entry.name,
    url: entry.url,
    chainId: entry.chainId,
    addresses: uniqueCaseInsensitive(given.map(({ address }) => address)),
    eventSignatures: uniqueCaseInsensitive([...(entry.eventSignatures ?? []), ...(await eventSignatures(label, entry.events ?? []))]),
    includeLogs: entry.includeLogs ?? false,
    includeInternalTxs: entry.includeInternalTxs ?? false,
    status: entry.status ?? 'active',
  };
  if (entry.description !== undefined) desired.description = entry.description;
  return desired;
}

async function readAddressesFile(
  label: string,
  path: string,
  baseDir: string,
  interrupt: AbortSignal | undefined,
): Promise<GivenAddress[]> {
  const named = `${label}.addressesFile ${path}`;
  let text: string;
  try {
    text = await readInputFile(resolve(baseDir, path), interrupt);
  } catch (error) {
    if (interrupt?.aborted && error === interrupt.reason) throw error;
    const unreadable = unreadableFileError(`${label}.addressesFile`, path, error, {
      terminal: 'it is a terminal; name a file of addresses',
    });
    unreadable.hint = `it is read relative to ${baseDir}`;
    throw unreadable;
  }
  const lines = addressLines(text);
  if (lines.length === 0) throw new UsageError(`${named}: holds no addresses (one per line, # for comments)`);
  return lines.map(({ address, line }) => {
    if (!isAddress(address)) throw new UsageError(`${named} line ${line}: ${JSON.stringify(address)} ${RULES.address}`);
    return { address, origin: `${named} line ${line}:` };
  });
}

/** The signatures of the declared events (keccak loaded only when there are some). */
async function eventSignatures(label: string, declarations: readonly string[]): Promise<string[]> {
  if (declarations.length === 0) return [];
  const { DeclarationError, eventSignature } = await import('../evm/event-signature.js');
  return declarations.map((declaration, position) => {
    try {
      return eventSignature(declaration).signature;
    } catch (error) {
      if (error instanceof DeclarationError)
        throw new UsageError(`${label}.events[${position}] ${JSON.stringify(declaration)}: ${error.message}`);
      throw error;
    }
  });
}

/** Each value once, compared case-insensitively, in the form it first appeared (as `webhook create` sends them). */
function uniqueCaseInsensitive(values: readonly string[]): string[] {
  const firstForms = new Map<string, string>();
  for (const value of values) if (!firstForms.has(value.toLowerCase())) firstForms.set(value.toLowerCase(), value);
  return [...firstForms.values()];
}
