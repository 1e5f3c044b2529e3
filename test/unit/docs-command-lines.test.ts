// Every `svc ...` command line the documentation writes (README.md, docs/*.md, CONTRIBUTING.md; code blocks and
// inline code) names a real command and real flags: each is parsed by the program the CLI builds, with actions that
// do nothing. Where a line sits in a document is not checked: what it says is.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CommanderError } from '@commander-js/extra-typings';
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { UsageError } from '../../src/errors.js';
import { REPO_ROOT } from '../helpers/cli.js';
import { commandLinesOf, svcInvocations } from '../helpers/doc-command-lines.js';
import type { DocCommandLine } from '../helpers/doc-command-lines.js';
import { recipeDocuments } from '../helpers/readme-recipes.js';

const DOCUMENTS = [...recipeDocuments(), 'CONTRIBUTING.md'];

/** The program, its usage errors thrown and its output dropped, in every command. */
const program = await buildProgram(() => async () => {});
(function quiet(command: CommandUnknownOpts): void {
  command.exitOverride();
  command.configureOutput({ writeOut: () => {}, writeErr: () => {}, outputError: () => {} });
  for (const sub of command.commands) quiet(sub);
})(program);

/**
 * Why the line is refused, or undefined. Inline code may leave out what its sentence gives (a required argument, a
 * flag's value): it must still name real commands and flags.
 */
async function refusal(line: Pick<DocCommandLine, 'args' | 'inline'>): Promise<string | undefined> {
  if (line.args.length === 0) return undefined;
  try {
    await program.parseAsync(line.args, { from: 'user' });
    return undefined;
  } catch (error) {
    // `svc help <command...>` looks its words up itself.
    if (error instanceof UsageError) return line.inline && /'<[^']*>'/.test(error.message) ? undefined : error.message;
    if (!(error instanceof CommanderError)) throw error;
    if (['commander.helpDisplayed', 'commander.version', 'commander.help'].includes(error.code)) return undefined;
    if (line.inline && ['commander.missingArgument', 'commander.optionMissingArgument'].includes(error.code)) return undefined;
    if (line.inline && error.code === 'commander.invalidArgument' && /'<[^']*>'/.test(error.message)) return undefined;
    return error.message;
  }
}

const lines = DOCUMENTS.flatMap((document) => commandLinesOf(document, readFileSync(join(REPO_ROOT, document), 'utf8')));

describe('the command lines of the documentation', () => {
  it('are found: in code blocks and inline, in the README and the docs', () => {
    expect(lines.filter((line) => line.document === 'README.md' && !line.inline).length).toBeGreaterThan(20);
    expect(lines.filter((line) => line.inline).length).toBeGreaterThan(20);
    expect(new Set(lines.map((line) => line.document)).size).toBeGreaterThan(5);
  });

  it('name real commands and real flags', async () => {
    const refused: string[] = [];
    for (const line of lines) {
      const reason = await refusal(line);
      if (reason) refused.push(`${line.document}: ${line.source}: ${reason}`);
    }
    expect(refused).toEqual([]);
  });
});

describe('the reader of command lines', () => {
  it('reads svc out of pipes, substitutions, comments and continued lines, as bash would split it', () => {
    const text = [
      'WEBHOOK_ID=$(svc webhook list --all --json | jq -r \'.webhooks[] | select(.name == "a b") | .id\')',
      'eval "$(svc emulator start --detach --port 0)"   # svc not this',
      "svc webhook create --url https://example.com/hook \\\n  --event 'Transfer(address,address,uint256)' --name treasury",
      'SVC_WEBHOOK_SECRET=$(cat s) svc webhook verify --signature "$SIG" < body.json 2>&1 >/dev/null | tail -n1',
      'source <(svc completion bash)',
    ].join('\n');
    const byText = (lines: string[][]) => lines.map((words) => words.join(' ')).sort();
    expect(byText(svcInvocations(text, false))).toEqual(
      byText([
        ['webhook', 'list', '--all', '--json'],
        ['emulator', 'start', '--detach', '--port', '0'],
        ['webhook', 'create', '--url', 'https://example.com/hook', '--event', 'Transfer(address,address,uint256)', '--name', 'treasury'],
        ['webhook', 'verify', '--signature', '$SIG'],
        ['completion', 'bash'],
      ]),
    );
  });

  it('refuses a command, a flag or an argument too many that the program does not have', async () => {
    const block = (text: string) => ({ args: svcInvocations(text, false)[0]!, inline: false });
    expect(await refusal(block('svc tx lst'))).toMatch(/unknown command 'lst'/);
    expect(await refusal(block('svc tx list --netwrk fuji'))).toMatch(/unknown option '--netwrk'/);
    expect(await refusal(block('svc webhook get a b'))).toMatch(/too many arguments/);
    expect(await refusal(block('svc webhook get'))).toMatch(/missing required argument/);
    expect(await refusal({ args: ['webhook', 'get'], inline: true })).toBeUndefined();
    expect(await refusal(block('svc webhook get "$WEBHOOK_ID" --json'))).toBeUndefined();
  });
});
