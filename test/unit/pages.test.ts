// paginate(): page sizes that fetch exactly what will be printed, the end of a listing, and loop detection.
import { describe, expect, it } from 'vitest';
import { MAX_EMPTY_PAGES, paginate } from '../../src/api/pages.js';
import type { PagePlan, PageRequest } from '../../src/api/pages.js';
import { ResponseShapeError } from '../../src/errors.js';

interface Page {
  items: number[];
  nextPageToken?: unknown;
}

/** Runs paginate over scripted pages (or a function of the request), consuming items up to `limit`. */
async function drive(plan: PagePlan, serve: Page[] | ((request: PageRequest, index: number) => Page), limit = Infinity) {
  const requests: PageRequest[] = [];
  let shown = 0;
  const pages: Page[] = [];
  const fetchPage = async (request: PageRequest) => {
    const index = requests.length;
    requests.push(request);
    const page = typeof serve === 'function' ? serve(request, index) : serve[Math.min(index, serve.length - 1)]!;
    return page;
  };
  for await (const page of paginate<Page>(
    plan,
    fetchPage,
    (p) => ({ itemCount: p.items.length, nextPageToken: p.nextPageToken }),
    () => limit - shown,
  )) {
    pages.push(page);
    shown += Math.min(page.items.length, limit - shown);
  }
  return { requests, pages, shown };
}

/** Serves `total` items, as many per page as asked (10 by default), tokens "o<offset>". */
function server(total: number) {
  return (request: PageRequest): Page => {
    const offset = request.pageToken ? Number(request.pageToken.slice(1)) : 0;
    const size = request.pageSize ?? 10;
    const items = Array.from({ length: Math.max(0, Math.min(size, total - offset)) }, (_, i) => offset + i);
    return offset + size < total ? { items, nextPageToken: `o${offset + size}` } : { items };
  };
}

describe('paginate', () => {
  it('a single page: one request, the given size and token, no following', async () => {
    const { requests } = await drive({ followPages: false, pageSize: 20, firstPageToken: 'start' }, server(1000));
    expect(requests).toEqual([{ pageToken: 'start', pageSize: 20 }]);
  });

  it('a single page without size sends none', async () => {
    const { requests } = await drive({ followPages: false }, server(1000));
    expect(requests).toEqual([{ pageToken: undefined, pageSize: undefined }]);
  });

  it('limit 250, no page size → 100, 100, 50', async () => {
    const { requests, shown } = await drive({ followPages: true }, server(1000), 250);
    expect(requests.map((r) => r.pageSize)).toEqual([100, 100, 50]);
    expect(requests.map((r) => r.pageToken)).toEqual([undefined, 'o100', 'o200']);
    expect(shown).toBe(250);
  });

  it('limit with a page size → min(pageSize, remaining)', async () => {
    const { requests } = await drive({ followPages: true, pageSize: 30 }, server(1000), 70);
    expect(requests.map((r) => r.pageSize)).toEqual([30, 30, 10]);
  });

  it('a short page makes the next request ask for what is still missing', async () => {
    const { requests } = await drive(
      { followPages: true },
      [{ items: [1, 2, 3], nextPageToken: 'a' }, { items: [4, 5], nextPageToken: 'b' }, { items: [6] }],
      10,
    );
    expect(requests.map((r) => r.pageSize)).toEqual([10, 7, 5]);
  });

  it('--all: pages of 100 until no token', async () => {
    const { requests, shown } = await drive({ followPages: true }, server(250));
    expect(requests.map((r) => r.pageSize)).toEqual([100, 100, 100]);
    expect(shown).toBe(250);
  });

  it.each([
    ['absent', undefined],
    ['empty', ''],
    ['null', null],
    ['a number (not followed)', 7],
  ])('stops on a %s token', async (_name, token) => {
    const { requests } = await drive({ followPages: true }, [
      { items: [1], nextPageToken: 'a' },
      { items: [2], nextPageToken: token },
      { items: [3] },
    ]);
    expect(requests).toHaveLength(2);
    expect(requests.map((r) => r.pageToken)).toEqual([undefined, 'a']);
  });

  it('a repeated token is a ResponseShapeError, not a loop', async () => {
    await expect(
      drive({ followPages: true }, [
        { items: [1], nextPageToken: 'a' },
        { items: [2], nextPageToken: 'b' },
        { items: [3], nextPageToken: 'a' },
      ]),
    ).rejects.toThrow(ResponseShapeError);
  });

  it('a token equal to the first page token is a loop too', async () => {
    await expect(drive({ followPages: true, firstPageToken: 'x' }, [{ items: [1], nextPageToken: 'x' }])).rejects.toThrow(
      ResponseShapeError,
    );
  });

  it('endless empty pages with fresh tokens end in an error', async () => {
    let calls = 0;
    await expect(
      drive({ followPages: true }, (_request, index) => {
        calls++;
        return { items: [], nextPageToken: `t${index}` };
      }),
    ).rejects.toThrow(ResponseShapeError);
    expect(calls).toBe(MAX_EMPTY_PAGES);
  });

  it('stops requesting once the limit is reached', async () => {
    const { requests } = await drive({ followPages: true }, server(1000), 100);
    expect(requests).toHaveLength(1);
  });

  it('never sends an empty token', async () => {
    const { requests } = await drive({ followPages: true }, [{ items: [1], nextPageToken: '' }]);
    for (const request of requests) expect(request.pageToken).not.toBe('');
  });
});
