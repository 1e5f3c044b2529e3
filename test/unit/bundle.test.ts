// Start-up stays lean: the bundle (dist/svc.js, one script) runs at start only what the CLI's entry imports statically:
// commander and our own small modules, never keccak, the schemas, the transport, tables, spinner or conf, which run on
// first use (import() in the source); and the big vendored packages are not in it at all.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/cli.js';

interface Metafile {
  inputs: Record<string, { imports: Array<{ path: string; kind: string; external?: boolean }> }>;
  outputs: Record<string, { inputs: Record<string, unknown> }>;
}

/** What runs when the bundle starts: the modules src/cli.ts reaches through static imports and require() calls. */
function runAtStart(meta: Metafile): string[] {
  const seen = new Set<string>();
  const visit = (input: string) => {
    if (seen.has(input)) return;
    seen.add(input);
    for (const imported of meta.inputs[input]?.imports ?? []) {
      if (!imported.external && (imported.kind === 'import-statement' || imported.kind === 'require-call')) visit(imported.path);
    }
  };
  visit('src/cli.ts');
  return [...seen];
}

const packageOf = (input: string) => input.split('node_modules/')[1]!.split('/')[0]!;

describe('the bundle built by npm run build', () => {
  const meta = JSON.parse(readFileSync(join(REPO_ROOT, 'dist', 'meta.json'), 'utf8')) as Metafile;
  const atStart = runAtStart(meta);
  const bundled = Object.values(meta.outputs).flatMap((output) => Object.keys(output.inputs));

  it('runs commander and our own modules at start-up, and nothing heavy', () => {
    // No command's module: each noun loads when the command line names it (commands/index.ts).
    expect(atStart).toContain('src/commands/index.ts');
    expect(atStart.filter((input) => /^src\/commands\/(?!index|nouns|help\.|shared\/)/.test(input))).toEqual([]);
    // commander, through @commander-js/extra-typings: its types, and at run time a ~1 KB re-export of commander's classes.
    expect([...new Set(atStart.filter((input) => input.includes('node_modules/')).map(packageOf))].sort()).toEqual([
      '@commander-js',
      'commander',
    ]);
    // Of schema/, only the plain values the flag parsers check against (rules, chain names): never the schemas (valibot).
    expect(atStart.filter((input) => /src\/(evm|emulator|receiver|schema\/(?!rules|chain-names)|api|render\/table)/.test(input))).toEqual(
      [],
    );
    // Node's own modules cost too: of ours, node:http loads with the transport only (commander's own require of
    // node:child_process, ~2 ms, stays: the build replaces no module inside a package).
    const builtins = atStart.flatMap((input) =>
      (meta.inputs[input]?.imports ?? []).filter((imported) => imported.path.startsWith('node:')).map((imported) => imported.path),
    );
    expect(builtins).toContain('node:fs');
    expect(builtins).not.toContain('node:http');
  });

  it('keeps keccak and the schemas out of what every command runs, but in the bundle', () => {
    expect(bundled.some((input) => input.endsWith('src/evm/keccak.ts'))).toBe(true);
    expect(bundled.some((input) => input.endsWith('src/schema/transactions.ts'))).toBe(true);
    expect(atStart.some((input) => input.endsWith('src/evm/keccak.ts') || input.includes('node_modules/@noble/'))).toBe(false);
  });

  it('leaves the emulator, the receiver and the completion writers to files of their own, required when used', () => {
    expect(bundled.filter((input) => /^src\/(emulator|receiver|completion\/(?!offered-values|shells))/.test(input))).toEqual([]);
    const required = Object.values(meta.inputs).flatMap((input) =>
      input.imports.filter((imported) => imported.external).map((imported) => imported.path),
    );
    expect(required).toEqual(expect.arrayContaining(['./svc-part-emulator.cjs', './svc-part-receiver.cjs', './svc-part-completion.cjs']));
    for (const part of ['emulator', 'receiver', 'completion'])
      expect(existsSync(join(REPO_ROOT, 'dist', `svc-part-${part}.cjs`))).toBe(true);
  });

  it('runs none of --jq without the flag: its filter, and jq-web in a file of its own, load only with it', () => {
    expect(bundled).toEqual(expect.arrayContaining(['src/jq/filter.ts', 'src/jq/documents.ts', 'src/commands/shared/jq-output.ts']));
    expect(atStart.filter((input) => /src\/jq\/|jq-output|jq-web/.test(input))).toEqual([]);
    expect(bundled.filter((input) => input.includes('node_modules/jq-web/'))).toEqual([]);
    // Lazily: the CLI loads the filter only when a command line gives --jq (src/cli.ts), the filter jq-web on its first run.
    const importsOf = (input: string) => meta.inputs[input]?.imports ?? [];
    expect(importsOf('src/jq/filter.ts')).toContainEqual(expect.objectContaining({ path: 'src/jq/jq-web.cjs', kind: 'dynamic-import' }));
    expect(importsOf('src/jq/jq-web.cjs')).toEqual([expect.objectContaining({ path: './svc-vendor-jq-web.cjs', external: true })]);
    expect(readFileSync(join(REPO_ROOT, 'dist', 'jq.wasm')).subarray(0, 4)).toEqual(Buffer.from([0, 0x61, 0x73, 0x6d]));
    expect(importsOf('src/cli.ts')).toContainEqual(
      expect.objectContaining({ path: 'src/commands/shared/jq-output.ts', kind: 'dynamic-import' }),
    );
    expect(importsOf('src/commands/shared/jq-output.ts').filter((imported) => imported.path.startsWith('src/jq/'))).toEqual([
      expect.objectContaining({ kind: 'dynamic-import' }),
      expect.objectContaining({ kind: 'dynamic-import' }),
    ]);
  });

  it("speaks HTTP with node's own client: no undici in the bundle, no HTTP parser of its own beside it", () => {
    expect(bundled.filter((input) => input.includes('node_modules/undici/'))).toEqual([]);
    expect(meta.inputs['src/api/http.ts']?.imports.map((imported) => imported.path)).toContain('node:http');
    for (const file of ['llhttp-simd.wasm', 'llhttp.wasm']) expect(existsSync(join(REPO_ROOT, 'dist', file))).toBe(false);
  });

  it('leaves conf (with ajv), ora, cli-table3, proper-lockfile and jq-web to their own files, required when used', () => {
    expect(bundled.some((input) => input.includes('node_modules/commander/'))).toBe(true);
    const vendored = ['conf', 'ajv', 'ora', 'cli-table3', 'proper-lockfile', 'jq-web'];
    expect(bundled.filter((input) => input.includes('node_modules/') && vendored.includes(packageOf(input)))).toEqual([]);
    const required = Object.values(meta.inputs).flatMap((input) =>
      input.imports.filter((imported) => imported.external).map((imported) => imported.path),
    );
    expect(required).toEqual(
      expect.arrayContaining([
        './svc-vendor-conf.cjs',
        './svc-vendor-ora.cjs',
        './svc-vendor-cli-table3.cjs',
        './svc-vendor-proper-lockfile.cjs',
        './svc-vendor-jq-web.cjs',
      ]),
    );
  });
});
