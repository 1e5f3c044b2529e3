// Long-running commands piped into a reader that leaves (`| head -n 1`) end within a second of it, exit 0, as GNU
// `tail -f` does, not at their next write (src/reader-watch.ts). Each runs as a shell pipeline of the built CLI;
// the shell stamps the moment head is done and the moment svc is.
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { BIN, isolatedEnv, REPO_ROOT } from '../helpers/cli.js';
import { API_KEY, call, startReceiver, startTestEmulator, webhookBody } from '../helpers/emulator-helpers.js';
import type { Receiver } from '../helpers/emulator-helpers.js';

const WATCHED = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
/** The contract's bound, and what the test allows on a loaded machine: ends seen later than this fail. */
const WITHIN_MS = 1_000;
const SLACK_MS = 500;

let emulator: RunningEmulator;
let receiver: Receiver;

beforeAll(async () => {
  [emulator, receiver] = await Promise.all([startTestEmulator(), startReceiver()]);
  const created = await call(emulator.url, 'POST', '/v1/webhooks', {
    key: API_KEY,
    body: webhookBody({ url: receiver.url, chainId: '43113', metadata: { addresses: [WATCHED] } }),
  });
  expect(created.status).toBe(201);
});
afterAll(() => Promise.all([emulator.close(), receiver.close()]));

interface Pipeline {
  /** Resolves with the first match of `pattern` in the pipeline's stderr (svc's own lines pass through). */
  stderrMatch(pattern: RegExp): Promise<RegExpExecArray>;
  /** Resolves once the pipeline is over: svc's exit code, and how long after head it ended. */
  ended: Promise<{ svcExit: number; afterHeadMs: number; stdout: string; stderr: string }>;
}

/** `svc <args> | head -n 1`, each side stamping when it is done. */
function pipeline(args: string[]): Pipeline {
  const quoted = args.map((arg) => `'${arg}'`).join(' ');
  const script =
    `{ node "$BIN" ${quoted}; echo "svc-done $? $(date +%s%3N)" >&2; } | ` + `{ head -n 1; echo "head-done $(date +%s%3N)" >&2; }`;
  const child = execa('bash', ['-c', script], {
    env: { ...isolatedEnv({ baseUrl: emulator.url, apiKey: API_KEY }), BIN },
    extendEnv: false,
    reject: false,
    cwd: REPO_ROOT,
    timeout: 15_000,
    stripFinalNewline: false,
  });
  let stderr = '';
  const waiting: Array<() => void> = [];
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    for (const check of waiting.splice(0)) check();
  });
  return {
    stderrMatch: (pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(stderr);
          if (match) resolve(match);
          else if (child.exitCode !== null) reject(new Error(`the pipeline ended without ${pattern}: ${stderr}`));
          else waiting.push(check);
        };
        check();
      }),
    ended: child.then((result) => {
      const svc = /svc-done (\d+) (\d+)/.exec(stderr);
      const head = /head-done (\d+)/.exec(stderr);
      if (!svc || !head) throw new Error(`no stamps: ${stderr}`);
      return { svcExit: Number(svc[1]), afterHeadMs: Number(svc[2]) - Number(head[1]), stdout: String(result.stdout), stderr };
    }),
  };
}

/** Keeps making activity (a notification each) until `done`: a follower connected by then shows one. */
async function keepTriggering(done: Promise<unknown>): Promise<void> {
  let over = false;
  void done.finally(() => (over = true));
  while (!over) {
    await call(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId: '43113', from: WATCHED } });
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 200))]);
  }
}

describe('| head -n 1 ends a long-running command within a second, exit 0', () => {
  it('svc emulator start (foreground): its URL, then it stops', async () => {
    const run = pipeline(['emulator', 'start', '--port', '0']);
    const { svcExit, afterHeadMs, stdout } = await run.ended;
    expect(stdout).toMatch(/^http:\/\/127\.0\.0\.1:\d+\n$/);
    expect(svcExit).toBe(0);
    expect(afterHeadMs).toBeLessThan(WITHIN_MS + SLACK_MS);
  });

  it('svc emulator deliveries --follow: the first attempt, then it stops', async () => {
    const run = pipeline(['emulator', 'deliveries', '--follow']);
    await keepTriggering(run.ended);
    const { svcExit, afterHeadMs, stdout } = await run.ended;
    expect(stdout.split('\t')).toHaveLength(9);
    expect(svcExit).toBe(0);
    expect(afterHeadMs).toBeLessThan(WITHIN_MS + SLACK_MS);
  });

  it('svc webhook listen: the first message, then it stops', async () => {
    const run = pipeline(['webhook', 'listen', '--port', '0']);
    const [, url] = await run.stderrMatch(/Ready: notifications to (\S+)/);
    const message = { webhookId: 'w-1', messageId: 'm-1', eventType: 'address_activity', event: { transaction: {} } };
    const answer = await fetch(url!, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(message) });
    expect(answer.status).toBe(200);
    const { svcExit, afterHeadMs, stdout } = await run.ended;
    expect(stdout).toMatch(/\tm-1\t/);
    expect(svcExit).toBe(0);
    expect(afterHeadMs).toBeLessThan(WITHIN_MS + SLACK_MS);
  });
});
