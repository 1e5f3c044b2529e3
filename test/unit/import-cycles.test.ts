// npm run lint's import circle check (scripts/check-import-cycles.mjs; lint runs it on src/): a circle of any kind of
// import (a type one way, a lazy import() the other) fails it, naming the way round. It loads TypeScript (a second or
// two of CPU), hence the long limit on a busy machine.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/cli.js';

const check = (...args: string[]) => execa('node', [join(REPO_ROOT, 'scripts', 'check-import-cycles.mjs'), ...args], { reject: false });

describe('the import circle check', () => {
  it('fails on a circle of a type import one way and a lazy import() the other, naming it', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'svc-circle-'));
    mkdirSync(join(folder, 'parts'));
    writeFileSync(
      join(folder, 'start.ts'),
      "import { y } from './alone.js';\nexport async function start() {\n  await import('./parts/detach.js');\n  return y;\n}\n",
    );
    writeFileSync(join(folder, 'parts', 'detach.ts'), "import type { Options } from '../start.js';\nexport const x = 1;\n");
    writeFileSync(
      join(folder, 'alone.ts'),
      "// import './start.js' in a comment is no import\nexport const y = 'import(\"./start.js\")';\n",
    );
    const result = await check(folder);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/^import circle: .*parts\/detach\.ts -> .*start\.ts -> .*parts\/detach\.ts\n/);
    // One circle: the import() in alone.ts's comment and string leads nowhere.
    expect(result.stderr).toMatch(/\n1 import circle\(s\)/);
  }, 60_000);
});
