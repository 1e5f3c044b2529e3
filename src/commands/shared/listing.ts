// Shared by the list commands: follow pages, print each as it arrives (JSON, table or TSV), progress on stderr.
import type { Fetched } from '../../api/client.js';
import { paginate } from '../../api/pages.js';
import type { PageRequest } from '../../api/pages.js';
import type { CommandContext } from '../../context.js';
import { formatCount } from '../../render/count.js';
import { asOneLine, asReturned, listLayout, memberTexts } from '../../render/json.js';
import type { ListLayout } from '../../render/json.js';
import type { TableStyle } from '../../render/table.js';
import type { PagingOptions } from './paging.js';

export interface ListingSpec<Item, Body> {
  paging: PagingOptions;
  /** "transactions", "addresses": for progress and empty results. */
  noun: string;
  /** The body's field that holds the list ("transactions"), for --json pages written anew. */
  listField: string;
  fetch(request: PageRequest): Promise<Fetched<Body>>;
  items(body: Body): Item[];
  nextPageToken(body: Body): string | null | undefined;
  /** False for an item already printed in this run. */
  isNew?(item: Item): boolean;
  tsv(item: Item): string;
  /** May be async: the table renderer (cli-table3, chalk) is loaded only when a terminal needs it. */
  table(items: Item[], style: TableStyle): string | Promise<string>;
  /** How many items there are in all, where the service says (for the progress line). */
  total?(body: Body): number | undefined;
  /** Terminal-only lines after the last page (e.g. "Showing 10 of 250"), given that page's body. */
  footer?(lastBody: Body, shownCount: number): string | undefined;
}

export async function printListing<Item, Body>(context: CommandContext, spec: ListingSpec<Item, Body>): Promise<void> {
  const { io, globals } = context;
  const json = globals.json;
  const spinner = await io.spinner(json);
  const limit = spec.paging.limit ?? Infinity;
  const style: TableStyle = { width: io.columns, color: io.colorEnabled, pages: {} };
  let shown = 0;
  let pageCount = 0;
  let lastBody: Body | undefined;
  let total: number | undefined;
  // The spinner shows only on a terminal: digits grouped.
  const progress = () =>
    `Fetching ${spec.noun}: page ${formatCount(pageCount + 1, true)}, ${formatCount(shown, true)}${total === undefined ? '' : ` of ${formatCount(total, true)}`} so far`;
  try {
    const pages = paginate(
      { firstPageToken: spec.paging.pageToken, pageSize: spec.paging.pageSize, followPages: spec.paging.followPages },
      (request) => {
        spinner.update(progress());
        return spec.fetch(request);
      },
      (fetched) => ({ itemCount: spec.items(fetched.data).length, nextPageToken: spec.nextPageToken(fetched.data) }),
      () => limit - shown,
    );
    for await (const fetched of pages) {
      pageCount++;
      lastBody = fetched.data;
      total = spec.total?.(fetched.data) ?? total;
      const received = spec.items(fetched.data);
      const layout = lazyListLayout(fetched.raw, spec.listField);
      keepDigits(received, fetched.raw, layout);
      // Usually every item is printed as it came: no index list is built then (a long listing has thousands of pages).
      const room = limit - shown;
      const keptIndexes = spec.isNew || received.length > room ? selectItems(received, room, spec.isNew) : undefined;
      const kept = keptIndexes === undefined ? received : keptIndexes.map((i) => received[i]!);
      shown += kept.length;
      spinner.clear();
      if (json) {
        await io.write(
          jsonDocument(fetched.raw, layout, keptIndexes?.length === received.length ? undefined : keptIndexes, spec.paging.followPages),
        );
      } else if (kept.length > 0 && io.isStdoutTTY) {
        await io.write(await spec.table(kept, style));
      } else if (kept.length > 0) {
        let rows = '';
        for (const item of kept) rows += spec.tsv(item);
        await io.write(rows);
      }
    }
  } finally {
    spinner.clear();
  }
  if (json || !io.isStdoutTTY || lastBody === undefined) return;
  if (shown === 0) io.warn(`No ${spec.noun} found.`);
  // The footer counts what was shown and says how to get more: a hint, which --quiet leaves out with the others.
  const footer = io.quiet ? undefined : spec.footer?.(lastBody, shown);
  if (footer) {
    const { wrapLines } = await import('../../render/width.js');
    await io.write(wrapLines(footer, io.columns));
  }
}

/** The indexes of the items to print: new ones (when the listing drops repeats), at most `room` of them. */
function selectItems<Item>(received: Item[], room: number, isNew: ((item: Item) => boolean) | undefined): number[] {
  const kept: number[] = [];
  for (let i = 0; i < received.length && kept.length < room; i++) {
    if (!isNew || isNew(received[i]!)) kept.push(i);
  }
  return kept;
}

/**
 * One page for --json. A single page is written exactly as it came; over several pages each is one compact line
 * (newlines in JSON text are only whitespace, so removing them keeps the value). When items had to be dropped (already
 * printed, or beyond --limit) the list is rebuilt from the kept items' own bytes, the rest of the body around it as
 * returned: never parsed and re-serialised, so every number keeps its digits and every string its escapes.
 */
function jsonDocument(raw: Buffer, layout: () => ListLayout, keptIndexes: number[] | undefined, followPages: boolean): Buffer {
  if (keptIndexes === undefined) return followPages ? asOneLine(raw) : asReturned(raw);
  const { start, end, elements } = layout();
  const parts = [raw.subarray(0, start + 1)];
  for (const [position, index] of keptIndexes.entries()) {
    if (position > 0) parts.push(COMMA);
    const [itemStart, itemEnd] = elements[index]!;
    parts.push(raw.subarray(itemStart, itemEnd));
  }
  parts.push(raw.subarray(end - 1));
  return asOneLine(Buffer.concat(parts));
}

const COMMA = Buffer.from(',');

/** The list's place in the body, found on first use: most pages never need it. */
export function lazyListLayout(raw: Buffer, listField: string): () => ListLayout {
  let layout: ListLayout | undefined;
  return () => {
    layout ??= listLayout(raw, listField);
    // The body was parsed and its list checked before it got here.
    if (!layout) throw new Error(`no "${listField}" list in a checked page`);
    return layout;
  };
}

/**
 * JSON.parse rounds a number past 2^53 (123456789012345678901234567890 becomes 1.2345678901234568e+29): an item's
 * field holding a number that no longer reads as the service wrote it gets the service's text instead, so tables and
 * TSV show every digit (the schemas of listed items type their shown numeric fields as string or number).
 */
export function keepDigits(items: unknown[], raw: Buffer, layout: () => ListLayout): void {
  for (const [index, item] of items.entries()) {
    if (typeof item !== 'object' || item === null) continue;
    const fields = item as Record<string, unknown>;
    let texts: Map<string, string> | undefined;
    for (const key of Object.keys(fields)) {
      const value = fields[key];
      if (typeof value !== 'number' || Number.isSafeInteger(value)) continue;
      texts ??= memberTexts(raw, layout().elements[index]![0]);
      const text = texts.get(key);
      if (text !== undefined && text !== String(value)) fields[key] = text;
    }
  }
}
