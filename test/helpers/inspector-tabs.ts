// Many tabs of one browser on the inspector, which must share one event stream (a browser opens six connections to
// a host at most: a stream per tab would leave the seventh none to load with): every tab loads and shows a new
// message, one stream is opened for them all, and when its tab closes another tab takes it over. The e2e lane runs
// it with a few tabs past six; the deep lane with twenty.
import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';

export async function expectTabsShareOneStream(options: {
  context: BrowserContext;
  /** The emulator's URL. */
  url: string;
  tabs: number;
  /** Makes a new message; answers its id. */
  newMessage: () => Promise<string>;
}): Promise<void> {
  const { context, url, tabs, newMessage } = options;
  /** The tab of each stream opened, in order. */
  const streams: Page[] = [];
  const pages = await Promise.all(Array.from({ length: tabs }, () => context.newPage()));
  for (const page of pages) {
    page.on('request', (request) => {
      if (request.url().endsWith('/_emulator/deliveries/stream')) streams.push(page);
    });
  }
  const shows = (page: Page, messageId: string) => page.locator(`tr[data-message-id="${messageId}"]`).waitFor({ timeout: 5_000 });
  try {
    await Promise.all(pages.map((page) => page.goto(`${url}/#/deliveries`)));
    await Promise.all(pages.map((page) => page.locator('#connection[data-state="live"]').waitFor()));
    const first = await newMessage();
    await Promise.all(pages.map((page) => shows(page, first)));
    expect(streams).toHaveLength(1);

    // The tab holding the stream goes: the next one takes it over, and every tab still hears the emulator.
    await streams[0]!.close();
    await expect.poll(() => streams.length, { timeout: 5_000 }).toBe(2);
    const second = await newMessage();
    await Promise.all(pages.filter((page) => !page.isClosed()).map((page) => shows(page, second)));
  } finally {
    await Promise.all(pages.map((page) => page.close()));
  }
}
