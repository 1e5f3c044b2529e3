// A recorded workload's log, cut at every record boundary and inside every record (where a crash can leave it),
// restores to the state the workload had after the last whole record: a state it passed through, never a mix.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_TUNING } from '../../src/emulator/deliveries/queue.js';
import { DataDir } from '../../src/emulator/kept/data-dir.js';
import { EmulatorState } from '../../src/emulator/state.js';
import { toWebhook } from '../../src/emulator/webhooks/store.js';
import type { CreateWebhookRequest } from '../../src/schema/index.js';

const TUNING = { ...DEFAULT_DELIVERY_TUNING, retryDelayMs: () => 60_000 };
const address = (n: number) => '0x' + n.toString(16).padStart(40, '0');
const injection = (from: string) => ({
  chainId: '43114',
  from,
  erc20Transfers: [],
  erc721Transfers: [],
  erc1155Transfers: [],
  internalTransactions: [],
  logs: [],
});

/** Everything the state holds that a data directory keeps, in a comparable form. */
function viewOf(state: EmulatorState): string {
  return JSON.stringify({
    webhooks: [...state.webhooks.all()]
      .map((stored) => ({ owner: stored.ownerKey, ...toWebhook(stored) }))
      .sort((a, b) => a.id.localeCompare(b.id)),
    secrets: [...state.secrets.snapshot()],
    // No generated blocks here: the kept blocks are the injected ones.
    injected: state.chainRecords
      .keptTransactions()
      .map((tx) => tx.item.txHash)
      .sort(),
    messages: state.deliveries.list().map((record) => [record.messageId, record.webhookId, record.state]),
  });
}

/**
 * A state keeping its changes in `dir`, deliveries not started (so each change is one record and nothing else
 * writes): the workload's records are then exactly the log's lines, in order.
 */
async function open(dir: string, warnings: string[] = []): Promise<{ state: EmulatorState; dataDir: DataDir }> {
  const state = new EmulatorState(5, true, TUNING, 'ab'.repeat(32));
  const dataDir = await DataDir.open(dir, state.router, {
    warn: (line) => warnings.push(line),
    compactAfterBytes: Number.MAX_SAFE_INTEGER,
  });
  state.keepWith(dataDir);
  return { state, dataDir };
}

describe('a log cut where a crash can cut it', () => {
  it('restores, from every cut, the state after the last whole record', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'svc-cuts-')), 'data');
    const { state, dataDir } = await open(dir);
    const logFile = () =>
      join(
        dir,
        readdirSync(dir).find((name) => name.startsWith('log-'))!,
      );
    /** The state after each record, with the log's size then: the states the workload passed through. */
    const passed: Array<{ bytes: number; view: string }> = [{ bytes: statSync(logFile()).size, view: viewOf(state) }];
    const step = async (change: () => Promise<unknown>) => {
      await change();
      passed.push({ bytes: statSync(logFile()).size, view: viewOf(state) });
    };
    const request = (addresses: string[], name: string) =>
      ({
        url: 'http://127.0.0.1:9/hook',
        chainId: '43114',
        eventType: 'address_activity',
        name,
        metadata: { addresses },
      }) as CreateWebhookRequest;
    const first = await state.createWebhook(request([address(1), address(2)], 'first'), 'k1');
    passed.push({ bytes: statSync(logFile()).size, view: viewOf(state) });
    const second = await state.createWebhook(request([address(3)], 'second'), 'k2');
    passed.push({ bytes: statSync(logFile()).size, view: viewOf(state) });
    await step(() => state.addAddresses(first, [address(4), address(5).toUpperCase().replace('0X', '0x')]));
    await step(() => state.removeAddresses(first, [address(1)]));
    await step(() => state.updateWebhook(second, { name: 'renamed', url: 'http://127.0.0.1:9/other' }));
    await step(() => state.inject(injection(address(3))));
    await step(() => state.rotateSharedSecret('k1'));
    await step(() => state.sharedSecret('k3'));
    await step(() => state.deactivateWebhook(first));
    await step(() => state.inject(injection(address(4))));
    await step(() =>
      state.createWebhook(
        request(
          Array.from({ length: 1_500 }, (_, i) => address(100 + i)),
          'large',
        ),
        'k1',
      ),
    );
    await step(() => state.reset());
    await step(() => state.createWebhook(request([address(9)], 'after reset'), 'k2'));
    await dataDir.close();
    state.close();

    const log = readFileSync(logFile());
    expect(passed.at(-1)!.bytes).toBe(log.length);
    // Every boundary, and inside every record: its first byte, its middle, and all but its newline.
    const cuts = new Set<number>();
    for (let index = 0; index < passed.length; index++) {
      const start = passed[index]!.bytes;
      const end = passed[index + 1]?.bytes ?? start;
      for (const cut of [start, start + 1, Math.floor((start + end) / 2), end - 1]) if (cut >= start && cut <= log.length) cuts.add(cut);
    }
    // And a crash before the header was whole.
    for (const cut of [0, 1, passed[0]!.bytes - 1]) cuts.add(cut);
    let checked = 0;
    for (const cut of [...cuts].sort((a, b) => a - b)) {
      const copy = join(mkdtempSync(join(tmpdir(), 'svc-cut-')), 'data');
      mkdirSync(copy);
      writeFileSync(join(copy, 'log-000001.jsonl'), log.subarray(0, cut));
      const warnings: string[] = [];
      const restored = await open(copy, warnings);
      const expected = passed.filter((each) => each.bytes <= cut).at(-1)?.view ?? passed[0]!.view;
      expect(viewOf(restored.state), `cut at byte ${cut} of ${log.length}`).toBe(expected);
      // A cut inside a record is a torn tail: dropped with one warning; a cut at a boundary is silent.
      const atBoundary = cut === 0 || passed.some((each) => each.bytes === cut);
      expect(warnings.length, `cut at byte ${cut}: ${warnings.join(' ')}`).toBe(atBoundary ? 0 : 1);
      await restored.dataDir.close();
      restored.state.close();
      checked++;
    }
    expect(checked).toBeGreaterThan(40);
  });
});
