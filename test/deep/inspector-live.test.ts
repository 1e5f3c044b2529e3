// The inspector page kept true, in a real browser (Debian's Chromium, one for the file): tabs of one browser sharing
// one stream, the stream taken over when its tab closes; every change of state on an open page within a second, no
// reload (a new message before its first attempt ends; a message given up as its webhook is switched off, on the
// list, a filtered list and its page); countdowns that count; Activate offered before Redeliver; an outage shown
// plainly and the page read again after it; search, a time range, paging on the server and the true total; what a
// message was about and what happened to it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import type { TestBrowser } from '../helpers/browser.js';
import { call } from '../helpers/emulator-helpers.js';
import { expectTabsShareOneStream } from '../helpers/inspector-tabs.js';
import { missing } from '../helpers/tools.js';
import { startEmulatorInProcess } from '../helpers/webhook-dev-processes.js';
import type { InProcessEmulator } from '../helpers/webhook-dev-processes.js';

// What the callbacks given to page.evaluate use: they run in the page, while this file is checked without the DOM's types.
declare const document: any;
declare const Node: any;

const KEY = 'inspector-live-key-41';
/** Past the six connections a browser opens to one host (the deep lane's test/deep/inspector-tabs.test.ts opens 20). */
const TABS = 8;
/** What a change takes to reach an open page: the second, and the page's own batching within it. */
const WITHIN_MS = 1_000;
/** How long the slow receiver takes to answer: a message is on the page well before its first attempt ends. */
const SLOW_MS = 2_500;

interface Receiver {
  url: string;
  close(): Promise<void>;
}

