// What `npm pack` ships, and that a global install of the tarball gives a working `svc`: the package declares no
// dependency (its files are bundles that need nothing at run time), so it installs offline from the tarball alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { REPO_ROOT } from '../helpers/cli.js';
import { startTestEmulator } from '../helpers/emulator-helpers.js';

/** The pages the README links to, so its links resolve in an installed package too (not their screenshots). */
const DOCS = readdirSync(join(REPO_ROOT, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`);

const PACKAGE = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string; dependencies?: object };
// Packing with --ignore-scripts: `prepare` would rebuild dist/ under the feet of the tests running beside this
// one. Installing runs scripts as a user's install would.
const npm = (args: string[], cwd = REPO_ROOT) =>
  execa('npm', [...args, '--no-audit', '--no-fund'], { cwd, reject: false, timeout: 60_000 });

interface PackResult {
  filename: string;
  files: Array<{ path: string }>;
}

describe('npm pack', () => {
  // One real `npm pack` for both tests: its --json report lists the files in the tarball it wrote.
  let directory: string;
  let pack: PackResult;
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator();
    directory = mkdtempSync(join(tmpdir(), 'svc-pack-'));
    const packed = await npm(['pack', '--json', '--ignore-scripts', '--pack-destination', directory]);
    expect(packed.exitCode).toBe(0);
    [pack] = JSON.parse(String(packed.stdout)) as [PackResult];
  }, 60_000);
  afterAll(() => emulator.close());

  it('ships the launcher, the bundles and what they read, completions, README and the docs it links to, LICENSE and package.json, nothing else', () => {
    const paths = pack.files.map((file) => file.path).sort();
    const shipped = paths.map((path) => path.replace(/^dist\/svc-[0-9a-f]{16}\.code-cache$/, 'dist/svc-<build>.code-cache'));
    expect(shipped).toEqual(
      [
        'LICENSE',
        'README.md',
        'bin/package.json',
        'bin/svc.js',
        'completions/_svc',
        'completions/svc.bash',
        'completions/svc.fish',
        'dist/jq.wasm',
        'dist/svc-<build>.code-cache',
        'dist/svc-part-completion.cjs',
        'dist/svc-part-emulator.cjs',
        'dist/svc-part-receiver.cjs',
        'dist/svc-vendor-cli-table3.cjs',
        'dist/svc-vendor-conf.cjs',
        'dist/svc-vendor-jq-web.cjs',
        'dist/svc-vendor-ora.cjs',
        'dist/svc-vendor-proper-lockfile.cjs',
        'dist/svc.js',
        ...DOCS,
        'package.json',
      ].sort(),
    );
  });

  it('the tarball `npm pack` leaves in the repository is ignored by git, never committed by mistake', async () => {
    const ignored = await execa('git', ['check-ignore', '--no-index', '-q', pack.filename], { cwd: REPO_ROOT, reject: false });
    expect(ignored.exitCode).toBe(0);
  });

  it('declares no dependency: every package svc uses is bundled at build time', () => {
    expect(PACKAGE.dependencies).toBeUndefined();
  });

  // process-contract.test.ts counts on these runs as the process runs of --version and completion bash.
  it('installed globally from the tarball alone (offline), with no package beside it: --version, completion, tx list', async () => {
    const prefix = join(directory, 'prefix');
    const installed = await npm(['install', '-g', '--prefix', prefix, '--offline', join(directory, pack.filename)], directory);
    expect(installed.stderr).not.toMatch(/ERR!/);
    expect(installed.exitCode).toBe(0);
    const installedPackage = join(prefix, 'lib', 'node_modules', 'svc');
    // Nothing was installed with it, and nothing above the temporary prefix could lend it a package.
    expect(existsSync(join(installedPackage, 'node_modules'))).toBe(false);
    expect(existsSync(join(prefix, 'lib', 'node_modules', 'undici'))).toBe(false);

    const svc = join(prefix, 'bin', 'svc');
    const env = {
      PATH: `${join(prefix, 'bin')}:${process.env.PATH}`,
      HOME: directory,
      SVC_CONFIG_DIR: directory,
      SVC_BASE_URL: emulator.url,
      NO_COLOR: '1',
    };
    // --version is the launcher's own answer; completion runs the bundle and one of its parts; tx list the bundle's
    // transport (node's HTTP client) against a real emulator, and with --jq the jq built in (jq-web and its jq.wasm,
    // read from the installed files).
    const [version, completion, listed, filtered] = await Promise.all([
      execa(svc, ['--version'], { env, cwd: directory, extendEnv: false }),
      execa('svc', ['completion', 'bash'], { env, cwd: directory, extendEnv: false }),
      execa('svc', ['tx', 'list', '--page-size', '3'], { env, cwd: directory, extendEnv: false, reject: false }),
      execa('svc', ['tx', 'list', '--page-size', '3', '--jq', '.transactions | length'], {
        env,
        cwd: directory,
        extendEnv: false,
        reject: false,
      }),
    ]);
    expect(filtered).toMatchObject({ exitCode: 0, stdout: '3', stderr: '' });
    expect(version.stdout).toBe(PACKAGE.version);
    expect(completion.stdout + '\n').toBe(readFileSync(join(REPO_ROOT, 'completions', 'svc.bash'), 'utf8'));
    expect(listed.stderr).toBe('');
    expect(listed.exitCode).toBe(0);
    expect(listed.stdout.trimEnd().split('\n')).toHaveLength(3);
    // The bundle the other tests run (event-signature and the rest), byte for byte.
    expect(readFileSync(join(installedPackage, 'dist', 'svc.js')).equals(readFileSync(join(REPO_ROOT, 'dist', 'svc.js')))).toBe(true);
  }, 60_000);
});
