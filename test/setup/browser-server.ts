// Vitest global setup of the deep lane: ONE Chromium for every browser test file of the run. Each file connects to it
// and opens a context of its own (its own storage, as a new profile had), instead of starting a browser of its own.
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumPath, CHROMIUM_FLAGS } from '../helpers/browser.js';
import { hasTool } from '../helpers/tools.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's address for `chromium.connect`; empty when there is no Chromium (its tests are skipped). */
    chromiumEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!hasTool('chromium')) {
    project.provide('chromiumEndpoint', '');
    return async () => {};
  }
  const server = await chromium.launchServer({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_FLAGS });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
