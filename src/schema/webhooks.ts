// Webhooks (spec 2.3, 2.4, 4.2 and the service's other webhook operations): resources and request bodies.
import * as v from 'valibot';
import { PageTokenSchema, plainObject, shownBoolean, shownNumber, shownString } from './common.js';
import {
  ADDRESS_PATTERN,
  DECIMAL_PATTERN,
  EVENT_TYPE,
  HASH32_PATTERN,
  SECRET_TEXT_PATTERN,
  SECRET_TEXT_RULE,
  WEBHOOK_STATUSES,
} from './rules.js';

/** The rules of a webhook's fields, in the words every message about them uses (the emulator's 400s, the CLI's checks). */
export const RULES = {
  url: 'must be an absolute http or https URL',
  chainId: 'must be a decimal string, e.g. "43114"',
  eventType: `must be one of: ${EVENT_TYPE}`,
  address: 'must be an address: 0x followed by 40 hex digits',
  eventSignature: 'must be an event signature: 0x followed by 64 hex digits',
  status: `must be one of: ${WEBHOOK_STATUSES.join(', ')}`,
  string: 'must be a string',
  boolean: 'must be a boolean',
  object: 'must be an object',
} as const;

/** "x is required" when absent, else the rule: the one message function every field uses. */
const rule = (text: string) => (issue: v.BaseIssue<unknown>) => (issue.input === undefined ? 'is required' : text);

