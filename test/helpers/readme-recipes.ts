// The README's recipes: shell code blocks after `<!-- recipe: name -->`, and the files they use, after
// `<!-- recipe-file: name -->`. recipes.test.ts runs them; process-contract.test.ts counts on some of them as the
// process runs of the commands they call.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './cli.js';

const readme = (): string => readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');

/** The README's recipes by name, in README order, each ending in a newline. */
export function readRecipes(): Map<string, string> {
  const recipes = new Map<string, string>();
  for (const match of readme().matchAll(/<!-- recipe: ([\w-]+) -->\n```(?:sh|bash)\n([\s\S]*?)\n```/g)) {
    recipes.set(match[1]!, match[2]! + '\n');
  }
  return recipes;
}

/** Files the README shows for its recipes, by name. */
export function readRecipeFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const match of readme().matchAll(/<!-- recipe-file: ([\w.-]+) -->\n```\w*\n([\s\S]*?)\n```/g))
    files.set(match[1]!, match[2]! + '\n');
  return files;
}
