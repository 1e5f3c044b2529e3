// Following a newest-first listing (`--follow`): the first page, then each new item once as it appears, by polling.
import { createHash } from 'node:crypto';
import type { Fetched } from '../../api/client.js';
import { paginate } from '../../api/pages.js';
import type { PageRequest } from '../../api/pages.js';
import type { CommandContext } from '../../context.js';
import { ApiError, InterruptedError, NetworkError } from '../../errors.js';
import { interruption, sleep } from '../../interrupt.js';
import { countOf, formatCount, plural } from '../../render/count.js';
import { asOneLine } from '../../render/json.js';
import type { TableStyle } from '../../render/table.js';
import { keepDigits, lazyListLayout } from './listing.js';

export interface FollowSpec<Item, Body> {
  /** Between the end of one poll and the start of the next. */
  intervalMs: number;
  /** Page size of the first page (undefined: the service's default) and of every poll (undefined: the largest). */
  pageSize?: number;
  /** "transaction": for the count shown on Ctrl-C. */
  noun: string;
  /** The body's field that holds the list, to cut each item's own bytes out of a page for --json. */
  listField: string;
  fetch(request: PageRequest): Promise<Fetched<Body>>;
  items(body: Body): Item[];
  nextPageToken(body: Body): string | null | undefined;
  /** The item's identity, undefined when it has none (it is then known by its bytes). */
  key(item: Item): string | undefined;
  /** When the item happened, in ms, where it says; what is older than what was remembered counts as seen. */
  timeMs(item: Item): number | undefined;
  tsv(item: Item): string;
  table(items: Item[], style: TableStyle): string | Promise<string>;
}

/** The keys remembered to know an item seen: the last this many printed (a few pages' worth is what matters). */
export const REMEMBERED_KEYS = 4_096;
/** The most new items gathered by one poll (after an outage); past it the oldest of them are skipped, and it says so. */
export const MAX_ITEMS_PER_POLL = 10_000;
/** The longest wait between polls while the service is not answering. */
export const MAX_BACKOFF_MS = 30_000;

/** An item and its bytes as the service sent them. */
interface Received<Item> {
  item: Item;
  bytes: Buffer;
}

/**
 * A new item as kept until it is printed: its identity, and what will be printed (the item itself only for a table).
 * Piped, the row or JSON line is made at once, so neither the page nor its parsed items outlive the page's reading:
 * held across the requests of a poll they would be promoted to the old generation, which grows until a full
 * collection (RSS rose by a third over a minute before this).
 */
interface NewItem<Item> {
  key: string;
  timeMs: number | undefined;
  output: string | Buffer | undefined;
  item: Item | undefined;
}

/**
 * What has been printed, in bounded memory: the keys of the last REMEMBERED_KEYS items, and a floor in time below
 * which everything counts as seen. The floor starts at the oldest item of the first page (what is older was there
 * before the command started) and rises as keys are forgotten. An unseen item at the floor's own time is taken for
 * new: printing one item the first page left out is better than missing one that came in the same second.
 */
export class SeenItems {
  private readonly keys = new Set<string>();
  /** The remembered keys in the order they were printed, with their times: a ring buffer. */
  private readonly order: Array<{ key: string; timeMs: number | undefined }> = [];
  private oldest = 0;
  /** Items older than this count as seen. */
  floorMs: number | undefined;

  constructor(private readonly capacity = REMEMBERED_KEYS) {}

  has(key: string, timeMs: number | undefined): boolean {
    if (this.keys.has(key)) return true;
    return timeMs !== undefined && this.floorMs !== undefined && timeMs < this.floorMs;
  }

  add(key: string, timeMs: number | undefined): void {
    if (this.keys.has(key)) return;
    const entry = { key, timeMs };
    if (this.order.length < this.capacity) {
      this.order.push(entry);
    } else {
      const forgotten = this.order[this.oldest]!;
      this.keys.delete(forgotten.key);
      this.raiseFloor(forgotten.timeMs);
      this.order[this.oldest] = entry;
      this.oldest = (this.oldest + 1) % this.capacity;
    }
    this.keys.add(key);
  }

  raiseFloor(timeMs: number | undefined): void {
    if (timeMs !== undefined && (this.floorMs === undefined || timeMs > this.floorMs)) this.floorMs = timeMs;
  }

  get size(): number {
    return this.keys.size;
  }
}

