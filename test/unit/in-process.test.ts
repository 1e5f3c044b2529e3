// The in-process seam: the CLI run through runCommandLine with a test IO, as the fast tests use it.
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli.js';
import { json, useRecordingServer } from '../helpers/test-server.js';

const server = useRecordingServer(() => [json({ transactions: [], nextPageToken: '' })]);

describe('runInProcess', () => {
  it('parses, runs and reports as the process does: usage errors exit 2 with no request', async () => {
    const result = await runInProcess(['tx', 'list', '--page-size', '0'], { baseUrl: server.url });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe('svc: --page-size "0": must be an integer from 1 to 100\n');
    expect(server.requests).toHaveLength(0);
  });

  it('sends the request a command makes and prints to its own stdout', async () => {
    const result = await runInProcess(['tx', 'list', '--json', '--network', 'fuji'], { baseUrl: server.url });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('{"transactions":[],"nextPageToken":""}\n');
    expect(server.requests.map((request) => request.rawUrl)).toEqual(['/v1/transactions?network=fuji']);
  });

  it('interrupts a stalled command after its timeout, as SIGTERM would', async () => {
    server.respond([{ fault: 'stall' }]);
    const result = await runInProcess(['tx', 'list'], { baseUrl: server.url, timeout: 300 });
    expect(result.exitCode).toBe(143);
  });
});
