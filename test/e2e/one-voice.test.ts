// One column set per resource: every command that prints a webhook prints the columns of `webhook list`, which are
// the ones the README lists (README "Output").
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { ATTEMPT_TSV_COLUMNS, DELIVERY_TSV_COLUMNS } from '../../src/render/deliveries.js';
import { WEBHOOK_TSV_COLUMNS } from '../../src/render/webhooks.js';
import { REPO_ROOT, runInProcess } from '../helpers/cli.js';
import { API_KEY, startTestEmulator } from '../helpers/emulator-helpers.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.close());

/** The README's TSV columns of a resource, from its Output table. */
function readmeColumns(resource: string): string[] {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const row = readme.split('\n').find((line) => line.trim().startsWith(`| ${resource} |`));
  if (!row) throw new Error(`README lists no TSV columns for ${resource}`);
  // "created (ISO 8601, UTC)": what is in parentheses describes the column and may hold commas.
  return row
    .split('|')[2]!
    .replace(/\(.*?\)/g, '')
    .split(',')
    .map((column) => column.trim());
}

describe('the emulator delivery and attempt columns', () => {
  it('are the README’s', () => {
    expect(readmeColumns('delivery')).toEqual([...DELIVERY_TSV_COLUMNS]);
    expect(readmeColumns('delivery attempt')).toEqual([...ATTEMPT_TSV_COLUMNS]);
  });
});

describe('the webhook columns', () => {
  it('are the README’s', () => {
    expect(readmeColumns('webhook')).toEqual([...WEBHOOK_TSV_COLUMNS]);
  });

  it('are the same from create, get, update, activate, deactivate and list', async () => {
    const options = { baseUrl: emulator.url, apiKey: API_KEY };
    const created = await runInProcess(
      [
        'webhook',
        'create',
        '--url',
        'https://example.com/hook',
        '--chain-id',
        '43113',
        '--address',
        '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
        '--name',
        'voice',
      ],
      options,
    );
    const id = created.stdout.split('\t')[0]!;
    const rows = [created.stdout];
    for (const args of [['get', id], ['update', id, '--name', 'voice'], ['deactivate', id, '--yes'], ['activate', id], ['list']]) {
      const result = await runInProcess(['webhook', ...args], options);
      expect(result.exitCode, result.stderr).toBe(0);
      rows.push(result.stdout.split('\n')[0]!);
    }
    for (const row of rows) {
      const cells = row.trimEnd().split('\t');
      expect(cells).toHaveLength(WEBHOOK_TSV_COLUMNS.length);
      expect(cells[WEBHOOK_TSV_COLUMNS.indexOf('id')]).toBe(id);
      expect(cells[WEBHOOK_TSV_COLUMNS.indexOf('name')]).toBe('voice');
      expect(['active', 'inactive']).toContain(cells[WEBHOOK_TSV_COLUMNS.indexOf('status')]);
      expect(cells[WEBHOOK_TSV_COLUMNS.indexOf('event type')]).toBe('address_activity');
    }
  });
});
