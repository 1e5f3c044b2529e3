// A command's flags are declared once, in its commander declaration: the handler's types come from it (no interface
// kept beside it, no cast), and so does the command line a copy of the command is run with
// (commands/shared/command-line.ts).
import { Command } from '@commander-js/extra-typings';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { GlobalFlags } from '../../src/cli.js';
import type { EmulatorStartFlags } from '../../src/commands/emulator/start.js';
import { collect } from '../../src/commands/shared/action.js';
import type { Action } from '../../src/commands/shared/action.js';
import { givenCommandLine } from '../../src/commands/shared/command-line.js';
import { REPO_ROOT } from '../helpers/cli.js';

/** A program with every kind of flag svc declares, parsed from `args`; returns its `hook update` command. */
async function parsed(args: string[]) {
  const program = new Command('svc').option('--profile <name>').option('-q, --quiet').option('--no-color').exitOverride();
  const update = program
    .command('hook')
    .command('update <id>')
    .option('--url <url>')
    .option('--include-logs')
    .option('--no-include-logs')
    .option('--address <address>', 'repeatable', collect, [])
    .option('--port <n>', 'with a default', '4010')
    .action(() => {});
  await program.parseAsync(['node', 'svc', ...args]);
  return update;
}

describe('the command line a command was given, rebuilt from its parse', () => {
  it('writes its words, the flags given (its own, then the global ones), each value joined by =, then its operands', async () => {
    const update = await parsed([
      '-q',
      'hook',
      'update',
      'ID',
      '--address',
      'a',
      '--address=-b',
      '--no-include-logs',
      '--url',
      'http://h/?a=b',
    ]);
    expect(givenCommandLine(update)).toEqual([
      'hook',
      'update',
      '--url=http://h/?a=b',
      '--no-include-logs',
      '--address=a',
      '--address=-b',
      '--quiet',
      '--',
      'ID',
    ]);
  });

  it('is parsed back into the same flags and operands, defaults included (not written, they come again)', async () => {
    for (const args of [
      ['hook', 'update', '--include-logs', '--port', '1', '--no-color', '--profile', 'p', '--', '-ID'],
      ['hook', 'update', 'ID', '--address', '--url', '--url', '--address'],
      ['hook', 'update', 'ID'],
    ]) {
      const given = await parsed(args);
      const again = await parsed(givenCommandLine(given));
      expect(again.opts(), args.join(' ')).toEqual(given.opts());
      expect(again.args).toEqual(given.args);
      expect(again.parent!.parent!.opts()).toEqual(given.parent!.parent!.opts());
    }
  });
});

describe('a handler gets the flags its declaration gives, typed from it', () => {
  it('its arguments and flags, each flag with the type its declaration implies', () => {
    const noAction: Action = () => async () => {};
    new Command('x')
      .argument('<id>')
      .argument('[more...]')
      .option('--port <n>', 'with a default', '4010')
      .option('--seed <n>')
      .option('--key <key>', 'repeatable', collect, [])
      .option('--repair')
      .option('--no-color')
      .action(
        noAction(async ({ args, flags }) => {
          expectTypeOf(args).toEqualTypeOf<[string, string[]]>();
          expectTypeOf(flags).toEqualTypeOf<{
            port: string;
            seed?: string | undefined;
            key: string[];
            repair?: true | undefined;
            color: boolean;
          }>();
          // @ts-expect-error: a flag the declaration does not have
          void flags.sed;
        }),
      );
  });

  it("svc's own commands and the program: their flags' types are read from their declarations", () => {
    expectTypeOf<Pick<EmulatorStartFlags, 'port' | 'seed' | 'apiKey' | 'keepMessages' | 'repair' | 'detach'>>().toEqualTypeOf<{
      port: string;
      seed?: string | undefined;
      apiKey: string[];
      keepMessages?: string | undefined;
      repair?: true | undefined;
      detach?: true | undefined;
    }>();
    expectTypeOf<Pick<GlobalFlags, 'baseUrl' | 'timeout' | 'verbose' | 'color'>>().toEqualTypeOf<{
      baseUrl?: string | undefined;
      timeout: string;
      verbose?: true | undefined;
      color: boolean;
    }>();
  });

  it('no command keeps a flags interface beside its declaration, or casts what commander parsed', () => {
    const sources = readdirSync(join(REPO_ROOT, 'src'), { recursive: true })
      .map(String)
      .filter((name) => name.endsWith('.ts'))
      .map((name) => [name, readFileSync(join(REPO_ROOT, 'src', name), 'utf8')] as const);
    const restated = sources
      .filter(([, text]) => /interface \w+Flags\b|opts(WithGlobals)?\(\) as |action<\[/.test(text))
      .map(([name]) => name);
    // settings/resolve.ts's SettingFlags is what settings take from the parsed globals, not a command's declaration.
    expect(restated).toEqual(['settings/resolve.ts']);
  });
});
