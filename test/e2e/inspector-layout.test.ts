// The inspector page on any screen and to any reader: every view, filled with long names, addresses, URLs and hostile
// text, fits a 360 px phone and a 1280 px laptop without scrolling sideways (a table scrolls inside its own box), and
// axe-core finds nothing to fix on any view in the light or the dark scheme.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import type { TestBrowser } from '../helpers/browser.js';
import { call } from '../helpers/emulator-helpers.js';
import { missing } from '../helpers/tools.js';
import { killAllChildren, startEmulatorProcess } from '../helpers/webhook-dev-processes.js';
import type { EmulatorProcess } from '../helpers/webhook-dev-processes.js';

// What the callbacks given to page.evaluate use: they run in the page, while this file is checked without the DOM's types.
declare const window: any;
declare const document: any;

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

describe.skipIf(missing('chromium'))('the inspector on any screen, to any reader', () => {
  let emulator: EmulatorProcess;
  let browser: TestBrowser;
  let receiver: http.Server;
  let views: View[];

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.url?.startsWith('/broken')) {
          res.writeHead(500, { 'content-type': 'text/html' });
          res.end(HOSTILE_ANSWER);
        } else res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const hooks = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    [emulator, browser] = await Promise.all([startEmulatorProcess(), launchBrowser()]);
    const create = async (name: string, path: string) => {
      const created = await call(emulator.url, 'POST', '/v1/webhooks', {
        key: KEY,
        body: {
          url: hooks + path,
          chainId: '43113',
          eventType: 'address_activity',
          name,
          metadata: { addresses: [WATCHED, ...ADDRESSES] },
          includeLogs: true,
          includeInternalTxs: true,
        },
      });
      expect(created.status).toBe(201);
      return created.body.id as string;
    };
    await create(LONG_NAME, LONG_PATH);
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
        ready: (page) => page.locator('li[data-attempt="1"] pre.answer').waitFor(),
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
    await emulator?.stop();
    await killAllChildren();
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

  it('every view fits 360 px and 1280 px, and axe-core finds nothing in the light or the dark scheme', async () => {
    const overflows: string[] = [];
    const findings: string[] = [];
    for (const view of views) {
      const page = await open(view);
      for (const width of [360, 1280]) {
        const overflow = await overflowAt(page, width);
        if (overflow) overflows.push(`${view.name} at ${width} px: ${overflow}`);
      }
      // At full width, where axe sees every cell (of a table scrolled inside its box, it cannot tell the colours).
      findings.push(...(await axeFindings(page)).map((finding) => `${view.name}, light: ${finding}`));
      // Only the colours change with the scheme.
      await page.emulateMedia({ colorScheme: 'dark' });
      findings.push(...(await axeFindings(page, ['color-contrast'])).map((finding) => `${view.name}, dark: ${finding}`));
      await page.close();
    }
    expect({ overflows, findings }).toEqual({ overflows: [], findings: [] });
  });
});
