// The `run` half of a command, called directly: the real CommandContext (settings, the service client over node:http)
// with a test IO, aimed at a real server on loopback. `close()` closes the clients the command opened.
import { createContext } from '../../src/context.js';
import type { CommandContext, GlobalOptions } from '../../src/context.js';
import { isolatedEnv } from './cli.js';
import type { RunOptions } from './cli.js';
import { createTestIO } from './test-io.js';
import type { TestIO, TestIOOptions } from './test-io.js';

export interface TestContextOptions extends Pick<RunOptions, 'baseUrl' | 'apiKey' | 'configDir' | 'env'> {
  /** The IO's terminal flags and stdin; its environment is the isolated one built from the options above. */
  io?: Omit<TestIOOptions, 'env'>;
  globals?: Partial<GlobalOptions>;
  /** Aborted to play Ctrl-C: its reason is the InterruptedError to end with. */
  interrupt?: AbortSignal;
}

export interface TestContext {
  context: CommandContext;
  io: TestIO;
  close(): Promise<void>;
}

export function createTestContext(options: TestContextOptions = {}): TestContext {
  const io = createTestIO({ ...options.io, env: isolatedEnv(options) });
  const globals: GlobalOptions = { json: false, timeoutMs: 5_000, retries: 0, verbose: false, quiet: false, ...options.globals };
  const { context, close } = createContext({
    io,
    globals,
    interrupt: options.interrupt ?? new AbortController().signal,
    version: '0.0.0-test',
    commandLine: [],
  });
  return { context, io, close };
}

/** Runs `body` with a fresh test context and closes its clients after, whatever happened. */
export async function withTestContext<T>(options: TestContextOptions, body: (test: TestContext) => Promise<T>): Promise<T> {
  const test = createTestContext(options);
  try {
    return await body(test);
  } finally {
    await test.close();
  }
}
