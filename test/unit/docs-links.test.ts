// The documentation's links between its own pages lead somewhere: the file exists and, for `page.md#anchor`, the page
// has a heading of that anchor (GitHub's: lower case, punctuation dropped, spaces to hyphens). Pages move as the
// README is cut down; a link left behind is found here.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/cli.js';
import { recipeDocuments } from '../helpers/readme-recipes.js';

const DOCUMENTS = [...recipeDocuments(), 'CONTRIBUTING.md'];

/** GitHub's anchor of a heading. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(document: string): Set<string> {
  const text = readFileSync(join(REPO_ROOT, document), 'utf8').replace(/^```[\s\S]*?^```$/gm, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1]!)));
}

describe('links between the pages', () => {
  it('GitHub anchors, as its pages make them', () => {
    expect(anchorOf('Every operation: `svc api`, and `--jq`')).toBe('every-operation-svc-api-and---jq');
    expect(anchorOf("Keep the emulator's state")).toBe('keep-the-emulators-state');
  });

  it('lead to a page that exists, and to a heading it has', () => {
    const broken: string[] = [];
    for (const document of DOCUMENTS) {
      const text = readFileSync(join(REPO_ROOT, document), 'utf8').replace(/^```[\s\S]*?^```$/gm, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const [path, anchor] = target!.split('#') as [string, string | undefined];
        const file = path === '' ? document : normalize(join(dirname(document), path));
        if (!existsSync(join(REPO_ROOT, file))) broken.push(`${document}: ${target} (no ${file})`);
        else if (anchor !== undefined && file.endsWith('.md') && !anchorsOf(file).has(anchor))
          broken.push(`${document}: ${target} (no heading)`);
      }
    }
    expect(broken).toEqual([]);
  });
});
