// The inspector's views in a real browser: every view, filled with long names, addresses, URLs and hostile text, fits
// a 360 px phone and a 1280 px laptop without scrolling sideways, and axe-core finds nothing to fix on any view in the
// light or the dark scheme; the Webhooks view true to the emulator (a webhook switched off shows so within a second,
// with why and its failures), Recover and Reset asking first, the key kept for the tab unless remembered, refused
// with why when no header could carry it, and a name's line breaks kept out of the Deactivate dialog.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import type { TestBrowser } from '../helpers/browser.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { call, FAST_DELIVERY, startTestEmulator } from '../helpers/emulator-helpers.js';
import { missing } from '../helpers/tools.js';

// What the callbacks given to page.evaluate use: they run in the page, while this file is checked without the DOM's types.
declare const window: any;
declare const document: any;
declare const localStorage: any;
declare const sessionStorage: any;

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const KEY = 'layout-key-5a0e93';
const WATCHED = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const OTHER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
/** A name with no place to break, as long as the service lets one be. */
const LONG_NAME = 'treasury-multisig-settlement-payouts-'.repeat(5).slice(0, 150);
const HOSTILE_NAME = '<img src=x onerror="window.pwned = 1">\nsecond line\u202eesrever';
/** What a receiver gone wrong may answer: one long line, markup, a bidirectional override. */
const HOSTILE_ANSWER = `<script>window.pwned = 2</script>${'x'.repeat(600)}\u202egnissim`;
const LONG_PATH = `/hooks/${'a1b2c3d4'.repeat(30)}?token=${'f'.repeat(120)}`;
const ADDRESSES = Array.from({ length: 12 }, (_, index) => '0x' + (index + 1).toString(16).padStart(40, 'c'));
const word = (hex: string) => '0x' + hex.toLowerCase().padStart(64, '0');

interface View {
  name: string;
  hash: string;
  /** Waits until the view shows its data. */
  ready(page: Page): Promise<void>;
}

