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
const BORDERLESS = {
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
 * character at a time until the table fits or nothing can give.
 */
export function fitWidths(columns: Column[], natural: number[], available: number): number[] {
  const widths = [...natural];
  const total = () => widths.reduce((sum, width) => sum + width, 0) + GAP * (widths.length - 1);
  while (total() > available) {
    let widest = -1;
    for (let i = 0; i < columns.length; i++) {
      const column = columns[i]!;
      if (column.shrink === 'none' || widths[i]! <= (column.minWidth ?? 8)) continue;
      if (widest < 0 || widths[i]! > widths[widest]!) widest = i;
    }
    if (widest < 0) break;
    widths[widest]!--;
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
 * Renders rows of plain (already terminal-safe) text; `paint` may colour a cell after it was fitted, so
 * colour codes never count towards the width.
 */
export function renderTable(
  columns: Column[],
  rows: string[][],
  style: TableStyle,
  paint?: (columnIndex: number, text: string, chalk: ChalkInstance) => string,
): string {
  const chalk = palette(style.color);
  const natural = columns.map((column, i) => Math.max(displayWidth(column.header), ...rows.map((row) => displayWidth(row[i] ?? ''))));
  const continued = style.pages?.layout;
  const { visible, widths } = continued ? widen(continued, columns, natural, style.width) : fitColumns(columns, natural, style.width);
  if (style.pages) style.pages.layout = { visible, widths };
  const fit = (text: string, i: number) => {
    const column = columns[i]!;
    if (column.shrink === 'middle') return shortenMiddle(text, widths[i]!);
    return truncate(text, widths[i]!);
  };
  const table = new Table({
    chars: BORDERLESS,
    style: { 'padding-left': 0, 'padding-right': 0, head: [], border: [] },
    head: continued ? [] : visible.map((i) => chalk.bold(fit(columns[i]!.header, i))),
    colAligns: visible.map((i) => columns[i]!.align ?? 'left'),
    colWidths: visible.map((i) => widths[i]!),
    wordWrap: false,
  });
  for (const row of rows) {
    table.push(
      visible.map((i) => {
        const text = fit(row[i] ?? '', i);
        return paint ? paint(i, text, chalk) : text;
      }),
    );
  }
  return fitLines(
    table
      .toString()
      .split('\n')
      .map((line) => line.trimEnd()),
    style.width,
  );
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
