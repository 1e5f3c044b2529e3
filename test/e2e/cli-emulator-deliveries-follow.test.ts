// `svc emulator deliveries --follow` as a process (the built CLI) against an in-process emulator: piped into a reader
// that leaves (`| head -3`) it ends quietly with 0. Ctrl-C's 130 and the count on stderr are the in-process
// command test's (test/commands/emulator/deliveries/list.test.ts); a real SIGINT ending a --follow with 130 and
// the count is cli-tx-follow's process.
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { BIN, REPO_ROOT, isolatedEnv } from '../helpers/cli.js';
import { API_KEY, call, sleep, startReceiver, PATIENT_DELIVERY, startTestEmulator, webhookBody } from '../helpers/emulator-helpers.js';
import type { Receiver } from '../helpers/emulator-helpers.js';

const WATCHED = '0x71c7656ec7ab88b098defb751b7401b5f6d8976f';
let emulator: RunningEmulator;
let receiver: Receiver;

beforeAll(async () => {
  emulator = await startTestEmulator({}, PATIENT_DELIVERY);
  receiver = await startReceiver();
  await call(emulator.url, 'POST', '/v1/webhooks', {
    key: API_KEY,
    body: webhookBody({ url: receiver.url, metadata: { addresses: [WATCHED] } }),
  });
});
afterAll(async () => {
  await receiver.close();
  await emulator.close();
});

/** Triggers a message every 100 ms until `done` holds: the process may connect at any moment, and misses none after. */
async function triggerUntil(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) {
    await call(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId: '43114', from: WATCHED } });
    await sleep(100);
  }
}

describe('svc emulator deliveries --follow (process)', () => {
  it('| head -3: three rows, then it ends quietly with exit 0', async () => {
    const env = isolatedEnv({ baseUrl: emulator.url });
    const child = execa(
      'bash',
      ['-c', `node ${JSON.stringify(BIN)} emulator deliveries --follow | head -3; echo "svc exit \${PIPESTATUS[0]}" >&2`],
      {
        env,
        extendEnv: false,
        cwd: REPO_ROOT,
        reject: false,
        timeout: 30_000,
      },
    );
    let exited = false;
    void child.finally(() => (exited = true));
    await triggerUntil(() => exited);
    const result = await child;
    expect(result.stdout.split('\n')).toHaveLength(3);
    expect(result.stdout.split('\n').every((row) => row.split('\t').length === 9)).toBe(true);
    expect(result.stderr).toBe('svc exit 0');
  });
});
