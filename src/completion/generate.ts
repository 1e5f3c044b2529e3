// Writes the committed completion scripts: `node dist/completion/generate.js [directory]` (default: completions/).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildProgram } from '../cli.js';
import { completionScript } from './index.js';
import { SCRIPT_FILES, SHELLS } from './shells.js';

/** Writes one script per shell into `directory`; returns the paths written. */
export async function writeCompletionScripts(directory: string): Promise<string[]> {
  // The tree only: no command runs, so the action is never called.
  const program = await buildProgram(() => async () => {});
  mkdirSync(directory, { recursive: true });
  return SHELLS.map((shell) => {
    const path = join(directory, SCRIPT_FILES[shell]);
    writeFileSync(path, completionScript(program, shell));
    return path;
  });
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const directory = process.argv[2] ?? fileURLToPath(new URL('../../completions', import.meta.url));
  for (const path of await writeCompletionScripts(directory)) process.stdout.write(`wrote ${path}\n`);
}
