// --jq: a stdout that hands each JSON document a command writes to jq, and prints jq's results instead. src/cli.ts puts
// it in place for a command line that gives the option (shared/jq-option.ts); it and jq (a WebAssembly build) load
// only then.
import { FilterError, UsageError } from '../../errors.js';
import type { IO } from '../../io.js';
import { terminalJqValue } from '../../render/json-layout.js';

const UNFILTERED = Symbol('the IO under the jq filter');

/** The IO a command was given, less the --jq filter if there is one: for what jq is not to read (an error's body). */
export function unfilteredIO(io: IO): IO {
  return (io as IO & { [UNFILTERED]?: IO })[UNFILTERED] ?? io;
}

/** A stdout that filters through jq, and the end of its input (a last document may be pending until then). */
export interface JqOutput {
  io: IO;
  end(): Promise<void>;
}

/**
 * Compiles `expression` (a usage error with jq's message when jq refuses it, before the command sends anything) and
 * returns the IO the command writes to. What jq prints goes to `io`: compact when piped; on a terminal laid out and
 * coloured as `gh --jq` does, escape sequences and control characters taken out as they are from all text from the
 * service. jq's `env` and `$ENV` are the environment of the command line (io.env).
 */
export async function jqOutput(expression: string, io: IO): Promise<JqOutput> {
  const [{ compileJq, JqFailure }, { JsonDocuments }] = await Promise.all([import('../../jq/filter.js'), import('../../jq/documents.js')]);
  let program: Awaited<ReturnType<typeof compileJq>>;
  try {
    program = await compileJq(expression, { output: io.isStdoutTTY ? 'json' : 'raw', env: io.env });
  } catch (error) {
    if (error instanceof JqFailure) throw new UsageError(`--jq ${JSON.stringify(expression)}: ${error.message}`);
    throw error;
  }
  const documents = new JsonDocuments();
  const filter = async (document: Uint8Array): Promise<void> => {
    let result: ReturnType<typeof program.run>;
    try {
      result = program.run(document);
    } catch (error) {
      if (error instanceof JqFailure) throw new FilterError(`--jq: ${error.message}`);
      throw error;
    }
    for (const message of result.messages) io.warn(message);
    if (result.output === '') return;
    if (!io.isStdoutTTY) return io.write(result.output);
    const values = result.output.slice(0, -1).split('\n');
    await io.write(values.map((value) => terminalJqValue(value, io.colorEnabled) + '\n').join(''));
  };
  // The command's IO in every other respect (its getters stay lazy: stdin is made only if read).
  const filtered: IO = Object.create(io, {
    [UNFILTERED]: { value: io },
    write: {
      value: async (text: string | Uint8Array) => {
        for (const document of documents.push(typeof text === 'string' ? Buffer.from(text) : text)) await filter(document);
      },
    },
  }) as IO;
  return {
    io: filtered,
    end: async () => {
      const rest = documents.end();
      if (rest) await filter(rest);
    },
  };
}