/**
 * Prints the first page oldest first, then polls for ever: each poll reads the newest page and, while every item on a
 * page is new (more than a page arrived since the last poll), the pages after it, until it reaches an item already
 * seen; the new items are printed oldest first. A poll that fails with a network error or a 5xx/429 (after the
 * client's own retries) is an outage: one stderr line, polls again with a growing wait, one line when it is over.
 * Other errors end it. Ends only by an interrupt: Ctrl-C says how many items were shown and throws its reason.
 */
export async function followListing<Item, Body>(context: CommandContext, spec: FollowSpec<Item, Body>): Promise<never> {
  const { io, interrupt } = context;
  const seen = new SeenItems();
  const style: TableStyle = { width: io.columns, color: io.colorEnabled, pages: {} };
  const json = context.globals.json;
  const table = !json && io.isStdoutTTY;
  const keep = (received: Received<Item>, key = identity(spec, received)): NewItem<Item> => ({
    key,
    timeMs: spec.timeMs(received.item),
    // --json: one document a line, the item's own bytes; piped: its TSV row.
    output: table ? undefined : json ? asOneLine(received.bytes) : spec.tsv(received.item),
    item: table ? received.item : undefined,
  });
  let shown = 0;

  /** Prints new items, oldest first: a write per row piped, so a reader gets each as it is printed. */
  const print = async (batch: Array<NewItem<Item>>, first: boolean) => {
    for (const kept of batch) seen.add(kept.key, kept.timeMs);
    if (table) {
      // The header once, above the first page; later rows keep its columns (TableStyle.pages).
      if (batch.length > 0 || first) {
        style.width = io.columns;
        await io.write(
          await spec.table(
            batch.map((kept) => kept.item!),
            style,
          ),
        );
      }
      shown += batch.length;
      return;
    }
    for (const kept of batch) {
      await io.write(kept.output!);
      shown++;
    }
  };

  try {
    const firstPage = await spec.fetch({ pageSize: spec.pageSize });
    const firstItems = receivedItems(spec, firstPage).map((received) => keep(received));
    // Whatever is older than the first page was there before the command started.
    seen.raiseFloor(oldestTime(firstItems.map((kept) => kept.timeMs)));
    await print(firstItems.reverse(), true);
    await rememberFloorItems(spec, seen, spec.nextPageToken(firstPage.data));
    if (io.isStderrTTY && !io.quiet) {
      io.warn(`Waiting for new ${plural(spec.noun)} (every ${spec.intervalMs / 1000} s); Ctrl-C to stop`);
    }

    let failures = 0;
    let outageStartedAt = 0;
    for (;;) {
      await sleep(failures === 0 ? spec.intervalMs : Math.min(MAX_BACKOFF_MS, spec.intervalMs * 2 ** failures), interrupt);
      let batch: Array<NewItem<Item>>;
      try {
        batch = await newItems(spec, seen, keep, () =>
          io.warn(
            `svc: more than ${formatCount(MAX_ITEMS_PER_POLL, io.isStderrTTY)} new ${plural(spec.noun)} since the last poll: the older ones were skipped`,
          ),
        );
      } catch (error) {
        if (interrupt.aborted || !isOutage(error)) throw error;
        if (failures === 0) {
          outageStartedAt = Date.now();
          const what = error instanceof ApiError && error.status === 429 ? 'is limiting requests' : 'is not answering';
          io.warn(`svc: the service ${what} (${describeOutage(error)}); retrying`);
        }
        failures++;
        continue;
      }
      if (failures > 0) {
        io.warn(`svc: the service is answering again after ${Math.round((Date.now() - outageStartedAt) / 1000)} s; resuming`);
        failures = 0;
      }
      await print(batch.reverse(), false);
    }
  } catch (error) {
    if (!interrupt.aborted) throw error;
    const reason = interruption(interrupt);
    // Ctrl-C or SIGTERM: what was shown. A reader that left (`| head`) is not told anything.
    if (reason instanceof InterruptedError && !io.quiet) io.warn(`svc: ${countOf(shown, spec.noun, io.isStderrTTY)} shown`);
    throw reason;
  }
}

/** The item's key, or for an item without one, a digest of its bytes. */
function identity<Item, Body>(spec: FollowSpec<Item, Body>, received: Received<Item>): string {
  return spec.key(received.item) ?? `bytes:${createHash('sha256').update(received.bytes).digest('hex')}`;
}

function oldestTime(times: Array<number | undefined>): number | undefined {
  let oldest: number | undefined;
  for (const time of times) if (time !== undefined && (oldest === undefined || time < oldest)) oldest = time;
  return oldest;
}

