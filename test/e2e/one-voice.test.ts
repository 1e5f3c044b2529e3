// One column set per resource: every command that prints a webhook prints the columns of `webhook list`, which are
// the ones the README lists (README "Output"); the same for transactions, addresses and notifications, and every
// command of the tree says which resource it prints rows of, if any.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { ADDRESS_TSV_COLUMNS } from '../../src/render/addresses.js';
import { EMULATOR_TSV_COLUMNS } from '../../src/render/emulators.js';
import { CHAIN_TSV_COLUMNS } from '../../src/render/chains.js';
import { TOKEN_BALANCE_TSV_COLUMNS } from '../../src/render/balances.js';
import { CONTRACT_TSV_COLUMNS } from '../../src/render/contracts.js';
import { NFT_TSV_COLUMNS } from '../../src/render/nfts.js';
import { ATTEMPT_TSV_COLUMNS, DELIVERY_TSV_COLUMNS } from '../../src/render/deliveries.js';
import { NOTIFICATION_TSV_COLUMNS, notificationTsv } from '../../src/render/notifications.js';
import type { ShownMessage } from '../../src/render/notifications.js';
import type { ReceivedNotification } from '../../src/schema/notifications.js';
import { TRANSACTION_TSV_COLUMNS } from '../../src/render/transactions.js';
import { WEBHOOK_TSV_COLUMNS } from '../../src/render/webhooks.js';
import { notification } from '../helpers/signatures.js';
import { REPO_ROOT, runInProcess } from '../helpers/cli.js';
import { leafPaths } from '../helpers/command-tree.js';
import { API_KEY, startTestEmulator } from '../helpers/emulator-helpers.js';

/** A webhook for these checks: the least `webhook create` takes. */
const CREATE = [
  'webhook',
  'create',
  '--url',
  'https://example.com/hook',
  '--chain-id',
  '43113',
  '--address',
  '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
];

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.close());

