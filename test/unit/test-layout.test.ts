// A command's tests are found from its name: test/commands/<noun>/<verb>.test.ts holds the contract of
// `svc <noun> <verb>` (its flags, outputs, errors and exit codes), test/commands/<command>.test.ts that of a command of
// one word. CONTRIBUTING.md says so; this keeps it true as commands come and go.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/cli.js';
import { commandPaths, leafPaths } from '../helpers/command-tree.js';

const COMMANDS = join(REPO_ROOT, 'test', 'commands');

/**
 * Commands whose contract is tested elsewhere, each with where: the emulator's own lifecycle runs processes
 * (test/e2e/emulator-detach.test.ts, emulator-data-dir.test.ts), completion runs real shells (test/e2e/completion.test.ts).
 */
const ELSEWHERE = new Set(['emulator start', 'emulator stop', 'emulator status', 'completion']);

const commands = leafPaths(commandPaths())
  .filter((path) => path.at(-1) !== 'help')
  .map((path) => path.join(' '));
const fileOf = (command: string) => join(COMMANDS, ...command.split(' ').slice(0, -1), `${command.split(' ').at(-1)}.test.ts`);

describe('test/commands/', () => {
  it.each(commands.filter((command) => !ELSEWHERE.has(command)).map((command) => [command]))('svc %s has its file', (command) => {
    expect(existsSync(fileOf(command)), fileOf(command)).toBe(true);
  });

  it('holds no test file that is not named after a command', () => {
    const named = new Set(commands.map(fileOf));
    const files = readdirSync(COMMANDS, { recursive: true })
      .map(String)
      .filter((name) => name.endsWith('.test.ts'))
      .map((name) => join(COMMANDS, name));
    expect(files.filter((file) => !named.has(file))).toEqual([]);
  });

  it('names only commands that exist among those tested elsewhere', () => {
    expect([...ELSEWHERE].filter((command) => !commands.includes(command))).toEqual([]);
  });
});
