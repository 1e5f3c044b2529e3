// The README walkthrough "Debug a receiver", run as written, so the README cannot drift. The commands are read from
// the README itself. The only changes: the emulator on port 0 and SVC_BASE_URL set to it (the README relies on the
// built-in default, the emulator's 4010), the handler's port 3000 replaced by a free one, `svc` is this checkout's
// bin/svc.js, the handlers the script starts in the background are ended with it, and the follower gets --verbose to
// say when it is connected.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, REPO_ROOT, freshConfigDir, isolatedEnv } from '../helpers/cli.js';
import { missing } from '../helpers/tools.js';
import { killAllChildren, spawnCli } from '../helpers/webhook-dev-processes.js';
import type { CliProcess } from '../helpers/webhook-dev-processes.js';
import { freePort } from '../helpers/ports.js';

const HEADING = 'Debug a receiver';
const README = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');

function section(): string {
  const start = README.search(new RegExp(`^## ${HEADING}$`, 'm'));
  expect(start, `README has a "## ${HEADING}" section`).toBeGreaterThanOrEqual(0);
  const rest = README.slice(start);
  const end = rest.slice(3).search(/^## /m);
  return end < 0 ? rest : rest.slice(0, end + 3);
}

function blocks(text: string): string[] {
  return [...text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
}

describe.skipIf(missing('jq'))(`README: "${HEADING}"`, () => {
  let emulator: CliProcess;
  let follow: CliProcess;
  let script: { exitCode: number; stdout: string; stderr: string };

  beforeAll(async () => {
    const sh = blocks(section());
    expect(sh).toHaveLength(5);
    const [start, watch, setUp, seeFailure, fix] = sh as [string, string, string, string, string];
    expect(start.trim()).toBe('svc emulator start --block-time 0');
    expect(watch.trim()).toBe('svc emulator deliveries --follow');
    emulator = spawnCli(['emulator', 'start', '--block-time', '0', '--port', '0']);
    const emulatorUrl = await emulator.waitForLine('stdout', /^http:\/\//, 15_000);
    // --verbose says when the stream is open: from then on no attempt is missed.
    follow = spawnCli(['emulator', 'deliveries', '--follow', '--verbose'], { baseUrl: emulatorUrl });
    await follow.waitForLine('stderr', /deliveries\/stream -> 200/, 15_000);
    const port = String(await freePort());
    const steps = [setUp, seeFailure, fix].join('\n');
    expect(steps).toContain('listen(3000)');
    expect(steps).toContain('127.0.0.1:3000');
    const rewritten = steps.replaceAll('listen(3000)', `listen(${port})`).replaceAll('127.0.0.1:3000', `127.0.0.1:${port}`);
    const result = await execa(
      'bash',
      [
        '-c',
        `set -euo pipefail\ntrap 'kill $(jobs -p) 2>/dev/null || true' EXIT\nsvc() { node ${JSON.stringify(BIN)} "$@"; }\n${rewritten}`,
      ],
      {
        env: { ...isolatedEnv({ configDir: freshConfigDir() }), SVC_BASE_URL: emulatorUrl },
        extendEnv: false,
        reject: false,
        timeout: 30_000,
        cwd: mkdtempSync(join(tmpdir(), 'svc-debug-receiver-')),
      },
    );
    script = { exitCode: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr) };
  }, 60_000);

  afterAll(killAllChildren);

  it('runs without an error: the message failed with 500, was redelivered and answered 200', () => {
    const transcript = `stdout:\n${script.stdout}\nstderr:\n${script.stderr}`;
    expect(script.exitCode, transcript).toBe(0);
    const lines = script.stdout.trimEnd().split('\n');
    // `--state retrying`: the message row; `redeliver`: its attempt; `jq`: the statuses, the last 200.
    const messageId = lines[0]!.split('\t')[1]!;
    expect(lines[0]!.split('\t')[5], transcript).toBe('retrying');
    const redelivered = lines.find((line) => line.includes('\t200\t'))!.split('\t');
    expect(redelivered[1]).toBe(messageId);
    const statuses = JSON.parse(lines.at(-1)!) as Array<number | null>;
    expect(statuses[0]).toBe(500);
    expect(statuses.at(-1)).toBe(200);
  });

  it('the follower in terminal 2 printed the failed attempt and the one that passed', async () => {
    const passed = await follow.waitForLine('stdout', (line) => line.split('\t')[5] === '200', 10_000);
    const failed = await follow.waitForLine('stdout', (line) => line.split('\t')[5] === '500', 10_000);
    expect(failed.split('\t')[1]).toBe(passed.split('\t')[1]);
  });
});
