// Input under hostile conditions: a blocking read (a FIFO nobody writes, a stdin that never ends) yields to Ctrl-C
// and SIGTERM promptly; a mixed-case address whose EIP-55 checksum is wrong is a typo, refused with exit 2
// before any request, while all-lowercase and all-uppercase addresses stay accepted.
import { describe, expect, it, vi } from 'vitest';
import { execa } from 'execa';
import fc from 'fast-check';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toChecksumAddress } from '../../src/evm/address.js';
import { readInputFile } from '../../src/io.js';
import { InterruptedError } from '../../src/errors.js';
import { BIN, isolatedEnv, REPO_ROOT, runInProcess, PROMPT_STOP_MS } from '../helpers/cli.js';
import { makeWebhook } from '../helpers/fixtures.js';
import { json, useRecordingServer } from '../helpers/test-server.js';

const KEY = 'sk_test_input_4b8e2f6a19';
const CHECKSUMMED = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
/** The same address with one letter's case flipped: still mixed case, no longer its checksum. */
const TYPO = '0x71c7656EC7ab88b098defB751B7401B5f6d8976F';
const CREATE = ['webhook', 'create', '--url', 'https://hooks.example.com/svc', '--chain-id', '43113'];

const server = useRecordingServer(() => (request) => {
  if (request.path === '/v1/webhooks') return json(makeWebhook(), 201);
  return json({ txHash: `0x${'ab'.repeat(32)}`, messageIds: [] });
});

function fifo(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'svc-fifo-')), 'addresses');
  execFileSync('mkfifo', [path]);
  return path;
}

/**
 * Whether the process is blocked on what it reads: `path` open (the FIFO), or else fd 0 in its epoll set (a read of
 * stdin started). Under load, start-up alone can take longer than any fixed wait, and node's own start-up handlers
 * for SIGINT and SIGTERM would end it with the signal, not with svc's exit code.
 */
