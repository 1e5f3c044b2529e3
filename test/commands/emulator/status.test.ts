// `svc emulator status`: its run, called directly, against hand-written records and the real processes behind them:
// a pid that now runs another program is stale, one writing its last state is stopping, a file that holds no record
// is named with what to do.
import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../../../src/commands/emulator/status.js';
import { LocalError, NotFoundError } from '../../../src/errors.js';
import { proofOf } from '../../../src/process-proof.js';
import { freshConfigDir, isAlive } from '../../helpers/cli.js';
import { endedPid, stubProcess, writeRecord, wrongProof } from '../../helpers/emulator-records.js';
import type { StubProcess } from '../../helpers/emulator-records.js';
import { withTestContext } from '../../helpers/test-context.js';

const stubs: StubProcess[] = [];
afterAll(() => {
  for (const stub of stubs) stub.child.kill('SIGKILL');
});

async function stub(): Promise<StubProcess> {
  const started = await stubProcess();
  stubs.push(started);
  return started;
}

describe.skipIf(process.platform === 'win32')('emulator status: run', () => {
  it('an ended pid, and a pid that now runs another program, are stale: shown once, removed, the program left alone', async () => {
    const configDir = freshConfigDir();
    const stranger = await stub();
    const reused = writeRecord(configDir, 4121, { pid: stranger.pid, proof: wrongProof() });
    const ended = await endedPid();
    const crashed = writeRecord(configDir, 4122, { pid: ended, proof: null });
    await withTestContext({ configDir }, async ({ context, io }) => {
      const error = await run(context).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(NotFoundError);
      expect(io.stdout()).toBe(`http://127.0.0.1:4121\t${stranger.pid}\t\t\t\tstale\nhttp://127.0.0.1:4122\t${ended}\t\t\t\tstale\n`);
    });
    expect([existsSync(reused), existsSync(crashed)]).toEqual([false, false]);
    expect(isAlive(stranger.pid)).toBe(true);
    expect(stranger.output()).toBe('ready\n');
  });

  it('one writing its last state is stopping; a proven one that does not answer is not answering', async () => {
    const configDir = freshConfigDir();
    const [writing, silent] = [await stub(), await stub()];
    writeRecord(configDir, 1, { pid: writing.pid, proof: proofOf(writing.pid), stoppingSince: new Date().toISOString() });
    writeRecord(configDir, 2, { pid: silent.pid, proof: proofOf(silent.pid) });
    await withTestContext({ configDir, globals: { json: true } }, async ({ context, io }) => {
      await run(context);
      const { emulators, unreadableRecords } = JSON.parse(io.stdout());
      expect(emulators.map((item: any) => [item.port, item.pid, item.state, typeof item.stoppingSince])).toEqual([
        [1, writing.pid, 'stopping', 'string'],
        [2, silent.pid, 'not-answering', 'object'],
      ]);
      expect(unreadableRecords).toEqual([]);
    });
  });

  it('a file that holds no record: named on stderr with what to do; alone, "none runs" would be a guess (exit 1)', async () => {
    const configDir = freshConfigDir();
    const garbage = writeRecord(configDir, 4123, '{"pid": "twelve"}');
    await withTestContext({ configDir, globals: { json: true } }, async ({ context, io }) => {
      const error = await run(context).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(LocalError);
      expect((error as LocalError).message).toBe('cannot tell whether an emulator is running: its record cannot be read (see above)');
      expect(io.stderr()).toBe(
        `svc: cannot read the emulator record ${garbage} (it names no process id): an emulator may be running on port 4123\n` +
          `  if none of yours is, remove the file: rm ${garbage}\n`,
      );
      expect(JSON.parse(io.stdout())).toEqual({
        emulators: [],
        unreadableRecords: [{ file: garbage, port: 4123, reason: 'it names no process id' }],
      });
    });
    expect(existsSync(garbage)).toBe(true);
    // Beside a running one: that one listed (exit 0), the file still named.
    const running = await stub();
    writeRecord(configDir, 4124, { pid: running.pid, proof: proofOf(running.pid) });
    await withTestContext({ configDir }, async ({ context, io }) => {
      await run(context);
      expect(io.stdout()).toMatch(new RegExp(`^http://127.0.0.1:4124\\t${running.pid}\\t\\d+\\t\\t\\tnot-answering\\n$`));
      expect(io.stderr()).toContain(`cannot read the emulator record ${garbage}`);
    });
  });
});
