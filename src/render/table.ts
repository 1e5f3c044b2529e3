// Tables for people at a terminal (cli-table3, borderless like gh's), fitted to the terminal's width.
import Table from 'cli-table3';
import { Chalk } from 'chalk';
import type { ChalkInstance } from 'chalk';
import stripAnsi from 'strip-ansi';
import { displayWidth, shortenMiddle, truncate } from './width.js';

export interface Column {
  header: string;
  /** How the column gives way when the table is wider than the terminal. */
  shrink: 'middle' | 'end' | 'none';
  /** Narrowest it may become. */
  minWidth?: number;
  align?: 'left' | 'right';
  /**
   * When even the narrowest widths are too wide for the terminal, columns with a drop order are left out,
   * lowest first, rather than letting every line wrap (the data is whole when piped or with --json).
   */
  dropOrder?: number;
}

export interface TableStyle {
  width: number;
  color: boolean;
  /**
   * Pages of one listing printed as one table: the first page's columns and widths are kept here and the
   * later pages reuse them, without a header, so the columns line up from the first row to the last.
   */
  pages?: { layout?: TableLayout };
}

export interface TableLayout {
  visible: number[];
  widths: number[];
}

const GAP = 2;
/** cli-table3 without borders, columns two spaces apart (as gh draws tables); the tests draw their reference with it. */
export const BORDERLESS = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: ' '.repeat(GAP),
};

export function palette(color: boolean): ChalkInstance {
  return new Chalk({ level: color ? 1 : 0 });
}

/**
 * Column widths that fit `available`: the natural widths, then the widest shrinkable column narrowed one
 * character at a time until the table fits or nothing can give. Columns shortened in the middle (hashes, addresses,
 * URLs: their two ends still tell them apart) give way first, down to their narrowest; only then are words cut at
 * their end (a method, a chain's name), which would leave them unreadable.
 */
export function fitWidths(columns: Column[], natural: number[], available: number): number[] {
  const widths = [...natural];
  const total = () => widths.reduce((sum, width) => sum + width, 0) + GAP * (widths.length - 1);
  for (const shrinking of ['middle', 'end'] as const) {
    while (total() > available) {
      let widest = -1;
      for (let i = 0; i < columns.length; i++) {
        const column = columns[i]!;
        if (column.shrink !== shrinking || widths[i]! <= (column.minWidth ?? 8)) continue;
        if (widest < 0 || widths[i]! > widths[widest]!) widest = i;
      }
      if (widest < 0) break;
      widths[widest]!--;
    }
  }
  return widths;
}

/**
 * Which columns are shown (indices into `columns`) and the width of each (by the same index): all of them if
 * they can fit, else without the droppable ones, lowest drop order first, until the rest fit.
 */
export function fitColumns(columns: Column[], natural: number[], available: number): { visible: number[]; widths: number[] } {
  let visible = columns.map((_, i) => i);
  for (;;) {
    const fitted = fitWidths(
      visible.map((i) => columns[i]!),
      visible.map((i) => natural[i]!),
      available,
    );
    const total = fitted.reduce((sum, width) => sum + width, 0) + GAP * (fitted.length - 1);
    const droppable = visible.filter((i) => columns[i]!.dropOrder !== undefined);
    if (total <= available || droppable.length === 0) {
      const widths: number[] = [];
      for (const [position, column] of visible.entries()) widths[column] = fitted[position]!;
      return { visible, widths };
    }
    const first = droppable.reduce((a, b) => (columns[a]!.dropOrder! <= columns[b]!.dropOrder! ? a : b));
    visible = visible.filter((i) => i !== first);
  }
}

/**
 * A later page's layout: the same columns, each as wide as before or as this page needs if the terminal has
 * the room (a longer chain id or value is then shown whole, at the cost of that one column's alignment).
 */
function widen(layout: TableLayout, columns: Column[], natural: number[], available: number): TableLayout {
  const wanted = layout.visible.map((i) => Math.max(layout.widths[i]!, natural[i]!));
  const fitted = fitWidths(
    layout.visible.map((i) => columns[i]!),
    wanted,
    available,
  );
  const widths: number[] = [];
  for (const [position, column] of layout.visible.entries()) widths[column] = fitted[position]!;
  return { visible: layout.visible, widths };
}

/**
 * Renders rows of plain (already terminal-safe, one-line) text; `paint` may colour a cell after it was fitted, so
 * colour codes never count towards the width.
 *
 * cli-table3 draws the header; the rows are laid out here, by the rule cli-table3 follows for this borderless style
 * (each cell padded to its column's width, aligned, columns two spaces apart, trailing spaces trimmed). cli-table3's
 * layout compares every cell with every cell of the rows above it (layout-manager.js fillInTable/conflictExists),
 * which made 10,000 rows take 20 s; this is linear, and test/unit/table-scale.test.ts holds it to cli-table3's output.
 */
