// The tree the completion scripts are written from, and the scripts' coverage of it.
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { completionScript } from '../../src/completion/index.js';
import { allNodes, describeProgram } from '../../src/completion/model.js';
import type { CompletionNode } from '../../src/completion/model.js';

const program = await buildProgram(() => async () => {});
const root = describeProgram(program);
const node = (path: string): CompletionNode => {
  const found = allNodes(root).find((candidate) => candidate.path.join(' ') === path);
  if (!found) throw new Error(`no node ${path}`);
  return found;
};
const option = (path: string, name: string) => node(path).options.find((candidate) => candidate.names.includes(name));

describe('describeProgram', () => {
  it('reads commands and subcommands from the tree, help commands marked', () => {
    expect(root.subcommands.map((sub) => sub.name)).toEqual([
      'tx',
      'chain',
      'block',
      'address',
      'token',
      'balance',
      'contract',
      'nft',
      'webhook',
      'event-signature',
      'config',
      'emulator',
      'api',
      'completion',
      'help',
    ]);
    expect(node('svc webhook').subcommands.map((sub) => sub.name)).toEqual([
      'create',
      'list',
      'get',
      'update',
      'addresses',
      'deactivate',
      'activate',
      'apply',
      'listen',
      'verify',
      'secret',
      'help',
    ]);
    expect(node('svc webhook addresses').subcommands.map((sub) => sub.name)).toEqual(['list', 'add', 'remove', 'help']);
    // `addresses <id>` is the default command `list`: the group itself takes no argument.
    expect(node('svc webhook addresses').arguments).toEqual([]);
    expect(node('svc webhook addresses list').arguments.map((argument) => argument.name)).toEqual(['id']);
    expect(option('svc webhook addresses add', '--addresses-file')?.file).toBe(true);
    expect(option('svc webhook addresses add', '--page-size')).toBeUndefined();
    expect(node('svc help').isHelp).toBe(true);
    expect(node('svc tx list').isHelp).toBe(false);
  });

  it('groups with a default command name it, and complete its options as their own', () => {
    const groups = allNodes(root).filter((candidate) => candidate.defaultCommand !== undefined);
    expect(groups.map((group) => [group.path.join(' '), group.defaultCommand])).toEqual([
      ['svc webhook addresses', 'list'],
      ['svc emulator deliveries', 'list'],
    ]);
    expect(option('svc webhook addresses', '--all')).toBeDefined();
    expect(option('svc emulator deliveries', '--state')?.values).toEqual(['delivered', 'retrying', 'failed']);
    expect(option('svc emulator deliveries', '--state')?.global).toBe(false);
  });

  it('the value lists of --network, --status and the completion shell', () => {
    expect(option('svc tx list', '--network')?.values).toEqual(['mainnet', 'fuji', 'testnet']);
    expect(option('svc tx list', '--status')?.values).toEqual(['failed', 'success']);
    expect(node('svc completion').arguments).toEqual([expect.objectContaining({ name: 'shell', values: ['bash', 'zsh', 'fish'] })]);
    expect(option('svc webhook create', '--addresses-file')?.file).toBe(true);
    expect(option('svc webhook create', '--address')?.repeatable).toBe(true);
  });

  it('option values belong to the command: --status is a webhook status under webhook list/update, a tx status under tx list', () => {
    expect(option('svc webhook list', '--status')?.values).toEqual(['active', 'inactive']);
    expect(option('svc webhook update', '--status')?.values).toEqual(['active', 'inactive']);
    expect(option('svc tx list', '--status')?.values).toEqual(['failed', 'success']);
    expect(option('svc emulator trigger', '--status')?.values).toEqual(['success', 'failed']);
    // Free text stays free: no values offered for a name or a url.
    expect(option('svc webhook update', '--name')?.values).toBeUndefined();
    expect(option('svc webhook update', '--url')?.values).toBeUndefined();
    expect(option('svc webhook list', '--page-size')?.values).toBeUndefined();
  });

  it('global options on every command, marked global; --version only on the program', () => {
    for (const each of allNodes(root)) {
      expect(option(each.path.join(' '), '--json')?.global, each.path.join(' ')).toBe(true);
      expect(option(each.path.join(' '), '--help')?.global, each.path.join(' ')).toBe(false);
    }
    expect(option('svc', '--version')).toBeDefined();
    expect(option('svc tx list', '--version')).toBeUndefined();
    expect(option('svc tx list', '--network')?.global).toBe(false);
  });
});

describe('completionScript', () => {
  const commands = allNodes(root).filter((each) => !each.isHelp && each !== root);
  it.each(['bash', 'zsh', 'fish'] as const)('%s: names every command and every value list', (shell) => {
    const script = completionScript(program, shell);
    for (const each of commands) expect(script, each.path.join(' ')).toContain(each.name);
    expect(script).toMatch(/mainnet fuji testnet/);
    expect(script).toMatch(/failed success/);
    expect(script).toMatch(/active inactive/);
    expect(script).toMatch(/bash zsh fish/);
  });

  it('bash has a case for every command path', () => {
    const script = completionScript(program, 'bash');
    for (const each of commands) expect(script).toContain(`    '${each.path.join(' ')}')`);
  });
});
