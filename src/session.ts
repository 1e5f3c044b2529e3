// From settings to a ready client: the key checks of the contract happen here, before any request.
import { AuthError, UsageError } from './errors.js';
import { ServiceClient } from './api/client.js';
import type { CommandContext } from './context.js';
import { isLoopbackHost, resolveSettings } from './settings/resolve.js';

export function connect(context: CommandContext, { needsKey }: { needsKey: boolean }): ServiceClient {
  const { globals, io } = context;
  const settings = resolveSettings({ profile: globals.profile, baseUrl: globals.baseUrl }, io.env);
  const apiKey = settings.apiKey?.value;
  if (needsKey && !apiKey) {
    throw new AuthError(
      'no API key: this command needs one',
      `set SVC_API_KEY, or run: svc config set api-key${settings.profile.value === 'default' ? '' : ' --profile ' + settings.profile.value}`,
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
  return new ServiceClient({
    baseUrl: settings.baseUrl.value,
    apiKey,
    timeoutMs: globals.timeoutMs,
    retries: globals.retries,
    userAgent: `svc/${context.version} node/${process.version}`,
    onExchange: globals.verbose ? (line) => io.warn(`* ${line}`) : undefined,
    interrupt: context.interrupt,
  });
}