export function renderTable(
  columns: Column[],
  rows: string[][],
  style: TableStyle,
  paint?: (columnIndex: number, text: string, chalk: ChalkInstance) => string,
): string {
  const chalk = palette(style.color);
  const cellWidth = measurer();
  const natural = columns.map((column) => cellWidth(column.header));
  for (const row of rows) {
    for (let i = 0; i < columns.length; i++) natural[i] = Math.max(natural[i]!, cellWidth(row[i] ?? ''));
  }
  const continued = style.pages?.layout;
  const { visible, widths } = continued ? widen(continued, columns, natural, style.width) : fitColumns(columns, natural, style.width);
  if (style.pages) style.pages.layout = { visible, widths };
  const lineWidth = visible.reduce((sum, i) => sum + widths[i]!, 0) + GAP * (visible.length - 1);
  const lines: string[] = [];
  if (!continued) {
    const header = new Table({
      chars: BORDERLESS,
      style: { 'padding-left': 0, 'padding-right': 0, head: [], border: [] },
      head: visible.map((i) => chalk.bold(fitCell(columns[i]!.header, widths[i]!, columns[i]!.shrink))),
      colAligns: visible.map((i) => columns[i]!.align ?? 'left'),
      colWidths: visible.map((i) => widths[i]!),
      wordWrap: false,
    });
    lines.push(...header.toString().split('\n'));
  }
  for (const row of rows) {
    let line = '';
    for (const [position, i] of visible.entries()) {
      const column = columns[i]!;
      const text = fitCell(row[i] ?? '', widths[i]!, column.shrink);
      const padding = ' '.repeat(widths[i]! - cellWidth(text));
      const shown = paint ? paint(i, text, chalk) : text;
      if (position > 0) line += ' '.repeat(GAP);
      line += column.align === 'right' ? padding + shown : shown + padding;
    }
    lines.push(line);
  }
  const trimmed = lines.map((line) => line.trimEnd());
  // Only a terminal too narrow for the narrowest columns has lines to cut: measuring each line is for that case.
  return lineWidth <= style.width ? trimmed.join('\n') + '\n' : fitLines(trimmed, style.width);
}

/**
 * Printable ASCII and the ellipsis cut cells end in, where one character is one column and one grapheme: hashes,
 * addresses, numbers, most names, and what fitting made of them.
 */
// `\u2026` (…), not the character: the bundle must stay ASCII (scripts/build.mjs).
const ONE_COLUMN_EACH = /^[\x20-\x7e\u2026]*$/;

/**
 * Display width, without string-width's grapheme and emoji work for the text that needs none; the rest is measured
 * once per distinct text (string-width takes ~40 µs for a name with an emoji, and names repeat down a listing).
 */
function measurer(): (text: string) => number {
  const measured = new Map<string, number>();
  return (text) => {
    if (ONE_COLUMN_EACH.test(text)) return text.length;
    let width = measured.get(text);
    if (width === undefined) {
      width = displayWidth(text);
      measured.set(text, width);
    }
    return width;
  };
}

/**
 * A cell cut to its column as shortenMiddle/truncate cut it; one-column text is cut by slicing, which gives the same
 * text without segmenting graphemes (three cells of every transaction row are cut on a 160-column terminal).
 */
function fitCell(text: string, width: number, shrink: Column['shrink']): string {
  if (!ONE_COLUMN_EACH.test(text)) return shrink === 'middle' ? shortenMiddle(text, width) : truncate(text, width);
  if (text.length <= width) return text;
  if (width <= 0) return '';
  if (shrink !== 'middle' || width < 6) return text.slice(0, width - 1) + '…';
  const tail = Math.floor((width - 1) / 2);
  return text.slice(0, width - 1 - tail) + '…' + text.slice(text.length - tail);
}

/**
 * The last word on width: a line the columns could not bring within the terminal (a very narrow one) is cut, its
 * colour dropped so no escape sequence is cut in half. The data is whole when piped or with --json.
 */
function fitLines(lines: string[], width: number): string {
  return lines.map((line) => (displayWidth(line) <= width ? line : truncate(stripAnsi(line), width))).join('\n') + '\n';
}

/** A vertical "FIELD  value" listing for one resource. */
export function renderDetails(pairs: Array<[string, string]>, style: TableStyle): string {
  const chalk = palette(style.color);
  const labelWidth = Math.max(...pairs.map(([label]) => label.length));
  const valueWidth = style.width - labelWidth - GAP;
  if (valueWidth < 12) {
    // Too narrow for labels and values side by side: each value under its label, indented.
    return fitLines(
      pairs.flatMap(([label, value]) => [chalk.bold(label), `  ${truncate(value, style.width - 2)}`.trimEnd()]),
      style.width,
    );
  }
  return fitLines(
    pairs.map(([label, value]) => `${chalk.bold(label.padEnd(labelWidth))}${' '.repeat(GAP)}${truncate(value, valueWidth)}`.trimEnd()),
    style.width,
  );
}
