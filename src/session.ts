// From settings to ready clients: the key checks of the contract happen here, before any request.
import { AuthError, UsageError } from './errors.js';
import { ServiceClient } from './api/client.js';
import { EmulatorControlClient } from './api/emulator-control.js';
import type { TransportOptions } from './api/http.js';
import type { GlobalOptions } from './globals.js';
import type { IO } from './io.js';
import { runningEmulators } from './settings/emulator-records.js';
import { isLoopbackHost, resolveSettings } from './settings/resolve.js';
import type { Sourced } from './settings/resolve.js';

export interface SessionInputs {
  io: IO;
  globals: GlobalOptions;
  interrupt: AbortSignal;
  version: string;
}

/** The clients a context hands out, made lazily and closed together when the command is done. */
export class Session {
  private readonly open: Array<{ close(): Promise<void> }> = [];

  constructor(private readonly inputs: SessionInputs) {}

  client({ needsKey }: { needsKey: boolean }): ServiceClient {
    const { globals, io } = this.inputs;
    const settings = resolveSettings({ profile: globals.profile, baseUrl: globals.baseUrl }, io.env);
    const apiKey = settings.apiKey?.value;
    if (needsKey && !apiKey) {
      const configSet = `svc config set api-key${settings.profile.value === 'default' ? '' : ' --profile ' + settings.profile.value}`;
      throw new AuthError(
        'no API key: this command needs one',
        isEmulatorBaseUrl(settings.baseUrl, io.env)
          ? `the local emulator takes any key: export SVC_API_KEY=dev (or store one: ${configSet})`
          : `set SVC_API_KEY, or run: ${configSet}`,
      );
    }
    if (apiKey && /[^\x21-\x7e]/.test(apiKey)) {
      throw new AuthError(
        `the API key (from ${settings.apiKey!.source === 'env' ? 'SVC_API_KEY' : `profile "${settings.profile.value}"`}) holds spaces, control or non-ASCII characters, so it cannot be sent in a header`,
        'set it again without them: svc config set api-key',
      );
    }
    const url = new URL(settings.baseUrl.value);
    if (apiKey && url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
      throw new UsageError(
        `refusing to send the API key over plain http to ${url.host}: anyone on the way could read it`,
        `use an https:// base URL (its source: ${settings.baseUrl.source})`,
      );
    }
    return this.track(
      new ServiceClient({ ...this.transportOptions(settings.baseUrl.value), apiKey, apiKeyHeader: settings.apiKeyHeader.value }),
    );
  }

  async emulatorControl(): Promise<EmulatorControlClient> {
    const { globals, io } = this.inputs;
    const settings = resolveSettings({ profile: globals.profile, baseUrl: globals.baseUrl }, io.env);
    let baseUrl = settings.baseUrl.value;
    // No base URL set anywhere: the one emulator this user runs, wherever it listens, rather than the default port.
    if (settings.baseUrl.source === 'default') {
      const { runningEmulators } = await import('./settings/emulator-records.js');
      const running = runningEmulators(io.env);
      if (running.length === 1) baseUrl = running[0]!.url;
    }
    return this.track(new EmulatorControlClient(this.transportOptions(baseUrl)));
  }

  async close(): Promise<void> {
    await Promise.all(this.open.splice(0).map((client) => client.close()));
  }

  private transportOptions(baseUrl: string): TransportOptions {
    const { globals, io, interrupt, version } = this.inputs;
    return {
      baseUrl,
      timeoutMs: globals.timeoutMs,
      retries: globals.retries,
      userAgent: `svc/${version} node/${process.version}`,
      onExchange: globals.verbose ? (line) => io.warn(`* ${line}`) : undefined,
      interrupt,
    };
  }

  private track<T extends { close(): Promise<void> }>(client: T): T {
    this.open.push(client);
    return client;
  }
}

/**
 * Whether the base URL leads to an emulator: the built-in one (the emulator's address), or a loopback address with
 * the port of an emulator this user runs (its record, its process alive). A user new to svc meets the missing key
 * there first, and the emulator takes any key.
 */
function isEmulatorBaseUrl(baseUrl: Sourced<string>, env: NodeJS.ProcessEnv): boolean {
  if (baseUrl.source === 'default') return true;
  const url = new URL(baseUrl.value);
  if (url.pathname !== '/' || !isLoopbackHost(url.hostname)) return false;
  const port = Number(url.port || 80);
  return runningEmulators(env).some((record) => record.port === port);
}