/** A receiver answering 200 (with a header of its own) on /ok, 500 on /broken, and 200 after SLOW_MS on /slow. */
async function startReceiver(): Promise<Receiver> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const answer = () => {
        res.writeHead(req.url === '/broken' ? 500 : 200, { 'x-receiver': 'inspector-live' });
        res.end(req.url === '/broken' ? 'down' : 'ok');
      };
      if (req.url === '/slow') setTimeout(answer, SLOW_MS);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(missing('chromium'))('the inspector page, kept true', () => {
  let emulator: InProcessEmulator;
  let receiver: Receiver;
  let browser: TestBrowser;
  let addressCount = 0;

  /** A webhook of its own (its own watched address), so each test counts only its own messages. */
  const createWebhook = async (path: string, base = emulator.url) => {
    const address = '0x' + String(++addressCount).padStart(40, 'a');
    const created = await call(base, 'POST', '/v1/webhooks', {
      key: KEY,
      body: { url: receiver.url + path, chainId: '43113', eventType: 'address_activity', metadata: { addresses: [address] } },
    });
    expect(created.status).toBe(201);
    return { webhookId: created.body.id as string, address };
  };
  const trigger = async (from: string, base = emulator.url) => {
    const injected = await call(base, 'POST', '/_emulator/transactions', { body: { chainId: '43113', from } });
    expect(injected.status).toBe(201);
    return injected.body as { txHash: string; messageIds: string[] };
  };
  const openPage = async (hash: string, base = emulator.url): Promise<Page> => {
    const page = await browser.context.newPage();
    await page.goto(`${base}/${hash}`);
    await page.locator('#connection[data-state="live"]').waitFor();
    return page;
  };
  const row = (page: Page, messageId: string) => page.locator(`tr[data-message-id="${messageId}"]`);

  beforeAll(async () => {
    // The real schedule: a failed message waits 10 s for its next attempt, long enough to watch it count down.
    [emulator, receiver, browser] = await Promise.all([
      startEmulatorInProcess(['--retry-schedule', 'real']),
      startReceiver(),
      launchBrowser(),
    ]);
  }, 30_000);

  afterEach(() => {
    expect(browser.takePageErrors()).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await emulator?.stop();
  });

  it('more tabs of one browser than it opens connections to a host all load and show a new message, over one stream', async () => {
    const { address } = await createWebhook('/ok');
    await expectTabsShareOneStream({
      context: browser.context,
      url: emulator.url,
      tabs: TABS,
      newMessage: async () => (await trigger(address)).messageIds[0]!,
    });
  });

  it('a new message is on the open page within 1 s, before its first attempt has ended', async () => {
    const { address } = await createWebhook('/slow');
    const page = await openPage('#/deliveries');
    const triggeredAt = Date.now();
    const messageId = (await trigger(address)).messageIds[0]!;
    await row(page, messageId).locator('.state', { hasText: 'retrying' }).waitFor({ timeout: WITHIN_MS });
    expect(Date.now() - triggeredAt).toBeLessThan(SLOW_MS);
    await row(page, messageId)
      .locator('.happened', { hasText: 'delivered 200' })
      .waitFor({ timeout: SLOW_MS + WITHIN_MS });
    await page.close();
  });

  it('a message given up without an attempt (its webhook switched off) is shown so within 1 s: list, filtered list, its page', async () => {
    const { webhookId, address } = await createWebhook('/broken');
    const messageId = (await trigger(address)).messageIds[0]!;
    const list = await openPage('#/deliveries');
    const retrying = await openPage(`#/deliveries?state=retrying&webhook=${webhookId}`);
    const message = await openPage(`#/deliveries/${messageId}`);
    await expect.poll(() => row(list, messageId).locator('.happened').textContent()).toMatch(/^retrying in \d+ s \(last 500\)$/);
    // The countdown counts (the real schedule's first wait is 10 s): a second later it says less.
    const countdown = async () => Number(/in (\d+) s/.exec((await row(list, messageId).locator('.happened').textContent()) ?? '')?.[1]);
    const before = await countdown();
    await expect.poll(countdown, { timeout: 2_000 }).toBeLessThan(before);
    await row(retrying, messageId).waitFor();
    await message.locator('.ahead', { hasText: 'Next attempt' }).waitFor();

    const switchedOff = await call(emulator.url, 'PATCH', `/v1/webhooks/${webhookId}`, { key: KEY, body: { status: 'inactive' } });
    expect(switchedOff.status).toBe(200);
    const at = Date.now();
    await row(list, messageId).locator('.happened', { hasText: 'failed: webhook deactivated' }).waitFor({ timeout: WITHIN_MS });
    await row(retrying, messageId).waitFor({ state: 'detached', timeout: WITHIN_MS });
    await message
      .locator('.ahead', { hasText: /^Given up after 1 attempt: its webhook was deactivated\.$/ })
      .waitFor({ timeout: WITHIN_MS });
    expect(Date.now() - at).toBeLessThan(WITHIN_MS + 200);
    expect(await retrying.locator('.summary').textContent()).toMatch(/^No message matches/);

    // Its webhook inactive: Activate is offered, not a Redeliver the emulator would refuse.
    await message.locator('form.activate').waitFor();
    expect(await message.locator('form.redeliver').isHidden()).toBe(true);
    await message.getByLabel('API key (the webhook\u2019s owner)').fill(KEY);
    await message.getByRole('button', { name: 'Activate the webhook' }).click();
    await message.locator('form.redeliver').waitFor();
    expect((await call(emulator.url, 'GET', `/v1/webhooks/${webhookId}`, { key: KEY })).body.status).toBe('active');
    await Promise.all([list.close(), retrying.close(), message.close()]);
  });

  it("a message's page: the next attempt first, failed attempts closed but the last, the receiver's answer headers", async () => {
    const { address } = await createWebhook('/broken');
    const messageId = (await trigger(address)).messageIds[0]!;
    const page = await openPage(`#/deliveries/${messageId}`);
    // A second failed attempt (a redelivery): the first one closed.
    await page.locator('li[data-attempt="1"]').waitFor();
    await page.getByRole('button', { name: 'Redeliver' }).click();
    await page.locator('li[data-attempt="2"]').waitFor();
    expect(await page.locator('li[data-attempt="1"] > details').getAttribute('open')).toBeNull();
    expect(await page.locator('li[data-attempt="2"] > details').getAttribute('open')).toBe('');
    const order = await page.evaluate(() => {
      const ahead = document.querySelector('.ahead')!;
      const timeline = document.querySelector('.timeline')!;
      return ahead.compareDocumentPosition(timeline) & Node.DOCUMENT_POSITION_FOLLOWING;
    });
    expect(order).toBeTruthy();
    await page.locator('li[data-attempt="2"] summary', { hasText: 'Response headers' }).click();
    expect(await page.locator('li[data-attempt="2"] table.headers').last().textContent()).toContain('x-receiverinspector-live');
    await page.close();
  });

  it('an outage is a banner, rows stop counting down; once the emulator is back the page is read again, no stale row', async () => {
    const own = await startEmulatorInProcess();
    const port = new URL(own.url).port;
    const { address } = await createWebhook('/broken', own.url);
    const messageId = (await trigger(address, own.url)).messageIds[0]!;
    const page = await openPage('#/deliveries', own.url);
    await row(page, messageId)
      .locator('.happened', { hasText: /^retrying/ })
      .waitFor();
    expect(await page.locator('#outage').isHidden()).toBe(true);

    await own.stop();
    await page.locator('#outage', { hasText: 'The emulator is unreachable' }).waitFor({ timeout: 5_000 });
    await row(page, messageId).locator('.happened', { hasText: 'the emulator is unreachable' }).waitFor({ timeout: 2_000 });

    // Another emulator on the same port (its state new): the page hears it again and shows what it has.
    const again = await startEmulatorInProcess(['--port', port]);
    try {
      expect(again.url).toBe(own.url);
      await page.locator('#outage').waitFor({ state: 'hidden', timeout: 10_000 });
      await row(page, messageId).waitFor({ state: 'detached', timeout: 2_000 });
      expect(await page.locator('.summary').textContent()).toMatch(/^No messages yet/);
    } finally {
      await page.close();
      await again.stop();
    }
  }, 30_000);

  it('search, a time range, paging on the server to the oldest, the true total; what each was about', async () => {
    const { webhookId, address } = await createWebhook('/ok');
    const made: { txHash: string; messageId: string }[] = [];
    for (let i = 0; i < 55; i++) {
      const { txHash, messageIds } = await trigger(address);
      made.push({ txHash, messageId: messageIds[0]! });
    }
    const page = await openPage(`#/deliveries?webhook=${webhookId}`);
    await expect.poll(() => page.locator('.summary').textContent()).toMatch(/^1\u201350 of 55 messages, newest first/);
    expect(await page.locator('tbody tr').count()).toBe(50);
    const newest = made.at(-1)!;
    const about = await row(page, newest.messageId).locator('td.about').textContent();
    expect(about).toContain('fuji');
    expect(about).toContain(newest.txHash);
    expect(about).toContain(address);

    await page.getByRole('button', { name: 'Older \u2192' }).click();
    await expect.poll(() => page.locator('.summary').textContent()).toMatch(/^51\u201355 of 55 messages/);
    await row(page, made[0]!.messageId).waitFor();
    await page.getByRole('button', { name: '\u2190 Newer' }).click();
    await row(page, newest.messageId).waitFor();

    // Search: a transaction hash finds its one message; an address, all of them.
    await page.getByLabel('Search', { exact: true }).fill(made[10]!.txHash);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await row(page, made[10]!.messageId).waitFor();
    expect(await page.locator('.summary').textContent()).toMatch(/^1 message,/);
    expect(page.url()).toContain(`q=${made[10]!.txHash}`);

    // A time range: from the 11th message's creation on, the 45 newer ones.
    const createdAt = (await call(emulator.url, 'GET', `/_emulator/deliveries/${made[10]!.messageId}`)).body.delivery.createdAt as string;
    await page.goto(`${emulator.url}/#/deliveries?webhook=${webhookId}&since=${encodeURIComponent(createdAt)}`);
    await page.reload();
    const expected = (
      await call(emulator.url, 'GET', `/_emulator/deliveries?webhookId=${webhookId}&since=${encodeURIComponent(createdAt)}&pageSize=1`)
    ).body.total as number;
    await expect.poll(() => page.locator('.summary').textContent()).toMatch(new RegExp(`^${expected} messages`));
    await page.close();
  }, 30_000);
});
