// The inspector page's files, by name: those of page/ as they are (the HTML, the style sheet), and app.js, the page's
// TypeScript (page/*.ts) bundled into one module for the browser. Read from page/ beside this module on first use;
// the build (scripts/build.mjs) writes the bundled files beside the modules it transpiles, and puts them inside the
// bundle an installed svc runs, so nothing of the page is looked for on disk, nor bundled, at run time there.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** The module of the page the browser loads, which imports the rest. */
const PAGE_ENTRY = 'app.ts';
const PAGE_SCRIPT = 'app.js';

let files: ReadonlyMap<string, Buffer> | undefined;

export function pageFiles(): ReadonlyMap<string, Buffer> {
  files ??= readPage(new URL('./page/', import.meta.url));
  return files;
}

/**
 * The page's files as served, from its folder: the page's sources (src/, where its entry is found) bundled here,
 * with esbuild, which only the repository has; or a folder the build wrote, where app.js is bundled already.
 */
export function readPage(folder: URL): Map<string, Buffer> {
  const names = readdirSync(folder).sort();
  const page = new Map(
    names.filter((name) => !name.endsWith('.ts')).map((name): [string, Buffer] => [name, readFileSync(new URL(name, folder))]),
  );
  if (names.includes(PAGE_ENTRY)) page.set(PAGE_SCRIPT, bundlePage(new URL(PAGE_ENTRY, folder)));
  return page;
}

function bundlePage(entry: URL): Buffer {
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  const { outputFiles } = esbuild.buildSync({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    // Without comments and blanks the page loads half the bytes (the page's weight is kept under 150 KB); names stay,
    // for the errors a browser's tools show, as in the CLI's bundle.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    charset: 'utf8',
    write: false,
    logLevel: 'warning',
  });
  return Buffer.from(outputFiles[0]!.contents);
}
