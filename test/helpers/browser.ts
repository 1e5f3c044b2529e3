// A real browser for the inspector's tests: the system's Chromium (Debian's package; playwright-core cannot download
// one of its own here), driven by playwright-core, headless, a context of its own per test file, with the background services
// that would reach for the network turned off (on a closed network they fail, many at a time, at every start).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { BrowserContext, BrowserContextOptions } from 'playwright-core';
import { inject } from 'vitest';

/** Chromium's flags, in a JSON file beside this one that the benchmarks read too. */
export const CHROMIUM_FLAGS = JSON.parse(readFileSync(new URL('./chromium-flags.json', import.meta.url), 'utf8')) as string[];

export interface TestBrowser {
  context: BrowserContext;
  /** The uncaught errors of the pages' scripts since the last call, each with the URL of its page. */
  takePageErrors(): string[];
  close(): Promise<void>;
}

/** Where the system's Chromium is (test/helpers/tools.ts says whether there is one). */
export function chromiumPath(): string {
  return spawnSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).stdout.trim() || '/usr/bin/chromium';
}

/**
 * A browser context of its own for a test file: in the shared Chromium of the run (test/setup/browser-server.ts, the
 * deep lane's global setup) when there is one, else in a Chromium started for it with a new empty profile.
 */
export async function launchBrowser(options: { colorScheme?: 'light' | 'dark' } = {}): Promise<TestBrowser> {
  const contextOptions: BrowserContextOptions = {
    viewport: { width: 1280, height: 800 },
    colorScheme: options.colorScheme ?? 'light',
    timezoneId: 'UTC',
    locale: 'en-GB',
  };
  const endpoint = inject('chromiumEndpoint');
  let context: BrowserContext;
  let release: () => Promise<void>;
  if (endpoint) {
    const browser = await chromium.connect(endpoint);
    context = await browser.newContext(contextOptions);
    release = async () => {
      await context.close();
      await browser.close();
    };
  } else {
    const profile = mkdtempSync(join(tmpdir(), 'svc-chromium-'));
    context = await chromium.launchPersistentContext(profile, {
      ...contextOptions,
      executablePath: chromiumPath(),
      headless: true,
      args: CHROMIUM_FLAGS,
    });
    release = async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    };
  }
  const pageErrors: string[] = [];
  context.on('page', (page) => page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`)));
  return { context, takePageErrors: () => pageErrors.splice(0), close: release };
}
