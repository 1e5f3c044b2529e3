// The documentation's recipes: shell code blocks after `<!-- recipe: name -->` in README.md and docs/*.md, and the
// files they use, after `<!-- recipe-file: name -->`. A recipe marked `<!-- recipe: name, another terminal -->` is
// typed in a second terminal and runs until stopped (a receiver, a follower). recipes.test.ts runs each document's
// recipes in order in one shell; process-contract.test.ts counts on some of them as the process runs of the commands
// they call.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './cli.js';

export interface Recipe {
  name: string;
  /** The shell text, ending in a newline. */
  script: string;
  /** Typed in another terminal, where it runs until stopped. */
  anotherTerminal: boolean;
}

/** The documents that may hold recipes, relative to the repository: the README, then docs/ by name. */
export function recipeDocuments(): string[] {
  const docs = readdirSync(join(REPO_ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs];
}

const read = (document: string): string => readFileSync(join(REPO_ROOT, document), 'utf8');

/** One document's recipes, in its order. */
export function recipesOf(document: string): Recipe[] {
  return [...read(document).matchAll(/<!-- recipe: ([\w-]+)(, another terminal)? -->\n```(?:sh|bash)\n([\s\S]*?)\n```/g)].map((match) => ({
    name: match[1]!,
    script: match[3]! + '\n',
    anotherTerminal: match[2] !== undefined,
  }));
}

/** Every recipe's text by name, over all the documents (a name is used once). */
export function readRecipes(): Map<string, string> {
  const recipes = new Map<string, string>();
  for (const document of recipeDocuments()) {
    for (const recipe of recipesOf(document)) {
      if (recipes.has(recipe.name)) throw new Error(`two recipes are named "${recipe.name}"`);
      recipes.set(recipe.name, recipe.script);
    }
  }
  return recipes;
}

/** Files the documents show for their recipes, by name. */
export function readRecipeFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const document of recipeDocuments()) {
    for (const match of read(document).matchAll(/<!-- recipe-file: ([\w.-]+) -->\n```\w*\n([\s\S]*?)\n```/g))
      files.set(match[1]!, match[2]! + '\n');
  }
  return files;
}
