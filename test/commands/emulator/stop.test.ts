// `svc emulator stop`: its run, called directly, against real processes standing behind hand-written records (a
// shell that notes each SIGTERM it gets): only a process proven to be the emulator is signalled, one that is writing
// its last state is waited for, and a record that cannot be read is named, never passed over.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { parseEmulatorStopOptions, run } from '../../../src/commands/emulator/stop.js';
import type { EmulatorStopFlags } from '../../../src/commands/emulator/stop.js';
import { LocalError, NotFoundError, UsageError } from '../../../src/errors.js';
import { proofOf } from '../../../src/process-proof.js';
import { freshConfigDir, isAlive } from '../../helpers/cli.js';
import { recordText, stubProcess, writeRecord, wrongProof } from '../../helpers/emulator-records.js';
import type { StubProcess } from '../../helpers/emulator-records.js';
import { createTestContext, withTestContext } from '../../helpers/test-context.js';

const stubs: StubProcess[] = [];
afterAll(() => {
  for (const stub of stubs) stub.child.kill('SIGKILL');
});
afterEach(() => {
  vi.useRealTimers();
});

async function stub(onTerm?: Parameters<typeof stubProcess>[0]): Promise<StubProcess> {
  const started = await stubProcess(onTerm);
  stubs.push(started);
  return started;
}

