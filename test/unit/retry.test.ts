// Retry timing: Retry-After parsing, full-jitter backoff bounds, and which statuses are retried.
import { describe, expect, it } from 'vitest';
import {
  BACKOFF_BASE_MS,
  BACKOFF_CAP_MS,
  RETRYABLE_STATUSES,
  RETRY_AFTER_CAP_MS,
  backoffDelayMs,
  parseRetryAfterMs,
  retryDelayMs,
} from '../../src/api/retry.js';
import { apiErrorFrom, redactUrl } from '../../src/api/http.js';
import { exitCodeForStatus } from '../../src/errors.js';

const NOW = Date.parse('2026-01-01T00:00:00Z');

describe('parseRetryAfterMs', () => {
  it.each([
    ['0', 0],
    ['1', 1000],
    ['2.5', 2500],
    [' 3 ', 3000],
    ['120', 60_000],
    ['999999', 60_000],
  ])('seconds %j → %i ms', (header, ms) => {
    expect(parseRetryAfterMs(header, NOW)).toBe(ms);
  });

  it('an HTTP date in the future → the time until it', () => {
    expect(parseRetryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', NOW)).toBe(5000);
  });

  it('an HTTP date far ahead is capped at 60 s', () => {
    expect(parseRetryAfterMs('Fri, 02 Jan 2026 00:00:00 GMT', NOW)).toBe(RETRY_AFTER_CAP_MS);
    expect(RETRY_AFTER_CAP_MS).toBe(60_000);
  });

  it('an HTTP date in the past → 0', () => {
    expect(parseRetryAfterMs('Wed, 31 Dec 2025 23:59:00 GMT', NOW)).toBe(0);
  });

  it.each([undefined, '', '  ', 'soon', '-1', '1e3', 'Thu, 01 Jan 2026 00:00:05', 'not a date GMT', '0x10'])(
    'junk %j → undefined',
    (header) => {
      expect(parseRetryAfterMs(header, NOW)).toBeUndefined();
    },
  );
});

describe('backoffDelayMs (full jitter)', () => {
  it('random 0 → 0', () => {
    for (let retry = 0; retry < 8; retry++) expect(backoffDelayMs(retry, () => 0)).toBe(0);
  });

  it('random 0.999 → just under base·2^retry, capped', () => {
    expect(BACKOFF_BASE_MS).toBe(250);
    expect(backoffDelayMs(0, () => 0.999)).toBe(249);
    expect(backoffDelayMs(1, () => 0.999)).toBe(499);
    expect(backoffDelayMs(2, () => 0.999)).toBe(999);
    expect(backoffDelayMs(10, () => 0.999)).toBe(Math.floor(0.999 * BACKOFF_CAP_MS));
    expect(backoffDelayMs(50, () => 0.999)).toBeLessThan(BACKOFF_CAP_MS);
  });

  it('with Math.random stays within [0, ceiling)', () => {
    for (let i = 0; i < 200; i++) {
      const retry = i % 6;
      const delay = backoffDelayMs(retry);
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThan(Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** retry));
    }
  });
});

describe('retryDelayMs', () => {
  it('prefers Retry-After over backoff', () => {
    expect(retryDelayMs(3, '2', () => 0.999)).toBe(2000);
    expect(retryDelayMs(0, '0', () => 0.999)).toBe(0);
  });
  it('falls back to backoff on junk or absence', () => {
    expect(retryDelayMs(1, 'junk', () => 0.5)).toBe(250);
    expect(retryDelayMs(1, undefined, () => 0.5)).toBe(250);
  });
});

describe('status rules', () => {
  it('retries 429, 500, 502, 503 only', () => {
    expect([...RETRYABLE_STATUSES].sort()).toEqual([429, 500, 502, 503]);
  });

  it.each([
    [400, 2],
    [401, 4],
    [403, 4],
    [404, 3],
    [429, 5],
    [500, 1],
    [502, 1],
    [503, 1],
    [418, 1],
  ])('status %i → exit %i', (status, exit) => {
    expect(exitCodeForStatus(status)).toBe(exit);
  });
});

describe('apiErrorFrom', () => {
  it('uses the message string and the error phrase', () => {
    const error = apiErrorFrom(
      400,
      Buffer.from(JSON.stringify({ message: 'bad pageSize', statusCode: 400, error: 'Bad Request' })),
      'application/json',
    );
    expect(error.message).toBe('bad pageSize');
    expect(error.statusCode).toBe(400);
    expect(error.reason).toBe('Bad Request');
    expect(error.exitCode).toBe(2);
  });

  it('joins a message array', () => {
    const error = apiErrorFrom(400, Buffer.from(JSON.stringify({ message: ['a is bad', 'b is bad'] })), 'application/json');
    expect(error.message).toContain('a is bad');
    expect(error.message).toContain('b is bad');
    expect(error.reason).toBe('Bad Request');
  });

  it('an HTML body gives a clear message without the HTML', () => {
    const error = apiErrorFrom(502, Buffer.from('<html><h1>Bad Gateway</h1></html>'), 'text/html; charset=utf-8');
    expect(error.message).toMatch(/502/);
    expect(error.message).toMatch(/text\/html/);
    expect(error.message).not.toContain('<h1>');
    expect(error.exitCode).toBe(1);
  });

  it('an empty body', () => {
    expect(apiErrorFrom(503, Buffer.alloc(0), undefined).message).toMatch(/503.*empty/);
  });
});

describe('redactUrl', () => {
  it('hides user:password', () => {
    expect(redactUrl('https://user:secret@api.example.com/v1/x')).toBe('https://***@api.example.com/v1/x');
    expect(redactUrl('https://api.example.com/v1/x?y=1')).toBe('https://api.example.com/v1/x?y=1');
  });
});
