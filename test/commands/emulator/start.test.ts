// `svc emulator start` in the foreground: its run, called directly (the emulator runs in this process): the record
// it takes and marks as stopping, what it says while it shuts down, a port or record already taken, and where its
// inspector page is served, if anywhere.
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { buildProgram } from '../../../src/cli.js';
import { childArguments } from '../../../src/commands/emulator/detach.js';
import { parseEmulatorStartOptions, run } from '../../../src/commands/emulator/start.js';
import type { EmulatorStartFlags } from '../../../src/commands/emulator/start.js';
import { InterruptedError, LocalError } from '../../../src/errors.js';
import { givenCommandLine } from '../../../src/commands/shared/command-line.js';
import { currentProcessProof } from '../../../src/process-proof.js';
import { freshConfigDir } from '../../helpers/cli.js';
import { writeRecord } from '../../helpers/emulator-records.js';
import { API_KEY, call, startReceiver, webhookBody } from '../../helpers/emulator-helpers.js';
import { createTestContext } from '../../helpers/test-context.js';

function flags(overrides: Partial<EmulatorStartFlags> = {}): EmulatorStartFlags {
  return {
    port: '0',
    host: '127.0.0.1',
    blockTime: '0',
    apiKey: [],
    readOnlyKey: [],
    rateLimit: '0',
    faultRate: '0',
    latency: '0',
    retrySchedule: 'fast',
    ...overrides,
  };
}

/** Starts the emulator through the command; resolves once it printed its URL, with what stops it. */
async function startCommand(configDir: string, overrides: Partial<EmulatorStartFlags> = {}, verbose = false) {
  const interrupts = new AbortController();
  const test = createTestContext({ configDir, interrupt: interrupts.signal, globals: { verbose } });
  const ended = run(parseEmulatorStartOptions(flags(overrides)), test.context).catch((caught: unknown) => caught);
  const url = await vi.waitFor(
    async () => {
      const first = test.io.stdout().split('\n')[0];
      if (first) return first;
      const outcome = await Promise.race([ended, Promise.resolve('running')]);
      if (outcome !== 'running') throw new Error(`ended: ${String(outcome)} ${test.io.stderr()}`);
      throw new Error('not listening yet');
    },
    { timeout: 10_000, interval: 10 },
  );
  return {
    ...test,
    url,
    port: Number(new URL(url).port),
    stop: async () => {
      interrupts.abort(new InterruptedError(143));
      const outcome = await ended;
      await test.close();
      return outcome;
    },
  };
}

async function freePort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, server };
}

