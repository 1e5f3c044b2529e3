// On a terminal (a pseudo-terminal here): tables with headers, the addresses footer, and the confirmation prompt.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freshConfigDir, runCliTty } from '../helpers/cli.js';
import type { TtyOptions } from '../helpers/cli.js';
import { makeTransaction, makeWebhook } from '../helpers/fixtures.js';
import { json, useRecordingServer, repeatedly } from '../helpers/test-server.js';

const KEY = 'sk_test_tty_key_000777';
const ID = '3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60';

const server = useRecordingServer();

const tty = (args: string[], options: TtyOptions = {}) => runCliTty(args, { baseUrl: server.url, apiKey: KEY, ...options });

/**
 * Output lines as the terminal shows them at the end: a cursor-to-column-1 (spinner redraw) or carriage
 * return starts the line over, then escape sequences are dropped.
 */
function plainLines(output: string): string[] {
  return output.split('\n').map((line) => {
    const segments = line.split(/\u001b\[1G|\u001b\[G|\r/);
    const last = [...segments].reverse().find((segment) => segment.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '') !== '') ?? '';
    return last.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');
  });
}

describe('svc tx list on a terminal', () => {
  it('renders a table with the column headers and readable values', async () => {
    server.respond([
      json({
        transactions: [
          makeTransaction({ txHash: '0x' + 'c'.repeat(64), value: '1500000000000000000', txStatus: '1', blockTimestamp: 1_700_000_000 }),
          makeTransaction({
            txHash: '0x' + 'e'.repeat(64),
            value: '0',
            txStatus: '0',
            method: { callType: 'X', methodHash: '0x095ea7b3' },
          }),
        ],
        nextPageToken: 'next-page-1',
      }),
    ]);
    const result = await tty(['tx', 'list'], { columns: 250 });
    expect(result.exitCode).toBe(0);
    const lines = plainLines(result.output);
    const header = lines.find((line) => line.includes('TIME (UTC)'));
    expect(header).toBeDefined();
    for (const column of ['CHAIN', 'BLOCK', 'TX HASH', 'FROM', 'TO', 'METHOD', 'VALUE', 'STATUS']) expect(header).toContain(column);
    const text = lines.join('\n');
    expect(text).toContain('2023-11-14 22:13:20');
    expect(text).toMatch(/1\.5/);
    expect(text).toContain('success');
    expect(text).toContain('failed');
    expect(text).toContain('0x095ea7b3');
    expect(text).toContain('transfer(address,uint256)');
    // One page on a terminal: the command for the next page.
    expect(text).toMatch(/--page-token next-page-1/);
  });

  it('several pages make one table: one header, the columns lined up from the first row to the last', async () => {
    server.respond([
      json({
        transactions: [makeTransaction({ txHash: '0x' + '1'.repeat(64) }), makeTransaction({ txHash: '0x' + '2'.repeat(64) })],
        nextPageToken: 'p2',
      }),
      json({ transactions: [makeTransaction({ txHash: '0x' + '3'.repeat(64) }), makeTransaction({ txHash: '0x' + '4'.repeat(64) })] }),
    ]);
    const result = await tty(['tx', 'list', '--all'], { columns: 160 });
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(2);
    const lines = plainLines(result.output).filter((line) => line.includes('TIME (UTC)') || line.includes('2023-'));
    expect(lines.filter((line) => line.includes('TIME (UTC)'))).toHaveLength(1);
    expect(lines).toHaveLength(5);
    const statusColumn = lines[0]!.indexOf('STATUS');
    for (const row of lines.slice(1)) expect(row.indexOf('success')).toBe(statusColumn);
  });

  it('fits a narrow terminal by shortening hashes in the middle', async () => {
    server.respond([json({ transactions: [makeTransaction({ txHash: '0x' + '9'.repeat(62) + 'ab' })] })]);
    const result = await tty(['tx', 'list'], { columns: 120 });
    expect(result.exitCode).toBe(0);
    const lines = plainLines(result.output).filter((line) => line.trim() !== '');
    const tableLines = lines.filter((line) => line.includes('TIME (UTC)') || line.includes('2023-'));
    expect(tableLines.length).toBe(2);
    for (const line of tableLines) expect(Array.from(line).length).toBeLessThanOrEqual(120);
    expect(lines.join('\n')).toContain('…');
  });

  it('hostile text from the service shows no escape sequences of its own', async () => {
    server.respond([
      json({
        transactions: [makeTransaction({ method: { callType: 'X', methodHash: '0x1', methodName: 'x\u001b]0;pwned\u0007y\u001b[2Jz' } })],
      }),
    ]);
    const result = await tty(['tx', 'list', '--no-color'], { columns: 250 });
    expect(result.exitCode).toBe(0);
    expect(result.output).not.toContain('\u001b]0;pwned');
    expect(result.output).not.toContain('\u001b[2J');
  });

  it('no spinner with --json or --quiet; the JSON is printed as returned', async () => {
    const body = '{"transactions": [],\n "nextPageToken": "x"}';
    server.respond(repeatedly({ status: 200, body }));
    const asJson = await tty(['tx', 'list', '--json']);
    expect(asJson.exitCode).toBe(0);
    expect(asJson.output).not.toContain('Fetching');
    expect(asJson.output).toContain(body);
    const quiet = await tty(['tx', 'list', '--quiet']);
    expect(quiet.exitCode).toBe(0);
    expect(quiet.output).not.toContain('Fetching');
  });

  it('no transactions: says so', async () => {
    server.respond([json({ transactions: [] })]);
    const result = await tty(['tx', 'list']);
    expect(result.exitCode).toBe(0);
    expect(result.output).toMatch(/No transactions found/);
  });

  it('NO_COLOR keeps the table free of colour codes; FORCE_COLOR-less TTY colours the status', async () => {
    server.respond(repeatedly(json({ transactions: [makeTransaction({ txStatus: '1' })] })));
    const plain = await tty(['tx', 'list', '-q']);
    expect(plain.output).not.toMatch(/\u001b\[3\dm/);
    const coloured = await tty(['tx', 'list', '-q'], { env: { NO_COLOR: undefined } });
    expect(coloured.exitCode).toBe(0);
    expect(coloured.output).toMatch(/\u001b\[32msuccess/);
  });
});

describe('svc webhook addresses on a terminal', () => {
  it('shows an ADDRESS table and the footer "Showing N of M addresses" with the next command', async () => {
    server.respond([json({ addresses: ['0x' + '1'.repeat(40), '0x' + '2'.repeat(40)], nextPageToken: 'tok-2', totalAddresses: 7 })]);
    const result = await tty(['webhook', 'addresses', ID, '--page-size', '2']);
    expect(result.exitCode).toBe(0);
    const text = plainLines(result.output).join('\n');
    expect(text).toContain('ADDRESS');
    expect(text).toContain('0x' + '1'.repeat(40));
    expect(text).toMatch(/Showing 2 of 7 addresses/);
    expect(text).toContain(`svc webhook addresses ${ID} --page-size 2 --page-token tok-2`);
  });
});

describe('svc webhook create on a terminal', () => {
  it('shows the created webhook as FIELD value lines, service text made safe', async () => {
    server.respond([json(makeWebhook({ id: 'wh-tty-1', name: 'evil\u001b]0;title\u0007name' }), 201)]);
    const result = await tty([
      'webhook',
      'create',
      '--url',
      'https://example.com/hook',
      '--chain-id',
      '43113',
      '--address',
      '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
    ]);
    expect(result.exitCode).toBe(0);
    const text = plainLines(result.output).join('\n');
    expect(text).toMatch(/ID\s+wh-tty-1/);
    expect(text).toMatch(/STATUS\s+active/);
    expect(text).toMatch(/CHAIN ID\s+43113/);
    expect(result.output).not.toContain('\u001b]0;title');
  });
});

describe('svc webhook addresses --all on a terminal', () => {
  it('the footer counts everything shown and offers no next page', async () => {
    server.respond([
      json({ addresses: ['0x' + '1'.repeat(40)], nextPageToken: 'p2', totalAddresses: 2 }),
      json({ addresses: ['0x' + '2'.repeat(40)], totalAddresses: 2 }),
    ]);
    const result = await tty(['webhook', 'addresses', ID, '--all']);
    expect(result.exitCode).toBe(0);
    const text = plainLines(result.output).join('\n');
    expect(text).toMatch(/Showing 2 of 2 addresses/);
    expect(text).not.toMatch(/--page-token/);
    expect(server.requests).toHaveLength(2);
  });
});

describe('svc webhook deactivate on a terminal', () => {
  it('asks, and "n" cancels with no request', async () => {
    server.respond([]);
    const result = await tty(['webhook', 'deactivate', ID], { typeAfter: { waitFor: '[y/N]', text: 'n\r' } });
    expect(result.output).toMatch(/Deactivate webhook .*\[y\/N\]/);
    expect(result.exitCode).not.toBe(0);
    expect(server.requests).toHaveLength(0);
  });

  it('asks, and an empty answer (default no) cancels', async () => {
    const result = await tty(['webhook', 'deactivate', ID], { typeAfter: { waitFor: '[y/N]', text: '\r' } });
    expect(result.exitCode).not.toBe(0);
    expect(server.requests).toHaveLength(0);
  });

  it('asks, and "y" deactivates and shows the webhook', async () => {
    server.respond([json(makeWebhook({ id: ID, status: 'inactive' }))]);
    const result = await tty(['webhook', 'deactivate', ID], { typeAfter: { waitFor: '[y/N]', text: 'y\r' } });
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.method).toBe('DELETE');
    const text = plainLines(result.output).join('\n');
    expect(text).toMatch(/STATUS\s+inactive/);
    expect(text).toContain(ID);
  });

  it('Ctrl-C at the question → exit 130, no request', async () => {
    const result = await tty(['webhook', 'deactivate', ID], { typeAfter: { waitFor: '[y/N]', text: '\u0003' } });
    expect(result.exitCode).toBe(130);
    expect(server.requests).toHaveLength(0);
  });

  it('--yes does not ask', async () => {
    server.respond([json(makeWebhook({ id: ID, status: 'inactive' }))]);
    const result = await tty(['webhook', 'deactivate', ID, '--yes']);
    expect(result.exitCode).toBe(0);
    expect(result.output).not.toContain('[y/N]');
    expect(server.requests).toHaveLength(1);
  });
});

describe('config on a terminal', () => {
  it('config set api-key asks with a hidden prompt: the key is stored, never echoed', async () => {
    const configDir = freshConfigDir();
    const secret = 'sk_test_typed_secret_998877';
    const result = await runCliTty(['config', 'set', 'api-key'], { configDir, typeAfter: { waitFor: 'API key', text: secret + '\r' } });
    expect(result.exitCode).toBe(0);
    expect(result.output).not.toContain(secret);
    expect(result.output).not.toContain(secret.slice(0, 12));
    const stored = JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')) as { profiles: { default: Record<string, string> } };
    expect(stored.profiles.default['api-key']).toBe(secret);
  });

  it('shows a table with SOURCE and a masked key', async () => {
    const result = await tty(['config', 'list']);
    expect(result.exitCode).toBe(0);
    const text = plainLines(result.output).join('\n');
    expect(text).toMatch(/SETTING\s+VALUE\s+SOURCE/);
    expect(text).toMatch(/api-key\s+\*+0777\s+env/);
    expect(text).not.toContain(KEY);
  });
});
