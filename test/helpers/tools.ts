// Programs some tests need beyond node (the shells the completion scripts run in, jq for the README recipes, the
// browser the inspector's page is tested in).
// Without one, those tests are skipped, and test/setup/tools.ts says so once, naming how to install it.
import { spawnSync } from 'node:child_process';

export const TOOLS = {
  zsh: 'apt-get install -y zsh',
  fish: 'apt-get install -y fish',
  jq: 'apt-get install -y jq',
  chromium: 'apt-get install -y chromium',
} as const;
export type Tool = keyof typeof TOOLS;

/**
 * Set by the global setup (test/setup/tools.ts) for every worker: the tools found and python's own path, asked once
 * per run rather than once per file or worker. Absent (a test run by another config), each is asked for here.
 */
export const FOUND_TOOLS_ENV = 'SVC_TEST_FOUND_TOOLS';
export const PYTHON_ENV = 'SVC_TEST_PYTHON';

/** SVC_TEST_HIDE_TOOLS=zsh,fish runs the suite as on a machine without them (to see the skips without uninstalling). */
export function hasTool(tool: Tool): boolean {
  if ((process.env.SVC_TEST_HIDE_TOOLS ?? '').split(',').includes(tool)) return false;
  const found = process.env[FOUND_TOOLS_ENV];
  if (found !== undefined) return found.split(',').includes(tool);
  return spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status === 0;
}

/** For `describe.skipIf(missing('zsh'))`. */
export function missing(tool: Tool): boolean {
  return !hasTool(tool);
}

let python: string | undefined;
/**
 * The python the pty tests run, asked for its own path once per run (see PYTHON_ENV): `python3` on PATH may be a
 * version manager's shim (pyenv's is a chain of bash scripts, ~0.1-0.3 s of CPU a start), and those tests start
 * python a dozen times.
 */
export function python3(): string {
  python ??=
    process.env[PYTHON_ENV] ||
    spawnSync('python3', ['-c', 'import sys; sys.stdout.write(sys.executable)'], { encoding: 'utf8' }).stdout ||
    'python3';
  return python;
}