describe('emulator start: run, in the foreground', () => {
  it('records itself with its pid and start; on the signal it marks the record stopping, says so, and says where its state is', async () => {
    const configDir = freshConfigDir();
    const dataDir = join(mkdtempSync(join(tmpdir(), 'svc-data-')), 'state');
    const started = await startCommand(configDir, { dataDir });
    const file = join(configDir, 'emulators', `${started.port}.json`);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      pid: process.pid,
      proof: currentProcessProof(),
      url: started.url,
      dataDir,
      logFile: null,
    });
    // What `svc emulator stop` reads while it shuts down: seen as the "Stopping" line is printed (it is marked first).
    let recordWhileStopping: any;
    const warn = started.io.warn;
    started.io.warn = (line: string) => {
      if (line.startsWith('Stopping')) recordWhileStopping = JSON.parse(readFileSync(file, 'utf8'));
      warn(line);
    };
    expect(await started.stop()).toBeInstanceOf(InterruptedError);
    expect(Date.parse(recordWhileStopping.stoppingSince)).not.toBeNaN();
    expect(recordWhileStopping).toMatchObject({ pid: process.pid, url: started.url });
    expect(started.io.stderr()).toContain(
      `Stopping the emulator at ${started.url}: writing its state to ${dataDir}\n` +
        `Stopped the emulator at ${started.url}; its state is kept in ${dataDir}\n`,
    );
    expect(existsSync(file)).toBe(false);
  });

  it('a port where your own emulator listens: said so, with its pid and how to see it', async () => {
    const configDir = freshConfigDir();
    const first = await startCommand(configDir);
    const { context, io, close } = createTestContext({ configDir });
    const error = await run(parseEmulatorStartOptions(flags({ port: String(first.port) })), context).catch((caught: unknown) => caught);
    await close();
    expect(error).toBeInstanceOf(LocalError);
    expect((error as LocalError).message).toBe(
      `port ${first.port} on 127.0.0.1 is in use by your emulator at ${first.url} (pid ${process.pid})`,
    );
    expect((error as LocalError).hint).toContain('svc emulator status shows it');
    expect(io.stdout()).toBe('');
    await first.stop();
  });

  it('a record file that holds garbage on its port is never written over, and the start says so (served, not recorded)', async () => {
    const configDir = freshConfigDir();
    const { port, server } = await freePort();
    const garbage = writeRecord(configDir, port, 'garbage');
    // The port taken as well: whose it is cannot be told.
    const { context, close } = createTestContext({ configDir });
    const error = await run(parseEmulatorStartOptions(flags({ port: String(port) })), context).catch((caught: unknown) => caught);
    await close();
    expect((error as LocalError).message).toBe(
      `port ${port} on 127.0.0.1 is in use; its emulator record ${garbage} cannot be read (it is not JSON), so whose it is cannot be told`,
    );
    await new Promise((resolve) => server.close(resolve));
    const started = await startCommand(configDir, { port: String(port) });
    expect(started.io.stderr()).toContain(
      `svc: the emulator record ${garbage} cannot be read (it is not JSON), so this emulator is not recorded: svc emulator status and stop will not find it\n` +
        `  if no other emulator of yours uses the port, remove the file: rm ${garbage}\n`,
    );
    expect(readFileSync(garbage, 'utf8')).toBe('garbage');
    await started.stop();
    expect(readFileSync(garbage, 'utf8')).toBe('garbage');
  });

  it('a port recorded for another live emulator of yours (another host, the same port): served, not recorded over it', async () => {
    const configDir = freshConfigDir();
    const { port, server } = await freePort();
    await new Promise((resolve) => server.close(resolve));
    const other = writeRecord(configDir, port, { pid: process.pid, proof: currentProcessProof(), url: `http://[::1]:${port}` });
    const before = readFileSync(other, 'utf8');
    const started = await startCommand(configDir, { port: String(port) });
    expect(started.io.stderr()).toContain(
      `svc: port ${port} is recorded for your emulator at http://[::1]:${port} (pid ${process.pid}), so this one is not`,
    );
    await started.stop();
    expect(readFileSync(other, 'utf8')).toBe(before);
  });

  it('--verbose (and always when detached): a line per request and per delivery attempt, without a URL password', async () => {
    const started = await startCommand(freshConfigDir(), {}, true);
    const receiver = await startReceiver();
    try {
      const hook = receiver.url.replace('http://', 'http://user:secret@');
      const watched = '0x71c7656ec7ab88b098defb751b7401b5f6d8976f';
      const created = await call(started.url, 'POST', '/v1/webhooks', {
        key: API_KEY,
        body: webhookBody({ url: hook, chainId: '43113', metadata: { addresses: [watched] } }),
      });
      expect(created.status).toBe(201);
      const injected = await call(started.url, 'POST', '/_emulator/transactions', { body: { chainId: '43113', from: watched } });
      const messageId = injected.body.messageIds[0];
      await receiver.waitFor(1);
      await vi.waitFor(() => expect(started.io.stderr()).toContain(`delivery ${messageId} attempt 1`), { timeout: 5_000 });
      const masked = receiver.url.replace('http://', 'http://***@').replace(/[.*]/g, '\\$&');
      expect(started.io.stderr()).toMatch(/^POST \/_emulator\/transactions 201 \d+ms$/m);
      expect(started.io.stderr()).toMatch(new RegExp(`^delivery ${messageId} attempt 1: POST ${masked} 200 \\d+ms, delivered$`, 'm'));
      expect(started.io.stderr()).not.toContain('secret');
    } finally {
      await receiver.close();
      await started.stop();
    }
  });
});

