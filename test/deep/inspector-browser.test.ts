// The inspector page in a real browser (Debian's Chromium, driven by playwright-core), against the built CLI's
// emulator: deliveries that appear live without a reload, Redeliver seen by the control API, a receiver's hostile
// answer shown as text, the refusals a page of another site meets, a key that never lands in a URL, the trigger form
// and the live transactions, all usable from the keyboard.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import type { TestBrowser } from '../helpers/browser.js';
import { call } from '../helpers/emulator-helpers.js';
import { missing } from '../helpers/tools.js';
import { killAllChildren, startEmulatorProcess } from '../helpers/webhook-dev-processes.js';
import type { EmulatorProcess } from '../helpers/webhook-dev-processes.js';

// What the callbacks given to page.evaluate use: they run in the page, while this file is checked without the DOM's types.
declare const window: any;
declare const document: any;
declare const localStorage: any;
declare const sessionStorage: any;

const KEY = 'inspector-key-7d1e0c55b2';
const WATCHED = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const OTHER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
/** What a receiver gone wrong may answer: markup that would run if the page ever took it for HTML. */
const HOSTILE_ANSWER = '<script>window.pwned = "script"</script><img src=x onerror="window.pwned = \'img\'">\u202egnissim';
const HOSTILE_NAME = '<img src=x onerror="window.pwned = \'name\'">payouts';
const word = (hex: string) => '0x' + hex.toLowerCase().padStart(64, '0');

interface Receiver {
  url: string;
  /** The paths of the requests received, in order. */
  paths: string[];
  close(): Promise<void>;
}

