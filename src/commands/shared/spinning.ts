// One request with the spinner saying what it waits for (on a terminal, unless --quiet or --json).
import type { CommandContext } from '../../context.js';

/** Runs `request` under the spinner, which is cleared whatever happens, before anything else is printed. */
export async function spinning<T>(context: CommandContext, text: string, request: () => Promise<T>): Promise<T> {
  const spinner = await context.io.spinner(context.globals.json);
  try {
    spinner.update(text);
    return await request();
  } finally {
    spinner.clear();
  }
}
