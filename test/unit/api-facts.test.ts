// The service layer raises facts (a refused connection, a time-out, a status, a body too large, an unsafe id) and
// names no command or flag; the command layer (commands/shared/hints.ts) words the advice for each.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../src/api/client.js';
import { EmulatorControlClient } from '../../src/api/emulator-control.js';
import { ApiError, NetworkError, UnsafeIdError } from '../../src/errors.js';
import type { SvcError } from '../../src/errors.js';
import { controlApiAdvice, withAdvice } from '../../src/commands/shared/hints.js';
import { errorBody, startTestServer } from '../helpers/test-server.js';
import type { TestServer } from '../helpers/test-server.js';

const COMMAND_WORDS = /\bsvc [a-z]|--[a-z]/;
const ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';

function client(baseUrl: string, timeoutMs = 5_000): ServiceClient {
  return new ServiceClient({ baseUrl, apiKey: 'key-facts-0001', timeoutMs, retries: 0, userAgent: 'svc-test' });
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('the request should have failed'),
    (error: unknown) => error,
  );
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('the client raises facts, with no command or flag in them', () => {
  it('a refused connection: NetworkError of failure "refused", no hint', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(client(`http://127.0.0.1:${port}`).listTransactions({}));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).failure).toBe('refused');
    expect((error as NetworkError).hint).toBeUndefined();
    expect((withAdvice(error) as NetworkError).hint).toBe('is the service running? For the local emulator: svc emulator start');
  });

  it('a stall past the time limit: failure "timeout"; the advice names --timeout', async () => {
    server.respond([{ fault: 'stall' }]);
    const error = await failure(client(server.url, 200).listTransactions({}));
    expect((error as NetworkError).failure).toBe('timeout');
    expect((error as NetworkError).hint).toBeUndefined();
    expect((withAdvice(error) as NetworkError).hint).toBe('raise the limit with --timeout <seconds>');
  });

  it.each([
    [401, 'check the API key: svc config get api-key (SVC_API_KEY wins over the config store)'],
    [429, 'rate limited: wait a little, or raise --retries'],
  ])('HTTP %i: an ApiError with its status and no hint from the client; the command layer advises', async (status, advice) => {
    server.respond([errorBody(status)]);
    const error = await failure(client(server.url).listTransactions({}));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(status);
    expect((error as ApiError).hint ?? '').not.toMatch(COMMAND_WORDS);
    expect((withAdvice(error) as ApiError).hint).toBe(advice);
  });

  it('HTTP 429 to a request sent without a key: the advice says a key gets higher limits (not when one was sent)', async () => {
    server.respond([errorBody(429)]);
    const keyless = new ServiceClient({ baseUrl: server.url, timeoutMs: 5_000, retries: 0, userAgent: 'svc-test' });
    const error = (await failure(keyless.listTransactions({}))) as ApiError;
    expect(error.keySent).toBe(false);
    expect((withAdvice(error) as ApiError).hint).toBe(
      'rate limited: wait a little, or raise --retries; requests with an API key get higher limits: svc config set api-key',
    );
  });

  it("an operation's own hint comes first and names no command", async () => {
    server.respond([errorBody(404)]);
    const error = (await failure(client(server.url).getWebhook('abc'))) as ApiError;
    expect(error.hint).toBe('check the webhook id; a webhook is visible only to the key that created it');
    expect((withAdvice(error) as ApiError).hint).toBe(error.hint);
  });

  it("the control API's at-most-once operations say what to check when the outcome is unknown, naming no command", async () => {
    const control = new EmulatorControlClient({ baseUrl: server.url, timeoutMs: 5_000, retries: 0, userAgent: 'svc-test' });
    try {
      server.respond([errorBody(500), errorBody(502)]);
      const injected = await failure(control.injectTransaction({ chainId: '43113', from: ADDRESS }));
      const redelivered = await failure(control.redeliver('3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60'));
      for (const error of [injected, redelivered] as SvcError[]) {
        expect(error.outcomeUnknown).toBe(true);
        expect(error.hint).toMatch(/^the outcome is unknown: .*; check /);
        expect(error.hint).not.toMatch(COMMAND_WORDS);
        expect(error.hint).not.toMatch(/curl|_emulator/);
      }
    } finally {
      await control.close();
    }
  });

  it('a 404 from the control API: the advice says the base URL may not be the emulator', () => {
    const error = controlApiAdvice(new ApiError(404, 'not found', 'Not Found')) as ApiError;
    expect(error.hint).toMatch(/Only `svc emulator start` has the control API/);
  });

  it('an id that would reach another route: UnsafeIdError (exit 2), nothing sent', async () => {
    const before = server.requests.length;
    const error = await failure(client(server.url).getWebhook('../transactions'));
    expect(error).toBeInstanceOf(UnsafeIdError);
    expect((error as UnsafeIdError).exitCode).toBe(2);
    expect(server.requests.length).toBe(before);
  });
});
