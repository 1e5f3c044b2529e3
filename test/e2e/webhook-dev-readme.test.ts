// The README walkthrough "Develop a webhook consumer offline", run as written, so the README cannot drift.
// The commands are read from the README itself. The only changes: port 0 instead of the defaults 4010/4020 (so
// tests never collide with anything), the README's two loopback URLs rewritten to the ports chosen, SVC_BASE_URL
// set to the emulator (the README relies on the built-in default, which is the emulator's 4010), and `svc` is
// this checkout's bin/svc.js. Terminals 1 and 2 (the two servers) run their command lines in this process, read
// from the README all the same: the servers as processes are webhook-dev-listen's; terminal 3, the commands a user
// types, runs under bash as written.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, REPO_ROOT, freshConfigDir, isolatedEnv } from '../helpers/cli.js';
import { startCliInProcess, stopAllInProcess, until } from '../helpers/webhook-dev-processes.js';
import type { InProcessCli } from '../helpers/webhook-dev-processes.js';
import { notificationLine } from '../../src/render/notifications.js';
import type { NotificationMessage } from '../../src/schema/index.js';

const HEADING = 'Develop a webhook consumer offline';
const README = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');

/** The section's text, from its heading to the next heading of the same or a higher level. */
function section(): string {
  const start = README.search(new RegExp(`^## ${HEADING}$`, 'm'));
  expect(start, `README has a "## ${HEADING}" section`).toBeGreaterThanOrEqual(0);
  const rest = README.slice(start);
  const end = rest.slice(3).search(/^## /m);
  return end < 0 ? rest : rest.slice(0, end + 3);
}

/** Fenced blocks of the given language, in order. */
function blocks(text: string, language: string): string[] {
  return [...text.matchAll(new RegExp('^```' + language + '\\n([\\s\\S]*?)^```$', 'gm'))].map((match) => match[1]!);
}

/** The words of a one-command block (`svc ...`), without the `svc`. */
function oneCommand(block: string, expected: RegExp): string[] {
  const lines = block.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(expected);
  expect(lines[0]).not.toMatch(/['"$\\]/);
  return lines[0]!.split(/\s+/).slice(1);
}

const TIME = /\d\d:\d\d:\d\d/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const SHORT = /0x[0-9a-fA-F]{4}…[0-9a-fA-F]{6}/g;
/** A listen line with its variable parts (time, ids, hashes, addresses) masked. */
const shape = (line: string) => line.replace(TIME, 'TIME').replace(UUID, 'UUID').replace(SHORT, 'HEX');

describe(`README: "${HEADING}"`, () => {
  let emulator: InProcessCli;
  let listen: InProcessCli;
  let emulatorUrl: string;
  let listenUrl: string;
  let script: { exitCode: number; stdout: string; stderr: string };
  let terminal3: string;
  let exampleOutput: string[];

  beforeAll(async () => {
    const text = section();
    const sh = blocks(text, 'sh');
    expect(sh.length).toBeGreaterThanOrEqual(3);
    const [terminal1, terminal2] = sh as [string, string, string];
    terminal3 = sh[2]!;
    exampleOutput = blocks(text, 'text')[0]?.trimEnd().split('\n') ?? [];

    [emulator, listen] = await Promise.all([
      startCliInProcess([...oneCommand(terminal1, /^svc emulator start\b/), '--port', '0']),
      startCliInProcess([...oneCommand(terminal2, /^svc webhook listen\b/), '--port', '0']),
    ]);
    emulatorUrl = await emulator.waitForLine('stdout', /^http:\/\//, 15_000);
    const ready = await listen.waitForLine('stderr', /^Ready: notifications to /, 15_000);
    listenUrl = /^Ready: notifications to (\S+)/m.exec(ready)![1]!;

    expect(terminal3).toContain('http://127.0.0.1:4020/');
    expect(terminal3).toContain('http://127.0.0.1:4010');
    const rewritten = terminal3.replaceAll('http://127.0.0.1:4020/', listenUrl).replaceAll('http://127.0.0.1:4010', emulatorUrl);
    const result = await execa('bash', ['-c', `set -euo pipefail\nsvc() { node ${JSON.stringify(BIN)} "$@"; }\n${rewritten}`], {
      env: { ...isolatedEnv({ configDir: freshConfigDir() }), SVC_BASE_URL: emulatorUrl },
      extendEnv: false,
      reject: false,
      timeout: 30_000,
      cwd: REPO_ROOT,
    });
    script = { exitCode: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr) };
  }, 60_000);

  afterAll(stopAllInProcess);

  it('sits after the emulator subsection of "Commands", and says how to run it from a clone', () => {
    const commands = README.indexOf('## Commands');
    const emulatorSubsection = README.indexOf('### `svc emulator start`');
    const walkthrough = README.indexOf(`## ${HEADING}`);
    expect(commands).toBeGreaterThanOrEqual(0);
    expect(emulatorSubsection).toBeGreaterThan(commands);
    expect(walkthrough).toBeGreaterThan(emulatorSubsection);
    expect(section()).toContain('./bin/svc.js');
  });

  it('terminal 3 runs without an error, and says what the walkthrough says it does', async () => {
    const transcript = `stdout:\n${script.stdout}\nstderr:\n${script.stderr}`;
    expect(script.exitCode, transcript).toBe(0);
    expect(script.stderr, transcript).toBe('');
    const lines = script.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(5);
    const [first, second, deliveriesLine, deactivated, afterwards] = lines as [string, string, string, string, string];

    // The two triggers: the tx hash, then one message id each (the webhook matched).
    const [tx1, message1, ...more1] = first.split('\t');
    const [tx2, message2, ...more2] = second.split('\t');
    expect(tx1).toMatch(/^0x[0-9a-f]{64}$/);
    expect(tx2).toMatch(/^0x[0-9a-f]{64}$/);
    expect(message1).toMatch(UUID);
    expect(message2).toMatch(UUID);
    expect([...more1, ...more2]).toEqual([]);

    // The delivery records: both delivered at the first attempt, to the receiver.
    const { deliveries } = JSON.parse(deliveriesLine);
    const webhookId = deactivated.split('\t')[0];
    for (const messageId of [message1, message2]) {
      expect(deliveries).toContainEqual(
        expect.objectContaining({ messageId, webhookId, url: listenUrl, attempts: 1, lastStatus: 200, state: 'delivered' }),
      );
    }

    // Deactivation prints the webhook, now inactive; the last trigger matched nobody: the hash alone.
    expect(deactivated.split('\t')[3]).toBe('inactive');
    expect(afterwards).toMatch(/^0x[0-9a-f]{64}$/);

    // Terminal 2 (piped here, so TSV rows) got exactly the two messages, not the one after deactivation.
    // Two messages were made in all (the trigger after deactivation made none, above), and listen printed both.
    const rows = await until(() => (listen.stdoutLines.length >= 2 ? listen.stdoutLines.map((row) => row.split('\t')) : undefined));
    expect(listen.stdoutLines).toHaveLength(2);
    const [row1, row2] = rows as [string[], string[]];
    // received-at, webhookId, messageId, chainId, txHash, from, to, ERC-20 transfers, logs, forward status
    expect(row1.slice(1, 5)).toEqual([webhookId, message1, '43113', tx1]);
    expect(row1[5]!.toLowerCase()).toBe('0x71c7656ec7ab88b098defb751b7401b5f6d8976f');
    expect(row1.slice(7, 9)).toEqual(['0', '0']);
    expect(row2.slice(1, 5)).toEqual([webhookId, message2, '43113', tx2]);
    // The ERC-20 transfer, and its Transfer log (the webhook was created with --include-logs).
    expect(row2.slice(7, 9)).toEqual(['1', '1']);
    expect(listen.stderrLines.filter((line) => !line.startsWith('Ready:'))).toEqual([]);
  });

  it("the example of terminal 2's output has the shape `svc webhook listen` prints on a terminal", () => {
    expect(exampleOutput[0]).toBe('Ready: notifications to http://127.0.0.1:4020/ (Ctrl-C to stop)');
    expect(listen.stderrLines[0]).toBe(`Ready: notifications to ${listenUrl} (Ctrl-C to stop)`);
    const examples = exampleOutput.slice(1);
    expect(examples).toHaveLength(2);
    // What the terminal line would be for the two messages received, from their TSV rows.
    const rendered = listen.stdoutLines.map((row) => {
      const [receivedAt, webhookId, messageId, chainId, txHash, from, to, erc20, logs] = row.split('\t') as string[];
      const message = {
        webhookId,
        messageId,
        eventType: 'address_activity',
        event: {
          transaction: { chainId, txHash, from, to, erc20Transfers: Array.from({ length: Number(erc20) }, () => ({})) },
          logs: Array.from({ length: Number(logs) }, () => ({})),
        },
      } as unknown as NotificationMessage;
      return notificationLine({ message, receivedAt: new Date(receivedAt!), duplicate: false }, false).trimEnd();
    });
    expect(examples.map(shape)).toEqual(rendered.map(shape));
  });
});
