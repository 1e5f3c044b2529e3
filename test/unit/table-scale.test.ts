// Terminal tables of any size: the linear row layout draws exactly what cli-table3 draws, for any text and width.
import Table from 'cli-table3';
import fc from 'fast-check';
import stripAnsi from 'strip-ansi';
import { describe, expect, it } from 'vitest';
import { transactionTable } from '../../src/render/transactions.js';
import { BORDERLESS, fitColumns, palette, renderTable } from '../../src/render/table.js';
import type { Column, TableLayout, TableStyle } from '../../src/render/table.js';
import { displayWidth, shortenMiddle, truncate } from '../../src/render/width.js';

const paintStatus = (column: number, text: string, chalk: ReturnType<typeof palette>) =>
  column === 0 && text === 'ok' ? chalk.green(text) : text;

/** The table as cli-table3 draws it whole (header and every row), with the layout renderTable chose. */
function drawnByCliTable3(columns: Column[], rows: string[][], layout: TableLayout, color: boolean, header: boolean, width: number) {
  const chalk = palette(color);
  const cut = (text: string, i: number) =>
    columns[i]!.shrink === 'middle' ? shortenMiddle(text, layout.widths[i]!) : truncate(text, layout.widths[i]!);
  const table = new Table({
    chars: BORDERLESS,
    style: { 'padding-left': 0, 'padding-right': 0, head: [], border: [] },
    head: header ? layout.visible.map((i) => chalk.bold(cut(columns[i]!.header, i))) : [],
    colAligns: layout.visible.map((i) => columns[i]!.align ?? 'left'),
    colWidths: layout.visible.map((i) => layout.widths[i]!),
    wordWrap: false,
  });
  for (const row of rows) table.push(layout.visible.map((i) => paintStatus(i, cut(row[i] ?? '', i), chalk)));
  const lines = table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd());
  return lines.map((line) => (displayWidth(line) <= width ? line : truncate(stripAnsi(line), width))).join('\n') + '\n';
}

// Text as services send it, and the kinds that take more or less than one column per character.
const cellText = fc.oneof(
  fc.string({ unit: fc.constantFrom('a', 'Z', '0', 'x', ' ', '.', '-'), maxLength: 70 }),
  fc.string({ unit: fc.constantFrom('a', '转', '账', '😀', '👍🏽', 'é', 'e\u0301', '…', '한', ' '), maxLength: 30 }),
  fc.constantFrom('ok', 'failed', '', '0x' + 'ab'.repeat(32)),
);
const columnSpec = fc.record({
  header: fc.constantFrom('A', 'HASH', 'VALUE', 'TIME (UTC)', '名前'),
  shrink: fc.constantFrom<Column['shrink']>('middle', 'end', 'none'),
  minWidth: fc.option(fc.integer({ min: 1, max: 20 }), { nil: undefined }),
  align: fc.constantFrom<Column['align']>('left', 'right', undefined),
  dropOrder: fc.option(fc.integer({ min: 1, max: 9 }), { nil: undefined }),
});

describe('renderTable draws what cli-table3 draws', () => {
  it('for any text, columns, width and colour, over several pages', () => {
    fc.assert(
      fc.property(
        fc.array(columnSpec, { minLength: 1, maxLength: 6 }),
        fc.array(fc.array(cellText, { minLength: 6, maxLength: 6 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.array(cellText, { minLength: 6, maxLength: 6 }), { maxLength: 4 }),
        fc.integer({ min: 1, max: 220 }),
        fc.boolean(),
        (columns, firstPage, secondPage, width, color) => {
          // Every table keeps at least one column (the hash, the address, the key): none is left to draw otherwise.
          fc.pre(columns.some((column) => column.dropOrder === undefined));
          const style: TableStyle = { width, color, pages: {} };
          const first = renderTable(columns, firstPage, style, paintStatus);
          const firstLayout = style.pages!.layout!;
          const natural = columns.map((column, i) =>
            Math.max(displayWidth(column.header), ...firstPage.map((row) => displayWidth(row[i]!))),
          );
          expect(firstLayout).toEqual(fitColumns(columns, natural, width));
          expect(first).toBe(drawnByCliTable3(columns, firstPage, firstLayout, color, true, width));
          if (secondPage.length === 0) return;
          const second = renderTable(columns, secondPage, style, paintStatus);
          expect(second).toBe(drawnByCliTable3(columns, secondPage, style.pages!.layout!, color, false, width));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('a big page on a terminal', () => {
  const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
  const transaction = (i: number) => ({
    blockNumber: String(48_000_000 - i),
    blockTimestamp: 1_760_000_000 - i,
    chainId: i % 3 ? '43114' : '43113',
    txHash: '0x' + hex(i, 64),
    txStatus: i % 4 ? '1' : '0',
    from: { address: '0x' + hex(i, 40) },
    to: { address: '0x' + hex(i + 1, 40) },
    method: { methodHash: '0xa9059cbb', methodName: i % 500 ? 'transfer' : '转账 😀' },
    value: String(10n ** 18n * BigInt(i + 1)),
  });

  it('draws every one of 10,000 rows, each within 160 columns, in the columns of the header', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => transaction(i));
    const text = await transactionTable(rows, { width: 160, color: false, pages: {} });
    const lines = text.slice(0, -1).split('\n');
    expect(lines).toHaveLength(10_001);
    expect(lines[0]).toMatch(/^TIME \(UTC\)\s+CHAIN\s+BLOCK\s+TX HASH/);
    // string-width is slow on the ellipsis of cut cells: lines of one-column characters are measured by length.
    let widest = 0;
    for (const line of lines) widest = Math.max(widest, /^[\x20-\x7e…]*$/.test(line) ? line.length : displayWidth(line));
    expect(widest).toBeLessThanOrEqual(160);
    const hashStart = lines[0]!.indexOf('TX HASH');
    expect(lines[10_000]!.slice(hashStart, hashStart + 8)).toBe('0x000000');
    expect(lines[10_000]).toContain('47990001');
  });

  it('takes a page far larger than any argument list (no spread of the rows)', () => {
    const columns: Column[] = [{ header: 'ADDRESS', shrink: 'middle', minWidth: 11 }];
    // Spreading more than ~125,000 values overflows the stack on Node 20 (less inside a deep call): 150,000 rows would.
    // The count is the point, not the text: short cells (nothing to cut) keep the 150,000 rows cheap to make and draw.
    const rows = Array.from({ length: 150_000 }, (_, i) => [String(i)]);
    const text = renderTable(columns, rows, { width: 30, color: false });
    expect(text.split('\n')).toHaveLength(150_002);
  });
});
