// The error body (spec 2.6) and the reason phrases of section 7.
import * as v from 'valibot';

/** Reason phrases of section 7, by status. */
export const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** 2.6, as the emulator sends it. `message` is a string, or an array of strings for several invalid fields. */
export const ErrorBodySchema = v.object({
  message: v.union([v.string(), v.array(v.string())]),
  statusCode: v.number(),
  error: v.string(),
});
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;

/** An error body as the CLI reads one: any JSON object, each field taken when it has a usable type. */
export const ReceivedErrorBodySchema = v.looseObject({
  message: v.fallback(v.optional(v.union([v.string(), v.array(v.unknown())])), undefined),
  error: v.fallback(v.optional(v.string()), undefined),
});