/** A page's items with the bytes of each (numbers past 2^53 given back their digits for tables and TSV). */
function receivedItems<Item, Body>(spec: FollowSpec<Item, Body>, fetched: Fetched<Body>): Array<Received<Item>> {
  const items = spec.items(fetched.data);
  const layout = lazyListLayout(fetched.raw, spec.listField);
  keepDigits(items, fetched.raw, layout);
  // Every item's bytes are needed (for --json, and for identity when an item has no key): the layout is read once.
  const { elements } = items.length > 0 ? layout() : { elements: [] };
  return items.map((item, index) => ({ item, bytes: fetched.raw.subarray(elements[index]![0], elements[index]![1]) }));
}

/** How many pages after the first are read for the items that share the first page's oldest time. */
const FLOOR_PAGES = 10;

/**
 * The items after the first page that share the time of its oldest item (the rest of its block, when the page ended
 * inside one): remembered without being printed, as everything older is. Without them the first poll would take
 * them for new, their time being no older than the floor.
 */
async function rememberFloorItems<Item, Body>(
  spec: FollowSpec<Item, Body>,
  seen: SeenItems,
  nextPageToken: string | null | undefined,
): Promise<void> {
  const floorMs = seen.floorMs;
  if (floorMs === undefined || typeof nextPageToken !== 'string' || nextPageToken === '') return;
  let pagesLeft = FLOOR_PAGES;
  let passedFloor = false;
  const pages = paginate(
    { followPages: true, firstPageToken: nextPageToken, pageSize: spec.pageSize },
    (request) => spec.fetch(request),
    (fetched) => ({ itemCount: spec.items(fetched.data).length, nextPageToken: spec.nextPageToken(fetched.data) }),
    () => (passedFloor || pagesLeft-- <= 0 ? 0 : Infinity),
  );
  for await (const fetched of pages) {
    for (const received of receivedItems(spec, fetched)) {
      const timeMs = spec.timeMs(received.item);
      if (timeMs !== undefined && timeMs < floorMs) passedFloor = true;
      else seen.add(identity(spec, received), timeMs);
    }
  }
}

/**
 * The items not seen yet, newest first: the newest page's, and while a page holds nothing seen, the next page's (the
 * listing is paged newest first, so nextPageToken leads back to what was there at the last poll).
 */
async function newItems<Item, Body>(
  spec: FollowSpec<Item, Body>,
  seen: SeenItems,
  keep: (received: Received<Item>, key: string) => NewItem<Item>,
  onSkipped: () => void,
): Promise<Array<NewItem<Item>>> {
  const fresh: Array<NewItem<Item>> = [];
  // A page boundary may move while the pages are read: an item met twice in one poll is taken once.
  const gathered = new Set<string>();
  let reachedSeen = false;
  let skipped = false;
  const pages = paginate(
    { followPages: true, pageSize: spec.pageSize },
    (request) => spec.fetch(request),
    (fetched) => ({ itemCount: spec.items(fetched.data).length, nextPageToken: spec.nextPageToken(fetched.data) }),
    () => (reachedSeen ? 0 : Infinity),
  );
  for await (const fetched of pages) {
    for (const received of receivedItems(spec, fetched)) {
      const key = identity(spec, received);
      if (seen.has(key, spec.timeMs(received.item))) {
        reachedSeen = true;
        continue;
      }
      if (gathered.has(key)) continue;
      if (fresh.length < MAX_ITEMS_PER_POLL) {
        gathered.add(key);
        fresh.push(keep(received, key));
      } else skipped = true;
    }
    // What is skipped is older than everything kept: reading further back would only skip more.
    if (skipped) reachedSeen = true;
  }
  if (skipped) {
    // The skipped items are older than every kept one: the next poll must not take them for new.
    seen.raiseFloor(oldestTime(fresh.map((kept) => kept.timeMs)));
    onSkipped();
  }
  return fresh;
}

/** Failures that pass: the service unreachable, overloaded or failing on its side. A 4xx (a bad key) does not. */
function isOutage(error: unknown): boolean {
  if (error instanceof NetworkError) return error.failure !== 'tls';
  if (error instanceof ApiError) return error.status >= 500 || error.status === 429;
  return false;
}

function describeOutage(error: unknown): string {
  if (error instanceof ApiError) return `HTTP ${error.status}${error.reason ? ' ' + error.reason : ''}`;
  return (error as Error).message;
}