/** A receiver answering 200 on /ok and /elsewhere, and 500 with HOSTILE_ANSWER (as HTML) on /broken. */
async function startReceiver(): Promise<Receiver> {
  const paths: string[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      paths.push(req.url ?? '');
      if (req.url === '/broken') {
        res.writeHead(500, { 'content-type': 'text/html' });
        res.end(HOSTILE_ANSWER);
      } else res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    paths,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(missing('chromium'))('the inspector page in a browser', () => {
  let emulator: EmulatorProcess;
  let receiver: Receiver;
  let browser: TestBrowser;
  let orders: string;

  const createWebhook = async (name: string, path: string) => {
    const created = await call(emulator.url, 'POST', '/v1/webhooks', {
      key: KEY,
      body: {
        url: receiver.url + path,
        chainId: '43113',
        eventType: 'address_activity',
        name,
        metadata: { addresses: [WATCHED] },
        includeLogs: true,
        includeInternalTxs: true,
      },
    });
    expect(created.status).toBe(201);
    return created.body.id as string;
  };
  const trigger = async (body: Record<string, unknown> = {}) => {
    const injected = await call(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId: '43113', from: WATCHED, ...body } });
    expect(injected.status).toBe(201);
    return injected.body as { txHash: string; messageIds: string[] };
  };
  const detail = async (messageId: string) => (await call(emulator.url, 'GET', `/_emulator/deliveries/${messageId}`)).body;
  /** A page of the inspector, open and following the attempt stream. */
  const openPage = async (hash: string): Promise<Page> => {
    const page = await browser.context.newPage();
    await page.goto(`${emulator.url}/${hash}`);
    await page.locator('#connection[data-state="live"]').waitFor();
    return page;
  };
  /** The one message `messageIds` holds for a webhook. */
  const messageOf = async (messageIds: string[], webhookId: string) => {
    for (const messageId of messageIds) if ((await detail(messageId)).delivery.webhookId === webhookId) return messageId;
    throw new Error(`no message of webhook ${webhookId} among ${messageIds.join(', ')}`);
  };

  beforeAll(async () => {
    [emulator, receiver, browser] = await Promise.all([startEmulatorProcess(), startReceiver(), launchBrowser()]);
    orders = await createWebhook('orders', '/ok');
  }, 30_000);

  // Whatever a test did, no script of the page failed (the screenshots of test/deep/ check every page too).
  afterEach(() => {
    expect(browser.takePageErrors()).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await emulator?.stop();
    await killAllChildren();
  });

  it('a triggered delivery appears on the open page within 1 s, without reloading it', async () => {
    const page = await openPage('#/deliveries');
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const { messageIds } = await trigger();
    const triggeredAt = Date.now();
    const delivered = await messageOf(messageIds, orders);
    const row = page.locator(`tr[data-message-id="${delivered}"]`);
    await row.waitFor({ timeout: 1_000 });
    expect(Date.now() - triggeredAt).toBeLessThan(1_000);
    await expect.poll(() => row.locator('.state').textContent(), { timeout: 1_000 }).toBe('delivered');
    expect(await page.evaluate(() => window.sameDocument)).toBe(true);
    await page.close();
  });

  it('Redeliver adds an attempt the control API sees, to the webhook or to another URL', async () => {
    const { messageIds } = await trigger();
    const messageId = await messageOf(messageIds, orders);
    await expect.poll(async () => (await detail(messageId)).delivery.state).toBe('delivered');
    const page = await openPage(`#/deliveries/${messageId}`);
    await page.locator('li[data-attempt="1"]').waitFor();

    await page.getByRole('button', { name: 'Redeliver' }).click();
    await expect.poll(() => page.locator('.sent').textContent()).toMatch(/^Attempt 2: answered 200 in \d+ ms\.$/);
    let attempts = (await detail(messageId)).attempts;
    expect(attempts.map((attempt: any) => [attempt.number, attempt.redelivery, attempt.url])).toEqual([
      [1, undefined, `${receiver.url}/ok`],
      [2, true, `${receiver.url}/ok`],
    ]);
    await page.locator('li[data-attempt="2"] .tag').waitFor();

    await page.getByLabel('another URL, for this attempt only').check();
    await page.getByLabel('Other URL', { exact: true }).fill(`${receiver.url}/elsewhere`);
    await page.getByRole('button', { name: 'Redeliver' }).click();
    await expect.poll(() => page.locator('.sent').textContent()).toMatch(/^Attempt 3: answered 200/);
    attempts = (await detail(messageId)).attempts;
    expect(attempts.at(-1)).toMatchObject({ number: 3, redelivery: true, url: `${receiver.url}/elsewhere`, status: 200 });
    expect(receiver.paths).toContain('/elsewhere');
    await expect.poll(() => page.locator('li[data-attempt="3"]').textContent()).toContain(`Sent to ${receiver.url}/elsewhere`);
    await page.close();
  });

  it("a failed attempt's answer holding <script>, and a webhook's name holding markup, are shown as text: nothing runs", async () => {
    // Its own webhook: one whose receiver keeps failing is switched off once a message used up its attempts.
    const payouts = await createWebhook(HOSTILE_NAME, '/broken');
    const { messageIds } = await trigger();
    const messageId = await messageOf(messageIds, payouts);
    const page = await openPage(`#/deliveries/${messageId}`);
    // Attempt 1's answer, closed once a later attempt failed too: there all the same.
    const answer = page.locator('li[data-attempt="1"] pre.answer');
    await answer.waitFor({ state: 'attached' });
    // Shown as sent, with the bidirectional override that would reverse what follows it made visible.
    expect(await answer.textContent()).toBe(HOSTILE_ANSWER.replace('\u202e', '\\u202e'));
    expect(await page.locator('dl.facts').textContent()).toContain(HOSTILE_NAME);
    await page.goto(`${emulator.url}/#/deliveries`);
    await page.locator(`tr[data-message-id="${messageId}"]`).waitFor();
    expect(await page.locator(`tr[data-message-id="${messageId}"] td.webhook`).textContent()).toBe(HOSTILE_NAME);
    expect(
      await page.evaluate(() => ({
        pwned: window.pwned,
        injected: document.querySelectorAll('main script, main img').length,
      })),
    ).toEqual({
      pwned: undefined,
      injected: 0,
    });
    await page.close();
  });

  it("the emulator's Host and Origin refusals: a rebound name, another site's writes, its frames and reads", async () => {
    const port = new URL(emulator.url).port;
    // A page whose name was rebound to 127.0.0.1 sends its own name as Host: 403 for the page, its files and reads.
    for (const path of ['/', '/_inspector/app.js', '/_inspector/transactions', '/_emulator/deliveries']) {
      const refused = await call(emulator.url, 'GET', path, { headers: { host: `inspector.evil.example:${port}` } });
      expect([path, refused.status, refused.body.message]).toEqual([
        path,
        403,
        expect.stringContaining('not to Host "inspector.evil.example'),
      ]);
    }
    const { messageIds } = await trigger();
    const messageId = await messageOf(messageIds, orders);
    const redeliverFrom = (headers: Record<string, string>) =>
      call(emulator.url, 'POST', `/_emulator/deliveries/${messageId}/redeliver`, { body: {}, headers });
    expect((await redeliverFrom({ origin: 'http://evil.example' })).status).toBe(403);
    expect((await redeliverFrom({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);

    // And in the browser: a page of another site (localhost is another site than 127.0.0.1) trying all of it.
    const before = (await call(emulator.url, 'GET', '/_emulator/deliveries')).body.deliveries.length;
    const attemptsBefore = (await detail(messageId)).attempts.length;
    const site = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><title>another site</title>
        <iframe id="framed" src="${emulator.url}/"></iframe>
        <form id="form" method="post" action="${emulator.url}/_emulator/transactions" enctype="text/plain" target="sink">
          <input name='{"chainId":"43113","from":"${WATCHED}","x":"' value='"}'></form>
        <iframe name="sink"></iframe>`);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const page = await browser.context.newPage();
    try {
      await page.goto(`http://localhost:${(site.address() as AddressInfo).port}/`);
      const outcomes = await page.evaluate(async (base) => {
        const tried = async (work: () => Promise<unknown>) => {
          try {
            await work();
            return 'sent';
          } catch (error) {
            return (error as Error).name;
          }
        };
        return {
          // No preflight for these: they reach the emulator, which refuses them.
          inject: await tried(() =>
            fetch(`${base}/_emulator/transactions`, {
              method: 'POST',
              mode: 'no-cors',
              headers: { 'content-type': 'text/plain' },
              body: '{"chainId":"43113"}',
            }),
          ),
          redeliver: await tried(() => fetch(`${base}/_emulator/deliveries/${'x'}/redeliver`, { method: 'POST', mode: 'no-cors' })),
          // Reads of another origin without CORS headers: the browser keeps the answer from the page.
          read: await tried(() => fetch(`${base}/_inspector/transactions`).then((answer) => answer.json())),
        };
      }, emulator.url);
      expect(outcomes).toEqual({ inject: 'sent', redeliver: 'sent', read: 'TypeError' });
      await page.locator('#form').evaluate((form: any) => form.submit());
      await page.waitForTimeout(500);
      // Framed by another site: refused (frame-ancestors 'none'), so nothing of the inspector is in the frame.
      const framed = page.frames().find((frame) => frame.url().startsWith(emulator.url) && frame !== page.mainFrame());
      expect(framed === undefined || (await framed.locator('nav').count()) === 0).toBe(true);
    } finally {
      await page.close();
      // The browser keeps its connections open: closed here, or the server waits for them.
      site.closeAllConnections();
      await new Promise<void>((resolve) => site.close(() => resolve()));
    }
    expect((await call(emulator.url, 'GET', '/_emulator/deliveries')).body.deliveries.length).toBe(before);
    expect((await detail(messageId)).attempts.length).toBe(attemptsBefore);
  });

  it('the key is asked once, kept for the tab, sent in its header only: never in a URL', async () => {
    const page = await browser.context.newPage();
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    const urls: string[] = [];
    page.on('framenavigated', (frame) => urls.push(frame.url()));
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`${emulator.url}/#/webhooks`);
    await page.getByLabel('API key').fill(KEY);
    await page.getByLabel('API key').press('Enter');
    const row = page.locator(`tr[data-webhook-id="${orders}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('orders');
    expect(await page.locator('.key code').textContent()).toBe(`****${KEY.slice(-4)}`);

    await row.getByRole('button', { name: 'Deactivate orders' }).click();
    await row.getByRole('button', { name: 'Activate orders' }).waitFor();
    expect((await call(emulator.url, 'GET', `/v1/webhooks/${orders}`, { key: KEY })).body.status).toBe('inactive');
    await row.getByRole('button', { name: 'Activate orders' }).click();
    await row.getByRole('button', { name: 'Deactivate orders' }).waitFor();
    expect((await call(emulator.url, 'GET', `/v1/webhooks/${orders}`, { key: KEY })).body.status).toBe('active');

    // Asked once: a reload lists them again without asking.
    await page.reload();
    await row.waitFor();
    await row.getByRole('link', { name: 'Messages' }).click();
    await page.locator('h1', { hasText: 'Deliveries' }).waitFor();
    // Kept for this tab only: remembered on this computer only when asked (the views' tests tick it).
    expect(
      await page.evaluate(() => [sessionStorage.getItem('svc-inspector.api-key'), localStorage.getItem('svc-inspector.api-key')]),
    ).toEqual([KEY, null]);

    const keyed = requests.filter((request) => request.url().includes('/v1/webhooks'));
    expect(keyed.length).toBeGreaterThanOrEqual(4);
    for (const request of keyed) expect(await request.headerValue('x-service-api-key')).toBe(KEY);
    urls.push(page.url(), ...requests.map((request) => request.url()));
    expect(urls.filter((url) => url.includes(KEY) || url.includes(encodeURIComponent(KEY)))).toEqual([]);
    await page.close();
  });

  it('the trigger form makes each kind: logs of 3 topics, an internal transaction, an NFT transfer; its message ids are links', async () => {
    const page = await openPage('#/trigger');
    await page.getByLabel('From (generated when empty)').fill(WATCHED);
    await page.getByRole('button', { name: 'Add a log' }).click();
    await page.getByLabel('Emitted by, log 1').fill(OTHER);
    await page.getByLabel('topic1, log 1').fill(word('0'));
    await page.getByLabel('topic2, log 1').fill(word(WATCHED.slice(2)));
    await page.getByLabel('Data, log 1').fill(word('f4240'));
    await page.getByRole('button', { name: 'Add an internal transaction' }).click();
    await page.getByLabel('From, internal transaction 1').fill(OTHER);
    await page.getByLabel('To, internal transaction 1').fill(WATCHED);
    await page.getByLabel('Type, internal transaction 1').fill('DELEGATECALL');
    await page.getByRole('button', { name: 'Add an ERC-721 transfer' }).click();
    // A mint (a sender must hold what it sends), of an id the generated history never makes (its ids stay below 10,000).
    await page.getByLabel('From, ERC-721 transfer 1').fill('0x0000000000000000000000000000000000000000');
    await page.getByLabel('To, ERC-721 transfer 1').fill(WATCHED);
    await page.getByLabel('Token id, ERC-721 transfer 1').fill('1000042');
    await page.getByRole('button', { name: 'Trigger the transaction' }).click();
    const links = page.locator('.made a');
    await expect.poll(() => links.count()).toBe(2);
    const messageId = (await links.first().textContent())!;
    const event = JSON.parse((await detail(messageId)).body).event;
    // The ERC-721 transfer's own Transfer log comes with it: the one given is the one OTHER emitted.
    const given = event.logs.filter((log: any) => log.address.toLowerCase() === OTHER.toLowerCase());
    expect(given.map((log: any) => [log.address.toLowerCase(), log.topic1, log.topic2, log.topic3])).toEqual([
      [OTHER.toLowerCase(), word('0'), word(WATCHED.slice(2)), null],
    ]);
    expect(event.transaction.internalTransactions.map((call: any) => call.internalTxType)).toEqual(['DELEGATECALL']);
    expect(event.transaction.erc721Transfers.map((transfer: any) => transfer.tokenId)).toEqual(['1000042']);
    await links.first().click();
    await page.locator('h1', { hasText: messageId }).waitFor();

    // A contract creation, and a refusal named by the emulator.
    await page.goto(`${emulator.url}/#/trigger`);
    await page.getByLabel('From (generated when empty)').fill(WATCHED);
    await page.getByLabel(/A contract creation/).check();
    expect(await page.getByRole('button', { name: 'Add a log' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Trigger the transaction' }).click();
    await expect.poll(() => page.locator('.made a').count()).toBe(2);
    const created = JSON.parse((await detail((await page.locator('.made a').first().textContent())!)).body).event.transaction;
    expect(created.contractAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await page.getByLabel(/A contract creation/).uncheck();
    await page.getByLabel('Chain: its name or id').fill('atlantis');
    await page.getByRole('button', { name: 'Trigger the transaction' }).click();
    await expect
      .poll(() => page.locator('.outcome [role="alert"]').textContent())
      .toContain('Chain "atlantis": give its id, or one of the names: c-chain, fuji');
    await page.close();
  });

  it('transactions follow new ones without a reload, each kind at a glance: a log of 4 topics, an ERC-1155 transfer', async () => {
    const page = await openPage('#/transactions');
    await page.locator('tbody tr').first().waitFor();
    const logged = await trigger({ logs: [{ address: OTHER, topics: [word('a'), word('b'), word('c'), word('d')], data: '0x' }] });
    const sent = await trigger({
      erc1155Transfers: [{ from: '0x0000000000000000000000000000000000000000', to: WATCHED, tokenId: '7', value: '3' }],
    });
    const kindsOf = async (txHash: string) => {
      const row = page.locator(`tr[data-tx-hash="${txHash}"]`);
      await row.waitFor({ timeout: 5_000 });
      return row.locator('.kind').allTextContents();
    };
    expect(await kindsOf(logged.txHash)).toContain('log of 4 topics');
    // An ERC-1155 transfer brings its TransferSingle log, of 4 topics too.
    expect(await kindsOf(sent.txHash)).toEqual(expect.arrayContaining(['ERC-1155 \u00d71', 'log of 4 topics']));
    await page.close();
  });

  it('usable from the keyboard, every control labelled: the views through the nav, focus on their heading', async () => {
    const page = await openPage('#/deliveries');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    for (const view of ['Webhooks', 'Trigger', 'Transactions', 'Deliveries']) {
      await page.getByRole('link', { name: view, exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.locator('h1', { hasText: view }).waitFor();
      expect(
        await page.evaluate(() => [document.activeElement?.tagName, document.querySelector('[aria-current="page"]')?.textContent]),
      ).toEqual(['H1', view]);
    }
    await page.goto(`${emulator.url}/#/trigger`);
    for (const name of [
      'Add an ERC-20 transfer',
      'Add an ERC-721 transfer',
      'Add an ERC-1155 transfer',
      'Add an internal transaction',
      'Add a log',
    ]) {
      await page.getByRole('button', { name }).press('Enter');
    }
    const unlabelled = await page.evaluate(() =>
      [...document.querySelectorAll('input, select, button')]
        .filter((control) => !(control as any).labels?.length && !control.getAttribute('aria-label') && !control.textContent?.trim())
        .map((control) => control.outerHTML),
    );
    expect(unlabelled).toEqual([]);
    await page.close();
  });
});