/** The pages that list a resource's TSV columns: the README's Output table, and a feature's page under docs/. */
const COLUMN_PAGES = [
  'README.md',
  ...readdirSync(join(REPO_ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The Output table row of a resource, on the first page that has one: its cells. */
function readmeRow(resource: string): string[] {
  for (const page of COLUMN_PAGES) {
    const text = readFileSync(join(REPO_ROOT, page), 'utf8');
    const row = text.split('\n').find((line) => line.trim().startsWith(`| ${resource} |`));
    if (row) return row.split('|');
  }
  throw new Error(`no page lists TSV columns for ${resource}`);
}

/** The README's TSV columns of a resource, from its Output table. */
function readmeColumns(resource: string): string[] {
  const row = readmeRow(resource).join('|');
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
    const created = await runInProcess([...CREATE, '--name', 'voice'], options);
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
    const created = await runInProcess(CREATE, { ...options, ...terminal });
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

describe('every resource has one column set, the README’s, in every command that prints it', () => {
  const COLUMNS: Record<string, readonly string[]> = {
    transaction: TRANSACTION_TSV_COLUMNS,
    chain: CHAIN_TSV_COLUMNS,
    'token balance': TOKEN_BALANCE_TSV_COLUMNS,
    contract: CONTRACT_TSV_COLUMNS,
    nft: NFT_TSV_COLUMNS,
    webhook: WEBHOOK_TSV_COLUMNS,
    address: ADDRESS_TSV_COLUMNS,
    notification: NOTIFICATION_TSV_COLUMNS,
    emulator: EMULATOR_TSV_COLUMNS,
    delivery: DELIVERY_TSV_COLUMNS,
    'delivery attempt': ATTEMPT_TSV_COLUMNS,
  };
  /** Which resource each command prints rows of when piped; a command not named here prints none. */
  const PRINTS: Record<string, string> = {
    'tx list': 'transaction',
    'chain list': 'chain',
    'chain get': 'chain',
    // With --erc721, --erc1155 or --collectibles it prints NFT rows instead (docs/holdings.md says so).
    balance: 'token balance',
    'contract get': 'contract',
    'contract deployments': 'contract',
    'nft list': 'nft',
    'nft get': 'nft',
    'webhook list': 'webhook',
    'webhook get': 'webhook',
    'webhook create': 'webhook',
    'webhook update': 'webhook',
    'webhook activate': 'webhook',
    'webhook deactivate': 'webhook',
    'webhook addresses list': 'address',
    'webhook listen': 'notification',
    'emulator status': 'emulator',
    // With --follow it prints attempts instead, as `deliveries show` does (the README says so).
    'emulator deliveries list': 'delivery',
    'emulator deliveries show': 'delivery attempt',
    'emulator redeliver': 'delivery attempt',
    // The chain's reads (docs/evm-transactions.md lists their columns; `tx list --kind` prints transfers or internal
    // transactions instead, as that page says): not yet in the README's Output table, so not in COLUMNS above.
    'tx get': 'transaction record',
    'block list': 'block',
    'block get': 'block',
    'address chains': 'address chain',
    'token transfers': 'transfer',
  };
  const NO_ROWS = new Set([
    'webhook addresses add',
    'webhook addresses remove',
    'webhook apply',
    'webhook verify',
    'webhook secret show',
    'webhook secret rotate',
    'event-signature',
    // A write whose answer the operator leaves empty: it says what it asked for at a terminal.
    'nft reindex',
    'config set',
    'config get',
    'config list',
    'config unset',
    'config path',
    // The inspector's URL, or nothing.
    'emulator open',
    'emulator start',
    'emulator trigger',
    'emulator stop',
    // The emulator's own log as written; a reset prints nothing on stdout.
    'emulator logs',
    'emulator reset',
    // The ids of the messages it sends again, one a line: no resource's columns.
    'emulator deliveries recover',
    // Prints nothing: it points at deactivate.
    'webhook delete',
    // The service's answer as returned; --list prints the operator's operations, which are no resource of it.
    'api',
    'completion',
    'help',
  ]);
  it('every command says which resource it prints, if any (a new command must say)', () => {
    const unclassified = leafPaths()
      .map((path) => path.join(' '))
      .filter((command) => !(command in PRINTS) && !NO_ROWS.has(command) && !command.endsWith(' help'));
    expect(unclassified).toEqual([]);
  });

  it.each(Object.keys(COLUMNS).map((resource) => [resource]))(
    '%s: the README lists its columns and the commands that print it',
    (resource) => {
      expect(readmeColumns(resource)).toEqual([...COLUMNS[resource]!]);
      const printedBy = [...readmeRow(resource)[3]!.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
      const expected = Object.entries(PRINTS)
        .filter(([, printed]) => printed === resource)
        .map(([command]) => command);
      // The README shortens "webhook get" to "get" after the first command of a row (a command of one word stays whole).
      const group = expected[0]!.split(' ').slice(0, -1).join(' ');
      expect(printedBy.map((command) => (command.includes(' ') || group === '' ? command : `${group} ${command}`))).toEqual(expected);
    },
  );

  it('tx list, webhook addresses list and listen print rows of exactly those columns', async () => {
    const options = { baseUrl: emulator.url, apiKey: API_KEY };
    const txs = await runInProcess(['tx', 'list', '--limit', '20'], options);
    expect(txs.exitCode, txs.stderr).toBe(0);
    for (const row of txs.stdout.trimEnd().split('\n')) expect(row.split('\t')).toHaveLength(TRANSACTION_TSV_COLUMNS.length);
    const created = await runInProcess(CREATE, options);
    const addresses = await runInProcess(['webhook', 'addresses', 'list', created.stdout.split('\t')[0]!], options);
    expect(
      addresses.stdout
        .trimEnd()
        .split('\n')
        .map((row) => row.split('\t').length),
    ).toEqual([ADDRESS_TSV_COLUMNS.length]);
    const shown: ShownMessage = { message: notification() as unknown as ReceivedNotification, receivedAt: new Date(), duplicate: false };
    const row = notificationTsv(shown);
    expect(row.replace(/\n$/, '').split('\t')).toHaveLength(NOTIFICATION_TSV_COLUMNS.length);
  });
});