describe.skipIf(missing('chromium'))("the inspector's views", () => {
  let emulator: RunningEmulator;
  /** The receiver's paths that answer 500, as a test sets them. */
  const failingPaths = new Set<string>();
  /** Requests the receiver got, by path. */
  const received = new Map<string, number>();
  let hooks: string;
  let browser: TestBrowser;
  let receiver: http.Server;
  let views: View[];

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received.set(req.url ?? '', (received.get(req.url ?? '') ?? 0) + 1);
        if (failingPaths.has(req.url ?? '')) {
          res.writeHead(500);
          res.end('down');
        } else if (req.url?.startsWith('/broken')) {
          res.writeHead(500, { 'content-type': 'text/html' });
          res.end(HOSTILE_ANSWER);
        } else res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    hooks = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    // In this process, with retries 50 ms apart: a webhook whose receiver fails is switched off within a second.
    [emulator, browser] = await Promise.all([startTestEmulator(), launchBrowser()]);
    const create = async (name: string, path: string) => {
      const created = await call(emulator.url, 'POST', '/v1/webhooks', {
        key: KEY,
        body: {
          url: hooks + path,
          chainId: '43113',
          eventType: 'address_activity',
          ...(name ? { name } : {}),
          metadata: { addresses: [WATCHED, ...ADDRESSES] },
          includeLogs: true,
          includeInternalTxs: true,
        },
      });
      expect(created.status).toBe(201);
      return created.body.id as string;
    };
    await create(LONG_NAME, LONG_PATH);
    // Unnamed: shown by its id, shortened, with the whole id for screen readers.
    await create('', '/unnamed');
    const hostile = await create(HOSTILE_NAME, '/broken');
    const injected = await call(emulator.url, 'POST', '/_emulator/transactions', {
      body: {
        chainId: '43113',
        from: WATCHED,
        value: '123456789012345678901',
        logs: [{ address: OTHER, topics: [word('a'), word('b'), word('c'), word('d')], data: word('f4240') }],
        internalTransactions: [{ from: OTHER, to: WATCHED, value: '1', internalTxType: 'DELEGATECALL' }],
      },
    });
    expect(injected.status).toBe(201);
    let failing = '';
    for (const messageId of injected.body.messageIds as string[]) {
      if ((await call(emulator.url, 'GET', `/_emulator/deliveries/${messageId}`)).body.delivery.webhookId === hostile) failing = messageId;
    }
    views = [
      {
        name: 'deliveries',
        hash: '#/deliveries',
        ready: (page) => page.locator(`tr[data-message-id="${failing}"]`).waitFor(),
      },
      {
        name: 'message',
        hash: `#/deliveries/${failing}`,
        // Given up after its attempts (the earlier ones folded): the last one's answer shown.
        ready: async (page) => {
          await page.locator(`li[data-attempt="${FAST_DELIVERY.maxAttempts}"]`).waitFor();
          await page.locator('pre.answer').last().waitFor();
        },
      },
      {
        name: 'webhooks',
        hash: '#/webhooks',
        ready: async (page) => {
          const rows = page.locator('tr[data-webhook-id]');
          await page.locator('#api-key').or(rows.first()).waitFor();
          if (await page.locator('#api-key').isVisible()) {
            await page.locator('#api-key').fill(KEY);
            await page.locator('#api-key').press('Enter');
          }
          await rows.nth(1).waitFor();
        },
      },
      {
        name: 'trigger',
        hash: '#/trigger',
        ready: async (page) => {
          // A refusal shown rule by rule (before the entries are added: their empty fields would stop the form).
          await page.getByLabel('Chain: its name or id').fill(`atlantis-${'x'.repeat(40)}`);
          await page.getByRole('button', { name: 'Trigger the transaction' }).click();
          await page.locator('.outcome [role="alert"]').waitFor();
          for (const name of [
            'Add an ERC-20 transfer',
            'Add an ERC-721 transfer',
            'Add an ERC-1155 transfer',
            'Add an internal transaction',
            'Add a log',
          ]) {
            await page.getByRole('button', { name }).click();
          }
        },
      },
      {
        name: 'transactions',
        hash: '#/transactions',
        ready: (page) => page.locator(`tr[data-tx-hash="${injected.body.txHash}"]`).waitFor(),
      },
    ];
  }, 30_000);

  afterEach(() => {
    expect(browser.takePageErrors()).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    receiver?.closeAllConnections();
    receiver?.close();
    await emulator?.close();
  });

  const open = async (view: View): Promise<Page> => {
    const page = await browser.context.newPage();
    await page.goto(`${emulator.url}/${view.hash}`);
    await page.locator('#connection[data-state="live"]').waitFor();
    await view.ready(page);
    return page;
  };

  /** Whether the page scrolls sideways at this width, and if so the element reaching furthest right. */
  const overflowAt = async (page: Page, width: number): Promise<string | undefined> => {
    await page.setViewportSize({ width, height: 800 });
    return page.evaluate(() => {
      const viewport = window.innerWidth;
      if (document.documentElement.scrollWidth <= viewport) return undefined;
      // Outside any box that scrolls by itself: what a fix has to look at.
      let widest = 'something positioned';
      let right = viewport;
      for (const element of document.querySelectorAll('body *')) {
        const box = element.getBoundingClientRect();
        if (box.right > right && !element.closest('.table-wrap, pre')) {
          right = box.right;
          widest = `${element.tagName.toLowerCase()}.${element.className} (right edge at ${Math.round(box.right)} px)`;
        }
      }
      return `${document.documentElement.scrollWidth} px wide, ${widest}`;
    });
  };

  /**
   * What axe-core finds, violations and the results it could not decide (an aria-label where no role allows one is
   * one of those), each with up to three elements.
   */
  const axeFindings = async (page: Page, rules?: string[]): Promise<string[]> => {
    // Evaluated through the browser's debugging protocol, which the page's policy (scripts of its own origin only)
    // does not cover: the page is checked as it runs, policy and all.
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
    return page.evaluate(async (only) => {
      const result = await window.axe.run(document, {
        resultTypes: ['violations', 'incomplete'],
        ...(only ? { runOnly: { type: 'rule', values: only } } : {}),
      });
      return [...result.violations, ...result.incomplete].map(
        (finding: any) =>
          `${finding.id} (${finding.impact}): ${finding.nodes
            .slice(0, 3)
            .map((node: any) => node.target.join(' '))
            .join(', ')}`,
      );
    }, rules);
  };

  // One test a view: each within its own time limit on a loaded machine, each failure named by its view.
  it.each(['deliveries', 'message', 'webhooks', 'trigger', 'transactions'])(
    '%s fits 360 px (its tables as cards) and 1280 px, and axe-core finds nothing in the light or the dark scheme',
    async (name) => {
      const view = views.find((candidate) => candidate.name === name)!;
      const overflows: string[] = [];
      const findings: string[] = [];
      const page = await open(view);
      for (const width of [360, 1280]) {
        const overflow = await overflowAt(page, width);
        if (overflow) overflows.push(`at ${width} px: ${overflow}`);
      }
      // At 360 px a table's rows are cards: every cell of them in sight, none behind a sideways scroll.
      await page.setViewportSize({ width: 360, height: 800 });
      const hidden = await page.evaluate(() =>
        [...document.querySelectorAll('.table-wrap tbody tr > *')]
          .filter((cell: any) => cell.getBoundingClientRect().right > window.innerWidth)
          .map((cell: any) => `${cell.closest('.table-wrap').className}: ${cell.textContent.slice(0, 40)}`),
      );
      if (hidden.length > 0) overflows.push(`at 360 px: ${hidden.length} cells out of sight, ${hidden.slice(0, 3).join('; ')}`);
      await page.setViewportSize({ width: 1280, height: 800 });
      // At full width, where axe sees every cell (of a table scrolled inside its box, it cannot tell the colours).
      findings.push(...(await axeFindings(page)).map((finding) => `light: ${finding}`));
      // Only the colours change with the scheme.
      await page.emulateMedia({ colorScheme: 'dark' });
      findings.push(...(await axeFindings(page, ['color-contrast'])).map((finding) => `dark: ${finding}`));
      await page.close();
      expect({ overflows, findings }).toEqual({ overflows: [], findings: [] });
    },
  );

  /** A webhook of `key` to the receiver's `path`, watching WATCHED. */
  const createWebhook = async (key: string, name: string, path: string) => {
    const created = await call(emulator.url, 'POST', '/v1/webhooks', {
      key,
      body: { url: hooks + path, chainId: '43113', eventType: 'address_activity', name, metadata: { addresses: [WATCHED] } },
    });
    expect(created.status).toBe(201);
    return created.body.id as string;
  };
  const trigger = async () =>
    (await call(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId: '43113', from: WATCHED } })).body as {
      messageIds: string[];
    };
  /** The Webhooks view of `key`, given through its form. */
  const openWebhooks = async (key: string, options: { remember?: boolean } = {}): Promise<Page> => {
    const page = await browser.context.newPage();
    await page.goto(`${emulator.url}/#/webhooks`);
    const form = page.getByLabel('API key');
    if (!(await form.isVisible())) await page.getByRole('button', { name: 'Use another key' }).click();
    await form.fill(key);
    if (options.remember) await page.getByLabel('Remember on this computer').check();
    await form.press('Enter');
    await page.locator('.key code').waitFor();
    return page;
  };

  it('a webhook switched off by its failures reads inactive within 1 s, with why and its failures, without a reload', async () => {
    const key = 'views-live-key-1';
    const path = '/flaky';
    const flaky = await createWebhook(key, 'flaky', path);
    const delivered = await trigger();
    await expect
      .poll(async () => (await call(emulator.url, 'GET', `/_emulator/deliveries/${delivered.messageIds[0]}`)).body.delivery.state)
      .toBe('delivered');
    const page = await openWebhooks(key);
    const row = page.locator(`tr[data-webhook-id="${flaky}"]`);
    await expect
      .poll(() => row.locator('td[data-label="Failures"]').textContent())
      .toMatch(/^0 failed messageslast success \d\d:\d\d:\d\d$/);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    failingPaths.add(path);
    const failed = await trigger();
    await expect
      .poll(async () => (await call(emulator.url, 'GET', `/v1/webhooks/${flaky}`, { key })).body.status, { timeout: 5_000, interval: 20 })
      .toBe('inactive');
    const switchedAt = Date.now();
    await row.locator('.state-inactive').waitFor({ timeout: 1_000 });
    expect(Date.now() - switchedAt).toBeLessThan(1_000);
    let switchedOffBy = '';
    for (const messageId of failed.messageIds) {
      if ((await call(emulator.url, 'GET', `/_emulator/deliveries/${messageId}`)).body.delivery.webhookId === flaky)
        switchedOffBy = messageId;
    }
    await expect
      .poll(() => row.locator('td[data-label="Status"]').textContent())
      .toMatch(`inactive switched off by the emulator: a message used up its attempts by message ${switchedOffBy.slice(0, 8)} `);
    expect(await row.locator('td[data-label="Status"] a').getAttribute('href')).toBe(`#/deliveries/${switchedOffBy}`);
    await expect.poll(() => row.locator('td[data-label="Failures"]').textContent()).toMatch(/^1 failed messagelast success /);
    expect(await page.evaluate(() => window.sameDocument)).toBe(true);

    // Activated from the page: active again, and Recover sends the failed message once more, asking first.
    failingPaths.delete(path);
    await row.getByRole('button', { name: 'Activate flaky' }).click();
    await row.locator('.state-active').waitFor();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    const before = received.get(path) ?? 0;
    await page.getByLabel('Webhook', { exact: true }).selectOption(flaky);
    await page.getByRole('button', { name: 'Recover' }).click();
    await expect.poll(() => page.locator('form.recover [role="status"] p').textContent()).toBe('1 failed message of flaky sent again.');
    expect(dialogs).toEqual([
      expect.stringMatching(/^Send again every failed message of flaky created since \S+ \(1 failed kept in all\)\?/),
    ]);
    await expect.poll(() => received.get(path)).toBe(before + 1);
    await page.close();
  });

  it("a name's line breaks reach the Deactivate dialog as escapes; dismissed, nothing changes", async () => {
    const key = 'views-name-key-2';
    const id = await createWebhook(key, 'payouts\nDeactivate every webhook?', '/ok');
    const page = await openWebhooks(key);
    const row = page.locator(`tr[data-webhook-id="${id}"]`);
    expect(await row.locator('th .name').textContent()).toBe('payouts\\nDeactivate every webhook?');
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await row.getByRole('button', { name: 'Deactivate payouts\\nDeactivate every webhook?' }).click();
    await expect.poll(() => dialogs.length).toBe(1);
    expect(dialogs[0]).toBe(
      'Deactivate payouts\\nDeactivate every webhook?? Its messages still being retried are given up, and no new ones are sent.',
    );
    expect((await call(emulator.url, 'GET', `/v1/webhooks/${id}`, { key })).body.status).toBe('active');
    await page.close();
  });

  it('a key outside Latin-1 is refused saying so, nothing sent; the key stays in the tab unless remembered on this computer', async () => {
    const page = await browser.context.newPage();
    const keyed: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/v1/')) keyed.push(request.url());
    });
    await page.goto(`${emulator.url}/#/webhooks`);
    if (!(await page.getByLabel('API key').isVisible())) await page.getByRole('button', { name: 'Use another key' }).click();
    await page.getByLabel('API key').fill('key\u2014copied-from-a-document');
    await page.getByLabel('API key').press('Enter');
    const refusal = await page.locator('.key-form [role="alert"]').textContent();
    expect(refusal).toContain('a character outside Latin-1');
    expect(refusal).not.toContain('does not answer');
    expect(keyed).toEqual([]);
    // The form asking for the key, with its refusal: nothing for axe to fix either.
    expect(await axeFindings(page)).toEqual([]);

    const stored = () =>
      page.evaluate(() => [sessionStorage.getItem('svc-inspector.api-key'), localStorage.getItem('svc-inspector.api-key')]);
    await page.getByLabel('API key').fill('views-tab-key-3');
    await page.getByLabel('API key').press('Enter');
    await page.locator('.key code').waitFor();
    expect(await stored()).toEqual(['views-tab-key-3', null]);
    await page.getByRole('button', { name: 'Use another key' }).click();
    expect(await stored()).toEqual([null, null]);
    await page.getByLabel('API key').fill('views-kept-key-4');
    await page.getByLabel('Remember on this computer').check();
    await page.getByLabel('API key').press('Enter');
    await page.locator('.key code').waitFor();
    expect(await stored()).toEqual(['views-kept-key-4', 'views-kept-key-4']);
    expect(await page.locator('.key').textContent()).toContain('remembered on this computer');
    // Another tab finds it remembered; forgotten there, it is forgotten here too.
    const other = await browser.context.newPage();
    await other.goto(`${emulator.url}/#/webhooks`);
    expect(await other.locator('.key code').textContent()).toBe('****ey-4');
    await other.getByRole('button', { name: 'Use another key' }).click();
    expect(await stored()).toEqual(['views-kept-key-4', null]);
    await other.close();
    await page.close();
  });

  // Last: it forgets what the others made.
  it('Reset asks first, saying what it forgets; dismissed nothing changes, accepted no webhook is left', async () => {
    const key = 'views-reset-key-5';
    const id = await createWebhook(key, 'to be forgotten', '/ok');
    const page = await openWebhooks(key);
    const row = page.locator(`tr[data-webhook-id="${id}"]`);
    await row.waitFor();
    const dialogs: string[] = [];
    let accept = false;
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void (accept ? dialog.accept() : dialog.dismiss());
    });
    await page.getByRole('button', { name: 'Reset the emulator' }).click();
    await expect.poll(() => dialogs.length).toBe(1);
    expect(dialogs[0]).toMatch(/^Reset the emulator\? It forgets every key\u2019s webhooks, every message and its attempts/);
    expect((await call(emulator.url, 'GET', `/v1/webhooks/${id}`, { key })).status).toBe(200);
    accept = true;
    await page.getByRole('button', { name: 'Reset the emulator' }).click();
    await row.waitFor({ state: 'detached' });
    expect(await page.locator('section.reset [role="status"]').textContent()).toContain('The emulator was reset');
    expect((await call(emulator.url, 'GET', `/v1/webhooks/${id}`, { key })).status).toBe(404);
    await page.close();
  });
});
