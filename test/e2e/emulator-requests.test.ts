// Which requests the emulator serves and how it refuses the others (src/emulator/client-error.ts), over real HTTP:
// a request line over node's limit is answered 400 with the error body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { call, startTestEmulator } from '../helpers/emulator-helpers.js';
import { runInProcess } from '../helpers/cli.js';

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.close());

describe('a request line and headers over node’s limit', () => {
  const token = 'x'.repeat(100 * 1024);

  it('is answered 400 with the error body, not a bare 431', async () => {
    const answer = await call(emulator.url, 'GET', `/v1/transactions?pageToken=${token}`);
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(answer.body.message).toMatch(/^the request line and headers must be at most \d+ bytes together/);
  });

  it('svc tx list --page-token <100 KB>: exit 2 with the emulator’s message', async () => {
    const result = await runInProcess(['tx', 'list', '--page-token', token], { baseUrl: emulator.url });
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^svc: the request line and headers must be at most \d+ bytes together.* \(400 Bad Request\)\n/);
  });
});
