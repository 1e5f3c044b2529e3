// Opening a URL in the user's browser, for `svc emulator open`: $BROWSER when set (as xdg-open and Python's webbrowser
// read it), else the system's opener; and saying why not where none can be (a machine without a display, over ssh).
import { spawn } from 'node:child_process';

/** An opener still running after this is taken for the browser itself (a $BROWSER that stays in the foreground). */
const OPENER_WAIT_MS = 1_000;

interface Opener {
  command: string;
  args: string[];
}

/**
 * The commands that may open `url`, in the order to try them. $BROWSER is a list of commands (":"-separated; ";" on
 * Windows), each given the URL where it says %s, else after its words. Without it, the platform's opener; none on a
 * Linux or BSD with no display to show a browser on (the reason is given instead).
 */
export function openers(url: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): Opener[] | string {
  const chosen = env.BROWSER?.trim();
  if (chosen) {
    return chosen
      .split(platform === 'win32' ? ';' : ':')
      .map((entry) => entry.trim().split(/\s+/))
      .filter((words) => words[0] !== '')
      .map((words) => {
        const withUrl = words.some((word) => word.includes('%s')) ? words.map((word) => word.replaceAll('%s', url)) : [...words, url];
        return { command: withUrl[0]!, args: withUrl.slice(1) };
      });
  }
  if (platform === 'darwin') return [{ command: 'open', args: [url] }];
  // The shell's handler of URLs, as Go's and gh's openers use it: no quoting rules of cmd.exe to get wrong.
  if (platform === 'win32') return [{ command: 'rundll32', args: ['url.dll,FileProtocolHandler', url] }];
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY)
    return 'there is no display to show a browser on (DISPLAY and WAYLAND_DISPLAY are unset, and BROWSER too)';
  return [{ command: 'xdg-open', args: [url] }];
}

/** Opens `url` with the first opener that works: undefined once one did, else why none could. */
export async function openInBrowser(url: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const found = openers(url, env);
  if (typeof found === 'string') return found;
  const failures: string[] = [];
  for (const opener of found) {
    const failure = await launch(opener, env);
    if (failure === undefined) return undefined;
    failures.push(failure);
  }
  return failures.join('; ');
}

/** Starts the opener on its own (it outlives svc); undefined when it succeeded or is still running after a moment. */
function launch({ command, args }: Opener, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'ignore', detached: true, env });
    const timer = setTimeout(() => {
      child.unref();
      resolve(undefined);
    }, OPENER_WAIT_MS);
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve(`${command}: ${error.code === 'ENOENT' ? 'not found' : error.message}`);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code === 0 ? undefined : `${command} failed (${code === null ? signal : `exit ${code}`})`);
    });
  });
}
