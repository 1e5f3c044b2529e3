// Typed errors thrown anywhere and turned into a message and an exit code in one place (cli.ts).

/** Exit codes of the contract. */
export const ExitCode = {
  ok: 0,
  failure: 1,
  usage: 2,
  notFound: 3,
  auth: 4,
  rateLimited: 5,
  network: 6,
  interrupted: 130,
  terminated: 143,
} as const;

export abstract class SvcError extends Error {
  abstract readonly exitCode: number;
  /** The service's status and reason phrase, for the JSON error line. */
  statusCode?: number;
  reason?: string;
  /** A change was asked for and the service may have made it: the command may say how to check. */
  outcomeUnknown = false;

  /** `hint`: one optional line telling the user what to do next. */
  constructor(
    message: string,
    public hint?: string,
  ) {
    super(message);
  }
}

/** Bad flags or arguments, caught before any request. */
export class UsageError extends SvcError {
  readonly exitCode = ExitCode.usage;
}

/** Missing or unusable credentials, caught before any request. */
export class AuthError extends SvcError {
  readonly exitCode = ExitCode.auth;
}

/** A local problem that is not the invocation's fault (config file unreadable, port taken). */
export class LocalError extends SvcError {
  readonly exitCode = ExitCode.failure;
}

/** Nothing local to act on (no emulator running): the not-found exit code, as a 404 has. */
export class NotFoundError extends SvcError {
  readonly exitCode = ExitCode.notFound;
}

/** The service answered with an error status. */
export class ApiError extends SvcError {
  readonly exitCode: number;
  /** The answer's headers and body (the key masked where echoed), for a command that prints error answers (`svc api`). */
  answer?: { headers: Readonly<Record<string, string | string[] | undefined>>; body: Buffer };
  /** Whether the request carried an API key: advice about keys differs (a 429 without one has lower limits). */
  keySent?: boolean;
  constructor(
    readonly status: number,
    message: string,
    readonly serviceReason: string | undefined,
  ) {
    super(message);
    this.statusCode = status;
    this.reason = serviceReason;
    this.exitCode = exitCodeForStatus(status);
  }
}

export function exitCodeForStatus(status: number): number {
  if (status === 400) return ExitCode.usage;
  if (status === 401 || status === 403) return ExitCode.auth;
  if (status === 404) return ExitCode.notFound;
  if (status === 429) return ExitCode.rateLimited;
  return ExitCode.failure;
}

/** What went wrong on the way, as the transport saw it; the command layer words the advice for each. */
export type NetworkFailure = 'refused' | 'dns' | 'connect-timeout' | 'timeout' | 'reset' | 'tls' | 'other';

/** Connection refused or reset, DNS failure, timeout, TLS failure. */
export class NetworkError extends SvcError {
  readonly exitCode = ExitCode.network;
  constructor(
    message: string,
    hint: string | undefined,
    readonly failure: NetworkFailure = 'other',
  ) {
    super(message, hint);
  }
}

/** A body that is not JSON, or not the shape the CLI relies on. */
export class ResponseShapeError extends SvcError {
  readonly exitCode = ExitCode.failure;
  /** The body was larger than svc reads: the base URL may name another server. */
  oversized = false;
}

/** An id that cannot be put in a path safely (the client's last line of defence; commands check ids first). */
export class UnsafeIdError extends SvcError {
  readonly exitCode = ExitCode.usage;
}

/**
 * stdout could not be written. The reader leaving (EPIPE, `svc ... | head -1`) ends the command quietly with 0; any
 * other failure (a full disk, an I/O error) is a failed command like any other.
 */
export class OutputError extends SvcError {
  readonly exitCode: number;
  constructor(override readonly cause: NodeJS.ErrnoException) {
    super(`cannot write to stdout: ${describeSystemError(cause)}`);
    this.exitCode = cause.code === 'EPIPE' ? ExitCode.ok : ExitCode.failure;
  }
}

/** "no space left on device (ENOSPC)" from node's "ENOSPC: no space left on device, write" (or "write EPIPE"). */
export function describeSystemError(error: NodeJS.ErrnoException): string {
  const match = /^[A-Z0-9_]+: (.+?)(?:, \w+)?$/.exec(error.message);
  if (match && error.code) return `${match[1]} (${error.code})`;
  // Sockets and pipes say only "write EPIPE".
  if (error.code === 'EPIPE') return 'the reading end was closed (EPIPE)';
  return error.code ?? error.message;
}

/**
 * A file named on the command line that could not be read, as a usage error naming its flag: the common causes in
 * plain words, the rest as the system says them. `terminal` says what to do instead when the path is a terminal.
 */
export function unreadableFileError(
  flag: string,
  path: string,
  error: unknown,
  words: { terminal: string; tooLarge?: string },
): UsageError {
  const failure = error as NodeJS.ErrnoException;
  const plain: Record<string, string | undefined> = {
    ENOENT: 'no such file',
    EISDIR: 'is a folder',
    EACCES: 'permission denied',
    ETERMINAL: words.terminal,
    ETOOLARGE: words.tooLarge,
  };
  const why = plain[failure.code ?? ''] ?? (failure.code ? describeSystemError(failure) : failure.message);
  return new UsageError(`${flag} ${path}: cannot read it (${why})`);
}

/**
 * The service accepted a change, but its answer could not be printed. Not a failed change: the message names what
 * was changed, and the hint says why the command must not simply be run again.
 */
export class UnshownChangeError extends SvcError {
  readonly exitCode = ExitCode.failure;
  constructor(done: string, output: OutputError, notAgain: string) {
    super(`${done}, but the answer was lost: ${output.message}`, notAgain);
  }
}

/** jq (--jq) stopped with an error on the JSON it was given. */
export class FilterError extends SvcError {
  readonly exitCode = ExitCode.failure;
}

/** Ctrl-C or SIGTERM. */
export class InterruptedError extends SvcError {
  constructor(readonly exitCode: number) {
    super('interrupted');
  }
}
