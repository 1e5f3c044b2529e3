// The inspector page as built: its TypeScript bundled into one module with nothing left to fetch (no import), the
// same bytes whether the emulator runs from src/ (bundled on first use) or from the build; and the emulator's part of
// the bundle holds the page in itself, with no bundler and no module that reads page files at run time.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageFiles } from '../../src/emulator/inspector/page-files.js';
import { REPO_ROOT } from '../helpers/cli.js';

describe('the inspector page as built', () => {
  const fromSource = pageFiles();

  it('is the HTML, the style sheet and one script that imports nothing', () => {
    expect([...fromSource.keys()].sort()).toEqual(['app.js', 'index.html', 'inspector.css']);
    const script = fromSource.get('app.js')!.toString('utf8');
    expect(script).not.toMatch(/^\s*import\b|\bimport\(/m);
    expect(script).toContain('svc:deliveries-shown');
  });

  it('is the same built as run from src/, and the emulator part holds it without esbuild or page files', () => {
    const built = join(REPO_ROOT, 'dist', 'emulator', 'inspector', 'page');
    expect(readdirSync(built).sort()).toEqual([...fromSource.keys()].sort());
    for (const [name, body] of fromSource) expect([name, readFileSync(join(built, name)).equals(body)]).toEqual([name, true]);
    const part = readFileSync(join(REPO_ROOT, 'dist', 'svc-part-emulator.cjs'), 'utf8');
    expect(part.includes('svc:deliveries-shown')).toBe(true);
    expect(part.includes('bundlePage') || part.includes('esbuild')).toBe(false);
  });
});