describe.skipIf(process.platform === 'win32')('emulator stop: run', () => {
  it('a record whose pid now runs another program: that program is not signalled, the record goes as stale', async () => {
    const configDir = freshConfigDir();
    const stranger = await stub();
    const file = writeRecord(configDir, 4101, { pid: stranger.pid, proof: wrongProof() });
    await withTestContext({ configDir }, async ({ context, io }) => {
      const error = await run(parseEmulatorStopOptions({}), context).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(NotFoundError);
      expect(io.stderr()).toContain(
        `svc: the emulator at http://127.0.0.1:4101 (pid ${stranger.pid}) was gone already (pid ${stranger.pid} is another program now, left alone); its record is removed`,
      );
    });
    expect(existsSync(file)).toBe(false);
    expect(isAlive(stranger.pid)).toBe(true);
    expect(stranger.output()).not.toContain('got-term');
  });

  it('a proven emulator is signalled once and waited for; --port picks it among several', async () => {
    const configDir = freshConfigDir();
    const [kept, stopped] = [await stub(), await stub()];
    writeRecord(configDir, 4102, { pid: kept.pid, proof: proofOf(kept.pid) });
    writeRecord(configDir, 4103, { pid: stopped.pid, proof: proofOf(stopped.pid) });
    await withTestContext({ configDir }, async ({ context, io }) => {
      await run(parseEmulatorStopOptions({ port: '4103' }), context);
      expect(io.stderr()).toBe(`Stopped the emulator at http://127.0.0.1:4103 (pid ${stopped.pid})\n`);
    });
    expect(await stopped.finalOutput()).toBe('ready\ngot-term\n');
    expect(kept.output()).toBe('ready\n');
    // Its shutdown was not a clean one (a stub removes no record): the record of a process gone is removed for it.
    expect(readdirSync(join(configDir, 'emulators'))).toEqual(['4102.json']);
  });

  it('several running and no flag: the one the base URL names (SVC_BASE_URL or --base-url), else which one?', async () => {
    const configDir = freshConfigDir();
    const [first, second, third] = [await stub(), await stub(), await stub()];
    for (const [port, process] of [
      [4104, first],
      [4105, second],
      [4106, third],
    ] as const) {
      writeRecord(configDir, port, { pid: process.pid, proof: proofOf(process.pid) });
    }
    await withTestContext({ configDir, env: { SVC_BASE_URL: 'http://localhost:4105' } }, async ({ context }) => {
      await run(parseEmulatorStopOptions({}), context);
    });
    await withTestContext({ configDir, globals: { baseUrl: 'http://127.0.0.1:4106/' } }, async ({ context }) => {
      await run(parseEmulatorStopOptions({}), context);
    });
    expect(await second.finalOutput()).toContain('got-term');
    expect(await third.finalOutput()).toContain('got-term');
    expect(first.output()).not.toContain('got-term');
    // One left: no base URL needed. Two, and the base URL names neither: which one?
    const fourth = await stub();
    writeRecord(configDir, 4107, { pid: fourth.pid, proof: proofOf(fourth.pid) });
    await withTestContext({ configDir, env: { SVC_BASE_URL: 'http://127.0.0.1:4010' } }, async ({ context }) => {
      const error = await run(parseEmulatorStopOptions({}), context).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UsageError);
      expect((error as UsageError).message).toBe('2 emulators are running, on ports 4104, 4107: which one?');
    });
    expect(first.output()).toBe('ready\n');
  });

  it('--all with none running: done, exit 0, saying so', async () => {
    await withTestContext({ configDir: freshConfigDir() }, async ({ context, io }) => {
      await run(parseEmulatorStopOptions({ all: true }), context);
      expect(io.stderr()).toBe('No emulator is running: nothing to stop\n');
    });
  });

  it('a record that cannot be read is named with what to do; it fails where it may hide the emulator meant', async () => {
    const configDir = freshConfigDir();
    const garbage = writeRecord(configDir, 4108, 'garbage\n');
    const unreadable = `svc: cannot read the emulator record ${garbage} (it is not JSON): an emulator may be running on port 4108`;
    const given: EmulatorStopFlags[] = [{}, { port: '4108' }, { all: true }];
    for (const flags of given) {
      await withTestContext({ configDir }, async ({ context, io }) => {
        const error = await run(parseEmulatorStopOptions(flags), context).catch((caught: unknown) => caught);
        expect(error, JSON.stringify(flags)).toBeInstanceOf(LocalError);
        expect(io.stderr()).toContain(`${unreadable}\n  if none of yours is, remove the file: rm ${garbage}\n`);
      });
    }
    // With one readable beside it: that one is stopped, the other still named; --all says not all could be.
    const emulator = await stub();
    writeRecord(configDir, 4109, { pid: emulator.pid, proof: proofOf(emulator.pid) });
    await withTestContext({ configDir }, async ({ context, io }) => {
      const error = await run(parseEmulatorStopOptions({ all: true }), context).catch((caught: unknown) => caught);
      expect((error as LocalError).message).toBe('an emulator record cannot be read (see above): an emulator may still be running');
      expect(io.stderr()).toContain(unreadable);
      expect(io.stderr()).toContain(`Stopped the emulator at http://127.0.0.1:4109 (pid ${emulator.pid})`);
    });
    expect(existsSync(garbage)).toBe(true);
  });

  it('a record without a proof: signalled only if the emulator at its URL says it is that pid', async () => {
    const configDir = freshConfigDir();
    const unproven = await stub();
    const file = writeRecord(configDir, 1, { pid: unproven.pid, proof: null });
    await withTestContext({ configDir }, async ({ context }) => {
      const error = await run(parseEmulatorStopOptions({}), context).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(LocalError);
      expect((error as LocalError).message).toContain(`not stopped: cannot tell that pid ${unproven.pid} is still the emulator`);
      expect((error as LocalError).hint).toBe(`if it is, end it with: kill ${unproven.pid}; if not, remove its record: rm ${file}`);
    });
    expect(unproven.output()).toBe('ready\n');
  });

  it('one already shutting down is not signalled again (a second signal ends it mid-write): waited for, saying so', async () => {
    const configDir = freshConfigDir();
    const writing = await stub('note');
    writeRecord(configDir, 4110, { pid: writing.pid, proof: proofOf(writing.pid), stoppingSince: new Date().toISOString() });
    const { context, io, close } = createTestContext({ configDir });
    const stopping = run(parseEmulatorStopOptions({}), context);
    await vi.waitFor(() => expect(io.stderr()).toContain('is shutting down: waiting for it to finish writing its state (up to 60 s)'), {
      timeout: 5_000,
    });
    // It finishes (here: ends) whenever it is done; the stop then says it stopped.
    writing.child.kill('SIGKILL');
    await stopping;
    await close();
    expect(io.stderr()).toContain(`Stopped the emulator at http://127.0.0.1:4110 (pid ${writing.pid})`);
    expect(writing.output()).toBe('ready\n');
  });

  it('two stops at once: one signals, the other waits for the end without signalling again', async () => {
    const configDir = freshConfigDir();
    const emulator = await stub('note');
    writeRecord(configDir, 4112, { pid: emulator.pid, proof: proofOf(emulator.pid) });
    const [first, second] = [createTestContext({ configDir }), createTestContext({ configDir })];
    const stops = [first, second].map(({ context }) => run(parseEmulatorStopOptions({}), context));
    await vi.waitFor(() => expect(first.io.stderr() + second.io.stderr()).toContain('is stopping the emulator at http://127.0.0.1:4112'), {
      timeout: 5_000,
    });
    await vi.waitFor(() => expect(emulator.output()).toContain('got-term'), { timeout: 5_000 });
    emulator.child.kill('SIGKILL');
    await Promise.all(stops);
    await Promise.all([first.close(), second.close()]);
    expect(emulator.output()).toBe('ready\ngot-term\n');
    expect(readdirSync(join(configDir, 'emulators'))).toEqual([]);
  });

  it('marked as stopping after the signal: waited for beyond the first 5 s, up to 60 s, then the failure and its hint', async () => {
    const configDir = freshConfigDir();
    const dir = join(configDir, 'emulators');
    // As an emulator does on SIGTERM: it marks its record as stopping (whole, by a rename), then keeps on writing.
    const slow = await stub({ then: `mv ${dir}/4111.stopping ${dir}/4111.json` });
    writeRecord(configDir, 4111, { pid: slow.pid, proof: proofOf(slow.pid) });
    writeFileSync(
      join(dir, '4111.stopping'),
      recordText(4111, { pid: slow.pid, proof: proofOf(slow.pid), stoppingSince: new Date().toISOString() }),
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { context, io, close } = createTestContext({ configDir });
    const stopping = run(parseEmulatorStopOptions({}), context).catch((caught: unknown) => caught);
    await vi.waitFor(() => expect(slow.output()).toContain('got-term'), { timeout: 5_000, interval: 10 });
    await vi.waitFor(() => expect(existsSync(join(dir, '4111.stopping'))).toBe(false), { timeout: 5_000, interval: 10 });
    await vi.advanceTimersByTimeAsync(5_100);
    expect(io.stderr()).toContain(`The emulator at http://127.0.0.1:4111 (pid ${slow.pid}) is shutting down: waiting`);
    await vi.advanceTimersByTimeAsync(50_000);
    expect(io.stderr()).not.toContain('svc:');
    await vi.advanceTimersByTimeAsync(5_000);
    const error = await stopping;
    await close();
    expect(error).toBeInstanceOf(LocalError);
    expect((error as LocalError).message).toBe(
      `the emulator at http://127.0.0.1:4111 (pid ${slow.pid}) is still running 60 s after SIGTERM`,
    );
    expect((error as LocalError).hint).toBe(`see what it is doing in its log, or end it at once: kill -9 ${slow.pid}`);
    expect(slow.output()).toBe('ready\ngot-term\n');
  });
});
