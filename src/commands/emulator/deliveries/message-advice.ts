// What to say when the emulator does not keep a message, shared by the commands that take a message id.
import { ApiError } from '../../../errors.js';
import { emulatorAdvice } from '../running.js';

/**
 * A 404 for the message itself (exit 3) names it and where to find kept ones; a 404 for the path means the base
 * URL is not the emulator, which emulatorAdvice says.
 */
export async function messageAdvice(error: unknown, messageId: string, env: NodeJS.ProcessEnv): Promise<unknown> {
  if (error instanceof ApiError && error.status === 404 && error.message.startsWith('no message')) {
    error.message = `message ${messageId}: the emulator does not keep it`;
    error.hint ??= 'svc emulator deliveries lists the messages it keeps (the oldest are dropped past --keep-messages)';
  }
  return emulatorAdvice(error, env);
}
