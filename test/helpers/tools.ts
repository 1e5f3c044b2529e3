// Programs some tests need beyond node (the shells the completion scripts run in, jq for the README recipes).
// Without one, those tests are skipped, and test/setup/tools.ts says so once, naming how to install it.
import { spawnSync } from 'node:child_process';

export const TOOLS = {
  zsh: 'apt-get install -y zsh',
  fish: 'apt-get install -y fish',
  jq: 'apt-get install -y jq',
} as const;
export type Tool = keyof typeof TOOLS;

/** SVC_TEST_HIDE_TOOLS=zsh,fish runs the suite as on a machine without them (to see the skips without uninstalling). */
export function hasTool(tool: Tool): boolean {
  if ((process.env.SVC_TEST_HIDE_TOOLS ?? '').split(',').includes(tool)) return false;
  return spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status === 0;
}

/** For `describe.skipIf(missing('zsh'))`. */
export function missing(tool: Tool): boolean {
  return !hasTool(tool);
}
