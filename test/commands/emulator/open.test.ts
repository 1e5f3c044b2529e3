// `svc emulator open`: its run, called directly against an emulator in this process. The inspector's URL is handed to
// the browser ($BROWSER: here a script that writes down what it was given), printed where none can be opened or when
// asked, and the command refuses where the emulator serves no page.
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openers } from '../../../src/commands/emulator/browser.js';
import { parseEmulatorOpenOptions, run } from '../../../src/commands/emulator/open.js';
import { NetworkError, NotFoundError } from '../../../src/errors.js';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { startTestEmulator } from '../../helpers/emulator-helpers.js';
import { withTestContext } from '../../helpers/test-context.js';

/** A browser that writes its arguments down, one a line, and exits with `exitCode`. */
function fakeBrowser(exitCode = 0): { command: string; given: () => string[] | undefined } {
  const dir = mkdtempSync(join(tmpdir(), 'svc-browser-'));
  const file = join(dir, 'given');
  const command = join(dir, 'browser');
  writeFileSync(command, `#!/bin/sh\nprintf '%s\\n' "$@" > '${file}'\nexit ${exitCode}\n`);
  chmodSync(command, 0o755);
  return { command, given: () => (existsSync(file) ? readFileSync(file, 'utf8').trimEnd().split('\n') : undefined) };
}

/** No display, so that without $BROWSER nothing on the machine running the tests opens. */
const HEADLESS = { DISPLAY: undefined, WAYLAND_DISPLAY: undefined, BROWSER: undefined };

async function open(baseUrl: string, env: Record<string, string | undefined>, browser = true) {
  return withTestContext({ baseUrl, env: { ...HEADLESS, ...env } }, async ({ context, io }) => {
    const error = await run(parseEmulatorOpenOptions({ browser }), context).catch((caught: unknown) => caught);
    return { error, stdout: io.stdout(), stderr: io.stderr() };
  });
}

describe.skipIf(process.platform === 'win32')('emulator open: run', () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator();
  });
  afterAll(() => emulator.close());

  it('hands the inspector URL to $BROWSER and says so on stderr; stdout stays empty', async () => {
    const browser = fakeBrowser();
    const { error, stdout, stderr } = await open(emulator.url, { BROWSER: browser.command });
    expect(error).toBeUndefined();
    expect(browser.given()).toEqual([`${emulator.url}/`]);
    expect([stdout, stderr]).toEqual(['', `Opened ${emulator.url}/ in your browser\n`]);
  });

  it('$BROWSER: the URL where it says %s; the next command of its list where one is not found', async () => {
    const browser = fakeBrowser();
    const { error } = await open(emulator.url, { BROWSER: `svc-no-such-browser:${browser.command} --new-window %s` });
    expect(error).toBeUndefined();
    expect(browser.given()).toEqual(['--new-window', `${emulator.url}/`]);
  });

  it('where none can be opened: the URL on stdout, and why on stderr (exit 0)', async () => {
    const failing = fakeBrowser(3);
    const refused = await open(emulator.url, { BROWSER: failing.command });
    expect(refused.error).toBeUndefined();
    expect(refused.stdout).toBe(`${emulator.url}/\n`);
    expect(refused.stderr).toBe(`svc: cannot open a browser: ${failing.command} failed (exit 3); open the URL yourself\n`);
    const headless = await open(emulator.url, {});
    expect(headless.stdout).toBe(`${emulator.url}/\n`);
    expect(headless.stderr).toContain('there is no display to show a browser on (DISPLAY and WAYLAND_DISPLAY are unset');
  });

  it('--no-browser: the URL on stdout, no browser started', async () => {
    const browser = fakeBrowser();
    const { stdout, stderr } = await open(emulator.url, { BROWSER: browser.command }, false);
    expect([stdout, stderr]).toEqual([`${emulator.url}/\n`, '']);
    expect(browser.given()).toBeUndefined();
  });

  it('the path the emulator serves its page at', async () => {
    const placed = await startTestEmulator({ inspectorPath: '/tools/inspector/' });
    try {
      expect((await open(placed.url, {}, false)).stdout).toBe(`${placed.url}/tools/inspector/\n`);
    } finally {
      await placed.close();
    }
  });

  it('an emulator serving no page: exit 3, saying how to start one that does', async () => {
    const without = await startTestEmulator({ inspector: false });
    try {
      const { error, stdout } = await open(without.url, {}, false);
      expect(error).toBeInstanceOf(NotFoundError);
      expect((error as NotFoundError).message).toBe(`the emulator at ${without.url} serves no inspector page`);
      expect((error as NotFoundError).hint).toContain('start it with --inspector');
      expect(stdout).toBe('');
    } finally {
      await without.close();
    }
  });

  it('nothing listening: the network error, with the advice every emulator command gives', async () => {
    const { error } = await open('http://127.0.0.1:9', {}, false);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).hint).toContain('no emulator of yours is running');
  });
});

describe('emulator open: the opener of each platform', () => {
  const url = 'http://127.0.0.1:4010/';
  it.each([
    ['darwin', {}, [{ command: 'open', args: [url] }]],
    ['win32', {}, [{ command: 'rundll32', args: ['url.dll,FileProtocolHandler', url] }]],
    ['linux', { DISPLAY: ':0' }, [{ command: 'xdg-open', args: [url] }]],
    ['linux', { WAYLAND_DISPLAY: 'wayland-0' }, [{ command: 'xdg-open', args: [url] }]],
    [
      'win32',
      { BROWSER: 'C:\\Browser\\b.exe;other' },
      [
        { command: 'C:\\Browser\\b.exe', args: [url] },
        { command: 'other', args: [url] },
      ],
    ],
  ] as const)('%s with %o', (platform, env, expected) => {
    expect(openers(url, env, platform)).toEqual(expected);
  });

  it('a Linux without a display and without $BROWSER has none, and says why', () => {
    expect(openers(url, {}, 'linux')).toMatch(/^there is no display/);
  });
});
