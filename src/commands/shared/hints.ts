// The advice under an error that names commands and flags: the client raises facts (a refused connection, a 401, a
// body too large), and the command layer says what to run about them. An operation's own hint, set by the client or
// by the command, comes first.
import { ApiError, NetworkError, ResponseShapeError } from '../../errors.js';
import type { NetworkFailure } from '../../errors.js';

const NETWORK_ADVICE: Partial<Record<NetworkFailure, string>> = {
  refused: 'is the service running? For the local emulator: svc emulator start',
  dns: 'check the base URL: svc config get base-url',
  'connect-timeout': 'check the base URL and your network, or raise --timeout',
  timeout: 'raise the limit with --timeout <seconds>',
};

const STATUS_ADVICE: Partial<Record<number, string>> = {
  401: 'check the API key: svc config get api-key (SVC_API_KEY wins over the config store)',
  403: 'this key may not do that',
  404: 'check the base URL: svc config get base-url',
  429: 'rate limited: wait a little, or raise --retries',
  501: 'the local emulator models only some of the service: send it to the service itself (--base-url), or see what it models: svc api --list (marked *)',
};

/** A 429 to a request sent without a key: a key is what raises the limit. */
const KEYLESS_RATE_LIMIT_ADVICE =
  'rate limited: wait a little, or raise --retries; requests with an API key get higher limits: svc config set api-key';

/** Gives an error without a hint the advice its fact calls for; returns it, to be thrown on. */
export function withAdvice(error: unknown): unknown {
  if (error instanceof NetworkError) error.hint ??= NETWORK_ADVICE[error.failure];
  else if (error instanceof ApiError && error.status === 429 && error.keySent === false) error.hint ??= KEYLESS_RATE_LIMIT_ADVICE;
  else if (error instanceof ApiError) error.hint ??= STATUS_ADVICE[error.status];
  else if (error instanceof ResponseShapeError && error.oversized) {
    error.hint ??=
      'a proxy or gateway may stand between you and the service, or the base URL names another server: svc config get base-url';
  }
  return error;
}

/** For the commands that talk to the emulator's control API: a 404 there means the base URL is not the emulator. */
export function controlApiAdvice(error: unknown): unknown {
  if (error instanceof ApiError && error.status === 404 && !error.hint) {
    error.hint = 'is the base URL the emulator? Only `svc emulator start` has the control API (/_emulator/...)';
  }
  return withAdvice(error);
}
