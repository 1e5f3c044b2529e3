// The command reference: docs/reference.md is what the program's tree writes (`npm run docs`), and `svc help
// reference` prints that same text, whatever the terminal.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandReference } from '../../src/commands/help-reference.js';
import { REPO_ROOT, runCli, runInProcess } from '../helpers/cli.js';
import { leafPaths, program } from '../helpers/command-tree.js';

const COMMITTED = join(REPO_ROOT, 'docs', 'reference.md');
const written = commandReference(program);

describe('docs/reference.md', () => {
  it('is what the command tree writes now (else: npm run docs)', () => {
    const committed = readFileSync(COMMITTED, 'utf8');
    // One line to act on rather than a diff of a thousand lines first.
    if (committed !== written) expect.fail('docs/reference.md is stale: run npm run docs, and commit it');
  });

  it('has a section for every command that runs, with its usage, and the examples its help has', () => {
    // A hidden command (`webhook delete`, a pointer to deactivate) is in no help, so in no reference either.
    const hidden = (words: string[]) => {
      let command = program;
      for (const word of words) command = command.commands.find((sub) => sub.name() === word)!;
      return (command as typeof command & { _hidden?: boolean })._hidden === true;
    };
    expect(written).not.toContain('## `svc webhook delete`');
    for (const path of leafPaths().filter((words) => words.at(-1) !== 'help' && !hidden(words))) {
      const heading = `## \`svc ${path.join(' ')}\``;
      expect(written, heading).toContain(`${heading}\n\n\`\`\`text\nUsage: svc ${path.join(' ')}`);
    }
    expect(written).toMatch(/^## `svc tx list`\n[^#]*\n {2}--network <network> [^#]*\nExamples:\n {2}# /m);
    // `help` is listed once, for the program, not under every group.
    expect(written.match(/^## `svc (.+ )?help`$/gm)).toEqual(['## `svc help`']);
  });
});

describe('svc help reference', () => {
  it('prints the reference, at any terminal width (in this process)', async () => {
    const narrow = await runInProcess(['help', 'reference'], { stdoutTTY: true, columns: 40 });
    expect(narrow).toEqual({ exitCode: 0, stdout: written, stderr: '' });
  });

  it('as a process: the same text, exit 0', async () => {
    const result = await runCli(['help', 'reference']);
    expect(result).toMatchObject({ exitCode: 0, stdout: written, stderr: '' });
  });

  it('another word is still a command to find', async () => {
    const result = await runInProcess(['help', 'referense']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^svc: unknown command 'referense' for 'svc'/);
  });
});
