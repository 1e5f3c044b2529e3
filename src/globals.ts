// The global options of every invocation, as parsed once by src/cli.ts: their own module, so the context and the
// session it loads lazily both read them without importing each other.
export interface GlobalOptions {
  baseUrl?: string;
  profile?: string;
  json: boolean;
  timeoutMs: number;
  retries: number;
  verbose: boolean;
  quiet: boolean;
}
