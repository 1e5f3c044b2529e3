// A screenshot of each page of the inspector, made on an emulator with a little of everything (a receiver that
// answers, one that is down, a webhook switched off, a redelivery), two of them at a phone's 360 px, with no script
// error on any page. They go to a
// scratch folder; with SVC_WRITE_SCREENSHOTS=1 to docs/inspector/, where the docs show them. In the deep lane
// (`npm run test:deep`), with the other browser tests: encoding the pictures is slow, and the inspector-*.test.ts
// files beside this one test the pages.
import http from 'node:http';
import { mkdirSync, mkdtempSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import type { TestBrowser } from '../helpers/browser.js';
import { REPO_ROOT } from '../helpers/cli.js';
import { call } from '../helpers/emulator-helpers.js';
import { missing } from '../helpers/tools.js';
import { killAllChildren, startEmulatorProcess } from '../helpers/webhook-dev-processes.js';
import type { EmulatorProcess } from '../helpers/webhook-dev-processes.js';

const KEY = 'screenshot-key-2f9c41';
const WATCHED = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const OTHER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const FUJI_USDC = '0x5425890298aed601595a70AB815c96711a31Bc65';
const SHOTS =
  process.env.SVC_WRITE_SCREENSHOTS === '1' ? join(REPO_ROOT, 'docs', 'inspector') : mkdtempSync(join(tmpdir(), 'svc-inspector-shots-'));
const word = (hex: string) => '0x' + hex.toLowerCase().padStart(64, '0');

describe.skipIf(missing('chromium'))('screenshots of the inspector', () => {
  let emulator: EmulatorProcess | undefined;
  let browser: TestBrowser | undefined;
  let receiver: http.Server | undefined;

  afterAll(async () => {
    await browser?.close();
    receiver?.closeAllConnections();
    receiver?.close();
    await emulator?.stop();
    await killAllChildren();
  });

  it('one of each page, light and dark, with no script error on any', async () => {
    receiver = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.url === '/payouts') {
          res.writeHead(503, { 'content-type': 'application/json' });
          res.end('{"error":"database unavailable","retryable":true}');
        } else res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve));
    const hooks = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    [emulator, browser] = await Promise.all([startEmulatorProcess([], 7), launchBrowser()]);
    const base = emulator.url;
    const create = async (name: string, path: string) =>
      (
        await call(base, 'POST', '/v1/webhooks', {
          key: KEY,
          body: {
            url: hooks + path,
            chainId: '43113',
            eventType: 'address_activity',
            name,
            metadata: { addresses: [WATCHED, OTHER] },
            includeLogs: true,
          },
        })
      ).body.id as string;
    const archive = await create('archive', '/archive');
    await call(base, 'DELETE', `/v1/webhooks/${archive}`, { key: KEY });
    await create('orders', '/orders');
    const payouts = await create('payouts', '/payouts');
    const inject = async (body: Record<string, unknown>) =>
      (await call(base, 'POST', '/_emulator/transactions', { body: { chainId: '43113', ...body } })).body.messageIds as string[];
    await inject({ from: WATCHED, value: '250000000000000000' });
    // A mint of USDC to the watched address (a sender must hold what it sends).
    await inject({
      erc20Transfers: [
        { from: '0x0000000000000000000000000000000000000000', to: WATCHED, value: '2500000', token: { address: FUJI_USDC } },
      ],
    });
    const last = await inject({
      from: WATCHED,
      logs: [{ address: OTHER, topics: [word('1c41'), word('a'), word(WATCHED.slice(2))], data: word('2a') }],
    });
    let failing = '';
    for (const messageId of last)
      if ((await call(base, 'GET', `/_emulator/deliveries/${messageId}`)).body.delivery.webhookId === payouts) failing = messageId;
    // Two attempts failed, then one sent to a handler that works.
    await expect
      .poll(async () => (await call(base, 'GET', `/_emulator/deliveries/${failing}`)).body.attempts.length, { timeout: 5_000 })
      .toBe(2);
    await call(base, 'POST', `/_emulator/deliveries/${failing}/redeliver`, { body: { url: `${hooks}/payouts-fixed` } });

    const errors: string[] = [];
    const open = async (hash: string, colorScheme: 'light' | 'dark' = 'light', width = 1280): Promise<Page> => {
      const page = await browser!.context.newPage();
      await page.emulateMedia({ colorScheme });
      // A phone's width, its height in proportion; the page's own height otherwise.
      if (width !== 1280) await page.setViewportSize({ width, height: Math.round(width * 2.1) });
      page.on('pageerror', (error) => errors.push(`${hash}: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`${hash}: ${message.text()}`);
      });
      await page.goto(`${base}/${hash}`);
      await page.locator('#connection[data-state="live"]').waitFor();
      return page;
    };
    mkdirSync(SHOTS, { recursive: true });
    const shoot = async (page: Page, name: string, fullPage = false) => {
      // The caret and the highlight of a row just arrived are not the page.
      await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage, caret: 'hide', animations: 'disabled' });
      await page.close();
    };

    const deliveries = await open('#/deliveries');
    await deliveries.locator(`tr[data-message-id="${failing}"]`).waitFor();
    await shoot(deliveries, 'deliveries');

    for (const scheme of ['light', 'dark'] as const) {
      const message = await open(`#/deliveries/${failing}`, scheme);
      await message.locator('li[data-attempt="3"] .tag').waitFor();
      await shoot(message, scheme === 'light' ? 'message' : 'message-dark');
    }

    const openWebhooks = async (width?: number) => {
      const page = await open('#/webhooks', 'light', width);
      await page.getByLabel('API key').fill(KEY);
      await page.getByLabel('API key').press('Enter');
      await page.locator('tbody tr').nth(2).waitFor();
      // Each webhook's failures and last success, from the emulator's summary.
      await page.locator('td[data-label="Failures"]', { hasText: 'failed message' }).first().waitFor();
      return page;
    };
    await shoot(await openWebhooks(), 'webhooks');

    // On a phone: each row a card, nothing scrolled sideways.
    const phone = await open('#/deliveries', 'light', 360);
    await phone.locator(`tr[data-message-id="${failing}"]`).waitFor();
    await shoot(phone, 'deliveries-360');
    await shoot(await openWebhooks(360), 'webhooks-360');

    const trigger = await open('#/trigger');
    await trigger.getByLabel('From (generated when empty)').fill(WATCHED);
    await trigger.getByRole('button', { name: 'Add a log' }).click();
    await trigger.getByLabel('Emitted by, log 1').fill(FUJI_USDC);
    await trigger.getByLabel('topic1, log 1').fill(word('0'));
    await trigger.getByLabel('topic2, log 1').fill(word(WATCHED.slice(2)));
    await trigger.getByLabel('Data, log 1').fill(word('f4240'));
    await trigger.getByRole('button', { name: 'Trigger the transaction' }).click();
    await trigger.locator('.made a').first().waitFor();
    await shoot(trigger, 'trigger', true);

    const transactions = await open('#/transactions');
    await transactions.locator('tbody tr').nth(10).waitFor();
    await shoot(transactions, 'transactions');

    expect(errors).toEqual([]);
    for (const name of ['deliveries', 'deliveries-360', 'message', 'message-dark', 'webhooks', 'webhooks-360', 'trigger', 'transactions']) {
      expect(statSync(join(SHOTS, `${name}.png`)).size, name).toBeGreaterThan(20_000);
    }
  }, 60_000);
});
