// Vitest global setup: one visible line per missing tool and the tests it skips; with SVC_REQUIRE_TOOLS=1 (as
// .ci/run sets it) a missing tool fails the run instead, so CI always runs every test.
import { FOUND_TOOLS_ENV, hasTool, python3, PYTHON_ENV, TOOLS } from '../helpers/tools.js';
import type { Tool } from '../helpers/tools.js';

const NEEDED_BY: Record<Tool, string> = {
  zsh: 'the zsh completion tests',
  fish: 'the fish completion tests',
  jq: 'the README recipe tests',
  chromium: "the inspector page's tests in a browser",
};

export default function setup(): () => void {
  // Asked here, once; not taken from the environment this run was started in.
  delete process.env[FOUND_TOOLS_ENV];
  const tools = Object.keys(TOOLS) as Tool[];
  const absent = tools.filter((tool) => !hasTool(tool));
  for (const tool of absent) {
    process.stderr.write(`skipped: ${NEEDED_BY[tool]}: ${tool} is not installed (${TOOLS[tool]})\n`);
  }
  if (absent.length > 0 && process.env.SVC_REQUIRE_TOOLS === '1') {
    throw new Error(`SVC_REQUIRE_TOOLS=1 and ${absent.join(', ')} missing: every test must run here`);
  }
  // For every worker, which start with this process's environment (see test/helpers/tools.ts).
  process.env[FOUND_TOOLS_ENV] = tools.filter((tool) => !absent.includes(tool)).join(',');
  process.env[PYTHON_ENV] = python3();
  return () => {
    delete process.env[FOUND_TOOLS_ENV];
    delete process.env[PYTHON_ENV];
  };
}