function isBlocked(pid: number, path: string | undefined): boolean {
  const fds = `/proc/${pid}/fd`;
  try {
    return readdirSync(fds).some((fd) => {
      try {
        if (path !== undefined) return readlinkSync(`${fds}/${fd}`) === path;
        return (
          readlinkSync(`${fds}/${fd}`) === 'anon_inode:[eventpoll]' &&
          /^tfd:\s+0\s/m.test(readFileSync(`/proc/${pid}/fdinfo/${fd}`, 'utf8'))
        );
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

/** Starts svc, sends the signal once it is blocked on `blockedOn` (or stdin), and times how long it takes to end. */
async function signalWhileBlocked(args: string[], signal: NodeJS.Signals, options: { stdin?: 'pipe'; blockedOn?: string } = {}) {
  const child = execa('node', [BIN, ...args], {
    env: isolatedEnv({ baseUrl: server.url, apiKey: KEY }),
    extendEnv: false,
    reject: false,
    cwd: REPO_ROOT,
    timeout: 15_000,
    // A stdin pipe that stays open: its writer never writes and never closes.
    stdin: options.stdin ?? 'ignore',
  });
  const waitingSince = performance.now();
  while (!isBlocked(child.pid!, options.blockedOn) && performance.now() - waitingSince < 10_000) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const signalledAt = performance.now();
  child.kill(signal);
  const result = await child;
  return { exitCode: result.exitCode, stderr: String(result.stderr), stopMs: performance.now() - signalledAt };
}

// Each read (a FIFO, stdin) under one signal: which signal gives which exit code does not depend on what is read
// (SIGINT's 130 and SIGTERM's 143 are the interrupts test's, during requests), and an interrupt rejects a FIFO's
// wait with its reason, whatever it is (readInputFile's test below).
describe('a blocking read yields to a signal', () => {
  it('--addresses-file naming a FIFO nobody writes: SIGINT ends it promptly (exit 130), no request', async () => {
    const path = fifo();
    const result = await signalWhileBlocked([...CREATE, '--addresses-file', path], 'SIGINT', { blockedOn: path });
    expect(result.exitCode).toBe(130);
    expect(result.stopMs).toBeLessThan(PROMPT_STOP_MS);
    expect(result.stderr).not.toMatch(/Error|at /);
    expect(server.requests).toHaveLength(0);
  });

  it('--addresses-file - with a stdin that never ends: SIGTERM ends it promptly (exit 143), no request', async () => {
    const result = await signalWhileBlocked([...CREATE, '--addresses-file', '-'], 'SIGTERM', { stdin: 'pipe' });
    expect(result.exitCode).toBe(143);
    expect(result.stopMs).toBeLessThan(PROMPT_STOP_MS);
    expect(result.stderr).not.toMatch(/Error|at /);
    expect(server.requests).toHaveLength(0);
  });

  it('a FIFO whose writer comes later is waited for and read whole (in-process: the same read as the process)', async () => {
    const path = fifo();
    const writer = execa('bash', ['-c', `sleep 0.5; printf '%s\\n# a comment\\n%s\\n' ${CHECKSUMMED} 0x${'22'.repeat(20)} > ${path}`]);
    const result = await runInProcess([...CREATE, '--addresses-file', path], { baseUrl: server.url, apiKey: KEY });
    await writer;
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(server.requests[0]!.body).metadata.addresses).toEqual([CHECKSUMMED, `0x${'22'.repeat(20)}`]);
  });

  it('a process substitution, <(...), is read as a file', async () => {
    const result = await execa('bash', ['-c', `node ${BIN} ${CREATE.join(' ')} --addresses-file <(echo ${CHECKSUMMED})`], {
      env: isolatedEnv({ baseUrl: server.url, apiKey: KEY }),
      extendEnv: false,
      reject: false,
      timeout: 15_000,
    });
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(server.requests[0]!.body).metadata.addresses).toEqual([CHECKSUMMED]);
  });

  it('readInputFile: an interrupt rejects a wait on a FIFO with its reason', async () => {
    const interrupts = new AbortController();
    const reading = readInputFile(fifo(), interrupts.signal);
    const reason = new InterruptedError(143);
    setTimeout(() => interrupts.abort(reason), 50);
    await expect(reading).rejects.toBe(reason);
  });

  it.each([
    ['a folder', () => mkdtempSync(join(tmpdir(), 'svc-dir-')), /is a folder/],
    ['a missing file', () => join(tmpdir(), 'svc-no-such-file-3b1f'), /no such file/],
  ])('--addresses-file naming %s: exit 2 saying why', async (_name, path, why) => {
    const result = await runInProcess([...CREATE, '--addresses-file', path()], { baseUrl: server.url, apiKey: KEY });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(why);
    expect(server.requests).toHaveLength(0);
  });
});

describe('EIP-55: a mixed-case address with a wrong checksum is a typo', () => {
  it.each([
    ['checksummed', CHECKSUMMED],
    ['all lowercase', CHECKSUMMED.toLowerCase()],
    ['all uppercase', '0x' + CHECKSUMMED.slice(2).toUpperCase()],
    ['digits only', `0x${'12'.repeat(20)}`],
  ])('%s is accepted and sent as given', async (_name, address) => {
    const result = await runInProcess([...CREATE, '--address', address], { baseUrl: server.url, apiKey: KEY });
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(server.requests[0]!.body).metadata.addresses).toEqual([address]);
  });

  it.each([
    ['--address', [...CREATE, '--address', TYPO], `--address "${TYPO}"`],
    ['--address, in a comma list', [...CREATE, '--address', `${CHECKSUMMED},${TYPO}`], `--address "${TYPO}"`],
    ['emulator trigger --from', ['emulator', 'trigger', '--chain-id', '43113', '--from', TYPO], `--from "${TYPO}"`],
    ['emulator trigger --to', ['emulator', 'trigger', '--chain-id', '43113', '--to', TYPO], `--to "${TYPO}"`],
    [
      'emulator trigger --erc20',
      ['emulator', 'trigger', '--chain-id', '43113', '--erc20', `${CHECKSUMMED}:${TYPO}:1`],
      `--erc20 to "${TYPO}"`,
    ],
    ['emulator trigger --log', ['emulator', 'trigger', '--chain-id', '43113', '--log', TYPO], `--log address "${TYPO}"`],
  ])('%s: exit 2 naming the flag and the address, no request', async (_name, args, named) => {
    const result = await runInProcess(args, { baseUrl: server.url, apiKey: KEY });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(
      `svc: ${named}: its mixed case is an EIP-55 checksum, and it does not match: a typo? check the address where it came from\n`,
    );
    expect(server.requests).toHaveLength(0);
  });

  it('in an --addresses-file: exit 2 naming the file and the line', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'svc-addresses-')), 'watch.txt');
    writeFileSync(path, `# treasury\n${CHECKSUMMED}\n\n${TYPO}\n`);
    const result = await runInProcess([...CREATE, '--addresses-file', path], { baseUrl: server.url, apiKey: KEY });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`^svc: --addresses-file ${path} line 4: "${TYPO}": its mixed case is an EIP-55 checksum`));
    expect(server.requests).toHaveLength(0);
  });

  it('any address: its checksum form passes; flipping the case of any one letter of it is refused', async () => {
    const { checkChecksums } = await import('../../src/given-address.js');
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.nat(39), async (bytes, at) => {
        const checksummed = toChecksumAddress('0x' + Buffer.from(bytes).toString('hex'));
        await expect(checkChecksums([{ address: checksummed, origin: '--address' }])).resolves.toBeUndefined();
        const character = checksummed[2 + at]!;
        if (!/[a-fA-F]/.test(character)) return;
        const flipped = character === character.toLowerCase() ? character.toUpperCase() : character.toLowerCase();
        const typo = checksummed.slice(0, 2 + at) + flipped + checksummed.slice(3 + at);
        const hex = typo.slice(2);
        // One letter flipped may leave the address all one case: then it carries no checksum and passes.
        const mixed = /[a-f]/.test(hex) && /[A-F]/.test(hex);
        const check = checkChecksums([{ address: typo, origin: '--address' }]);
        if (mixed) await expect(check).rejects.toThrow(/EIP-55/);
        else await expect(check).resolves.toBeUndefined();
      }),
      // A planted check of only the first half of the address failed by run 15 in each of 5 tries: 100 runs, not 300.
      { numRuns: 100 },
    );
  });

  it('keccak is loaded only when a mixed-case address is present', async () => {
    // A fresh copy of given-address (the query makes it a module of its own) and a mock that counts the loads of the
    // address module, instead of vi.resetModules(), which would empty the module cache that a worker's test files
    // share (isolate: false) for whichever file comes next.
    let loads = 0;
    vi.doMock('../../src/evm/address.js', async (original) => {
      loads++;
      return original();
    });
    try {
      const { checkChecksums } = (await import(
        // @ts-expect-error -- the query is for the module loader, not a file of its own.
        '../../src/given-address.js?keccak-loads'
      )) as typeof import('../../src/given-address.js');
      await checkChecksums([
        { address: CHECKSUMMED.toLowerCase(), origin: '--address' },
        { address: '0x' + CHECKSUMMED.slice(2).toUpperCase(), origin: '--address' },
      ]);
      expect(loads).toBe(0);
      await checkChecksums([{ address: CHECKSUMMED, origin: '--address' }]);
      expect(loads).toBe(1);
    } finally {
      vi.doUnmock('../../src/evm/address.js');
    }
  });
});
