// Help as gh writes it: every command has a summary, usage, described flags and real examples; `svc help
// <command...>` follows the whole path; an unknown command suggests the nearest one.
import { describe, expect, it } from 'vitest';
import { freshConfigDir, runInProcess } from '../helpers/cli.js';
import { commandPaths, leafPaths } from '../helpers/command-tree.js';

const paths = commandPaths();
const leaves = leafPaths(paths);

/** One config folder for every run here (none reads or writes settings): each run without one made its own. */
const configDir = freshConfigDir();
const run = (args: string[]) => runInProcess(args, { configDir });

/** Each command's `--help` run once, for the several tests that read it (a render is the same every time). */
const helps = new Map<string, ReturnType<typeof runInProcess>>();
function helpOf(joined: string): ReturnType<typeof runInProcess> {
  if (!helps.has(joined)) helps.set(joined, run([...joined.split(' '), '--help']));
  return helps.get(joined)!;
}

describe('every command in the tree', () => {
  it.each(paths.map((path) => [path.join(' ')]))('svc %s --help: defaults as typed, none empty, none quoted', async (joined) => {
    const help = (await helpOf(joined)).stdout.replace(/\s+/g, ' ');
    expect(help).not.toMatch(/default: \[\]|default: false|default: "|choices: "/);
    // A description that already names its default is not told it twice.
    expect(help).not.toMatch(/default:[^()]*\(default:/);
  });

  it.each(paths.map((path) => [path.join(' ')]))('svc %s --version is refused as an unknown option (exit 2)', async (joined) => {
    const result = await run([...joined.split(' '), '--version']);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe("svc: unknown option '--version'\nthe version is the program's: svc --version\n");
  });

  it.each([
    ['emulator deliveries', ['--follow', '--state <state>', '--since <when>', '--webhook <id>', '--limit <n>']],
    ['webhook addresses', ['--page-size <n>', '--limit <n>', '--all']],
  ])('a group with a default command: svc %s --help shows the flags its bare form takes', async (joined, flags) => {
    const help = (await helpOf(joined)).stdout;
    const section = help.split('\nOptions of its default command, list:\n')[1]?.split('\n\n')[0];
    expect(section, 'the default command’s options').toBeDefined();
    for (const flag of flags) expect(section).toMatch(new RegExp(`^ {2}${flag.replace(/[<>]/g, '.')} `, 'm'));
    expect(section).not.toContain('--help');
  });

  it('the walk found the commands (a sanity check on the walk itself)', () => {
    expect(leaves.map((path) => path.join(' '))).toEqual(
      expect.arrayContaining(['tx list', 'webhook create', 'config path', 'completion', 'help']),
    );
    expect(leaves.length).toBeGreaterThanOrEqual(15);
  });

  it.each(leaves.map((path) => [path.join(' ')]))('svc %s --help: summary, usage, options, Examples', async (joined) => {
    const result = await helpOf(joined);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('');
    const [usage, blank, summary] = result.stdout.split('\n');
    expect(usage).toMatch(new RegExp(`^Usage: svc ${joined} `));
    expect(blank).toBe('');
    expect(summary).toMatch(/^\S.{10,}/);
    expect(result.stdout).toMatch(/\nOptions:\n(.|\n)*-h, --help/);
    // The program's flags in one compact line, gh's INHERITED FLAGS, never the whole list again; --version is not one.
    expect(result.stdout).toMatch(/\nInherited flags:\n {2}--base-url <url>,(.|\n)*--json,(.|\n)*\(see: svc --help\)\n/);
    expect(result.stdout).not.toMatch(/Global Options|--version/);
    const examples = result.stdout.split('\nExamples:\n')[1];
    expect(examples, 'an Examples section').toBeDefined();
    expect(examples).toMatch(/^ {2}# .+\n {2}\$ .*\bsvc /m);
  });

  it.each(paths.filter((path) => !leaves.includes(path)).map((path) => [path.join(' ')]))(
    'group svc %s --help lists its commands and examples',
    async (joined) => {
      const result = await helpOf(joined);
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toMatch(/\nCommands:\n(.|\n)*help \[command\.\.\.\]/);
      expect(result.stdout).toMatch(/\nExamples:\n {2}# .+\n {2}\$ .*\bsvc /);
    },
  );

  it('no example backgrounds a command with & (svc emulator start --detach does that, and says where it runs)', async () => {
    const texts = await Promise.all([run(['--help']), ...paths.map((path) => helpOf(path.join(' ')))]);
    for (const { stdout } of texts) expect(stdout).not.toMatch(/^ {2}\$ .*&\s*$/m);
    expect((await run(['--help'])).stdout).toContain('$ svc emulator start --detach\n  $ svc tx list\n');
  });

  it('somewhere: a jq pipeline and a CI snippet', async () => {
    const texts = await Promise.all(
      [
        ['tx', 'list'],
        ['webhook', 'create'],
        ['webhook', 'deactivate'],
      ].map((path) => helpOf(path.join(' '))),
    );
    const all = texts.map((result) => result.stdout).join('\n');
    expect(all).toMatch(/\$ svc tx list .*--json \| jq -r '\.transactions\[\]\.txHash'/);
    expect(all).toMatch(/WEBHOOK_ID=\$\(svc webhook create .*--json \| jq -r \.id\)/);
    expect(all).toMatch(/svc webhook deactivate "\$WEBHOOK_ID" --yes/);
  });

  it('flags show their allowed values and defaults', async () => {
    const txList = (await helpOf('tx list')).stdout;
    expect(txList).toMatch(/--network <network> +every chain of this network: mainnet, fuji, testnet/);
    expect(txList).toMatch(/--status <status> +only failed or success/);
    const program = (await run(['--help'])).stdout;
    expect(program).toMatch(/--timeout <seconds>(.|\n)*\(default: 30\)/);
    const completion = (await helpOf('completion')).stdout;
    expect(completion).toMatch(/choices: bash, zsh, fish/);
  });
});

describe('svc help <command...>', () => {
  it.each([
    [
      ['help', 'tx', 'list'],
      ['tx', 'list', '--help'],
    ],
    [
      ['help', 'webhook', 'create'],
      ['webhook', 'create', '--help'],
    ],
    [
      ['webhook', 'help', 'create'],
      ['webhook', 'create', '--help'],
    ],
    [
      ['help', 'config'],
      ['config', '--help'],
    ],
    [['help'], ['--help']],
  ])('svc %j is svc %j', async (helpArgs, flagArgs) => {
    const [viaHelp, viaFlag] = await Promise.all([run(helpArgs), run(flagArgs)]);
    expect(viaHelp.exitCode).toBe(0);
    expect(viaHelp.stdout).toBe(viaFlag.stdout);
    expect(viaHelp.stdout).toMatch(/^Usage: svc/);
  });

  it('an unknown command under help: exit 2 and the nearest name', async () => {
    const result = await run(['help', 'tx', 'lsit']);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe("svc: unknown command 'lsit' for 'svc tx'\nDid you mean list?\n");
  });
});

describe('unknown commands suggest the nearest one', () => {
  it.each([
    [['tx', 'lsit'], "svc: unknown command 'lsit' for 'svc tx'\nDid you mean list?\n"],
    [['webhok'], "svc: unknown command 'webhok' for 'svc'\nDid you mean webhook?\n"],
    [['help', 'webhok'], "svc: unknown command 'webhok' for 'svc'\nDid you mean webhook?\n"],
  ])('svc %j', async (args, stderr) => {
    const result = await run(args);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(stderr);
  });
});
