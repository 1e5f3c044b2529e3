// `svc webhook delete`: not a command of the service; it answers with the pointer to deactivate (exit 2) and sends
// nothing, whatever flags come with it.
import { describe, expect, it } from 'vitest';
import { run } from '../../../src/commands/webhook/delete.js';
import { ExitCode, UsageError } from '../../../src/errors.js';
import { runInProcess } from '../../helpers/cli.js';
import { useRecordingServer } from '../../helpers/test-server.js';

const server = useRecordingServer();

describe('webhook delete', () => {
  it('points at deactivate, naming the id given', () => {
    const error = (() => {
      try {
        return run('3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60');
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(UsageError);
    expect(error).toMatchObject({ exitCode: ExitCode.usage, hint: 'run: svc webhook deactivate 3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60' });
  });

  it('as a command line, with the flags a delete is typed with: exit 2, the pointer, nothing sent; hidden from the help', async () => {
    const result = await runInProcess(['webhook', 'delete', 'w-1', '--yes', '--force'], { baseUrl: server.url, apiKey: 'k' });
    expect(result).toEqual({
      exitCode: 2,
      stdout: '',
      stderr:
        'svc: the service does not delete webhooks: it deactivates them (their notifications stop, and activate starts them again)\n' +
        'run: svc webhook deactivate w-1\n',
    });
    const bare = await runInProcess(['webhook', 'delete'], { baseUrl: server.url });
    expect(bare.stderr).toContain('run: svc webhook deactivate <id>\n');
    expect(server.requests).toEqual([]);
    const help = await runInProcess(['webhook', '--help']);
    expect(help.stdout).not.toMatch(/^\s+delete\b/m);
  });
});
