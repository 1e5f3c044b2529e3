// A webhook switched off by the emulator, seen on an open inspector (issue 41, items 1 and 4): one message of a
// webhook whose receiver keeps failing uses up its attempts, the emulator switches the webhook off, and another
// message of it, waiting for its next attempt, is given up without one. Within a second the list says so, and that
// message's page says why, links the message whose failure switched the webhook off, and offers Activate rather than
// a Redeliver the emulator would refuse. In the deep lane: the fast schedule takes ~31 s to use up six attempts.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.js';
import type { TestBrowser } from '../helpers/browser.js';
import { call } from '../helpers/emulator-helpers.js';
import { missing } from '../helpers/tools.js';
import { startEmulatorInProcess } from '../helpers/webhook-dev-processes.js';
import type { InProcessEmulator } from '../helpers/webhook-dev-processes.js';

const KEY = 'switched-off-key';
const WATCHED = '0x71c7656ec7ab88b098defb751b7401b5f6d8976f';

describe.skipIf(missing('chromium'))('a webhook switched off, on an open inspector', () => {
  let emulator: InProcessEmulator;
  let browser: TestBrowser;
  let receiver: http.Server;

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(500);
        res.end('down');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    [emulator, browser] = await Promise.all([startEmulatorInProcess(), launchBrowser()]);
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await emulator?.stop();
    receiver?.closeAllConnections();
    await new Promise<void>((resolve) => receiver?.close(() => resolve()));
  });

  it('the message given up for it says so within 1 s, names the one that did it, and offers Activate', async () => {
    const created = await call(emulator.url, 'POST', '/v1/webhooks', {
      key: KEY,
      body: {
        url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
        chainId: '43113',
        eventType: 'address_activity',
        metadata: { addresses: [WATCHED] },
      },
    });
    expect(created.status).toBe(201);
    const trigger = async () =>
      (await call(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId: '43113', from: WATCHED } })).body
        .messageIds[0] as string;
    const first = await trigger();
    // Later, so that it is still waiting for an attempt when the first one runs out of them.
    await new Promise((resolve) => setTimeout(resolve, 18_000));
    const second = await trigger();
    const list = await browser.context.newPage();
    await list.goto(`${emulator.url}/#/deliveries`);
    const message = await browser.context.newPage();
    await message.goto(`${emulator.url}/#/deliveries/${second}`);
    await message.locator('.ahead', { hasText: 'Next attempt' }).waitFor();

    // When the emulator has given it up, the pages show it within a second.
    await expect
      .poll(async () => (await call(emulator.url, 'GET', `/_emulator/deliveries/${second}`)).body.delivery.state, {
        timeout: 40_000,
        interval: 100,
      })
      .toBe('failed');
    await list
      .locator(`tr[data-message-id="${second}"] .happened`, { hasText: 'failed: webhook switched off' })
      .waitFor({ timeout: 1_000 });
    const ahead = message.locator('.ahead', { hasText: 'its webhook was switched off after another message failed for good' });
    await ahead.waitFor({ timeout: 1_000 });
    expect(await ahead.locator(`a[href="#/deliveries/${first}"]`).count()).toBe(1);
    await message.locator('form.activate').waitFor({ timeout: 1_000 });
    expect(await message.locator('form.redeliver').isHidden()).toBe(true);
    expect(await message.locator('[data-webhook-status]').textContent()).toBe('inactive');
    expect(browser.takePageErrors()).toEqual([]);
  }, 90_000);
});
