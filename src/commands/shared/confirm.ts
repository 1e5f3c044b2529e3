// Destructive commands ask first on a terminal and need --yes elsewhere, as gh's do.
import type { IO } from '../../io.js';
import { UsageError } from '../../errors.js';

/** Whether a prompt can be shown: both the question's stream (stderr) and the answer's (stdin) are a terminal. */
export function canPrompt(io: IO): boolean {
  return io.isStdinTTY && io.isStderrTTY;
}

/**
 * The --yes rule, checked with the other flags before any I/O: without --yes and without a terminal to ask on,
 * the command is refused (exit 2) with `refusal` ("refusing to deactivate webhook X without confirmation").
 */
export function checkConfirmation(io: IO, yes: boolean | undefined, refusal: string): { confirmed: boolean } {
  if (!yes && !canPrompt(io)) throw new UsageError(`${refusal}: pass --yes`);
  return { confirmed: Boolean(yes) };
}

/** Asks `question` (default no); a "no" ends the command with `cancelled` as a usage error, nothing sent. */
export async function confirmOrCancel(io: IO, question: string, cancelled: string): Promise<void> {
  const { confirm } = await import('../../prompt.js');
  if (!(await confirm(io, question))) throw new UsageError(`cancelled: ${cancelled}`);
}
