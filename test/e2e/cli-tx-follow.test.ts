// `svc tx list --follow` as a process: a reader that leaves (| head -3) ends it quietly, SIGINT ends it with 130 and
// the count. SIGTERM's 143 and the count (SIGTERM reaches the CLI as an interrupt in the interrupts and
// input-hardening processes) and a bad --interval, refused before any request, run in-process.
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { BIN, isolatedEnv, runInProcess } from '../helpers/cli.js';
import { makeTransaction } from '../helpers/fixtures.js';
import { json, useRecordingServer } from '../helpers/test-server.js';

const server = useRecordingServer();

/** A listing that has one more transaction at every request, newest first. */
function growingListing() {
  let count = 10;
  return () => {
    count++;
    const transactions = Array.from({ length: Math.min(count, 100) }, (_, i) => {
      const n = count - i;
      return makeTransaction({ txHash: '0x' + n.toString(16).padStart(64, '0'), blockTimestampMilliseconds: 1_700_000_000_000 + n });
    });
    return json({ transactions });
  };
}

describe('svc tx list --follow: the process', () => {
  it('| head -3 ends it quietly with exit 0', async () => {
    server.respond(growingListing());
    const script = `set -o pipefail; node ${JSON.stringify(BIN)} tx list --follow --interval 0.5 | head -3; echo "status=$?"`;
    const result = await execa('bash', ['-c', script], {
      env: isolatedEnv({ baseUrl: server.url }),
      extendEnv: false,
      reject: false,
      timeout: 15_000,
    });
    const lines = String(result.stdout).split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('status=0');
    expect(String(result.stderr)).toBe('');
  });

  it('SIGINT → exit 130 and how many transactions were shown, on stderr', async () => {
    server.respond(growingListing());
    const child = execa('node', [BIN, 'tx', 'list', '--follow', '--interval', '0.5'], {
      env: isolatedEnv({ baseUrl: server.url }),
      extendEnv: false,
      reject: false,
      timeout: 15_000,
      stripFinalNewline: false,
    });
    let stdout = '';
    await new Promise<void>((resolve) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        // The first page and at least one new transaction.
        if (stdout.split('\n').length > 11) resolve();
      });
    });
    child.kill('SIGINT');
    const result = await child;
    expect(result.exitCode).toBe(130);
    const shown = String(result.stdout).split('\n').filter(Boolean).length;
    expect(String(result.stderr)).toBe(`svc: ${shown} transactions shown\n`);
  });

  it('in-process, interrupted as SIGTERM does → exit 143 and how many transactions were shown, on stderr', async () => {
    server.respond(growingListing());
    const [{ runCommandLine, ioFlags }, { createTestIO }, { InterruptedError }] = await Promise.all([
      import('../../src/cli.js'),
      import('../helpers/test-io.js'),
      import('../../src/errors.js'),
    ]);
    const args = ['tx', 'list', '--follow', '--interval', '0.5'];
    const io = createTestIO({ env: isolatedEnv({ baseUrl: server.url }), ...ioFlags(args) });
    const interrupts = new AbortController();
    // The first page and at least one new transaction, then the interrupt SIGTERM raises.
    const rows = () => io.stdout().split('\n').filter(Boolean).length;
    const following = runCommandLine(['node', 'svc', ...args], {
      io: {
        ...io,
        async write(text) {
          await io.write(text);
          if (rows() > 11) interrupts.abort(new InterruptedError(143));
        },
      },
      interrupt: interrupts.signal,
    });
    expect(await following).toBe(143);
    expect(io.stderr()).toBe(`svc: ${rows()} transactions shown\n`);
  });

  it('--interval below 0.5 → exit 2 naming the flag and the rule, no request (in-process)', async () => {
    const result = await runInProcess(['tx', 'list', '--follow', '--interval', '0.25'], { baseUrl: server.url });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe('svc: --interval "0.25": must be a number of seconds from 0.5 to 3600 (decimals allowed, e.g. 1.5)\n');
    expect(server.requests).toHaveLength(0);
  });
});
