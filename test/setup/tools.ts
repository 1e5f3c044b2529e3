// Vitest global setup: one visible line per missing tool and the tests it skips; with SVC_REQUIRE_TOOLS=1 (as
// .ci/run sets it) a missing tool fails the run instead, so CI always runs every test.
import { hasTool, TOOLS } from '../helpers/tools.js';
import type { Tool } from '../helpers/tools.js';

const NEEDED_BY: Record<Tool, string> = {
  zsh: 'the zsh completion tests',
  fish: 'the fish completion tests',
  jq: 'the README recipe tests',
  chromium: "the inspector page's tests in a browser",
};

export default function setup(): void {
  const absent = (Object.keys(TOOLS) as Tool[]).filter((tool) => !hasTool(tool));
  for (const tool of absent) {
    process.stderr.write(`skipped: ${NEEDED_BY[tool]}: ${tool} is not installed (${TOOLS[tool]})\n`);
  }
  if (absent.length > 0 && process.env.SVC_REQUIRE_TOOLS === '1') {
    throw new Error(`SVC_REQUIRE_TOOLS=1 and ${absent.join(', ')} missing: every test must run here`);
  }
}
