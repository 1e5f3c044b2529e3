// `svc tx list`: its run, called directly against the emulator.
import { describe, expect, it } from 'vitest';
import { parseTxListOptions, run } from '../../../src/commands/tx/list.js';
import { withTestContext } from '../../helpers/test-context.js';
import { useEmulator } from '../fixture.js';

const emulator = useEmulator();

describe('tx list: run', () => {
  it('prints one TSV row per transaction of the network and status asked for', async () => {
    await withTestContext({ baseUrl: emulator.url }, async ({ context, io }) => {
      await run(parseTxListOptions({ network: 'fuji', status: 'failed', pageSize: '5' }), context);
      const rows = io.stdout().trimEnd().split('\n');
      expect(rows).toHaveLength(5);
      for (const row of rows) {
        const columns = row.split('\t');
        expect(columns).toHaveLength(9);
        expect(columns[8]).toBe('failed');
      }
    });
  });

  it('--json --limit: each page as returned, one document a line, items up to the limit', async () => {
    await withTestContext({ baseUrl: emulator.url, globals: { json: true } }, async ({ context, io }) => {
      await run(parseTxListOptions({ limit: '150' }), context);
      const pages = io
        .stdout()
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as { transactions: unknown[] });
      expect(pages.map((page) => page.transactions.length)).toEqual([100, 50]);
    });
  });
});