describe('emulator start: the inspector page', () => {
  /** The page's path as the emulator answers it: its HTML, or the error body. */
  const page = async (url: string, path: string) => {
    const response = await fetch(url + path);
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  };

  it('on loopback it is served at / and named on stderr; the status answer gives its path', async () => {
    const started = await startCommand(freshConfigDir());
    try {
      expect(started.io.stderr()).toContain(`  Inspector: ${started.url}/ (svc emulator open)\n`);
      const served = await page(started.url, '/');
      expect([served.status, served.type]).toEqual([200, 'text/html; charset=utf-8']);
      expect(served.text).toContain('<script type="module" src="/_inspector/app.js"></script>');
      expect((await call(started.url, 'GET', '/_emulator/status')).body.inspectorPath).toBe('/');
    } finally {
      await started.stop();
    }
  });

  it('--inspector-path: there alone (its files still under /_inspector/), the path without its "/" sent on', async () => {
    const started = await startCommand(freshConfigDir(), { inspectorPath: '/tools/inspector' });
    try {
      expect(started.io.stderr()).toContain(`  Inspector: ${started.url}/tools/inspector/ (svc emulator open)\n`);
      expect((await page(started.url, '/tools/inspector/')).status).toBe(200);
      expect((await page(started.url, '/_inspector/app.js')).type).toBe('text/javascript; charset=utf-8');
      const bare = await fetch(`${started.url}/tools/inspector`, { redirect: 'manual' });
      expect([bare.status, bare.headers.get('location')]).toEqual([308, '/tools/inspector/']);
      expect(await page(started.url, '/')).toMatchObject({ status: 404, text: expect.stringContaining('Cannot GET /') });
    } finally {
      await started.stop();
    }
  });

  it('--host beyond loopback: off unless --inspector asks for it, and stderr says how; --no-inspector: off anywhere', async () => {
    const wide = await startCommand(freshConfigDir(), { host: '0.0.0.0' });
    try {
      expect(wide.io.stderr()).toContain('  Inspector: off beyond loopback; --inspector serves it to browsers on this machine\n');
      expect((await page(wide.url, '/')).status).toBe(404);
      expect((await call(wide.url, 'GET', '/_emulator/status')).body.inspectorPath).toBeNull();
    } finally {
      await wide.stop();
    }
    const asked = await startCommand(freshConfigDir(), { host: '0.0.0.0', inspector: true });
    try {
      expect(asked.io.stderr()).toContain(`  Inspector: ${asked.url}/ (svc emulator open)\n`);
      expect((await page(asked.url, '/')).status).toBe(200);
    } finally {
      await asked.stop();
    }
    const off = await startCommand(freshConfigDir(), { inspector: false });
    try {
      expect(off.io.stderr()).not.toContain('Inspector');
      expect((await page(off.url, '/')).status).toBe(404);
    } finally {
      await off.stop();
    }
  });

  it.each([
    [{ inspectorPath: 'inspector' }, '--inspector-path "inspector": must be a path such as / or /inspector'],
    [{ inspectorPath: '/a/../b' }, '--inspector-path "/a/../b": must be a path such as / or /inspector'],
    [{ inspectorPath: '/a b' }, '--inspector-path "/a b": must be a path such as / or /inspector'],
    [{ inspectorPath: '/v1' }, `--inspector-path "/v1": /v1/ is the service's`],
    [{ inspectorPath: '/_emulator/ui' }, `--inspector-path "/_emulator/ui": /_emulator/ is the control API's`],
    [{ inspectorPath: '/ui', inspector: false }, '--inspector-path: the page is off (--no-inspector); give one or the other'],
  ])('refuses %o before it starts', (overrides, message) => {
    expect(() => parseEmulatorStartOptions(flags(overrides))).toThrow(message);
  });
});

/** `svc emulator start` as the program parsed `args` (its actions do nothing). */
async function parsedStart(args: string[]) {
  const program = await buildProgram(() => async () => {});
  await program.parseAsync(['node', 'svc', ...args]);
  return program.commands.find((command) => command.name() === 'emulator')!.commands.find((command) => command.name() === 'start')!;
}

describe('emulator start --detach: the copy the command starts itself', () => {
  it('is given every flag of the command line, whichever flag it is (read from the declaration), less --detach', async () => {
    const declared = (await parsedStart(['emulator', 'start'])).options.filter((option) => option.long !== '--detach');
    expect(declared.map((option) => option.long)).toContain('--keep-messages');
    // Every flag given, twice where it takes a value (a repeatable one keeps both), each value looking like a flag: only
    // --detach itself may be left out.
    const given = declared.flatMap((option) =>
      option.required ? [option.long!, '--detach', option.long!, `--${option.attributeName()}`] : [option.long!],
    );
    const parent = await parsedStart(['--verbose', 'emulator', 'start', '--detach', ...given, '--quiet']);
    expect(parent.opts().detach).toBe(true);
    const copy = await parsedStart(childArguments(givenCommandLine(parent)));
    expect(copy.opts()).toEqual({ ...parent.opts(), detach: undefined });
    for (const option of declared) expect(copy.getOptionValueSource(option.attributeName()), option.long).toBe('cli');
    expect(copy.parent!.parent!.opts()).toMatchObject({ verbose: true, quiet: true });
  });
});

describe('emulator start --unlisted-chains', () => {
  it('takes webhooks on chains the catalogue does not name only when given (the service refuses them)', () => {
    expect(parseEmulatorStartOptions(flags()).unlistedChains).toBe(false);
    expect(parseEmulatorStartOptions(flags({ unlistedChains: true })).unlistedChains).toBe(true);
  });
});
