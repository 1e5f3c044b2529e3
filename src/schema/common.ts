// Shapes every resource shares: addresses, hashes, page tokens, and fields the CLI only shows.
import * as v from 'valibot';
import { ADDRESS_PATTERN, HASH32_PATTERN } from './rules.js';

export const AddressSchema = v.pipe(v.string(), v.regex(ADDRESS_PATTERN));
export const Hash32Schema = v.pipe(v.string(), v.regex(HASH32_PATTERN));

/** A nextPageToken as services send it: absent, null (some do) or a string; anything else is a broken page. */
export const PageTokenSchema = v.optional(v.nullable(v.string()));

/**
 * A field the CLI only shows: a value of the wrong type is shown as absent rather than failing the whole page
 * (the service may change a field's type; `--json` keeps the bytes as returned either way).
 */
export const shownString = v.fallback(v.optional(v.string()), undefined);
export const shownNumber = v.fallback(v.optional(v.number()), undefined);
export const shownBoolean = v.fallback(v.optional(v.boolean()), undefined);

/**
 * A number the CLI shows as digits (a block number, an amount in its smallest unit, a token id): the operator sends
 * them as strings; a service that sends a JSON number is shown too, with every digit it sent (keepDigits in listing.ts).
 */
export const shownDigits = v.fallback(v.optional(v.union([v.string(), v.number()])), undefined);

/** A JSON object and not an array (valibot's object schemas take arrays for objects): the first step of a body's pipe. */
export const plainObject = (message: string) =>
  v.custom<Record<string, unknown>>((input) => typeof input === 'object' && input !== null && !Array.isArray(input), message);
