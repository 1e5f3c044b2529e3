// A command line loads the noun it names: the other nouns are only listed (name and summary) and never run; help,
// `svc help`, completion, an unknown word or none load them all (src/commands/index.ts).
import { Command } from '@commander-js/extra-typings';
import { describe, expect, it } from 'vitest';
import { buildProgram, valueOptions } from '../../src/cli.js';
import { registerCommands } from '../../src/commands/index.js';
import { NOUN_SUMMARIES } from '../../src/commands/nouns.js';

const noAction = () => async () => {};

async function tree(word: string | undefined): Promise<Array<[name: string, verbs: number, summary: string]>> {
  const program = new Command('svc');
  await registerCommands(program, noAction, word);
  return program.commands.map((command) => [command.name(), command.commands.length, command.description()]);
}

describe('which nouns a command line loads', () => {
  it('the named noun with its verbs; the others by name and summary, in help order', async () => {
    const loaded = await tree('config');
    expect(loaded.map(([name]) => name)).toEqual(Object.keys(NOUN_SUMMARIES));
    for (const [name, verbs, summary] of loaded) {
      expect(summary).toBe(NOUN_SUMMARIES[name as keyof typeof NOUN_SUMMARIES]);
      if (name === 'config') expect(verbs).toBeGreaterThanOrEqual(5);
      else expect(verbs, name).toBe(0);
    }
  });

  it.each([undefined, 'help', 'no-such-noun', 'completion'])('every noun for %s', async (word) => {
    const loaded = await tree(word);
    const groups = loaded.filter(([name]) => !['balance', 'event-signature', 'api', 'completion'].includes(name));
    expect(groups.map(([name]) => name)).toEqual([
      'tx',
      'chain',
      'block',
      'address',
      'token',
      'contract',
      'nft',
      'webhook',
      'config',
      'emulator',
    ]);
    for (const [name, verbs] of groups) expect(verbs, name).toBeGreaterThan(0);
  });

  it('a noun listed but not loaded refuses to run rather than doing nothing', async () => {
    const program = new Command('svc').exitOverride();
    await registerCommands(program, noAction, 'config');
    await expect(program.parseAsync(['node', 'svc', 'tx'])).rejects.toThrow(/svc tx was not loaded/);
  });
});

describe('the global options that take a value', () => {
  it("are read from the program's declaration, and their value is never taken for the command word", async () => {
    const program = await buildProgram(noAction, ['--profile', 'tx', 'config', 'path']);
    expect([...valueOptions(program)].sort()).toEqual(['--base-url', '--profile', '--retries', '--timeout']);
    // `tx` is the profile's name: config is the command, the one noun loaded.
    expect(program.commands.filter((command) => command.commands.length > 0).map((command) => command.name())).toEqual(['config']);
  });
});
