// Twenty tabs of one browser on the inspector, all loading and all showing a new message over one shared stream, the
// stream taken over when its tab closes (issue 41: a seventh tab never loaded while each held its own). In the deep
// lane: twenty pages of Chromium take ~10 s on two cores; the e2e lane runs the same with eight
// (test/deep/inspector-live.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.js';
import type { TestBrowser } from '../helpers/browser.js';
import { call } from '../helpers/emulator-helpers.js';
import { expectTabsShareOneStream } from '../helpers/inspector-tabs.js';
import { missing } from '../helpers/tools.js';
import { startEmulatorInProcess } from '../helpers/webhook-dev-processes.js';
import type { InProcessEmulator } from '../helpers/webhook-dev-processes.js';

const WATCHED = '0x71c7656ec7ab88b098defb751b7401b5f6d8976f';

describe.skipIf(missing('chromium'))('twenty tabs of one browser on the inspector', () => {
  let emulator: InProcessEmulator;
  let browser: TestBrowser;

  beforeAll(async () => {
    [emulator, browser] = await Promise.all([startEmulatorInProcess(), launchBrowser()]);
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await emulator?.stop();
  });

  it('all load and all show a new message, over one stream; its tab closed, another takes it over', async () => {
    // A receiver that is not there: each message is made (and shown) all the same.
    const created = await call(emulator.url, 'POST', '/v1/webhooks', {
      key: 'tabs-key',
      body: { url: 'http://127.0.0.1:9/hook', chainId: '43113', eventType: 'address_activity', metadata: { addresses: [WATCHED] } },
    });
    expect(created.status).toBe(201);
    await expectTabsShareOneStream({
      context: browser.context,
      url: emulator.url,
      tabs: 20,
      newMessage: async () => {
        const injected = await call(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId: '43113', from: WATCHED } });
        return injected.body.messageIds[0] as string;
      },
    });
    expect(browser.takePageErrors()).toEqual([]);
  }, 60_000);
});
