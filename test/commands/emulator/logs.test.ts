// `svc emulator logs`: its run, called directly, against hand-written records and logs: the one detached emulator's
// log, --port and --previous, the last log when none runs, and -f following writes and a restart until Ctrl-C.
import { appendFileSync, mkdirSync, renameSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEmulatorLogsOptions, run } from '../../../src/commands/emulator/logs.js';
import { ExitCode, InterruptedError, NotFoundError, UsageError } from '../../../src/errors.js';
import { proofOf } from '../../../src/process-proof.js';
import { freshConfigDir } from '../../helpers/cli.js';
import { eventually } from '../../helpers/emulator-helpers.js';
import { stubProcess, writeRecord } from '../../helpers/emulator-records.js';
import type { StubProcess } from '../../helpers/emulator-records.js';
import { createTestContext, withTestContext } from '../../helpers/test-context.js';

const stubs: StubProcess[] = [];
afterAll(() => {
  for (const stub of stubs) stub.child.kill('SIGKILL');
});

/** A config folder with a log per port (its text), and a running detached emulator's record for each of `running`. */
async function folder(logs: Record<number, string>, running: number[] = []): Promise<string> {
  const configDir = freshConfigDir();
  const dir = join(configDir, 'emulators');
  mkdirSync(dir, { recursive: true });
  for (const [port, text] of Object.entries(logs)) writeFileSync(join(dir, `${port}.log`), text);
  for (const port of running) {
    const stub = await stubProcess();
    stubs.push(stub);
    writeRecord(configDir, port, { pid: stub.pid, proof: proofOf(stub.pid), logFile: join(dir, `${port}.log`) });
  }
  return configDir;
}

const options = (flags: Parameters<typeof parseEmulatorLogsOptions>[0] = {}) => parseEmulatorLogsOptions(flags);

describe.skipIf(process.platform === 'win32')('emulator logs: run', () => {
  it("prints the one detached emulator's log as it is, byte for byte", async () => {
    const configDir = await folder({ 4301: 'Emulator listening\nPOST /v1/webhooks 201 3ms\n' }, [4301]);
    await withTestContext({ configDir }, async ({ context, io }) => {
      await run(options(), context);
      expect(io.stdout()).toBe('Emulator listening\nPOST /v1/webhooks 201 3ms\n');
      expect(io.stderr()).toBe('');
    });
  });

  it('several running: a usage error naming their ports; --port chooses one; --previous the run before', async () => {
    const configDir = await folder({ 4302: 'two\n', 4303: 'three\n' }, [4302, 4303]);
    writeFileSync(join(configDir, 'emulators', '4303.previous.log'), 'three, before\n');
    await withTestContext({ configDir }, async ({ context, io }) => {
      await expect(run(options(), context)).rejects.toThrow(
        new UsageError('2 emulators run in the background (ports 4302, 4303): choose one with --port'),
      );
      await run(options({ port: '4303' }), context);
      await run(options({ port: '4303', previous: true }), context);
      expect(io.stdout()).toBe('three\nthree, before\n');
      await expect(run(options({ port: '4302', previous: true }), context)).rejects.toThrow(
        'no previous log of the emulator on port 4302: it was started there once only',
      );
    });
  });

  it('none running: the log of the one that ended last, stderr saying so; no log at all: exit 3 with how to start one', async () => {
    const configDir = await folder({ 4304: 'older\n', 4305: 'newest\n' });
    utimesSync(join(configDir, 'emulators', '4304.log'), new Date(1_000_000), new Date(1_000_000));
    await withTestContext({ configDir }, async ({ context, io }) => {
      await run(options(), context);
      expect(io.stdout()).toBe('newest\n');
      expect(io.stderr()).toBe('svc: no emulator is running; the log of the one that ended last (port 4305):\n');
    });
    await withTestContext({ configDir: freshConfigDir() }, async ({ context }) => {
      const error = await run(options(), context).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error).toMatchObject({ exitCode: ExitCode.notFound, message: 'no emulator log: none was started in the background' });
    });
  });

  it('-f prints what is written next, then the new log of a restart, until Ctrl-C (130)', async () => {
    const configDir = await folder({ 4306: 'first\n' }, [4306]);
    const log = join(configDir, 'emulators', '4306.log');
    const stop = new AbortController();
    const test = createTestContext({ configDir, interrupt: stop.signal });
    const running = run(options({ follow: true }), test.context).catch((error: unknown) => error);
    await eventually(() => (test.io.stdout() === 'first\n' ? true : undefined));
    appendFileSync(log, 'second\n');
    await eventually(() => (test.io.stdout() === 'first\nsecond\n' ? true : undefined));
    // A start on the same port keeps the old log as the previous one and writes a new one.
    renameSync(log, join(configDir, 'emulators', '4306.previous.log'));
    writeFileSync(log, 'restarted\n');
    await eventually(() => (test.io.stdout().endsWith('restarted\n') ? true : undefined));
    expect(test.io.stdout()).toBe('first\nsecond\nrestarted\n');
    expect(test.io.stderr()).toContain('svc: the emulator on port 4306 started again; following its new log');
    stop.abort(new InterruptedError(ExitCode.interrupted));
    expect(await running).toMatchObject({ exitCode: 130 });
    await test.close();
  });

  it('--previous with --follow, and a port out of range: usage errors naming them', () => {
    expect(() => options({ previous: true, follow: true })).toThrow('--previous and --follow');
    expect(() => options({ port: '70000' })).toThrow(/--port/);
  });
});
