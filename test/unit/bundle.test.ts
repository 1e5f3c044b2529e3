// Start-up stays lean: what bin/svc.js loads before any command runs (the entry chunk and the chunks it imports
// statically) holds commander and our own small modules, never keccak, the schemas, undici, tables, spinner or conf.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/cli.js';

interface Metafile {
  outputs: Record<string, { inputs: Record<string, unknown>; imports: Array<{ path: string; kind: string }> }>;
}

function loadedAtStart(meta: Metafile): string[] {
  const seen = new Set<string>();
  const visit = (output: string) => {
    if (seen.has(output)) return;
    seen.add(output);
    for (const imported of meta.outputs[output]?.imports ?? []) {
      if (imported.kind === 'import-statement' && imported.path.startsWith('dist/')) visit(imported.path);
    }
  };
  visit('dist/svc.js');
  return [...seen].flatMap((output) => Object.keys(meta.outputs[output]!.inputs));
}

describe('the bundle built by npm run build', () => {
  const meta = JSON.parse(readFileSync(join(REPO_ROOT, 'dist', 'meta.json'), 'utf8')) as Metafile;
  const inputs = loadedAtStart(meta);

  it('loads commander and our own modules at start-up, and nothing heavy', () => {
    const packages = new Set(
      inputs.filter((input) => input.includes('node_modules/')).map((input) => input.split('node_modules/')[1]!.split('/')[0]),
    );
    expect([...packages]).toEqual(['commander']);
    expect(inputs.filter((input) => /src\/(evm|emulator|receiver|schema\/(?!rules)|api|render\/table)/.test(input))).toEqual([]);
  });

  it('keeps keccak and the schemas out of what every command loads, but in the bundle', () => {
    const all = Object.values(meta.outputs).flatMap((output) => Object.keys(output.inputs));
    expect(all.some((input) => input.endsWith('src/evm/keccak.ts'))).toBe(true);
    expect(all.some((input) => input.endsWith('src/schema/transactions.ts'))).toBe(true);
    expect(inputs.some((input) => input.endsWith('src/evm/keccak.ts') || input.includes('node_modules/@noble/'))).toBe(false);
  });
});
