// The inspector page's files (every file of page/), by name. Read from page/ beside this module on first use; the
// bundle an installed svc runs holds them in itself instead (scripts/build.mjs puts them there), so nothing of the
// page is looked for on disk at run time, and only the emulator's part of the bundle carries them.
import { readdirSync, readFileSync } from 'node:fs';

let files: ReadonlyMap<string, Buffer> | undefined;

export function pageFiles(): ReadonlyMap<string, Buffer> {
  if (!files) {
    const folder = new URL('./page/', import.meta.url);
    files = new Map(
      readdirSync(folder)
        .sort()
        .map((name) => [name, readFileSync(new URL(name, folder))]),
    );
  }
  return files;
}
