// The service layer raises facts (a refused connection, a time-out, a status, a body too large, an unsafe id) and
// names no command or flag; the command layer (commands/shared/hints.ts) words the advice for each.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../src/api/client.js';
import { ApiError, NetworkError, UnsafeIdError } from '../../src/errors.js';
import { controlApiAdvice, withAdvice } from '../../src/commands/shared/hints.js';
import { errorBody, startTestServer } from '../helpers/test-server.js';
import type { TestServer } from '../helpers/test-server.js';

const COMMAND_WORDS = /\bsvc [a-z]|--[a-z]/;

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
    [429, 'rate limited: wait a little, or raise --retries; requests with an API key get higher limits'],
  ])('HTTP %i: an ApiError with its status and no hint from the client; the command layer advises', async (status, advice) => {
    server.respond([errorBody(status)]);
    const error = await failure(client(server.url).listTransactions({}));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(status);
    expect((error as ApiError).hint ?? '').not.toMatch(COMMAND_WORDS);
    expect((withAdvice(error) as ApiError).hint).toBe(advice);
  });

  it("an operation's own hint comes first and names no command", async () => {
    server.respond([errorBody(404)]);
    const error = (await failure(client(server.url).getWebhook('abc'))) as ApiError;
    expect(error.hint).toBe('check the webhook id; a webhook is visible only to the key that created it');
    expect((withAdvice(error) as ApiError).hint).toBe(error.hint);
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
