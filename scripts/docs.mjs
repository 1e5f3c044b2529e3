// `npm run docs` (after the build): writes docs/reference.md from the program the CLI builds, as `svc help reference`
// prints it. A test fails while the committed file differs (test/unit/help-reference.test.ts).
import { writeFileSync } from 'node:fs';
import { buildProgram } from '../dist/cli.js';
import { commandReference } from '../dist/commands/help-reference.js';

// Only the tree is read: no command runs.
const program = await buildProgram(() => async () => {});
writeFileSync(new URL('../docs/reference.md', import.meta.url), commandReference(program));
