// Notification signatures (cli-contract "Signatures"): x-signature = base64(HMAC-SHA256(secret bytes, JCS(body))).
// One module for the emulator that signs and the receiver and `webhook verify` that check, so they cannot drift.
import canonicalize from 'canonicalize';
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header a notification's signature travels in. */
export const SIGNATURE_HEADER = 'x-signature';

/** A shared secret as the service gives it: hex digits, an even number of them. */
export const SECRET_PATTERN = /^(?:[0-9a-fA-F]{2})+$/;

export function isSecret(text: string): boolean {
  return SECRET_PATTERN.test(text);
}

/**
 * The HMAC key of a secret: the bytes its hex digits spell, as the service makes them; a secret in any other form
 * (the spec types it only as a string) is used as given, its text's UTF-8 bytes.
 */
export function secretKey(secret: string): Buffer {
  return isSecret(secret) ? Buffer.from(secret, 'hex') : Buffer.from(secret, 'utf8');
}

/**
 * The RFC 8785 canonical form of a parsed JSON value, as UTF-8 bytes: what is signed. Key order and
 * whitespace of the bytes on the wire do not matter; numbers and strings are written in JCS's one form.
 */
export function canonicalBytes(value: unknown): Buffer {
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError('the value has no JSON form');
  return Buffer.from(text, 'utf8');
}

/** The signature of a parsed body under a secret (see secretKey): base64 of HMAC-SHA256. */
export function signBody(secret: string, body: unknown): string {
  return createHmac('sha256', secretKey(secret)).update(canonicalBytes(body)).digest('base64');
}

export type Verdict = { valid: true } | { valid: false; reason: string };

/**
 * Checks a received body (the raw bytes) against the signature it came with, in constant time.
 * The reasons are the words a receiver prints: none holds the secret or the expected signature.
 */
export function verifyBody(secret: string, rawBody: string | Buffer, signature: string | undefined): Verdict {
  if (signature === undefined || signature.trim() === '') return { valid: false, reason: `no ${SIGNATURE_HEADER} header` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'));
  } catch {
    return { valid: false, reason: 'the body is not JSON' };
  }
  let expected: Buffer;
  try {
    expected = Buffer.from(signBody(secret, parsed), 'base64');
  } catch (error) {
    return { valid: false, reason: `the body has no canonical JSON form (${(error as Error).message})` };
  }
  const given = Buffer.from(signature.trim(), 'base64');
  // Comparing lengths first leaks only the length, which is public (32 bytes).
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { valid: false, reason: 'the signature does not match the body (wrong secret, or the body was changed)' };
  }
  return { valid: true };
}
