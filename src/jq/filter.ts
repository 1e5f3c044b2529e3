// A jq program over the JSON documents svc prints (--jq): the real jq, built to WebAssembly (jq-web), loaded only when
// a command line asks for it.

/** How jq writes its results, and the environment it reads. */
export interface JqStyle {
  /**
   * `raw`: strings raw, other values compact, one a line (jq -r -c), as a pipe reads them; `json`: every value as
   * compact JSON, one a line (jq -c), for the caller to lay out (a terminal's indentation and colour).
   */
  output: 'raw' | 'json';
  /** What `env` and `$ENV` hold: the user's environment (jq-web's own is a browser's: USER=web_user, HOME=/home/web_user). */
  env: Readonly<Record<string, string | undefined>>;
}

/**
 * The variable jq-web binds the environment to (its --argjson, which it hands jq as a slurped file); the program then
 * rebinds `$ENV` and `env` to it, which jq's scoping lets any program do. jq-web builds jq's own environment once,
 * inside its module, with no way in: rebinding is what makes `select(.id == env.ID)` compare with the user's ID.
 */
const ENV_VARIABLE = '__svc_env';
const ENV_BINDING = `$${ENV_VARIABLE} as $ENV | def env: $ENV; `;

/** jq refused the program (`compile`) or stopped with an error while running it; `message` is jq's, on one line. */
export class JqFailure extends Error {
  constructor(
    message: string,
    readonly compile: boolean,
  ) {
    super(message);
  }
}

export interface JqResult {
  /** What jq printed, ending in a newline; empty when it printed nothing. */
  output: string;
  /** What jq said on stderr while succeeding (`debug`, `stderr`), one entry per run that said anything. */
  messages: string[];
}

export interface JqProgram {
  /** Runs the program over one document (any JSON text, as bytes). Throws a JqFailure when jq fails on it. */
  run(document: Uint8Array): JqResult;
}

const NO_INPUT = new Uint8Array(0);

/**
 * The program, checked: run once over no input at all, so jq compiles it (reporting syntax errors, unknown functions
 * and variables) and runs it over nothing; a program that would loop or print still does neither. Throws a JqFailure
 * with `compile` set when jq refuses it.
 */
export async function compileJq(expression: string, style: JqStyle): Promise<JqProgram> {
  const jq = await (await import('./jq-web.cjs')).default.ready;
  const flags = [...(style.output === 'raw' ? ['-r', '-c'] : ['-c']), '--argjson', ENV_VARIABLE, JSON.stringify(style.env)];
  // An empty program is jq's identity; the binding before it needs a program after it.
  const program = ENV_BINDING + (expression.trim() === '' ? '.' : expression);
  const run = (input: Uint8Array): JqResult => {
    const messages: string[] = [];
    // jq-web reports what jq wrote on stderr during a successful run through console.warn, and leaves jq's exit status
    // in process.exitCode: both are taken back here, the first to go where the CLI's messages go.
    const { warn } = console;
    const exitCode = process.exitCode;
    console.warn = (...args: unknown[]) => void messages.push(String(args[args.length - 1]));
    try {
      // A copy: jq-web rewrites the flags it is given.
      const printed = jq.raw(input, program, [...flags]);
      return { output: printed === undefined ? '' : printed + '\n', messages };
    } catch (error) {
      const failure = error as { exitCode?: number; stderr?: string; message?: string };
      throw new JqFailure(describeFailure(failure.stderr ?? failure.message ?? String(error)), failure.exitCode === 3);
    } finally {
      console.warn = warn;
      process.exitCode = exitCode;
    }
  };
  run(NO_INPUT);
  return { run };
}

/**
 * jq's stderr as one line: "jq: error: " and the position in the program's input file dropped (the file is jq-web's,
 * not the user's), the echo of the program and the count of compile errors left out.
 */
function describeFailure(stderr: string): string {
  const lines = stderr
    .split('\n')
    .filter((line) => line.startsWith('jq: '))
    .filter((line) => !/^jq: \d+ compile errors?$/.test(line))
    .map((line) =>
      line
        .replace(/^jq: error \(at [^)]*\): /, '')
        .replace(/^jq: (error|parse error): /, (_, kind: string) => (kind === 'parse error' ? 'not JSON: ' : ''))
        .replace(/:$/, ''),
    );
  return lines.length > 0 ? lines.join('; ') : stderr.trim();
}
