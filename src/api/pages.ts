// Following nextPageToken: page sizes chosen to fetch exactly what will be printed, and an end that always comes.
import { ResponseShapeError } from '../errors.js';
import { PAGE_SIZE_MAX } from '../schema/index.js';

export interface PagePlan {
  /** The token to start from (--page-token). */
  firstPageToken?: string;
  /** --page-size, when the user gave one. */
  pageSize?: number;
  /** False for a single page; true for --limit/--all. */
  followPages: boolean;
}

/** How many consecutive empty pages that still carry a token are tolerated before giving up. */
export const MAX_EMPTY_PAGES = 100;

export interface PageRequest {
  pageToken?: string;
  pageSize?: number;
}

/**
 * Yields pages in order. `remaining()` says how many more items the caller wants (Infinity for --all); it is
 * asked before each request so the next page is no larger than what will be printed. A token that is
 * absent or empty ends the listing; a token seen before means the service is looping, which is an error.
 */
export async function* paginate<Page>(
  plan: PagePlan,
  fetchPage: (request: PageRequest) => Promise<Page>,
  describe: (page: Page) => { itemCount: number; nextPageToken: unknown },
  remaining: () => number,
): AsyncGenerator<Page> {
  let pageToken = plan.firstPageToken;
  const seenTokens = new Set<string>();
  if (pageToken) seenTokens.add(pageToken);
  let emptyPagesInARow = 0;
  for (;;) {
    const wanted = remaining();
    if (wanted <= 0) return;
    const pageSize = plan.followPages ? Math.min(plan.pageSize ?? PAGE_SIZE_MAX, wanted) : plan.pageSize;
    const page = await fetchPage({ pageToken, pageSize });
    const { itemCount, nextPageToken: next } = describe(page);
    yield page;
    if (!plan.followPages) return;
    if (typeof next !== 'string' || next === '') return;
    if (seenTokens.has(next)) {
      throw new ResponseShapeError(`the service sent page token "${shorten(next)}" a second time; stopped instead of looping`);
    }
    seenTokens.add(next);
    emptyPagesInARow = itemCount === 0 ? emptyPagesInARow + 1 : 0;
    if (emptyPagesInARow >= MAX_EMPTY_PAGES) {
      throw new ResponseShapeError(`the service sent ${MAX_EMPTY_PAGES} empty pages in a row, each with a new token; stopped`);
    }
    pageToken = next;
  }
}

function shorten(token: string): string {
  return token.length > 40 ? token.slice(0, 37) + '...' : token;
}
