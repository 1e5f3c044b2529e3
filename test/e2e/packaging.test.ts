// What `npm pack` ships, and that a global install of the tarball gives a working `svc`.
import { beforeAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../helpers/cli.js';

const VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
// Packing with --ignore-scripts: `prepare` would rebuild dist/ under the feet of the tests running beside this
// one. Installing runs scripts as a user's install would.
const npm = (args: string[], cwd = REPO_ROOT) =>
  execa('npm', [...args, '--no-audit', '--no-fund'], { cwd, reject: false, timeout: 240_000 });

interface PackResult {
  filename: string;
  files: Array<{ path: string }>;
}

describe('npm pack', () => {
  // One real `npm pack` for both tests: its --json report lists the files in the tarball it wrote.
  let directory: string;
  let pack: PackResult;
  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'svc-pack-'));
    const packed = await npm(['pack', '--json', '--ignore-scripts', '--pack-destination', directory]);
    expect(packed.exitCode).toBe(0);
    [pack] = JSON.parse(String(packed.stdout)) as [PackResult];
  }, 240_000);

  it('ships bin, dist, completions, README, LICENSE and package.json, and nothing else', () => {
    const paths = pack.files.map((file) => file.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'package.json',
        'README.md',
        'LICENSE',
        'bin/svc.js',
        'dist/svc.js',
        'dist/completion/generate.js',
        'completions/svc.bash',
        'completions/_svc',
        'completions/svc.fish',
      ]),
    );
    const outside = paths.filter((path) => !/^(bin|dist|completions)\/|^(package\.json|README\.md|LICENSE)$/.test(path));
    expect(outside).toEqual([]);
    expect(paths.filter((path) => /^dist\/.*\.test\.|\.ts$|\.map$/.test(path))).toEqual([]);
  });

  // process-contract.test.ts counts on these two runs as the process runs of --version and completion bash.
  it('installed globally from the tarball: svc --version matches package.json, completions work', async () => {
    const prefix = join(directory, 'prefix');
    const installed = await npm(['install', '-g', '--prefix', prefix, '--prefer-offline', join(directory, pack.filename)], directory);
    expect(installed.stderr).not.toMatch(/ERR!/);
    expect(installed.exitCode).toBe(0);

    const svc = join(prefix, 'bin', 'svc');
    const env = { PATH: `${join(prefix, 'bin')}:${process.env.PATH}`, SVC_CONFIG_DIR: directory, NO_COLOR: '1' };
    // --version is the launcher's own answer; completion runs the bundle and one of its parts, as any other command
    // of the installed bundle would (the same files as the repository's, whose commands the other tests run).
    const [version, completion] = await Promise.all([
      execa(svc, ['--version'], { env, cwd: directory }),
      execa('svc', ['completion', 'bash'], { env, cwd: directory }),
    ]);
    expect(version.stdout).toBe(VERSION);
    expect(completion.stdout + '\n').toBe(readFileSync(join(REPO_ROOT, 'completions', 'svc.bash'), 'utf8'));
    const installedPackage = join(prefix, 'lib', 'node_modules', 'svc');
    expect(readFileSync(join(installedPackage, 'completions', '_svc'), 'utf8')).toBe(
      readFileSync(join(REPO_ROOT, 'completions', '_svc'), 'utf8'),
    );
    // The bundle the other tests run (event-signature and the rest), byte for byte.
    expect(readFileSync(join(installedPackage, 'dist', 'svc.js')).equals(readFileSync(join(REPO_ROOT, 'dist', 'svc.js')))).toBe(true);
  }, 300_000);
});
