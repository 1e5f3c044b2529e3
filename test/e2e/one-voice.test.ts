// One column set per resource: every command that prints a webhook prints the columns of `webhook list`, which are
// the ones the README lists (README "Output").
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
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

describe('every write says what it did, at a terminal, before what it shows', () => {
  const terminal = { stdoutTTY: true, stderrTTY: true, columns: 200 };
  const ADDRESS = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';

  it('create, update, deactivate, activate, addresses add and remove, secret rotate; nothing of it when piped', async () => {
    const options = { baseUrl: emulator.url, apiKey: 'sk_test_voice_headlines' };
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
      ],
      { ...options, ...terminal },
    );
    expect(created.exitCode, created.stderr).toBe(0);
    const id = /^Created webhook (\S+)$/m.exec(created.stderr)?.[1];
    expect(id).toBeDefined();
    expect(created.stdout).toContain(id);
    const writes: Array<[args: string[], headline: string]> = [
      [['webhook', 'update', id!, '--name', 'voice'], `Updated webhook ${id}`],
      [['webhook', 'deactivate', id!, '--yes'], `Deactivated webhook ${id}`],
      [['webhook', 'activate', id!], `Activated webhook ${id}`],
      [['webhook', 'addresses', 'add', id!, '--address', ADDRESS], `Added 1 address to webhook ${id}`],
      [['webhook', 'addresses', 'remove', id!, '--address', ADDRESS], `Removed 1 address from webhook ${id}`],
      [['webhook', 'secret', 'rotate', '--yes'], "Rotated this key's shared secret"],
    ];
    for (const [args, headline] of writes) {
      const atTerminal = await runInProcess(args, { ...options, ...terminal });
      expect(atTerminal.exitCode, atTerminal.stderr).toBe(0);
      expect(atTerminal.stderr.split('\n')[0], args.join(' ')).toContain(headline);
      const piped = await runInProcess(args, options);
      expect(piped.exitCode, piped.stderr).toBe(0);
      expect(piped.stderr, args.join(' ')).toBe('');
    }
  });
});
