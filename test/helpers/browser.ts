// A real browser for the inspector's tests: the system's Chromium (Debian's package; playwright-core cannot download
// one of its own here), driven by playwright-core, headless, in a new empty profile, with the background services
// that would reach for the network turned off (on a closed network they fail, many at a time, at every start).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { BrowserContext } from 'playwright-core';

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

export async function launchBrowser(options: { colorScheme?: 'light' | 'dark' } = {}): Promise<TestBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'svc-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: { width: 1280, height: 800 },
    colorScheme: options.colorScheme ?? 'light',
    timezoneId: 'UTC',
    locale: 'en-GB',
  });
  const pageErrors: string[] = [];
  context.on('page', (page) => page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`)));
  return {
    context,
    takePageErrors: () => pageErrors.splice(0),
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