function isHttpUrl(text: string): boolean {
  if (text !== text.trim()) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const HttpUrlSchema = v.pipe(v.string(rule(RULES.url)), v.check(isHttpUrl, RULES.url));
export const ChainIdSchema = v.pipe(v.string(rule(RULES.chainId)), v.regex(DECIMAL_PATTERN, RULES.chainId));
export const AddressItemSchema = v.pipe(v.string(RULES.address), v.regex(ADDRESS_PATTERN, RULES.address));
export const SignatureItemSchema = v.pipe(v.string(RULES.eventSignature), v.regex(HASH32_PATTERN, RULES.eventSignature));
const AddressListSchema = v.pipe(
  v.array(AddressItemSchema, rule('must be an array of addresses')),
  v.minLength(1, 'must contain at least 1 address'),
);
/** The optional fields a creation sets and an update changes. */
const OPTIONAL_FIELDS = {
  name: v.optional(v.string(RULES.string)),
  description: v.optional(v.string(RULES.string)),
  includeInternalTxs: v.optional(v.boolean(RULES.boolean)),
  includeLogs: v.optional(v.boolean(RULES.boolean)),
};

/** 2.3 metadata. */
export const WebhookMetadataSchema = v.object({
  addresses: v.array(v.string()),
  eventSignatures: v.optional(v.array(v.string())),
});

/** 2.3 webhook, as the spec gives it (what the emulator answers). */
export const WebhookSchema = v.object({
  id: v.string(),
  url: v.string(),
  chainId: v.string(),
  status: v.picklist(WEBHOOK_STATUSES),
  /** Unix milliseconds from the real service; some answer seconds (the renderers tell them apart). */
  createdAt: v.number(),
  name: v.optional(v.string()),
  description: v.optional(v.string()),
  eventType: v.literal(EVENT_TYPE),
  metadata: WebhookMetadataSchema,
  includeInternalTxs: v.optional(v.boolean()),
  includeLogs: v.optional(v.boolean()),
});
export type Webhook = v.InferOutput<typeof WebhookSchema>;

/**
 * A webhook of another of the operator's event types (validator_activity, primary_network_address_activity), as the
 * emulator answers it in the operator's shape: its network and its metadata, no addresses, no include flags.
 */
export interface OtherEventWebhook extends Omit<Webhook, 'eventType' | 'metadata' | 'includeInternalTxs' | 'includeLogs'> {
  eventType: string;
  network: string;
  metadata: Record<string, unknown>;
}

/** Any webhook the emulator holds. */
export type AnyWebhook = Webhook | OtherEventWebhook;

/**
 * A webhook as the CLI reads an answer: an object (not an array, which valibot's object schemas let through) whose
 * `id`, when present, is a string (a create's id is what scripts capture); every other field is shown when it has
 * its type.
 */
export const ShownWebhookSchema = v.pipe(
  plainObject('must be a JSON object'),
  v.looseObject({
    id: v.optional(v.string()),
    url: shownString,
    chainId: shownString,
    status: shownString,
    createdAt: shownNumber,
    name: shownString,
    description: shownString,
    eventType: shownString,
    metadata: v.fallback(
      v.optional(
        v.looseObject({
          addresses: v.fallback(v.optional(v.array(v.unknown())), undefined),
          eventSignatures: v.fallback(v.optional(v.array(v.unknown())), undefined),
        }),
      ),
      undefined,
    ),
    includeInternalTxs: shownBoolean,
    includeLogs: shownBoolean,
  }),
);
export type ShownWebhook = v.InferOutput<typeof ShownWebhookSchema>;

/** A page of GET /v1/webhooks as the CLI relies on it: the list array of webhooks, and the page token. */
export const WebhookPageSchema = v.looseObject({
  webhooks: v.array(ShownWebhookSchema),
  nextPageToken: PageTokenSchema,
});
export type WebhookPage = v.InferOutput<typeof WebhookPageSchema>;

/** 4.2 request body, checked field by field with the messages of RULES (strict: unknown fields are errors). */
export const CreateWebhookRequestSchema = v.pipe(
  plainObject('must be a JSON object'),
  v.strictObject({
    url: HttpUrlSchema,
    chainId: ChainIdSchema,
    eventType: v.literal(EVENT_TYPE, rule(RULES.eventType)),
    metadata: v.strictObject(
      {
        addresses: AddressListSchema,
        eventSignatures: v.optional(v.array(SignatureItemSchema, 'must be an array of event signatures')),
      },
      rule(RULES.object),
    ),
    ...OPTIONAL_FIELDS,
  }),
);
export type CreateWebhookRequest = v.InferOutput<typeof CreateWebhookRequestSchema>;

/** Body of PATCH /v1/webhooks/{id}: any of these fields; `{}` changes nothing. */
export const UpdateWebhookRequestSchema = v.pipe(
  plainObject('must be a JSON object'),
  v.strictObject({
    url: v.optional(HttpUrlSchema),
    status: v.optional(v.picklist(WEBHOOK_STATUSES, RULES.status)),
    ...OPTIONAL_FIELDS,
  }),
);
export type UpdateWebhookRequest = v.InferOutput<typeof UpdateWebhookRequestSchema>;

/** Body of PATCH and DELETE /v1/webhooks/{id}/addresses. */
export const AddressesChangeRequestSchema = v.pipe(plainObject('must be a JSON object'), v.strictObject({ addresses: AddressListSchema }));
export type AddressesChangeRequest = v.InferOutput<typeof AddressesChangeRequestSchema>;

/** 2.4 as the spec gives it. */
export const WebhookAddressListResponseSchema = v.object({
  addresses: v.array(v.string()),
  nextPageToken: v.optional(v.string()),
  totalAddresses: v.number(),
});
export type WebhookAddressListResponse = v.InferOutput<typeof WebhookAddressListResponseSchema>;

/** A page of watched addresses as the CLI relies on it. */
export const AddressPageSchema = v.looseObject({
  addresses: v.array(v.string()),
  nextPageToken: PageTokenSchema,
  totalAddresses: v.optional(v.number()),
});
export type AddressPage = v.InferOutput<typeof AddressPageSchema>;

/** The answer of the two shared-secret operations: any one line of text, shown and used as given (see SECRET_TEXT_PATTERN). */
export const SharedSecretSchema = v.looseObject({ secret: v.pipe(v.string(), v.regex(SECRET_TEXT_PATTERN, SECRET_TEXT_RULE)) });
export type SharedSecret = v.InferOutput<typeof SharedSecretSchema>;

/** The answer to an address change as the CLI relies on it: the whole webhook, whose address list it counts. */
export const AddressCountSchema = v.looseObject({
  metadata: v.looseObject({ addresses: v.array(v.unknown()) }),
});
export type AddressCount = v.InferOutput<typeof AddressCountSchema>;
